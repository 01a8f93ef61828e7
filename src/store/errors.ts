import { errorCode } from './fsutil.js';
import type { LockOwner } from './types.js';

/** Base class of every error the store raises itself (misuse, invalid data). */
export class StoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * Why a store cannot serve a request: the disk is full, the data dir is read-only, the files are
 * damaged, another I/O error, or another process has the store open. A client can act on each
 * differently.
 */
export type StoreFailureReason = 'no-space' | 'read-only' | 'corrupt' | 'io' | 'locked';

/** Persisted files cannot be loaded: the message names the file and the offending line. */
export class StoreCorruptError extends StoreError {
  readonly reason: StoreFailureReason = 'corrupt';
}

/**
 * A write to disk failed. The write that failed (and every write that was applied after it and not yet
 * durable) has been rolled back in memory; the next write tries the disk again. Only when memory itself
 * cannot be trusted (a rollback failed) is the failure sticky and the store must be reopened.
 */
export class StoreFailedError extends StoreError {
  /** What went wrong, from the errno of the failed call. */
  readonly reason: StoreFailureReason;
  /** The errno code of the failed call, when there was one. */
  readonly code: string | undefined;

  constructor(message: string, options?: ErrorOptions & { reason?: StoreFailureReason }) {
    super(message, options);
    this.code = errorCode(options?.cause);
    this.reason = options?.reason ?? reasonOf(options?.cause);
  }
}

/**
 * Another process has the store open (its lock names it), or this process lost the store's lock to
 * another after its lease ran out. Retrying can help: the owner may close it or go away.
 */
export class StoreLockedError extends StoreFailedError {
  /** Who holds the lock, when its file could be read. */
  readonly owner: LockOwner | null;
  /** Seconds until the owner's lease runs out if it is not renewed. */
  readonly retryAfterSeconds: number;

  constructor(message: string, options: { owner: LockOwner | null; retryAfterSeconds?: number }) {
    super(message, { reason: 'locked' });
    this.owner = options.owner;
    this.retryAfterSeconds = options.retryAfterSeconds ?? 1;
  }
}

/** Which quota of a store a write would pass: its records (entities) or its bytes. */
export type StoreQuotaKind = 'records' | 'bytes';

/** Most records and bytes one store may hold; a write that would pass one is refused whole. */
export interface StoreQuota {
  /** Most entities, every collection together. */
  maxRecords: number;
  /** Most bytes of the store's files (snapshot and log); an in-memory store counts the log it writes. */
  maxBytes: number;
}

/** A write refused, nothing of it applied, because the store would pass one of its quotas. */
export class StoreQuotaError extends StoreError {
  constructor(
    readonly quota: StoreQuotaKind,
    readonly maximum: number,
  ) {
    super(`the write would take the store over its quota of ${maximum} ${quota}`);
  }
}

/** The failure reason of an errno code (ENOSPC → no-space, EROFS → read-only, …). */
export function reasonOf(err: unknown): StoreFailureReason {
  if (err instanceof StoreCorruptError) return 'corrupt';
  if (err instanceof StoreFailedError) return err.reason;
  switch (errorCode(err)) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return 'no-space';
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return 'read-only';
    default:
      return 'io';
  }
}

/** Wraps a failed file-system call as a `StoreFailedError` naming what failed (one already wrapped stays). */
export function storeFailure(what: string, err: unknown): StoreFailedError {
  if (err instanceof StoreFailedError) return err;
  return new StoreFailedError(`${what}: ${(err as Error).message}`, { cause: err });
}

/**
 * The store failure behind an error, if it is one: a failed write or a store that cannot be opened or
 * read (damaged files). The server answers these with `STORE_UNAVAILABLE` instead of masking them.
 */
export function storeFailureOf(
  err: unknown,
):
  | { reason: StoreFailureReason; message: string; retryable: boolean; retryAfterSeconds?: number }
  | undefined {
  if (!(err instanceof StoreFailedError) && !(err instanceof StoreCorruptError)) return undefined;
  const reason = err.reason;
  if (err instanceof StoreLockedError)
    return { reason, message: err.message, retryable: true, retryAfterSeconds: err.retryAfterSeconds };
  // Space can come back (a log removed, a quota raised) and so can a disk's transient error; damage
  // and a read-only mount need an operator.
  return { reason, message: err.message, retryable: reason === 'no-space' || reason === 'io' };
}
