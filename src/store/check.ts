import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { StoreCorruptError } from './errors.js';
import { fsyncDir, nodeFs, readIfExists } from './fsutil.js';
import type { DurableFs } from './fsutil.js';
import { SnapshotFile } from './snapshot-file.js';
import { readSnapshot } from './snapshot-codec.js';
import { damagedCopyPath, storeFilePaths } from './store-files.js';
import type { Entity, PersistedSnapshot } from './types.js';
import { isPlainRecord } from './validate.js';
import { parseWal, WalCorruptError } from './wal.js';
import type { WalContents } from './wal.js';

/** One thing `checkStore` found: an error makes the store fail the check; a note does not. */
export interface StoreFinding {
  level: 'error' | 'note';
  /** The file it is about (its name, not its path). */
  file: string;
  message: string;
}

/** What `checkStore` found in one store, and what `repair` did about it. */
export interface StoreCheck {
  store: string;
  ok: boolean;
  findings: StoreFinding[];
  /** Entities per collection of the snapshot (collections that could be read). */
  collections: Record<string, number>;
  /** Log records after the snapshot, in the rotated and the live log. */
  records: number;
  /** With `repair`: the files written, and where each original was kept. */
  repaired: Array<{ file: string; keptAs: string; what: string }>;
}

/** The stores in `dir`: every `<name>.json`, `<name>.wal` or `<name>.wal.1`, by name, sorted. */
export async function listStores(dir: string, fs: DurableFs = nodeFs): Promise<string[]> {
  const names = new Set<string>();
  for (const file of await fs.readdir(dir)) {
    if (file.startsWith('.')) continue;
    const match = /^(.+?)\.(json|wal|wal\.1)$/.exec(file);
    if (match) names.add(match[1]!);
  }
  return [...names].sort();
}

/**
 * Verifies a store's files like SQLite's `integrity_check`: the snapshot's checksums (first line and
 * every collection, each parsed and checked for its count and ids), each log's record checksums, and
 * the cross-references (log records follow the snapshot's seq without a gap). With `repair`, damage is
 * salvaged into new files up to the last good record, and each original is kept beside the store as
 * `<file>.damaged-<time>`.
 */
export async function checkStore(
  dir: string,
  name: string,
  options: { repair?: boolean; fs?: DurableFs } = {},
): Promise<StoreCheck> {
  const fs = options.fs ?? nodeFs;
  const paths = storeFilePaths(dir, name);
  const result: StoreCheck = {
    store: name,
    ok: true,
    findings: [],
    collections: {},
    records: 0,
    repaired: [],
  };
  const error = (file: string, message: string) => {
    result.ok = false;
    result.findings.push({ level: 'error', file: base(file), message });
  };
  const note = (file: string, message: string) =>
    result.findings.push({ level: 'note', file: base(file), message });

  const snapshotBytes = await readIfExists(paths.snapshot, fs);
  let seq = 0;
  if (snapshotBytes) {
    const checked = checkSnapshot(snapshotBytes, paths.snapshot, result.collections);
    seq = checked.seq ?? 0;
    for (const problem of checked.problems) error(paths.snapshot, problem);
    if (checked.problems.length > 0 && options.repair) {
      const salvage = salvageSnapshot(snapshotBytes);
      await replaceKeeping(paths.snapshot, fs, result, salvage.what, (path) =>
        new SnapshotFile(path, fs).write(salvage.snapshot),
      );
      seq = salvage.snapshot.seq;
    }
  }

  let last = seq;
  for (const path of [paths.rotated, paths.wal]) {
    const bytes = await readIfExists(path, fs);
    if (!bytes) continue;
    let wal: WalContents;
    let damaged: { from: number; to: number } | null = null;
    try {
      wal = parseWal(bytes, path);
    } catch (err) {
      if (!(err instanceof WalCorruptError)) throw err;
      wal = err.intact;
      damaged = err.damage;
      error(
        path,
        `record at line ${err.damage.line} (bytes ${err.damage.from}–${err.damage.to}) is damaged (${err.damage.why}); ` +
          `${wal.records.length} records before it are intact, bytes ${err.damage.from}–${bytes.length} after it cannot be used`,
      );
    }
    if (wal.tail) {
      note(
        path,
        `torn tail: the last record (line ${wal.tail.line}, bytes ${wal.tail.from}–${wal.tail.to}) is cut short; ` +
          'it was never acknowledged, and the next open drops it (keeping a copy)',
      );
    }
    if (wal.legacyRecords > 0)
      note(path, `${wal.legacyRecords} records without checksums (an earlier release's log)`);
    for (const record of wal.records) {
      if (record.seq <= last) continue;
      if (record.seq !== last + 1) {
        error(path, `record seq ${record.seq} follows seq ${last}: records are missing`);
        break;
      }
      last = record.seq;
      result.records++;
    }
    if ((damaged || wal.tail) && options.repair) {
      const keep = bytes.subarray(0, wal.validBytes);
      const what = `kept ${wal.records.length} records (bytes 0–${wal.validBytes}), dropped bytes ${wal.validBytes}–${bytes.length}`;
      await replaceKeeping(path, fs, result, what, (target) => writeDurably(target, keep, fs));
    }
  }
  if (!snapshotBytes && result.records === 0 && result.findings.length === 0)
    note(paths.snapshot, 'no snapshot and no log');
  return result;
}

function base(path: string): string {
  return path.slice(dirname(path).length + 1);
}

