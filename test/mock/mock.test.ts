// `serve --schema FILE.graphql`: the stateless mock of an SDL the simulator does not implement, here the
// 1.4.0 contract plus a new query field, a new type and a new mutation (a "next" revision).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { runCli } from '../../src/cli/run.js';
import { loadRevisionSdl } from '../../src/contract/generate.js';
import { isIsoDate, isIsoDateTimeUtc } from '../../src/contract/scalars.js';
import { loadMockSchema, MockSchemaError, startMockServer, type RunningMock } from '../../src/mock/server.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The changed SDL: 1.4.0 plus a new type, a new query field using it and a new mutation. */
const CHANGED_SDL = [
  loadRevisionSdl('1.4.0'),
  `"""A revision-next type the simulator does not know."""
type MatterInsight {
  id: ID!
  matterId: ID!
  firstName: String!
  lastName: String
  contactEmail: String!
  openedDate: Date!
  updatedAt: DateTime!
  totalMeetings: Int!
  attendeeCount: Int
  city: String
  flagged: Boolean!
  tags: [String!]!
}`,
  `extend type Query {
  "New in next."
  matterInsights(matterId: ID!, since: Date, first: Int = 10): [MatterInsight!]!
}`,
  `extend type Mutation {
  flagMatterInsight(id: ID!, flagged: Boolean!): MatterInsight!
}`,
].join('\n\n');

const schema: GraphQLSchema = buildSchema(CHANGED_SDL);
const dirs: string[] = [];
let schemaFile: string;
let mock: RunningMock;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'rm-mock-'));
  dirs.push(dir);
  schemaFile = join(dir, 'next.graphql');
  await writeFile(schemaFile, CHANGED_SDL);
  mock = await startMockServer({ schemaFile, port: 0, seed: 7, log: () => {} });
});

