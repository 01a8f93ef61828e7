import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { StoreError, StoreFailedError } from './errors.js';
import { IdFilter } from './id-filter.js';
import { JsonLinesEncoder } from './json-lines.js';
import { SnapshotFile } from './snapshot-file.js';
import type { DurableFs } from './fsutil.js';
import { nodeFs } from './fsutil.js';
import { SourceReader } from './transaction.js';
import type { Transaction } from './transaction.js';
import { sortedView } from './sorted-index.js';
import type {
  DeferredCollection,
  Entity,
  EntityOrder,
  IndexKeyFn,
  PersistedSnapshot,
  SortKeyFn,
  SortedEntities,
} from './types.js';
import { assertCollectionName, assertEntity } from './validate.js';

/** An index the builder's look-ups may use (the same definitions a `Store` gets). */
export interface BuilderIndex {
  name: string;
  collection: string;
  key: IndexKeyFn;
  /** The value a sorted index orders each key's entities by (see `Store.defineIndex`). */
  sortBy?: SortKeyFn;
  /** The order of a sorted index that no text value gives (see `Store.defineIndex`). */
  compare?: EntityOrder;
}

/** Options of a `SnapshotBuilder`. */
export interface SnapshotBuilderOptions {
  /** Where collections are streamed while the snapshot is built (removed again; best beside the target). */
  spillPath: string;
  indexes?: readonly BuilderIndex[];
  /**
   * Collections held as objects from the start, because the writer reads them back: parsing a
   * streamed collection back costs more than holding it (a 100k-contact collection ~1.5 s).
   */
  held?: readonly string[];
}

/** Where one piece of a collection's streamed lines lies in the spill file. */
interface Segment {
  at: number;
  length: number;
}

const OPEN = Buffer.from('[\n');
const CLOSE = Buffer.from('\n]');
const SEPARATOR = ',\n';

/**
 * A collection while a snapshot is built. It starts *streaming*: each entity's line is encoded as it is
 * put and appended to the spill file about 1 MiB at a time, so the entity dies young and the bytes
 * leave the JS heap. The first read of any kind (other than a count, or a get of an id it certainly
 * does not hold) parses the streamed lines back into objects, and the collection is held as objects
 * from then on; its streamed bytes still serve the file as long as none of those entities changes.
 */
class BuiltCollection {
  readonly segments: Segment[] = [];
  /** The ids of streamed entities; only while streaming. */
  private filter: IdFilter | null = null;
  private encoder: JsonLinesEncoder | null = null;
  /** Entities whose lines are in `segments` (or the encoder), in insertion order. */
  streamed = 0;
  /** Every entity in insertion order, once read; null while streaming. */
  objects: Map<string, Entity> | null = null;
  /** Whether the streamed lines still describe the first `streamed` objects. */
  linesValid = true;
  /** Whether the streamed lines had to be parsed back (a read the writer did not announce). */
  parsedBack = false;

  constructor(
    readonly name: string,
    private readonly spill: Spill,
    held: boolean,
  ) {
    if (held) {
      this.objects = new Map();
      return;
    }
    this.filter = new IdFilter();
    this.encoder = new JsonLinesEncoder((bytes) => this.segments.push(spill.append(bytes)), undefined, true);
  }

  /** The count when `release` let go of the entities. */
  private released: number | null = null;

  get count(): number {
    if (this.released !== null) return this.released;
    return this.objects ? this.objects.size : this.streamed;
  }

  /** Entities held as objects (0 while streaming and after `release`). */
  get held(): number {
    return this.objects?.size ?? 0;
  }

  /** Lets go of the entities and the spilled segments once the file has every byte; the count stays. */
  release(): void {
    this.released = this.count;
    this.objects = null;
    this.segments.length = 0;
    this.filter = null;
    this.encoder = null;
  }

  /** Appends or replaces; returns whether an entity was replaced (so indexes must be rebuilt). */
  put(entity: Entity): boolean {
    if (!this.objects) {
      if (!this.filter!.add(entity.id)) {
        this.encoder!.write(entity);
        this.streamed++;
        return false;
      }
      this.materialise();
    }
    const objects = this.objects!;
    const replaced = objects.has(entity.id);
    objects.set(entity.id, entity);
    if (replaced) this.linesValid = false;
    return replaced;
  }

  /** Removes; returns whether there was such an entity. */
  delete(id: string): boolean {
    if (!this.has(id)) return false;
    this.materialise().delete(id);
    this.linesValid = false;
    return true;
  }

  get(id: string): Entity | undefined {
    if (!this.objects && !this.filter!.mayHave(id)) return undefined;
    return this.materialise().get(id);
  }

  has(id: string): boolean {
    if (!this.objects && !this.filter!.mayHave(id)) return false;
    return this.materialise().has(id);
  }

