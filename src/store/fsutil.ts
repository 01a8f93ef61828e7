import { open, readdir, readFile, rename, stat, statfs, unlink } from 'node:fs/promises';

/** The part of an open file the store uses (node's `FileHandle` has this shape). */
export interface DurableHandle {
  write(buffer: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }>;
  /** fsync(2): the file's data and metadata reach stable storage. */
  sync(): Promise<void>;
  /** fdatasync(2): the file's data (and its size) reach stable storage. */
  datasync(): Promise<void>;
  /** Cuts the file to `length` bytes. */
  truncate(length?: number): Promise<void>;
  close(): Promise<void>;
}

/** How the store opens files: `w` create or truncate, `a` create or append, `r` read (a directory, to fsync it). */
export type OpenFlags = 'w' | 'a' | 'r';

/** Free space of a file system, as `statfs(2)` reports it. */
export interface FsSpace {
  /** Blocks available to an unprivileged writer. */
  bavail: number;
  /** Bytes per block. */
  bsize: number;
}

/**
 * Every file-system call the store's backend makes (snapshot writes, the log, recovery), as one object
 * so that a test can record their order, stop the process between two of them, or make any of them fail
 * (see `FaultFs` and `FileBackendOptions.fs`).
 */
export interface DurableFs {
  open(path: string, flags: OpenFlags): Promise<DurableHandle>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  readFile(path: string): Promise<Buffer>;
  readdir(path: string): Promise<string[]>;
  statfs(path: string): Promise<FsSpace>;
}

/** `DurableFs` over `node:fs/promises`. */
export const nodeFs: DurableFs = {
  open: (path, flags) => open(path, flags),
  rename,
  unlink,
  readFile: (path) => readFile(path),
  readdir: (path) => readdir(path),
  statfs: (path) => statfs(path),
};

/** Node's error shape for failed system calls (duck-typed: errors may come from another realm, e.g. under jest). */
export function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}

/** True when `err` is a failed system call with one of `codes`. */
export function hasCode(err: unknown, ...codes: string[]): boolean {
  const code = errorCode(err);
  return code !== undefined && codes.includes(code);
}

/** Bytes free for writing on the file system holding `path`, or undefined where statfs is unavailable. */
export async function freeBytes(path: string, fs: DurableFs = nodeFs): Promise<number | undefined> {
  try {
    const space = await fs.statfs(path);
    return space.bavail * space.bsize;
  } catch (err) {
    if (hasCode(err, 'ENOSYS', 'ENOTSUP', 'EINVAL', 'ERR_METHOD_NOT_IMPLEMENTED')) return undefined;
    throw err;
  }
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

/** Reads a whole file, or returns null when it does not exist. */
export async function readIfExists(path: string, fs: DurableFs = nodeFs): Promise<Buffer | null> {
  try {
    return await fs.readFile(path);
  } catch (err) {
    if (hasCode(err, 'ENOENT')) return null;
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
