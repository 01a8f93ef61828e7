// A mock that agrees with itself (A-268), for both contracts: an object read by id has that id and the
// same fields in every request; every paged type's `models` agrees with `totalModels`, `skip` and `limit`
// (and item i is the same on every page); display names are composed from first and last names; an
// overrides file changes answers, and is read again on reload.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { loadRevisionSdl } from '../../src/contract/generate.js';
import { isPagedType } from '../../src/mock/consistent.js';
import { startMockServer, type RunningMock } from '../../src/mock/server.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ID = '7d4c1a2b-0e9f-4c3d-8b5a-112233445566';

function sample(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [sample(nullable.ofType)];
  if (isEnumType(nullable)) return nullable.getValues()[0]?.value;
  if (isInputObjectType(nullable))
    return Object.fromEntries(
      Object.values(nullable.getFields())
        .filter((f) => isNonNullType(f.type) && f.defaultValue === undefined)
        .map((f) => [f.name, sample(f.type)]),
    );
  const samples: Record<string, unknown> = { ID, Int: 1, Float: 1.5, Boolean: true, Date: '2025-03-14' };
  return samples[nullable.name] ?? (nullable.name === 'DateTime' ? '2025-03-14T09:30:00Z' : 'sample');
}

/** A value as a GraphQL literal of its input type (enum values bare). */
function literal(value: unknown, type: GraphQLInputType): string {
  const nullable = getNullableType(type);
  if (isListType(nullable))
    return `[${(Array.isArray(value) ? value : [value]).map((v) => literal(v, nullable.ofType)).join(', ')}]`;
  if (isEnumType(nullable)) return String(value);
  if (isInputObjectType(nullable)) {
    const fields = nullable.getFields();
    const entries = Object.entries(value as Json).map(([k, v]) => `${k}: ${literal(v, fields[k]!.type)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** A field's required arguments as literals, plus `extra`. */
function argsOf(field: GraphQLField<unknown, unknown>, extra: Record<string, unknown> = {}): string {
  const given: Record<string, unknown> = {};
  for (const a of field.args)
    if (isNonNullType(a.type) && a.defaultValue === undefined) given[a.name] = sample(a.type);
  Object.assign(given, extra);
  const parts = Object.entries(given).map(
    ([k, v]) => `${k}: ${literal(v, field.args.find((a) => a.name === k)!.type)}`,
  );
  return parts.length > 0 ? `(${parts.join(', ')})` : '';
}

/** Leaf fields without required arguments. */
function leaves(type: GraphQLNamedType, schema: GraphQLSchema): string {
  if (isLeafType(type)) return '';
  const possible = isObjectType(type) ? [type] : schema.getPossibleTypes(type as never);
  return `{ __typename ${possible
    .map((t) => {
      const names = Object.values(t.getFields())
        .filter((f) => isLeafType(getNamedType(f.type)) && f.args.every((a) => !isNonNullType(a.type)))
        .map((f) => f.name)
        .join(' ');
      return `... on ${t.name} { ${names} }`;
    })
    .join(' ')} }`;
}

/** A query path (selection text around a hole) from Query to an object of `target`, breadth first. */
function pathTo(schema: GraphQLSchema, target: GraphQLObjectType): ((inner: string) => string) | undefined {
  const query = schema.getQueryType()!;
  if (target === query) return (inner) => inner;
  const seen = new Set<string>([query.name]);
  let frontier: { type: GraphQLObjectType; wrap: (inner: string) => string }[] = [
    { type: query, wrap: (i) => i },
  ];
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { type, wrap } of frontier) {
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type);
        const candidates = isObjectType(named)
          ? [named]
          : isLeafType(named)
            ? []
            : schema.getPossibleTypes(named as never);
        for (let via of candidates) {
          let hop = (inner: string) => `${field.name}${argsOf(field)} { ${inner} }`;
          if (!isObjectType(getNamedType(field.type))) {
            const c = via;
            const h = hop;
            hop = (inner) => h(`... on ${c.name} { ${inner} }`);
          }
          if (isPagedType(via)) {
            const models = getNamedType(via.getFields()['models']!.type);
            if (!isObjectType(models)) continue;
            const h = hop;
            hop = (inner) => h(`models { ${inner} }`);
            via = models;
          }
          if (seen.has(via.name)) continue;
          seen.add(via.name);
          const wrapped = (inner: string) => wrap(hop(inner));
          if (via === target) return wrapped;
          next.push({ type: via, wrap: wrapped });
        }
      }
    }
    frontier = next;
  }
  return undefined;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm-mock-consistent-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function post(mock: RunningMock, query: string, variables: Json = {}) {
  const res = await fetch(`${mock.url}/public-api/graphql`, {
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: Json; errors?: { message: string }[] };
}

describe.each(['1.4.0', '1.2.0'] as const)('the mock of the %s contract agrees with itself', (version) => {
  const sdl = loadRevisionSdl(version);
  const schema = buildSchema(sdl);
  let mock: RunningMock;

  beforeAll(async () => {
    const file = join(dir, `contract-${version}.graphql`);
    await writeFile(file, sdl);
    mock = await startMockServer({ schemaFile: file, port: 0, seed: 11, log: () => {} });
  });
  afterAll(() => mock.close());

  const pagedTypes = Object.values(schema.getTypeMap()).filter(
    (t): t is GraphQLObjectType => !t.name.startsWith('__') && isPagedType(t),
  );

  it('has paged types', () => {
    expect(pagedTypes.length).toBeGreaterThan(10);
  });

  it.each(pagedTypes.map((t) => [t.name, t] as const))(
    '%s: models agree with totalModels, skip and limit',
    async (_, paged) => {
      // A field of some reachable type that returns this page, with skip/limit when it takes them.
      const owners = Object.values(schema.getTypeMap()).filter(
        (t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'),
      );
      let found: { wrap: (inner: string) => string; field: GraphQLField<unknown, unknown> } | undefined;
      for (const owner of owners) {
        const field = Object.values(owner.getFields()).find((f) => getNamedType(f.type) === paged);
        const wrap = field && pathTo(schema, owner);
        if (field && wrap) {
          found = { wrap, field };
          break;
        }
      }
      expect(found).toBeDefined();
      const { wrap, field } = found!;
      const takes = (name: string) => field.args.some((a) => a.name === name);
      const echo = ['skip', 'limit'].filter((n) => paged.getFields()[n]).join(' ');
      const itemLeaves = leaves(getNamedType(paged.getFields()['models']!.type), schema);
      const page = (skip: number, limit: number) =>
        `${field.name}${argsOf(field, { ...(takes('skip') ? { skip } : {}), ...(takes('limit') ? { limit } : {}) })} { totalModels ${echo} models ${itemLeaves} }`;
      const all = await post(mock, `{ ${wrap(`p: ${page(0, 100)}`)} }`);
      expect(all.errors).toBeUndefined();
      // Every page object in the answer (one per object on the path).
      const pages: Json[] = [];
      JSON.stringify(all.data, (key, value: unknown) => {
        if (key === 'p' && value) pages.push(value as Json);
        return value;
      });
      expect(pages.length).toBeGreaterThan(0);
      for (const p of pages) {
        expect(p.models.length).toBe(Math.min(100, p.totalModels));
        if (echo.includes('skip')) expect(p.skip).toBe(0);
        if (echo.includes('limit')) expect(p.limit).toBe(takes('limit') ? 100 : p.limit);
      }
      if (takes('skip') && takes('limit')) {
        const second = await post(mock, `{ ${wrap(`p: ${page(1, 2)}`)} }`);
        const seconds: Json[] = [];
        JSON.stringify(second.data, (key, value: unknown) => {
          if (key === 'p' && value) seconds.push(value as Json);
          return value;
        });
        seconds.forEach((p, i) => {
          const whole = pages[i]!;
          expect(p.totalModels).toBe(whole.totalModels);
          expect(p.models.length).toBe(Math.max(0, Math.min(2, whole.totalModels - 1)));
          expect(p.models).toEqual(whole.models.slice(1, 3));
          if (echo.includes('skip')) expect(p.skip).toBe(1);
          if (echo.includes('limit')) expect(p.limit).toBe(2);
        });
      }
    },
  );

  const byId = Object.values(schema.getQueryType()!.getFields()).filter(
    (f) => f.args.some((a) => a.name === 'id') && !isLeafType(getNamedType(f.type)),
  );

  it.each(byId.map((f) => [f.name, f] as const))(
    '%s(id): the id asked for, the same object on every read',
    async (_, field) => {
      const selection = leaves(getNamedType(field.type), schema);
      const one = await post(mock, `{ a: ${field.name}${argsOf(field, { id: ID })} ${selection} }`);
      expect(one.errors).toBeUndefined();
      if ('id' in (one.data!.a as Json)) expect(one.data!.a.id).toBe(ID);
      const other = await post(
        mock,
        `{ __typename b: ${field.name}${argsOf(field, { id: ID })} ${selection} }`,
      );
      expect(other.data!.b).toEqual(one.data!.a);
    },
  );

  it('composes display and full names from first and last names, wherever the person is read', async () => {
    const one = await post(mock, `{ person(id: "${ID}") { id firstName lastName displayName fullName } }`);
    const { firstName, lastName, displayName, fullName } = one.data!.person as Json;
    expect(displayName).toBe(`${firstName} ${lastName}`);
    expect(fullName).toBe(`${firstName} ${lastName}`);
    const list = await post(mock, `{ people(ids: ["${ID}", "other-id"]) { id displayName } }`);
    expect(list.data!.people).toEqual([
      { id: ID, displayName },
      { id: 'other-id', displayName: expect.any(String) },
    ]);
  });
});

describe('overrides', () => {
  it('serves values per type and field and whole answers per operation, and reads the file again on reload', async () => {
    const sdlFile = join(dir, 'overrides.graphql');
    await writeFile(sdlFile, loadRevisionSdl('1.4.0'));
    const overridesFile = join(dir, 'overrides.yaml');
    await writeFile(
      overridesFile,
      [
        'types:',
        '  Person: { firstName: Ada, lastName: Lovelace }',
        '  ActivityViewResults: { totalModels: 3 }',
        'operations:',
        '  - operationName: Canned',
        '    variables: { id: x }',
        '    data: { person: { id: x, firstName: Grace } }',
      ].join('\n'),
    );
    const mock = await startMockServer({ schemaFile: sdlFile, overridesFile, port: 0, log: () => {} });
    try {
      const person = await post(mock, `{ person(id: "${ID}") { firstName displayName } }`);
      expect(person.data!.person).toEqual({ firstName: 'Ada', displayName: 'Ada Lovelace' });
      const page = await post(mock, '{ activities(limit: 2) { totalModels models { id } } }');
      expect(page.data!.activities.totalModels).toBe(3);
      expect(page.data!.activities.models).toHaveLength(2);
      const canned = await post(mock, 'query Canned($id: ID!) { person(id: $id) { id firstName } }', {
        id: 'x',
      });
      expect(canned.data).toEqual({ person: { id: 'x', firstName: 'Grace' } });
      const otherVars = await post(mock, 'query Canned($id: ID!) { person(id: $id) { id firstName } }', {
        id: 'y',
      });
      expect(otherVars.data!.person).toEqual({ id: 'y', firstName: 'Ada' });

      await writeFile(overridesFile, 'types:\n  Person: { firstName: Hedy }\n');
      expect(mock.reload()).toBeUndefined();
      expect((await post(mock, `{ person(id: "${ID}") { firstName } }`)).data!.person.firstName).toBe('Hedy');
      // A broken file keeps the previous overrides.
      await writeFile(overridesFile, 'types:\n  NoSuchType: { a: 1 }\n');
      expect(mock.reload()?.message).toContain('no object type NoSuchType');
      expect((await post(mock, `{ person(id: "${ID}") { firstName } }`)).data!.person.firstName).toBe('Hedy');
    } finally {
      await mock.close();
    }
  });

  it('refuses a file that does not fit the schema', async () => {
    const sdlFile = join(dir, 'bad.graphql');
    await writeFile(sdlFile, loadRevisionSdl('1.4.0'));
    const overridesFile = join(dir, 'bad.json');
    await writeFile(
      overridesFile,
      JSON.stringify({ types: { Person: { employer: 'x', currentEmployer: 'y' } } }),
    );
    await expect(
      startMockServer({ schemaFile: sdlFile, overridesFile, port: 0, log: () => {} }),
    ).rejects.toThrow(/Person has no field employer/);
  });
});