/** Checks every part of a snapshot file; fills `counts` with what could be read. */
function checkSnapshot(
  bytes: Buffer,
  path: string,
  counts: Record<string, number>,
): { seq: number | undefined; problems: string[] } {
  let snapshot: PersistedSnapshot;
  // The codec's errors start with the file's name, which each finding already carries.
  const named = `${base(path)}: `;
  const problem = (err: unknown): string => {
    const message = (err as Error).message;
    return message.startsWith(named) ? message.slice(named.length) : message;
  };
  try {
    snapshot = readSnapshot(bytes, base(path));
  } catch (err) {
    return { seq: undefined, problems: [problem(err)] };
  }
  const problems: string[] = [];
  for (const [name, collection] of Object.entries(snapshot.collections)) {
    try {
      const entities = Array.isArray(collection) ? collection : collection.parse();
      const ids = new Set<string>();
      for (const entity of entities) {
        if (ids.has(entity.id))
          throw new StoreCorruptError(`collection "${name}" has duplicate id "${entity.id}"`);
        ids.add(entity.id);
      }
      counts[name] = entities.length;
    } catch (err) {
      problems.push(problem(err));
    }
  }
  return { seq: snapshot.seq, problems };
}

/**
 * What can be saved of a damaged snapshot, scanning its lines rather than trusting its index: the first
 * line's seq and meta when it parses, and per collection every entity line that parses. Collections
 * whose bytes still match their checksum are exact; the others keep their parsable lines (one of which
 * may hold the damaged byte), and the report says which.
 */
export function salvageSnapshot(bytes: Buffer): { snapshot: PersistedSnapshot; what: string } {
  const text = bytes.toString('utf8');
  const lines = text.split('\n');
  let seq = 0;
  let meta: Record<string, unknown> = {};
  let index: Record<string, { crc?: number }> = {};
  try {
    const header = JSON.parse(`${lines[0]}}}`) as { seq?: unknown; meta?: unknown };
    if (typeof header.seq === 'number') seq = header.seq;
    if (isPlainRecord(header.meta)) meta = header.meta;
  } catch {
    // A damaged first line: seq 0 and no meta; the log (if any) replays over it.
  }
  const trailer = lines.at(-2) ?? '';
  const at = trailer.indexOf('"index":');
  if (at !== -1) {
    try {
      const parsed = JSON.parse(`{${trailer.slice(at)}`) as { index?: unknown };
      if (isPlainRecord(parsed.index)) index = parsed.index as typeof index;
    } catch {
      // No usable index: collections are named by their label lines only.
    }
  }
  const expected = Object.keys(index);
  const collections: Record<string, Entity[]> = {};
  const raw: Record<string, string[]> = {};
  let current: string | null = null;
  let dropped = 0;
  for (const line of lines.slice(1)) {
    const label = /^("(?:[^"\\]|\\.)*"):\[$/.exec(line);
    if (label) {
      current = JSON.parse(label[1]!) as string;
      collections[current] = [];
      raw[current] = [];
      continue;
    }
    if (line === '],' || line === ']') {
      current = null;
      continue;
    }
    if (!line.startsWith('{')) continue;
    // Entity lines outside any collection: their label line is missing; they belong to the next expected one.
    current ??= expected.find((n) => !(n in collections)) ?? null;
    if (current === null) {
      dropped++;
      continue;
    }
    if (!(current in collections)) {
      collections[current] = [];
      raw[current] = [];
    }
    const json = line.endsWith(',') ? line.slice(0, -1) : line;
    try {
      const entity: unknown = JSON.parse(json);
      if (isPlainRecord(entity) && typeof entity.id === 'string') {
        collections[current]!.push(entity as Entity);
        raw[current]!.push(json);
        continue;
      }
    } catch {
      // Counted below.
    }
    dropped++;
  }
  const unverified = Object.keys(collections).filter((name) => {
    const crc = index[name]?.crc;
    const bytesOf = `[\n${raw[name]!.join(',\n')}\n]`;
    return crc === undefined || crc32(raw[name]!.length === 0 ? '[\n]' : bytesOf) !== crc;
  });
  const missing = expected.filter((n) => !(n in collections));
  const parts = [
    `salvaged ${Object.keys(collections).length} collections (${Object.values(collections).reduce((a, c) => a + c.length, 0)} entities)`,
    ...(unverified.length > 0 ? [`unverified (kept their readable lines): ${unverified.join(', ')}`] : []),
    ...(missing.length > 0 ? [`lost: ${missing.join(', ')}`] : []),
    ...(dropped > 0 ? [`${dropped} unreadable lines dropped`] : []),
  ];
  const nonEmpty = Object.fromEntries(
    Object.entries(collections)
      .filter(([, entities]) => entities.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { snapshot: { seq, meta, collections: nonEmpty }, what: parts.join('; ') };
}

/** Keeps `path` as `<path>.damaged-<time>` and writes its salvaged content in its place, durably. */
async function replaceKeeping(
  path: string,
  fs: DurableFs,
  result: StoreCheck,
  what: string,
  write: (path: string) => Promise<void>,
): Promise<void> {
  const kept = damagedCopyPath(path);
  const salvaged = join(dirname(path), `.${base(path)}.salvaged`);
  await write(salvaged);
  await fs.rename(path, kept);
  await fs.rename(salvaged, path);
  await fsyncDir(dirname(path), fs);
  result.repaired.push({ file: base(path), keptAs: base(kept), what });
}

async function writeDurably(path: string, bytes: Buffer, fs: DurableFs): Promise<void> {
  const file = await fs.open(path, 'w');
  try {
    for (let off = 0; off < bytes.length;)
      off += (await file.write(bytes, off, bytes.length - off)).bytesWritten;
    await file.sync();
  } finally {
    await file.close();
  }
}
