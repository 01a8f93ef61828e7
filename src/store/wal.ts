import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { StoreCorruptError, StoreError, StoreFailedError, storeFailure } from './errors.js';
import { fsyncDir, nodeFs, readIfExists } from './fsutil.js';
import type { DurableFs, DurableHandle } from './fsutil.js';
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

/** Tab: JSON.stringify escapes it inside strings, so a raw tab in a line can only be the checksum separator. */
const TAB = 0x09;
/** `\t` plus 8 hex digits. */
const CRC_SUFFIX = 9;

/** The CRC-32 of a record's JSON, as 8 hex digits. */
function checksum(json: string | Buffer): string {
  return crc32(json).toString(16).padStart(8, '0');
}

/**
 * One WAL line (log format 2): the record's JSON, a tab, its CRC-32, a newline. Lines of format 1 (the
 * JSON alone, as earlier releases wrote) are still read; new appends are always format 2.
 */
export function walLine(json: string): string {
  return `${json}\t${checksum(json)}\n`;
}

/** A stretch of a log that was not used: where, how long, and why. */
export interface DroppedRange {
  /** Byte offset of the first dropped byte. */
  from: number;
  /** Byte offset after the last dropped byte. */
  to: number;
  /** 1-based line number where the dropped bytes start. */
  line: number;
  why: string;
}

/** What `readWal` found in a WAL file. */
export interface WalContents {
  records: WalRecord[];
  /** Length of the intact prefix; anything after it is a torn tail left by a crash mid-write. */
  validBytes: number;
  totalBytes: number;
  /** Records in format 1 (no checksum). */
  legacyRecords: number;
  /** The torn tail, when there is one (not padding only). */
  tail: DroppedRange | null;
}

/** Thrown by `readWal` for damage that a crash cannot explain (a bad line followed by good ones). */
export class WalCorruptError extends Error {
  constructor(
    message: string,
    /** Records before the damage, which a repair can keep. */
    readonly intact: WalContents,
    readonly damage: DroppedRange,
  ) {
    super(message);
  }
}

/** True when nothing but padding a crash can leave (NULs, whitespace) follows `from`. */
function onlyPaddingAfter(buf: Buffer, from: number): boolean {
  for (let i = from; i < buf.length; i++) {
    const b = buf[i];
    if (b !== 0 && b !== 0x0a && b !== 0x0d && b !== 0x20 && b !== 0x09) return false;
  }
  return true;
}

/** Parses and checks one line (without its newline); throws a plain Error saying what is wrong. */
function parseLine(buf: Buffer, start: number, end: number): { record: WalRecord; legacy: boolean } {
  let jsonEnd = end;
  const legacy = !(end - start > CRC_SUFFIX && buf[end - CRC_SUFFIX] === TAB);
  if (!legacy) {
    jsonEnd = end - CRC_SUFFIX;
    const stored = buf.toString('latin1', jsonEnd + 1, end);
    const actual = checksum(buf.subarray(start, jsonEnd));
    if (stored !== actual) throw new Error(`checksum mismatch (stored ${stored}, computed ${actual})`);
  }
  const record: unknown = JSON.parse(buf.toString('utf8', start, jsonEnd));
  assertWalRecord(record);
  return { record, legacy };
}

/**
 * Parses the bytes of a JSON Lines WAL. A record is acknowledged only after its whole line (newline
 * included) is fsynced, so an unterminated, unparsable or mis-checksummed final line was never
 * acknowledged and is a torn tail, reported in `tail`; a bad line with intact lines after it is real
 * corruption and throws a `WalCorruptError` that carries the intact prefix.
 */
export function parseWal(buf: Buffer, path: string): WalContents {
  const records: WalRecord[] = [];
  let start = 0;
  let line = 0;
  let legacyRecords = 0;
  const contents = (tail: DroppedRange | null): WalContents => ({
    records,
    validBytes: start,
    totalBytes: buf.length,
    legacyRecords,
    tail,
  });
  while (start < buf.length) {
    const nl = buf.indexOf(0x0a, start);
    line++;
    if (nl === -1) {
      if (onlyPaddingAfter(buf, start)) return contents(null);
      return contents({ from: start, to: buf.length, line, why: 'last line is cut short' });
    }
    try {
      const parsed = parseLine(buf, start, nl);
      records.push(parsed.record);
      if (parsed.legacy) legacyRecords++;
    } catch (err) {
      const why = (err as Error).message;
      if (onlyPaddingAfter(buf, nl + 1)) {
        const blank = onlyPaddingAfter(buf, start);
        return contents(blank ? null : { from: start, to: buf.length, line, why: `last line: ${why}` });
      }
      const damage = { from: start, to: nl + 1, line, why };
      throw new WalCorruptError(
        `${path}: line ${line} (bytes ${start}–${nl + 1}) is not a valid WAL record (${why}) ` +
          'and intact records follow it; the file is corrupt, not merely cut short by a crash',
        contents(null),
        damage,
      );
    }
    start = nl + 1;
  }
  return contents(null);
}

