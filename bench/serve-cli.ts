/** `rm-harness serve` in a child process of its own, as a user starts it, for the sections that load it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Child } from './child.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The store of a `serve` child unless told otherwise: in memory, the `small` profile. */
const IN_MEMORY_SMALL = ['--in-memory', '--profile', 'small'];

/**
 * Starts `serve` on a free port with `store` flags (default an in-memory `small` store) and `flags` (and
 * `nodeFlags` for node itself, e.g. the CPU profiler's), and
 * resolves once it listens. Its stdout is a pipe (not a terminal), so the request log's default there is
 * JSON lines: read until the banner names the address, then drained, never printed.
 */
export async function startServeChild(
  flags: readonly string[],
  store: readonly string[] = IN_MEMORY_SMALL,
  nodeFlags: readonly string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      '--import',
      'tsx',
      `${ROOT}src/cli/main.ts`,
      'serve',
      '--port',
      '0',
      ...store,
      '--no-config',
      ...flags,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let text = '';
  const url = await new Promise<string>((resolve, reject) => {
    const look = (chunk: Buffer) => {
      text += chunk.toString();
      const found = /listening on (http:\/\/[\d.]+:\d+)/.exec(text);
      if (found?.[1]) {
        child.stdout!.off('data', look);
        child.stdout!.resume();
        resolve(found[1]);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', () => reject(new Error(`serve exited before listening:\n${text}`)));
  });
  return { child, url };
}

/**
 * `serve` as the throughput section loads it: on a copy of a seeded data dir (each child writes its own
 * files), with `flags` (none: the defaults `npm start` runs, the request log on), as a bench {@link Child}
 * that announces its URL; its fixture is the baselines' (the same profile and seed give the same records).
 */
export async function startServeLoadChild(
  profile: string,
  dataDir: string,
  flags: readonly string[],
): Promise<Child<{ url: string; fixture: null }>> {
  const copy = mkdtempSync(path.join(tmpdir(), 'rm-bench-serve-'));
  // Without the lock files: a copy is another store set, and the seeding process's lock (a live owner
  // that the bench pauses) would hold each copied store until its lease ran out.
  cpSync(dataDir, copy, { recursive: true, filter: (source) => !source.endsWith('.lock') });
  const { child, url } = await startServeChild(flags, ['--data-dir', copy, '--profile', profile]);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    message: { url, fixture: null },
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }
      await exited;
      rmSync(copy, { recursive: true, force: true });
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}
