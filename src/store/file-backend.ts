import { mkdir } from 'node:fs/promises';
import { Low } from 'lowdb';
import type { BackendStats, LoadedData, StoreBackend } from './backend.js';
import { StoreCorruptError, StoreError, StoreFailedError, storeFailure } from './errors.js';
import { exists, freeBytes, fsyncDir, Mutex, nodeFs, unlinkIfExists } from './fsutil.js';
import type { DurableFs } from './fsutil.js';
import { DEFAULT_LEASE_MS, StoreLock } from './lock.js';
import { SnapshotFile } from './snapshot-file.js';
import { damagedCopyPath, storeFilePaths } from './store-files.js';
import type { PersistedSnapshot, WalRecord } from './types.js';
import { collectRecords, readWal, WalCorruptError, WalWriter } from './wal.js';
import type { WalContents } from './wal.js';

/** Tuning of a `FileBackend`. */
export interface FileBackendOptions {
  /** Compact once the WAL reaches this many bytes (default 8 MiB) … */
  compactWalBytes?: number;
  /**
   * … or this share of the snapshot's size, whichever is larger (default 0.25): each compaction rewrites
   * the whole snapshot, so a 370 MB store is not rewritten after every 8 MiB of writes, while the work
   * stays proportional to what was written and a restart replays at most a quarter of the store's size.
   */
  compactWalRatio?: number;
  /** Compact once the WAL holds this many records (default 100 000). */
  compactWalRecords?: number;
  /** Receives background compaction failures (default: a process warning); the WAL keeps the data safe. */
  onError?: (err: Error) => void;
  /**
   * Hears what recovery did at open (a torn log tail dropped: how many records, which bytes, where the
   * bytes were kept); default: a line on stderr.
   */
  onWarning?: (message: string) => void;
  /**
   * Bytes a compaction leaves free for the log beyond the snapshot it writes (default 4 MiB): a
   * compaction that would leave less is not started, so it never takes the space appends need.
   */
  reserveBytes?: number;
  /**
   * The file-system calls of snapshot writes and WAL removal (default `node:fs/promises`); tests wrap
   * it to check their order, or to stop the process between two of them.
   */
  fs?: DurableFs;
  /**
   * Take the store's lock on open (default true), so that no other process opens it meanwhile.
   * Only tests that act a crash by opening an abandoned store again in the same process turn it off.
   */
  lock?: boolean;
  /** The lock's lease in milliseconds (default {@link DEFAULT_LEASE_MS}). */
  leaseMs?: number;
}

/**
 * Durable backend: `<dir>/<name>.json` snapshot plus `<name>.wal` JSON Lines log; `<name>.wal.1`
 * exists only while a compaction is folding a rotated log into a new snapshot.
 * One owner per (dir, name): opening takes `<name>.lock` (see `StoreLock`), refused with a
 * `StoreLockedError` while another process holds it, and closing releases it. An owner that loses its
 * lock (its lease ran out and another process took the store) writes nothing more.
 */
export class FileBackend implements StoreBackend {
  /** Path of the snapshot file. */
  readonly snapshotPath: string;
  /** Path of the live WAL. */
  readonly walPath: string;
  /** Path of a rotated WAL awaiting compaction. */
  readonly rotatedPath: string;
  private readonly snapshotFile: SnapshotFile;
  /**
   * The persisted document (lowdb over the streaming snapshot codec): as last read, then as last
   * written. Memory, the WAL, transactions and indexes are the store's own.
   */
  private readonly document: Low<PersistedSnapshot | null>;
  private readonly fs: DurableFs;
  private readonly snapshotLock = new Mutex();
  private readonly compactWalBytes: number;
  private readonly compactWalRecords: number;
  private readonly compactWalRatio: number;
  private readonly onError: (err: Error) => void;
  private readonly onWarning: (message: string) => void;
  private readonly reserveBytes: number;
  private readonly locking: boolean;
  private readonly leaseMs: number;
  private lock: StoreLock | null = null;
  private wal: WalWriter | null = null;
  private capture: ((upTo?: number) => PersistedSnapshot) | null = null;
  private compacting: Promise<void> | null = null;
  private closing = false;
  private hadRotated = false;
  private loadedWal: WalContents | null = null;
  private compactions = 0;
  private retryCompactionAt = 0;
  private snapshotSeq = 0;
  /** Whether the snapshot file on disk holds memory as of the last WAL truncation or rotation. */
  private hasSnapshot = false;