  /** Every entity by id, in insertion order: parses the streamed lines on first use. */
  materialise(): Map<string, Entity> {
    if (this.objects) return this.objects;
    this.parsedBack = true;
    this.encoder!.end();
    this.encoder = null;
    this.filter = null;
    const objects = new Map<string, Entity>();
    for (const [i, segment] of this.segments.entries()) {
      const text = this.spill.read(segment).toString('utf8');
      const entities: unknown = JSON.parse(`[${i === 0 ? text : text.slice(SEPARATOR.length)}]`);
      for (const entity of entities as Entity[]) objects.set(entity.id, entity);
    }
    if (objects.size !== this.streamed) {
      throw new StoreFailedError(`snapshot builder: collection "${this.name}" lost entities while spilled`);
    }
    this.objects = objects;
    return objects;
  }

  /**
   * The collection as the snapshot writer takes it: streamed lines as they are, the rest encoded as it is
   * written. Always in pieces, never as an array of the entities: the writer's snapshot then holds no
   * entity, so `release` frees them all (a held 100k-contact collection is ~200 MB of objects).
   */
  persisted(): DeferredCollection {
    this.encoder?.end();
    const count = this.count;
    const pieces = () => this.pieces();
    return {
      count,
      pieces,
      bytes: () => Buffer.concat([...pieces()]),
      parse: () => [...this.materialise().values()],
    };
  }

  private *pieces(): Generator<Buffer> {
    yield OPEN;
    // Streamed lines serve as long as they still describe the first `streamed` objects.
    const reused = this.linesValid ? this.streamed : 0;
    if (reused > 0) for (const segment of this.segments) yield this.spill.read(segment);
    if (this.objects && this.objects.size > reused) {
      const out: Buffer[] = [];
      const encoder = new JsonLinesEncoder((bytes) => out.push(bytes));
      // The first line after the streamed ones needs its separator, as if the encoder had written them.
      encoder.count = reused;
      let i = 0;
      for (const entity of this.objects.values()) {
        if (i++ < reused) continue;
        encoder.write(entity);
        if (out.length > 0) yield* out.splice(0);
      }
      encoder.end();
      yield* out.splice(0);
    }
    yield CLOSE;
  }
}

/** The spill file: appended to, read back at given offsets; removed as soon as it is open where possible. */
class Spill {
  private fd: number | null;
  private end = 0;
  private unlinked = false;

  constructor(private readonly path: string) {
    this.fd = openSync(path, 'w+');
    // Unlinked while open (POSIX), so a crash cannot leave it behind; elsewhere it goes on close.
    try {
      unlinkSync(path);
      this.unlinked = true;
    } catch {
      this.unlinked = false;
    }
  }

  append(bytes: Buffer): Segment {
    const fd = this.open();
    const segment = { at: this.end, length: bytes.length };
    for (let off = 0; off < bytes.length;) {
      off += writeSync(fd, bytes, off, bytes.length - off, this.end + off);
    }
    this.end += bytes.length;
    return segment;
  }

  read(segment: Segment): Buffer {
    const fd = this.open();
    const bytes = Buffer.allocUnsafe(segment.length);
    for (let off = 0; off < segment.length;) {
      const n = readSync(fd, bytes, off, segment.length - off, segment.at + off);
      if (n === 0) throw new StoreFailedError(`snapshot builder: spill file ${this.path} is truncated`);
      off += n;
    }
    return bytes;
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    if (!this.unlinked) {
      try {
        unlinkSync(this.path);
      } catch {
        // Already gone: nothing to clean up.
      }
    }
  }

  private open(): number {
    if (this.fd === null) throw new StoreError('snapshot builder is closed');
    return this.fd;
  }
}

/** An index of the builder: key → entities in insertion order, built on first look-up. */
class BuiltIndex {
  buckets: Map<string, Entity[]> | null = null;

  constructor(readonly def: BuilderIndex) {}

  keysOf(entity: Entity): readonly string[] {
    const keys: unknown = this.def.key(entity);
    if (keys === undefined) return [];
    if (typeof keys === 'string') return [keys];
    if (Array.isArray(keys) && keys.every((k): k is string => typeof k === 'string')) {
      return keys.length > 1 ? [...new Set(keys)] : keys;
    }
    throw new StoreError(
      `index "${this.def.name}": key function returned ${typeof keys}; expected a string, string[] or undefined`,
    );
  }

  add(entity: Entity): void {
    if (!this.buckets) return;
    for (const key of this.keysOf(entity)) {
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(entity);
      else this.buckets.set(key, [entity]);
    }
  }
}

