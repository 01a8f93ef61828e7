import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log } from '../log.js';

/** What the hostile-proxy section measured, and whether its targets held. */
export interface HostileProxyFigures {
  requests: number;
  requestBytes: number;
  concurrency: number;
  /** Answers by HTTP status (200, 413, 503 …); network failures under "error". */
  statuses: Record<string, number>;
  baselineRssMb: number;
  peakRssMb: number;
  growthMb: number;
  /** Canary requests sent during the flood, and the slowest one's latency. */
  canaries: number;
  canaryMaxMs: number;
  /** Canaries not answered 200. */
  canaryFailures: number;
  recordedBytes: number;
  targets: { growthMb: number; canaryMs: number };
  holds: { growth: boolean; canary: boolean };
  loadAverage: number[];
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MB = 1024 * 1024;

/** The proxy's resident set in MB, from /proc (Linux); undefined elsewhere. */
function rssMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** An upstream that drains each request and answers one small valid page: only the proxy is measured. */
async function startUpstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":{"lists":{"totalModels":0}}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/public-api/graphql` };
}

/** Starts `rm-harness proxy` (recording) as a child and resolves with its endpoint. */
async function startProxy(
  upstream: string,
  dir: string,
): Promise<{ child: ChildProcessWithoutNullStreams; endpoint: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      `${ROOT}src/cli/main.ts`,
      'proxy',
      '--upstream',
      upstream,
      '--version',
      '1.4.0',
      '--port',
      '0',
      '--report-dir',
      path.join(dir, 'reports'),
      '--record',
      path.join(dir, 'rec'),
      '--record-key',
      'bench',
      // The body limit raised to 10 MiB (BENCH_PROXY_MAX_BODY), so the flood is read, checked, forwarded
      // and recorded instead of refused at the default 1 MiB.
      '--max-body-bytes',
      process.env['BENCH_PROXY_MAX_BODY'] ?? String(10 * MB),
    ],
    { cwd: ROOT },
  );
  child.stderr.on('data', () => {});
  let text = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      // Keep only the banner; the per-exchange lines are drained, not kept.
      const found = /GraphQL endpoint: (http:\/\/\S+)/.exec(text);
      if (found?.[1]) resolve(found[1]);
      if (text.length > 64 * 1024) text = text.slice(-1024);
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited (${String(code)}) before listening`)));
  });
  return { child, endpoint };
}

async function post(url: string, body: string | Buffer): Promise<number | 'error'> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'error';
  }
}

/** A request of about `bytes`: a valid query and an undeclared variable holding `[{},{},…]`. */
function floodBody(bytes: number): Buffer {
  const head = '{"query":"query Flood { lists(limit: 1) { totalModels } }","variables":{"a":[';
  const count = Math.floor((bytes - head.length - 4) / 3);
  return Buffer.from(`${head}${'{},'.repeat(count)}{}]}}`);
}

function dirBytes(dir: string): number {
  try {
    return readdirSync(dir).reduce((n, f) => n + statSync(path.join(dir, f)).size, 0);
  } catch {
    return 0;
  }
}

/**
 * The proxy under a flood of large requests (issue 29): `requests` bodies of `requestBytes` sent
 * `concurrency` at a time through a recording proxy whose body limit is raised to 10 MiB (so each one
 * is read, checked, forwarded and recorded), while a canary request is sent every 200 ms. The
 * proxy's RSS growth must stay within 500 MB and every canary be answered within 1 s.
 */
export async function measureHostileProxy(
  requests = Number(process.env['BENCH_PROXY_REQUESTS'] ?? 150),
  requestBytes = 8.6 * MB,
  concurrency = 8,
): Promise<HostileProxyFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-bench-hostile-proxy-'));
  const upstream = await startUpstream();
  const { child, endpoint } = await startProxy(upstream.url, dir);
  const pid = child.pid ?? 0;
  const canaryBody = JSON.stringify({ query: '{ lists(limit: 1) { totalModels } }' });
  try {
    for (let i = 0; i < 5; i++) await post(endpoint, canaryBody);
    const baseline = rssMb(pid) ?? 0;
    let peak = baseline;
    const sampler = setInterval(() => {
      const now = rssMb(pid);
      if (now !== undefined && now > peak) peak = now;
    }, 50);
    const body = floodBody(requestBytes);
    log(
      `hostile-proxy: ${requests} requests of ${(body.length / MB).toFixed(1)} MB, ${concurrency} at a time`,
    );
    const statuses: Record<string, number> = {};
    let next = 0;
    let flooding = true;
    const worker = async (): Promise<void> => {
      while (next < requests) {
        next++;
        const status = String(await post(endpoint, body));
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    const latencies: number[] = [];
    let canaryFailures = 0;
    const canary = (async () => {
      while (flooding) {
        const started = performance.now();
        const status = await post(endpoint, canaryBody);
        latencies.push(performance.now() - started);
        if (status !== 200) canaryFailures++;
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    await Promise.all(Array.from({ length: concurrency }, () => worker()));
    flooding = false;
    await canary;
    clearInterval(sampler);
    const growth = peak - baseline;
    const canaryMax = Math.max(0, ...latencies);
    const figures: HostileProxyFigures = {
      requests,
      requestBytes: body.length,
      concurrency,
      statuses,
      baselineRssMb: Math.round(baseline),
      peakRssMb: Math.round(peak),
      growthMb: Math.round(growth),
      canaries: latencies.length,
      canaryMaxMs: Math.round(canaryMax),
      canaryFailures,
      recordedBytes: dirBytes(path.join(dir, 'rec')),
      targets: { growthMb: 500, canaryMs: 1000 },
      holds: { growth: growth <= 500, canary: canaryMax <= 1000 && canaryFailures === 0 },
      loadAverage: loadavg(),
    };
    const verdict = (ok: boolean): string => (ok ? 'holds' : 'does not hold');
    log(
      `hostile-proxy: RSS ${figures.baselineRssMb} → ${figures.peakRssMb} MB (growth ${figures.growthMb} MB, target ≤ 500: ${verdict(figures.holds.growth)}); ` +
        `canary slowest ${figures.canaryMaxMs} ms over ${figures.canaries} (${canaryFailures} not 200; target ≤ 1000 ms: ${verdict(figures.holds.canary)}); ` +
        `statuses ${JSON.stringify(statuses)}; recorded ${Math.round(figures.recordedBytes / 1024)} KiB; load ${figures.loadAverage.map((l) => l.toFixed(1)).join(' ')}`,
    );
    return figures;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await new Promise<void>((resolve) => upstream.server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the section's figures beside the other bench reports. */
export function writeHostileProxyReport(reportDir: string, figures: HostileProxyFigures): string {
  mkdirSync(reportDir, { recursive: true });
  const file = path.join(reportDir, 'bench-hostile-proxy.json');
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  return file;
}
