import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    limits: { maxBodyBytes: 4096, maxDepth: 6, maxAliases: 3, maxComplexity: 80, maxPageSize: 500 },
  });
});
afterAll(async () => {
  await server.close();
});

const typenameQuery = '{ __typename }';

describe('endpoints (design.md fixed interfaces)', () => {
  it.each(['us', 'eu', 'au'] as const)('serves both revisions in region %s', async (region) => {
    for (const version of ['1.4.0', '1.2.0'] as const) {
      const res = await server.gql(typenameQuery, {}, { region, version });
      expect(res).toMatchObject({ status: 200, data: { __typename: 'Query' } });
    }
  });

  it('serves /public-api/graphql as US 1.4.0', async () => {
    const res = await fetch(`${server.url}/public-api/graphql`, {
      method: 'POST',
      headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __type(name: "Opportunity") { name } }' }),
    });
    expect(await res.json()).toEqual({ data: { __type: { name: 'Opportunity' } } });
  });

  it('answers GET for queries and refuses mutations over GET', async () => {
    const url = `${server.url}/us/1.2.0/public-api/graphql?query=${encodeURIComponent(typenameQuery)}`;
    const get = await fetch(url, { headers: { authorization: 'Bearer dev-token' } });
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ data: { __typename: 'Query' } });
    const mutation = encodeURIComponent('mutation { removeWorkingList(listId: "x") }');
    const refused = await fetch(`${server.url}/us/1.2.0/public-api/graphql?query=${mutation}`, {
      headers: { authorization: 'Bearer dev-token', accept: 'application/graphql-response+json' },
    });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('POST');
    // The refusal is the error envelope with a code and a media type, like every other answer.
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      errors: [{ message: expect.stringMatching(/POST/), extensions: { code: 'METHOD_NOT_ALLOWED' } }],
    });
  });

  it('answers unknown paths and revisions with a 404 GraphQL error envelope', async () => {
    const res = await fetch(`${server.url}/us/9.9.9/public-api/graphql`, { method: 'POST' });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('NOT_FOUND');
    expect(body.errors[0]!.message).toMatch(/Unknown revision "9\.9\.9"/);
  });
});

