import { describe, expect, it } from '@jest/globals';
import { crc32 as crc } from 'node:zlib';
import { MemoryBackend, Store, StoreError, stringifySnapshot } from '../../src/store/index.js';
import type { Entity, StoreBackend } from '../../src/store/index.js';

interface Contact extends Entity {
  name: string;
  companyId?: string;
  tags?: string[];
}

async function memoryStore(): Promise<Store> {
  const store = await Store.open(new MemoryBackend(), { freeze: true });
  store.defineIndex<Contact>('byCompany', 'contacts', (c) => c.companyId);
  store.defineIndex<Contact>('byTag', 'contacts', (c) => c.tags);
  return store;
}

const ids = (list: Entity[]): string[] => list.map((e) => e.id);

describe('Store (memory)', () => {
  it('puts, gets, replaces and deletes', async () => {
    const store = await memoryStore();
    await store.transact((tx) => {
      tx.put('contacts', { id: 'a', name: 'Ann', companyId: 'x' });
      tx.put('contacts', { id: 'b', name: 'Bob', companyId: 'x' });
      expect(tx.get<Contact>('contacts', 'a')?.name).toBe('Ann');
    });
    expect(store.count('contacts')).toBe(2);
    expect(store.has('contacts', 'a')).toBe(true);
    await store.transact((tx) => tx.put('contacts', { id: 'a', name: 'Anne' }));
    expect(store.get<Contact>('contacts', 'a')).toEqual({ id: 'a', name: 'Anne' });
    const deleted = await store.transact((tx) => [tx.delete('contacts', 'b'), tx.delete('contacts', 'zz')]);
    expect(deleted).toEqual([true, false]);
    expect(store.get('contacts', 'b')).toBeUndefined();
    expect(ids([...store.all('contacts')])).toEqual(['a']);
    expect(store.count('nothing')).toBe(0);
    expect([...store.all('nothing')]).toEqual([]);
    expect(store.seq).toBe(3);
  });

  it('maintains indexes on put, replace and delete, including multi-key and late definition', async () => {
    const store = await memoryStore();
    await store.transact((tx) => {
      tx.put('contacts', { id: 'a', name: 'A', companyId: 'x', tags: ['vip', 'vip', 'new'] });
      tx.put('contacts', { id: 'b', name: 'B', companyId: 'x', tags: ['new'] });
      tx.put('contacts', { id: 'c', name: 'C', companyId: 'y' });
    });
    expect(ids(store.lookup('byCompany', 'x'))).toEqual(['a', 'b']);
    expect(ids(store.lookup('byTag', 'vip'))).toEqual(['a']);
    expect(ids(store.lookup('byTag', 'new'))).toEqual(['a', 'b']);
    await store.transact((tx) => {
      tx.put('contacts', { id: 'a', name: 'A', companyId: 'y' });
      tx.delete('contacts', 'b');
    });
    expect(ids(store.lookup('byCompany', 'x'))).toEqual([]);
    expect(ids(store.lookup('byCompany', 'y'))).toEqual(['a', 'c']);
    expect(store.lookup('byTag', 'new')).toEqual([]);
    store.defineIndex<Contact>('byName', 'contacts', (c) => c.name);
    expect(ids(store.lookup('byName', 'C'))).toEqual(['c']);
    expect(() => store.defineIndex('byName', 'contacts', () => undefined)).toThrow(StoreError);
    expect(() => store.lookup('nope', 'x')).toThrow(/unknown index/);
  });

  it('lists the keys of an index that have entities, after writes and in a rolled-back transaction', async () => {
    const store = await memoryStore();
    const keys = (reader: { indexKeys(name: string): Iterable<string> }) =>
      [...reader.indexKeys('byTag')].sort();
    await store.transact((tx) => {
      tx.put('contacts', { id: 'a', name: 'A', tags: ['vip', 'new'] });
      tx.put('contacts', { id: 'b', name: 'B', tags: ['new'] });
    });
    expect(keys(store)).toEqual(['new', 'vip']);
    await store.transact((tx) => tx.put('contacts', { id: 'a', name: 'A', tags: ['old'] }));
    expect(keys(store)).toEqual(['new', 'old']);
    await expect(
      store.transact((tx) => {
        tx.delete('contacts', 'b');
        expect(keys(tx)).toEqual(['old']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(keys(store)).toEqual(['new', 'old']);
    expect(() => store.indexKeys('nope')).toThrow(/unknown index/);
  });

  it('rolls back memory and indexes when the body throws', async () => {
    const store = await memoryStore();
    await store.transact((tx) => {
      tx.put('contacts', { id: 'a', name: 'A', companyId: 'x' });
      tx.put('contacts', { id: 'b', name: 'B', companyId: 'x' });
      tx.put('contacts', { id: 'c', name: 'C', companyId: 'x' });
      tx.setMeta('k', 1);
    });
    const before = stringifySnapshot(store.toSnapshot());
    const boom = new Error('boom');
    await expect(
      store.transact((tx) => {
        tx.put('contacts', { id: 'a', name: 'A2', companyId: 'z' });
        tx.delete('contacts', 'b');
        tx.put('contacts', { id: 'b', name: 'B again', companyId: 'z' });
        tx.put('contacts', { id: 'd', name: 'D', companyId: 'x' });
        tx.put('other', { id: 'o' });
        tx.setMeta('k', 2);
        tx.setMeta('k2', 'new');
        expect(ids(tx.lookup('byCompany', 'z'))).toEqual(['a', 'b']);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(stringifySnapshot(store.toSnapshot())).toBe(before);
    expect(ids([...store.all('contacts')])).toEqual(['a', 'b', 'c']);
    expect(ids(store.lookup('byCompany', 'x'))).toEqual(['a', 'b', 'c']);
    expect(store.lookup('byCompany', 'z')).toEqual([]);
    expect(store.meta).toEqual({ k: 1 });
    expect(store.seq).toBe(1);
  });

  it('tx.abort() undoes writes and resolves with the body result without committing', async () => {
    const store = await memoryStore();
    const result = await store.transact((tx) => {
      tx.put('contacts', { id: 'a', name: 'A' });
      tx.abort();
      expect(tx.aborted).toBe(true);
      expect(tx.get('contacts', 'a')).toBeUndefined();
      expect(() => tx.put('contacts', { id: 'b', name: 'B' })).toThrow(/aborted/);
      return { errors: ['invalid'] };
    });
    expect(result).toEqual({ errors: ['invalid'] });
    expect(store.count('contacts')).toBe(0);
    expect(store.seq).toBe(0);
  });

  it('rejects async bodies, nesting, non-JSON data and bad entities, rolling back each time', async () => {
    const store = await memoryStore();
    await expect(
      store.transact(async (tx) => {
        tx.put('contacts', { id: 'a', name: 'A' });
      }),
    ).rejects.toThrow(/synchronous/);
    let nested: Promise<unknown> | undefined;
    await store.transact((tx) => {
      tx.put('contacts', { id: 'n', name: 'N' });
      nested = store.transact(() => undefined);
    });
    await expect(nested).rejects.toThrow(/inside a transaction/);
    await expect(store.transact((tx) => tx.put('contacts', { id: 'b', name: 'B', big: 1n }))).rejects.toThrow(
      TypeError,
    );
    await expect(store.transact((tx) => tx.put('contacts', { id: 7 } as unknown as Entity))).rejects.toThrow(
      /string id/,
    );
    await expect(store.transact((tx) => tx.put('', { id: 'x' }))).rejects.toThrow(/collection name/);
    expect(ids([...store.all('contacts')])).toEqual(['n']);
    expect(store.seq).toBe(1);
  });

  it('a throwing index key function rejects the put and changes nothing', async () => {
    const store = await memoryStore();
    store.defineIndex('strict', 'contacts', (e) => {
      if (e.bad) throw new Error('bad key');
      return 'k';
    });
    await store.transact((tx) => tx.put('contacts', { id: 'a', name: 'A', companyId: 'x' }));
    // Indexes are built on first lookup; from then on every write maintains them.
    expect(ids(store.lookup('strict', 'k'))).toEqual(['a']);
    await expect(
      store.transact((tx) => tx.put('contacts', { id: 'a', name: 'A', companyId: 'y', bad: true })),
    ).rejects.toThrow('bad key');
    expect(ids(store.lookup('byCompany', 'x'))).toEqual(['a']);
    expect(ids(store.lookup('strict', 'k'))).toEqual(['a']);
  });

  it('is safe with hostile ids, collection names and meta keys', async () => {
    const store = await memoryStore();
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const hostile = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
    await store.transact((tx) => {
      for (const id of hostile) {
        tx.put('contacts', { id, name: id, companyId: id, polluted: true });
        tx.put(id, { id, name: id });
        tx.setMeta(id, { polluted: true });
      }
    });
    for (const id of hostile) {
      expect(store.get<Contact>('contacts', id)?.name).toBe(id);
      expect(store.get<Contact>(id, id)?.name).toBe(id);
      expect(ids(store.lookup('byCompany', id))).toEqual([id]);
    }
    expect(store.get('contacts', 'valueOf')).toBeUndefined();
    const snapshot = store.toSnapshot();
    expect(Object.keys(snapshot.collections).sort()).toEqual(['contacts', ...hostile].sort());
    expect(Object.getPrototypeOf(snapshot.collections)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(store.meta, '__proto__')).toBe(true);
    const copy = await Store.open(new MemoryBackend(JSON.parse(stringifySnapshot(snapshot))));
    expect(stringifySnapshot(copy.toSnapshot())).toBe(stringifySnapshot(snapshot));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
  });

  it('toSnapshot is deterministic and keeps order across rollbacks', async () => {
    const run = async (): Promise<string> => {
      const store = await memoryStore();
      await store.transact((tx) => {
        tx.put('z', { id: '1' });
        tx.put('contacts', { id: 'b', name: 'B' });
        tx.put('contacts', { id: 'a', name: 'A' });
        tx.setMeta('version', '1.4.0');
        tx.setMeta('alpha', true);
      });
      await store.transact((tx) => tx.delete('contacts', 'b')).then(() => undefined);
      await store.transact((tx) => tx.put('contacts', { id: 'b', name: 'B2' }));
      await store.transact((tx) => tx.put('empty', { id: 'gone' }));
      await store.transact((tx) => tx.delete('empty', 'gone'));
      await store
        .transact((tx) => {
          tx.delete('contacts', 'a');
          throw new Error('undo me');
        })
        .catch(() => undefined);
      return stringifySnapshot(store.toSnapshot());
    };
    const first = await run();
    expect(await run()).toBe(first);
    expect(first).toBe(
      '{"version":4,"seq":5,"meta":{"alpha":true,"version":"1.4.0"},"collections":{\n' +
        '"contacts":[\n{"id":"a","name":"A"},\n{"id":"b","name":"B2"}\n],\n"z":[\n{"id":"1"}\n]\n' +
        `},"index":{"contacts":{"at":12,"length":49,"count":2,"crc":${crc('[\n{"id":"a","name":"A"},\n{"id":"b","name":"B2"}\n]')}},` +
        `"z":{"at":67,"length":14,"count":1,"crc":${crc('[\n{"id":"1"}\n]')}}},` +
        `"head":${crc('{"version":4,"seq":5,"meta":{"alpha":true,"version":"1.4.0"},"collections":{')}}\n`,
    );
  });

  it('reset replaces data and rebuilds indexes; close refuses later work', async () => {
    const store = await memoryStore();
    await store.transact((tx) => tx.put('contacts', { id: 'old', name: 'Old', companyId: 'x' }));
    await store.reset({
      version: 1,
      seq: 0,
      meta: { seeded: true },
      collections: { contacts: [{ id: 'new', name: 'New', companyId: 'x' }] },
    });
    expect(ids(store.lookup('byCompany', 'x'))).toEqual(['new']);
    expect(store.get('contacts', 'old')).toBeUndefined();
    expect(store.meta).toEqual({ seeded: true });
    expect(store.seq).toBe(2);
    await expect(
      store.reset({ version: 1, seq: 0, meta: {}, collections: { c: [{ id: 'd' }, { id: 'd' }] } }),
    ).rejects.toThrow(/duplicate id/);
    expect(ids([...store.all('contacts')])).toEqual(['new']);
    await store.close();
    await expect(store.transact(() => undefined)).rejects.toThrow(/closed/);
  });

  it('freezes stored entities when asked to', async () => {
    const store = await memoryStore();
    const entity = await store.transact((tx) => tx.put('contacts', { id: 'a', name: 'A', tags: ['t'] }));
    expect(Object.isFrozen(entity)).toBe(true);
    expect(Object.isFrozen(entity.tags)).toBe(true);
  });

  it('a failed durable write is rolled back, reported, and the next write tries the disk again', async () => {
    let full = true;
    const backend: StoreBackend = Object.assign(new MemoryBackend(), {
      append: () => (full ? Promise.reject(new Error('disk full')) : Promise.resolve()),
    });
    const store = await Store.open(backend);
    await store.transact((tx) => tx.put('c', { id: 'kept' })).catch(() => undefined);
    expect(store.has('c', 'kept')).toBe(false);
    await expect(store.transact((tx) => tx.put('c', { id: 'a' }))).rejects.toThrow(/disk full/);
    expect(store.has('c', 'a')).toBe(false);
    expect(store.seq).toBe(0);
    expect(store.health()).toMatchObject({ ok: false, reason: 'io' });
    full = false;
    await store.transact((tx) => tx.put('c', { id: 'b' }));
    expect([...store.all('c')].map((e) => e.id)).toEqual(['b']);
    expect(store.health()).toEqual({ ok: true });
    await store.close();
  });
});

describe('Store.reset(store)', () => {
  it('takes over the data of an unlogged in-memory store without copying it, and retires that store', async () => {
    const source = await Store.open(new MemoryBackend(), { unlogged: true });
    await source.transact((tx) => {
      tx.put('contacts', { id: 'b', name: 'B', companyId: 'x' });
      tx.put('contacts', { id: 'a', name: 'A', companyId: 'x' });
      tx.setMeta('seed', 7);
    });
    const entity = source.get('contacts', 'a');
    const target = await Store.open(new MemoryBackend());
    target.defineIndex<Contact>('byCompany', 'contacts', (c) => c.companyId);
    await target.transact((tx) => tx.put('contacts', { id: 'old', name: 'Old', companyId: 'x' }));
    expect(ids(target.lookup('byCompany', 'x'))).toEqual(['old']);
    await target.reset(source);
    expect(target.get('contacts', 'a')).toBe(entity);
    expect(ids(target.lookup('byCompany', 'x'))).toEqual(['b', 'a']);
    expect(target.meta).toEqual({ seed: 7 });
    await expect(source.transact((tx) => tx.put('contacts', { id: 'c', name: 'C' }))).rejects.toThrow(
      /closed/,
    );
    await expect(target.reset(await Store.open(new MemoryBackend()))).rejects.toThrow(/unlogged in-memory/);
    expect(target.count('contacts')).toBe(2);
  });
});

describe('an unlogged store', () => {
  it('keeps no undo log: a transaction that throws after writing fails the store instead of half-applying silently', async () => {
    const store = await Store.open(new MemoryBackend(), { unlogged: true });
    await store.transact((tx) => tx.put('contacts', { id: 'a', name: 'A' }));
    await expect(
      store.transact((tx) => {
        tx.put('contacts', { id: 'b', name: 'B' });
        throw new Error('seeding bug');
      }),
    ).rejects.toThrow('seeding bug');
    await expect(store.transact((tx) => tx.put('contacts', { id: 'c', name: 'C' }))).rejects.toThrow(
      /rollback failed: an unlogged store keeps no undo log/,
    );
    // A body that throws before writing anything still leaves it usable.
    const fresh = await Store.open(new MemoryBackend(), { unlogged: true });
    await expect(
      fresh.transact(() => {
        throw new Error('early');
      }),
    ).rejects.toThrow('early');
    await fresh.transact((tx) => tx.put('contacts', { id: 'd', name: 'D' }));
    expect(fresh.count('contacts')).toBe(1);
  });
});
