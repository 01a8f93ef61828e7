import { randomUUID } from 'node:crypto';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { link, readFile, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { StoreLockedError } from './errors.js';
import { hasCode } from './fsutil.js';
import { storeFilePaths } from './store-files.js';
import type { LockOwner } from './types.js';

/** Default lease of a store lock: an owner that stops renewing loses its stores this long after. */
export const DEFAULT_LEASE_MS = 15_000;

/** The lock of a store as found on disk. */
export interface HeldLock {
  /** The owner, or null for a file that cannot be read as one (written by a crash at power loss). */
  owner: LockOwner | null;
  /** When the lease was last renewed (the file's mtime), ms since the epoch. */
  renewedAt: number;
}

/** Options of {@link StoreLock.acquire}. */
export interface StoreLockOptions {
  /** The lease (default {@link DEFAULT_LEASE_MS}). */
  leaseMs?: number;
  /** Hears that the lock was lost (another process took it over after the lease expired). */
  onLost?: (error: StoreLockedError) => void;
  /** Hears that a stale lock was taken over, and whose it was. */
  onTakeOver?: (message: string) => void;
  /**
   * The acquisition's token (default: a fresh UUID). A caller that may be stopped midway (a worker thread
   * terminated between acquire and release) picks it, so that whoever stopped it can remove exactly the
   * lock it left with {@link removeLockOf}, and never another owner's.
   */
  token?: string;
}

/** A lock file being taken over by another process: older than this, its taker is gone. */
const TAKEOVER_STALE_MS = 10_000;
const ATTEMPTS = 6;

/** `/proc/<pid>/stat`'s start time (clock ticks since boot), where Linux has it. */
function processStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

const ownProcessStart = processStartOf(process.pid);

/** Whether process `pid` of this host is running (a process of another user counts). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return hasCode(err, 'EPERM');
  }
}

function isOwner(value: unknown): value is LockOwner {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(o['pid']) &&
    typeof o['host'] === 'string' &&
    typeof o['acquiredAt'] === 'string' &&
    typeof o['token'] === 'string' &&
    typeof o['leaseMs'] === 'number' &&
    (o['processStart'] === undefined || typeof o['processStart'] === 'string')
  );
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value: unknown = JSON.parse(text);
    return isOwner(value) ? value : null;
  } catch {
    return null;
  }
}

/** The lock file of store `name` in `dir`. */
export function lockPath(dir: string, name: string): string {
  return storeFilePaths(dir, name).lock;
}

/** The lock of a store as it is on disk, or null when none is held. */
export async function readLock(path: string): Promise<HeldLock | null> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    return { owner: parseOwner(text), renewedAt: info.mtimeMs };
  } catch (err) {
    if (hasCode(err, 'ENOENT')) return null;
    throw err;
  }
}

/**
 * Why a held lock no longer binds anyone (its owner is gone), or null while it does: a lease not renewed
 * in time; on this host, an owner process that has exited, or whose pid another process now has.
 */
export function staleness(held: HeldLock, now: number, fallbackLeaseMs = DEFAULT_LEASE_MS): string | null {
  const { owner } = held;
  const lease = owner?.leaseMs ?? fallbackLeaseMs;
  const silent = now - held.renewedAt;
  if (silent > lease) return `its lease of ${lease} ms was last renewed ${Math.round(silent)} ms ago`;
  if (!owner || owner.host !== hostname()) return null;
  if (!pidAlive(owner.pid)) return `process ${owner.pid} on ${owner.host} is gone`;
  const start = processStartOf(owner.pid);
  if (owner.processStart !== undefined && start !== undefined && start !== owner.processStart) {
    return `process ${owner.pid} on ${owner.host} is another process now`;
  }
  return null;
}

/**
 * Removes the lock of store `name` in `dir` and its staged copy when, and only when, they belong to the
 * acquisition named `token`: what a holder stopped midway left (a lock whose owner process lives on is
 * never stale, so nobody else would take it over until the process exits).
 */
export async function removeLockOf(dir: string, name: string, token: string): Promise<void> {
  await unlink(join(dir, `.${name}.lock.${token}`)).catch(() => undefined);
  const path = lockPath(dir, name);
  const held = await readLock(path).catch(() => null);
  if (held?.owner?.token === token) await unlink(path).catch(() => undefined);
}

/** One line naming a lock's owner, for messages and logs. */
export function describeOwner(owner: LockOwner | null): string {
  if (!owner) return 'an owner whose lock file cannot be read';
  return `process ${owner.pid} on ${owner.host} (since ${owner.acquiredAt})`;
}

/** Seconds until a lock that is not renewed again may be taken over (at least 1). */
function secondsLeft(held: HeldLock, now: number): number {
  const lease = held.owner?.leaseMs ?? DEFAULT_LEASE_MS;
  return Math.max(1, Math.ceil((held.renewedAt + lease - now) / 1000));
}

function lockedError(name: string, held: HeldLock, now: number): StoreLockedError {
  return new StoreLockedError(`store ${name} is open in ${describeOwner(held.owner)}`, {
    owner: held.owner,
    retryAfterSeconds: secondsLeft(held, now),
  });
}

/**
 * The exclusive lock of one store: `<dir>/<name>.lock`, created whole and atomically with `link(2)` (it
 * fails when the name exists, on local disks and NFS alike), naming its owner; the owner renews it as a
 * lease (the file's mtime) every third of the lease, and removes it on release. A lock whose owner
 * is gone is taken over: on this host at once, elsewhere once its lease has run out. Taking over goes
 * through a second file, `<name>.lock.takeover`, so that two processes never both remove a stale lock.
 */
