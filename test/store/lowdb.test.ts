import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import { collectionEntities, FileBackend, SnapshotFile, Store } from '../../src/store/index.js';
import type { PersistedSnapshot } from '../../src/store/index.js';
import { withTempDir } from './helpers.js';

const ids = (store: Store, collection: string) => [...store.all(collection)].map((e) => e.id);

describe('a store file through lowdb', () => {
  it('round-trips: a store written, read and written again through Low, then opened by a store', async () => {
    await withTempDir(async (dir) => {
      const store = await Store.open(new FileBackend(dir, 'a'));
      await store.transact((tx) => {
        tx.put('contacts', { id: 'c1', name: 'Ada' });
        tx.put('contacts', { id: 'c2', name: 'Zoë' });
        tx.put('notes', { id: 'n1', text: 'hello' });
        tx.setMeta('tenant', 't1');
      });
      await store.close();

      const db = new Low<PersistedSnapshot | null>(new SnapshotFile(join(dir, 'a.json')), null);
      await db.read();
      expect(db.data).toMatchObject({ seq: 1, meta: { tenant: 't1' } });
      expect(collectionEntities(db.data!.collections.contacts!)).toEqual([
        { id: 'c1', name: 'Ada' },
        { id: 'c2', name: 'Zoë' },
      ]);

      db.adapter = new SnapshotFile(join(dir, 'b.json'));
      await db.write();
      expect(await readFile(join(dir, 'b.json'))).toEqual(await readFile(join(dir, 'a.json')));
      const copy = await Store.open(new FileBackend(dir, 'b'));
      expect(ids(copy, 'contacts')).toEqual(['c1', 'c2']);
      expect(copy.get('notes', 'n1')).toEqual({ id: 'n1', text: 'hello' });
      expect(copy.meta).toEqual({ tenant: 't1' });
      expect(copy.seq).toBe(1);
      await copy.close();
    });
  });

  it('opens a document a script wrote through Low (pre-loaded fixtures)', async () => {
    await withTempDir(async (dir) => {
      const db = new Low<PersistedSnapshot | null>(new SnapshotFile(join(dir, 'f.json')), null);
      await db.read();
      expect(db.data).toBeNull();
      db.data = { seq: 3, meta: { source: 'fixtures' }, collections: { people: [{ id: 'p1', age: 40 }] } };
      await db.write();
      const store = await Store.open(new FileBackend(dir, 'f'));
      expect(store.get('people', 'p1')).toEqual({ id: 'p1', age: 40 });
      expect(store.meta).toEqual({ source: 'fixtures' });
      await store.transact((tx) => tx.put('people', { id: 'p2', age: 41 }));
      expect(store.seq).toBe(4);
      await store.close();
    });
  });
});
