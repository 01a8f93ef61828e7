/**
 * Damaged store files: a cut log tail, a flipped byte in the middle of the log, a flipped byte in a
 * snapshot value, a missing line of a collection. Each is detected and reported (at open or first read,
 * and by `rm-harness store check`), never served; the cut tail is recovered at open; `--repair` salvages
 * each up to its last good record and keeps the original beside the store.
 */
import { describe, expect, it } from '@jest/globals';
import { readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FaultFs, FileBackend, Store, StoreCorruptError } from '../../src/store/index.js';
import type { Entity } from '../../src/store/index.js';
import { cli } from '../helpers/cli-io.js';
import { withTempDir } from './helpers.js';

const open = (dir: string, warnings: string[] = []) =>
  Store.open(new FileBackend(dir, 't', { onWarning: (m) => warnings.push(m) }));

/** A store with a snapshot of `people` and `notes`, then `logged` writes in its log only. */
async function makeStore(dir: string, logged: number): Promise<void> {
  const fs = new FaultFs();
  const store = await Store.open(new FileBackend(dir, 't', { fs }));
  await store.transact((tx) => {
    for (let i = 0; i < 5; i++) tx.put('people', { id: `p${i}`, name: `Person ${i}` });
    for (let i = 0; i < 3; i++) tx.put('notes', { id: `n${i}`, text: `Note ${i}` });
  });
  await store.compact();
  for (let i = 0; i < logged; i++) await store.transact((tx) => tx.put('items', { id: `i${i}` }));
  // Closed without its final snapshot (as after a crash), so the writes stay in the log.
  fs.arm({ code: 'EIO', ops: ['open'], file: /\.tmp$/, times: Infinity });
  await store.close().catch(() => undefined);
}

const check = (dir: string, ...flags: string[]) => cli(['store', 'check', '--data-dir', dir, ...flags]);
const damagedCopies = async (dir: string) => (await readdir(dir)).filter((f) => f.includes('.damaged-'));

describe('a cut log tail', () => {
  it('is told apart from damage, dropped with a report and a kept copy, and the cut is durable', async () => {
    await withTempDir(async (dir) => {
      await makeStore(dir, 10);
      const wal = join(dir, 't.wal');
      const size = (await stat(wal)).size;
      await truncate(wal, size - 10);
      const checked = await check(dir);
      expect(checked.code).toBe(0);
      expect(checked.stdout).toMatch(
        /note t\.wal: torn tail: the last record \(line 10, bytes \d+–\d+\) is cut short/,
      );

      const warnings: string[] = [];
      const store = await open(dir, warnings);
      expect(store.count('items')).toBe(9);
      expect(warnings).toEqual([
        expect.stringMatching(
          /t\.wal: dropped 1 torn record \(line 10, bytes \d+–\d+: last line is cut short\); 9 records kept; the dropped bytes are in .*t\.wal\.damaged-/,
        ),
      ]);
      const [copy] = await damagedCopies(dir);
      expect(copy).toMatch(/^t\.wal\.damaged-/);
      await store.transact((tx) => tx.put('items', { id: 'after' }));
      await store.close();
      const reopened = await open(dir);
      expect(reopened.count('items')).toBe(10);
      await reopened.close();
    });
  });

  it('is salvaged by store check --repair, keeping the original', async () => {
    await withTempDir(async (dir) => {
      await makeStore(dir, 4);
      const wal = join(dir, 't.wal');
      await truncate(wal, (await stat(wal)).size - 5);
      const repaired = await check(dir, '--repair');
      expect(repaired.code).toBe(0);
      expect(repaired.stdout).toMatch(/repaired t\.wal: kept 3 records/);
      expect(await damagedCopies(dir)).toHaveLength(1);
      expect((await check(dir)).stdout).not.toMatch(/torn tail/);
    });
  });
});

