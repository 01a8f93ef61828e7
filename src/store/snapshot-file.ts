import { dirname } from 'node:path';
import { TextFile } from 'lowdb/node';
import { fsyncDir, fsyncFile } from './fsutil.js';
import { parseSnapshot, stringifySnapshotAsync } from './snapshot-codec.js';
import type { StoreSnapshot } from './types.js';

/**
 * The snapshot file, written atomically through lowdb's TextFile adapter (steno: temp file + rename).
 * The text adapter rather than `Low`/`JSONFile` because we serialise incrementally ourselves and
 * `Low` would only keep a second reference to a possibly 200 MB string.
 */
export class SnapshotFile {
  private readonly file: TextFile;

  constructor(readonly path: string) {
    this.file = new TextFile(path);
  }

  /** The stored snapshot, or null when there is none yet. */
  async read(): Promise<StoreSnapshot | null> {
    const text = await this.file.read();
    return text === null ? null : parseSnapshot(text, this.path);
  }

  /**
   * Replaces the snapshot and makes it durable. steno renames without fsync, so we fsync the
   * renamed file and its directory before anyone may rely on it (e.g. delete a WAL it supersedes).
   */
  async write(snapshot: StoreSnapshot): Promise<void> {
    await this.file.write(await stringifySnapshotAsync(snapshot));
    await fsyncFile(this.path);
    await fsyncDir(dirname(this.path));
  }
}