/**
 * Builds one store's snapshot file in a single pass of writes (seeding), with the read API of a
 * transaction, without holding the store: collections are streamed to a spill file as they are written
 * and parsed back only if something reads them (see `BuiltCollection`), then `write` assembles the
 * canonical snapshot file from the spilled bytes. The file is byte for byte what a `Store` holding the
 * same writes would write. No undo log: a transaction that throws fails the builder.
 */
export class SnapshotBuilder {
  /** seq of the last transaction that wrote something. */
  seq = 0;
  private readonly collections = new Map<string, BuiltCollection>();
  private readonly meta = new Map<string, unknown>();
  private metaView: Readonly<Record<string, unknown>> | null = null;
  private readonly indexes = new Map<string, BuiltIndex>();
  private readonly indexesOf = new Map<string, BuiltIndex[]>();
  private readonly spill: Spill;
  private readonly held: ReadonlySet<string>;
  private failure: Error | null = null;
  private busy = false;

  constructor(options: SnapshotBuilderOptions) {
    for (const def of options.indexes ?? []) {
      if (this.indexes.has(def.name)) throw new StoreError(`index "${def.name}" is already defined`);
      const index = new BuiltIndex(def);
      this.indexes.set(def.name, index);
      const list = this.indexesOf.get(def.collection);
      if (list) list.push(index);
      else this.indexesOf.set(def.collection, [index]);
    }
    this.held = new Set(options.held);
    this.spill = new Spill(options.spillPath);
  }

  /**
   * Runs `fn` synchronously with a transaction over the snapshot being built; the writes count as one
   * seq when there are any. A body that throws after writing fails the builder (there is no undo log).
   */
  transact<T>(fn: (tx: Transaction) => T): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.busy) return Promise.reject(new StoreError('transact() cannot nest'));
    const tx = new BuilderTransaction(this);
    this.busy = true;
    try {
      const result = fn(tx);
      if (result instanceof Promise) throw new StoreError('transaction body must be synchronous');
      if (tx.writes > 0) this.seq++;
      return Promise.resolve(result);
    } catch (err) {
      // Nothing written: nothing to undo. Otherwise the builder cannot go on.
      if (tx.writes > 0) {
        this.failure = new StoreFailedError(`snapshot builder failed: ${(err as Error).message}`, {
          cause: err,
        });
      }
      return Promise.reject(err);
    } finally {
      tx.finish();
      this.busy = false;
    }
  }

  /** Names of the collections written to, in the order they were first written. */
  collectionNames(): string[] {
    return [...this.collections.keys()];
  }

  /** Collections that were streamed, then read and so parsed back (none when `held` names every read). */
  parsedBack(): string[] {
    return [...this.collections.values()].filter((c) => c.parsedBack).map((c) => c.name);
  }

  /** Entities in a collection (0 if it never existed). */
  count(collection: string): number {
    return this.collections.get(collection)?.count ?? 0;
  }

  /**
   * Writes the snapshot durably to `path` (through `SnapshotFile`: temp file, fsync, rename, fsync of
   * the directory) and releases the spill file. `onWritten` is told when every byte is in the file,
   * before it is made durable; by then the builder holds no entities (see `announcingFs`).
   */
  async write(path: string, fs: DurableFs = nodeFs, onWritten?: () => void): Promise<void> {
    if (this.failure) throw this.failure;
    try {
      await new SnapshotFile(path, this.announcingFs(fs, onWritten)).write(this.persisted());
    } finally {
      this.close();
    }
  }

  /**
   * `fs`, except that the snapshot file's first sync (every byte written, none yet durable) first lets
   * go of the entities and the spill, then tells `onWritten`: the fsync, rename and directory fsync that
   * follow wait on the disk only, and a seeding worker can use that time for its next store without
   * this one's entities alive beside it.
   */
  private announcingFs(fs: DurableFs, onWritten?: () => void): DurableFs {
    let announced = false;
    const announce = () => {
      if (announced) return;
      announced = true;
      for (const col of this.collections.values()) col.release();
      for (const index of this.indexes.values()) index.buckets = null;
      this.close();
      onWritten?.();
    };
    return {
      ...fs,
      open: async (path, flags) => {
        const handle = await fs.open(path, flags);
        if (flags !== 'w') return handle;
        return {
          write: (buffer, offset, length) => handle.write(buffer, offset, length),
          sync: () => {
            announce();
            return handle.sync();
          },
          datasync: () => {
            announce();
            return handle.datasync();
          },
          truncate: (length) => handle.truncate(length),
          close: () => handle.close(),
        };
      },
    };
  }

  /** Entities held as objects now, in every collection (0 once `write` has every byte in the file). */
  heldEntities(): number {
    let n = 0;
    for (const col of this.collections.values()) n += col.held;
    return n;
  }

  /** Releases the spill file without writing (idempotent). */
  close(): void {
    this.spill.close();
  }

  /** What `Store.toSnapshot` would give for the same writes: non-empty collections and meta, sorted. */
  private persisted(): PersistedSnapshot {
    const names = [...this.collections.keys()].filter((n) => this.count(n) > 0).sort();
    const collections = Object.fromEntries(names.map((n) => [n, this.collections.get(n)!.persisted()]));
    const meta = Object.fromEntries([...this.meta].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return { seq: this.seq, meta, collections };
  }

  /** @internal The transaction's primitives. */
  collection(name: string, create: boolean): BuiltCollection | undefined {
    let col = this.collections.get(name);
    if (!col && create) {
      assertCollectionName(name);
      col = new BuiltCollection(name, this.spill, this.held.has(name));
      this.collections.set(name, col);
    }
    return col;
  }

  /** @internal */
  put(collection: string, entity: Entity): void {
    assertEntity(entity, collection);
    const col = this.collection(collection, true)!;
    const replaced = col.put(entity);
    for (const index of this.indexesOf.get(collection) ?? []) {
      if (replaced) index.buckets = null;
      else index.add(entity);
    }
  }

  /** @internal */
  delete(collection: string, id: string): boolean {
    const deleted = this.collections.get(collection)?.delete(id) ?? false;
    if (deleted)
      for (const index of this.indexes.values())
        if (index.def.collection === collection) index.buckets = null;
    return deleted;
  }

  /** @internal */
  get(collection: string, id: string): Entity | undefined {
    return this.collection(collection, false)?.get(id);
  }

  /** @internal */
  has(collection: string, id: string): boolean {
    return this.collection(collection, false)?.has(id) ?? false;
  }

  /** @internal */
  all(collection: string): IterableIterator<Entity> {
    const col = this.collection(collection, false);
    return col ? col.materialise().values() : [].values();
  }

  /** @internal */
  lookup(indexName: string, key: string): Entity[] {
    return [...(this.builtIndex(indexName).get(key) ?? [])];
  }

  /** @internal */
  sorted(indexName: string, key: string): SortedEntities {
    const bucket = this.builtIndex(indexName).get(key) ?? [];
    const { sortBy, compare } = this.indexes.get(indexName)!.def;
    if (!sortBy) throw new StoreError(`index "${indexName}" is not a sorted index`);
    // Seeding reads no ranges today; a sort of the bucket on each call is correct and enough.
    return sortedView(bucket, sortBy, compare);
  }

  /** @internal */
  indexKeys(indexName: string): IterableIterator<string> {
    return this.builtIndex(indexName).keys();
  }

  /** @internal */
  metaRecord(): Readonly<Record<string, unknown>> {
    this.metaView ??= Object.freeze(Object.fromEntries(this.meta));
    return this.metaView;
  }

  /** @internal */
  setMeta(key: string, value: unknown): void {
    if (typeof key !== 'string') throw new StoreError('meta key must be a string');
    if (value === undefined) this.meta.delete(key);
    else this.meta.set(key, value);
    this.metaView = null;
  }

  private builtIndex(name: string): Map<string, Entity[]> {
    const index = this.indexes.get(name);
    if (!index) throw new StoreError(`unknown index "${name}"`);
    if (!index.buckets) {
      const buckets = new Map<string, Entity[]>();
      index.buckets = buckets;
      const objects = this.collection(index.def.collection, false)?.materialise().values() ?? [];
      for (const entity of objects) index.add(entity);
    }
    return index.buckets;
  }
}

