import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSimulator, startSimulator, type HttpSimulator } from '../../src/index.js';

const LANGUAGE = '{ regionalSettings { language { name } } }';

describe('createSimulator (in memory, no HTTP)', () => {
  const sim = createSimulator();
  afterAll(() => sim.stop());

  it('answers as the tenant of the token, on the revision asked for', async () => {
    const result = await sim.execute(LANGUAGE, {
      token: 'dev-token-limited',
      version: '1.2.0',
      region: 'eu',
    });
    expect(result).toEqual({ data: { regionalSettings: { language: { name: expect.any(String) } } } });
  });

  it('refuses an unknown token with UNAUTHENTICATED and no data', async () => {
    const result = await sim.execute(LANGUAGE, { token: 'nobody' });
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((e) => e.extensions?.['code'])).toEqual(['UNAUTHENTICATED']);
  });

  it('lists its tenants with their tokens and refuses to reset an unknown one', async () => {
    expect(sim.tenants.map((t) => t.token)).toEqual(['dev-token', 'dev-token-limited']);
    expect(() => sim.resetTenant('nobody')).toThrow('unknown tenant "nobody"');
  });
});

describe('startSimulator (HTTP on a free port)', () => {
  let sim: HttpSimulator;
  const status = async () =>
    (
      await fetch(sim.graphqlUrl('au', '1.4.0'), {
        method: 'POST',
        headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
        body: JSON.stringify({ query: LANGUAGE }),
      })
    ).status;

  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.stop());

  it('serves its GraphQL endpoints at the URL it reports', async () => {
    expect(sim.graphqlUrl('au', '1.4.0')).toBe(`${sim.url}/au/1.4.0/public-api/graphql`);
    expect(await status()).toBe(200);
  });

  it('sets and clears faults, and rejects an invalid fault configuration with the reason', async () => {
    await sim.setFaults({ rules: [{ errorRate: 1, errorKind: 'http429' }] });
    expect(await status()).toBe(429);
    await sim.clearFaults();
    expect(await status()).toBe(200);
    await expect(sim.setFaults({ rules: [{ errorRate: 2 }] })).rejects.toThrow(/errorRate/);
  });

  it('resets a tenant by its token', async () => {
    await expect(sim.resetTenant('dev-token', ['au'])).resolves.toBeUndefined();
  });
});
