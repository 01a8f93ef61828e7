/** Base class of every error the store raises itself (misuse, invalid data). */
export class StoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Persisted files cannot be loaded: the message names the file and the offending line. */
export class StoreCorruptError extends StoreError {}

/**
 * A write to disk failed, so memory may be ahead of disk: the store refuses further transactions
 * and must be reopened (the same policy as databases that stop on a failed fsync).
 */
export class StoreFailedError extends StoreError {}
