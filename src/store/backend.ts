import type { PersistedSnapshot, StoreSnapshot, WalRecord } from './types.js';

/** What a backend found on open: the latest snapshot and the WAL records to replay after it. */
export interface LoadedData {
  snapshot: PersistedSnapshot | null;
  /** Consecutive records with seq > snapshot.seq, in order. */
  records: WalRecord[];
}

/** Persistence counters, for monitoring and tests. */
export interface BackendStats {
  /** write+fdatasync rounds of the WAL (group commit makes this far smaller than the record count). */
  flushes: number;
  walBytes: number;
  walRecords: number;
  compactions: number;
  /** seq of the latest snapshot written or loaded. */
  snapshotSeq: number;
  /** Bytes the store takes where it is kept: its files, or for memory the log lines it was given. */
  storedBytes: number;
  /** Bytes of the snapshot file (0 without one). */
  snapshotBytes: number;
}

/**
 * Where a `Store` persists. `append`, `sync` and `reset` order themselves by call order: each sees
 * the effect of every earlier call, which is what makes a reset safe against racing transactions.
 */
export interface StoreBackend {
  /** Reads persisted state; called once, before `start`. */
  load(): Promise<LoadedData>;
  /**
   * Opens files for writing. `capture(upTo)` yields a consistent snapshot of memory without the
   * writes after seq `upTo` (default: without every write not yet durable), whenever needed.
   */
  start(capture: (upTo?: number) => PersistedSnapshot): Promise<void>;
  /** Persists one WAL line (ending in a newline); resolves once it is durable. */
  append(line: string): Promise<void>;
  /** Resolves once everything appended so far is durable. */
  sync(): Promise<void>;
  /**
   * Replaces persisted state by a snapshot of memory as of seq `seq` and empties the WAL. When it
   * fails, so does every append made after it (they were applied on top of the reset).
   */
  reset(seq: number): Promise<void>;
  /** Accepts appends again after a failed one, once the store has rolled back what failed. */
  recover(): void;
  /** Folds the WAL into a snapshot now (or joins a compaction in flight). */
  compact(): Promise<void>;
  /** Flushes, optionally writes a final snapshot, and releases file handles. */
  close(writeSnapshot: boolean): Promise<void>;
  /** Current counters. */
  stats(): BackendStats;
}

/** A backend that persists nothing: every write is "durable" at once (tests, ephemeral stores). */
export class MemoryBackend implements StoreBackend {
  /** Characters of the log lines appended: what a file backend would have written (the bytes quota). */
  private appended = 0;

  constructor(private readonly initial: StoreSnapshot | null = null) {}

  /** Returns the initial snapshot given to the constructor. */
  async load(): Promise<LoadedData> {
    return { snapshot: this.initial, records: [] };
  }

  /** Nothing to open. */
  async start(): Promise<void> {}

  /** Nothing to write; only its size is counted. */
  append(line: string): Promise<void> {
    this.appended += line.length;
    return Promise.resolve();
  }

  /** Nothing pending. */
  async sync(): Promise<void> {}

  /** Nothing to rewrite. */
  async reset(): Promise<void> {}

  /** Never fails. */
  recover(): void {}

  /** Nothing to compact. */
  async compact(): Promise<void> {}

  /** Nothing to release. */
  async close(): Promise<void> {}

  /** All zero but the bytes of the lines appended. */
  stats(): BackendStats {
    return {
      flushes: 0,
      walBytes: 0,
      walRecords: 0,
      compactions: 0,
      snapshotSeq: this.initial?.seq ?? 0,
      storedBytes: this.appended,
      snapshotBytes: 0,
    };
  }
}
