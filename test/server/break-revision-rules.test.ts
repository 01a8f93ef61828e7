import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ allowRuleBreaking: true });
});
afterAll(async () => {
  await s.close();
});

const SCORE = '{ searchFirmContacts(limit: 1) { models { relationshipScore { strength value } } } }';
const CHECK_SECURITY = '{ folderTypes(listClass: [workingLists], checkSecurity: false) { totalModels } }';
const CURRENCIES = '{ currencies }';

/** Whether 1.2.0 refuses a document as invalid (what the §9.3 rules require of 1.4.0-only parts). */
async function refusedOn120(query: string): Promise<boolean> {
  const res = await s.gql(query, undefined, { version: '1.2.0' });
  return res.errors?.[0]?.extensions?.['code'] === 'GRAPHQL_VALIDATION_FAILED';
}

async function breakRules(rules: string[]): Promise<void> {
  expect((await s.admin('PUT', '/faults', { breakRules: rules })).status).toBe(200);
}

describe('§9.3 rule switches (test-only): 1.2.0 served with one part of 1.4.0', () => {
  it('serves only the broken part, and a document validated before a switch is judged again after it', async () => {
    const all = [SCORE, CHECK_SECURITY, CURRENCIES];
    // Validated (and cached as failing or not) before any switch.
    expect(await Promise.all(all.map(refusedOn120))).toEqual([true, true, true]);
    await breakRules(['§9.3/score']);
    expect(await Promise.all(all.map(refusedOn120))).toEqual([false, true, true]);
    await breakRules(['§9.3/checkSecurity']);
    expect(await Promise.all(all.map(refusedOn120))).toEqual([true, false, true]);
    await breakRules(['§9.3/operations']);
    expect(await Promise.all(all.map(refusedOn120))).toEqual([true, true, false]);
    // 1.4.0 is untouched, and restoring the rules refuses again what the broken schema accepted.
    expect((await s.gql(CURRENCIES)).errors).toBeUndefined();
    await breakRules([]);
    expect(await Promise.all(all.map(refusedOn120))).toEqual([true, true, true]);
  });

  it('serves the 1.4.0-only operation with its data while §9.3/operations is broken', async () => {
    await breakRules(['§9.3/operations']);
    const res = await s.gql<{ currencies: unknown[] }>(CURRENCIES, undefined, { version: '1.2.0' });
    expect(res.errors).toBeUndefined();
    expect(Array.isArray(res.data?.currencies)).toBe(true);
    await breakRules([]);
  });
});

describe('§8/limit-relationshipTypes switch (test-only)', () => {
  it('makes relationshipTypes without a limit return the common default of 100 instead of 500', async () => {
    const count = async () =>
      (
        (await s.gql<{ relationshipTypes: unknown[] }>('{ relationshipTypes { id } }')).data
          ?.relationshipTypes ?? []
      ).length;
    const full = await count();
    expect(full).toBeGreaterThan(100);
    expect(full).toBeLessThanOrEqual(500);
    await breakRules(['§8/limit-relationshipTypes']);
    expect(await count()).toBe(100);
    await breakRules([]);
    expect(await count()).toBe(full);
  });
});