/** The transaction a `SnapshotBuilder` hands its writer: the `Transaction` API, no undo. */
class BuilderTransaction extends SourceReader implements Transaction {
  writes = 0;
  private status: 'open' | 'aborted' | 'done' = 'open';

  constructor(private readonly builder: SnapshotBuilder) {
    super(builder);
  }

  get aborted(): boolean {
    return this.status === 'aborted';
  }

  put<T extends Entity>(collection: string, entity: T): T {
    this.assertWritable();
    this.builder.put(collection, entity);
    this.writes++;
    return entity;
  }

  delete(collection: string, id: string): boolean {
    this.assertWritable();
    const deleted = this.builder.delete(collection, id);
    if (deleted) this.writes++;
    return deleted;
  }

  setMeta(key: string, value: unknown): void {
    this.assertWritable();
    this.builder.setMeta(key, value);
    this.writes++;
  }

  abort(): void {
    if (this.status === 'done') throw new StoreError('transaction already finished');
    if (this.writes > 0) throw new StoreError('a snapshot builder keeps no undo log');
    this.status = 'aborted';
  }

  finish(): void {
    this.status = 'done';
  }

  private assertWritable(): void {
    if (this.status === 'aborted') throw new StoreError('transaction was aborted');
    if (this.status === 'done') throw new StoreError('transaction already finished');
  }
}
