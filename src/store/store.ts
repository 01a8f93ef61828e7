import type { BackendStats, StoreBackend } from './backend.js';
import { MemoryBackend } from './backend.js';
import { StoreCorruptError, StoreError, StoreFailedError } from './errors.js';
import { assertSnapshot } from './snapshot-codec.js';
import { StoreState } from './state.js';
import { TransactionImpl } from './transaction.js';
import type { StoreReader, Transaction } from './transaction.js';
import type { Entity, IndexKeyFn, StoreSnapshot } from './types.js';
import { deepFreeze } from './validate.js';

/** Options of `Store.open`. */
export interface StoreOptions {
  /** Deep-freeze entities and meta values on write and load, so accidental mutation throws (tests). */
  freeze?: boolean;
  /**
   * Skip writing the log line of each transaction, and keep no undo log: a transaction that throws (or
   * aborts) after writing fails the store instead of rolling back. Only for a store whose backend
   * persists nothing and whose writes are known to be JSON and valid (seeding builds its data this way).
   */
  unlogged?: boolean;
}

/** Backend counters plus the last committed seq. */
export interface StoreStats extends BackendStats {
  seq: number;
}

const identity = <T>(value: T): T => value;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * In-memory document store of one (tenant, region), persisted through a backend.
 *
 * Transactions apply synchronously to memory (so concurrent requests serialise without locks) and
 * are acknowledged once their WAL record is durable. Reads see committed writes as soon as they are
 * applied, before they are durable; a caller that must only report durable state awaits `sync()`.
 * Stored entities and meta values are shared, never copied: treat them as immutable.
 */
export class Store implements StoreReader {
  private readonly freeze: <T>(value: T) => T;
  private inTransaction = false;
  private readonly unlogged: boolean;
  private closed: Promise<void> | null = null;
  private failure: StoreFailedError | null = null;

  private constructor(
    private readonly backend: StoreBackend,
    private readonly state: StoreState,
    options: StoreOptions,
  ) {
    this.freeze = options.freeze ? deepFreeze : identity;
    this.unlogged = options.unlogged === true;
  }

  /** Loads the backend's snapshot and WAL, then opens it for writing. */
  static async open(backend: StoreBackend = new MemoryBackend(), options: StoreOptions = {}): Promise<Store> {
    const { snapshot, records } = await backend.load();
    const state = new StoreState();
    const freeze = options.freeze ? deepFreeze : identity;
    if (snapshot) state.load(snapshot, snapshot.seq, freeze);
    for (const record of records) {
      try {
        for (const op of record.ops) state.replay(op.op === 'put' ? { ...op, e: freeze(op.e) } : op);
      } catch (err) {
        throw new StoreCorruptError(
          `WAL record seq ${record.seq} cannot be applied: ${(err as Error).message}`,
          {
            cause: err,
          },
        );
      }
      state.seq = record.seq;
    }
    await backend.start(() => state.captureForWrite());
    return new Store(backend, state, options);
  }

  /** seq of the last committed transaction (committed in memory; see `sync()` for durability). */
  get seq(): number {
    return this.state.seq;
  }

  get<T extends Entity = Entity>(collection: string, id: string): T | undefined {
    return this.state.get(collection, id) as T | undefined;
  }

  has(collection: string, id: string): boolean {
    return this.state.has(collection, id);
  }

  /** Live iterator (not an array) so large collections can be streamed; see `StoreReader.all`. */
  all<T extends Entity = Entity>(collection: string): IterableIterator<T> {
    return this.state.all(collection) as IterableIterator<T>;
  }

  count(collection: string): number {
    return this.state.count(collection);
  }

  lookup<T extends Entity = Entity>(indexName: string, key: string): T[] {
    return this.state.lookup(indexName, key) as T[];
  }

  indexKeys(indexName: string): IterableIterator<string> {
    return this.state.indexKeys(indexName);
  }

  get meta(): Readonly<Record<string, unknown>> {
    return this.state.metaRecord();
  }

  /**
   * Declares a secondary index, built now from existing data and maintained on every write,
   * rollback and reset. `key` must be pure; returning undefined leaves the entity unindexed.
   */
  defineIndex<T extends Entity = Entity>(name: string, collection: string, key: IndexKeyFn<T>): void {
    this.state.defineIndex(name, collection, key as unknown as IndexKeyFn);
  }

