import type { Argv } from 'yargs';
import { REGIONS, isRegion, type Region } from '../../domain/tenancy.js';
import { Simulator, SimulatorSetupError } from '../../server/index.js';
import { readConfig } from '../config-option.js';
import { CliUsageError, defineCommand, type CliContext } from '../context.js';
import {
  resolveStoreArgs,
  resolveStoreFlags,
  storeOptions,
  type StoreArgs,
  type StoreFlags,
} from '../simulator-options.js';

/** Arguments of `seed`. */
export interface SeedArgs extends StoreArgs {
  tenant?: string;
  region?: string;
}

/** Arguments of `seed` as given: store settings the flags leave out come from the config file's `serve`. */
type SeedFlags = StoreFlags & Pick<SeedArgs, 'tenant' | 'region'>;

/** Writes freshly seeded store files (replacing what is there) for the chosen tenants and regions. */
export async function handleSeed(args: SeedArgs, ctx: CliContext): Promise<number> {
  const { seed, tenants } = resolveStoreArgs(args);
  if (args.region !== undefined && !isRegion(args.region)) {
    throw new CliUsageError(`unknown region "${args.region}" (expected ${REGIONS.join(', ')})`);
  }
  let simulator: Simulator;
  try {
    simulator = new Simulator({ dataDir: args.dataDir, seed, profile: args.profile, tenants });
  } catch (error) {
    if (error instanceof SimulatorSetupError) throw new CliUsageError(error.message);
    throw error;
  }
  const chosen = simulator.listTenants().filter((t) => args.tenant === undefined || t.id === args.tenant);
  if (chosen.length === 0) throw new CliUsageError(`unknown tenant "${args.tenant}"`);
  const regions: Region[] = args.region === undefined ? [...REGIONS] : [args.region as Region];
  try {
    for (const tenant of chosen) {
      for (const region of regions) {
        const started = Date.now();
        await simulator.reset(tenant.id, [region]);
        const store = await simulator.store(tenant.id, region);
        const counts = ['contacts', 'activities', 'lists', 'listMembers']
          .map((c) => `${store.count(c)} ${c}`)
          .join(', ');
        ctx.io.stdout.write(
          `seeded ${args.dataDir}/${tenant.id}-${region}.json (${counts}) in ${Date.now() - started} ms\n`,
        );
      }
    }
  } finally {
    await simulator.close();
  }
  return 0;
}

/** `rm-harness seed`: deterministic fixture stores. */
// yargs types the kebab-case option names; the handler reads the camel-case keys yargs also sets.
export const seedCommand = defineCommand<SeedFlags>({
  command: 'seed',
  describe: 'Write seeded store files; the same --seed and --profile give byte-identical files',
  builder: (y) =>
    y
      .option(storeOptions)
      .option('tenant', { type: 'string', describe: 'Only this tenant id' })
      .option('region', { type: 'string', describe: 'Only this region (us, eu, au)' })
      .example(
        '$0 seed --seed 7 --profile large --data-dir /tmp/rm',
        'A large deterministic store',
      ) as unknown as Argv<SeedFlags>,
  handler: (args, ctx) =>
    handleSeed({ ...args, ...resolveStoreFlags(args, readConfig(args.config)?.config.serve) }, ctx),
});
