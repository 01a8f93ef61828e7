import { StoreCorruptError, StoreError } from './errors.js';
import { Index, IndexSet, type IndexLike, type Slot } from './indexes.js';
import { SortedIndex } from './sorted-index.js';
// A type import list: it reads like the type exports of index.ts, names only.
import type {
  DeferredCollection,
  Entity,
  EntityOrder,
  IndexKeyFn,
  PersistedSnapshot,
  SortKeyFn,
  SortedEntities,
  StoreSnapshot,
  WalOp,
  WalRecord,
} from './types.js';
import { assertCollectionName, assertEntity } from './validate.js';

/** One undo-log entry; undoing entries in reverse restores the state before a transaction. */
export type Undo =
  | { readonly k: 'put'; readonly c: string; readonly id: string; readonly prev: Slot | undefined }
  | { readonly k: 'del'; readonly c: string; readonly prev: Slot }
  | { readonly k: 'meta'; readonly key: string; readonly had: boolean; readonly prev: unknown };

/** What `StoreState.save` keeps so that `restore` can put the state back as it was (a failed reset). */
export interface SavedState {
  readonly collections: Map<string, Collection>;
  readonly meta: Map<string, unknown>;
  readonly freeze: <T>(value: T) => T;
  readonly seq: number;
}

/**
 * A write applied in memory whose log record is not durable yet, with what undoes it: a transaction's
 * undo log, or the state a reset replaced.
 */
export type Unconfirmed =
  | { readonly seq: number; readonly prevSeq: number; readonly undos: readonly Undo[] }
  | { readonly seq: number; readonly prevSeq: number; readonly saved: SavedState };

class Collection {
  slots = new Map<string, Slot>();
  nextOrd = 0;
  // Set when an undone delete re-inserted an entity at the end of the Map instead of its old place.
  unordered = false;

  /** Not parsed yet: the slots are empty until `materialise` fills them from this. */
  constructor(public deferred: DeferredCollection | null = null) {}

  /** Parses a deferred collection into slots; a corrupt one throws on every access and stays deferred. */
  materialise(name: string, freeze: <T>(value: T) => T): this {
    const deferred = this.deferred;
    if (!deferred) return this;
    const slots = new Map<string, Slot>();
    let ord = 0;
    for (const entity of deferred.parse()) {
      assertEntity(entity, name);
      if (slots.has(entity.id)) {
        throw new StoreError(`snapshot has duplicate id ${JSON.stringify(entity.id)} in "${name}"`);
      }
      slots.set(entity.id, { e: freeze(entity), ord: ord++ });
    }
    this.slots = slots;
    this.nextOrd = ord;
    this.deferred = null;
    return this;
  }

  /** Slots in insertion order, repairing the order after a rolled-back delete. */
  ordered(): Map<string, Slot> {
    if (this.unordered) {
      // A new Map rather than in-place reordering, so iterators already handed out stay valid.
      this.slots = new Map([...this.slots].sort((a, b) => a[1].ord - b[1].ord));
      this.unordered = false;
    }
    return this.slots;
  }
}

/** The in-memory data of a store and its primitive, undoable mutations; knows nothing of disk. */
export class StoreState {
  /** seq of the last committed transaction. */
  seq = 0;
  private collections = new Map<string, Collection>();
  private meta = new Map<string, unknown>();
  private metaView: Readonly<Record<string, unknown>> | null = null;
  private readonly indexes = new IndexSet();
  /** Applied to entities of deferred collections as they are parsed (deep-freeze in tests). */
  private freeze: <T>(value: T) => T = (value) => value;

  /** Collections found damaged when first read, with why (never served; reported by the store's health). */
  readonly damaged = new Map<string, string>();

  /** The collection, parsed first if it was deferred. */
  private collection(name: string): Collection | undefined {
    try {
      return this.collections.get(name)?.materialise(name, this.freeze);
    } catch (err) {
      this.damaged.set(name, (err as Error).message);
      throw err;
    }
  }

  get(collection: string, id: string): Entity | undefined {
    return this.collection(collection)?.slots.get(id)?.e;
  }

  has(collection: string, id: string): boolean {
    return this.collection(collection)?.slots.has(id) ?? false;
  }

