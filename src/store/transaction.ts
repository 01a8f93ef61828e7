import { StoreError } from './errors.js';
import type { StoreState, Undo } from './state.js';
import type { Entity, SortedEntities, WalOp } from './types.js';

/** Read access shared by `Store` and `Transaction`; inside a transaction it sees the pending writes. */
export interface StoreReader {
  /** The entity with `id`, or undefined. `T` is an unchecked cast. Never mutate the result. */
  get<T extends Entity = Entity>(collection: string, id: string): T | undefined;
  /** Whether the entity exists. */
  has(collection: string, id: string): boolean;
  /** Live iterator in insertion order; do not hold it across a transaction that changes the collection. */
  all<T extends Entity = Entity>(collection: string): IterableIterator<T>;
  /** Number of entities in the collection (0 if it never existed). */
  count(collection: string): number;
  /** Entities whose index key matches, in collection insertion order; throws for an unknown index. */
  lookup<T extends Entity = Entity>(indexName: string, key: string): T[];
  /**
   * Keys of an index that have at least one entity under them, unordered; throws for an unknown index.
   * For look-ups by part of a key (e.g. names containing a text): scan the keys, then `lookup` the matches.
   */
  indexKeys(indexName: string): IterableIterator<string>;
  /**
   * The entities under `key` of a sorted index (one defined with a sort value), in that order, for range
   * look-ups by binary search; a live view, not to be held across a write. Throws for another index.
   */
  sorted<T extends Entity = Entity>(indexName: string, key: string): SortedEntities<T>;
  /** Frozen view of the meta record. */
  readonly meta: Readonly<Record<string, unknown>>;
}

/** Writes of one transaction; valid only while the transaction body runs. */
export interface Transaction extends StoreReader {
  /**
   * Inserts or replaces the whole entity and returns it. The store keeps this object: do not
   * mutate it afterwards (put a new object instead). Values must be JSON.
   */
  put<T extends Entity>(collection: string, entity: T): T;
  /** Removes the entity; false if it did not exist. */
  delete(collection: string, id: string): boolean;
  /** Sets a meta key to a JSON value; `undefined` removes the key. */
  setMeta(key: string, value: unknown): void;
  /**
   * Undoes every write so far and turns further writes into errors; `transact` then resolves with
   * the body's return value without touching disk. For bodies that detect business errors.
   */
  abort(): void;
  /** Whether `abort()` was called. */
  readonly aborted: boolean;
}

/** What a `SourceReader` reads: the store's state, or a snapshot builder's collections. */
export interface ReadSource {
  get(collection: string, id: string): Entity | undefined;
  has(collection: string, id: string): boolean;
  all(collection: string): IterableIterator<Entity>;
  count(collection: string): number;
  lookup(indexName: string, key: string): Entity[];
  indexKeys(indexName: string): IterableIterator<string>;
  sorted(indexName: string, key: string): SortedEntities;
  metaRecord(): Readonly<Record<string, unknown>>;
}

/** The `StoreReader` API over a `ReadSource`: one implementation for the store and its transactions. */
export class SourceReader implements StoreReader {
  constructor(private readonly source: ReadSource) {}

  get<T extends Entity = Entity>(collection: string, id: string): T | undefined {
    return this.source.get(collection, id) as T | undefined;
  }

  has(collection: string, id: string): boolean {
    return this.source.has(collection, id);
  }

  /** Live iterator (not an array) so large collections can be streamed; see `StoreReader.all`. */
  all<T extends Entity = Entity>(collection: string): IterableIterator<T> {
    return this.source.all(collection) as IterableIterator<T>;
  }

  count(collection: string): number {
    return this.source.count(collection);
  }

  lookup<T extends Entity = Entity>(indexName: string, key: string): T[] {
    return this.source.lookup(indexName, key) as T[];
  }

  indexKeys(indexName: string): IterableIterator<string> {
    return this.source.indexKeys(indexName);
  }

  sorted<T extends Entity = Entity>(indexName: string, key: string): SortedEntities<T> {
    return this.source.sorted(indexName, key) as SortedEntities<T>;
  }

  get meta(): Readonly<Record<string, unknown>> {
    return this.source.metaRecord();
  }
}

/** The undo log and op list behind a `Transaction`. */
export class TransactionImpl extends SourceReader implements Transaction {
  /** The ops to log, in order (none kept for an unlogged store, which never writes them). */
  readonly ops: WalOp[] = [];
  /** Writes so far, logged or not. */
  writes = 0;
  private readonly undoLog: Undo[] = [];
  private status: 'open' | 'aborted' | 'done' = 'open';

  constructor(
    private readonly state: StoreState,
    private readonly freeze: <T>(value: T) => T,
    private readonly logged = true,
  ) {
    super(state);
  }

  get aborted(): boolean {
    return this.status === 'aborted';
  }

  put<T extends Entity>(collection: string, entity: T): T {
    this.assertWritable();
    this.keep(this.state.put(collection, this.freeze(entity)));
    this.record({ op: 'put', c: collection, e: entity });
    return entity;
  }

  delete(collection: string, id: string): boolean {
    this.assertWritable();
    const undo = this.state.delete(collection, id);
    if (!undo) return false;
    this.keep(undo);
    this.record({ op: 'del', c: collection, id });
    return true;
  }

  setMeta(key: string, value: unknown): void {
    this.assertWritable();
    this.keep(this.state.setMeta(key, this.freeze(value)));
    this.record(value === undefined ? { op: 'meta', k: key } : { op: 'meta', k: key, v: value });
  }

  abort(): void {
    if (this.status === 'done') throw new StoreError('transaction already finished');
    if (this.status === 'aborted') return;
    this.rollback();
    this.status = 'aborted';
  }

  /** Undoes all writes (indexes included, through the state primitives). */
  rollback(): void {
    if (!this.logged && this.writes > 0) throw new StoreError('an unlogged store keeps no undo log');
    for (let i = this.undoLog.length - 1; i >= 0; i--) this.state.undo(this.undoLog[i]);
    this.undoLog.length = 0;
    this.ops.length = 0;
    this.writes = 0;
  }

  /**
   * Ends the transaction; later writes through a leaked handle throw. Returns the undo log, which the
   * store keeps until the transaction's log record is durable, to roll it back if that record fails.
   */
  finish(): Undo[] {
    if (this.status === 'open') this.status = 'done';
    const undos = this.undoLog.splice(0);
    return undos;
  }

  private keep(undo: Undo): void {
    // An unlogged (seeding) store keeps no undo log either: a million undo entries living until the
    // transaction ends cost more garbage collection than anything else seeding does; it cannot roll back.
    if (this.logged) this.undoLog.push(undo);
  }

  private record(op: WalOp): void {
    this.writes++;
    // A seeding store writes a million entities in one transaction; their log ops would only be garbage.
    if (this.logged) this.ops.push(op);
  }

  private assertWritable(): void {
    if (this.status === 'aborted') throw new StoreError('transaction was aborted');
    if (this.status === 'done') throw new StoreError('transaction already finished');
  }
}
