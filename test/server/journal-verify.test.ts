// Verification of journaled requests: POST /__admin/requests/count and sim.verify() count the
// requests matching an operation, tenant, region, status and a partial match of variables, and explain a
// wrong count with the near misses.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSimulator, VerificationError, type HttpSimulator } from '../../src/api/index.js';
import { variableDifferences } from '../../src/server/journal-verify.js';

let sim: HttpSimulator;
let typeId: string;
let personId: string;

async function gql(query: string, variables?: unknown, token = 'dev-token', url = sim.graphqlUrl()) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: Record<string, any>; errors?: unknown[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function count(body: unknown, token = sim.adminToken) {
  const res = await fetch(`${sim.url}/__admin/requests/count`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const ADD = `mutation AddCall($input: AddActivityInput!) { addActivity(input: $input) { id } }`;

beforeAll(async () => {
  sim = await startSimulator();
  const seed = await gql(`{ activityTypes(limit: 1) { models { id } }
    searchFirmContacts(limit: 1, filter: { field: contactEntity, value: "Person" }) { models { id } } }`);
  typeId = seed.data!.activityTypes.models[0].id;
  personId = seed.data!.searchFirmContacts.models[0].id;
  await fetch(`${sim.url}/__admin/requests`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${sim.adminToken}` },
  });
  for (const subject of ['Call', 'Lunch']) {
    const r = await gql(ADD, {
      input: { typeId, activityDate: '2026-01-05 10:00:00', subject, linkedEntityIds: [personId] },
    });
    expect(r.errors).toBeUndefined();
  }
  await gql('{ firm { name } }', undefined, 'dev-token-limited', sim.graphqlUrl('eu', '1.2.0'));
});

afterAll(async () => {
  await sim.stop();
});

describe('POST /__admin/requests/count', () => {
  it('counts by operation name or root field, tenant, region, revision and status', async () => {
    expect((await count({ operation: 'addActivity' })).body.count).toBe(2);
    expect((await count({ operation: 'AddCall', status: 200 })).body.count).toBe(2);
    expect((await count({ operation: 'AddCall', status: '4xx' })).body.count).toBe(0);
    expect((await count({ tenant: 'dev-token' })).body.count).toBe(0);
    const limited = sim.tenants.find((t) => t.token === 'dev-token-limited')!.id;
    expect((await count({ tenant: limited, region: 'eu', revision: '1.2.0' })).body.count).toBe(1);
    expect((await count({ region: 'us', operation: 'firm' })).body.count).toBe(0);
  });

  it('matches a part of the variables and lists the matching ids', async () => {
    const r = await count({ operation: 'addActivity', variables: { input: { subject: 'Lunch' } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ count: 1, ok: true, ids: [expect.stringMatching(/^req-\d+$/)] });
    expect((await count({ variables: { input: { linkedEntityIds: [personId] } } })).body.count).toBe(2);
    expect((await count({ variables: { input: { linkedEntityIds: [] } } })).body.count).toBe(0);
  });

  it('says whether the count is as expected and explains a miss with the nearest requests', async () => {
    const r = await count({
      operation: 'addActivity',
      variables: { input: { subject: 'Dinner' } },
      times: 1,
    });
    expect(r.body).toMatchObject({ count: 0, ok: false, expected: 'exactly 1' });
    expect(r.body.nearMisses[0]).toMatchObject({
      operation: 'AddCall',
      differences: ['variables.input.subject: expected "Dinner", got "Lunch"'],
    });
    expect(r.body.message).toContain('Expected exactly 1 request(s)');
    expect(r.body.message).toContain('Near misses');
    expect((await count({ operation: 'addActivity', times: { atLeast: 1, atMost: 2 } })).body.ok).toBe(true);
  });

  it('wants the admin token and a well-formed pattern', async () => {
    expect((await count({ operation: 'addActivity' }, 'no-such-token')).status).toBe(401);
    expect((await count({ operation: 'addActivity' }, 'dev-token')).status).toBe(403);
    const bad = await count({ operation: 'addActivity', colour: 'red' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('BAD_REQUEST');
    expect((await count({ times: { atLeast: 3, atMost: 1 } })).status).toBe(400);
    expect((await count({ status: 'teapot' })).status).toBe(400);
    expect((await count('{not json')).status).toBe(400);
  });
});

describe('sim.verify() and sim.countRequests()', () => {
  it('resolves when the count is as expected, with a token for the tenant', async () => {
    await expect(sim.countRequests({ operation: 'addActivity', tenant: 'dev-token' })).resolves.toBe(2);
    const result = await sim.verify({
      operation: 'addActivity',
      tenant: 'dev-token',
      variables: { input: { subject: 'Call' } },
      times: 1,
    });
    expect(result.count).toBe(1);
    await expect(sim.verify({ operation: 'firm' })).resolves.toMatchObject({ count: 1 });
  });

  it('rejects with the near misses when it is not', async () => {
    const failure = sim.verify({
      operation: 'addActivity',
      variables: { input: { subject: 'Call' } },
      times: 2,
    });
    await expect(failure).rejects.toBeInstanceOf(VerificationError);
    await expect(failure).rejects.toThrow(
      /found 1[\s\S]*Near misses[\s\S]*variables\.input\.subject: expected "Call", got "Lunch"/,
    );
    await expect(sim.verify({ operation: 'removeWorkingList' })).rejects.toThrow(/at least 1[\s\S]*found 0/);
  });
});

describe('partial match of variables', () => {
  it('ignores extra keys, compares arrays item by item and lets null match a missing key', () => {
    expect(variableDifferences({ a: 1 }, { a: 1, b: 2 })).toEqual([]);
    expect(variableDifferences({ a: [{ x: 1 }] }, { a: [{ x: 1, y: 2 }] })).toEqual([]);
    expect(variableDifferences({ a: [1] }, { a: [1, 2] })).toEqual(['variables.a: expected [1], got [1,2]']);
    expect(variableDifferences({ a: null }, {})).toEqual([]);
    expect(variableDifferences({ a: { b: 1 } }, { a: 'x' })).toEqual([
      'variables.a: expected an object, got "x"',
    ]);
    expect(variableDifferences({ a: 1 }, {})).toEqual(['variables.a: expected 1, got nothing']);
  });
});