  /** Entities of every collection together. */
  totalCount(): number {
    let total = 0;
    for (const name of this.collections.keys()) total += this.count(name);
    return total;
  }

  count(collection: string): number {
    const col = this.collections.get(collection);
    return col?.deferred ? col.deferred.count : (col?.slots.size ?? 0);
  }

  *all(collection: string): Generator<Entity, undefined, undefined> {
    const col = this.collection(collection);
    if (!col) return;
    for (const slot of col.ordered().values()) yield slot.e;
  }

  /** Entities under `key` in collection insertion order, so results do not depend on history. */
  lookup(indexName: string, key: string): Entity[] {
    const slots: Slot[] = [];
    let ordered = true;
    for (const slot of this.builtIndex(indexName).slots(key)) {
      // Buckets mostly hold slots in insertion order already; sort only when they do not.
      if (ordered && slots.length > 0 && slots[slots.length - 1]!.ord > slot.ord) ordered = false;
      slots.push(slot);
    }
    if (!ordered) slots.sort((a, b) => a.ord - b.ord);
    return slots.map((s) => s.e);
  }

  /** The entities under `key` of a sorted index, in its order; throws for an index that is not sorted. */
  sorted(indexName: string, key: string): SortedEntities {
    const index = this.builtIndex(indexName);
    if (!(index instanceof SortedIndex)) throw new StoreError(`index "${indexName}" is not a sorted index`);
    return index.view(key);
  }

  /** The index called `indexName`, built first if this is its first use. */
  private builtIndex(indexName: string): IndexLike {
    const index = this.indexes.get(indexName);
    if (!index.built) index.load(this.collection(index.collection)?.ordered().values() ?? []);
    return index;
  }

  /** Names of the collections still deferred (not parsed yet). */
  deferredNames(): string[] {
    return [...this.collections].filter(([, col]) => col.deferred).map(([name]) => name);
  }

  /** Keys of an index that have at least one entity under them, unordered. */
  indexKeys(indexName: string): IterableIterator<string> {
    return this.builtIndex(indexName).keys();
  }

  /** A frozen copy of the meta record, cached until meta changes. */
  metaRecord(): Readonly<Record<string, unknown>> {
    // fromEntries defines own properties, so a "__proto__" key stays data, never a prototype.
    this.metaView ??= Object.freeze(Object.fromEntries(this.meta));
    return this.metaView;
  }

  /** Registers an index (sorted by `sortBy` when given); it is built from the data on its first lookup. */
  defineIndex(
    name: string,
    collection: string,
    key: IndexKeyFn,
    sortBy?: SortKeyFn,
    compare?: EntityOrder,
  ): void {
    assertCollectionName(collection);
    this.indexes.add(
      sortBy ? new SortedIndex(name, collection, key, sortBy, compare) : new Index(name, collection, key),
    );
  }

  /** Inserts or replaces; throws before changing anything if the entity or a key function is bad. */
  put(collection: string, entity: Entity): Undo {
    assertCollectionName(collection);
    assertEntity(entity, collection);
    const id = entity.id;
    const col = this.collection(collection);
    const prev = col?.slots.get(id);
    const indexes = this.indexes.on(collection);
    const newKeys = indexes.map((ix) => ix.keysOf(entity));
    const oldKeys = prev ? indexes.map((ix) => ix.keysOf(prev.e)) : undefined;
    const target = col ?? this.createCollection(collection);
    const slot: Slot = { e: entity, ord: prev ? prev.ord : target.nextOrd++ };
    indexes.forEach((ix, i) => {
      if (prev) ix.remove(prev, oldKeys![i]!);
      ix.add(slot, newKeys[i]!);
    });
    target.slots.set(id, slot);
    return { k: 'put', c: collection, id, prev };
  }

  /** Removes; returns undefined (nothing to undo) when the entity does not exist. */
  delete(collection: string, id: string): Undo | undefined {
    const col = this.collection(collection);
    const prev = col?.slots.get(id);
    if (!col || !prev) return undefined;
    for (const ix of this.indexes.on(collection)) ix.remove(prev, ix.keysOf(prev.e));
    col.slots.delete(id);
    return { k: 'del', c: collection, prev };
  }

