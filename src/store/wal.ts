import { open, readFile, rename } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StoreError, StoreFailedError } from './errors.js';
import { fsyncDir, hasCode } from './fsutil.js';
import type { WalOp, WalRecord } from './types.js';
import { isPlainRecord } from './validate.js';

/** Validates one parsed WAL line, throwing a plain Error that explains what is wrong. */
export function assertWalRecord(value: unknown): asserts value is WalRecord {
  if (!isPlainRecord(value)) throw new Error('not a JSON object');
  if (typeof value.seq !== 'number' || !Number.isSafeInteger(value.seq) || value.seq < 1) {
    throw new Error('seq must be a positive integer');
  }
  if (!Array.isArray(value.ops) || value.ops.length === 0) throw new Error('ops must be a non-empty array');
  value.ops.forEach((op: unknown, i) => {
    if (!isValidOp(op)) throw new Error(`op ${i} is malformed`);
  });
}

function isValidOp(op: unknown): op is WalOp {
  if (!isPlainRecord(op)) return false;
  switch (op.op) {
    case 'put':
      return typeof op.c === 'string' && op.c !== '' && isPlainRecord(op.e) && typeof op.e.id === 'string';
    case 'del':
      return typeof op.c === 'string' && op.c !== '' && typeof op.id === 'string';
    case 'meta':
      return typeof op.k === 'string';
    default:
      return false;
  }
}

/** What `readWal` found in a WAL file. */
export interface WalContents {
  records: WalRecord[];
  /** Length of the intact prefix; anything after it is a torn tail left by a crash mid-write. */
  validBytes: number;
  totalBytes: number;
}

/** Thrown by `readWal` for damage that a crash cannot explain (a bad line followed by good ones). */
export class WalCorruptError extends Error {}

/** True when nothing but padding a crash can leave (NULs, whitespace) follows `from`. */
function onlyPaddingAfter(buf: Buffer, from: number): boolean {
  for (let i = from; i < buf.length; i++) {
    const b = buf[i];
    if (b !== 0 && b !== 0x0a && b !== 0x0d && b !== 0x20 && b !== 0x09) return false;
  }
  return true;
}

/**
 * Reads a JSON Lines WAL, or returns null when the file does not exist.
 * A record is acknowledged only after its whole line (newline included) is fsynced, so an
 * unterminated or unparsable final line was never acknowledged and is dropped; a bad line
 * with intact lines after it is real corruption and throws.
 */
export async function readWal(path: string): Promise<WalContents | null> {
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch (err) {
    if (hasCode(err, 'ENOENT')) return null;
    throw err;
  }
  const records: WalRecord[] = [];
  let start = 0;
  let line = 0;
  while (start < buf.length) {
    const nl = buf.indexOf(0x0a, start);
    line++;
    if (nl === -1) break;
    let record: unknown;
    try {
      record = JSON.parse(buf.toString('utf8', start, nl));
      assertWalRecord(record);
    } catch (err) {
      if (onlyPaddingAfter(buf, nl + 1)) break;
      throw new WalCorruptError(
        `${path}: line ${line} (byte offset ${start}) is not a valid WAL record (${(err as Error).message}) ` +
          'and intact records follow it; the file is corrupt, not merely cut short by a crash',
      );
    }
    records.push(record);
    start = nl + 1;
  }
  return { records, validBytes: start, totalBytes: buf.length };
}

type QueueItem =
  | { kind: 'record'; data: string; resolve: () => void; reject: (err: Error) => void }
  | { kind: 'job'; run: () => Promise<void> };

/**
 * Appends WAL lines with group commit: every line queued while a flush is in flight (or in the
 * same tick) goes out in one write plus one fdatasync. Exclusive jobs (rotation, truncation,
 * close) run in queue order, so they see every earlier line on disk and no later one.
 */
export class WalWriter {
  /** Number of write+fdatasync rounds so far. */
  flushes = 0;
  /** Bytes in the current WAL file. */
  bytes: number;
  /** Records in the current WAL file. */
  records: number;
  private queue: QueueItem[] = [];
  private running = false;
  private failure: StoreFailedError | null = null;

  private constructor(
    readonly path: string,
    private fd: FileHandle | null,
    bytes: number,
    records: number,
    private readonly onFlushed: () => void,
  ) {
    this.bytes = bytes;
    this.records = records;
  }

  /** Opens (creating if needed) the WAL for appending; the counts describe its current content. */
  static async open(path: string, bytes: number, records: number, onFlushed: () => void): Promise<WalWriter> {
    const fd = await open(path, 'a');
    await fsyncDir(dirname(path));
    return new WalWriter(path, fd, bytes, records, onFlushed);
  }

  /** Queues one line (ending in a newline); resolves once it is durable. */
  append(line: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'record', data: line, resolve, reject });
      this.schedule();
    });
  }

  /** Runs `fn` after every line queued so far is durable, holding back lines queued later. */
  runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ kind: 'job', run: () => Promise.resolve().then(fn).then(resolve, reject) });
      this.schedule();
    });
  }

  /** Renames the WAL to `target` and continues in a fresh file; only inside `runExclusive`. */
  async rotateFileTo(target: string): Promise<void> {
    await this.fd?.close();
    this.fd = null;
    try {
      await rename(this.path, target);
      this.bytes = 0;
      this.records = 0;
    } finally {
      this.fd = await open(this.path, 'a');
    }
    await fsyncDir(dirname(this.path));
  }

  /** Empties the WAL durably; only inside `runExclusive`. */
  async truncateFile(): Promise<void> {
    const fd = this.requireFd();
    await fd.truncate(0);
    await fd.datasync();
    this.bytes = 0;
    this.records = 0;
  }

  /** Releases the file handle; later appends fail. Only inside `runExclusive`. */
  async closeFile(): Promise<void> {
    const fd = this.fd;
    this.fd = null;
    this.failure ??= new StoreFailedError(`${this.path}: WAL is closed`);
    await fd?.close();
  }

  private requireFd(): FileHandle {
    if (!this.fd) throw new StoreError(`${this.path}: WAL is closed`);
    return this.fd;
  }

  private schedule(): void {
    if (this.running) return;
    this.running = true;
    // setImmediate rather than a microtask: requests whose I/O completed in this loop turn join the batch.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const items = this.queue;
      this.queue = [];
      let batch: Array<Extract<QueueItem, { kind: 'record' }>> = [];
      for (const item of items) {
        if (item.kind === 'record') {
          batch.push(item);
          continue;
        }
        await this.flush(batch);
        batch = [];
        await item.run();
      }
      await this.flush(batch);
    }
    this.running = false;
  }

  private async flush(batch: Array<Extract<QueueItem, { kind: 'record' }>>): Promise<void> {
    if (batch.length === 0) return;
    try {
      if (this.failure) throw this.failure;
      const fd = this.requireFd();
      const buf = Buffer.from(batch.map((r) => r.data).join(''), 'utf8');
      for (let off = 0; off < buf.length;) {
        const { bytesWritten } = await fd.write(buf, off, buf.length - off);
        off += bytesWritten;
      }
      await fd.datasync();
      this.flushes++;
      this.bytes += buf.length;
      this.records += batch.length;
    } catch (err) {
      this.failure ??=
        err instanceof StoreFailedError
          ? err
          : new StoreFailedError(`${this.path}: WAL write failed: ${(err as Error).message}`, { cause: err });
      for (const r of batch) r.reject(this.failure);
      return;
    }
    for (const r of batch) r.resolve();
    this.onFlushed();
  }
}
