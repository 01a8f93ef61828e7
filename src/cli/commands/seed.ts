import {
  defaultSeedJobs,
  isRegion,
  REGIONS,
  seedStoreFiles,
  Simulator,
  SimulatorSetupError,
  type Region,
} from '../../simulator/index.js';
import { readConfig } from '../config-option.js';
import { CliUsageError, defineCommand, type CliContext } from '../context.js';
import { Output, withOutputOptions, type OutputArgs } from '../output/output.js';
import type { Progress } from '../output/progress.js';
import {
  resolveStoreArgs,
  resolveStoreFlags,
  storeOptions,
  type StoreArgs,
  type StoreFlags,
} from '../simulator-options.js';

/** Arguments of `seed`. */
export interface SeedArgs extends StoreArgs, OutputArgs {
  tenant?: string;
  region?: string;
  /** Stores seeded side by side in worker threads (1: one after another in this thread). */
  jobs?: number;
}

/** Arguments of `seed` as given: store settings the flags leave out come from the config file's `serve`. */
type SeedFlags = StoreFlags & OutputArgs & Pick<SeedArgs, 'tenant' | 'region' | 'jobs'>;

/** The collections whose sizes the summary and --json report. */
const COUNTED = ['contacts', 'activities', 'lists', 'listMembers'] as const;

/** One store file `seed` wrote: what --json prints per store. */
export interface SeededStore {
  tenant: string;
  region: Region;
  file: string;
  counts: Record<(typeof COUNTED)[number], number>;
  ms: number;
}

/** Writes freshly seeded store files (replacing what is there) for the chosen tenants and regions. */
export async function handleSeed(args: SeedArgs, ctx: CliContext): Promise<number> {
  const out = new Output(ctx.io, args);
  const c = out.colors;
  const { seed, tenants } = resolveStoreArgs(args);
  if (args.region !== undefined && !isRegion(args.region)) {
    throw new CliUsageError(`unknown region "${args.region}" (expected ${REGIONS.join(', ')})`);
  }
  if (args.jobs !== undefined && !(Number.isSafeInteger(args.jobs) && args.jobs >= 1)) {
    throw new CliUsageError(`--jobs must be a positive integer, not ${String(args.jobs)}`);
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
  const stores = chosen.flatMap((tenant) => regions.map((region) => ({ tenant, region })));
  const started = Date.now();
  // One bar over every area of every store; its length is known once the first store reports its areas.
  let bar: Progress | undefined;
  const areasDone = stores.map(() => 0);
  let written;
  try {
    written = await seedStoreFiles(
      stores.map(({ tenant, region }) => ({
        tenant,
        region,
        seed: simulator.seed,
        profile: simulator.profile,
      })),
      args.dataDir,
      {
        jobs: args.jobs ?? defaultSeedJobs(),
        onProgress: (store, done, areas, area) => {
          bar ??= out.progress('seeding', stores.length * areas);
          areasDone[store] = done;
          const { tenant, region } = stores[store]!;
          bar.update(
            areasDone.reduce((a, b) => a + b, 0),
            `${tenant.id}-${region} ${area}`,
          );
        },
      },
    );
  } finally {
    bar?.stop();
  }
  const seeded: SeededStore[] = written.map((w, i) => ({
    tenant: stores[i]!.tenant.id,
    region: stores[i]!.region,
    file: w.file,
    counts: Object.fromEntries(COUNTED.map((k) => [k, w.counts[k] ?? 0])) as SeededStore['counts'],
    ms: w.ms,
  }));
  const ms = Date.now() - started;
  for (const s of seeded) {
    const counts = COUNTED.map((k) => `${s.counts[k]} ${k}`).join(', ');
    out.text(`seeded ${c.bold(s.file)} (${counts}) in ${s.ms} ms\n`);
  }
  out.text(
    c.green(`${seeded.length} store${seeded.length === 1 ? '' : 's'} seeded in ${ms} ms`) +
      ` (seed ${simulator.seed}, profile ${simulator.profile.name})\n`,
  );
  out.json({
    tool: 'rm-harness seed',
    dataDir: args.dataDir,
    seed: simulator.seed,
    profile: simulator.profile.name,
    stores: seeded,
    ms,
  });
  return 0;
}

/** `rm-harness seed`: deterministic fixture stores. */
// Alike in shape to every command module's end and declaration (store's too): defineCommand's form.
// yargs types the kebab-case option names; the handler reads the camel-case keys yargs also sets.
export const seedCommand = defineCommand<SeedFlags>({
  command: 'seed',
  describe: 'Write seeded store files; the same --seed and --profile give byte-identical files',
  builder: (y) =>
    withOutputOptions(y)
      .option(storeOptions)
      .option('tenant', { type: 'string', describe: 'Only this tenant id' })
      .option('region', { type: 'string', describe: 'Only this region (us, eu, au)' })
      .option('jobs', {
        type: 'number',
        describe: `Stores seeded side by side, one worker thread each (default: the CPU cores, at most 4; 1 seeds one after another in this process)`,
      })
      .example('$0 seed --seed 7 --profile large --data-dir /tmp/rm', 'A large deterministic store'),
  handler: (args, ctx) =>
    handleSeed({ ...args, ...resolveStoreFlags(args, readConfig(args.config)?.config.serve) }, ctx),
});
