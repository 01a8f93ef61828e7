import { dirname, join } from 'node:path';
import { StoreError } from './errors.js';
import { fsyncDir, nodeFs, unlinkIfExists } from './fsutil.js';
import type { DurableFs } from './fsutil.js';

// Names become file names: no separators, no dot-files, no traversal.
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The files of the store called `name` in `dir`. */
export interface StoreFilePaths {
  /** `<name>.json`: the snapshot. */
  snapshot: string;
  /** `<name>.wal`: the live write-ahead log. */
  wal: string;
  /** `<name>.wal.1`: a rotated log, only while a compaction folds it into a snapshot. */
  rotated: string;
  /** `<name>.lock`: who has the store open. */
  lock: string;
}

/** The file paths of a store; throws a `StoreError` for a name that is not a safe file name. */
export function storeFilePaths(dir: string, name: string): StoreFilePaths {
  if (!SAFE_NAME.test(name)) throw new StoreError(`unsafe store name ${JSON.stringify(name)}`);
  return {
    snapshot: join(dir, `${name}.json`),
    wal: join(dir, `${name}.wal`),
    rotated: join(dir, `${name}.wal.1`),
    lock: join(dir, `${name}.lock`),
  };
}

/**
 * Removes a store's logs durably, before a new snapshot replaces the store (seeding): a log left beside
 * the new snapshot would be replayed over it on the next open.
 */
export async function removeStoreLogs(paths: StoreFilePaths, fs: DurableFs = nodeFs): Promise<void> {
  const removed = [await unlinkIfExists(paths.rotated, fs), await unlinkIfExists(paths.wal, fs)];
  if (removed.some(Boolean)) await fsyncDir(dirname(paths.snapshot), fs);
}

/**
 * Where damaged bytes of `path` are kept when recovery or repair drops them: beside it, named after it
 * and the time (`t.wal.damaged-2026-11-25T14-03-07-123Z`), so nothing is ever thrown away silently.
 */
export function damagedCopyPath(path: string, at: Date = new Date()): string {
  return `${path}.damaged-${at.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Puts a snapshot written durably at `staged` (same directory) in place of a store, logs removed first:
 * a seeding that fails for lack of space leaves the old store whole, and only renames and unlinks (no
 * data) stand between the old store and the new one.
 */
export async function replaceStore(
  paths: StoreFilePaths,
  staged: string,
  fs: DurableFs = nodeFs,
): Promise<void> {
  await removeStoreLogs(paths, fs);
  await fs.rename(staged, paths.snapshot);
  await fsyncDir(dirname(paths.snapshot), fs);
}
