/**
 * A disk fault as a client sees it over HTTP: the GraphQL error names it (`STORE_UNAVAILABLE` with its
 * cause), nothing of the failed write is visible, `/__admin/health` says which store is degraded and
 * why, and everything works again once the fault clears, without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TENANTS, fixtureProfiles, seedStoreFile, Simulator } from '../../src/simulator/index.js';
import { FaultFs } from '../../src/store/index.js';
import { dataOf, startTestServer, type TestServer } from '../helpers/server.js';

const ADD = `mutation ($name: String!) { addObjective(input: { name: $name }) { item { id } } }`;
const COUNT = `{ objectives(limit: 1) { totalModels } }`;

let server: TestServer;
let dir: string;
const fs = new FaultFs();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'http-faults-'));
  server = await startTestServer({ inMemory: false, dataDir: dir, storeFs: fs });
});

afterAll(async () => {
  fs.clear();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const total = async (region: 'us' | 'eu' = 'us') =>
  dataOf(await server.gql<{ objectives: { totalModels: number } }>(COUNT, {}, { region })).objectives
    .totalModels;

describe('a full disk, over HTTP', () => {
  it('answers a failed write with STORE_UNAVAILABLE (no-space), shows nothing of it, and recovers', async () => {
    const before = await total();
    fs.arm({ code: 'ENOSPC', ops: ['write'], times: Infinity });
    const failed = await server.gql(ADD, { name: 'Lost to a full disk' });
    expect(failed.data).toEqual({ addObjective: null });
    expect(failed.errors?.[0]?.extensions).toEqual({
      code: 'STORE_UNAVAILABLE',
      cause: 'no-space',
      retryAfter: 5,
    });
    expect(failed.errors?.[0]?.message).not.toContain(dir);
    expect(await total()).toBe(before);

    const health = (await (await fetch(`${server.url}/__admin/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({
      status: 'degraded',
      stores: [{ tenant: 'dev-firm', region: 'us', reason: 'no-space', phase: 'write' }],
    });

    fs.clear();
    dataOf(await server.gql(ADD, { name: 'Written once space is back' }));
    expect(await total()).toBe(before + 1);
    const healed = (await (await fetch(`${server.url}/__admin/health`)).json()) as Record<string, unknown>;
    expect(healed).toMatchObject({ status: 'ok', stores: [] });
  });

  it('keeps 200 for a write that failed inside an executed operation (data is there), with Retry-After (A-341)', async () => {
    fs.arm({ code: 'ENOSPC', ops: ['write'], times: Infinity });
    try {
      for (const accept of ['application/graphql-response+json', 'application/json']) {
        const res = await fetch(`${server.url}/public-api/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept, authorization: 'Bearer dev-token' },
          body: JSON.stringify({ query: ADD, variables: { name: 'Lost again' } }),
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('retry-after')).toBe('5');
        const body = (await res.json()) as {
          data: unknown;
          errors: Array<{ extensions: Record<string, unknown> }>;
        };
        expect(body.data).toEqual({ addObjective: null });
        expect(body.errors[0]?.extensions).toEqual({
          code: 'STORE_UNAVAILABLE',
          cause: 'no-space',
          retryAfter: 5,
        });
      }
    } finally {
      fs.clear();
    }
    // A write after it that succeeds (and heals the store) carries no Retry-After.
    const ok = await fetch(`${server.url}/public-api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
      body: JSON.stringify({ query: ADD, variables: { name: 'Written once space is back' } }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('retry-after')).toBeNull();
  });

  it('answers a store that cannot be opened with 503, Retry-After and the cause; the next request opens it', async () => {
    fs.arm({ code: 'EIO', ops: ['open'], times: Infinity });
    const res = await fetch(`${server.url}/eu/1.4.0/public-api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
      body: JSON.stringify({ query: COUNT }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const body = (await res.json()) as { errors: Array<{ extensions: Record<string, unknown> }> };
    expect(body.errors[0]?.extensions).toMatchObject({ code: 'STORE_UNAVAILABLE', cause: 'io' });
    const health = (await (await fetch(`${server.url}/__admin/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({
      status: 'degraded',
      stores: [{ region: 'eu', reason: 'io', phase: 'open' }],
    });

    fs.clear();
    expect(await total('eu')).toBeGreaterThanOrEqual(0);
    const healed = (await (await fetch(`${server.url}/__admin/health`)).json()) as Record<string, unknown>;
    expect(healed).toMatchObject({ status: 'ok', stores: [] });
  });
});

describe('a damaged snapshot, over HTTP', () => {
  it('is never served: STORE_UNAVAILABLE (corrupt, no retry) for what reads it, and health names it', async () => {
    const damagedDir = await mkdtemp(join(tmpdir(), 'http-damage-'));
    const profile = { ...fixtureProfiles().profiles['small']!, name: 'small' };
    const seeded = await seedStoreFile(
      { tenant: DEFAULT_TENANTS[0]!, region: 'au', seed: fixtureProfiles().defaultSeed, profile },
      damagedDir,
    );
    // One letter of the first objective's name changed, in place (the index still points right).
    const lines = (await readFile(seeded.file, 'utf8')).split('\n');
    const at = lines.indexOf('"objectives":[') + 1;
    const name = lines[at]!.indexOf('"name":"') + 8;
    const letter = lines[at]![name] === 'X' ? 'Y' : 'X';
    lines[at] = lines[at]!.slice(0, name) + letter + lines[at]!.slice(name + 1);
    await writeFile(seeded.file, lines.join('\n'));
    const logged: string[] = [];
    const damaged = await startTestServer({
      inMemory: false,
      dataDir: damagedDir,
      log: (m) => logged.push(m),
    });
    let closed = false;
    try {
      const res = await fetch(`${damaged.url}/au/1.4.0/public-api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
        body: JSON.stringify({ query: COUNT }),
      });
      // Damage does not pass by waiting: 200 with the partial result, and no Retry-After.
      expect(res.status).toBe(200);
      expect(res.headers.get('retry-after')).toBeNull();
      const answer = (await res.json()) as { data: unknown; errors?: Array<{ extensions: unknown }> };
      expect(answer.errors?.[0]?.extensions).toEqual({ code: 'STORE_UNAVAILABLE', cause: 'corrupt' });
      expect(answer.data).toEqual({ objectives: null });
      const health = (await (await fetch(`${damaged.url}/__admin/health`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({
        status: 'degraded',
        stores: [
          {
            region: 'au',
            reason: 'corrupt',
            phase: 'read',
            message: expect.stringMatching(/"objectives" fails its checksum/),
          },
        ],
      });
      // A write elsewhere in the store: the shutdown cannot carry the damage into a new snapshot, so it
      // keeps the log and says so, and still shuts down.
      const store = await damaged.simulator.store('dev-firm', 'au');
      await store.transact((tx) => tx.put('notes', { id: 'kept-in-the-log' }));
      await damaged.close();
      closed = true;
      expect(logged).toContainEqual(
        expect.stringMatching(/not compacted at shutdown .*"objectives" fails its checksum/),
      );
      const reopened = new Simulator({ dataDir: damagedDir, profile: 'small', log: () => undefined });
      expect((await reopened.store('dev-firm', 'au')).get('notes', 'kept-in-the-log')).toBeDefined();
      await reopened.close();
    } finally {
      if (!closed) await damaged.close().catch(() => undefined);
      await rm(damagedDir, { recursive: true, force: true });
    }
  });
});
