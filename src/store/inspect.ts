import { basename, dirname } from 'node:path';
import { StoreError } from './errors.js';
import { errorCode, nodeFs } from './fsutil.js';
import { SnapshotFile } from './snapshot-file.js';
import { StoreState } from './state.js';
import { storeFilePaths } from './store-files.js';
import type { Entity, WalRecord } from './types.js';
import { deepFreeze } from './validate.js';
import { collectRecords, readWal, WalCorruptError } from './wal.js';

/** A store as its files hold it: the snapshot with the log records after it applied, read-only. */
export interface StoreView {
  /** The store's name: its file name without `.json` (`dev-firm-us`). */
  readonly name: string;
  /** seq of the last write the files hold: the snapshot's, or that of the last log record after it. */
  readonly seq: number;
  /** Log records after the snapshot (acknowledged writes not yet folded into it), applied here. */
  readonly logRecords: number;
  /** The store's meta record. */
  readonly meta: Readonly<Record<string, unknown>>;
  /** Names of the collections that hold at least one entity, sorted. */
  readonly collections: readonly string[];
  /** Entities in `collection` (0 for one the store does not have), without parsing it. */
  count(collection: string): number;
  /**
   * The entities of `collection` in insertion order, frozen ([] for one the store does not have). The
   * collection is parsed on its first use; a collection whose bytes fail their checksum throws a
   * `StoreCorruptError` naming it.
   */
  entities(collection: string): readonly Entity[];
  /** The entity `id` of `collection`, or undefined. */
  get(collection: string, id: string): Entity | undefined;
}

/** Why `readStore` found no store to show; nothing was written. */
export interface StoreReadError {
  ok: false;
  /**
   * `missing`: no snapshot and no log at that path; `damaged`: the files cannot be read as a store (what
   * `rm-harness store check` reports); `unreadable`: the file system refused (permissions, not a file).
   */
  kind: 'missing' | 'damaged' | 'unreadable';
  message: string;
}

/**
 * A compaction running meanwhile can replace the snapshot and logs between two reads, which shows as a
 * gap in the seqs: a read that finds damage is tried again before the damage counts (real damage stays).
 */
const ATTEMPTS = 3;

/**
 * Reads the store whose snapshot is `file` (`<data-dir>/<name>.json`) with its logs (`<name>.wal`, and
 * `<name>.wal.1` while a compaction runs) as the simulator would load it, without taking its lock and
 * without changing a byte: a torn last log record (never acknowledged) is left out, not cut off.
 */
export async function readStore(file: string): Promise<{ ok: true; store: StoreView } | StoreReadError> {
  const name = basename(file).replace(/\.json$/, '');
  let paths;
  try {
    paths = storeFilePaths(dirname(file), name);
  } catch (err) {
    return { ok: false, kind: 'missing', message: `${file}: ${(err as Error).message}` };
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, store: await readOnce(name, paths.snapshot, paths.rotated, paths.wal) };
    } catch (err) {
      if (err instanceof NoStoreError) return { ok: false, kind: 'missing', message: err.message };
      if (err instanceof StoreError || err instanceof WalCorruptError) {
        if (attempt < ATTEMPTS) continue;
        return { ok: false, kind: 'damaged', message: err.message };
      }
      if (errorCode(err) !== undefined)
        return { ok: false, kind: 'unreadable', message: (err as Error).message };
      throw err;
    }
  }
}

/** Neither a snapshot nor a log exists. */
class NoStoreError extends Error {}

async function readOnce(
  name: string,
  snapshotPath: string,
  rotatedPath: string,
  walPath: string,
): Promise<StoreView> {
  const snapshot = await new SnapshotFile(snapshotPath).read();
  const records: WalRecord[] = [];
  let last = snapshot?.seq ?? 0;
  let logs = 0;
  for (const path of [rotatedPath, walPath]) {
    const log = await readWal(path, nodeFs);
    if (!log) continue;
    logs++;
    last = collectRecords(log.records, last, records, path);
  }
  if (!snapshot && logs === 0) throw new NoStoreError(`no store at ${snapshotPath} (nor its log)`);
  const state = new StoreState();
  if (snapshot) state.load(snapshot, snapshot.seq, deepFreeze);
  state.replayRecords(records, deepFreeze);
  const parsed = new Map<string, readonly Entity[]>();
  return {
    name,
    seq: state.seq,
    logRecords: records.length,
    meta: state.metaRecord(),
    collections: Object.keys(state.captureForWrite().collections),
    count: (collection) => state.count(collection),
    entities: (collection) => {
      let found = parsed.get(collection);
      if (!found) {
        found = Object.freeze([...state.all(collection)]);
        parsed.set(collection, found);
      }
      return found;
    },
    get: (collection, id) => state.get(collection, id),
  };
}
