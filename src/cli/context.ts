import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { withEnvOptions } from './env-options.js';

/** Name used in usage lines and in every error message. */
export const SCRIPT_NAME = 'rm-harness';

/** A stream a command writes to; `isTTY` (and `columns`) as on a Node TTY stream, absent on a buffer. */
export interface CliStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** Where a command writes; `process.stdout`/`process.stderr` in production, buffers in tests. */
export interface CliIo {
  stdout: CliStream;
  stderr: CliStream;
  /**
   * Environment read for NO_COLOR, FORCE_COLOR and TERM; `process.env` in production. Absent means none,
   * so an injected io decides colour by its streams alone (jest workers inherit FORCE_COLOR=1).
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/** What every command handler gets besides its arguments. */
export interface CliContext {
  readonly io: CliIo;
  /** Set by the handler wrapper from the handler's return value; `runCli` returns it. */
  exitCode: number;
  /** The command line as given (an option it names wins over its `RM_HARNESS_*` variable). */
  readonly argv?: readonly string[];
}

export { CliError, CliUsageError } from './errors.js';

/** A command as registered with yargs, built per run so handlers write to that run's io. */
export type CliCommand = (ctx: CliContext) => CommandModule;

/** Declaration of a command: a yargs module whose handler gets the context and returns an exit code. */
export interface CliCommandSpec<U> {
  command: string | readonly string[];
  describe: string;
  // Any Argv: yargs infers the declared options; `U` types the handler's arguments (yargs checks them first).
  builder: (y: Argv, ctx: CliContext) => Argv<unknown>;
  /** Omitted for command groups, whose subcommands do the work. */
  handler?: (args: ArgumentsCamelCase<U>, ctx: CliContext) => Promise<number | void> | number | void;
}

/** Turns a typed command declaration into a {@link CliCommand} for the list in `commands/index.ts`. */
export function defineCommand<U>(spec: CliCommandSpec<U>): CliCommand {
  return (ctx) => {
    const module: CommandModule<object, U> = {
      command: spec.command,
      describe: spec.describe,
      // The one cast of a builder's inferred options to the handler's type (see below why it holds).
      builder: (y) =>
        withEnvOptions(spec.builder(y, ctx), ctx.argv ?? [], ctx.io.env ?? process.env) as Argv<U>,
      handler: async (args) => {
        const code = await spec.handler?.(args, ctx);
        if (typeof code === 'number') ctx.exitCode = code;
      },
    };
    // yargs checks the options the builder declares before calling the handler, so the narrower
    // argument type holds at runtime; the list of commands just needs one common type.
    return module as unknown as CommandModule;
  };
}

/**
 * A command group (`record`, `report`, `schema`, `store`): its subcommands do the work, and a missing
 * one is a usage error naming them all, in the order given.
 */
export function defineGroup(group: {
  command: string;
  describe: string;
  subcommands: readonly CliCommand[];
}) {
  return defineCommand<object>({
    // No `<command>` positional: it would swallow a mistyped subcommand before strict mode can name it.
    command: group.command,
    describe: group.describe,
    builder: (y, ctx) => {
      const modules = group.subcommands.map((sub) => sub(ctx));
      const names = modules.map((m) => String(m.command).split(' ')[0] ?? '');
      const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
      return modules
        .reduce((built, module) => built.command(module), y.usage(`$0 ${group.command} <command> [options]`))
        .demandCommand(1, `missing ${group.command} command (${listed})`);
    },
  });
}
