/**
 * The store under injected disk faults, in the manner of SQLite's I/O-error tests: for each phase, fail
 * the 1st, 2nd, … file-system call it makes (with ENOSPC, EIO, EROFS) until the phase runs without
 * reaching the fault, and check each time that no failed write is visible (in memory, or after a
 * reopen), no acknowledged write is lost, the error names the cause, and writes recover once the fault
 * clears.
 */
import { describe, expect, it } from '@jest/globals';
import { readdir } from 'node:fs/promises';
import { FaultFs, FileBackend, nodeFs, Store, StoreFailedError } from '../../src/store/index.js';
import type { Entity, FileBackendOptions, FsOp, StoreFailureReason } from '../../src/store/index.js';
import { withTempDir } from './helpers.js';

const REASONS: Record<string, StoreFailureReason> = { ENOSPC: 'no-space', EIO: 'io', EROFS: 'read-only' };
const CODES = Object.keys(REASONS);
/** Far more calls than any phase makes: a loop that reaches it has stopped making progress. */
const MAX_N = 200;

interface Item extends Entity {
  n: number;
}

/** What a run of writes came to: the ids acknowledged and the ids whose writes failed (with why). */
class Outcome {
  readonly acked = new Set<string>();
  readonly failed = new Map<string, StoreFailedError>();
  readonly unexpected: unknown[] = [];

  /** Writes one item (and bumps a counter, so later writes build on earlier ones) and notes the outcome. */
  write(store: Store, id: string): Promise<void> {
    return store
      .transact((tx) => {
        const counter = tx.get<Entity & { value: number }>('counters', 'c');
        tx.put('counters', { id: 'c', value: (counter?.value ?? 0) + 1 });
        tx.put<Item>('items', { id, n: this.acked.size });
      })
      .then(
        () => void this.acked.add(id),
        (err: unknown) => {
          if (err instanceof StoreFailedError) this.failed.set(id, err);
          else this.unexpected.push(err);
        },
      );
  }
}

/** Every acknowledged item is there, no failed one is, and the counter counts exactly the items. */
function expectExactly(store: Store, outcome: Outcome, label: string): void {
  const missing = [...outcome.acked].filter((id) => !store.has('items', id));
  const visible = [...outcome.failed.keys()].filter((id) => store.has('items', id));
  expect({ label, missing, visible }).toEqual({ label, missing: [], visible: [] });
  expect({ label, count: store.count('items') }).toEqual({ label, count: outcome.acked.size });
  expect({ label, counter: store.get<Entity & { value: number }>('counters', 'c')?.value ?? 0 }).toEqual({
    label,
    counter: outcome.acked.size,
  });
}

interface Phase {
  name: string;
  /** Calls of these kinds count towards N (the others pass). */
  ops?: FsOp[];
  options?: FileBackendOptions;
  /** Runs with the fault armed. */
  run(store: Store, outcome: Outcome, round: string): Promise<void>;
}

const writes = (store: Store, outcome: Outcome, prefix: string, n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => outcome.write(store, `${prefix}-${i}`)));

const PHASES: Phase[] = [
  { name: 'append (one write at a time)', run: async (s, o, r) => void (await writes(s, o, r, 1)) },
  { name: 'group commit (30 writes in one flush)', run: async (s, o, r) => void (await writes(s, o, r, 30)) },
  {
    name: 'rotate and compact (writes keep arriving)',
    run: async (store, outcome, round) => {
      const compaction = store.compact().catch(() => undefined);
      await Promise.all([writes(store, outcome, `${round}-a`, 10), compaction]);
      await writes(store, outcome, `${round}-b`, 5);
    },
  },
  {
    name: 'automatic compaction past the threshold',
    options: { compactWalRecords: 8 },
    run: async (store, outcome, round) => {
      for (let i = 0; i < 4; i++) await writes(store, outcome, `${round}-${i}`, 4);
    },
  },
];

/** Opens a store on `fs`, writes a first batch that must all be acknowledged. */
async function openWithData(dir: string, fs: FaultFs, options: FileBackendOptions, outcome: Outcome) {
  const store = await Store.open(new FileBackend(dir, 't', { ...options, fs, onError: () => undefined }));
  await writes(store, outcome, 'base', 5);
  expect(outcome.failed.size).toBe(0);
  return store;
}

