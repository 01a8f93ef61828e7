/** `rm-harness serve` in a child process of its own, as a user starts it, for the sections that flood it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Starts `serve` on a free port with an in-memory `small` store and `flags`, and resolves once it listens.
 * Its stdout is a pipe (not a terminal), so the request log's default there is JSON lines: read until the
 * banner names the address, then drained, never printed.
 */
export async function startServeChild(
  flags: readonly string[],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      `${ROOT}src/cli/main.ts`,
      'serve',
      '--port',
      '0',
      '--in-memory',
      '--profile',
      'small',
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
