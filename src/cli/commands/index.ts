import type { Argv, CommandModule } from 'yargs';
import type { CliCommand, CliContext } from '../context.js';

/**
 * A command whose module is imported only when it runs (or shows its own help): `rm-harness --help`
 * then loads yargs and this list, not the simulator, the server and the runner behind the commands.
 * `command` and `describe` repeat the module's own (test/cli/commands/index.test.ts keeps them equal).
 */
export interface LazyCommand {
  command: string;
  describe: string;
  load: () => Promise<CliCommand>;
}

/** Every top-level command of `rm-harness`; add a new command module here. */
// Entries alike in shape by design: data, one per command, not logic to share.
export const lazyCommands: readonly LazyCommand[] = [
  {
    command: 'serve',
    describe:
      'Start the stateful simulator (both revisions, three regions), or with --schema a stateless mock of an SDL',
    load: async () => (await import('./serve.js')).serveCommand,
  },
  {
    command: 'seed',
    describe: 'Write seeded store files; the same --seed and --profile give byte-identical files',
    load: async () => (await import('./seed.js')).seedCommand,
  },
  {
    command: 'schema',
    describe: 'Print, generate and check the versioned GraphQL contract',
    load: async () => (await import('./schema.js')).schemaCommand,
  },
  {
    command: 'conform',
    describe: 'Replay the conformance scenarios against the simulator or an endpoint and report differences',
    load: async () => (await import('./conform.js')).conformCommand,
  },
  {
    command: 'check-documents <globs..>',
    describe:
      "Check a partner's GraphQL operations (.graphql/.gql files, gql/graphql templates) on each revision",
    load: async () => (await import('./check-documents.js')).checkDocumentsCommand,
  },
  {
    command: 'proxy',
    describe:
      'Validating proxy: forward GraphQL to an endpoint and check every exchange against the contract',
    load: async () => (await import('./proxy.js')).proxyCommand,
  },
  {
    command: 'record',
    describe: 'Turn proxy recordings into scenarios or simulator fixtures',
    load: async () => (await import('./record.js')).recordCommand,
  },
  {
    command: 'fuzz',
    describe:
      'Send random, stateful operation sequences generated from the contract and check invariants on every step',
    load: async () => (await import('./fuzz.js')).fuzzCommand,
  },
  {
    command: 'store',
    describe: 'Check and repair the store files of a data dir',
    load: async () => (await import('./store.js')).storeCommand,
  },
  {
    command: 'report',
    describe: 'Work on conform reports (merge the reports of sharded runs)',
    load: async () => (await import('./report.js')).reportCommand,
  },
  {
    command: 'router',
    describe: 'Write the configuration of a router that shards tenants over replicas (nginx)',
    load: async () => (await import('./router.js')).routerCommand,
  },
];

/** A {@link LazyCommand} as yargs registers it: its builder and handler import the module first. */
function deferred(lazy: LazyCommand): CliCommand {
  return (ctx: CliContext) => {
    let module: Promise<CommandModule> | undefined;
    const load = (): Promise<CommandModule> => (module ??= lazy.load().then((command) => command(ctx)));
    // yargs awaits a builder that returns a promise (parseAsync), so the options appear before parsing.
    const builder = async (y: Argv): Promise<Argv> => {
      const { builder: real } = await load();
      return typeof real === 'function' ? ((await real(y)) as Argv) : y.options(real ?? {});
    };
    return {
      command: lazy.command,
      describe: lazy.describe,
      builder: builder as unknown as CommandModule['builder'],
      handler: async (args) => (await load()).handler(args),
    };
  };
}

/** The commands as {@link runCli} registers them. */
export const commands: readonly CliCommand[] = lazyCommands.map(deferred);
