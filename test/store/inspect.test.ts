import { describe, expect, it } from '@jest/globals';
import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileBackend, readStore, Store, StoreCorruptError } from '../../src/store/index.js';
import { withTempDir } from './helpers.js';

/** Every file of `dir` with its bytes: what a read-only reader must leave exactly as it was. */
async function filesOf(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(
    await Promise.all(
      names.map(async (name) => [name, (await readFile(join(dir, name))).toString('base64')]),
    ),
  );
}

/** A store `s` in `dir`: a snapshot at seq 2, then two acknowledged writes in its log, still open. */
async function storeWithLog(dir: string): Promise<Store> {
  const first = await Store.open(new FileBackend(dir, 's'));
  await first.transact((tx) => {
    tx.put('contacts', { id: 'c1', displayName: 'Ada' });
    tx.put('contacts', { id: 'c2', displayName: 'Zoë' });
  });
  await first.transact((tx) => tx.setMeta('tenant', 't1'));
  await first.close();
  const store = await Store.open(new FileBackend(dir, 's'));
  await store.transact((tx) => {
    tx.put('notes', { id: 'n1', text: 'hello' });
    tx.delete('contacts', 'c1');
  });
  await store.transact((tx) => tx.put('contacts', { id: 'c3', displayName: 'Bo' }));
  await store.sync();
  return store;
}

describe('readStore: a store as its files hold it, read-only', () => {
  it('applies the log records after the snapshot, while the store is open elsewhere, changing no byte', async () => {
    await withTempDir(async (dir) => {
      const store = await storeWithLog(dir);
      try {
        const before = await filesOf(dir);
        expect(Object.keys(before)).toEqual(expect.arrayContaining(['s.json', 's.wal', 's.lock']));
        const read = await readStore(join(dir, 's.json'));
        if (!read.ok) throw new Error(read.message);
        const view = read.store;
        expect({ name: view.name, seq: view.seq, logRecords: view.logRecords, meta: view.meta }).toEqual({
          name: 's',
          seq: 4,
          logRecords: 2,
          meta: { tenant: 't1' },
        });
        expect(view.collections).toEqual(['contacts', 'notes']);
        expect(view.count('contacts')).toBe(2);
        expect(view.entities('contacts').map((e) => e.id)).toEqual(['c2', 'c3']);
        expect(view.get('notes', 'n1')).toEqual({ id: 'n1', text: 'hello' });
        expect(view.get('contacts', 'c1')).toBeUndefined();
        expect(view.count('absent')).toBe(0);
        expect(view.entities('absent')).toEqual([]);
        expect(Object.isFrozen(view.entities('contacts')[0])).toBe(true);
        expect(await filesOf(dir)).toEqual(before);
      } finally {
        await store.close();
      }
    });
  });

  it('leaves out a torn last log record (never acknowledged) without cutting it off the file', async () => {
    await withTempDir(async (dir) => {
      const store = await storeWithLog(dir);
      await store.close(); // folds the log into the snapshot
      const reopened = await Store.open(new FileBackend(dir, 's', { lock: false }));
      await reopened.transact((tx) => tx.put('notes', { id: 'n2', text: 'kept' }));
      await reopened.sync();
      await appendFile(join(dir, 's.wal'), '{"seq":6,"ops":[{"op":"put","c":"notes","e":{"id":"n3"');
      const before = await filesOf(dir);
      const read = await readStore(join(dir, 's.json'));
      if (!read.ok) throw new Error(read.message);
      expect({ seq: read.store.seq, notes: read.store.entities('notes').map((e) => e.id) }).toEqual({
        seq: 5,
        notes: ['n1', 'n2'],
      });
      expect(await filesOf(dir)).toEqual(before);
    });
  });

  it('opens a store with a damaged collection, counts it, and throws StoreCorruptError only when it is parsed', async () => {
    await withTempDir(async (dir) => {
      await (await storeWithLog(dir)).close();
      const file = join(dir, 's.json');
      // Same length, other bytes: the collection's checksum no longer matches.
      await writeFile(file, (await readFile(file, 'utf8')).replace('"Bo"', '"Bx"'));
      const read = await readStore(file);
      if (!read.ok) throw new Error(read.message);
      expect(read.store.count('contacts')).toBe(2);
      expect(read.store.get('notes', 'n1')).toEqual({ id: 'n1', text: 'hello' });
      expect(() => read.store.entities('contacts')).toThrow(StoreCorruptError);
    });
  });

  it('says what is wrong as a value: no store there, damaged files, a path the file system refuses', async () => {
    await withTempDir(async (dir) => {
      expect(await readStore(join(dir, 'nothing.json'))).toEqual({
        ok: false,
        kind: 'missing',
        message: `no store at ${join(dir, 'nothing.json')} (nor its log)`,
      });
      expect(await readStore(join(dir, '../x/.json'))).toMatchObject({ ok: false, kind: 'missing' });

      await (await storeWithLog(dir)).close();
      // A record whose seq leaves a gap after the snapshot: acknowledged writes are missing.
      await writeFile(join(dir, 's.wal'), '{"seq":9,"ops":[{"op":"meta","k":"x","v":1}]}\n');
      const gap = await readStore(join(dir, 's.json'));
      expect(gap).toMatchObject({ ok: false, kind: 'damaged' });
      expect(!gap.ok && gap.message).toMatch(/record seq 9 follows seq 4; records are missing/);

      await mkdir(join(dir, 'folder.json'));
      expect(await readStore(join(dir, 'folder.json'))).toMatchObject({ ok: false, kind: 'unreadable' });
    });
  });
});
