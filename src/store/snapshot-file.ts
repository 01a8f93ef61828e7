import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { fsyncDir, Mutex, nodeFs, readIfExists, unlinkIfExists } from './fsutil.js';
import type { DurableFs, DurableHandle } from './fsutil.js';
import { readSnapshot, snapshotPieces } from './snapshot-codec.js';
import type { PersistedSnapshot } from './types.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes handed to the file at a time while a snapshot is written. */
const WRITE_CHUNK = 1 << 20;

/**
 * The snapshot file as a lowdb adapter: `new Low(new SnapshotFile(path), null)` reads and writes a
 * store's persisted document (a `FileBackend` does exactly that). Reading keeps each collection as
 * bytes until it is first needed; writing streams the document piece by piece (snapshot format 3) and
 * is durable when it resolves.
 *
 * Not lowdb's TextFile adapter: it takes the whole document as one string (a 100k-contact store is
 * ~370 MB, near V8's string limit and two bytes a character once one non-ASCII character appears).
 * Not steno (TextFile's writer) either: it renames its temp file without fsyncing it first, so after a
 * power loss the rename can be on disk while the data is not, leaving an empty or partial snapshot
 * where the previous one was, and the WAL it superseded already gone.
 */
export class SnapshotFile implements Adapter<PersistedSnapshot | null> {
  /** Bytes of the snapshot last read or written (0 when there is none). */
  size = 0;
  /** Where a snapshot is written before it is renamed over `path` (a dot-file in the same directory). */
  readonly tempPath: string;
  private readonly lock = new Mutex();

  constructor(
    readonly path: string,
    private readonly fs: DurableFs = nodeFs,
    /**
     * Hears a failure after the rename (the directory's fsync): the new snapshot is in place by then, so
     * the write counts as done; by default such a failure is thrown like any other.
     */
    private readonly afterRename?: (err: Error) => void,
  ) {
    this.tempPath = join(dirname(path), `.${basename(path)}.tmp`);
  }

  /**
   * The stored snapshot (collections parsed on first use), or null when there is none yet. Read as
   * bytes, so each collection is decoded only when the store first needs it.
   */
  async read(): Promise<PersistedSnapshot | null> {
    const bytes = await readIfExists(this.path, this.fs);
    if (bytes === null) return null;
    this.size = bytes.length;
    return readSnapshot(bytes, this.path);
  }

  /**
   * Replaces the snapshot durably: writes a temp file, fsyncs it, renames it over the snapshot and
   * fsyncs the directory. Only when this resolves may a WAL the snapshot supersedes be deleted: a
   * power loss before the data's fsync keeps the old snapshot, one before the directory's fsync keeps
   * either. Serialises piece by piece, yielding to the event loop between pieces so compacting a large
   * store does not stall requests, and never holds the whole file in memory. Writes run one at a time.
   * `null` (lowdb's "no data") writes nothing.
   */
  write(snapshot: PersistedSnapshot | null): Promise<void> {
    if (!snapshot) return Promise.resolve();
    return this.lock.run(() => this.writeDurably(snapshot));
  }

  /** Removes a temp file left by a write that a crash interrupted (it never replaced the snapshot). */
  async removeLeftover(): Promise<void> {
    await unlinkIfExists(this.tempPath, this.fs);
  }

  private async writeDurably(snapshot: PersistedSnapshot): Promise<void> {
    const file = await this.fs.open(this.tempPath, 'w');
    let size = 0;
    // One write in flight while the next chunk is encoded: the copy into the page cache (or a wait on
    // the disk) overlaps the CPU work instead of following it. Never two: writes go in file order.
    // Every chunk is a fresh buffer nobody writes to again, so it may be encoded past while written.
    let writing: Promise<void> = Promise.resolve();
    try {
      for await (const chunk of chunks(snapshot)) {
        await writing;
        writing = writeAll(file, chunk);
        // Awaited above or below; without a handler now, a failure while the next chunk is encoded
        // would count as unhandled.
        writing.catch(() => undefined);
        size += chunk.length;
      }
      await writing;
      await file.sync();
    } catch (err) {
      // Not closed under a write still running (a chunk's encoding may fail while one is).
      await writing.catch(() => undefined);
      await file.close().catch(() => undefined);
      await unlinkIfExists(this.tempPath, this.fs).catch(() => undefined);
      throw err;
    }
    await file.close();
    await this.fs.rename(this.tempPath, this.path);
    this.size = size;
    try {
      await fsyncDir(dirname(this.path), this.fs);
    } catch (err) {
      if (!this.afterRename) throw err;
      this.afterRename(err as Error);
    }
  }
}

async function writeAll(file: DurableHandle, chunk: Buffer): Promise<void> {
  for (let off = 0; off < chunk.length;) {
    const { bytesWritten } = await file.write(chunk, off, chunk.length - off);
    off += bytesWritten;
  }
}

/**
 * The snapshot's bytes ~1 MiB at a time: small pieces (labels, small collections) are batched, which
 * saves thousands of awaited writes; a piece that is large already (the encoder's ~1 MiB buffers, a
 * never-parsed collection copied as read) goes as it is, uncopied.
 */
async function* chunks(snapshot: PersistedSnapshot): AsyncGenerator<Buffer> {
  let batch: Buffer[] = [];
  let batched = 0;
  const flush = () => {
    const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch, batched);
    batch = [];
    batched = 0;
    return chunk;
  };
  for (const piece of snapshotPieces(snapshot)) {
    if (piece.length >= WRITE_CHUNK / 2) {
      if (batched > 0) yield flush();
      yield piece;
      await nextTurn();
      continue;
    }
    batch.push(piece);
    batched += piece.length;
    if (batched < WRITE_CHUNK) continue;
    yield flush();
    await nextTurn();
  }
  if (batched > 0) yield flush();
}
