import yargs, { type Argv } from 'yargs';
import { HARNESS_VERSION } from '../contract/harness.js';
import { commands, lazyCommands } from './commands/index.js';
import { CliError, CliUsageError, SCRIPT_NAME, type CliContext, type CliIo } from './context.js';
import { colorsFor } from './output/style.js';

export { SCRIPT_NAME };

const processIo: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env };

/** Rewrites yargs' validation messages into the CLI's lower-case one-liners. */
function usageMessage(msg: string, argv: readonly string[], hasSubcommands: boolean): string {
  const unknown = /^Unknown arguments?: (.*)$/.exec(msg);
  if (unknown?.[1] !== undefined) {
    const names = unknown[1].split(', ');
    // yargs names both stray words and unknown flags "arguments"; a bare word is a mistyped command.
    const isWord = (n: string): boolean =>
      argv.includes(n) && !argv.includes(`--${n}`) && !argv.includes(`-${n}`);
    if (names.every(isWord)) {
      return `${hasSubcommands ? 'unknown command' : 'unexpected argument'} ${names.map((n) => `"${n}"`).join(', ')}`;
    }
    return `unknown option ${names.map((n) => (n.length === 1 ? `-${n}` : `--${n}`)).join(', ')}`;
  }
  const missing = /^Missing required arguments?: (.*)$/.exec(msg);
  if (missing?.[1] !== undefined) {
    return `missing required option ${missing[1]
      .split(', ')
      .map((n) => `--${n}`)
      .join(', ')}`;
  }
  if (/^Not enough non-option arguments/.test(msg))
    return hasSubcommands ? 'missing command' : 'missing required argument';
  return msg.charAt(0).toLowerCase() + msg.slice(1);
}

/** What the failing (sub)command's help says: its command path (from the usage line) and whether it has subcommands. */
function failingCommandOf(y: Argv): { helpCommand: string; hasSubcommands: boolean } {
  let help = '';
  y.showHelp((s: string) => {
    help = s;
  });
  const words = (help.split('\n')[0] ?? '').trim().split(/\s+/).slice(1);
  const end = words.findIndex((w) => /^[<[-]/.test(w));
  return {
    helpCommand: words.slice(0, end === -1 ? undefined : end).join(' '),
    hasSubcommands: /^Commands:$/m.test(help),
  };
}

/** Commands whose own subcommands (`schema print`) have a help of their own. */
const GROUPS = new Set(['schema', 'record', 'report']);

/**
 * The command path a command line runs (`serve`, `schema print`), from its leading words: what a usage
 * error found inside a command (rather than by yargs) names in its `--help` hint.
 */
export function commandPathOf(argv: readonly string[]): string {
  const [first, second] = argv;
  if (first === undefined || !lazyCommands.some((c) => c.command.split(' ')[0] === first)) return '';
  return GROUPS.has(first) && second !== undefined && /^[a-z][a-z-]*$/.test(second)
    ? `${first} ${second}`
    : first;
}

/** The text given for `--name` on the command line (`--name text` or `--name=text`). */
function givenText(argv: readonly string[], name: string): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg === `--${name}`) return argv[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/**
 * yargs turns the text of a number option that is not a number into NaN, and a command's own check
 * would then say "(got NaN)": reject it here, naming the text and the command, before any handler runs.
 */
function rejectNaN(argv: readonly string[]) {
  return (parsed: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(parsed)) {
      // yargs lists each option under its kebab-case and its camelCase name; name the kebab one.
      if (typeof value !== 'number' || !Number.isNaN(value) || /[A-Z]/.test(key)) continue;
      const text = givenText(argv, key) ?? '';
      throw new CliUsageError(`--${key} must be a number (got "${text}")`, commandPathOf(argv));
    }
  };
}

/**
 * A single-value option given twice takes its last value, as `npm run conform:ci -- --report-dir X`
 * gives it (A-355): yargs would hand the command an array of both. Options declared `array` keep all.
 */
function lastValueWins(parsed: Record<string, unknown>, y: Argv): void {
  // getOptions() is yargs' own (the options of the command being parsed), missing from its typings.
  const lists = new Set((y as unknown as { getOptions(): { array: string[] } }).getOptions().array);
  for (const [key, value] of Object.entries(parsed)) {
    if (key === '_' || !Array.isArray(value)) continue;
    const kebab = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    if (!lists.has(key) && !lists.has(kebab)) parsed[key] = value.at(-1);
  }
}

