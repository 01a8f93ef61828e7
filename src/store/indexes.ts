import { StoreError } from './errors.js';
import type { Entity, IndexKeyFn } from './types.js';

const NO_KEYS: readonly string[] = [];

/** Ids under one key: a bare string for the common unique case, so 100k-entry indexes do not allocate 100k Sets. */
type Bucket = string | Set<string>;

const EMPTY: ReadonlySet<string> = new Set();

const NO_INDEXES: readonly Index[] = [];

/**
 * A secondary index: key -> ids of the entities of one collection that produce that key. Built on
 * first lookup rather than at definition or load, so opening or seeding a large store pays only for
 * the indexes its requests use; once built it is maintained on every write.
 */
export class Index {
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
    const keys: unknown = this.keyFn(entity);
    if (keys === undefined) return NO_KEYS;
    if (typeof keys === 'string') return [keys];
    if (Array.isArray(keys) && keys.every((k): k is string => typeof k === 'string')) {
      return keys.length > 1 ? [...new Set(keys)] : keys;
    }
    throw new StoreError(
      `index "${this.name}": key function returned ${typeof keys}; expected a string, string[] or undefined`,
    );
  }

  /** Records `id` under each key. */
  add(id: string, keys: readonly string[]): void {
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (bucket === undefined) this.buckets.set(key, id);
      else if (typeof bucket !== 'string') bucket.add(id);
      else if (bucket !== id) this.buckets.set(key, new Set([bucket, id]));
    }
  }

  /** Forgets `id` under each key, dropping empty buckets so the map does not grow forever. */
  remove(id: string, keys: readonly string[]): void {
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (bucket === id) {
        this.buckets.delete(key);
      } else if (bucket !== undefined && typeof bucket !== 'string') {
        bucket.delete(id);
        if (bucket.size === 0) this.buckets.delete(key);
      }
    }
  }

  /** Ids under `key` (unordered). */
  ids(key: string): Iterable<string> {
    const bucket = this.buckets.get(key);
    if (bucket === undefined) return EMPTY;
    return typeof bucket === 'string' ? [bucket] : bucket;
  }

  /** Keys with at least one id (empty buckets are dropped), unordered; live, like `Map#keys`. */
  keys(): IterableIterator<string> {
    return this.buckets.keys();
  }

  /** Computes buckets for `entities` without touching the live ones, so a failing key function changes nothing. */
  build(entities: Iterable<Entity>): Map<string, Bucket> {
    const live = this.buckets;
    this.buckets = new Map();
    try {
      for (const e of entities) this.add(e.id, this.keysOf(e));
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

  /** Forgets the buckets (the collection was replaced); the next lookup builds them again. */
  drop(): void {
    this.buckets = new Map();
    this.built = false;
  }
}

/** All indexes of a store, by name and by collection. */
export class IndexSet {
  private readonly byName = new Map<string, Index>();
  private readonly byCollection = new Map<string, Index[]>();

  /** Registers a built index; names are unique. */
  add(index: Index): void {
    if (this.byName.has(index.name)) throw new StoreError(`index "${index.name}" is already defined`);
    this.byName.set(index.name, index);
    const list = this.byCollection.get(index.collection);
    if (list) list.push(index);
    else this.byCollection.set(index.collection, [index]);
  }

  /** The index called `name`; throws for an unknown name, which is a programming error. */
  get(name: string): Index {
    const index = this.byName.get(name);
    if (!index) throw new StoreError(`unknown index "${name}"`);
    return index;
  }

  /** The built indexes over `collection`: the ones a write must maintain. */
  on(collection: string): readonly Index[] {
    const all = this.byCollection.get(collection);
    if (!all) return NO_INDEXES;
    // Every write asks, so the common answers (all built, none built) allocate nothing.
    let built = 0;
    for (const ix of all) if (ix.built) built++;
    return built === all.length ? all : built === 0 ? NO_INDEXES : all.filter((ix) => ix.built);
  }

  /** Every index. */
  values(): IterableIterator<Index> {
    return this.byName.values();
  }
}
