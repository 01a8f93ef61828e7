import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The bench folder, so children are found from any cwd. */
const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));

/** A running child process that announced itself with one JSON line. */
export interface Child<T> {
  message: T;
  /** The child's process id (its CPU time is read from it). */
  pid: number;
  stop(): Promise<void>;
  /** Freezes the process (SIGSTOP): no timers, no background GC, nothing taking CPU from others. */
  pause(): void;
  /** Lets a paused process run again (SIGCONT). */
  resume(): void;
}

function nodeArgs(script: string, args: readonly string[], flags: readonly string[] = []): string[] {
  return [...flags, '--import', 'tsx', script.startsWith('/') ? script : `${BENCH_DIR}${script}`, ...args];
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * Starts `node --expose-gc --import tsx bench/<script>` and resolves with its first stdout line, parsed
 * as JSON. `--expose-gc` lets a server collect its start-up garbage before it says it is ready.
 */
export function startChild<T>(script: string, args: readonly string[]): Promise<Child<T>> {
  const child = spawn(process.execPath, nodeArgs(script, args, ['--expose-gc']), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const done = exited(child);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      resolve({
        message: JSON.parse(line) as T,
        pid: child.pid!,
        stop: async () => {
          if (child.exitCode === null) {
            child.kill('SIGCONT');
            child.kill('SIGTERM');
          }
          await done;
        },
        pause: () => void child.kill('SIGSTOP'),
        resume: () => void child.kill('SIGCONT'),
      });
    });
    void done.then((code) => reject(new Error(`${script} ${args.join(' ')} exited with ${code}`)));
  });
}

/** Runs a child to completion; resolves with its wall time, exit code and last non-empty stdout line. */
export async function runChild(
  script: string,
  args: readonly string[],
): Promise<{ wallMs: number; lastLine: string; code: number | null }> {
  const started = performance.now();
  // --expose-gc: a start-up probe collects garbage before it reads the live heap.
  const child = spawn(process.execPath, nodeArgs(script, args, ['--expose-gc']), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let last = '';
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.trim()) last = line;
  });
  const code = await exited(child);
  return { wallMs: performance.now() - started, lastLine: last, code };
}