/** Reads a WAL file (see `parseWal`), or returns null when it does not exist. */
export async function readWal(path: string, fs: DurableFs = nodeFs): Promise<WalContents | null> {
  const buf = await readIfExists(path, fs);
  return buf === null ? null : parseWal(buf, path);
}

/**
 * Appends to `out` the records of one log that follow seq `last` (earlier ones are already in the snapshot
 * or an earlier log) and returns the seq of the last one; a gap in the seqs is a `StoreCorruptError`.
 */
export function collectRecords(
  found: readonly WalRecord[],
  last: number,
  out: WalRecord[],
  path: string,
): number {
  for (const record of found) {
    if (record.seq <= last) continue;
    if (record.seq !== last + 1) {
      throw new StoreCorruptError(
        `${path}: record seq ${record.seq} follows seq ${last}; records are missing`,
      );
    }
    out.push(record);
    last = record.seq;
  }
  return last;
}

type RecordItem = {
  kind: 'record';
  data: string;
  resolve: () => void;
  reject: (err: Error) => void;
  /** The writer's failure count when queued: a failure since then fails the item too. */
  epoch: number;
};
type JobItem = {
  kind: 'job';
  epoch: number;
  run: () => Promise<void>;
  /** Set for jobs whose failure (or an earlier write's) must fail the writes queued behind them. */
  reject?: (err: Error) => void;
};
type QueueItem = RecordItem | JobItem;