  /**
   * Runs `fn` synchronously and atomically. If it throws, every write is undone (indexes too),
   * nothing reaches disk and the promise rejects with that error. Otherwise the writes become one
   * WAL record and the promise resolves with `fn`'s result once that record is durable (at once if
   * there were no writes, or after `tx.abort()`). `fn` must not be async and must not nest.
   */
  transact<T>(fn: (tx: Transaction) => T): Promise<T> {
    const refusal = this.refusal('transact');
    if (refusal) return Promise.reject(refusal);
    const tx = new TransactionImpl(this.state, this.freeze, !this.unlogged);
    let result: T;
    let line: string;
    this.inTransaction = true;
    try {
      result = fn(tx);
      if (isThenable(result)) {
        result.then(undefined, () => undefined);
        throw new StoreError('transaction body must be synchronous (it returned a promise)');
      }
      if (tx.writes === 0) {
        tx.finish();
        return Promise.resolve(result);
      }
      const seq = this.state.seq + 1;
      // Serialising before committing makes non-JSON data (BigInt, cycles) a rollback, not a torn log.
      line = this.unlogged ? '' : `${JSON.stringify({ seq, ops: tx.ops })}\n`;
      this.state.seq = seq;
      tx.finish();
    } catch (err) {
      this.rollback(tx);
      return Promise.reject(err);
    } finally {
      this.inTransaction = false;
    }
    return this.backend.append(line).then(
      () => result,
      (err: unknown) => Promise.reject(this.fail(err)),
    );
  }

  /** Resolves once every transaction committed so far is durable. */
  sync(): Promise<void> {
    const refusal = this.refusal('sync');
    if (refusal) return Promise.reject(refusal);
    return this.backend.sync().catch((err: unknown) => Promise.reject(this.fail(err)));
  }

  /**
   * Replaces all data and meta by `snapshot` (indexes rebuilt) at once in memory, then persists it
   * as a fresh snapshot with an empty WAL. The new seq is max(seq + 1, snapshot.seq), so stale WAL
   * records are never replayed over it.
   */
  reset(snapshot: StoreSnapshot | Store): Promise<void> {
    const refusal = this.refusal('reset');
    if (refusal) return Promise.reject(refusal);
    try {
      if (snapshot instanceof Store) this.takeOver(snapshot);
      else {
        assertSnapshot(snapshot, 'reset()');
        this.state.load(snapshot, Math.max(this.state.seq + 1, snapshot.seq), this.freeze);
      }
    } catch (err) {
      return Promise.reject(err);
    }
    return this.backend.reset().catch((err: unknown) => Promise.reject(this.fail(err)));
  }

  /**
   * Takes over the data of `source`, an unlogged in-memory store (seeding builds one), without copying
   * it; `source` is closed. Falls back to a copy when the two stores freeze differently.
   */
  private takeOver(source: Store): void {
    const problem = source.refusal('reset source');
    if (problem) throw problem;
    if (!source.unlogged || !(source.backend instanceof MemoryBackend)) {
      throw new StoreError('reset(store): the source must be an unlogged in-memory store');
    }
    if (source.freeze !== this.freeze) {
      const snapshot = source.toSnapshot();
      this.state.load(snapshot, Math.max(this.state.seq + 1, snapshot.seq), this.freeze);
    } else {
      this.state.adopt(source.state, Math.max(this.state.seq + 1, source.state.seq));
    }
    source.closed = Promise.resolve();
  }

  /** A consistent snapshot: collections sorted by name, entities in insertion order, objects shared. */
  toSnapshot(): StoreSnapshot {
    return this.state.capture();
  }

  /**
   * Names of the collections still held as the snapshot file's bytes (outside the JS heap): none of
   * them has been read, written or looked up since the store was opened. Nothing parses them in the
   * background, so an idle store's live heap holds only what requests used.
   */
  deferredCollections(): string[] {
    return this.state.deferredNames();
  }

  /** Compacts the WAL into a snapshot now (normally automatic past the backend's threshold). */
  compact(): Promise<void> {
    const refusal = this.refusal('compact');
    if (refusal) return Promise.reject(refusal);
    return this.backend.compact();
  }

  /** Persistence counters. */
  stats(): StoreStats {
    return { ...this.backend.stats(), seq: this.state.seq };
  }

  /**
   * Refuses new work, waits for pending writes, writes a final snapshot (skipped after a write
   * failure, when memory may hold unacknowledged data) and releases files. Idempotent.
   */
  close(): Promise<void> {
    if (this.inTransaction) return Promise.reject(new StoreError('close() inside a transaction'));
    this.closed ??= this.backend.close(this.failure === null);
    return this.closed;
  }

  private refusal(what: string): Error | null {
    if (this.closed) return new StoreError(`${what}(): store is closed`);
    if (this.failure) return this.failure;
    if (this.inTransaction) return new StoreError(`${what}() cannot be called inside a transaction`);
    return null;
  }

  private rollback(tx: TransactionImpl): void {
    try {
      tx.rollback();
    } catch (err) {
      // Only a non-pure index key function can get here; memory is no longer trustworthy.
      this.fail(new StoreFailedError(`rollback failed: ${(err as Error).message}`, { cause: err }));
    } finally {
      tx.finish();
    }
  }

  private fail(err: unknown): StoreFailedError {
    this.failure ??=
      err instanceof StoreFailedError
        ? err
        : new StoreFailedError(`store write failed: ${(err as Error).message}`, { cause: err });
    return this.failure;
  }
}
