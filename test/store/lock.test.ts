import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FileBackend,
  readLock,
  Store,
  StoreLock,
  StoreLockedError,
  type LockOwner,
} from '../../src/store/index.js';
import { withTempDir } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '../..');
const racer = join(here, '../reliability/fixtures/lock-racer.ts');

const open = (dir: string, leaseMs?: number) =>
  Store.open(new FileBackend(dir, 'race', leaseMs === undefined ? {} : { leaseMs }));

/** A lock file as another process (here, on another host) would write it. */
function foreignOwner(overrides: Partial<LockOwner> = {}): LockOwner {
  return {
    pid: 4242,
    host: `not-${hostname()}`,
    acquiredAt: new Date().toISOString(),
    leaseMs: 2_000,
    token: 'someone-else',
    ...overrides,
  };
}

/** Starts the racer fixture, opens the store in it, resolves with its pid once it has written. */
function openInChild(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', racer, dir, 'child'], {
    cwd: projectRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const writing = new Promise<number>((done, fail) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('ready') && !out.includes('go-sent')) {
        out += 'go-sent';
        child.stdin.write('go\n');
      }
      if (out.includes('ack ')) done(child.pid!);
    });
    void exited.then(() => fail(new Error(`the child exited before writing:\n${out}\n${err}`)));
  });
  return { child, writing, exited };
}

describe('one owner per store (StoreLock)', () => {
  it('refuses a second open in this process, naming the owner, and frees the store on close', async () => {
    await withTempDir(async (dir) => {
      const first = await open(dir);
      const refused = await open(dir).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(StoreLockedError);
      expect(refused).toMatchObject({ reason: 'locked', owner: { pid: process.pid, host: hostname() } });
      expect((refused as Error).message).toMatch(
        `store race is open in process ${process.pid} on ${hostname()}`,
      );
      await first.close();
      await expect(stat(join(dir, 'race.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
      const second = await open(dir);
      await second.close();
    });
  });

  it('refuses a store another process has open, and takes it over at once when that process is killed', async () => {
    await withTempDir(async (dir) => {
      const holder = openInChild(dir);
      const pid = await holder.writing;
      // A lease far longer than the test: only the dead pid can free the store.
      const refused = await open(dir, 600_000).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(StoreLockedError);
      expect((refused as StoreLockedError).owner).toMatchObject({ pid, host: hostname() });
      expect((refused as StoreLockedError).retryAfterSeconds).toBeLessThanOrEqual(15);
      holder.child.kill('SIGKILL');
      await holder.exited;
      const taken = await open(dir, 600_000);
      expect(taken.count('items')).toBeGreaterThan(0);
      expect((await readLock(join(dir, 'race.lock')))?.owner?.pid).toBe(process.pid);
      await taken.close();
    });
  }, 30_000);

  it("respects another host's lease while it is renewed, and takes the store over once it has run out", async () => {
    await withTempDir(async (dir) => {
      const path = join(dir, 'race.lock');
      await writeFile(path, JSON.stringify(foreignOwner()));
      const refused = await open(dir).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(StoreLockedError);
      expect((refused as StoreLockedError).retryAfterSeconds).toBeLessThanOrEqual(2);
      // The other host stopped renewing 3 s ago: past its 2 s lease.
      const past = new Date(Date.now() - 3_000);
      await utimes(path, past, past);
      const store = await open(dir);
      expect((await readLock(path))?.owner?.token).not.toBe('someone-else');
      await store.close();
    });
  });

  it('renews its lease while open, so a reader elsewhere sees it fresh', async () => {
    await withTempDir(async (dir) => {
      const lock = await StoreLock.acquire(dir, 'race', { leaseMs: 1_200 });
      const before = (await stat(lock.path)).mtimeMs;
      await new Promise((r) => setTimeout(r, 1_000));
      expect((await stat(lock.path)).mtimeMs).toBeGreaterThan(before);
      await lock.release();
    });
  });

  it('an owner whose lock was taken over writes nothing more, and leaves the new owner its files', async () => {
    await withTempDir(async (dir) => {
      const lost: StoreLockedError[] = [];
      const store = await Store.open(
        new FileBackend(dir, 'race', { leaseMs: 1_200, onError: (e) => lost.push(e as StoreLockedError) }),
      );
      await store.transact((tx) => tx.put('items', { id: 'before' }));
      // Another host took the store over (this owner was stalled past its lease).
      const thief = JSON.stringify(foreignOwner({ token: 'thief', leaseMs: 60_000 }));
      await writeFile(join(dir, 'race.lock'), thief);
      await new Promise((r) => setTimeout(r, 600));
      expect(lost[0]).toBeInstanceOf(StoreLockedError);
      await expect(store.transact((tx) => tx.put('items', { id: 'after' }))).rejects.toBeInstanceOf(
        StoreLockedError,
      );
      expect(store.has('items', 'after')).toBe(false);
      await store.close().catch(() => undefined);
      // No final snapshot over the new owner's store, its log kept, and its lock left in place.
      await expect(stat(join(dir, 'race.json'))).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await readFile(join(dir, 'race.wal'), 'utf8')).toContain('"before"');
      expect(await readFile(join(dir, 'race.lock'), 'utf8')).toBe(thief);
    });
  });
});
