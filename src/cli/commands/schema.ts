import { defineGroup } from '../context.js';
import { schemaCheckCommand } from './schema-check.js';
import { schemaDiffCommand } from './schema-diff.js';
import { schemaGenerateCommand } from './schema-generate.js';
import { schemaPrintCommand } from './schema-print.js';

/** `rm-harness schema <print|generate|check|diff>`: the versioned contract. */
export const schemaCommand = defineGroup({
  command: 'schema',
  describe: 'Print, generate and check the versioned GraphQL contract',
  subcommands: [schemaPrintCommand, schemaGenerateCommand, schemaCheckCommand, schemaDiffCommand],
});