describe('a flipped byte in the middle of the log', () => {
  it('fails the open naming the record and its bytes; check reports it; --repair salvages the records before it', async () => {
    await withTempDir(async (dir) => {
      await makeStore(dir, 6);
      const wal = join(dir, 't.wal');
      const bytes = await readFile(wal);
      const third = bytes.indexOf('"i2"');
      bytes[third + 2] = 'X'.charCodeAt(0);
      await writeFile(wal, bytes);

      await expect(open(dir)).rejects.toThrow(
        /t\.wal: line 3 \(bytes \d+–\d+\) is not a valid WAL record \(checksum mismatch/,
      );
      await expect(open(dir)).rejects.toBeInstanceOf(StoreCorruptError);
      const checked = await check(dir);
      expect(checked.code).toBe(1);
      expect(checked.stdout).toMatch(/DAMAGED t/);
      expect(checked.stdout).toMatch(
        /error t\.wal: record at line 3 \(bytes \d+–\d+\) is damaged \(checksum mismatch/,
      );
      expect(checked.stderr).toMatch(/1 of 1 stores damaged: t/);

      const repaired = await check(dir, '--repair');
      expect(repaired.stdout).toMatch(/repaired t\.wal: kept 2 records/);
      expect(await damagedCopies(dir)).toHaveLength(1);
      expect((await check(dir)).code).toBe(0);
      const store = await open(dir);
      expect([...store.all('items')].map((e) => e.id)).toEqual(['i0', 'i1']);
      expect(store.count('people')).toBe(5);
      await store.close();
    });
  });
});

describe('a flipped byte in a snapshot value', () => {
  it('is never served: the first read fails naming the collection; health says corrupt; check and --repair', async () => {
    await withTempDir(async (dir) => {
      await makeStore(dir, 0);
      const snapshot = join(dir, 't.json');
      const text = await readFile(snapshot, 'utf8');
      await writeFile(snapshot, text.replace('Person 3', 'Persun 3'));

      const store = await open(dir);
      expect(store.count('notes')).toBe(3);
      expect(store.get('notes', 'n1')).toEqual({ id: 'n1', text: 'Note 1' });
      expect(() => store.get<Entity>('people', 'p3')).toThrow(
        /t\.json: invalid snapshot: collection "people" fails its checksum/,
      );
      expect(store.health()).toMatchObject({ ok: false, reason: 'corrupt' });
      // Nor is it copied forward into a new snapshot.
      await store.transact((tx) => tx.put('notes', { id: 'n9', text: 'new' }));
      await expect(store.compact()).rejects.toThrow(/collection "people" fails its checksum/);
      await store.close().catch(() => undefined);

      const checked = await check(dir);
      expect(checked.code).toBe(1);
      expect(checked.stdout).toMatch(
        /error t\.json: invalid snapshot: collection "people" fails its checksum/,
      );
      // The file is named once, by the finding, not again by the message.
      expect(checked.stdout).not.toContain('t.json: t.json');

      const repaired = await check(dir, '--repair');
      expect(repaired.stdout).toMatch(
        /repaired t\.json: salvaged 2 collections \(8 entities\); unverified \(kept their readable lines\): people/,
      );
      expect((await check(dir)).code).toBe(0);
      const salvaged = await open(dir);
      expect(salvaged.count('people')).toBe(5);
      expect(salvaged.get('notes', 'n9')).toEqual({ id: 'n9', text: 'new' });
      await salvaged.close();
    });
  });
});

describe('a missing line of a collection', () => {
  it('is detected at open, reported by check, and --repair keeps every other line', async () => {
    await withTempDir(async (dir) => {
      await makeStore(dir, 0);
      const snapshot = join(dir, 't.json');
      const lines = (await readFile(snapshot, 'utf8')).split('\n');
      const at = lines.findIndex((l) => l.includes('"n1"'));
      await writeFile(snapshot, [...lines.slice(0, at), ...lines.slice(at + 1)].join('\n'));

      const opened = await open(dir).then(
        (store) => {
          expect(() => [...store.all('people')]).toThrow(StoreCorruptError);
          return store.close().catch(() => undefined);
        },
        (err: unknown) => expect(err).toBeInstanceOf(StoreCorruptError),
      );
      await opened;
      const checked = await check(dir);
      expect(checked.code).toBe(1);
      expect(checked.stdout).toMatch(/error t\.json: .*(notes|people)/);

      const repaired = await check(dir, '--repair');
      expect(repaired.stdout).toMatch(/repaired t\.json: salvaged 2 collections \(7 entities\)/);
      const store = await open(dir);
      expect([...store.all('notes')].map((e) => e.id)).toEqual(['n0', 'n2']);
      expect(store.count('people')).toBe(5);
      await store.close();
    });
  });
});

describe('rm-harness store check', () => {
  it('says every store is intact (exit 0) and refuses a missing --data-dir (exit 2)', async () => {
    await withTempDir(async (dir) => {
      await makeStore(dir, 2);
      const ok = await check(dir);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(
        /^ok t \(3 notes, 5 people; 2 log records after the snapshot\)\n1 store intact/,
      );
      const missing = await cli(['store', 'check']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/--data-dir is required.*rm-harness store check --help/);
      const notDir = await cli(['store', 'check', '--data-dir', join(dir, 'nope')]);
      expect(notDir.code).toBe(2);
    });
  });
});
