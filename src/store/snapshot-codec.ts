import { crc32 } from 'node:zlib';
import { StoreCorruptError } from './errors.js';
import { entityArrayPieces } from './json-lines.js';
import type { DeferredCollection, Entity, PersistedSnapshot, StoreSnapshot } from './types.js';
import { isPlainRecord } from './validate.js';

/** Throws a `StoreCorruptError` naming `source` unless `value` has the (version 1) snapshot shape. */
export function assertSnapshot(value: unknown, source: string): asserts value is StoreSnapshot {
  const fail = (why: string): never => {
    throw new StoreCorruptError(`${source}: invalid snapshot: ${why}`);
  };
  if (!isPlainRecord(value)) return fail('not a JSON object');
  if (value.version !== 1) fail(`unsupported version ${JSON.stringify(value.version)}`);
  assertHeader(value, fail);
  if (!isPlainRecord(value.collections)) return fail('collections must be an object');
  for (const [name, entities] of Object.entries(value.collections)) {
    if (name === '') fail('empty collection name');
    assertEntities(entities, name, fail);
  }
}

function assertHeader(value: Record<string, unknown>, fail: (why: string) => never): void {
  if (typeof value.seq !== 'number' || !Number.isSafeInteger(value.seq) || value.seq < 0) {
    fail('seq must be a non-negative integer');
  }
  if (!isPlainRecord(value.meta)) fail('meta must be an object');
}

function assertEntities(
  entities: unknown,
  name: string,
  fail: (why: string) => never,
): asserts entities is Entity[] {
  if (!Array.isArray(entities)) fail(`collection ${JSON.stringify(name)} is not an array`);
  (entities as unknown[]).forEach((e: unknown, i) => {
    if (!isPlainRecord(e) || typeof e.id !== 'string') {
      fail(`collection ${JSON.stringify(name)} item ${i} is not an object with a string id`);
    }
  });
}

/**
 * Where a collection's JSON array sits in a version 2, 3 or 4 file: bytes from the end of the first line;
 * from version 4 on, with the CRC-32 of those bytes.
 */
interface SectionEntry {
  at: number;
  length: number;
  count: number;
  crc?: number;
}

const V2_PREFIX = Buffer.from('{"version":2,');
const V3_PREFIX = Buffer.from('{"version":3,');
const V4_PREFIX = Buffer.from('{"version":4,');
const V2_TAIL = Buffer.from('\n}}\n');
/** Version 3: the body ends with this, then the index (one line), then `}\n`. */
const V3_INDEX_START = '\n},"index":';
const NEWLINE = 0x0a;

/**
 * Parses the bytes of a snapshot file. Version 4 files (what this code writes), 3 and 2 are read lazily: only the first line and the index are parsed now, and each collection's JSON array is
 * decoded and parsed when the store first needs it, so opening a large store costs little more than
 * reading the file. Version 1 files (one JSON document, as the first releases wrote) are parsed whole.
 * `source` names the file in errors.
 */
export function readSnapshot(bytes: Buffer, source = 'snapshot'): PersistedSnapshot {
  const fail = (why: string): never => {
    throw new StoreCorruptError(`${source}: invalid snapshot: ${why}`);
  };
  const v4 = startsWith(bytes, V4_PREFIX);
  const v3 = v4 || startsWith(bytes, V3_PREFIX);
  if (!v3 && !startsWith(bytes, V2_PREFIX)) {
    const snapshot = parseSnapshot(bytes.toString('utf8'), source);
    return { seq: snapshot.seq, meta: snapshot.meta, collections: snapshot.collections };
  }
  const bodyStart = bytes.indexOf(NEWLINE);
  const { bodyEnd, indexText } = v3 ? v3Index(bytes, fail) : v2Index(bytes, fail);
  if (bodyStart === -1 || bodyStart > bodyEnd) return fail('truncated file');
  let header: unknown;
  let index: unknown;
  try {
    if (v4) {
      // Version 4's last line also holds the CRC-32 of the first (seq and meta), checked before it is used.
      const trailer = JSON.parse(`{"index":${indexText}}`) as { index?: unknown; head?: unknown };
      index = trailer.index;
      if (trailer.head !== crc32(bytes.subarray(0, bodyStart)))
        fail('first line (seq, meta) fails its checksum');
    }
    header = JSON.parse(`${bytes.toString('utf8', 0, bodyStart)}}}`);
    if (!v4) index = v3 ? JSON.parse(indexText) : (header as { index?: unknown }).index;
  } catch (err) {
    if (err instanceof StoreCorruptError) throw err;
    return fail(`${v3 ? 'first or last line' : 'first line'} is not JSON: ${(err as Error).message}`);
  }
  if (!isPlainRecord(header)) return fail('not a JSON object');
  assertHeader(header, fail);
  if (!isPlainRecord(index)) return fail('index must be an object');
  const collections: Record<string, DeferredCollection> = {};
  for (const [name, entry] of Object.entries(index)) {
    if (name === '') fail('empty collection name');
    const { at, length, count, crc } = (isPlainRecord(entry) ? entry : {}) as Partial<SectionEntry>;
    const start = bodyStart + (at ?? -1);
    const end = start + (length ?? 0);
    const numbers = v4 ? [at, length, count, crc] : [at, length, count];
    const valid = numbers.every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
    if (!valid || end > bodyEnd) fail(`index entry of ${JSON.stringify(name)} is out of bounds`);
    if (bytes[start] !== 0x5b || bytes[end - 1] !== 0x5d)
      fail(`collection ${JSON.stringify(name)} is misplaced`);
    collections[name] = deferred(bytes.subarray(start, end), count!, name, fail, v4 ? crc : undefined);
  }
  return { seq: header.seq as number, meta: header.meta as Record<string, unknown>, collections };
}

