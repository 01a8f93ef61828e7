import type { Argv } from 'yargs';
import { SCRIPT_NAME, type CliIo } from '../context.js';
import { startProgress, type Progress } from './progress.js';
import { colorsFor, type Colors } from './style.js';

/** The `--quiet` and `--json` flags of commands that report a result. */
export interface OutputArgs {
  quiet?: boolean;
  json?: boolean;
}

/** Adds `--quiet` and `--json` to a command; giving both is a usage error (exit 2). */
export function withOutputOptions<T>(y: Argv<T>): Argv<T & OutputArgs> {
  return y
    .option('quiet', {
      type: 'boolean',
      describe: 'Print only errors (on stderr); the exit code is unchanged',
    })
    .option('json', {
      type: 'boolean',
      describe: 'Print one JSON document describing the result on stdout, and nothing else there',
    })
    .check((argv) =>
      // Quiet asks for no stdout, --json for exactly one document there: no way to honour both.
      argv.quiet === true && argv.json === true ? '--quiet and --json cannot be used together' : true,
    );
}

/** How a command reports: `text` for people, `quiet` for errors only, `json` for scripts. */
export type OutputMode = 'text' | 'quiet' | 'json';

/**
 * A command's view of its io for reporting: human text on stdout unless --quiet or --json, the
 * --json document, one-line failures on stderr, and progress on stderr when that is a terminal.
 */
export class Output {
  readonly mode: OutputMode;
  /** Colours for stdout text (identity off a terminal, with NO_COLOR, or for --json). */
  readonly colors: Colors;
  private readonly errColors: Colors;

  constructor(
    private readonly io: CliIo,
    args: OutputArgs,
  ) {
    this.mode = args.json === true ? 'json' : args.quiet === true ? 'quiet' : 'text';
    this.colors = colorsFor(this.mode === 'json' ? {} : io.stdout, this.mode === 'json' ? {} : io.env);
    this.errColors = colorsFor(io.stderr, io.env);
  }

  /** Human-readable text on stdout; dropped with --quiet and --json. */
  text(chunk: string): void {
    if (this.mode === 'text') this.io.stdout.write(chunk);
  }

  /**
   * The --json document on stdout (pretty, one trailing newline), passed through `scrub` (secret
   * masking) when given; nothing in the other modes.
   */
  json(value: unknown, scrub: (text: string) => string = (text) => text): void {
    if (this.mode === 'json') this.io.stdout.write(scrub(`${JSON.stringify(value, null, 2)}\n`));
  }

  /** A one-line `rm-harness: …` message on stderr in every mode, like the CLI's errors. */
  error(message: string): void {
    this.io.stderr.write(`${this.errColors.red(`${SCRIPT_NAME}:`)} ${message}\n`);
  }

  /**
   * The failure line --quiet prints instead of the summary it drops, so a quiet failing run still
   * says why on stderr; text and JSON modes already show it.
   */
  quietFailure(message: string): void {
    if (this.mode === 'quiet') this.error(message);
  }

  /** A progress bar on stderr; off with --quiet and when stderr is not a terminal. */
  progress(title: string, total: number): Progress {
    return startProgress(this.io.stderr, total, {
      enabled: this.mode !== 'quiet',
      title,
      colors: this.errColors,
    });
  }
}
