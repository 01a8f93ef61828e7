import { describe, expect, it } from '@jest/globals';
import { appendFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileBackend, Store, StoreCorruptError, stringifySnapshot } from '../../src/store/index.js';
import type { Entity } from '../../src/store/index.js';
import { openFile, withTempDir } from './helpers.js';

const ids = (list: Iterable<Entity>): string[] => Array.from(list, (e) => e.id);

describe('FileBackend', () => {
  it('acknowledged writes are visible to a new Store without close()', async () => {
    await withTempDir(async (dir) => {
      const writer = await openFile(dir);
      await writer.transact((tx) => {
        tx.put('contacts', { id: 'a', name: 'A' });
        tx.setMeta('tenant', 't1');
      });
      await writer.transact((tx) => tx.delete('contacts', 'a') && tx.put('contacts', { id: 'b', name: 'B' }));
      const reader = await openFile(dir);
      expect(ids(reader.all('contacts'))).toEqual(['b']);
      expect(reader.meta).toEqual({ tenant: 't1' });
      expect(reader.seq).toBe(2);
      await reader.close();
      await writer.close();
    });
  });

  it('rollback leaves memory and disk unchanged', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir);
      await store.transact((tx) => tx.put('c', { id: 'a', v: 1 }));
      const walPath = join(dir, 't.wal');
      const walBefore = await readFile(walPath, 'utf8');
      await expect(
        store.transact((tx) => {
          tx.put('c', { id: 'a', v: 2 });
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      await store.transact(() => 'nothing written');
      await store.sync();
      expect(await readFile(walPath, 'utf8')).toBe(walBefore);
      expect(store.stats().flushes).toBe(1);
      expect(store.get('c', 'a')).toEqual({ id: 'a', v: 1 });
      await store.close();
    });
  });

  it('group-commits concurrent transactions', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir);
      const results = await Promise.all(
        Array.from({ length: 500 }, (_, i) =>
          store.transact((tx) => {
            const counter = tx.get<Entity & { n: number }>('counters', 'c');
            tx.put('counters', { id: 'c', n: (counter?.n ?? 0) + 1 });
            tx.put('items', { id: `i${i}`, i });
            return i;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 500 }, (_, i) => i));
      expect(store.stats().flushes).toBeLessThan(10);
      const reloaded = await openFile(dir);
      expect(reloaded.count('items')).toBe(500);
      expect(reloaded.get('counters', 'c')).toEqual({ id: 'c', n: 500 });
      await reloaded.close();
      await store.close();
    });
  });

  it('ignores a torn last WAL line and truncates it before appending', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir);
      for (let i = 0; i < 3; i++) await store.transact((tx) => tx.put('c', { id: `k${i}` }));
      const walPath = join(dir, 't.wal');
      const intact = (await stat(walPath)).size;
      await appendFile(walPath, '{"seq":4,"ops":[{"op":"put","c":"c","e":{"id":"k3"');
      const reopened = await openFile(dir);
      expect(ids(reopened.all('c'))).toEqual(['k0', 'k1', 'k2']);
      expect((await stat(walPath)).size).toBe(intact);
      await reopened.transact((tx) => tx.put('c', { id: 'k3b' }));
      const again = await openFile(dir);
      expect(ids(again.all('c'))).toEqual(['k0', 'k1', 'k2', 'k3b']);
      await again.close();
      await reopened.close();
      await store.close();
    });
  });

  it('treats an unparsable complete last line as torn, but a bad middle line as corruption', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir);
      await store.transact((tx) => tx.put('c', { id: 'a' }));
      await store.transact((tx) => tx.put('c', { id: 'b' }));
      const walPath = join(dir, 't.wal');
      const lines = (await readFile(walPath, 'utf8')).split('\n');
      await writeFile(walPath, `${lines[0]}\n${lines[1]}\n{"seq":3,"op\0\0\0\n\0\0`);
      const tolerant = await openFile(dir);
      expect(ids(tolerant.all('c'))).toEqual(['a', 'b']);
      await tolerant.close();
      await writeFile(walPath, `${lines[0]}\n{garbage\n${lines[1]}\n`);
      await expect(openFile(dir)).rejects.toThrow(StoreCorruptError);
      await expect(openFile(dir)).rejects.toThrow(/t\.wal: line 2 .*corrupt/);
      await store.close();
    });
  });

  it('detects missing records between snapshot and WAL', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir);
      await store.transact((tx) => tx.put('c', { id: 'a' }));
      await store.transact((tx) => tx.put('c', { id: 'b' }));
      const walPath = join(dir, 't.wal');
      const lines = (await readFile(walPath, 'utf8')).split('\n');
      await writeFile(walPath, `${lines[1]}\n`);
      await expect(openFile(dir)).rejects.toThrow(/seq 2 follows seq 0/);
      await store.close();
    });
  });

  it('compacts past the threshold, and reload after compaction is identical', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir, { compactWalRecords: 10 });
      for (let i = 0; i < 25; i++) {
        await store.transact((tx) => {
          tx.put('c', { id: `k${i % 7}`, i });
          if (i % 5 === 0) tx.delete('c', `k${(i + 3) % 7}`);
          tx.setMeta('last', i);
        });
      }
      await store.compact();
      const stats = store.stats();
      expect(stats.compactions).toBeGreaterThanOrEqual(2);
      expect(stats.snapshotSeq).toBeGreaterThanOrEqual(20);
      expect(stats.walRecords).toBeLessThan(10);
      expect(await readdir(dir)).not.toContain('t.wal.1');
      const snapshotText = await readFile(join(dir, 't.json'), 'utf8');
      expect(JSON.parse(snapshotText).seq).toBe(stats.snapshotSeq);
      const reloaded = await openFile(dir);
      expect(stringifySnapshot(reloaded.toSnapshot())).toBe(stringifySnapshot(store.toSnapshot()));
      await reloaded.close();
      await store.close();
    });
  });

  it('waits for the WAL to reach a share of a large snapshot before compacting it', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir, { compactWalBytes: 1000, compactWalRatio: 0.5 });
      const big = Array.from({ length: 200 }, (_, i) => ({ id: `e${i}`, text: 'x'.repeat(100) }));
      await store.reset({ version: 1, seq: 0, meta: {}, collections: { c: big } });
      const snapshotSize = (await stat(join(dir, 't.json'))).size;
      expect(snapshotSize).toBeGreaterThan(20_000);
      let i = 0;
      // Past the byte threshold but under half the snapshot: no compaction yet.
      while (store.stats().walBytes < snapshotSize / 3) {
        await store.transact((tx) => tx.put('c', { id: `w${i++}`, text: 'y'.repeat(100) }));
      }
      expect(store.stats().compactions).toBe(0);
      // Write until the WAL is rotated (its size drops), noting how large it had grown.
      let peak = 0;
      while (store.stats().walBytes >= peak && i < 10_000) {
        peak = store.stats().walBytes;
        await store.transact((tx) => tx.put('c', { id: `w${i++}`, text: 'y'.repeat(100) }));
      }
      expect(peak).toBeGreaterThanOrEqual(snapshotSize / 2 - 200);
      // A few records more may land while the compaction checks free space and queues its rotation.
      expect(peak).toBeLessThan(snapshotSize / 2 + 500);
      await store.compact();
      expect(store.stats().compactions).toBeGreaterThanOrEqual(1);
      await store.close();
    });
  });

  it('recovers a rotated WAL left by a compaction interrupted before its snapshot', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir);
      for (let i = 0; i < 5; i++) await store.transact((tx) => tx.put('c', { id: `k${i}` }));
      await store.close();
      const put = (seq: number, id: string): string =>
        `${JSON.stringify({ seq, ops: [{ op: 'put', c: 'c', e: { id } }] })}\n`;
      // As left by a crash after rotation: older records in .wal.1, newer ones in a fresh .wal.
      await writeFile(join(dir, 't.wal.1'), put(4, 'stale') + put(6, 'rotated'));
      await writeFile(join(dir, 't.wal'), put(7, 'fresh'));
      const recovered = await openFile(dir);
      expect(ids(recovered.all('c'))).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'rotated', 'fresh']);
      expect(recovered.seq).toBe(7);
      expect(await readdir(dir)).not.toContain('t.wal.1');
      await recovered.transact((tx) => tx.put('c', { id: 'after' }));
      const again = await openFile(dir);
      expect(again.count('c')).toBe(8);
      await again.close();
      await recovered.close();
    });
  });

  it('reset persists a fresh snapshot and an empty WAL', async () => {
    await withTempDir(async (dir) => {
      const store = await openFile(dir);
      await store.transact((tx) => tx.put('c', { id: 'old' }));
      const reset = store.reset({ version: 1, seq: 0, meta: { v: 1 }, collections: { c: [{ id: 'new' }] } });
      const after = store.transact((tx) => tx.put('c', { id: 'after-reset' }));
      await reset;
      await after;
      const reloaded = await openFile(dir);
      expect(ids(reloaded.all('c'))).toEqual(['new', 'after-reset']);
      expect(reloaded.meta).toEqual({ v: 1 });
      await reloaded.close();
      await store.close();
    });
  });

  it('close writes byte-identical snapshot files for the same writes and removes the WAL', async () => {
    const write = (dir: string): Promise<string> =>
      (async () => {
        const store = await Store.open(new FileBackend(dir, 'seed'));
        await store.transact((tx) => {
          tx.put('contacts', { id: 'c2', name: 'Two' });
          tx.put('companies', { id: 'x', name: 'X' });
          tx.put('contacts', { id: 'c1', name: 'One' });
          tx.setMeta('revision', '1.4.0');
        });
        await store.close();
        expect(await readdir(dir)).toEqual(['seed.json']);
        return readFile(join(dir, 'seed.json'), 'utf8');
      })();
    const a = await withTempDir(write);
    const b = await withTempDir(write);
    expect(a).toBe(b);
    expect(a.split('\n')[1]).toBe('"companies":[');
  });

  it('rejects unsafe store names', () => {
    expect(() => new FileBackend('/tmp', '../evil')).toThrow(/unsafe store name/);
    expect(() => new FileBackend('/tmp', '.hidden')).toThrow(/unsafe store name/);
  });
});