function startsWith(bytes: Buffer, prefix: Buffer): boolean {
  return bytes.subarray(0, prefix.length).equals(prefix);
}

/** Version 2: the index is in the first line (parsed with it); the body ends at the fixed tail. */
function v2Index(bytes: Buffer, fail: (why: string) => never) {
  if (!bytes.subarray(bytes.length - V2_TAIL.length).equals(V2_TAIL)) fail('truncated file');
  return { bodyEnd: bytes.length - V2_TAIL.length, indexText: '' };
}

/** Version 3: the index is the last line, after the body, so the writer can stream the body first. */
function v3Index(bytes: Buffer, fail: (why: string) => never) {
  if (bytes.length < 2 || bytes[bytes.length - 1] !== NEWLINE || bytes[bytes.length - 2] !== 0x7d) {
    fail('truncated file');
  }
  const bodyEnd = bytes.lastIndexOf(V3_INDEX_START, bytes.length - 2);
  if (bodyEnd === -1) fail('truncated file');
  return {
    bodyEnd,
    indexText: bytes.toString('utf8', bodyEnd + V3_INDEX_START.length, bytes.length - 2),
  };
}

function deferred(
  bytes: Buffer,
  count: number,
  name: string,
  fail: (why: string) => never,
  crc: number | undefined,
): DeferredCollection {
  const verify = () => {
    // Checked on every use, never remembered: damage is never served, nor copied into a new snapshot.
    if (crc !== undefined && crc32(bytes) !== crc) {
      fail(`collection ${JSON.stringify(name)} fails its checksum: its bytes are damaged`);
    }
  };
  return {
    count,
    ...(crc !== undefined ? { crc } : {}),
    bytes: () => bytes,
    verify,
    parse() {
      verify();
      let entities: unknown;
      try {
        entities = JSON.parse(bytes.toString('utf8'));
      } catch (err) {
        return fail(`collection ${JSON.stringify(name)} is not JSON: ${(err as Error).message}`);
      }
      assertEntities(entities, name, fail);
      if (entities.length !== count) {
        fail(`collection ${JSON.stringify(name)} holds ${entities.length} entities, not ${count}`);
      }
      return entities;
    },
  };
}

/** The entities of a snapshot's collection: as they are, or parsed now if the file's bytes still hold them. */
export function collectionEntities(collection: readonly Entity[] | DeferredCollection): readonly Entity[] {
  return Array.isArray(collection) ? collection : (collection as DeferredCollection).parse();
}

/** Parses and validates a version 1 snapshot document; `source` names the file in errors. */
export function parseSnapshot(text: string, source = 'snapshot'): StoreSnapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new StoreCorruptError(`${source}: invalid JSON: ${(err as Error).message}`, { cause: err });
  }
  assertSnapshot(value, source);
  return value;
}

/**
 * A collection's JSON array, one entity per line, in pieces; a deferred one is copied as read, once its
 * checksum (where it has one) shows it intact.
 */
function sectionPieces(entities: readonly Entity[] | DeferredCollection): Iterable<Buffer> {
  if (Array.isArray(entities)) return entityArrayPieces(entities);
  const deferred = entities as DeferredCollection;
  deferred.verify?.();
  return deferred.pieces ? deferred.pieces() : [deferred.bytes()];
}

/**
 * The canonical bytes of a snapshot (version 3), piece by piece, in file order: one JSON document with
 * one entity per line, so seed files diff well and the same snapshot always yields the same bytes. The
 * last line indexes where each collection's array lies, so a reader can parse collections one at a
 * time, and a writer can stream the body without holding it. Collections keep the object's order
 * (`Store.toSnapshot()` sorts them).
 */
export function* snapshotPieces(snapshot: StoreSnapshot | PersistedSnapshot): Generator<Buffer> {
  const head = Buffer.from(
    `{"version":4,"seq":${snapshot.seq},"meta":${JSON.stringify(snapshot.meta)},"collections":{`,
  );
  yield head;
  // The first line (seq, meta) ends where the first collection's label (or the body's end) starts.
  const headCrc = crc32(head);
  const index: Record<string, SectionEntry> = {};
  let offset = 0;
  let first = true;
  for (const [name, entities] of Object.entries(snapshot.collections)) {
    const label = Buffer.from(`${first ? '' : ','}\n${JSON.stringify(name)}:`);
    first = false;
    yield label;
    offset += label.length;
    const at = offset;
    let crc = 0;
    for (const piece of sectionPieces(entities)) {
      yield piece;
      crc = crc32(piece, crc);
      offset += piece.length;
    }
    const count = Array.isArray(entities) ? entities.length : (entities as DeferredCollection).count;
    index[name] = { at, length: offset - at, count, crc };
  }
  yield Buffer.from(`${V3_INDEX_START}${JSON.stringify(index)},"head":${headCrc}}\n`);
}

/** The canonical snapshot text, built synchronously. */
export function stringifySnapshot(snapshot: StoreSnapshot | PersistedSnapshot): string {
  return Buffer.concat([...snapshotPieces(snapshot)]).toString('utf8');
}
