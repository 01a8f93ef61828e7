/**
 * Where a by-id read's CPU goes: `rm-harness serve` with its defaults (request log on, journal on) on an
 * in-memory `small` store under V8's CPU profiler, loaded with the bench's by-id read for
 * BENCH_DURATION seconds (default 10); the samples of the load window are charged to the module that
 * owns them (a native or Node-internal frame to its nearest caller in src/ or a library), and printed as
 * shares of the process's busy time and as µs per request. Run: `npm run bench:profile`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BENCH_HEADERS, BENCH_PATH, READ } from './queries.js';
import { startServeChild } from './serve-cli.js';

const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The module a frame belongs to: a file of src/, a library, or what V8 and Node do themselves. */
function moduleOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(garbage collector)';
  if (functionName === '(program)') return '(V8 itself)';
  const library = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (library) return library[1]!;
  const own = /\/src\/(.*)$/.exec(url);
  if (own) return `src/${own[1]}`;
  if (url.startsWith('node:')) return url;
  return url === '' ? `(native) ${functionName}` : url;
}

/** Busy µs per owner in the window [from, to] (µs since the profile's clock origin). */
function charge(profile: CpuProfile, from: number, to: number): Map<string, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const owner = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const m = moduleOf(nodes.get(at)!);
      if (m.startsWith('src/') || (!m.startsWith('(') && !m.startsWith('node:'))) return m;
    }
    return moduleOf(nodes.get(id)!);
  };
  const out = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i]!;
    if (t < from || t > to) return;
    const m = owner(id);
    if (m !== '(idle)') out.set(m, (out.get(m) ?? 0) + profile.timeDeltas[i]!);
  });
  return out;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-bench-profile-'));
  const { child, url } = await startServeChild([], undefined, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  try {
    const search = await fetch(`${url}${BENCH_PATH}`, {
      method: 'POST',
      headers: BENCH_HEADERS,
      body: JSON.stringify({
        query:
          '{ searchFirmContacts(limit: 1, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
      }),
    });
    const id = ((await search.json()) as { data: { searchFirmContacts: { models: Array<{ id: string }> } } })
      .data.searchFirmContacts.models[0]!.id;
    const body = JSON.stringify({ query: READ, variables: { id } });
    await autocannon({
      url: `${url}${BENCH_PATH}`,
      method: 'POST',
      headers: BENCH_HEADERS,
      body,
      duration: 2,
    });
    // V8 stamps samples with the monotonic clock in µs, the clock `process.hrtime` reads in every process.
    const started = Number(process.hrtime.bigint() / 1000n);
    const result = await autocannon({
      url: `${url}${BENCH_PATH}`,
      method: 'POST',
      headers: BENCH_HEADERS,
      body,
      connections: CONNECTIONS,
      duration: DURATION,
    });
    const ended = Number(process.hrtime.bigint() / 1000n);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    await exited;
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no CPU profile was written');
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const shares = charge(profile, started, ended);
    const busy = [...shares.values()].reduce((a, b) => a + b, 0);
    const requests = result.requests.total;
    process.stdout.write(
      `by-id read, serve with its defaults: ${Math.round(result.requests.average)} req/s, ` +
        `${requests} requests; busy ${Math.round(busy / 1000)} ms of CPU, ${(busy / requests).toFixed(1)} µs per request\n\n`,
    );
    process.stdout.write('| share | µs per request | module |\n| ---: | ---: | --- |\n');
    for (const [name, us] of [...shares.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
      process.stdout.write(
        `| ${((100 * us) / busy).toFixed(1)}% | ${(us / requests).toFixed(1)} | ${name} |\n`,
      );
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
