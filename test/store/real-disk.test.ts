/**
 * The store on a real, small file system: a tmpfs of a few MiB that fills up under write load, and a
 * read-only one. Mounting needs root; without it each test says why it did not run.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_TENANTS,
  fixtureProfiles,
  seedStoreFile,
  Simulator,
  SimulatorSetupError,
} from '../../src/simulator/index.js';
import { FileBackend, Store, StoreFailedError } from '../../src/store/index.js';
import type { Entity } from '../../src/store/index.js';
import { cli } from '../helpers/cli-io.js';

const isRoot = process.getuid?.() === 0;
let mountPoint = '';

/** Mounts a tmpfs of `size` at a fresh folder; returns why it could not, or null. */
function mountTmpfs(options: string): string | null {
  if (!isRoot) return 'not running as root, so no tmpfs can be mounted';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mountPoint], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return `mount -t tmpfs failed: ${(err as Error).message.split('\n')[0]}`;
  }
}

beforeEach(async () => {
  mountPoint = await mkdtemp(join(tmpdir(), 'store-tmpfs-'));
});

afterEach(async () => {
  if (isRoot) {
    try {
      execFileSync('umount', [mountPoint], { stdio: 'pipe' });
    } catch {
      // Not mounted (the test did not run).
    }
  }
  await rm(mountPoint, { recursive: true, force: true });
});

describe('a small tmpfs', () => {
  it('fills under write load: no failed write visible, no acknowledged write lost, no-space, recovery', async () => {
    const skipped = mountTmpfs('size=4m');
    if (skipped) {
      console.warn(`real-disk test did not run: ${skipped}`);
      return;
    }
    const ballast = join(mountPoint, 'ballast');
    await writeFile(ballast, Buffer.alloc(1536 * 1024));
    const store = await Store.open(
      new FileBackend(mountPoint, 't', {
        compactWalBytes: 256 * 1024,
        reserveBytes: 256 * 1024,
        onError: () => undefined,
      }),
    );
    const acked = new Set<string>();
    const failed = new Map<string, StoreFailedError>();
    let next = 0;
    const write = () => {
      const id = `e${next++}`;
      return store
        .transact((tx) => {
          const c = tx.get<Entity & { value: number }>('counters', 'c');
          tx.put('counters', { id: 'c', value: (c?.value ?? 0) + 1 });
          tx.put('items', { id, pad: 'x'.repeat(2000) });
        })
        .then(
          () => void acked.add(id),
          (err: unknown) => void failed.set(id, err as StoreFailedError),
        );
    };
    // 20 writers at a time until 50 writes have failed (the disk is full) or far too many succeeded.
    while (failed.size < 50 && next < 20_000) await Promise.all(Array.from({ length: 20 }, write));
    expect(failed.size).toBeGreaterThanOrEqual(50);
    for (const err of failed.values()) {
      expect(err).toBeInstanceOf(StoreFailedError);
      expect(err.reason).toBe('no-space');
    }
    const exact = (s: Store) => {
      expect([...failed.keys()].filter((id) => s.has('items', id))).toEqual([]);
      expect([...acked].filter((id) => !s.has('items', id))).toEqual([]);
      expect(s.count('items')).toBe(acked.size);
      expect(s.get<Entity & { value: number }>('counters', 'c')?.value).toBe(acked.size);
    };
    exact(store);
    expect(store.health()).toMatchObject({ ok: false, reason: 'no-space' });

    // Space comes back: writes resume by themselves.
    await unlink(ballast);
    const before = acked.size;
    for (let i = 0; i < 10; i++) await write();
    expect(acked.size).toBe(before + 10);
    expect(store.health()).toEqual({ ok: true });
    exact(store);
    // The final snapshot may not fit beside the log; the log keeps everything then.
    await store.close().catch(() => undefined);
    const reopened = await Store.open(new FileBackend(mountPoint, 't', { onError: () => undefined }));
    exact(reopened);
    await reopened.close().catch(() => undefined);
  }, 120_000);

  it('read-only: serve refuses the data dir in one line with exit 2, before listening', async () => {
    const skipped = mountTmpfs('ro,size=1m');
    if (skipped) {
      console.warn(`read-only data dir test did not run: ${skipped}`);
      return;
    }
    expect(() => new Simulator({ dataDir: mountPoint })).toThrow(SimulatorSetupError);
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      cli(['serve', '--data-dir', mountPoint, '--port', '0']),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 20_000))),
    ]).finally(() => clearTimeout(timer));
    expect(result).toMatchObject({
      code: 2,
      stderr: `rm-harness: the data dir ${mountPoint} is not writable (EROFS)\n`,
    });
  }, 30_000);

  it('seeding over a store on a full disk fails with no-space and leaves the old store whole', async () => {
    const skipped = mountTmpfs('size=2m');
    if (skipped) {
      console.warn(`seeding on a full disk did not run: ${skipped}`);
      return;
    }
    const tenant = DEFAULT_TENANTS[0]!;
    const name = `${tenant.id}-us`;
    // Without its lock: it is left open below, as a killed process would leave it.
    const old = await Store.open(new FileBackend(mountPoint, name, { lock: false }));
    for (let i = 0; i < 20; i++) await old.transact((tx) => tx.put('items', { id: `old${i}` }));
    // Left open (a crash): the writes are in its log only. The rest of the disk is taken.
    await writeFile(join(mountPoint, 'ballast'), Buffer.alloc(1900 * 1024)).catch(() => undefined);
    const profile = { ...fixtureProfiles().profiles['small']!, name: 'small' };
    const seeding = seedStoreFile({ tenant, region: 'us', seed: 5, profile }, mountPoint);
    await expect(seeding).rejects.toMatchObject({ code: 'ENOSPC' });
    await unlink(join(mountPoint, 'ballast'));
    const reopened = await Store.open(new FileBackend(mountPoint, name));
    expect(reopened.count('items')).toBe(20);
    await reopened.close();
    await old.close();
  }, 60_000);
});