  /** Sets a meta key; `undefined` removes it. */
  setMeta(key: string, value: unknown): Undo {
    if (typeof key !== 'string') throw new StoreError('meta key must be a string');
    const undo: Undo = { k: 'meta', key, had: this.meta.has(key), prev: this.meta.get(key) };
    if (value === undefined) this.meta.delete(key);
    else this.meta.set(key, value);
    this.metaView = null;
    return undo;
  }

  undo(u: Undo): void {
    if (u.k === 'meta') {
      if (u.had) this.meta.set(u.key, u.prev);
      else this.meta.delete(u.key);
      this.metaView = null;
      return;
    }
    const col = this.collection(u.c);
    if (!col) throw new StoreError(`undo: collection "${u.c}" vanished`);
    const indexes = this.indexes.on(u.c);
    if (u.k === 'put') {
      const current = col.slots.get(u.id);
      if (current) for (const ix of indexes) ix.remove(current, ix.keysOf(current.e));
      if (u.prev) {
        for (const ix of indexes) ix.add(u.prev, ix.keysOf(u.prev.e));
        col.slots.set(u.id, u.prev);
      } else {
        col.slots.delete(u.id);
      }
      return;
    }
    const id = u.prev.e.id;
    for (const ix of indexes) ix.add(u.prev, ix.keysOf(u.prev.e));
    col.slots.set(id, u.prev);
    if (col.slots.size > 1) col.unordered = true;
  }

  /**
   * Re-applies logged records during recovery, in order, each op's entity passed through `freeze`; a
   * record that cannot be applied is a `StoreCorruptError` naming its seq.
   */
  replayRecords(records: readonly WalRecord[], freeze: <T>(value: T) => T): void {
    for (const record of records) {
      try {
        for (const op of record.ops) this.replay(op.op === 'put' ? { ...op, e: freeze(op.e) } : op);
      } catch (err) {
        throw new StoreCorruptError(
          `WAL record seq ${record.seq} cannot be applied: ${(err as Error).message}`,
          {
            cause: err,
          },
        );
      }
      this.seq = record.seq;
    }
  }

  /** Re-applies a logged op during recovery. */
  replay(op: WalOp): void {
    if (op.op === 'put') this.put(op.c, op.e);
    else if (op.op === 'del') this.delete(op.c, op.id);
    else this.setMeta(op.k, op.v);
  }

  /**
   * Replaces all data; indexes are dropped and rebuilt on their next lookup. Parsed collections are
   * checked aside first, so a duplicate id leaves the current state untouched; deferred ones are
   * checked when they are parsed.
   */
  load(snapshot: StoreSnapshot | PersistedSnapshot, seq: number, freeze: <T>(value: T) => T): void {
    const collections = new Map<string, Collection>();
    for (const [name, entities] of Object.entries(snapshot.collections)) {
      assertCollectionName(name);
      if (!Array.isArray(entities)) {
        collections.set(name, new Collection(entities as DeferredCollection));
        continue;
      }
      const col = new Collection();
      for (const entity of entities) {
        assertEntity(entity, name);
        if (col.slots.has(entity.id)) {
          throw new StoreError(`snapshot has duplicate id ${JSON.stringify(entity.id)} in "${name}"`);
        }
        col.slots.set(entity.id, { e: freeze(entity), ord: col.nextOrd++ });
      }
      collections.set(name, col);
    }
    for (const ix of this.indexes.values()) ix.drop();
    this.collections = collections;
    this.freeze = freeze;
    this.meta = new Map(Object.entries(snapshot.meta).map(([k, v]) => [k, freeze(v)]));
    this.metaView = null;
    this.seq = seq;
  }

  /** Takes over the collections and meta of `other`, which must not be used afterwards; indexes rebuild on lookup. */
  adopt(other: StoreState, seq: number): void {
    for (const ix of this.indexes.values()) ix.drop();
    this.collections = other.collections;
    this.freeze = other.freeze;
    this.meta = other.meta;
    this.metaView = null;
    this.seq = seq;
    other.collections = new Map();
    other.meta = new Map();
  }

