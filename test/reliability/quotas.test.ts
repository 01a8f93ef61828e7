// Issue 41 item 3, nothing caps a tenant's records or bytes: each tenant's store has a quota on its
// records and on the bytes of its files. A write past one is refused whole with QUOTA_EXCEEDED, naming
// the quota and without Retry-After (waiting does not help); every write before it stays, and a write
// that removes records still passes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataOf, startTestServer, type TestServer } from '../helpers/server.js';

const ALIASES = 200;

interface Raw {
  status: number;
  retryAfter: string | null;
  body: {
    data?: Record<string, { id: string } | null> | null;
    errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[];
  };
}

/** POSTs one document as dev-token, keeping the status and the `Retry-After` header. */
async function post(server: TestServer, query: string, variables?: Record<string, unknown>): Promise<Raw> {
  const res = await fetch(`${server.url}/us/1.4.0/public-api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Raw['body'],
  };
}

async function activityType(server: TestServer): Promise<string> {
  return dataOf(
    await server.gql<{ activityTypes: { models: { id: string }[] } }>(
      '{ activityTypes(onlyUserCreatable: false) { models { id } } }',
    ),
  ).activityTypes.models[0]!.id;
}

async function activityCount(server: TestServer): Promise<number> {
  return dataOf(await server.gql<{ activities: { totalModels: number } }>('{ activities { totalModels } }'))
    .activities.totalModels;
}

/** 200 aliased addActivity calls sharing one summary variable. */
function addMany(typeId: string): string {
  const fields = Array.from(
    { length: ALIASES },
    (_, i) =>
      `a${i}: addActivity(input: { typeId: "${typeId}", activityDate: "2026-01-01 09:00:00", subject: "s${i}", summary: $s }) { id }`,
  );
  return `mutation ($s: String) { ${fields.join(' ')} }`;
}

/**
 * Checks an answer where the writes up to some alias passed and every one after was refused by
 * `quota`: returns how many passed.
 */
function splitAt(answer: Raw, quota: 'records' | 'bytes', maximum: number): number {
  expect(answer.status).toBe(200);
  expect(answer.retryAfter).toBeNull();
  const data = answer.body.data!;
  const passed = Object.values(data).filter((v) => v !== null).length;
  expect(passed).toBeGreaterThan(0);
  expect(passed).toBeLessThan(ALIASES);
  // In order: every alias before the first refusal passed, every one after was refused.
  for (let i = 0; i < ALIASES; i += 1) expect(data[`a${i}`] !== null).toBe(i < passed);
  const errors = answer.body.errors!;
  expect(errors).toHaveLength(ALIASES - passed);
  for (const error of errors) {
    expect(error.extensions).toEqual({ code: 'QUOTA_EXCEEDED', quota, maximum });
    expect(error.message).toBe(
      `The tenant's store would pass its quota of ${maximum} ${quota}; nothing was written. Remove ${quota === 'records' ? 'records' : 'data'} or ask for a larger quota.`,
    );
  }
  return passed;
}

describe('per-tenant quotas (issue 41 item 3)', () => {
  describe('records', () => {
    let server: TestServer;
    let maximum: number;

    beforeAll(async () => {
      // The seeded store's size, from a server of the same profile and seed.
      const probe = await startTestServer();
      await probe.gql('{ __typename }');
      const seeded = (await probe.simulator.store('dev-firm', 'us')).toSnapshot();
      const records = Object.values(seeded.collections).reduce((n, c) => n + c.length, 0);
      await probe.close();
      maximum = records + 150;
      server = await startTestServer({ limits: { maxStoreRecords: maximum } });
    });
    afterAll(() => server.close());

    it('refuses the writes past the quota whole, keeps those before it, and still takes a removal', async () => {
      const before = await activityCount(server);
      const answer = await post(server, addMany(await activityType(server)), { s: 'x' });
      const passed = splitAt(answer, 'records', maximum);
      expect(await activityCount(server)).toBe(before + passed);
      const store = (await server.simulator.store('dev-firm', 'us')).toSnapshot();
      expect(Object.values(store.collections).reduce((n, c) => n + c.length, 0)).toBeLessThanOrEqual(maximum);

      const id = answer.body.data!['a0']!.id;
      const removed = await server.gql<{ removeActivity: { isSuccessful: boolean } }>(
        'mutation ($id: ID!) { removeActivity(id: $id) { isSuccessful } }',
        { id },
      );
      expect(dataOf(removed).removeActivity.isSuccessful).toBe(true);
      expect(await activityCount(server)).toBe(before + passed - 1);
    });
  });

  describe('bytes', () => {
    let dataDir: string;
    let server: TestServer;
    let maximum: number;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'rm-quota-'));
      const probe = await startTestServer({ inMemory: false, dataDir });
      await probe.gql('{ __typename }');
      const used = (await probe.simulator.store('dev-firm', 'us')).stats().storedBytes;
      await probe.close();
      // Room for some 25 activities of 4,000 characters, not for 200.
      maximum = used + 100_000;
      server = await startTestServer({ inMemory: false, dataDir, limits: { maxStoreBytes: maximum } });
    });
    afterAll(async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses the writes that would take the files past the quota, and the refused ones leave nothing', async () => {
      const before = await activityCount(server);
      const answer = await post(server, addMany(await activityType(server)), { s: 'x'.repeat(4000) });
      const passed = splitAt(answer, 'bytes', maximum);
      expect(await activityCount(server)).toBe(before + passed);
      expect((await server.simulator.store('dev-firm', 'us')).stats().storedBytes).toBeLessThanOrEqual(
        maximum,
      );
    });
  });
});