export class StoreLock {
  private lostError: StoreLockedError | null = null;
  private renewedAt = Date.now();
  private readonly timer: NodeJS.Timeout;
  private released = false;

  private constructor(
    /** The lock file. */
    readonly path: string,
    /** Who holds it: this process. */
    readonly owner: LockOwner,
    private readonly name: string,
    private readonly onLost: ((error: StoreLockedError) => void) | undefined,
  ) {
    this.timer = setInterval(() => void this.renew(), Math.max(1, Math.floor(owner.leaseMs / 3)));
    this.timer.unref();
  }

  /**
   * Takes the lock of store `name` in `dir` (the dir must exist), taking over a stale one; rejects with a
   * `StoreLockedError` naming the owner when another live process holds it, this one included.
   */
  static async acquire(dir: string, name: string, options: StoreLockOptions = {}): Promise<StoreLock> {
    const path = lockPath(dir, name);
    const owner: LockOwner = {
      pid: process.pid,
      host: hostname(),
      ...(ownProcessStart === undefined ? {} : { processStart: ownProcessStart }),
      acquiredAt: new Date().toISOString(),
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
      token: options.token ?? randomUUID(),
    };
    // Written whole under a private name first, so the lock never exists half-written.
    const staged = join(dir, `.${name}.lock.${owner.token}`);
    await writeFile(staged, JSON.stringify(owner));
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        try {
          await link(staged, path);
          return new StoreLock(path, owner, name, options.onLost);
        } catch (err) {
          if (!hasCode(err, 'EEXIST')) throw err;
        }
        const held = await readLock(path);
        if (!held) continue;
        const now = Date.now();
        const why = staleness(held, now, owner.leaseMs);
        if (why === null) throw lockedError(name, held, now);
        if (await takeOver(path, staged, held, owner.leaseMs)) {
          options.onTakeOver?.(`store ${name}: took over the lock of ${describeOwner(held.owner)}: ${why}`);
        } else await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
      }
      const held = await readLock(path);
      throw held
        ? lockedError(name, held, Date.now())
        : new StoreLockedError(`store ${name}: other processes keep taking its lock`, {
            owner: null,
            retryAfterSeconds: 1,
          });
    } finally {
      await unlink(staged).catch(() => undefined);
    }
  }

  /** Whether the lock is still this process's (not lost, not released). */
  get held(): boolean {
    return !this.released && this.lostError === null;
  }

  /**
   * Throws the `StoreLockedError` of a lost lock. A lease that the timer could not renew in time (the
   * event loop was busy) is renewed here first, synchronously, when the file is still this owner's: so a
   * write is never made by an owner whose lease another process may already have taken over.
   */
  assertHeld(): void {
    if (this.lostError) throw this.lostError;
    if (this.released) throw new StoreLockedError(`store ${this.name}: lock released`, { owner: null });
    if (Date.now() - this.renewedAt < (this.owner.leaseMs * 2) / 3) return;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      text = '';
    }
    if (!this.stillMine(parseOwner(text), statSyncMtime(this.path))) throw this.lostError!;
    const now = new Date();
    utimesSync(this.path, now, now);
    this.renewedAt = now.getTime();
  }

  /** Renews the lease, or notices that another process has taken the lock over. */
  async renew(): Promise<void> {
    if (!this.held) return;
    try {
      const held = await readLock(this.path);
      if (!this.stillMine(held?.owner ?? null, held?.renewedAt)) return;
      const now = new Date();
      await utimes(this.path, now, now);
      this.renewedAt = now.getTime();
    } catch {
      // A renewal that fails (an I/O error) is tried again next time; `assertHeld` guards the writes.
    }
  }

  /** Stops renewing and removes the lock file if it is still this owner's. Idempotent. */
  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.timer);
    if (this.lostError) return;
    const held = await readLock(this.path).catch(() => null);
    if (held?.owner?.token === this.owner.token) await unlink(this.path).catch(() => undefined);
  }

  /** Whether the file still names this acquisition; if not, the lock is lost (and told once). */
  private stillMine(found: LockOwner | null, renewedAt: number | undefined): boolean {
    if (found?.token === this.owner.token) return true;
    const held: HeldLock = { owner: found, renewedAt: renewedAt ?? Date.now() };
    this.lostError = new StoreLockedError(
      `store ${this.name}: the lock was taken over by ${describeOwner(found)}; this process no longer writes it`,
      { owner: found, retryAfterSeconds: secondsLeft(held, Date.now()) },
    );
    clearInterval(this.timer);
    this.onLost?.(this.lostError);
    return false;
  }
}

function statSyncMtime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Removes the stale lock `held` at `path`, holding `<path>.takeover` meanwhile so that only one process
 * removes it; false when another process is taking it over (try again). The lock is read again under the
 * takeover file: a lock renewed or replaced since it was judged stale is left alone.
 */
async function takeOver(path: string, staged: string, held: HeldLock, leaseMs: number): Promise<boolean> {
  const guard = `${path}.takeover`;
  try {
    await link(staged, guard);
  } catch (err) {
    if (!hasCode(err, 'EEXIST')) throw err;
    // A taker that died midway leaves its guard behind; it is removed once clearly abandoned.
    const guardInfo = await stat(guard).catch(() => null);
    if (guardInfo && Date.now() - guardInfo.mtimeMs > TAKEOVER_STALE_MS)
      await unlink(guard).catch(() => undefined);
    return false;
  }
  try {
    const again = await readLock(path);
    if (!again) return true;
    const same = again.owner?.token === held.owner?.token && again.renewedAt === held.renewedAt;
    if (!same || staleness(again, Date.now(), leaseMs) === null) return false;
    await unlink(path).catch((err: unknown) => {
      if (!hasCode(err, 'ENOENT')) throw err;
    });
    return true;
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}