afterAll(async () => {
  await mock?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

interface Answer {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
  text: string;
}

async function post(
  server: RunningMock,
  query: string,
  variables: Record<string, unknown> = {},
  options: { path?: string; token?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const token = options.token === undefined ? 'dev-token' : options.token;
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  const res = await fetch(server.url + (options.path ?? '/us/next/public-api/graphql'), {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Answer['body'], text };
}

// ---- Programmatic operations: one per root field, a minimal valid selection, variables by type ----

/** The scalar and enum fields of a type that need no arguments, plus `__typename`. */
function leafSelection(type: GraphQLNamedType): string {
  if (isLeafType(type)) return '';
  if (isAbstractType(type)) {
    const parts = schema.getPossibleTypes(type).map((t) => `... on ${t.name} ${leafSelection(t)}`);
    return `{ __typename ${parts.join(' ')} }`;
  }
  const fields = Object.values((type as GraphQLObjectType).getFields()).filter(
    (f) => isLeafType(getNamedType(f.type)) && f.args.every((a) => !isNonNullType(a.type)),
  );
  return `{ __typename ${fields.map((f) => f.name).join(' ')} }`;
}

/** A valid value of an input type (required input fields only). */
function valueOf(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [valueOf(nullable.ofType)];
  if (isEnumType(nullable)) return nullable.getValues()[0]?.name;
  if (isInputObjectType(nullable)) {
    return Object.fromEntries(
      Object.values(nullable.getFields())
        .filter((f) => isNonNullType(f.type) && f.defaultValue === undefined)
        .map((f) => [f.name, valueOf(f.type)]),
    );
  }
  const samples: Record<string, unknown> = {
    ID: '3f1c2a9e-5b7d-4c1e-9a8f-0d2e4b6c8a10',
    Int: 1,
    Float: 1.5,
    Boolean: true,
    Date: '2025-03-14',
    DateTime: '2025-03-14T09:30:00Z',
  };
  return samples[nullable.name] ?? 'sample';
}

interface Operation {
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
  document: string;
  variables: Record<string, unknown>;
}

function operations(): Operation[] {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const;
  return roots.flatMap(([kind, root]) =>
    Object.values(root?.getFields() ?? {}).map((field) => {
      const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
      const declarations = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
      const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
      const document = `${kind} Op${declarations ? `(${declarations})` : ''} { ${field.name}${args ? `(${args})` : ''} ${leafSelection(getNamedType(field.type))} }`;
      return {
        kind,
        field,
        document,
        variables: Object.fromEntries(required.map((a) => [a.name, valueOf(a.type)])),
      };
    }),
  );
}

/** Every problem of a value against its type: GUID ids, emails with @, ISO dates and date-times. */
function problems(value: unknown, type: GraphQLOutputType, name: string, at: string): string[] {
  if (value === null) return isNonNullType(type) ? [`${at} is null`] : [];
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return [`${at} is not a list`];
    const sizeProblem = value.length < 2 || value.length > 3 ? [`${at} has ${value.length} items`] : [];
    return [...sizeProblem, ...value.flatMap((v, i) => problems(v, nullable.ofType, name, `${at}[${i}]`))];
  }
  if (isScalarType(nullable)) {
    const out: string[] = [];
    if (nullable.name === 'Date' && !isIsoDate(value)) out.push(`${at} is not a Date: ${String(value)}`);
    if (nullable.name === 'DateTime' && !isIsoDateTimeUtc(value))
      out.push(`${at} is not a DateTime: ${String(value)}`);
    if ((name === 'id' || /Id$/.test(name)) && typeof value === 'string' && !GUID.test(value))
      out.push(`${at} is not a GUID: ${value}`);
    if (/email/i.test(name) && typeof value === 'string' && !value.includes('@'))
      out.push(`${at} is not an email: ${value}`);
    if (
      (/^total/.test(name) || /Count$/.test(name)) &&
      typeof value === 'number' &&
      (value < 0 || value > 100)
    )
      out.push(`${at} is not a small count: ${value}`);
    return out;
  }
  if (isEnumType(nullable))
    return nullable.getValue(String(value)) ? [] : [`${at} is not a ${nullable.name}`];
  const record = value as Record<string, unknown>;
  const concrete = isAbstractType(nullable) ? schema.getType(String(record['__typename'])) : nullable;
  if (!isObjectType(concrete)) return [`${at} has no concrete __typename`];
  return Object.entries(record).flatMap(([key, v]) =>
    key === '__typename' ? [] : problems(v, concrete.getFields()[key]!.type, key, `${at}.${key}`),
  );
}

describe('serve --schema: a stateless mock of a changed SDL', () => {
  const ops = operations();

  it('builds an operation for every root field, including the new ones', () => {
    expect(ops.length).toBe(
      Object.keys(schema.getQueryType()!.getFields()).length +
        Object.keys(schema.getMutationType()?.getFields() ?? {}).length,
    );
    expect(ops.map((op) => op.field.name)).toEqual(
      expect.arrayContaining(['matterInsights', 'flagMatterInsight']),
    );
  });

  it.each(ops.map((op) => [`${op.kind} ${op.field.name}`, op] as const))(
    'answers %s with data, no errors, and values that look right',
    async (_name, op) => {
      const answer = await post(mock, op.document, op.variables);
      expect({ status: answer.status, errors: answer.body.errors }).toEqual({
        status: 200,
        errors: undefined,
      });
      const value = answer.body.data?.[op.field.name];
      expect(value).toBeDefined();
      // A list read by ids has one object per id asked for (A-268); other lists have 2 or 3 items.
      const ids = op.variables['ids'];
      if (Array.isArray(ids) && Array.isArray(value)) {
        expect((value as { id?: unknown }[]).map((v) => v.id)).toEqual(ids);
        for (const item of value)
          expect(problems(item, getNamedType(op.field.type), op.field.name, op.field.name)).toEqual([]);
      } else expect(problems(value, op.field.type, op.field.name, op.field.name)).toEqual([]);
    },
  );

  it('fills the new type by field name (GUIDs, names, email, dates, small counts, 2–3 items)', async () => {
    const answer = await post(
      mock,
      `query($m: ID!) { matterInsights(matterId: $m) {
        id matterId firstName lastName contactEmail openedDate updatedAt totalMeetings attendeeCount city flagged tags } }`,
      { m: 'abc' },
    );
    expect(answer.body.errors).toBeUndefined();
    const list = answer.body.data?.['matterInsights'] as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(3);
    for (const item of list) {
      expect(item['id']).toMatch(GUID);
      expect(item['matterId']).toMatch(GUID);
      expect(item['contactEmail']).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/i);
      expect(item['openedDate']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(isIsoDateTimeUtc(item['updatedAt'])).toBe(true);
      expect(item['firstName']).toMatch(/^[A-Z][\p{L}' -]+$/u);
      expect(item['totalMeetings']).toEqual(expect.any(Number));
      expect(item['totalMeetings']).toBeGreaterThanOrEqual(0);
      expect(item['totalMeetings']).toBeLessThanOrEqual(20);
      expect(typeof item['flagged']).toBe('boolean');
    }
    // Different items get different ids.
    expect(new Set(list.map((item) => item['id'])).size).toBe(list.length);
  });

  it('is deterministic per seed and request, whatever the request order; another seed answers differently', async () => {
    const query = ops.find((op) => op.field.name === 'matterInsights')!;
    const first = await post(mock, query.document, query.variables);
    await post(mock, ops[0]!.document, ops[0]!.variables);
    const again = await post(mock, query.document, query.variables);
    expect(again.text).toBe(first.text);

    const twin = await startMockServer({ schemaFile, port: 0, seed: 7, log: () => {} });
    const other = await startMockServer({ schemaFile, port: 0, seed: 8, log: () => {} });
    try {
      expect((await post(twin, query.document, query.variables)).text).toBe(first.text);
      const different = await post(other, query.document, query.variables);
      expect(different.body.errors).toBeUndefined();
      expect(different.text).not.toBe(first.text);
    } finally {
      await twin.close();
      await other.close();
    }
  });

  it('keeps nothing a mutation sends (stateless)', async () => {
    const id = '3f1c2a9e-5b7d-4c1e-9a8f-0d2e4b6c8a10';
    const a = await post(
      mock,
      'mutation($id: ID!) { flagMatterInsight(id: $id, flagged: true) { id flagged } }',
      { id },
    );
    expect(a.body.errors).toBeUndefined();
    const b = await post(
      mock,
      'mutation($id: ID!) { flagMatterInsight(id: $id, flagged: true) { id flagged } }',
      { id },
    );
    expect(b.text).toBe(a.text);
  });

  it('serves every region under the schema version and /public-api/graphql', async () => {
    for (const path of [
      '/us/next/public-api/graphql',
      '/eu/next/public-api/graphql',
      '/au/next/public-api/graphql',
      '/public-api/graphql',
    ]) {
      const answer = await post(mock, '{ __typename }', {}, { path });
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 200,
        body: { data: { __typename: 'Query' } },
      });
    }
    const unknown = await post(mock, '{ __typename }', {}, { path: '/us/1.4.0/public-api/graphql' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers 401 with the error envelope without a token or with an unknown one; accepts every default tenant', async () => {
    for (const token of [null, 'not-a-tenant']) {
      const answer = await post(mock, '{ __typename }', {}, { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        errors: [
          {
            message: token === null ? 'Missing bearer token.' : 'Unknown bearer token.',
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ],
      });
    }
    expect((await post(mock, '{ __typename }', {}, { token: 'dev-token-limited' })).status).toBe(200);
  });

  it('reports validation errors of the SDL like the simulator (GRAPHQL_VALIDATION_FAILED)', async () => {
    const answer = await post(mock, '{ matterInsights { nope } }');
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('says on /__admin/health that it is a stateless mock of the file', async () => {
    const res = await fetch(`${mock.url}/__admin/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      simulator: false,
      mock: true,
      stateless: true,
      schema: schemaFile,
    });
  });

  it('serves the explorer to a browser on its endpoints, with the same local assets', async () => {
    const endpoint = `/eu/${mock.version}/public-api/graphql`;
    const res = await fetch(mock.url + endpoint, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`"endpoint":"${endpoint}"`);
    expect(html).toContain('Bearer dev-token');
    const script = /src="(\/__assets\/graphiql@[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(mock.url + script!);
    expect(asset.status).toBe(200);
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(5000);
  });
});

describe('serve --schema: unusable files', () => {
  it('refuses invalid SDL with one line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rm-mock-bad-'));
    dirs.push(dir);
    const bad = join(dir, 'bad.graphql');
    await writeFile(bad, 'type Query {\n  broken: NoSuchType\n}\n');
    expect(() => loadMockSchema(bad)).toThrow(MockSchemaError);
    expect(() => loadMockSchema(bad)).toThrow(/^invalid SDL in .*bad\.graphql: Unknown type "NoSuchType"/);

    const out = { stdout: '', stderr: '' };
    const io = {
      stdout: { write: (s: string) => (out.stdout += s) },
      stderr: { write: (s: string) => (out.stderr += s) },
    };
    const code = await runCli(['serve', '--schema', bad, '--port', '0'], io);
    expect(code).toBe(2);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
    expect(out.stderr).toMatch(/invalid SDL/);
    expect(out.stdout).toBe('');
  });
});
