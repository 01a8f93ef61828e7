import {
  checkRevisionFiles,
  ContractGenerationError,
  type RevisionFileStatus,
} from '../../contract/generate.js';
import { contractTypesCurrent } from '../../contract/typegen.js';
import { CliError, defineCommand, type CliContext } from '../context.js';

/** Fails (exit 1) naming the generated revision files that are missing or differ from the source. */
export async function handleSchemaCheck(ctx: CliContext): Promise<number> {
  let stale: RevisionFileStatus[];
  try {
    stale = checkRevisionFiles();
  } catch (error) {
    if (error instanceof ContractGenerationError) throw new CliError(error.message);
    throw error;
  }
  const names = stale.map((f) => `${f.displayPath} (${f.state})`);
  if (!(await contractTypesCurrent())) names.push('src/contract/types.generated.ts (outdated)');
  if (names.length > 0) {
    const list = names.join(', ');
    throw new CliError(`stale generated contract files: ${list}; run "npm run contracts"`);
  }
  ctx.io.stdout.write('generated contract files are up to date\n');
  return 0;
}

/** `rm-harness schema check`. */
export const schemaCheckCommand = defineCommand<object>({
  command: 'check',
  describe: 'Check that the generated revision files match contracts/schema.graphql',
  builder: (y) => y,
  handler: (_args, ctx) => handleSchemaCheck(ctx),
});
