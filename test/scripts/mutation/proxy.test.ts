import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CORRECT, MUTANTS } from '../../../scripts/mutation/mutants.js';
import { startMutantServer, type MutantServer } from '../../../scripts/mutation/proxy.js';

const post = (url: string, query: string, token = 'dev-token') =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

const endpoint = (server: MutantServer, region = 'us', version = '1.4.0') =>
  server.template.replace('{region}', region).replace('{version}', version);

describe('mutant servers', () => {
  let correct: MutantServer;
  beforeAll(async () => {
    correct = await startMutantServer(CORRECT);
  });
  afterAll(() => correct.stop());

  it('are at least 30, each with a unique id, a description and a class', () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(MUTANTS.map((m) => m.id)).size).toBe(MUTANTS.length);
    for (const m of MUTANTS) expect(m.description.length).toBeGreaterThan(10);
  });

  it('hide the admin API, so the harness sees an endpoint rather than the simulator', async () => {
    const origin = new URL(correct.template.replace(/\{\w+\}/g, 'x')).origin;
    expect((await fetch(`${origin}/__admin/health`)).status).toBe(404);
    const res = await post(endpoint(correct), '{ searchFirmContacts(limit: 1) { totalModels } }');
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { data: { searchFirmContacts: { totalModels: number } } }).data
        .searchFirmContacts.totalModels,
    ).toBeGreaterThan(0);
  });

  it('apply their one regression: the 401-as-200 mutant answers a missing token 200', async () => {
    expect((await post(endpoint(correct), '{ __typename }', 'no-such-token')).status).toBe(401);
    const mutant = MUTANTS.find((m) => m.id === 'auth.401-as-200');
    const server = await startMutantServer(mutant!.handle, mutant!.setup);
    try {
      expect((await post(endpoint(server), '{ __typename }', 'no-such-token')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
