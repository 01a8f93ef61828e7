import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withChildrenCpu } from '../cpu.js';
import { log } from '../log.js';
import { median } from '../stats.js';

/**
 * One way of running the CLI: the compiled package (`dist`, what `npm install` gives: `dist/cli/main.js`
 * with plain node, so no compile cache on any Node) or the checkout (`checkout`: `--help` through
 * `node bin/rm-harness.js`, `serve` through `npm start`, as a contributor runs them).
 */
export interface CliPath {
  name: 'dist' | 'checkout';
  /** Median wall time of `rm-harness --help`, process start to exit. */
  helpMs: number;
  /** Median CPU time (user + system) of that process. */
  helpCpuMs?: number;
  /** Median wall time from starting `serve --port 0 --in-memory` (default profile) to its first GraphQL answer. */
  firstAnswerMs: number;
  /** Median CPU time of the serving process(es) from start until stopped after that answer. */
  firstAnswerCpuMs?: number;
}

/** `--help` and `serve`'s first answer through both paths, side by side. */
export interface CliStartupFigures {
  runs: number;
  paths: CliPath[];
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST_MAIN = `${ROOT}dist/cli/main.js`;
const BIN = `${ROOT}bin/rm-harness.js`;

function helpRun(name: CliPath['name']): number {
  const started = performance.now();
  const args = name === 'dist' ? [DIST_MAIN, '--help'] : [BIN, '--help'];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  if (run.status !== 0) throw new Error(`${name} --help exited with ${String(run.status)}`);
  return performance.now() - started;
}

/** The serve command line of a path: plain node on `dist/`, or `npm start` in the checkout. */
function serveCommand(name: CliPath['name']): [string, string[]] {
  const flags = ['--port', '0', '--in-memory'];
  return name === 'dist'
    ? [process.execPath, [DIST_MAIN, 'serve', ...flags]]
    : ['npm', ['start', '--silent', '--', ...flags]];
}

/** Starts serve, polls the banner's URL until a query answers, then stops it (and waits for it). */
async function firstAnswerRun(name: CliPath['name']): Promise<number> {
  const started = performance.now();
  const [command, args] = serveCommand(name);
  // Its own process group, so stopping it stops npm's node child too.
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let text = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const found = /listening on (http:\/\/[\d.]+:\d+)/.exec(text);
        if (found?.[1]) resolve(found[1]);
      });
      child.once('exit', () => reject(new Error(`${name} serve exited before listening`)));
    });
    for (;;) {
      const res = await fetch(`${url}/public-api/graphql`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ regionalSettings { language { name } } }' }),
      }).catch(() => undefined);
      if (res?.status === 200) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const medianOf = (values: ReadonlyArray<number | undefined>): number | undefined =>
  values.every((v) => v !== undefined) ? median(values as number[]) : undefined;

/**
 * Measures both paths `runs` times each, wall and CPU. `dist/` is built afresh first: one left from an
 * earlier checkout would measure other code than the sources beside it. The checkout's mirror (see
 * bin/checkout.js) is brought up to date by an unmeasured `--help` first, as any earlier run leaves it.
 */
export async function measureCliStartup(runs = 5): Promise<CliStartupFigures> {
  log('cli start-up: building dist/ (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(DIST_MAIN)) throw new Error('npm run build failed');
  helpRun('checkout');
  const paths: CliPath[] = [];
  for (const name of ['dist', 'checkout'] as const) {
    const help: Array<{ value: number; cpuMs?: number }> = [];
    const answer: Array<{ value: number; cpuMs?: number }> = [];
    for (let i = 0; i < runs; i++) {
      help.push(await withChildrenCpu(() => helpRun(name)));
      answer.push(await withChildrenCpu(() => firstAnswerRun(name)));
    }
    const path: CliPath = {
      name,
      helpMs: median(help.map((h) => h.value)),
      firstAnswerMs: median(answer.map((a) => a.value)),
    };
    const helpCpuMs = medianOf(help.map((h) => h.cpuMs));
    const firstAnswerCpuMs = medianOf(answer.map((a) => a.cpuMs));
    if (helpCpuMs !== undefined) path.helpCpuMs = helpCpuMs;
    if (firstAnswerCpuMs !== undefined) path.firstAnswerCpuMs = firstAnswerCpuMs;
    paths.push(path);
    log(
      `cli start-up (${name}): --help ${Math.round(path.helpMs)} ms (CPU ${Math.round(helpCpuMs ?? NaN)} ms), ` +
        `first answer ${Math.round(path.firstAnswerMs)} ms (CPU ${Math.round(firstAnswerCpuMs ?? NaN)} ms)`,
    );
  }
  return { runs, paths };
}
