import { defineCommand } from '../context.js';
import { schemaCheckCommand } from './schema-check.js';
import { schemaDiffCommand } from './schema-diff.js';
import { schemaGenerateCommand } from './schema-generate.js';
import { schemaPrintCommand } from './schema-print.js';

/** `rm-harness schema <print|generate|check>`: the versioned contract. */
export const schemaCommand = defineCommand<object>({
  // No `<command>` positional: it would swallow a mistyped subcommand before strict mode can name it.
  command: 'schema',
  describe: 'Print, generate and check the versioned GraphQL contract',
  builder: (y, ctx) =>
    y
      .usage('$0 schema <command> [options]')
      .command(schemaPrintCommand(ctx))
      .command(schemaGenerateCommand(ctx))
      .command(schemaCheckCommand(ctx))
      .command(schemaDiffCommand(ctx))
      .demandCommand(1, 'missing schema command (print, generate or check)'),
});
