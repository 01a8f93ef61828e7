import { describe, expect, it } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileBackend, Store, StoreCorruptError } from '../../src/store/index.js';
import type { Entity } from '../../src/store/index.js';
import { openFile, withTempDir } from './helpers.js';

const ids = (list: Iterable<Entity>): string[] => Array.from(list, (e) => e.id);

/** Writes a closed store named "t" with two collections and returns its snapshot text. */
async function writeTwoCollections(dir: string): Promise<string> {
  const store = await openFile(dir);
  await store.transact((tx) => {
    tx.put('contacts', { id: 'c1', name: 'Île – One', companyId: 'x' });
    tx.put('contacts', { id: 'c2', name: 'Two', companyId: 'y' });
    tx.put('notes', { id: 'n1', text: 'a "quoted" note, with ] brackets [' });
    tx.setMeta('seed', 7);
  });
  await store.close();
  return readFile(join(dir, 't.json'), 'utf8');
}

describe('snapshot files are read lazily', () => {
  it('is still one JSON document, whose last line indexes every collection', async () => {
    await withTempDir(async (dir) => {
      const text = await writeTwoCollections(dir);
      const doc = JSON.parse(text) as { version: number; seq: number; collections: Record<string, Entity[]> };
      expect(doc.version).toBe(4);
      expect(ids(doc.collections['notes']!)).toEqual(['n1']);
      const lines = text.split('\n');
      expect(lines.at(-1)).toBe('');
      const lastLine = JSON.parse(`{${lines.at(-2)!.slice(2)}`) as {
        index: Record<string, { at: number; length: number; count: number }>;
      };
      // Offsets count bytes (the names hold non-ASCII characters), so a reader can decode one collection.
      const bytes = Buffer.from(text);
      const body = bytes.indexOf('\n');
      for (const [name, expected] of [
        ['contacts', ['c1', 'c2']],
        ['notes', ['n1']],
      ] as const) {
        const { at, length, count } = lastLine.index[name]!;
        const section = bytes.toString('utf8', body + at, body + at + length);
        expect(count).toBe(expected.length);
        expect(ids(JSON.parse(section) as Entity[])).toEqual(expected);
      }
    });
  });

  it('counts without parsing, parses a collection on first use, and never copies a damaged one forward', async () => {
    await withTempDir(async (dir) => {
      const before = await writeTwoCollections(dir);
      // Corrupt the notes array in place (same length, so the index still points at it).
      const broken = before.replace('"text":"a', '"text":!a');
      await writeFile(join(dir, 't.json'), broken);
      const store = await openFile(dir);
      expect(store.count('notes')).toBe(1);
      expect(store.meta).toEqual({ seed: 7 });
      // Contacts parse fine; the corrupt notes fail every access, naming the file and the collection.
      store.defineIndex('byCompany', 'contacts', (c) => c['companyId'] as string);
      expect(ids(store.lookup('byCompany', 'y'))).toEqual(['c2']);
      expect(() => store.get('notes', 'n1')).toThrow(StoreCorruptError);
      expect(() => store.get('notes', 'n1')).toThrow(
        /t\.json: invalid snapshot: collection "notes" fails its checksum/,
      );
      await store.transact((tx) => tx.put('contacts', { id: 'c3', name: 'Three' }));
      // The final snapshot would copy the damaged notes forward: it is refused, and the log keeps the write.
      await expect(store.close()).rejects.toThrow(/collection "notes" fails its checksum/);
      expect(await readFile(join(dir, 't.json'), 'utf8')).toBe(broken);
      const reopened = await openFile(dir);
      expect(reopened.get('contacts', 'c3')).toEqual({ id: 'c3', name: 'Three' });
      await reopened.close().catch(() => undefined);
    });
  });

  it('streams a store larger than one write chunk and reads it back, big untouched collections included', async () => {
    await withTempDir(async (dir) => {
      const note = (i: number) => ({ id: `n${i}`, text: `${'é'.repeat(200)} ${i}` });
      const store = await openFile(dir);
      await store.transact((tx) => {
        for (let i = 0; i < 4000; i += 1) tx.put('notes', note(i));
        tx.put('contacts', { id: 'c1', name: 'One' });
      });
      await store.close();
      const written = await readFile(join(dir, 't.json'));
      expect(written.length).toBeGreaterThan(1.5 * 1024 * 1024);
      // Reopen, touch only contacts, rewrite: the notes (never parsed, > 1 MiB) go back byte for byte.
      const again = await openFile(dir);
      await again.transact((tx) => tx.put('contacts', { id: 'c2', name: 'Two' }));
      await again.close();
      const text = await readFile(join(dir, 't.json'), 'utf8');
      expect(text).toContain('{"id":"c2","name":"Two"}');
      const notesAt = written.indexOf('"notes":');
      const notes = written.toString('utf8', notesAt, written.indexOf('\n]', notesAt) + 2);
      expect(Buffer.byteLength(notes)).toBeGreaterThan(1024 * 1024);
      expect(text).toContain(notes);
      const rewritten = await openFile(dir);
      expect(rewritten.count('notes')).toBe(4000);
      expect(rewritten.get('notes', 'n3999')).toEqual(note(3999));
      expect(ids(rewritten.all('contacts'))).toEqual(['c1', 'c2']);
      await rewritten.close();
    });
  });

  it('keeps every collection nobody touched unparsed; WAL replay parses only what it touches', async () => {
    await withTempDir(async (dir) => {
      await writeTwoCollections(dir);
      const opened = await Store.open(new FileBackend(dir, 't'));
      expect(opened.deferredCollections().sort()).toEqual(['contacts', 'notes']);
      expect(opened.count('notes')).toBe(1);
      expect(opened.get('contacts', 'c2')?.['name']).toBe('Two');
      expect(opened.deferredCollections()).toEqual(['notes']);
      await opened.close();

      const writer = await openFile(dir);
      await writer.transact((tx) => tx.delete('contacts', 'c1'));
      // Reopen without close(): the delete is only in the WAL and must be replayed over the snapshot.
      const reader = await Store.open(new FileBackend(dir, 't'));
      expect(reader.deferredCollections()).toEqual(['notes']);
      expect(ids(reader.all('contacts'))).toEqual(['c2']);
      expect(reader.get('notes', 'n1')?.['text']).toBe('a "quoted" note, with ] brackets [');
      expect(reader.deferredCollections()).toEqual([]);
      await writer.close();
      await reader.close();

      // Nothing parses in the background: a corrupt collection fails only the access that needs it.
      const text = await readFile(join(dir, 't.json'), 'utf8');
      await writeFile(join(dir, 't.json'), text.replace('"text":"a', '"text":!a'));
      const broken = await openFile(dir);
      expect(broken.get('contacts', 'c2')?.['name']).toBe('Two');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(broken.deferredCollections()).toEqual(['notes']);
      expect(() => broken.get('notes', 'n1')).toThrow(/collection "notes" fails its checksum/);
      await broken.close();
    });
  });

  it('still opens version 2 files (index in the first line) written by earlier releases', async () => {
    await withTempDir(async (dir) => {
      const v2 =
        '{"version":2,"seq":4,"meta":{"seed":2},"index":{"contacts":{"at":12,"length":26,"count":2}},"collections":{\n' +
        '"contacts":[\n{"id":"a"},\n{"id":"b"}\n]\n}}\n';
      await writeFile(join(dir, 't.json'), v2);
      const store = await openFile(dir);
      expect(store.count('contacts')).toBe(2);
      expect(ids(store.all('contacts'))).toEqual(['a', 'b']);
      expect(store.seq).toBe(4);
      await writeFile(join(dir, 't.json'), v2.replace('"at":12', '"at":11'));
      await expect(openFile(dir)).rejects.toThrow(/collection "contacts" is misplaced/);
      await store.close();
    });
  });

  it('still opens version 1 files written by earlier releases', async () => {
    await withTempDir(async (dir) => {
      const v1 =
        '{"version":1,"seq":3,"meta":{"seed":1},"collections":{\n"contacts":[\n{"id":"a"},\n{"id":"b"}\n]\n}}\n';
      await writeFile(join(dir, 't.json'), v1);
      const store = await openFile(dir);
      expect(ids(store.all('contacts'))).toEqual(['a', 'b']);
      expect(store.seq).toBe(3);
      await store.close();
    });
  });

  it('refuses a truncated file and an index that points outside it', async () => {
    await withTempDir(async (dir) => {
      const text = await writeTwoCollections(dir);
      await writeFile(join(dir, 't.json'), text.slice(0, text.length - 10));
      await expect(openFile(dir)).rejects.toThrow(/invalid snapshot: truncated file/);
      await writeFile(join(dir, 't.json'), text.replace(/"at":\d+/, '"at":999999'));
      await expect(openFile(dir)).rejects.toThrow(/index entry of "contacts" is out of bounds/);
    });
  });
});
