// Drift: the endpoint's introspected schema against the contract of the revision it serves.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getIntrospectionQuery, graphqlSync, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { checkDrift, hasPath, possibleTypesGaps } from '../../../src/conformance/drift/drift.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';
import { UNIT_HTTP } from '../helpers/step.js';

const v14 = buildRevisionSchema('1.4.0');
const v12 = buildRevisionSchema('1.2.0');

/** An endpoint whose introspection describes `schema`, whatever revision it is asked as. */
async function describing(schema: GraphQLSchema): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const result = graphqlSync({ schema, source: getIntrospectionQuery() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, server };
}

describe('checkDrift', () => {
  let right: { url: string; server: Server };
  let wrong: { url: string; server: Server };
  beforeAll(async () => {
    right = await describing(v12);
    wrong = await describing(v14);
  });
  afterAll(async () => {
    for (const s of [right, wrong]) await new Promise<void>((resolve) => s.server.close(() => resolve()));
  });

  it('finds nothing where the endpoint describes its own revision', async () => {
    const drift = await checkDrift('1.2.0', right.url, {}, v12, UNIT_HTTP, [
      { version: '1.4.0', schema: v14 },
    ]);
    expect(drift).toEqual({ revision: '1.2.0', status: 'checked', changes: [] });
  });

  it("holds an endpoint describing another revision's schema to be breaking, naming that revision (§9.3)", async () => {
    const drift = await checkDrift('1.2.0', wrong.url, {}, v12, UNIT_HTTP, [
      { version: '1.4.0', schema: v14 },
    ]);
    if (drift.status !== 'checked') throw new Error(drift.reason);
    const currencies = drift.changes.find((c) => c.path === 'Query.currencies');
    expect(currencies?.criticality).toBe('BREAKING');
    expect(currencies?.reason).toMatch(/only revision 1\.4\.0 has/);
    // Without the other revision's contract, the same answer reads as harmless additions.
    const alone = await checkDrift('1.2.0', wrong.url, {}, v12, UNIT_HTTP);
    if (alone.status !== 'checked') throw new Error(alone.reason);
    expect(alone.changes.find((c) => c.path === 'Query.currencies')?.criticality).toBe('NON_BREAKING');
  });
});

describe('hasPath', () => {
  it('reads types, fields, arguments and enum values', () => {
    expect(hasPath(v14, 'Query')).toBe(true);
    expect(hasPath(v14, 'Query.currencies')).toBe(true);
    expect(hasPath(v12, 'Query.currencies')).toBe(false);
    expect(hasPath(v14, 'Query.activities.limit')).toBe(true);
    expect(hasPath(v14, 'Query.activities.nope')).toBe(false);
    expect(hasPath(v14, 'SortDirection.Ascending')).toBe(true);
    expect(hasPath(v14, 'SortDirection.Sideways')).toBe(false);
    expect(hasPath(v14, 'NoSuchType')).toBe(false);
  });
});

describe('possibleTypesGaps', () => {
  const introspection = () =>
    graphqlSync({ schema: v14, source: getIntrospectionQuery() }).data as unknown as IntrospectionQuery;
  const contactOf = (data: IntrospectionQuery) => data.__schema.types.find((t) => t.name === 'Contact')!;

  it('finds nothing in an introspection that agrees with itself', () => {
    expect(possibleTypesGaps(introspection())).toEqual([]);
  });

  it('finds an interface whose possibleTypes leave out a type that implements it, and the reverse', () => {
    const data = introspection();
    const contact = contactOf(data) as unknown as { possibleTypes: { kind: string; name: string }[] };
    expect(contact.possibleTypes.map((t) => t.name).sort()).toEqual(['Company', 'Person']);
    contact.possibleTypes = [
      { kind: 'OBJECT', name: 'Company' },
      { kind: 'OBJECT', name: 'List' },
    ];
    expect(possibleTypesGaps(data).map((c) => [c.type, c.criticality, c.path, c.message])).toEqual([
      [
        'POSSIBLE_TYPE_MISSING',
        'BREAKING',
        'Contact',
        "Interface 'Contact' does not list 'Person' among its possibleTypes, though 'Person' implements it",
      ],
      [
        'POSSIBLE_TYPE_NOT_IMPLEMENTING',
        'BREAKING',
        'Contact',
        "Interface 'Contact' lists 'List' among its possibleTypes, but 'List' does not implement it",
      ],
    ]);
  });
});
