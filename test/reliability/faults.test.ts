// Fault injection through the admin API (issue: off by default, each fault proven, turning it off restores service).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const query = '{ regionalSettings { locale { code } } }';

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

describe('fault injection', () => {
  it('is off by default', async () => {
    expect((await server.admin('GET', '/faults')).body).toEqual({ rules: [] });
    expect((await server.gql(query)).status).toBe(200);
  });

  it('adds latency to the named operations only', async () => {
    await server.admin('PUT', '/faults', { rules: [{ operations: ['regionalSettings'], latencyMs: 300 }] });
    const [, slow] = await timed(() => server.gql(query));
    const [, fast] = await timed(() => server.gql('{ firm { settings { titles } } }'));
    expect(slow).toBeGreaterThanOrEqual(290);
    expect(fast).toBeLessThan(290);
  });

  it.each([
    ['http429', 429, 'RATE_LIMITED'],
    ['http503', 503, 'SERVICE_UNAVAILABLE'],
    ['graphqlError', 200, 'INJECTED_FAULT'],
  ])('fails requests as %s', async (errorKind, status, code) => {
    await server.admin('PUT', '/faults', { rules: [{ errorRate: 1, errorKind }] });
    const res = await server.gql(query);
    expect(res.status).toBe(status);
    expect(res.errors?.[0]?.extensions?.['code']).toBe(code);
  });

  it('fails about the configured share of requests, reproducibly with a seed', async () => {
    const run = async () => {
      await server.admin('PUT', '/faults', { seed: 7, rules: [{ errorRate: 0.5, errorKind: 'http503' }] });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i += 1) statuses.push((await server.gql(query)).status);
      return statuses;
    };
    const first = await run();
    const failed = first.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(15);
    expect(failed).toBeLessThan(45);
    expect(await run()).toEqual(first);
  });

  it('applies a tenant rule only to that tenant', async () => {
    await server.admin('PUT', '/faults', { rules: [{ tenant: 'limited-firm', errorRate: 1 }] });
    expect((await server.gql(query, {}, { token: 'dev-token-limited' })).status).toBe(503);
    expect((await server.gql(query)).status).toBe(200);
  });

  it('refuses an invalid configuration and leaves the rules as they were', async () => {
    await server.admin('PUT', '/faults', { rules: [{ latencyMs: 10 }] });
    const bad = await server.admin('PUT', '/faults', { rules: [{ errorRate: 2 }] });
    expect(bad.status).toBe(400);
    expect((await server.admin('GET', '/faults')).body).toEqual({ rules: [{ latencyMs: 10 }] });
  });

  it('restores normal service when turned off', async () => {
    await server.admin('PUT', '/faults', { rules: [{ errorRate: 1 }] });
    expect((await server.gql(query)).status).toBe(503);
    expect((await server.admin('DELETE', '/faults')).body).toEqual({ rules: [] });
    const res = await server.gql(query);
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
  });
});
