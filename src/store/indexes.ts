import { StoreError } from './errors.js';
import type { Entity, IndexKeyFn } from './types.js';

const NO_KEYS: readonly string[] = [];

/** An entity plus its insertion ordinal, which lets a rollback restore iteration order exactly. */
/**
 * The normalised, de-duplicated keys of `entity` under the key function of index `name` (every index kind
 * reads its keys this way); a key function that returns anything but a string, strings or undefined is a bug.
 */
export function keysOf(name: string, keyFn: IndexKeyFn, entity: Entity): readonly string[] {
  const keys: unknown = keyFn(entity);
  if (keys === undefined) return NO_KEYS;
  if (typeof keys === 'string') return [keys];
  if (Array.isArray(keys) && keys.every((k): k is string => typeof k === 'string')) {
    return keys.length > 1 ? [...new Set(keys)] : keys;
  }
  throw new StoreError(
    `index "${name}": key function returned ${typeof keys}; expected a string, string[] or undefined`,
  );
}

export interface Slot {
  readonly e: Entity;
  readonly ord: number;
}

/**
 * The slots under one key: a bare slot for the common unique case, so 100k-entry indexes do not
 * allocate 100k Sets. Slots rather than ids, so a lookup does not pay a probe of the collection's
 * 100k-entry map per result (the dominant cost of a lookup before).
 */
type Bucket = Slot | Set<Slot>;

const EMPTY: ReadonlySet<Slot> = new Set();

/**
 * What the store needs of an index: keys of an entity, upkeep on writes, and a build from the collection.
 * `Index` (key -> entities) and `SortedIndex` (key -> entities in order of a value) are the two kinds.
 */
export interface IndexLike {
  readonly name: string;
  readonly collection: string;
  /** Whether the index reflects the collection; an unbuilt index is skipped by writes. */
  readonly built: boolean;
  keysOf(entity: Entity): readonly string[];
  add(slot: Slot, keys: readonly string[]): void;
  remove(slot: Slot, keys: readonly string[]): void;
  slots(key: string): Iterable<Slot>;
  keys(): IterableIterator<string>;
  /** Builds from `slots` (the collection in insertion order) and installs the result; a throw changes nothing. */
  load(slots: Iterable<Slot>): void;
  drop(): void;
}

const NO_INDEXES: readonly IndexLike[] = [];

/**
 * A secondary index: key -> slots of the entities of one collection that produce that key. Built on
 * first lookup rather than at definition or load, so opening or seeding a large store pays only for
 * the indexes its requests use; once built it is maintained on every write.
 */
export class Index implements IndexLike {
  private buckets = new Map<string, Bucket>();
  /** Whether the buckets reflect the collection; an unbuilt index is skipped by writes. */
  built = false;

  constructor(
    readonly name: string,
    readonly collection: string,
    private readonly keyFn: IndexKeyFn,
  ) {}

  /** The normalised, de-duplicated keys of `entity`. */
  keysOf(entity: Entity): readonly string[] {
    return keysOf(this.name, this.keyFn, entity);
  }

  /** Records `slot` under each key. */
  add(slot: Slot, keys: readonly string[]): void {
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (bucket === undefined) this.buckets.set(key, slot);
      else if (bucket instanceof Set) bucket.add(slot);
      else if (bucket !== slot) this.buckets.set(key, new Set([bucket, slot]));
    }
  }

  /** Forgets `slot` under each key, dropping empty buckets so the map does not grow forever. */
  remove(slot: Slot, keys: readonly string[]): void {
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (bucket === slot) {
        this.buckets.delete(key);
      } else if (bucket instanceof Set) {
        bucket.delete(slot);
        if (bucket.size === 0) this.buckets.delete(key);
      }
    }
  }

  /** Slots under `key` (mostly, not always, in insertion order). */
  slots(key: string): Iterable<Slot> {
    const bucket = this.buckets.get(key);
    if (bucket === undefined) return EMPTY;
    return bucket instanceof Set ? bucket : [bucket];
  }

  /** Keys with at least one entity (empty buckets are dropped), unordered; live, like `Map#keys`. */
  keys(): IterableIterator<string> {
    return this.buckets.keys();
  }

  /** Computes buckets for `slots` without touching the live ones, so a failing key function changes nothing. */
  build(slots: Iterable<Slot>): Map<string, Bucket> {
    const live = this.buckets;
    this.buckets = new Map();
    try {
      for (const slot of slots) this.add(slot, this.keysOf(slot.e));
      return this.buckets;
    } finally {
      this.buckets = live;
    }
  }

  /** Replaces the live buckets with ones from `build`. */
  install(buckets: Map<string, Bucket>): void {
    this.buckets = buckets;
    this.built = true;
  }

  /** `install(build(slots))`. */
  load(slots: Iterable<Slot>): void {
    this.install(this.build(slots));
  }

  /** Forgets the buckets (the collection was replaced); the next lookup builds them again. */
  drop(): void {
    this.buckets = new Map();
    this.built = false;
  }
}

/** All indexes of a store, by name and by collection. */
export class IndexSet {
  private readonly byName = new Map<string, IndexLike>();
  private readonly byCollection = new Map<string, IndexLike[]>();

  /** Registers a built index; names are unique. */
  add(index: IndexLike): void {
    if (this.byName.has(index.name)) throw new StoreError(`index "${index.name}" is already defined`);
    this.byName.set(index.name, index);
    const list = this.byCollection.get(index.collection);
    if (list) list.push(index);
    else this.byCollection.set(index.collection, [index]);
  }

  /** The index called `name`; throws for an unknown name, which is a programming error. */
  get(name: string): IndexLike {
    const index = this.byName.get(name);
    if (!index) throw new StoreError(`unknown index "${name}"`);
    return index;
  }

  /** The built indexes over `collection`: the ones a write must maintain. */
  on(collection: string): readonly IndexLike[] {
    const all = this.byCollection.get(collection);
    if (!all) return NO_INDEXES;
    // Every write asks, so the common answers (all built, none built) allocate nothing.
    let built = 0;
    for (const ix of all) if (ix.built) built++;
    return built === all.length ? all : built === 0 ? NO_INDEXES : all.filter((ix) => ix.built);
  }

  /** Every index. */
  values(): IterableIterator<IndexLike> {
    return this.byName.values();
  }
}