  constructor(
    readonly dir: string,
    readonly name: string,
    options: FileBackendOptions = {},
  ) {
    const paths = storeFilePaths(dir, name);
    this.snapshotPath = paths.snapshot;
    this.walPath = paths.wal;
    this.rotatedPath = paths.rotated;
    this.fs = options.fs ?? nodeFs;
    // A message, not the error: an Error of another realm (a test runner's) is refused by emitWarning.
    this.onError = options.onError ?? ((err) => process.emitWarning(`${err.name}: ${err.message}`));
    this.onWarning = options.onWarning ?? ((message) => process.stderr.write(`${message}\n`));
    // A failed directory fsync after the rename: the new snapshot is in place and counts as written.
    this.snapshotFile = new SnapshotFile(this.snapshotPath, this.fs, (err) =>
      this.onError(storeFailure(`${this.dir}: directory fsync after a snapshot rename failed`, err)),
    );
    this.document = new Low<PersistedSnapshot | null>(this.snapshotFile, null);
    this.compactWalBytes = options.compactWalBytes ?? 8 * 1024 * 1024;
    this.compactWalRecords = options.compactWalRecords ?? 100_000;
    this.compactWalRatio = options.compactWalRatio ?? 0.25;
    this.reserveBytes = options.reserveBytes ?? 4 * 1024 * 1024;
    this.locking = options.lock ?? true;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /** Reads snapshot, rotated WAL and WAL; drops a torn WAL tail so new appends start on a clean line. */
  async load(): Promise<LoadedData> {
    await mkdir(this.dir, { recursive: true });
    if (this.locking) {
      this.lock = await StoreLock.acquire(this.dir, this.name, {
        leaseMs: this.leaseMs,
        onLost: (err) => this.onError(err),
        onTakeOver: this.onWarning,
      });
    }
    try {
      return await this.loadFiles();
    } catch (err) {
      await this.releaseLock();
      throw err;
    }
  }

  private async loadFiles(): Promise<LoadedData> {
    await this.snapshotFile.removeLeftover();
    await this.document.read();
    const snapshot = this.document.data;
    this.snapshotSeq = snapshot?.seq ?? 0;
    this.hasSnapshot = snapshot !== null;
    const records: WalRecord[] = [];
    let last = this.snapshotSeq;
    const rotated = await this.readLog(this.rotatedPath);
    if (rotated) {
      this.hadRotated = true;
      last = collectRecords(rotated.records, last, records, this.rotatedPath);
    }
    const wal = await this.readLog(this.walPath);
    if (wal) {
      collectRecords(wal.records, last, records, this.walPath);
      if (wal.validBytes < wal.totalBytes) await this.dropTail(wal);
    }
    this.loadedWal = wal;
    return { snapshot, records };
  }

  /**
   * Cuts a torn tail off the WAL so new appends start on a clean line: the dropped bytes are kept
   * beside the store first and the cut is fsynced, and what was dropped is reported.
   */
  private async dropTail(wal: WalContents): Promise<void> {
    const { validBytes, totalBytes, tail } = wal;
    if (tail) {
      const bytes = (await this.fs.readFile(this.walPath)).subarray(validBytes, totalBytes);
      const copy = damagedCopyPath(this.walPath);
      const file = await this.fs.open(copy, 'w');
      try {
        await file.write(bytes, 0, bytes.length);
        await file.sync();
      } finally {
        await file.close();
      }
      this.onWarning(
        `${this.walPath}: dropped 1 torn record (line ${tail.line}, bytes ${tail.from}–${tail.to}: ${tail.why}); ` +
          `${wal.records.length} records kept; the dropped bytes are in ${copy}`,
      );
    }
    const file = await this.fs.open(this.walPath, 'a');
    try {
      await file.truncate(validBytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await fsyncDir(this.dir, this.fs);
  }

  /** Opens the WAL; folds a rotated WAL left by an interrupted compaction into a snapshot first. */
  async start(capture: (upTo?: number) => PersistedSnapshot): Promise<void> {
    this.capture = capture;
    const wal = this.loadedWal;
    this.loadedWal = null;
    this.wal = await WalWriter.open(
      this.walPath,
      wal?.validBytes ?? 0,
      wal?.records.length ?? 0,
      () => this.maybeCompact(),
      this.fs,
    );
    if (!this.hadRotated) return;
    // The rotated log holds the data safely; a compaction that fails now (no space) is retried later
    // rather than making the store unusable.
    await this.compact().catch((err: unknown) => {
      this.retryCompactionAt = Date.now() + 10_000;
      this.onError(err as Error);
    });
  }

  /** Accepts appends again after a failed one. */
  recover(): void {
    this.wal?.clearFailure();
  }

  /** Group-committed append; resolves once durable. Refused once the store's lock is lost. */
  append(line: string): Promise<void> {
    try {
      this.lock?.assertHeld();
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return this.writer().append(line);
  }

  /** Resolves once every earlier append is durable. */
  sync(): Promise<void> {
    return this.writer().runExclusive(async () => undefined);
  }

  /**
   * Enqueued behind earlier appends and ahead of later ones (synchronously, at call time), so a
   * transaction that follows the reset can never reach disk before the reset snapshot does.
   */
  reset(seq: number): Promise<void> {
    const wal = this.writer();
    return wal.runExclusive(
      () =>
        this.snapshotLock.run(async () => {
          // Snapshot first: until the WAL is emptied its records are all <= the new snapshot's seq.
          await this.writeSnapshot(seq);
          // The reset is durable from here; a log that cannot be emptied only holds records it supersedes.
          await wal.truncateFile().catch((err: unknown) => {
            this.onError(storeFailure(`${this.walPath}: emptying the log after a reset failed`, err));
          });
        }),
      true,
    );
  }

  /**
   * Rotates the WAL (new writes go to a fresh file), writes a snapshot of memory, then deletes the
   * rotated WAL. Transactions only wait for the rename; the snapshot is serialised incrementally.
   */
  compact(): Promise<void> {
    if (this.compacting) return this.compacting;
    if (this.closing) return Promise.resolve();
    const wal = this.writer();
    this.compacting = (async () => {
      try {
        await this.ensureRoom(wal);
        await wal.runExclusive(async () => {
          // A leftover rotated WAL from a failed compaction must be folded in before rotating again.
          if (wal.records > 0 && !(await exists(this.rotatedPath))) await wal.rotateFileTo(this.rotatedPath);
        });
        // Captured after the rotation, so the snapshot covers every record in the rotated WAL.
        await this.snapshotLock.run(() => this.writeSnapshot());
        this.compactions++;
      } finally {
        this.compacting = null;
      }
    })();
    return this.compacting;
  }

  /** Waits for compaction and pending appends, then writes a final snapshot and removes the WAL. */
  async close(writeSnapshot: boolean): Promise<void> {
    const wal = this.wal;
    if (!wal) return this.releaseLock();
    if (this.closing) return;
    this.closing = true;
    try {
      await this.closeFiles(wal, writeSnapshot);
    } finally {
      await this.releaseLock();
    }
  }

  /** Releases the store's lock (no-op without one). */
  private async releaseLock(): Promise<void> {
    const lock = this.lock;
    this.lock = null;
    await lock?.release();
  }

  private async closeFiles(wal: WalWriter, writeSnapshot: boolean): Promise<void> {
    await this.compacting?.catch(() => undefined);
    await wal.runExclusive(async () => {
      try {
        // Nothing logged since the last snapshot (e.g. a fresh seed, a read-only run): the snapshot on disk
        // already holds memory, so a 100k-contact store is not serialised again on every shutdown.
        const current = this.hasSnapshot && wal.records === 0 && !(await exists(this.rotatedPath));
        if (writeSnapshot && !current) await this.snapshotLock.run(() => this.writeSnapshot());
      } catch (err) {
        // No final snapshot (no space): the log keeps everything for the next open.
        await wal.closeFile();
        throw err;
      }
      await wal.closeFile();
      if (writeSnapshot) {
        await unlinkIfExists(this.walPath, this.fs);
        await fsyncDir(this.dir, this.fs);
      }
    });
  }

  /** Current counters. */
  stats(): BackendStats {
    return {
      flushes: this.wal?.flushes ?? 0,
      walBytes: this.wal?.bytes ?? 0,
      walRecords: this.wal?.records ?? 0,
      compactions: this.compactions,
      snapshotSeq: this.snapshotSeq,
      storedBytes: this.snapshotFile.size + (this.wal?.bytes ?? 0),
      snapshotBytes: this.snapshotFile.size,
    };
  }

  private writer(): WalWriter {
    if (!this.wal) throw new StoreError('FileBackend used before start()');
    return this.wal;
  }

  /**
   * Writes a snapshot of memory as of seq `upTo` (default: of every durable write); the caller holds
   * `snapshotLock`. Throws only when the snapshot did not replace the previous one.
   */
  private async writeSnapshot(upTo?: number): Promise<void> {
    if (!this.capture) throw new StoreError('FileBackend used before start()');
    // Another process owns the files once the lock is lost: a snapshot now would overwrite its store.
    this.lock?.assertHeld();
    const snapshot = this.capture(upTo);
    this.document.data = snapshot;
    await this.document.write();
    this.snapshotSeq = snapshot.seq;
    this.hasSnapshot = true;
    // Every record of the rotated WAL is <= snapshot.seq now, and the snapshot is durable; a rotated
    // log that cannot be removed is only skipped on the next open.
    try {
      if (await unlinkIfExists(this.rotatedPath, this.fs)) await fsyncDir(this.dir, this.fs);
    } catch (err) {
      this.onError(storeFailure(`${this.rotatedPath}: removing the folded log failed`, err));
    }
  }

  /**
   * Refuses to start a compaction that could take the space the log needs: the new snapshot may be as
   * large as the old one plus the log, and `reserveBytes` must stay free beyond it.
   */
  private async ensureRoom(wal: WalWriter): Promise<void> {
    const free = await freeBytes(this.dir, this.fs);
    if (free === undefined) return;
    const need = this.snapshotFile.size + wal.bytes + this.reserveBytes;
    if (free < need) {
      throw new StoreFailedError(
        `${this.snapshotPath}: compaction not started: ${free} bytes free, it needs about ${need} ` +
          `(snapshot ${this.snapshotFile.size} + log ${wal.bytes} + reserve ${this.reserveBytes})`,
        { reason: 'no-space' },
      );
    }
  }

  private maybeCompact(): void {
    const wal = this.wal;
    if (!wal || this.compacting || this.closing) return;
    const byteLimit = Math.max(this.compactWalBytes, this.snapshotFile.size * this.compactWalRatio);
    if (wal.bytes < byteLimit && wal.records < this.compactWalRecords) return;
    if (Date.now() < this.retryCompactionAt) return;
    this.compact().catch((err: unknown) => {
      // The WAL still holds everything; just do not retry on every flush while the disk is unhappy.
      this.retryCompactionAt = Date.now() + 10_000;
      this.onError(err as Error);
    });
  }

  private async readLog(path: string): Promise<WalContents | null> {
    try {
      return await readWal(path, this.fs);
    } catch (err) {
      if (err instanceof WalCorruptError) throw new StoreCorruptError(err.message, { cause: err });
      throw err;
    }
  }
}
