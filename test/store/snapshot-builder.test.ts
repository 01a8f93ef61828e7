import { describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileBackend, nodeFs, SnapshotBuilder, Store } from '../../src/store/index.js';
import type { DurableFs } from '../../src/store/index.js';
import type { Entity, IndexKeyFn, Transaction } from '../../src/store/index.js';
import { IdFilter } from '../../src/store/id-filter.js';
import { withTempDir } from './helpers.js';

const byCity: { name: string; collection: string; key: IndexKeyFn } = {
  name: 'people.byCity',
  collection: 'people',
  key: (e) => e['city'] as string,
};

/** Long enough that 4,000 people take several ~1 MiB spill segments. */
const person = (i: number, city: string): Entity => ({
  id: `p${i}`,
  city,
  note: `${'é'.repeat(i % 7)}${'x'.repeat(400)} ${i}`,
});

/**
 * Writes, reads back (some collections only after streaming them), replaces, deletes: what the
 * builder does in one pass, each step seen through the `Transaction` API.
 */
function writes(tx: Transaction, seen: unknown[]): void {
  tx.setMeta('seed', 1);
  for (let i = 0; i < 4000; i++) tx.put('people', person(i, i % 3 === 0 ? 'Oslo' : 'Perth'));
  tx.put('notes', { id: 'n1', text: 'first' });
  tx.put('notes', { id: 'n2', text: 'second' });
  seen.push(tx.count('people'), tx.get('people', 'nope'), tx.has('notes', 'n3'));
  // A replacement of a streamed entity, then a delete: the collection is parsed back, order kept.
  tx.put('people', { ...person(5, 'Oslo'), replaced: true });
  seen.push(tx.get('people', 'p5'), tx.lookup('people.byCity', 'Oslo').length);
  tx.delete('people', 'p6');
  tx.put('people', person(9000, 'Oslo'));
  seen.push(
    tx
      .lookup('people.byCity', 'Oslo')
      .map((e) => e.id)
      .slice(-3),
    tx.count('people'),
  );
  seen.push(
    [...tx.all('notes')].map((e) => e.id),
    [...tx.indexKeys('people.byCity')].sort(),
  );
  tx.put('empty', { id: 'e' });
  tx.delete('empty', 'e');
}