describe('authentication (A-56)', () => {
  it('answers a missing token with 401 and a GraphQL error envelope', async () => {
    const res = await server.gql(typenameQuery, {}, { token: null });
    expect(res.status).toBe(401);
    expect(res.errors).toEqual([
      { message: 'Missing bearer token.', extensions: { code: 'UNAUTHENTICATED' } },
    ]);
  });

  it('answers an unknown token with 401', async () => {
    const res = await server.gql(typenameQuery, {}, { token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  });

  it('accepts both default tenants', async () => {
    for (const token of ['dev-token', 'dev-token-limited']) {
      expect((await server.gql(typenameQuery, {}, { token })).status).toBe(200);
    }
  });
});

describe('revision isolation (§9.3, A-57)', () => {
  it.each([
    ['a 1.4.0-only query', '{ currencies }'],
    ['a 1.4.0-only mutation', 'mutation { removeObjective(id: "x") { isSuccessful } }'],
    ['Score.value', '{ contact(id: "x") { relationshipScore { value } } }'],
    ['folderTypes(checkSecurity:)', '{ folderTypes(checkSecurity: false) { totalModels } }'],
  ])('rejects %s on 1.2.0 with a validation error and accepts it on 1.4.0', async (_what, query) => {
    const old = await server.gql(query, {}, { version: '1.2.0' });
    expect(old.data).toBeUndefined();
    expect(old.errors?.[0]?.message).toMatch(/Cannot query field|Unknown argument/);
    expect(old.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    const current = await server.gql(query, {}, { version: '1.4.0' });
    expect(current.errors?.some((e) => /Cannot query field|Unknown argument/.test(e.message)) ?? false).toBe(
      false,
    );
  });
});

describe('bad requests', () => {
  it('refuses a body over the size limit with 413 before parsing it', async () => {
    const res = await server.gql(`{ __typename ${' '.repeat(5000)} }`);
    expect(res.status).toBe(413);
    expect(res.errors?.[0]?.extensions?.['code']).toBe('LIMIT_EXCEEDED');
  });

  it('answers malformed JSON and an empty body with 400, never 500', async () => {
    for (const body of ['{"query": ', '']) {
      const res = await fetch(`${server.url}/us/1.4.0/public-api/graphql`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
    }
  });

  it('answers a syntax error with a GraphQL error: 200 for application/json, 400 for graphql-response+json (A-58)', async () => {
    const res = await server.gql('{ firm {');
    expect(res.status).toBe(200);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/Syntax Error/);
    expect(res.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_PARSE_FAILED');
    const modern = await fetch(`${server.url}/us/1.4.0/public-api/graphql`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer dev-token',
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
      },
      body: JSON.stringify({ query: '{ firm {' }),
    });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('content-type')).toMatch(/application\/graphql-response\+json/);
  });
});

describe('admin API', () => {
  it('reports the simulator without a token', async () => {
    const res = await fetch(`${server.url}/__admin/health`);
    expect(await res.json()).toMatchObject({ simulator: true, inMemory: true, profile: 'small' });
  });

  it('refuses tenant tokens and missing tokens', async () => {
    const tenant = await fetch(`${server.url}/__admin/tenants`, {
      headers: { authorization: 'Bearer dev-token' },
    });
    expect(tenant.status).toBe(403);
    const none = await fetch(`${server.url}/__admin/tenants`);
    expect(none.status).toBe(401);
  });

  it('lists tenants without revealing their tokens', async () => {
    const res = await server.admin('GET', '/tenants');
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).toContain('dev-firm');
    expect(text).not.toContain('dev-token');
  });

  it('changes tenant switches and validates the change', async () => {
    const bad = await server.admin('PATCH', '/tenants/dev-firm', { fullCloud: 'yes' });
    expect(bad.status).toBe(400);
    const unknown = await server.admin('PATCH', '/tenants/nobody', { fullCloud: false });
    expect(unknown.status).toBe(404);
    const ok = await server.admin('PATCH', '/tenants/limited-firm', { auditFeature: true });
    expect(ok).toMatchObject({ status: 200, body: { tenant: { id: 'limited-firm', auditFeature: true } } });
    await server.admin('PATCH', '/tenants/limited-firm', { auditFeature: false });
  });

  it('adds a tenant whose token then works, and refuses a duplicate', async () => {
    const tenant = { id: 'extra-firm', name: 'Extra Firm', token: 'extra-token-123' };
    expect((await server.admin('POST', '/tenants', tenant)).status).toBe(201);
    expect((await server.admin('POST', '/tenants', tenant)).status).toBe(409);
    expect((await server.gql(typenameQuery, {}, { token: 'extra-token-123' })).status).toBe(200);
  });

  it('resets a tenant and rejects bad regions', async () => {
    expect((await server.admin('POST', '/tenants/dev-firm/reset', { regions: ['mars'] })).status).toBe(400);
    const res = await server.admin('POST', '/tenants/dev-firm/reset', { regions: ['eu'] });
    expect(res).toEqual({ status: 200, body: { tenant: 'dev-firm', regions: ['eu'], reset: true } });
  });
});

