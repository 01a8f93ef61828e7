import { afterEach, describe, expect, it } from '@jest/globals';
import { startServer, type RunningServer } from '../../src/server/index.js';

const started: RunningServer[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
});

async function server(allowRuleBreaking: boolean): Promise<RunningServer> {
  const s = await startServer({ port: 0, inMemory: true, log: () => {}, allowRuleBreaking });
  started.push(s);
  return s;
}

function put(s: RunningServer, body: unknown): Promise<Response> {
  return fetch(`${s.url}/__admin/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.adminToken}` },
    body: JSON.stringify(body),
  });
}

describe('PUT /__admin/faults breakRules (test-only rule switches)', () => {
  it('is refused unless the simulator was started with allowRuleBreaking', async () => {
    const s = await server(false);
    const res = await put(s, { breakRules: ['§1.6'] });
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).toContain('--allow-rule-breaking');
    expect(s.simulator.brokenRules()).toEqual([]);
  });

  it('breaks a known rule, refuses an unknown one without changing anything, and DELETE restores all', async () => {
    const s = await server(true);
    expect((await put(s, { breakRules: ['§1.6'] })).status).toBe(200);
    const listed = (await (
      await fetch(`${s.url}/__admin/faults`, { headers: { authorization: `Bearer ${s.adminToken}` } })
    ).json()) as { breakRules: string[] };
    expect(listed.breakRules).toEqual(['§1.6']);
    const unknown = await put(s, { breakRules: ['§99'] });
    expect(unknown.status).toBe(400);
    expect(s.simulator.brokenRules()).toEqual(['§1.6']);
    const badFaults = await put(s, { breakRules: [], rules: [{ errorRate: 7 }] });
    expect(badFaults.status).toBe(400);
    expect(s.simulator.brokenRules()).toEqual(['§1.6']);
    await fetch(`${s.url}/__admin/faults`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${s.adminToken}` },
    });
    expect(s.simulator.brokenRules()).toEqual([]);
  });

  it('turns the one rule off: a limited (not full cloud) tenant may add a matter while §1.6 is broken', async () => {
    const s = await server(true);
    const addMatter = async (): Promise<unknown> => {
      const res = await fetch(`${s.url}/us/1.4.0/public-api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token-limited' },
        body: JSON.stringify({
          query:
            'mutation { addMatter(input: { name: "M", number: "N-1" }) { validationErrors { propertyName } } }',
        }),
      });
      return ((await res.json()) as { data: { addMatter: { validationErrors: unknown } } }).data.addMatter
        .validationErrors;
    };
    expect(await addMatter()).toEqual([{ propertyName: 'tenant' }]);
    await put(s, { breakRules: ['§1.6'] });
    expect(await addMatter()).not.toEqual([{ propertyName: 'tenant' }]);
  });
});
