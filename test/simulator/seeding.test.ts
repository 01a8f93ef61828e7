// Seeding as a unit (src/simulator/seeding.ts): the same inputs give the same bytes, any input changed
// gives others, and a profile's counts are what the store holds. That worker threads write the same
// files as one thread is tested in seed-files.test.ts; the CLI's `seed` in test/cli.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_TENANTS,
  fixtureProfiles,
  seedSnapshot,
  seedStoreFile,
  type FixtureProfile,
  type SeedInput,
} from '../../src/simulator/index.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const small: FixtureProfile = { name: 'small', ...fixtureProfiles().profiles['small']! };
const [firm, limited] = DEFAULT_TENANTS;
const base: SeedInput = { tenant: firm!, region: 'eu', seed: 42, profile: small };

const bytesOf = async (input: SeedInput) => JSON.stringify(await seedSnapshot(input));
/** The seeded data without the meta, which names the inputs and so would differ anyway. */
const dataOf = async (input: SeedInput) => JSON.stringify((await seedSnapshot(input)).collections);

describe('seedSnapshot', () => {
  it('gives the same bytes for the same inputs, and other ones when any input changes', async () => {
    expect(await bytesOf({ ...base })).toBe(await bytesOf(base));
    const first = await dataOf(base);
    const variants: SeedInput[] = [
      { ...base, seed: 43 },
      { ...base, region: 'us' },
      { ...base, tenant: limited! },
      { ...base, profile: { ...small, people: small.people + 1 } },
    ];
    for (const variant of variants) expect(await dataOf(variant)).not.toBe(first);
    // Each region keeps its own data, not the same contacts under another region's settings.
    const ids = async (input: SeedInput) =>
      ((await seedSnapshot(input)).collections['contacts'] ?? []).map((c) => c['id']);
    const eu = await ids(base);
    const us = new Set(await ids({ ...base, region: 'us' }));
    expect(eu.filter((id) => us.has(id))).toEqual([]);
  });

  it("draws each area from its own random stream: more people leave later areas' lookups as they were", async () => {
    const { collections: before } = await seedSnapshot(base);
    const { collections: after } = await seedSnapshot({
      ...base,
      profile: { ...small, people: small.people + 5 },
    });
    expect(after['contacts']).not.toEqual(before['contacts']);
    for (const lookup of ['activityTypes', 'opportunityTypes', 'matterTypes', 'matters'])
      expect(after[lookup]).toEqual(before[lookup]);
  });

  it('records what it was seeded from in the store meta', async () => {
    const snapshot = await seedSnapshot({ ...base, region: 'au', tenant: limited! });
    expect(snapshot.meta).toMatchObject({
      seed: 42,
      profile: 'small',
      tenantId: 'limited-firm',
      region: 'au',
    });
  });

  it("holds the profile's counts (plus the firm's own company and its API user)", async () => {
    const profile: FixtureProfile = {
      ...small,
      companies: 5,
      people: 9,
      opportunities: 4,
      relationships: 11,
      matters: 2,
      objectives: 2,
      initiativesPerObjective: 3,
      marketingLists: 2,
      workingLists: 1,
    };
    const { collections } = await seedSnapshot({ ...base, profile });
    const kinds = (collections['contacts'] ?? []).map((c) => c['kind']);
    expect(kinds.filter((k) => k === 'Company')).toHaveLength(profile.companies + 1);
    expect(kinds.filter((k) => k === 'Person')).toHaveLength(profile.people + 1);
    expect(collections['opportunities']).toHaveLength(profile.opportunities);
    expect(collections['relationships']).toHaveLength(profile.relationships);
    expect(collections['matters']).toHaveLength(profile.matters);
    expect(collections['objectives']).toHaveLength(profile.objectives);
    expect(collections['initiatives']).toHaveLength(profile.objectives * profile.initiativesPerObjective);
    expect(collections['lists']).toHaveLength(profile.marketingLists + profile.workingLists);
  });

  it('tells progress once per seeding area, in registry order, ending with all done', async () => {
    const heard: Array<[number, number, string]> = [];
    await seedSnapshot(base, (done, total, label) => heard.push([done, total, label]));
    const total = heard[0]![1];
    expect(heard.map(([done]) => done)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(new Set(heard.map(([, t]) => t))).toEqual(new Set([total]));
    expect(new Set(heard.map(([, , label]) => label)).size).toBe(total);
    expect(heard[0]![2]).toBe('settings');
  });
});

describe('seedStoreFile', () => {
  it('writes a file holding what seedSnapshot builds, and counts each collection', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seeding-'));
    dirs.push(dir);
    const seeded = await seedStoreFile(base, join(dir, 'data'));
    expect(seeded.file).toBe(join(dir, 'data', 'dev-firm-eu.json'));
    expect(seeded.parsedBack).toEqual([]);
    const snapshot = await seedSnapshot(base);
    const counts = Object.fromEntries(Object.entries(snapshot.collections).map(([k, v]) => [k, v.length]));
    expect(seeded.counts).toEqual(counts);
    const text = await readFile(seeded.file, 'utf8');
    // Every entity of the snapshot is in the file (the file's own format is the store's business).
    for (const contact of snapshot.collections['contacts'] ?? [])
      expect(text).toContain(JSON.stringify(contact['id']));
  });
});
