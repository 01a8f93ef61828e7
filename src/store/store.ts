import type { BackendStats, StoreBackend } from './backend.js';
import { MemoryBackend } from './backend.js';
import { StoreError, StoreFailedError, StoreQuotaError, storeFailure } from './errors.js';
import type { StoreFailureReason, StoreQuota } from './errors.js';
import { assertSnapshot } from './snapshot-codec.js';
import { StoreState } from './state.js';
import type { Unconfirmed } from './state.js';
import { SourceReader, TransactionImpl } from './transaction.js';
import type { StoreReader, Transaction } from './transaction.js';
import type { Entity, EntityOrder, IndexKeyFn, SortKeyFn, StoreSnapshot } from './types.js';
import { deepFreeze } from './validate.js';
import { walLine } from './wal.js';

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
  /** Most records and bytes the store may hold; a write past one is refused whole. None unless given. */
  quota?: StoreQuota;
}

/** Backend counters plus the last committed seq. */
export interface StoreStats extends BackendStats {
  seq: number;
}

/** Whether the store's last write reached disk; a failure stays reported until a write succeeds. */
export type StoreHealth =
  { ok: true } | { ok: false; reason: StoreFailureReason; message: string; since: string; sticky: boolean };

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
 * A write whose record cannot be made durable is undone, with every write applied after it, before
 * its caller hears of the failure; the next write tries the disk again.
 * Stored entities and meta values are shared, never copied: treat them as immutable.
 */
export class Store extends SourceReader implements StoreReader {
  private readonly freeze: <T>(value: T) => T;
  private inTransaction = false;
  private readonly unlogged: boolean;
  private readonly quota: StoreQuota | undefined;
  private closed: Promise<void> | null = null;
  /** Set only when memory cannot be trusted (a rollback failed): then the store must be reopened. */
  private failure: StoreFailedError | null = null;
  /** The latest write failure, cleared by the next write that reaches disk. */
  private lastFailure: { error: StoreFailedError; since: string } | null = null;
  private readonly openedAt = new Date().toISOString();
  /** Writes applied in memory whose log records are not durable yet, oldest first. */
  private unconfirmed: Unconfirmed[] = [];

  private constructor(
    private readonly backend: StoreBackend,
    private readonly state: StoreState,
    options: StoreOptions,
  ) {
    super(state);
    this.freeze = options.freeze ? deepFreeze : identity;
    this.unlogged = options.unlogged === true;
    this.quota = options.quota;
  }

  /** Loads the backend's snapshot and WAL, then opens it for writing. */
  static async open(backend: StoreBackend = new MemoryBackend(), options: StoreOptions = {}): Promise<Store> {
    try {
      return await Store.openOrThrow(backend, options);
    } catch (err) {
      // Whatever the backend holds (the store's lock, open files) is let go: nobody will close it.
      await backend.close(false).catch(() => undefined);
      // A file-system error (a data dir that cannot be created or read) names itself as a store failure.
      if (err instanceof StoreError) throw err;
      throw storeFailure('cannot open the store', err);
    }
  }

  private static async openOrThrow(backend: StoreBackend, options: StoreOptions): Promise<Store> {
    const { snapshot, records } = await backend.load();
    const state = new StoreState();
    const freeze = options.freeze ? deepFreeze : identity;
    if (snapshot) state.load(snapshot, snapshot.seq, freeze);
    state.replayRecords(records, freeze);
    let store: Store | null = null;
    await backend.start((upTo) => state.captureForWrite(store?.unconfirmedAfter(upTo) ?? []));
    store = new Store(backend, state, options);
    return store;
  }

  /** seq of the last committed transaction (committed in memory; see `sync()` for durability). */
  get seq(): number {
    return this.state.seq;
  }

