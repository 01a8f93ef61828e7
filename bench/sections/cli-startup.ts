import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { log } from '../log.js';
import { median } from '../stats.js';

/** One way of running the CLI: the compiled package (what `npm install` gives) or the checkout's tsx. */
export interface CliPath {
  name: 'dist' | 'tsx';
  /** Median wall time of `rm-harness --help`, process start to exit. */
  helpMs: number;
  /** Median wall time from starting `rm-harness serve` (default profile) to its first GraphQL answer. */
  firstAnswerMs: number;
}

/** `--help` and `serve`'s first answer through both paths, side by side. */
export interface CliStartupFigures {
  runs: number;
  paths: CliPath[];
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST_MAIN = `${ROOT}dist/cli/main.js`;

/** Node arguments that run the CLI one way; `dist` is what the installed bin runs. */
const argsOf = (name: CliPath['name']): string[] =>
  name === 'dist' ? [DIST_MAIN] : ['--import', 'tsx', `${ROOT}src/cli/main.ts`];

function helpMs(name: CliPath['name']): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [...argsOf(name), '--help'], { cwd: ROOT, stdio: 'ignore' });
  if (run.status !== 0) throw new Error(`${name} --help exited with ${String(run.status)}`);
  return performance.now() - started;
}

/** Starts `serve --port 0 --in-memory`, polls the banner's URL until a query answers, then stops it. */
async function firstAnswerMs(name: CliPath['name']): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...argsOf(name), 'serve', '--port', '0', '--in-memory'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Measures both paths `runs` times each. `dist/` is built afresh first: one left from an earlier checkout
 * would measure other code than the sources beside it.
 */
export async function measureCliStartup(runs = 5): Promise<CliStartupFigures> {
  log('cli start-up: building dist/ (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(DIST_MAIN)) throw new Error('npm run build failed');
  const paths: CliPath[] = [];
  for (const name of ['dist', 'tsx'] as const) {
    const help: number[] = [];
    const answer: number[] = [];
    for (let i = 0; i < runs; i++) {
      help.push(helpMs(name));
      answer.push(await firstAnswerMs(name));
    }
    paths.push({ name, helpMs: median(help), firstAnswerMs: median(answer) });
    log(
      `cli start-up (${name}): --help ${Math.round(median(help))} ms, first answer ${Math.round(median(answer))} ms`,
    );
  }
  return { runs, paths };
}
