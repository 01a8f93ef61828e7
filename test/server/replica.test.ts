import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../helpers/server.js';

const LANGUAGE = '{ regionalSettings { language { name } } }';

describe('a server with a replica id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ replicaId: 'replica-7' });
  });
  afterAll(() => server.close());

  it('names itself on every response: GraphQL (fast path and not), 401s, admin, 404s', async () => {
    const graphql = `${server.url}/eu/1.2.0/public-api/graphql`;
    const post = (token?: string) =>
      fetch(graphql, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query: LANGUAGE }),
      });
    const answers = await Promise.all([
      post('dev-token'),
      post(),
      fetch(`${graphql}?query=${encodeURIComponent(LANGUAGE)}`, {
        headers: { authorization: 'Bearer dev-token' },
      }),
      fetch(`${server.url}/__admin/health`),
      fetch(`${server.url}/nowhere`),
    ]);
    expect(answers.map((r) => [r.status, r.headers.get('x-rm-replica')])).toEqual([
      [200, 'replica-7'],
      [401, 'replica-7'],
      [200, 'replica-7'],
      [200, 'replica-7'],
      [404, 'replica-7'],
    ]);
  });

  it('lists the tenants whose stores it holds open, with their regions', async () => {
    const before = await server.admin('GET', '/replica');
    expect(before).toEqual({
      status: 200,
      body: { replica: 'replica-7', pid: process.pid, tenants: [{ tenant: 'dev-firm', regions: ['eu'] }] },
    });
    await server.gql(LANGUAGE, {}, { token: 'dev-token-limited', region: 'au' });
    const after = await server.admin('GET', '/replica');
    expect((after.body as { tenants: unknown[] }).tenants).toEqual([
      { tenant: 'dev-firm', regions: ['eu'] },
      { tenant: 'limited-firm', regions: ['au'] },
    ]);
  });
});

describe('a server without a replica id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('sends no replica header, and says it has no id', async () => {
    const res = await fetch(`${server.url}/__admin/health`);
    expect(res.headers.has('x-rm-replica')).toBe(false);
    expect((await server.admin('GET', '/replica')).body).toMatchObject({ replica: null, tenants: [] });
  });
});
