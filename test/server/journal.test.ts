// The request journal over HTTP: what a request leaves in it (masked), the admin API's filters and
// clearing, the ring bound, the index of the admin API, and the live stream.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JournalEntry } from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Listing {
  size: number;
  total: number;
  requests: JournalEntry[];
}

const CONTACTS = 'query Contacts($limit: Int) { searchFirmContacts(limit: $limit) { models { id } } }';

async function listing(server: TestServer, query = ''): Promise<Listing> {
  const res = await server.admin('GET', `/requests${query}`);
  expect(res.status).toBe(200);
  return res.body as Listing;
}

describe('request journal', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps a query with its tenant, endpoint, operation, status, timing and the ids it returned', async () => {
    await server.admin('DELETE', '/requests');
    const res = await server.gql<{ searchFirmContacts: { models: Array<{ id: string }> } }>(
      CONTACTS,
      { limit: 2 },
      { region: 'eu', version: '1.2.0' },
    );
    expect(res.status).toBe(200);
    const returned = res.data!.searchFirmContacts.models.map((m) => m.id);
    expect(returned).toHaveLength(2);

    const { requests } = await listing(server);
    expect(requests).toHaveLength(1);
    const [entry] = requests;
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/eu/1.2.0/public-api/graphql',
      tenant: 'dev-firm',
      region: 'eu',
      revision: '1.2.0',
      operation: { name: 'Contacts', type: 'query', fields: ['searchFirmContacts'] },
      variables: { limit: 2 },
      document: CONTACTS,
      status: 200,
      errorCodes: [],
      ids: returned,
      responseTruncated: false,
    });
    expect(entry!.response).toEqual({ data: res.data });
    expect(entry!.durationMs).toBeGreaterThan(0);
    expect(Date.parse(entry!.time)).toBeLessThanOrEqual(Date.now());

    const one = await server.admin('GET', `/requests/${entry!.id}`);
    expect(one).toEqual({ status: 200, body: { request: entry } });
    expect((await server.admin('GET', '/requests/req-999999')).status).toBe(404);
  });

  it('keeps variables nested far deeper than a stack allows, cut below a fixed depth', async () => {
    await server.admin('DELETE', '/requests');
    const deep = `{"query":"query Q($v: [String]) { __typename }","variables":{"v":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const res = await fetch(`${server.url}/public-api/graphql`, {
      method: 'POST',
      headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
      body: deep,
    });
    expect(res.status).toBeLessThan(500);
    await res.text();
    const { requests } = await listing(server);
    expect(requests).toHaveLength(1);
    let cut: unknown = (requests[0]!.variables as { v: unknown }).v;
    for (let depth = 0; Array.isArray(cut); depth += 1) cut = (cut as unknown[])[0];
    expect(cut).toBe('…');
    // The server still answers.
    expect((await server.gql('{ __typename }')).status).toBe(200);
  });

  it('keeps the change events a write recorded, and none for a query or a refused write', async () => {
    await server.admin('DELETE', '/requests');
    const add =
      'mutation Add($input: AddPersonInput!) { addPerson(input: $input) { item { id } validationErrors { propertyName } } }';
    const added = await server.gql<{ addPerson: { item: { id: string } } }>(add, {
      input: { firstName: 'Journal', lastName: 'Events' },
    });
    const id = added.data!.addPerson.item.id;
    const refused = await server.gql<{ addPerson: { item: unknown; validationErrors: unknown[] } }>(add, {
      input: { firstName: '', lastName: '' },
    });
    expect(refused.data?.addPerson.validationErrors?.length).toBeGreaterThan(0);
    await server.gql('{ __typename }');

    const [query, refusedWrite, write] = (await listing(server)).requests;
    expect(write!.events).toEqual([
      expect.objectContaining({ view: 'contact', eventType: 'ContactCreated', entityId: id }),
    ]);
    expect(write!.ids).toContain(id);
    expect(refusedWrite!.events).toEqual([]);
    expect(query!.events).toEqual([]);
  });

  it('masks tokens and secret-looking variables, at any depth, and tokens written into the document', async () => {
    await server.admin('DELETE', '/requests');
    await server.gql(
      'query Q($limit: Int) { searchFirmContacts(limit: $limit, filter: [{ field: lastName, value: "dev-token-limited" }]) { totalModels } }',
      {
        limit: 1,
        password: 'hunter2',
        apiKey: 'k-123',
        client_secret: 'shh',
        Authorization: 'whatever',
        nested: { accessToken: 'abc', name: 'kept', list: ['dev-token', 'Bearer xyz', 'plain'] },
        whoami: server.adminToken,
      },
    );
    const [entry] = (await listing(server)).requests;
    expect(entry!.variables).toEqual({
      limit: 1,
      password: '***',
      apiKey: '***',
      client_secret: '***',
      Authorization: '***',
      nested: { accessToken: '***', name: 'kept', list: ['***', '***', 'plain'] },
      whoami: '***',
    });
    expect(entry!.document).toContain('value: "***"');
    expect(entry!.document).not.toContain('dev-token');
    expect(JSON.stringify(entry)).not.toMatch(/hunter2|k-123|shh|abc|xyz|dev-token|admin-token/);
  });

  it('journals requests refused before execution: 401, invalid document, injected fault', async () => {
    await server.admin('DELETE', '/requests');
    expect((await server.gql('{ __typename }', {}, { token: 'no-such-token' })).status).toBe(401);
    expect((await server.gql('{ noSuchField }')).errors?.[0]?.extensions?.['code']).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    await server.admin('PUT', '/faults', {
      rules: [{ operations: ['regionalSettings'], errorRate: 1, errorKind: 'http503' }],
    });
    try {
      expect((await server.gql('{ regionalSettings { locale { code } } }')).status).toBe(503);
    } finally {
      await server.admin('DELETE', '/faults');
    }
    const { requests } = await listing(server);
    expect(requests.map((r) => [r.tenant, r.status, r.errorCodes, r.operation.fields])).toEqual([
      ['dev-firm', 503, ['SERVICE_UNAVAILABLE'], ['regionalSettings']],
      ['dev-firm', 200, ['GRAPHQL_VALIDATION_FAILED'], ['noSuchField']],
      [null, 401, ['UNAUTHENTICATED'], ['__typename']],
    ]);
  });

  it('filters by tenant, region, operation, status, since and limit, newest first', async () => {
    await server.admin('DELETE', '/requests');
    const before = new Date().toISOString();
    await server.gql(CONTACTS, { limit: 1 }, { region: 'us' });
    await server.gql('{ __typename }', {}, { region: 'au', token: 'dev-token-limited' });
    await server.gql('{ __typename }', {}, { region: 'au', token: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const middle = new Date().toISOString();
    await server.gql('query Named { regionalSettings { locale { code } } }', {}, { region: 'eu' });

    const ops = async (query: string) =>
      (await listing(server, query)).requests.map(
        (r) => `${r.region}:${r.operation.name ?? r.operation.fields[0]}:${r.status}`,
      );
    expect(await ops('')).toEqual([
      'eu:Named:200',
      'au:__typename:401',
      'au:__typename:200',
      'us:Contacts:200',
    ]);
    expect(await ops('?tenant=limited-firm')).toEqual(['au:__typename:200']);
    expect(await ops('?region=au')).toEqual(['au:__typename:401', 'au:__typename:200']);
    expect(await ops('?operation=Contacts')).toEqual(['us:Contacts:200']);
    expect(await ops('?operation=regionalSettings')).toEqual(['eu:Named:200']);
    expect(await ops('?status=401')).toEqual(['au:__typename:401']);
    expect(await ops('?status=4xx')).toEqual(['au:__typename:401']);
    expect(await ops('?status=2xx&region=au')).toEqual(['au:__typename:200']);
    expect(await ops(`?since=${encodeURIComponent(middle)}`)).toEqual(['eu:Named:200']);
    expect(await ops(`?since=${encodeURIComponent(before)}&limit=2`)).toEqual([
      'eu:Named:200',
      'au:__typename:401',
    ]);

    for (const bad of ['?status=abc', '?since=yesterday', '?limit=0', '?limit=1001']) {
      const res = await server.admin('GET', `/requests${bad}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('BAD_REQUEST');
    }
  });

  it('clears with DELETE, and needs the admin token', async () => {
    await server.gql('{ __typename }');
    expect((await listing(server)).total).toBeGreaterThan(0);
    expect(await server.admin('DELETE', '/requests')).toEqual({
      status: 200,
      body: { size: 1000, total: 0, requests: [] },
    });
    expect((await listing(server)).requests).toEqual([]);

    const anonymous = await fetch(`${server.url}/__admin/requests`);
    expect(anonymous.status).toBe(401);
    const tenant = await fetch(`${server.url}/__admin/requests`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer dev-token' },
    });
    expect(tenant.status).toBe(403);
    const stream = await fetch(`${server.url}/__admin/requests/stream?token=dev-token`);
    expect(stream.status).toBe(403);
  });

  it('lists the admin API at /__admin/, its own routes included', async () => {
    const res = await fetch(`${server.url}/__admin/`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { routes: Array<{ method: string; path: string; auth: boolean }> };
    const routes = body.routes.map((r) => `${r.method} ${r.path}${r.auth ? '' : ' (open)'}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /__admin/ (open)',
        'GET /__admin/health (open)',
        'GET /__admin/tenants',
        'PUT /__admin/faults',
        'GET /__admin/requests',
        'DELETE /__admin/requests',
        'GET /__admin/requests/stream',
        'GET /__admin/requests/:id',
        'PUT /__admin/tenants/:id/clock',
        'DELETE /__admin/tenants/:id/clock',
      ]),
    );
  });

  it('streams each finished request as a server-sent event, with the token as a query parameter', async () => {
    await server.admin('DELETE', '/requests');
    const refused = await fetch(`${server.url}/__admin/requests/stream`);
    expect(refused.status).toBe(401);

    const controller = new AbortController();
    const res = await fetch(
      `${server.url}/__admin/requests/stream?token=${encodeURIComponent(server.adminToken)}`,
      { signal: controller.signal },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    try {
      while (!text.includes(': live')) text += (await reader.read()).value ?? '';
      await server.gql('query Streamed { __typename }');
      while (!text.includes('"Streamed"')) text += (await reader.read()).value ?? '';
    } finally {
      controller.abort();
    }
    const event = /event: request\ndata: (.*)\n/.exec(text);
    const summary = JSON.parse(event![1]!) as Record<string, unknown>;
    expect(summary).toMatchObject({ operation: { name: 'Streamed' }, status: 200, tenant: 'dev-firm' });
    expect(summary).not.toHaveProperty('response');
  });
});

describe('request journal bound', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ journalSize: 3 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps only the newest requests once the ring is full', async () => {
    for (let i = 1; i <= 5; i += 1) await server.gql(`query Q${i} { __typename }`);
    const { size, total, requests } = await listing(server);
    expect({ size, total }).toEqual({ size: 3, total: 3 });
    expect(requests.map((r) => r.operation.name)).toEqual(['Q5', 'Q4', 'Q3']);
    expect((await server.admin('GET', '/requests?limit=4')).status).toBe(400);
  });
});
