import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TENANTS, fixtureProfiles, seedStoreFiles } from '../../src/simulator/index.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('DomainArea.seedReads', () => {
  it('names, over all areas, every collection a seeder reads, so seeding parses nothing back from the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seed-reads-'));
    dirs.push(dir);
    const profile = { ...fixtureProfiles().profiles['default']!, name: 'default' };
    // Both tenants: the audit feature changes what the event history reads.
    const stores = DEFAULT_TENANTS.map((tenant) => ({ tenant, region: 'us' as const, seed: 5, profile }));
    const seeded = await seedStoreFiles(stores, dir, { jobs: 1 });
    expect(seeded.map((s) => s.parsedBack)).toEqual([[], []]);
  });
});