describe('limits (A-59): refused with LIMIT_EXCEEDED before anything runs', () => {
  const codes = (res: { errors?: Array<{ extensions?: Record<string, unknown> }> }) =>
    (res.errors ?? []).map((e) => [e.extensions?.['code'], e.extensions?.['limit']]);

  it('refuses a document nested deeper than the maximum, even a mutation, without running it', async () => {
    const deep = `mutation { addPerson(input: { firstName: "Too", lastName: "Deep" }) {
      item { currentEmployer { lists { models { contacts { models { displayName } } } } } } } }`;
    const res = await server.gql(deep);
    expect(res.data).toBeUndefined();
    expect(codes(res)).toContainEqual(['LIMIT_EXCEEDED', 'depth']);
    const search = await server.gql<{ searchFirmContacts: { totalModels: number } }>(
      '{ searchFirmContacts(filter: [{ field: lastName, value: "Deep" }]) { totalModels } }',
    );
    expect(search.data?.searchFirmContacts.totalModels).toBe(0);
  });

  it('refuses inline fragments nested thousands deep with a clear error, every time (not a stack overflow)', async () => {
    const nested = (depth: number) =>
      `{ ${'... on Query { '.repeat(depth)}regionalSettings { locale { code } }${' }'.repeat(depth)} }`;
    // This file's server bounds bodies at 4 KiB; these documents need the default limits (1 MiB).
    const roomy = await startTestServer();
    try {
      await deepFragments(roomy, nested);
    } finally {
      await roomy.close();
    }
  });

  async function deepFragments(server: TestServer, nested: (depth: number) => string): Promise<void> {
    const refused = await server.gql(nested(1000));
    expect(refused.data).toBeUndefined();
    expect(codes(refused)).toEqual([['LIMIT_EXCEEDED', 'depth']]);
    expect(refused.errors?.[0]?.message).toMatch(/nests selection sets more than 200 levels deep/);
    // Thousands of levels may already overflow the parser (its own clear error) or else meet the bound.
    for (let i = 0; i < 3; i += 1) {
      const res = await server.gql(nested(5000));
      expect(res.data).toBeUndefined();
      expect(codes(res)).toEqual([['LIMIT_EXCEEDED', 'depth']]);
    }
    // Nesting inline fragments is legal GraphQL: within maxDepth (15, which counts them) they answer.
    const fine = await server.gql<{ regionalSettings: { locale: { code: string } } }>(nested(5));
    expect(fine.errors).toBeUndefined();
    expect(fine.data?.regionalSettings.locale.code).toBe('en-US');
  }

  it('refuses pages that could answer too many fields as a request error: 400 under graphql-response+json (A-521, A-564)', async () => {
    const ask = async (accept: string) => {
      const res = await fetch(`${server.url}/us/1.4.0/public-api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept, authorization: 'Bearer dev-token' },
        body: JSON.stringify({
          query: 'query Page($limit: Int) { firmContactEventViews(limit: $limit) { totalModels } }',
          variables: { limit: 1_000_000 },
        }),
      });
      const body = (await res.json()) as {
        data?: unknown;
        errors?: Array<{ extensions?: Record<string, unknown> }>;
      };
      return { status: res.status, body };
    };
    const typed = await ask('application/graphql-response+json');
    expect(typed.status).toBe(400);
    expect('data' in typed.body).toBe(false);
    expect(codes(typed.body)).toEqual([['LIMIT_EXCEEDED', 'responseFields']]);
    const plain = await ask('application/json');
    expect(plain.status).toBe(200);
    expect(codes(plain.body)).toEqual([['LIMIT_EXCEEDED', 'responseFields']]);
  });

  it('refuses too many aliases and too costly documents', async () => {
    const aliases = await server.gql(
      '{ a: firm { settings { titles } } b: firm { settings { titles } } c: firm { settings { titles } } d: firm { settings { titles } } }',
    );
    expect(codes(aliases)).toEqual([['LIMIT_EXCEEDED', 'aliases']]);
    // Cost 85 (leaf 1, field with a selection 2, depth factor 1.5) against a maximum of 80.
    const costly = await server.gql(
      '{ searchFirmContacts(limit: 5) { models { id displayName tags addresses { id street city country postalCode } emailAddresses { id address } phoneNumbers { id number } } } }',
    );
    expect(codes(costly)).toContainEqual(['LIMIT_EXCEEDED', 'complexity']);
  });

  it('refuses a page larger than the maximum, in arguments and in inputs', async () => {
    const page = await server.gql('{ activities(limit: 501) { totalModels } }');
    expect(codes(page)).toEqual([['LIMIT_EXCEEDED', 'pageSize']]);
    expect((await server.gql('{ activities(limit: 500) { totalModels } }')).errors).toBeUndefined();
    const input = await server.gql(
      '{ targetPersonConnections(input: { targetPersonId: "x", fetchControl: All, limit: 501 }) { totalModels } }',
    );
    expect(codes(input)).toEqual([['LIMIT_EXCEEDED', 'pageSize']]);
  });

  it("gives a repeated document the same answer: refused again, and the page size checked with each call's variables", async () => {
    const aliases =
      '{ a: firm { settings { titles } } b: firm { settings { titles } } c: firm { settings { titles } } d: firm { settings { titles } } }';
    const first = await server.gql(aliases);
    const again = await server.gql(aliases);
    expect(codes(again)).toEqual([['LIMIT_EXCEEDED', 'aliases']]);
    expect(again.errors).toEqual(first.errors);
    // The same text validated once with a small page; the limit comes from the variables of each call.
    const paged = 'query Page($limit: Int) { activities(limit: $limit) { totalModels } }';
    expect((await server.gql(paged, { limit: 5 })).errors).toBeUndefined();
    expect(codes(await server.gql(paged, { limit: 501 }))).toEqual([['LIMIT_EXCEEDED', 'pageSize']]);
    expect((await server.gql(paged, { limit: 500 })).errors).toBeUndefined();
  });

  it('validates a document cached for one revision afresh for the other', async () => {
    const query = '{ currencies }';
    expect((await server.gql(query, {}, { version: '1.4.0' })).errors).toBeUndefined();
    const old = await server.gql(query, {}, { version: '1.2.0' });
    expect(old.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('still accepts documents within every limit', async () => {
    const ok = await server.gql(
      '{ a: firm { settings { titles } } b: regionalSettings { locale { code } } }',
    );
    expect(ok.errors).toBeUndefined();
  });
});

describe('introspection', () => {
  it('answers the standard introspection query despite the depth limit', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const res = await server.gql<{ __schema: { queryType: { name: string } } }>(getIntrospectionQuery());
    expect(res.errors).toBeUndefined();
    expect(res.data?.__schema.queryType.name).toBe('Query');
  });
});
