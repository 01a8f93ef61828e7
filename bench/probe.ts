/**
 * Child process of the bench that measures one thing in a fresh process and prints one JSON line:
 * `probe.ts seed <profile> <dataDir>`: seed one (tenant, region) store into a data dir, through
 * `rm-harness seed --tenant … --region us` (in process);
 * `probe.ts seed-all <profile> <dataDir>`: `rm-harness seed --profile <profile>`, every tenant and region,
 * its stores side by side in worker threads (threads of this process, so its peak RSS counts them);
 * `probe.ts start <profile> <dataDir>`: start the simulator on that data dir and answer a first request.
 */
import { runCli } from '../src/cli/run.js';
import { startServer } from '../src/server/index.js';
import { DEFAULT_TENANTS } from '../src/simulator/index.js';
import { BENCH_HEADERS, BENCH_PATH } from './queries.js';

/** What a probe prints. */
export interface ProbeResult {
  /** Milliseconds of the measured work (imports excluded). */
  ms: number;
  /** Start-up only: of which `startServer`, and the first request (which opens the store). */
  listenMs?: number;
  firstRequestMs?: number;
  /**
   * Start-up only: the live JS heap (MB, after a full GC) once the first by-id read has been answered:
   * what an idle server holds, the collections no request touched staying bytes outside the heap.
   */
  liveHeapMb?: number;
  /** Milliseconds since the process started (imports included). */
  processMs: number;
  /** Peak resident set size of the process, MB. */
  peakRssMb: number;
}

const tenant = DEFAULT_TENANTS[0]!;

/** `rm-harness seed` in this process, its output discarded; a failure ends the probe. */
async function seedCommand(args: readonly string[]): Promise<void> {
  let stderr = '';
  const code = await runCli(['seed', '--quiet', ...args], {
    stdout: { write: () => true },
    stderr: { write: (text: string) => ((stderr += text), true) },
  });
  if (code !== 0) throw new Error(`rm-harness seed exited with ${code}: ${stderr.trim()}`);
}

async function seed(profile: string, dataDir: string): Promise<ProbeResult> {
  const started = performance.now();
  await seedCommand(['--profile', profile, '--data-dir', dataDir, '--tenant', tenant.id, '--region', 'us']);
  return done(started, {});
}

async function seedAll(profile: string, dataDir: string): Promise<ProbeResult> {
  const started = performance.now();
  await seedCommand(['--profile', profile, '--data-dir', dataDir]);
  return done(started, {});
}

async function start(profile: string, dataDir: string): Promise<ProbeResult> {
  const started = performance.now();
  const server = await startServer({ port: 0, dataDir, profile, log: () => undefined });
  const listening = performance.now();
  const response = await fetch(`${server.url}${BENCH_PATH}`, {
    method: 'POST',
    headers: BENCH_HEADERS,
    body: JSON.stringify({ query: '{ person(id: "none") { id } }' }),
  });
  if (response.status !== 200) throw new Error(`first request: HTTP ${response.status}`);
  await response.text();
  const answered = performance.now();
  (globalThis as { gc?: () => void }).gc?.();
  const result = done(started, {
    listenMs: listening - started,
    firstRequestMs: answered - listening,
    liveHeapMb: Math.round(process.memoryUsage().heapUsed / 1e6),
  });
  result.ms = Math.round(answered - started);
  await server.close();
  return result;
}

function done(started: number, extra: Partial<ProbeResult>): ProbeResult {
  const now = performance.now();
  return {
    ms: Math.round(now - started),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, Math.round(v)])),
    processMs: Math.round(now),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

const [mode, profile = 'large', dataDir = ''] = process.argv.slice(2);
const work = mode === 'seed' ? seed : mode === 'seed-all' ? seedAll : mode === 'start' ? start : undefined;
if (!work || !dataDir) {
  process.stderr.write('usage: probe.ts seed|seed-all|start <profile> <dataDir>\n');
  process.exit(2);
}
work(profile, dataDir).then(
  (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