  /**
   * A consistent snapshot sharing entity objects (immutable by contract): collections sorted by
   * name, empty ones omitted, entities in insertion order, meta keys sorted. Deferred collections
   * are parsed for it.
   */
  capture(): StoreSnapshot {
    return { version: 1, ...this.snapshotOf((n) => Array.from(this.all(n))) };
  }

  /**
   * The same snapshot for a backend to write: collections never parsed stay text, written back as read.
   * The writes in `excluded` (the newest ones, oldest first) are left out, as if undone, without touching
   * the live state: a snapshot must not hold a write whose log record may still fail.
   */
  captureForWrite(excluded: readonly Unconfirmed[] = []): PersistedSnapshot {
    if (excluded.length === 0) {
      return this.snapshotOf((n) => this.collections.get(n)!.deferred ?? Array.from(this.all(n)));
    }
    let collections = this.collections;
    let meta = this.meta;
    const copies = new Map<string, Map<string, Slot>>();
    let metaCopy: Map<string, unknown> | null = null;
    for (let i = excluded.length - 1; i >= 0; i--) {
      const entry = excluded[i]!;
      if ('saved' in entry) {
        // Everything older was applied to the state this reset replaced.
        collections = entry.saved.collections;
        meta = entry.saved.meta;
        copies.clear();
        metaCopy = null;
        continue;
      }
      for (let j = entry.undos.length - 1; j >= 0; j--) {
        const u = entry.undos[j]!;
        if (u.k === 'meta') {
          metaCopy ??= new Map(meta);
          if (u.had) metaCopy.set(u.key, u.prev);
          else metaCopy.delete(u.key);
          continue;
        }
        let slots = copies.get(u.c);
        if (!slots) {
          slots = new Map(collections.get(u.c)?.materialise(u.c, this.freeze).slots ?? []);
          copies.set(u.c, slots);
        }
        if (u.k === 'del') slots.set(u.prev.e.id, u.prev);
        else if (u.prev) slots.set(u.id, u.prev);
        else slots.delete(u.id);
      }
    }
    const finalMeta = metaCopy ?? meta;
    const count = (name: string) => {
      const copy = copies.get(name);
      if (copy) return copy.size;
      const col = collections.get(name);
      return col?.deferred ? col.deferred.count : (col?.slots.size ?? 0);
    };
    const names = [...new Set([...collections.keys(), ...copies.keys()])].filter((n) => count(n) > 0).sort();
    const entities = (name: string): Entity[] | DeferredCollection => {
      const copy = copies.get(name);
      if (copy) return [...copy.values()].sort((a, b) => a.ord - b.ord).map((s) => s.e);
      const col = collections.get(name)!;
      return col.deferred ?? [...col.ordered().values()].map((s) => s.e);
    };
    return {
      seq: excluded[0]!.prevSeq,
      meta: Object.fromEntries([...finalMeta].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      collections: Object.fromEntries(names.map((n) => [n, entities(n)])),
    };
  }

  /** The current data, for `restore` to put back (the state must be replaced, not mutated, meanwhile). */
  save(): SavedState {
    return { collections: this.collections, meta: this.meta, freeze: this.freeze, seq: this.seq };
  }

  /** Puts back a state `save` returned; indexes rebuild on their next lookup. */
  restore(saved: SavedState): void {
    for (const ix of this.indexes.values()) ix.drop();
    this.collections = saved.collections;
    this.meta = saved.meta;
    this.freeze = saved.freeze;
    this.metaView = null;
    this.seq = saved.seq;
  }

  /** seq, sorted meta and the non-empty collections (sorted by name), each as `collection` gives it. */
  private snapshotOf<C>(collection: (name: string) => C): {
    seq: number;
    meta: Record<string, unknown>;
    collections: Record<string, C>;
  } {
    const names = [...this.collections.keys()].filter((n) => this.count(n) > 0).sort();
    const collections = Object.fromEntries(names.map((n) => [n, collection(n)]));
    const meta = Object.fromEntries([...this.meta].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return { seq: this.seq, meta, collections };
  }

  private createCollection(name: string): Collection {
    const col = new Collection();
    this.collections.set(name, col);
    return col;
  }
}