/**
 * Appends WAL lines with group commit: every line queued while a flush is in flight (or in the
 * same tick) goes out in one write plus one fdatasync. Exclusive jobs (rotation, truncation,
 * close) run in queue order, so they see every earlier line on disk and no later one.
 *
 * A failed flush fails its batch and every line queued behind it (the store rolls them back), and
 * refuses lines until the store calls `clearFailure()`; the next flush first cuts the file back to its
 * last durable byte, so a half-written batch never precedes a later record.
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
  private closed = false;
  /** The file may hold bytes after `bytes` (a failed write or fdatasync): cut them before writing. */
  private needsRepair = false;
  /** Failures so far: items queued before the latest one were applied on top of what failed. */
  private epoch = 0;
  private lastFailure: StoreFailedError | null = null;

  private constructor(
    readonly path: string,
    private fd: DurableHandle | null,
    bytes: number,
    records: number,
    private readonly onFlushed: () => void,
    private readonly fs: DurableFs,
  ) {
    this.bytes = bytes;
    this.records = records;
  }

  /** Opens (creating if needed) the WAL for appending; the counts describe its current content. */
  static async open(
    path: string,
    bytes: number,
    records: number,
    onFlushed: () => void,
    fs: DurableFs = nodeFs,
  ): Promise<WalWriter> {
    const fd = await fs.open(path, 'a');
    try {
      await fsyncDir(dirname(path), fs);
    } catch (err) {
      await fd.close().catch(() => undefined);
      throw err;
    }
    return new WalWriter(path, fd, bytes, records, onFlushed, fs);
  }

  /** The failure that refuses appends until `clearFailure()`, if any. */
  get failed(): StoreFailedError | null {
    return this.failure;
  }

  /** Queues one line (ending in a newline); resolves once it is durable. */
  append(line: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'record', data: line, resolve, reject, epoch: this.epoch });
      this.schedule();
    });
  }

  /** Accepts appends again after a failure (the store has rolled back what failed). */
  clearFailure(): void {
    if (!this.closed) this.failure = null;
  }

  /**
   * Runs `fn` after every line queued so far is durable, holding back lines queued later. With
   * `failsWrites`, the job fails when an earlier line failed, and its own failure fails the lines queued
   * behind it, as a failed line does (a reset: later writes were applied on top of it).
   */
  runExclusive<T>(fn: () => Promise<T>, failsWrites = false): Promise<T> {
    if (failsWrites && this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      const run = failsWrites
        ? () =>
            Promise.resolve()
              .then(fn)
              .then(resolve, (err: unknown) => {
                this.fail(err, 'exclusive write failed');
                reject(this.failure!);
              })
        : () => Promise.resolve().then(fn).then(resolve, reject);
      this.queue.push({ kind: 'job', run, epoch: this.epoch, ...(failsWrites ? { reject } : {}) });
      this.schedule();
    });
  }

  /** Renames the WAL to `target` and continues in a fresh file; only inside `runExclusive`. */
  async rotateFileTo(target: string): Promise<void> {
    // A half-written batch must not end up in the rotated file, where a later record could follow it.
    await this.repair();
    const fd = this.fd;
    // Forgotten first: a close that fails has still released the descriptor; the next flush reopens.
    this.fd = null;
    await fd?.close();
    try {
      await this.fs.rename(this.path, target);
      this.bytes = 0;
      this.records = 0;
    } finally {
      this.fd = await this.fs.open(this.path, 'a').catch((err: unknown) => {
        // The next flush reopens it; the rename (if it happened) stands.
        this.needsRepair = true;
        throw err;
      });
    }
    await fsyncDir(dirname(this.path), this.fs);
  }

  /** Empties the WAL durably; only inside `runExclusive`. */
  async truncateFile(): Promise<void> {
    const fd = await this.handle();
    await fd.truncate(0);
    await fd.datasync();
    this.bytes = 0;
    this.records = 0;
    this.needsRepair = false;
  }

  /** Releases the file handle; later appends fail. Only inside `runExclusive`. */
  async closeFile(): Promise<void> {
    const fd = this.fd;
    this.fd = null;
    this.closed = true;
    this.failure ??= new StoreFailedError(`${this.path}: WAL is closed`, { reason: 'io' });
    await fd?.close();
  }

  /** Cuts the file back to its last durable byte after a failed write; reopens it after a failed rotation. */
  private async repair(): Promise<void> {
    if (!this.needsRepair) return;
    const fd = await this.handle();
    await fd.truncate(this.bytes);
    await fd.datasync();
    this.needsRepair = false;
  }

  private async handle(): Promise<DurableHandle> {
    if (this.closed) throw new StoreError(`${this.path}: WAL is closed`);
    this.fd ??= await this.fs.open(this.path, 'a');
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
      let batch: RecordItem[] = [];
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        if (item.kind === 'record') {
          if (this.stale(item)) item.reject(this.failure ?? this.staleError(item));
          else batch.push(item);
          continue;
        }
        await this.flush(batch);
        batch = [];
        if (item.reject && this.stale(item)) item.reject(this.failure ?? this.staleError(item));
        else await item.run();
      }
      await this.flush(batch);
    }
    this.running = false;
  }

  private async flush(batch: RecordItem[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      if (this.failure) throw this.failure;
      await this.repair();
      const fd = await this.handle();
      this.needsRepair = true;
      const buf = Buffer.from(batch.map((r) => r.data).join(''), 'utf8');
      for (let off = 0; off < buf.length;) {
        const { bytesWritten } = await fd.write(buf, off, buf.length - off);
        off += bytesWritten;
      }
      await fd.datasync();
      this.needsRepair = false;
      this.flushes++;
      this.bytes += buf.length;
      this.records += batch.length;
    } catch (err) {
      this.fail(err, 'WAL write failed');
      for (const r of batch) r.reject(this.failure!);
      return;
    }
    for (const r of batch) r.resolve();
    this.onFlushed();
  }

  /** Whether a failure happened since the item was queued (or one is in force). */
  private stale(item: QueueItem): boolean {
    return this.failure !== null || item.epoch !== this.epoch;
  }

  private staleError(item: QueueItem): StoreFailedError {
    return (
      this.lastFailure ??
      new StoreFailedError(`${this.path}: an earlier write failed (epoch ${item.epoch})`, { reason: 'io' })
    );
  }

  /** Refuses lines from now on (until `clearFailure`), failing those already queued and the jobs that fail with them. */
  private fail(err: unknown, what: string): void {
    this.failure ??= storeFailure(`${this.path}: ${what}`, err);
    this.lastFailure = this.failure;
    this.epoch++;
    const kept: QueueItem[] = [];
    for (const item of this.queue) {
      if (item.kind === 'record') item.reject(this.failure);
      else if (item.reject) item.reject(this.failure);
      else kept.push(item);
    }
    this.queue = kept;
  }
}
