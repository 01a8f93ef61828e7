import {
  checkRevisionFiles,
  ContractGenerationError,
  type RevisionFileStatus,
} from '../../contract/generate.js';
import { inCheckout, loadTypegen } from '../../contract/checkout.js';
import { possibleTypesCurrent } from '../../contract/possible-types.js';
import { CliError, defineCommand, type CliContext } from '../context.js';
import { Output, withOutputOptions, type OutputArgs } from '../output/output.js';

/** Fails (exit 1) naming the generated revision files that are missing or differ from the source. */
export async function handleSchemaCheck(ctx: CliContext, args: OutputArgs = {}): Promise<number> {
  const out = new Output(ctx.io, args);
  let stale: RevisionFileStatus[];
  try {
    stale = checkRevisionFiles();
  } catch (error) {
    if (error instanceof ContractGenerationError) throw new CliError(error.message);
    throw error;
  }
  const files: { file: string; state: string }[] = stale.map((f) => ({
    file: f.displayPath,
    state: f.state,
  }));
  // The TypeScript types are sources of the repository; the installed package has only the revision files.
  if (inCheckout() && !(await (await loadTypegen()).contractTypesCurrent()))
    files.push({ file: 'src/contract/types.generated.ts', state: 'outdated' });
  if (inCheckout() && !possibleTypesCurrent())
    files.push({ file: 'src/contract/possible-types.generated.ts', state: 'outdated' });
  // With --json the stale list is the result too; the error line still goes to stderr, exit 1.
  out.json({ tool: 'rm-harness schema check', upToDate: files.length === 0, stale: files });
  if (files.length > 0) {
    const list = files.map((f) => `${f.file} (${f.state})`).join(', ');
    throw new CliError(`stale generated contract files: ${list}; run "npm run contracts"`);
  }
  out.text(`${out.colors.green('generated contract files are up to date')}\n`);
  return 0;
}

/** `rm-harness schema check`. */
export const schemaCheckCommand = defineCommand<OutputArgs>({
  command: 'check',
  describe: 'Check that the generated revision files match contracts/schema.graphql',
  builder: (y) => withOutputOptions(y),
  handler: (args, ctx) => handleSchemaCheck(ctx, args),
});
