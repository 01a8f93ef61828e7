import type { CliIo } from '../../src/cli/context.js';
import { runCli } from '../../src/cli/run.js';

/** The escape byte every colour and cursor sequence starts with. */
export const ESC = '\u001b';

/** What a run wrote to each stream. */
export interface Captured {
  stdout: string;
  stderr: string;
}

/** How the fake streams present themselves: a terminal or not (each), and the environment. */
export interface FakeIoOptions {
  stdoutTty?: boolean;
  stderrTty?: boolean;
  env?: Record<string, string>;
}

/** In-memory streams for runCli; `isTTY` set only when asked, as on a pipe. */
export function fakeIo(options: FakeIoOptions = {}): { io: CliIo; out: Captured } {
  const out: Captured = { stdout: '', stderr: '' };
  const io: CliIo = {
    stdout: {
      write: (s: string) => (out.stdout += s),
      ...(options.stdoutTty ? { isTTY: true, columns: 120 } : {}),
    },
    stderr: {
      write: (s: string) => (out.stderr += s),
      ...(options.stderrTty ? { isTTY: true, columns: 120 } : {}),
    },
    ...(options.env ? { env: options.env } : {}),
  };
  return { io, out };
}

/** Runs the real CLI on fake streams. */
export async function cli(
  argv: readonly string[],
  options: FakeIoOptions = {},
): Promise<Captured & { code: number }> {
  const { io, out } = fakeIo(options);
  const code = await runCli(argv, io);
  return { code, ...out };
}

/** Runs the real CLI on fake streams (not a terminal), with the arguments given one by one. */
export function cliArgs(...argv: string[]): Promise<Captured & { code: number }> {
  return cli(argv);
}
