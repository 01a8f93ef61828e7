import { stat } from 'node:fs/promises';
import { checkStore, listStores, StoreLock, StoreLockedError, type StoreCheck } from '../../store/index.js';
import { CliError, CliUsageError, defineCommand, defineGroup, type CliContext } from '../context.js';
import { Output, withOutputOptions, type OutputArgs } from '../output/output.js';

/** Arguments of `store check`. */
export interface StoreCheckArgs extends OutputArgs {
  dataDir?: string;
  repair?: boolean;
  store?: string;
}

/** Exit code of `store check` when a store is open in another process (A-461). */
export const STORE_LOCKED_EXIT = 3;

/**
 * Takes the lock of every store in `names` (so no server opens one while it is checked or repaired), or
 * none: a store another process has open is a `CliError` with exit {@link STORE_LOCKED_EXIT} (A-461).
 */
async function lockAll(dir: string, names: readonly string[]): Promise<StoreLock[]> {
  const locks: StoreLock[] = [];
  try {
    for (const name of names) locks.push(await StoreLock.acquire(dir, name));
    return locks;
  } catch (error) {
    await Promise.all(locks.map((lock) => lock.release()));
    if (!(error instanceof StoreLockedError)) throw error;
    throw new CliError(
      `${error.message}: stop that process (or wait ${error.retryAfterSeconds} s for its lease to run out) and run store check again`,
      STORE_LOCKED_EXIT,
    );
  }
}

/**
 * Verifies (and with --repair salvages) every store of a data dir; exit 1 when any store is damaged,
 * {@link STORE_LOCKED_EXIT} when one is open in another process.
 */
export async function handleStoreCheck(args: StoreCheckArgs, ctx: CliContext): Promise<number> {
  const out = new Output(ctx.io, args);
  const c = out.colors;
  const dir = args.dataDir;
  if (!dir) throw new CliUsageError('--data-dir is required', 'store check');
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw new CliUsageError(`--data-dir ${dir} is not a directory`, 'store check');
  const names = (await listStores(dir)).filter((n) => args.store === undefined || n === args.store);
  if (args.store !== undefined && names.length === 0) {
    throw new CliUsageError(`no store "${args.store}" in ${dir}`, 'store check');
  }
  const results: StoreCheck[] = [];
  const locks = await lockAll(dir, names);
  try {
    for (const name of names) results.push(await checkStore(dir, name, { repair: args.repair === true }));
  } finally {
    await Promise.all(locks.map((lock) => lock.release()));
  }
  for (const r of results) {
    const counts = Object.entries(r.collections)
      .map(([n, k]) => `${k} ${n}`)
      .join(', ');
    out.text(
      `${r.ok ? c.green('ok') : c.red('DAMAGED')} ${c.bold(r.store)}` +
        ` (${counts || 'no collections'}; ${r.records} log records after the snapshot)\n`,
    );
    for (const f of r.findings)
      out.text(`  ${f.level === 'error' ? c.red('error') : 'note'} ${f.file}: ${f.message}\n`);
    for (const f of r.repaired)
      out.text(`  ${c.green('repaired')} ${f.file}: ${f.what}; the original is ${f.keptAs}\n`);
  }
  const damaged = results.filter((r) => !r.ok);
  out.json({
    tool: 'rm-harness store check',
    dataDir: dir,
    repair: args.repair === true,
    ok: damaged.length === 0,
    stores: results,
  });
  if (damaged.length > 0) {
    const repaired = args.repair
      ? ' (repaired: run it again to verify)'
      : '; "--repair" salvages what is intact';
    throw new CliError(
      `${damaged.length} of ${results.length} stores damaged: ${damaged.map((r) => r.store).join(', ')}${repaired}`,
    );
  }
  out.text(`${c.green(`${results.length} store${results.length === 1 ? '' : 's'} intact`)} in ${dir}\n`);
  return 0;
}

/** `rm-harness store check`. */
export const storeCheckCommand = defineCommand<StoreCheckArgs>({
  command: 'check',
  describe:
    "Verify every store's checksums and log sequence in a data dir (exit 1 when damaged, 3 when a store is open in another process)",
  builder: (y) =>
    withOutputOptions(y)
      .option('data-dir', { type: 'string', describe: 'The folder of the store files' })
      .option('store', { type: 'string', describe: 'Only this store (e.g. dev-firm-us)' })
      .option('repair', {
        type: 'boolean',
        describe:
          'Salvage damaged files up to their last good record; each original is kept as <file>.damaged-<time>',
      })
      .example('$0 store check --data-dir .rm-data', 'Verify every store')
      .example('$0 store check --data-dir .rm-data --repair', 'Salvage what is intact'),
  handler: (args, ctx) => handleStoreCheck(args, ctx),
});

/** `rm-harness store <check>`: the store files of a data dir. */
export const storeCommand = defineGroup({
  command: 'store',
  describe: 'Check and repair the store files of a data dir',
  subcommands: [storeCheckCommand],
});
