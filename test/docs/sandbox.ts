// A throw-away "checkout" for running README examples as a new user would: a temp folder whose code,
// contracts, scenarios and node_modules are links to this repository's, so `npm start`, `npx rm-harness`
// and `npx tsx` work there, while what they write (.data/, reports/, example files) stays in the folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of this repository. */
export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** What a checkout needs to run the harness; reports/ and .data/ are left out on purpose. */
const LINKED = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'node_modules',
  'bin',
  'src',
  'contracts',
  'conformance',
  'fixtures',
];

/** Creates the sandbox folder. */
export async function makeSandbox(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rm-readme-'));
  for (const name of LINKED) await symlink(join(PROJECT_ROOT, name), join(dir, name));
  return dir;
}

/** Removes the sandbox folder. */
export async function removeSandbox(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** The environment of an example: the test's, without variables that would change the harness's defaults. */
function exampleEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const name of Object.keys(env))
    if (name.startsWith('RM_') || name.startsWith('JEST_')) delete env[name];
  return env;
}

/** Output and exit of a finished command. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** stdout and stderr, interleaved as printed. */
  output: string;
}

/**
 * Runs a bash script in `cwd` with `set -eo pipefail` and stderr merged into stdout. It runs in its own
 * process group, so a timeout stops everything it started (npx, node, curl).
 */
export function runBash(script: string, cwd: string, timeoutMs: number): Promise<Finished> {
  const child = spawn('bash', ['-c', `set -eo pipefail\nexec 2>&1\n${script}`], {
    cwd,
    env: exampleEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({
        code,
        signal,
        output: signal === 'SIGKILL' ? `${output}\n(killed after ${timeoutMs} ms)` : output,
      });
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** `npm start` running in a sandbox. */
export interface StartedServer {
  /** Base URL from the banner, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Everything printed so far. */
  output(): string;
  /** Sends Ctrl+C (SIGINT to the process group) and resolves with how it ended (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<Finished>;
}

/** Runs `npm start -- --port 0` in `cwd` and resolves once the banner is complete. */
export function startNpmServer(cwd: string, timeoutMs = 90_000): Promise<StartedServer> {
  const child = spawn('npm', ['start', '--', '--port', '0'], {
    cwd,
    env: exampleEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const ended = new Promise<Finished>((done) =>
    child.on('close', (code, signal) => done({ code, signal, output })),
  );
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => {
      killGroup(child, 'SIGKILL');
      fail(new Error(`npm start printed no complete banner within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url === undefined || !output.includes('Press Ctrl+C to stop.')) return;
      clearTimeout(timer);
      ready({
        url,
        output: () => output,
        stop: async (graceMs = 20_000) => {
          killGroup(child, 'SIGINT');
          const force = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
          const finished = await ended;
          clearTimeout(force);
          return { ...finished, output };
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', fail);
    void ended.then((finished) => {
      clearTimeout(timer);
      fail(new Error(`npm start ended (code ${String(finished.code)}) before its banner:\n${output}`));
    });
  });
}