describe('the store under injected faults', () => {
  for (const phase of PHASES) {
    for (const code of CODES) {
      it(`${phase.name}: ${code} at each call`, async () => {
        let fired = true;
        let n = 1;
        for (; fired && n <= MAX_N; n++) {
          await withTempDir(async (dir) => {
            const fs = new FaultFs();
            const outcome = new Outcome();
            const store = await openWithData(dir, fs, phase.options ?? {}, outcome);
            fs.arm({ code, nth: n, ...(phase.ops ? { ops: phase.ops } : {}) });
            await phase.run(store, outcome, `r${n}`);
            fired = fs.fired;
            fs.clear();
            const label = `${code} at call ${n}`;
            expect({ label, unexpected: outcome.unexpected }).toEqual({ label, unexpected: [] });
            for (const err of outcome.failed.values())
              expect({ label, m: err.message, r: err.reason }).toEqual({
                label,
                m: err.message,
                r: REASONS[code],
              });
            expectExactly(store, outcome, `${label}, in memory`);
            // The fault has cleared: writes go through again without a restart.
            await writes(store, outcome, 'after', 3);
            expect([...outcome.failed.keys()].filter((id) => id.startsWith('after'))).toEqual([]);
            expect(store.health()).toEqual({ ok: true });
            await store.close();
            const reopened = await Store.open(new FileBackend(dir, 't'));
            expectExactly(reopened, outcome, `${label}, reopened`);
            await reopened.close();
          });
        }
        expect(n).toBeLessThan(MAX_N);
      }, 120_000);
    }
  }

  for (const code of CODES) {
    it(`reset to a seeded state: ${code} at each call leaves the old state or the new one, whole`, async () => {
      let fired = true;
      for (let n = 1; fired && n <= MAX_N; n++) {
        await withTempDir(async (dir) => {
          const fs = new FaultFs();
          const outcome = new Outcome();
          const store = await openWithData(dir, fs, {}, outcome);
          fs.arm({ code, nth: n });
          const seeded = { version: 1 as const, seq: 0, meta: { seed: 1 }, collections: { items: [] } };
          const reset = store.reset(seeded).then(
            () => true,
            (err: unknown) => {
              expect(err).toBeInstanceOf(StoreFailedError);
              expect((err as StoreFailedError).reason).toBe(REASONS[code]);
              return false;
            },
          );
          // A write that arrives while the reset is being persisted builds on it, and fails with it.
          const after = new Outcome();
          const late = after.write(store, 'late');
          const applied = await reset;
          await late;
          fired = fs.fired;
          fs.clear();
          const label = `${code} at call ${n}`;
          const expected = applied ? after : outcome;
          if (!applied) expect({ label, late: after.acked.has('late') }).toEqual({ label, late: false });
          if (applied) expect(store.meta.seed).toBe(1);
          else expect(store.meta.seed).toBeUndefined();
          expectExactly(store, expected, `${label}, in memory`);
          await store.close();
          const reopened = await Store.open(new FileBackend(dir, 't'));
          expectExactly(reopened, expected, `${label}, reopened`);
          expect(reopened.meta.seed).toBe(applied ? 1 : undefined);
          await reopened.close();
        });
      }
    }, 120_000);
  }

  for (const code of CODES) {
    it(`open: ${code} at each call fails the open with its cause, and the next open succeeds`, async () => {
      let fired = true;
      for (let n = 1; fired && n <= MAX_N; n++) {
        await withTempDir(async (dir) => {
          const outcome = new Outcome();
          // A store with a snapshot, a rotated log (a compaction that found no space) and a live log.
          const first = await openWithData(dir, new FaultFs(), {}, outcome);
          await first.close();
          const full = new FaultFs();
          const second = await Store.open(
            new FileBackend(dir, 't', { fs: full, compactWalRecords: 1e9, onError: () => undefined }),
          );
          await writes(second, outcome, 'second', 3);
          full.arm({ code: 'ENOSPC', ops: ['write'], file: /\.tmp$/, times: Infinity });
          await expect(second.compact()).rejects.toThrow(/ENOSPC/);
          await writes(second, outcome, 'third', 2);
          await expect(second.close()).rejects.toThrow(/ENOSPC/);
          expect((await readdir(dir)).sort()).toEqual(['t.json', 't.wal', 't.wal.1']);
          const fs = new FaultFs();
          fs.arm({ code, nth: n });
          const opened = await Store.open(new FileBackend(dir, 't', { fs, onError: () => undefined })).then(
            (store) => store,
            (err: unknown) => {
              expect(err).toHaveProperty('reason', REASONS[code]);
              return null;
            },
          );
          fired = fs.fired;
          fs.clear();
          if (opened) {
            expectExactly(opened, outcome, `${code} at call ${n}, opened`);
            await writes(opened, outcome, 'after', 2);
            expect(outcome.failed.size).toBe(0);
            await opened.close();
          }
          const reopened = await Store.open(new FileBackend(dir, 't'));
          expectExactly(reopened, outcome, `${code} at call ${n}, reopened`);
          await reopened.close();
        });
      }
    }, 120_000);
  }

  for (const code of CODES) {
    it(`final snapshot at close: ${code} at each call keeps every acknowledged write`, async () => {
      let fired = true;
      for (let n = 1; fired && n <= MAX_N; n++) {
        await withTempDir(async (dir) => {
          const fs = new FaultFs();
          const outcome = new Outcome();
          const store = await openWithData(dir, fs, {}, outcome);
          await writes(store, outcome, 'more', 10);
          fs.arm({ code, nth: n });
          const closed = await store.close().then(
            () => null,
            (err: unknown) => err,
          );
          fired = fs.fired;
          fs.clear();
          if (closed) expect(closed).toHaveProperty('reason', REASONS[code]);
          const reopened = await Store.open(new FileBackend(dir, 't'));
          expectExactly(reopened, outcome, `${code} at call ${n}, reopened`);
          await reopened.close();
        });
      }
    }, 120_000);
  }

  it('does not start a compaction that would take the space the log needs, and keeps writing', async () => {
    await withTempDir(async (dir) => {
      // A file system with 1 MiB free: less than snapshot + log + the 4 MiB reserve.
      const small = { ...nodeFs, statfs: async () => ({ bavail: 256, bsize: 4096 }) };
      const outcome = new Outcome();
      const store = await Store.open(new FileBackend(dir, 't', { fs: small, onError: () => undefined }));
      await writes(store, outcome, 'a', 5);
      const refused = await store.compact().catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(StoreFailedError);
      expect(refused).toMatchObject({ reason: 'no-space' });
      expect((refused as Error).message).toMatch(/compaction not started: 1048576 bytes free/);
      // The store is open: its lock is there too.
      expect((await readdir(dir)).sort()).toEqual(['t.lock', 't.wal']);
      await writes(store, outcome, 'b', 5);
      expect(outcome.failed.size).toBe(0);
      expectExactly(store, outcome, 'after a refused compaction');
      await store.close().catch(() => undefined);
    });
  });
});