function hint(helpCommand: string): string {
  return `Run "${[SCRIPT_NAME, helpCommand, '--help'].filter(Boolean).join(' ')}" for usage.`;
}

/**
 * Runs `rm-harness` in-process and resolves to its exit code: 0 success, 1 failure, 2 command-line
 * misuse. Never throws and never exits the process, so tests can call it directly.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  // Only alone: after a command, --version is that command's contract revision.
  if (argv.length === 1 && argv[0] === '--version') {
    io.stdout.write(`${HARNESS_VERSION}\n`);
    return 0;
  }
  const ctx: CliContext = { io, exitCode: 0, argv };
  const parser: Argv = yargs()
    .scriptName(SCRIPT_NAME)
    .usage(
      '$0 <command> [options]\n\nContract-driven simulator and conformance harness for the RM GraphQL API.\n`$0 --version` prints the harness version.',
    )
    .command(commands.map((command) => command(ctx)))
    .middleware(rejectNaN(argv), true)
    .middleware((parsed): void => lastValueWins(parsed, parser), true)
    .demandCommand(1, 'missing command')
    .strict()
    // Commands use --version for the contract revision, so yargs' own --version flag is off.
    .version(false)
    .help()
    .alias('help', 'h')
    .wrap(Math.min(110, process.stdout.columns ?? 80))
    .exitProcess(false)
    .fail((msg: string | null, err: Error | undefined, y: Argv) => {
      // yargs re-wraps errors thrown by option coercion (our CliUsageErrors) in its own YError, keeping
      // only the message; anything else arriving here is not a command-line problem. A `.check()` that
      // returns a message string hands yargs that string as `err`: a usage problem too.
      if (err instanceof Error && err.name !== 'YError') throw err;
      const { helpCommand, hasSubcommands } = failingCommandOf(y);
      throw new CliUsageError(
        usageMessage(msg ?? err?.message ?? 'invalid command line', argv, hasSubcommands),
        helpCommand,
      );
    });

  let helpOutput = '';
  try {
    // The parse callback makes yargs hand back --help output instead of printing it itself.
    await parser.parseAsync([...argv], {}, (_err, _args, output) => {
      helpOutput = output;
    });
    if (helpOutput) io.stdout.write(helpOutput.endsWith('\n') ? helpOutput : `${helpOutput}\n`);
    return ctx.exitCode;
  } catch (error) {
    // A command's builder is async (commands load lazily), and then yargs rejects with the YError of a
    // failing coerce instead of calling .fail: the same usage problem.
    if (error instanceof Error && error.name === 'YError') {
      // Coerce runs on a command's own options, so the hint names that command.
      const command = lazyCommands.find((c) => c.command.split(' ')[0] === argv[0]);
      const helpCommand = command === undefined ? '' : (argv[0] ?? '');
      return report(new CliUsageError(usageMessage(error.message, argv, false), helpCommand), io, argv);
    }
    return report(error, io, argv);
  }
}

function report(error: unknown, io: CliIo, argv: readonly string[]): number {
  // The name in red on a terminal, so an error stands out from the output before it.
  const prefix = colorsFor(io.stderr, io.env).red(`${SCRIPT_NAME}:`);
  if (error instanceof CliUsageError) {
    // A command's own check names no command: the hint names the one that ran, not the top level.
    io.stderr.write(`${prefix} ${error.message}. ${hint(error.helpCommand || commandPathOf(argv))}\n`);
    return error.exitCode;
  }
  if (error instanceof CliError) {
    io.stderr.write(`${prefix} ${error.message}\n`);
    return error.exitCode;
  }
  // A file system's refusal (a report folder that is a file, a full disk, no permission) is the user's to
  // fix, not ours: Node's own message names the cause, the call and the path (A-356). Told by its shape, as
  // an error from another realm (jest's module sandbox) is no instance of this one's Error.
  const system = error as { code?: unknown; syscall?: unknown; message?: unknown } | null;
  if (
    typeof system?.code === 'string' &&
    typeof system.syscall === 'string' &&
    typeof system.message === 'string'
  ) {
    io.stderr.write(`${prefix} ${system.message.split('\n')[0]}\n`);
    return 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`${prefix} internal error: ${message.split('\n')[0]}\n`);
  if (process.env.RM_HARNESS_DEBUG === '1' && error instanceof Error && error.stack) {
    io.stderr.write(`${error.stack}\n`);
  }
  return 1;
}
