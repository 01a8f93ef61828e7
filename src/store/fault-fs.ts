import { basename } from 'node:path';
import { nodeFs } from './fsutil.js';
import type { DurableFs, DurableHandle, FsSpace, OpenFlags } from './fsutil.js';

/** The calls a `FaultFs` can observe and fail; handle calls name the file they act on. */
export type FsOp =
  | 'open'
  | 'write'
  | 'sync'
  | 'datasync'
  | 'truncate'
  | 'close'
  | 'rename'
  | 'unlink'
  | 'readFile'
  | 'readdir'
  | 'statfs';

/** One call as a `FaultFs` saw it. */
export interface FsCall {
  op: FsOp;
  /** The file (or directory) the call acts on; for `rename`, the source. */
  path: string;
  /** `open`'s flags. */
  flags?: OpenFlags;
  /** `rename`'s target. */
  to?: string;
}

/** Which calls a fault hits and how it fails them. */
export interface FaultSpec {
  /** The errno code to fail with, e.g. `ENOSPC`, `EIO`, `EROFS`. */
  code: string;
  /** Only calls of these kinds count (default: every kind). */
  ops?: readonly FsOp[];
  /** Only calls on paths whose file name matches count (default: every path). */
  file?: RegExp;
  /** Fail the nth call that counts, from now (default 1: the next one). */
  nth?: number;
  /** How many calls fail from the nth on (default 1; `Infinity` until `clear()`). */
  times?: number;
}

/** An errno-shaped error, as node's own file-system calls throw. */
export function fsError(code: string, op: string, path: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`${code}: injected fault, ${op} '${path}'`);
  err.code = code;
  err.syscall = op;
  err.path = path;
  return err;
}

/**
 * A `DurableFs` that passes calls to another one and fails chosen calls with a chosen errno, like
 * SQLite's I/O-error test harness: a test arms "fail the Nth call" and loops N over a phase until the
 * phase completes without reaching it. Every call is also handed to `observe`, to record their order.
 */
export class FaultFs implements DurableFs {
  /** Calls made so far, whatever their outcome. */
  calls = 0;
  /** Calls failed so far. */
  failed = 0;
  private fault: (FaultSpec & { seen: number; hits: number }) | null = null;

  constructor(
    private readonly base: DurableFs = nodeFs,
    private readonly observe: (call: FsCall) => void = () => undefined,
  ) {}

  /** Arms a fault, replacing any armed before. */
  arm(spec: FaultSpec): void {
    this.fault = { ...spec, seen: 0, hits: 0 };
  }

  /** Disarms the fault: every call passes again. */
  clear(): void {
    this.fault = null;
  }

  /** Whether the armed fault has failed at least one call. */
  get fired(): boolean {
    return (this.fault?.hits ?? 0) > 0;
  }

  async open(path: string, flags: OpenFlags): Promise<DurableHandle> {
    this.check({ op: 'open', path, flags });
    const file = await this.base.open(path, flags);
    const call = <T>(op: FsOp, fn: () => Promise<T>): Promise<T> => {
      try {
        this.check({ op, path });
      } catch (err) {
        return Promise.reject(err);
      }
      return fn();
    };
    return {
      write: (buffer, offset, length) => call('write', () => file.write(buffer, offset, length)),
      sync: () => call('sync', () => file.sync()),
      datasync: () => call('datasync', () => file.datasync()),
      truncate: (length) => call('truncate', () => file.truncate(length)),
      // A failed close still releases the descriptor, as close(2) does.
      close: async () => {
        await file.close();
        this.check({ op: 'close', path });
      },
    };
  }

  async rename(from: string, to: string): Promise<void> {
    this.check({ op: 'rename', path: from, to });
    await this.base.rename(from, to);
  }

  async unlink(path: string): Promise<void> {
    this.check({ op: 'unlink', path });
    await this.base.unlink(path);
  }

  async readFile(path: string): Promise<Buffer> {
    this.check({ op: 'readFile', path });
    return this.base.readFile(path);
  }

  async readdir(path: string): Promise<string[]> {
    this.check({ op: 'readdir', path });
    return this.base.readdir(path);
  }

  async statfs(path: string): Promise<FsSpace> {
    this.check({ op: 'statfs', path });
    return this.base.statfs(path);
  }

  /** Counts the call, reports it, and throws when the armed fault hits it. */
  private check(call: FsCall): void {
    this.calls++;
    this.observe(call);
    const f = this.fault;
    if (!f) return;
    if (f.ops && !f.ops.includes(call.op)) return;
    if (f.file && !f.file.test(basename(call.path))) return;
    f.seen++;
    if (f.seen < (f.nth ?? 1) || f.hits >= (f.times ?? 1)) return;
    f.hits++;
    this.failed++;
    throw fsError(f.code, call.op, call.path);
  }
}
