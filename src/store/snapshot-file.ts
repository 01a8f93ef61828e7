import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Writer } from 'steno';
import { fsyncDir, fsyncFile, hasCode } from './fsutil.js';
import { readSnapshot, snapshotPieces } from './snapshot-codec.js';
import type { PersistedSnapshot } from './types.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Bytes handed to the file at a time while a snapshot is written. */
const WRITE_CHUNK = 1 << 20;

/**
 * The snapshot file, written atomically by steno (lowdb's file writer: temp file + rename). steno
 * rather than lowdb's TextFile adapter because the adapter takes the whole document as one string: a
 * 100k-contact store is ~370 MB, which as a JS string is two bytes a character as soon as one
 * non-ASCII character appears and near V8's string size limit; steno takes the pieces as they are made.
 */
export class SnapshotFile {
  private readonly writer: Writer;
  /** Bytes of the snapshot last read or written (0 when there is none). */
  size = 0;

  constructor(readonly path: string) {
    this.writer = new Writer(path);
  }

  /**
   * The stored snapshot (collections parsed on first use), or null when there is none yet. Read as
   * bytes, so each collection is decoded only when the store first needs it.
   */
  async read(): Promise<PersistedSnapshot | null> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.path);
    } catch (err) {
      if (hasCode(err, 'ENOENT')) return null;
      throw err;
    }
    this.size = bytes.length;
    return readSnapshot(bytes, this.path);
  }

  /**
   * Replaces the snapshot and makes it durable. Serialises and writes piece by piece, yielding to the
   * event loop between pieces so compacting a large store does not stall requests, and never holding
   * the whole file in memory. steno renames without fsync, so we fsync the renamed file and its
   * directory before anyone may rely on it (e.g. delete a WAL it supersedes).
   */
  async write(snapshot: PersistedSnapshot): Promise<void> {
    let size = 0;
    // Pieces are ~64 KB; handing the file ~1 MiB at a time saves thousands of awaited writes. A piece
    // that is large already (a never-parsed collection, copied as read) goes as it is, uncopied.
    async function* chunks(): AsyncGenerator<Buffer> {
      let batch: Buffer[] = [];
      let batched = 0;
      const flush = () => {
        const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch, batched);
        size += batched;
        batch = [];
        batched = 0;
        return chunk;
      };
      for (const piece of snapshotPieces(snapshot)) {
        if (piece.length >= WRITE_CHUNK && batched > 0) yield flush();
        batch.push(piece);
        batched += piece.length;
        if (batched < WRITE_CHUNK) continue;
        yield flush();
        await nextTurn();
      }
      if (batched > 0) yield flush();
    }
    await this.writer.write(chunks());
    this.size = size;
    await fsyncFile(this.path);
    await fsyncDir(dirname(this.path));
  }
}
