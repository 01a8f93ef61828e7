import { open, rename, stat, unlink } from 'node:fs/promises';

/** The part of an open file a durable write uses (node's `FileHandle` has this shape). */
export interface DurableHandle {
  write(buffer: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }>;
  /** fsync(2): the file's data and metadata reach stable storage. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The file-system calls a snapshot write and a WAL hand-over make, as one object so that a test can
 * record their order or stop the process between two of them (see `FileBackendOptions.fs`).
 */
export interface DurableFs {
  /** `flags` is `'w'` (create or truncate, for writing) or `'r'` (a directory, to fsync it). */
  open(path: string, flags: 'w' | 'r'): Promise<DurableHandle>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
}

/** `DurableFs` over `node:fs/promises`. */
export const nodeFs: DurableFs = { open: (path, flags) => open(path, flags), rename, unlink };

/** Node's error shape for failed system calls (duck-typed: errors may come from another realm, e.g. under jest). */
function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}

/** True when `err` is a failed system call with one of `codes`. */
export function hasCode(err: unknown, ...codes: string[]): boolean {
  const code = errorCode(err);
  return code !== undefined && codes.includes(code);
}

/** Flushes a file's data and metadata to stable storage. */
export async function fsyncFile(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Makes creations, renames and deletions inside `dir` durable. */
export async function fsyncDir(dir: string, fs: DurableFs = nodeFs): Promise<void> {
  let fh;
  try {
    fh = await fs.open(dir, 'r');
    await fh.sync();
  } catch (err) {
    // Some platforms (Windows) cannot open or fsync directories; there renames are durable enough.
    if (!hasCode(err, 'EISDIR', 'EINVAL', 'EPERM', 'EACCES', 'EBADF')) throw err;
  } finally {
    await fh?.close();
  }
}

/** Deletes a file, reporting whether it existed. */
export async function unlinkIfExists(path: string, fs: DurableFs = nodeFs): Promise<boolean> {
  try {
    await fs.unlink(path);
    return true;
  } catch (err) {
    if (hasCode(err, 'ENOENT')) return false;
    throw err;
  }
}

/** Whether a path exists. */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (err) {
    if (hasCode(err, 'ENOENT')) return false;
    throw err;
  }
}

/** Runs async critical sections one at a time, in call order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` once every previously queued section has settled. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
