import { ContractGenerationError, writeRevisionFiles } from '../../contract/generate.js';
import { CHECKOUT_ONLY, inCheckout, loadTypegen } from '../../contract/checkout.js';
import { writePossibleTypes } from '../../contract/possible-types.js';
import { CliError, defineCommand, type CliContext } from '../context.js';

/**
 * Writes `contracts/<version>/schema.graphql` for every revision, the contract's TypeScript types and the
 * revisions' `possibleTypes`, and reports what changed.
 */
export async function handleSchemaGenerate(ctx: CliContext): Promise<number> {
  if (!inCheckout()) throw new CliError(`schema generate ${CHECKOUT_ONLY}`);
  try {
    for (const file of writeRevisionFiles()) {
      const what = file.state === 'current' ? 'unchanged' : file.state === 'missing' ? 'created' : 'updated';
      ctx.io.stdout.write(`${what} ${file.displayPath}\n`);
    }
  } catch (error) {
    // The problem list is what the author must fix, so it is printed in full (one problem per line).
    if (error instanceof ContractGenerationError) throw new CliError(error.message);
    throw error;
  }
  const changed = await (await loadTypegen()).writeContractTypes();
  ctx.io.stdout.write(`${changed ? 'updated' : 'unchanged'} src/contract/types.generated.ts\n`);
  const possible = writePossibleTypes();
  ctx.io.stdout.write(`${possible ? 'updated' : 'unchanged'} src/contract/possible-types.generated.ts\n`);
  return 0;
}

/** `rm-harness schema generate` (also `npm run contracts`). */
export const schemaGenerateCommand = defineCommand<object>({
  command: 'generate',
  describe: 'Generate contracts/<version>/schema.graphql from contracts/schema.graphql',
  builder: (y) => y,
  handler: (_args, ctx) => handleSchemaGenerate(ctx),
});
