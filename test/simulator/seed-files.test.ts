import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  DEFAULT_TENANTS,
  fixtureProfiles,
  seedStoreFiles,
  Simulator,
  type SeedInput,
} from '../../src/simulator/index.js';
import { removeSeedScratch } from '../../src/simulator/seeding.js';
import { StoreLock } from '../../src/store/index.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'seed-files-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const small = fixtureProfiles().profiles['small']!;
const [firm, limited] = DEFAULT_TENANTS;
/** Two small stores of different tenants (one with the audit feature, one without). */
const stores: SeedInput[] = [
  { tenant: firm!, region: 'eu', seed: 42, profile: { ...small, name: 'small' } },
  { tenant: limited!, region: 'us', seed: 42, profile: { ...small, name: 'small' } },
];

async function files(dir: string): Promise<Record<string, Buffer>> {
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n))])));
}

describe('seedStoreFiles', () => {
  it('writes the same bytes from worker threads as one store after another in this thread', async () => {
    const sequential = await tempDir();
    const parallel = await tempDir();
    const one = await seedStoreFiles(stores, sequential, { jobs: 1 });
    const areas: string[] = [];
    const two = await seedStoreFiles(stores, parallel, {
      jobs: 2,
      onProgress: (store, done, total, area) => areas.push(`${store}:${done}/${total}:${area}`),
    });
    const a = await files(sequential);
    const b = await files(parallel);
    expect(Object.keys(b)).toEqual(['dev-firm-eu.json', 'limited-firm-us.json']);
    expect(Object.keys(a)).toEqual(Object.keys(b));
    for (const name of Object.keys(a)) expect(b[name]!.equals(a[name]!)).toBe(true);
    // Results in the order of the stores asked for, whichever worker finished first.
    expect(two.map((r) => basename(r.file))).toEqual(['dev-firm-eu.json', 'limited-firm-us.json']);
    expect(two.map((r) => r.counts)).toEqual(one.map((r) => r.counts));
    expect(areas.filter((s) => s.startsWith('1:'))[0]).toMatch(/^1:1\/\d+:settings$/);
    expect(areas.filter((s) => s.startsWith('0:')).at(-1)).toMatch(/^0:(\d+)\/\1:events$/);
  });

  it('gives each worker its next store while the last one is made durable, with the same bytes', async () => {
    // Five stores on two workers: each takes further stores while an earlier one is still being synced.
    const five: SeedInput[] = [
      ...stores,
      { ...stores[0]!, region: 'au', seed: 5 },
      { ...stores[1]!, region: 'eu', seed: 6 },
      { ...stores[0]!, region: 'us', seed: 7 },
    ];
    const sequential = await tempDir();
    const parallel = await tempDir();
    const one = await seedStoreFiles(five, sequential, { jobs: 1 });
    const two = await seedStoreFiles(five, parallel, { jobs: 2 });
    const a = await files(sequential);
    const b = await files(parallel);
    expect(Object.keys(b)).toHaveLength(5);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const name of Object.keys(a)) expect(b[name]!.equals(a[name]!)).toBe(true);
    expect(two.map((r) => basename(r.file))).toEqual(one.map((r) => basename(r.file)));
    expect(two.map((r) => r.counts)).toEqual(one.map((r) => r.counts));
  });

  it('writes what a store seeded in memory writes when it is closed (the simulator path)', async () => {
    const streamed = await tempDir();
    const held = await tempDir();
    await seedStoreFiles(stores, streamed, { jobs: 1 });
    const simulator = new Simulator({ dataDir: held, seed: 42, profile: 'small' });
    await simulator.reset('dev-firm', ['eu']);
    await simulator.reset('limited-firm', ['us']);
    await simulator.close();
    const a = await files(streamed);
    const b = await files(held);
    expect(Object.keys(a)).toEqual(Object.keys(b));
    for (const name of Object.keys(a)) expect(a[name]!.equals(b[name]!)).toBe(true);
  });

  it('replaces a store and its logs, so the files are the same as in an empty folder', async () => {
    const fresh = await tempDir();
    const used = await tempDir();
    await seedStoreFiles(stores.slice(0, 1), fresh, { jobs: 1 });
    await seedStoreFiles([{ ...stores[0]!, seed: 7 }], used, { jobs: 1 });
    // Logs left by the old store (as after a crash) must not be replayed over the new snapshot.
    const log = `${JSON.stringify({ seq: 99, ops: [{ op: 'meta', k: 'touched', v: true }] })}\n`;
    await writeFile(join(used, 'dev-firm-eu.wal'), log);
    await writeFile(join(used, 'dev-firm-eu.wal.1'), log);
    await seedStoreFiles(stores.slice(0, 1), used, { jobs: 1 });
    expect(await readdir(used)).toEqual(['dev-firm-eu.json']);
    const bytes = await readFile(join(used, 'dev-firm-eu.json'));
    expect(bytes.equals(await readFile(join(fresh, 'dev-firm-eu.json')))).toBe(true);
    const simulator = new Simulator({ dataDir: used, seed: 42, profile: 'small' });
    const store = await simulator.store('dev-firm', 'eu');
    expect(store.meta).toMatchObject({ seed: 42, region: 'eu' });
    expect(store.meta['touched']).toBeUndefined();
    await simulator.close();
  });

  it.each([1, 2])(
    'with --jobs %i, a store whose file cannot be put in place fails the run and leaves no partial or staged file',
    async (jobs) => {
      const dir = await tempDir();
      // A folder where the second store's file goes: its snapshot is written aside, then cannot be renamed in.
      await mkdir(join(dir, 'limited-firm-us.json'));
      await expect(seedStoreFiles(stores, dir, { jobs })).rejects.toThrow(/limited-firm-us\.json/);
      const left = (await readdir(dir)).sort();
      // The first store may or may not have been put in place before the failure stopped it; nothing else
      // is left: no staged snapshot, no temp file, no spill file.
      expect(left.filter((n) => n !== 'dev-firm-eu.json')).toEqual(['limited-firm-us.json']);
      if (left.includes('dev-firm-eu.json')) {
        const fresh = await tempDir();
        await seedStoreFiles([stores[0]!], fresh);
        const bytes = await readFile(join(fresh, 'dev-firm-eu.json'));
        expect((await readFile(join(dir, 'dev-firm-eu.json'))).equals(bytes)).toBe(true);
      }
    },
  );

  it("removes the store lock a worker stopped midway held, and never another owner's", async () => {
    // A worker terminated between taking the store lock and releasing it: its lock names this process,
    // which lives on, so nobody would ever see it as stale.
    const dir = await tempDir();
    const stopped = await StoreLock.acquire(dir, 'dev-firm-eu', { token: 'token-of-the-stopped-worker' });
    await removeSeedScratch(stores[0]!, dir, 'another-token');
    expect(await readdir(dir)).toEqual(['dev-firm-eu.lock']);
    await removeSeedScratch(stores[0]!, dir, 'token-of-the-stopped-worker');
    expect(await readdir(dir)).toEqual([]);
    await stopped.release();
  });

  it('rejects with the first failure and stops the other workers', async () => {
    const dir = await tempDir();
    const file = join(dir, 'not-a-folder');
    await writeFile(file, '');
    await expect(seedStoreFiles(stores, file, { jobs: 2 })).rejects.toThrow(/not-a-folder/);
  });
});