describe('SnapshotBuilder', () => {
  it('writes the bytes a Store with the same writes writes, and reads like one while building', async () => {
    await withTempDir(async (dir) => {
      const store = await Store.open(new FileBackend(dir, 'store'));
      store.defineIndex(byCity.name, byCity.collection, byCity.key);
      const fromStore: unknown[] = [];
      await store.transact((tx) => writes(tx, fromStore));
      await store.transact((tx) => tx.put('notes', { id: 'n3', text: 'third' }));
      await store.transact(() => undefined);
      await store.close();

      const builder = new SnapshotBuilder({ spillPath: join(dir, '.spill'), indexes: [byCity] });
      const fromBuilder: unknown[] = [];
      await builder.transact((tx) => writes(tx, fromBuilder));
      await builder.transact((tx) => tx.put('notes', { id: 'n3', text: 'third' }));
      await builder.transact(() => undefined);
      expect(builder.parsedBack()).toEqual(['people', 'notes', 'empty']);
      await builder.write(join(dir, 'built.json'));

      expect(fromBuilder).toEqual(fromStore);
      expect(builder.seq).toBe(2);
      const built = await readFile(join(dir, 'built.json'));
      expect(built.equals(await readFile(join(dir, 'store.json')))).toBe(true);
      // The spill file is gone, and so is the temp file of the durable write.
      expect((await readdir(dir)).sort()).toEqual(['built.json', 'store.json']);
    });
  });

  it('streams collections it is not told to hold, and parses back none it is told to hold', async () => {
    await withTempDir(async (dir) => {
      const builder = new SnapshotBuilder({ spillPath: join(dir, '.spill'), held: ['people'] });
      await builder.transact((tx) => {
        for (let i = 0; i < 100; i++) tx.put('people', person(i, 'Oslo'));
        for (let i = 0; i < 100; i++) tx.put('events', { id: `e${i}` });
        expect([...tx.all('people')]).toHaveLength(100);
        expect(tx.count('events')).toBe(100);
      });
      expect(builder.parsedBack()).toEqual([]);
      builder.close();
    });
  });

  it('says when every byte is written, before the file is made durable, and lets go of its entities then', async () => {
    await withTempDir(async (dir) => {
      const calls: string[] = [];
      const fs: DurableFs = {
        ...nodeFs,
        open: async (path, flags) => {
          const handle = await nodeFs.open(path, flags);
          return {
            ...handle,
            write: (buffer, offset, length) => {
              if (calls.at(-1) !== 'write') calls.push('write');
              return handle.write(buffer, offset, length);
            },
            sync: () => {
              calls.push(`sync ${flags}`);
              return handle.sync();
            },
            datasync: () => handle.datasync(),
            truncate: (length) => handle.truncate(length),
            close: () => handle.close(),
          };
        },
        rename: (from, to) => {
          calls.push('rename');
          return nodeFs.rename(from, to);
        },
      };
      const builder = new SnapshotBuilder({ spillPath: join(dir, '.spill'), held: ['people'] });
      await builder.transact((tx) => {
        for (let i = 0; i < 3000; i++) tx.put('people', person(i, 'Oslo'));
        for (let i = 0; i < 3000; i++) tx.put('events', { id: `e${i}`, at: i });
      });
      const counts = { people: builder.count('people'), events: builder.count('events') };
      await builder.write(join(dir, 'built.json'), fs, () => {
        calls.push('written');
        // Nothing is read any more: the counts stay, the entities are gone.
        expect({ people: builder.count('people'), events: builder.count('events') }).toEqual(counts);
        expect(builder.heldEntities()).toBe(0);
      });
      expect(calls).toEqual(['write', 'written', 'sync w', 'rename', 'sync r']);
      // The same bytes as a write nobody listens to.
      const plain = new SnapshotBuilder({ spillPath: join(dir, '.spill2'), held: ['people'] });
      await plain.transact((tx) => {
        for (let i = 0; i < 3000; i++) tx.put('people', person(i, 'Oslo'));
        for (let i = 0; i < 3000; i++) tx.put('events', { id: `e${i}`, at: i });
      });
      await plain.write(join(dir, 'plain.json'));
      const built = await readFile(join(dir, 'built.json'));
      expect(built.equals(await readFile(join(dir, 'plain.json')))).toBe(true);
    });
  });

  it('fails on a body that throws (there is no undo log) and refuses an async body', async () => {
    await withTempDir(async (dir) => {
      const builder = new SnapshotBuilder({ spillPath: join(dir, '.spill') });
      await expect(builder.transact(() => Promise.resolve())).rejects.toThrow(/synchronous/);
      await expect(
        builder.transact((tx) => {
          tx.put('a', { id: '1' });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      await expect(builder.transact(() => undefined)).rejects.toThrow(/builder failed: boom/);
      await expect(builder.write(join(dir, 'x.json'))).rejects.toThrow(/builder failed/);
      expect(await readdir(dir)).toEqual([]);
    });
  });
});

describe('IdFilter', () => {
  it('says "certainly new" for every new id and "maybe" for every id added, across growth', () => {
    const filter = new IdFilter(4);
    const ids = Array.from({ length: 50_000 }, (_, i) => `id-${i}-${(i * 2654435761) >>> 0}`);
    expect(ids.filter((id) => filter.add(id))).toEqual([]);
    expect(filter.size).toBe(ids.length);
    expect(ids.filter((id) => !filter.add(id))).toEqual([]);
    expect(ids.filter((id) => !filter.mayHave(id))).toEqual([]);
    const misses = Array.from({ length: 50_000 }, (_, i) => `other-${i}`).filter((id) => filter.mayHave(id));
    expect(misses).toEqual([]);
  });
});