  /**
   * Declares a secondary index, built now from existing data and maintained on every write,
   * rollback and reset. `key` must be pure; returning undefined leaves the entity unindexed. With
   * `sortBy`, each key's entities are kept in order of that value (see `StoreReader.sorted`), or of
   * `compare` when given (a total order, such as a collator's, that no text value gives).
   */
  defineIndex<T extends Entity = Entity>(
    name: string,
    collection: string,
    key: IndexKeyFn<T>,
    sortBy?: SortKeyFn<T>,
    compare?: EntityOrder<T>,
  ): void {
    this.state.defineIndex(
      name,
      collection,
      key as unknown as IndexKeyFn,
      sortBy as SortKeyFn | undefined,
      compare as EntityOrder | undefined,
    );
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
    const recordsBefore = this.quota ? this.state.totalCount() : 0;
    let result: T;
    let line: string;
    let seq: number;
    let prevSeq: number;
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
      prevSeq = this.state.seq;
      seq = prevSeq + 1;
      // Serialising before committing makes non-JSON data (BigInt, cycles) a rollback, not a torn log.
      line = this.unlogged ? '' : walLine(JSON.stringify({ seq, ops: tx.ops }));
      if (this.quota) this.checkQuota(this.quota, recordsBefore, line.length);
      this.state.seq = seq;
      const undos = tx.finish();
      if (!this.unlogged) this.unconfirmed.push({ seq, prevSeq, undos });
    } catch (err) {
      this.rollback(tx);
      return Promise.reject(err);
    } finally {
      this.inTransaction = false;
    }
    return this.backend.append(line).then(
      () => {
        this.confirm(seq);
        return result;
      },
      (err: unknown) => Promise.reject(this.rollbackFrom(seq, err)),
    );
  }

  /** Resolves once every transaction committed so far is durable. */
  sync(): Promise<void> {
    const refusal = this.refusal('sync');
    if (refusal) return Promise.reject(refusal);
    return this.backend.sync().catch((err: unknown) => Promise.reject(storeFailure('sync failed', err)));
  }

  /**
   * Replaces all data and meta by `snapshot` (indexes rebuilt) at once in memory, then persists it
   * as a fresh snapshot with an empty WAL. The new seq is max(seq + 1, snapshot.seq), so stale WAL
   * records are never replayed over it.
   */
  reset(snapshot: StoreSnapshot | Store): Promise<void> {
    const refusal = this.refusal('reset');
    if (refusal) return Promise.reject(refusal);
    const saved = this.state.save();
    try {
      if (snapshot instanceof Store) this.takeOver(snapshot);
      else {
        assertSnapshot(snapshot, 'reset()');
        this.state.load(snapshot, Math.max(this.state.seq + 1, snapshot.seq), this.freeze);
      }
    } catch (err) {
      return Promise.reject(err);
    }
    const seq = this.state.seq;
    // Until the reset's snapshot is durable, the replaced state is kept to put back if it fails.
    if (!this.unlogged) this.unconfirmed.push({ seq, prevSeq: saved.seq, saved });
    return this.backend.reset(seq).then(
      () => this.confirm(seq),
      (err: unknown) => Promise.reject(this.rollbackFrom(seq, err)),
    );
  }

  /** Whether the last write reached disk, or why not. */
  health(): StoreHealth {
    const [damaged] = this.state.damaged.values();
    if (damaged !== undefined) {
      return { ok: false, reason: 'corrupt', message: damaged, since: this.openedAt, sticky: true };
    }
    const failure = this.failure ?? this.lastFailure?.error;
    if (!failure) return { ok: true };
    return {
      ok: false,
      reason: failure.reason,
      message: failure.message,
      since: this.lastFailure?.since ?? new Date().toISOString(),
      sticky: this.failure !== null,
    };
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
    // The log keeps everything; the caller learns why no snapshot was written.
    return this.backend
      .compact()
      .catch((err: unknown) => Promise.reject(storeFailure('compaction failed', err)));
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
    this.closed ??= this.backend
      .close(this.failure === null)
      .catch((err: unknown) => Promise.reject(storeFailure('closing the store failed', err)));
    return this.closed;
  }

  /**
   * Throws (so the transaction is rolled back whole) when a write that does not shrink the store would
   * leave it over a quota. A write that removes records always passes: a tenant over its quota (a quota
   * lowered, a log not compacted yet) can still make room.
   */
  private checkQuota(quota: StoreQuota, recordsBefore: number, lineBytes: number): void {
    const records = this.state.totalCount();
    if (records < recordsBefore) return;
    if (records > quota.maxRecords && records > recordsBefore)
      throw new StoreQuotaError('records', quota.maxRecords);
    if (this.backend.stats().storedBytes + lineBytes > quota.maxBytes)
      throw new StoreQuotaError('bytes', quota.maxBytes);
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
    this.failure ??= storeFailure('store write failed', err);
    return this.failure;
  }

  /** The unconfirmed writes after seq `upTo` (every one when undefined), for a snapshot to leave out. */
  private unconfirmedAfter(upTo: number | undefined): Unconfirmed[] {
    if (upTo === undefined) return this.unconfirmed;
    const i = this.unconfirmed.findIndex((u) => u.seq > upTo);
    return i === -1 ? [] : this.unconfirmed.slice(i);
  }

  /** The write of `seq` is durable, so are all before it (the log acknowledges in order). */
  private confirm(seq: number): void {
    let n = 0;
    while (n < this.unconfirmed.length && this.unconfirmed[n]!.seq <= seq) n++;
    if (n > 0) this.unconfirmed.splice(0, n);
    this.lastFailure = null;
  }

  /**
   * The log record of `seq` failed: undoes it and every write applied after it (they may build on it,
   * and the log refuses them too), newest first, so memory holds exactly what is durable; then lets the
   * log accept writes again. Returns the error the caller sees.
   */
  private rollbackFrom(seq: number, err: unknown): StoreFailedError {
    const error = storeFailure('store write failed', err);
    const i = this.unconfirmed.findIndex((u) => u.seq >= seq);
    if (i !== -1) {
      const undone = this.unconfirmed.splice(i);
      try {
        for (let k = undone.length - 1; k >= 0; k--) {
          const entry = undone[k]!;
          if ('saved' in entry) this.state.restore(entry.saved);
          else for (let j = entry.undos.length - 1; j >= 0; j--) this.state.undo(entry.undos[j]!);
        }
        this.state.seq = undone[0]!.prevSeq;
      } catch (rollbackErr) {
        // Only a non-pure index key function can get here; memory is no longer trustworthy.
        this.fail(
          new StoreFailedError(`rollback after a failed write failed: ${(rollbackErr as Error).message}`, {
            cause: rollbackErr,
            reason: error.reason,
          }),
        );
      }
    }
    this.lastFailure = { error, since: new Date().toISOString() };
    if (!this.failure) this.backend.recover();
    return error;
  }
}
