import path from 'node:path';
import { entitiesFromRecordings, LOADED_TYPES, loadFixtures } from '../../proxy/recording/to-fixtures.js';
import {
  isRegion,
  loadTenantsFile,
  REGIONS,
  Simulator,
  TenantConfigError,
  type Region,
} from '../../simulator/index.js';
import { CliUsageError, defineCommand, type CliContext } from '../context.js';
import { STORE_DEFAULTS } from '../simulator-options.js';
import { recordingsOf } from './record-to-scenarios.js';

interface ToFixturesArgs {
  dir: string;
  tenant: string;
  region: string;
  dataDir: string;
  tenants?: string;
}

const COMMAND = 'record to-fixtures';

/** `record to-fixtures`: loads the recorded entities into the (tenant, region) store under the data folder. */
export async function handleToFixtures(args: ToFixturesArgs, ctx: CliContext): Promise<number> {
  if (!isRegion(args.region))
    throw new CliUsageError(`unknown region "${args.region}" (expected ${REGIONS.join(', ')})`, COMMAND);
  const region: Region = args.region;
  let tenants;
  try {
    tenants = args.tenants === undefined ? undefined : loadTenantsFile(args.tenants);
  } catch (error) {
    if (error instanceof TenantConfigError) throw new CliUsageError(error.message, COMMAND);
    throw error;
  }
  const recordings = recordingsOf(path.resolve(args.dir), COMMAND);
  const simulator = new Simulator({ dataDir: path.resolve(args.dataDir), tenants });
  try {
    if (!simulator.tenant(args.tenant)) {
      const known = simulator.listTenants().map((t) => t.id);
      throw new CliUsageError(`unknown tenant "${args.tenant}" (expected ${known.join(', ')})`, COMMAND);
    }
    const store = await simulator.store(args.tenant, region);
    const result = await loadFixtures(store, entitiesFromRecordings(recordings));
    const lines = Object.entries(result.loaded).map(([collection, n]) => `  ${collection}: ${n}\n`);
    ctx.io.stdout.write(
      `loaded into ${args.tenant}/${region} under ${path.resolve(args.dataDir)}:\n${lines.join('') || '  nothing (no recorded entity with an id)\n'}serve it: rm-harness serve --data-dir ${args.dataDir}\n`,
    );
  } finally {
    await simulator.close();
  }
  return 0;
}

/** `rm-harness record to-fixtures DIR --tenant T --region R`. */
export const recordToFixturesCommand = defineCommand<ToFixturesArgs>({
  command: 'to-fixtures <dir>',
  describe: `Load recorded entities (${Object.keys(LOADED_TYPES).join(', ')}) into a simulator store`,
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'Folder written by proxy --record' })
      .option('tenant', {
        type: 'string',
        demandOption: true,
        describe: 'Tenant id whose store receives them (e.g. dev-firm)',
      })
      .option('region', {
        type: 'string',
        demandOption: true,
        describe: `Region of the store (${REGIONS.join(', ')})`,
      })
      .option('data-dir', {
        type: 'string',
        default: STORE_DEFAULTS.dataDir,
        describe: 'Folder of the store files (as serve --data-dir)',
      })
      .option('tenants', {
        type: 'string',
        describe: 'JSON file with the tenants (default: dev-firm and limited-firm)',
      })
      .example('$0 record to-fixtures rec --tenant dev-firm --region us', 'Then: rm-harness serve'),
  handler: (args, ctx) => handleToFixtures(args, ctx),
});
