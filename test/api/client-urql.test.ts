// urql with Graphcache (its normalized cache) against the simulator over HTTP, set up as the client kits
// page shows: the revision's introspection as `schema` and a `keys` entry for every object type without
// an id. Then a mutation's Person updates what the query cached, without a warning. `possibleTypes` alone
// fixes Graphcache's reads but not its writes: without `schema` it writes every fragment into every
// entity and warns about the fields a Company lacks; with nothing it matches fragments heuristically.
import { readFileSync } from 'node:fs';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Client, fetchExchange, gql, type TypedDocumentNode } from '@urql/core';
import { cacheExchange, type CacheExchangeOpts } from '@urql/exchange-graphcache';
import { introspectionFromSchema, type IntrospectionQuery } from 'graphql';
import { possibleTypes } from '../../src/api/client.js';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { startSimulator, type HttpSimulator } from '../../src/api/simulator.js';
import { VERSIONS, type Version } from '../../src/contract/versions.js';

interface ContactCore {
  id: string;
  tags: (string | null)[] | null;
  relationshipScore: { strength: number | null } | null;
}
interface ContactsData {
  searchFirmContacts: { models: ContactCore[] };
}

const source = readFileSync(new URL('./fixtures/partner-documents.graphql', import.meta.url), 'utf8');
const CONTACTS: TypedDocumentNode<ContactsData, { limit: number }> = gql(
  source.replace(/mutation TagPerson[^]*$/, ''),
);
const TAG_PERSON = gql(source.replace(/query Contacts[^]*?(?=mutation TagPerson)/, ''));

/** Graphcache `keys` that store the object types without an `id` inside their parent (the page's snippet). */
function embeddedKeys(schema: IntrospectionQuery): NonNullable<CacheExchangeOpts['keys']> {
  const roots = new Set(['Query', 'Mutation', 'Subscription']);
  const keyless = schema.__schema.types.filter(
    (t) =>
      t.kind === 'OBJECT' &&
      !roots.has(t.name) &&
      !t.name.startsWith('__') &&
      !t.fields.some((f) => f.name === 'id'),
  );
  return Object.fromEntries(keyless.map((t) => [t.name, () => null]));
}

describe('urql Graphcache against the simulator', () => {
  let sim: HttpSimulator;
  let warn: jest.Spied<typeof console.warn>;

  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.stop());
  beforeEach(async () => {
    await sim.resetTenant('dev-token');
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const client = (version: Version, cache: CacheExchangeOpts): Client =>
    new Client({
      url: sim.graphqlUrl('us', version),
      fetchOptions: { headers: { authorization: `Bearer ${sim.tenants[0]!.token}` } },
      exchanges: [cacheExchange(cache), fetchExchange],
    });
  const warnings = (): string[] => warn.mock.calls.map((call) => format(...call));

  it.each(VERSIONS)(
    '%s: with the revision schema and keys, a mutation updates the cached query, without a warning',
    async (version) => {
      const schema = introspectionFromSchema(buildRevisionSchema(version));
      const urql = client(version, { schema, keys: embeddedKeys(schema) });
      const first = await urql.query(CONTACTS, { limit: 5 }).toPromise();
      expect(first.error).toBeUndefined();
      // Graphcache's results hide __typename (not enumerable): the Person is the model with a firstName.
      const person = first.data!.searchFirmContacts.models.find((m) => 'firstName' in m)!;
      expect(person).toHaveProperty('tags');
      expect(person).toHaveProperty('relationshipScore');

      const tagged = await urql
        .mutation(TAG_PERSON, { input: { id: person.id, tags: ['Key Client'] } })
        .toPromise();
      expect(tagged.error).toBeUndefined();

      const cached = await urql.query(CONTACTS, { limit: 5 }, { requestPolicy: 'cache-only' }).toPromise();
      expect(cached.data?.searchFirmContacts.models.find((m) => m.id === person.id)?.tags).toEqual([
        'Key Client',
      ]);
      expect(warnings()).toEqual([]);
    },
  );

  it('with possibleTypes alone, still writes the Person fragment into a Company and warns', async () => {
    const urql = client('1.4.0', { possibleTypes: possibleTypes['1.4.0'] });
    await urql.query(CONTACTS, { limit: 5 }).toPromise();
    expect(warnings().join('\n')).toMatch(/The field at `firstName` is `undefined`/);
  });

  it('without possibleTypes or schema, matches the Contact fragment heuristically and warns', async () => {
    const urql = client('1.4.0', {});
    await urql.query(CONTACTS, { limit: 5 }).toPromise();
    expect(warnings().join('\n')).toContain('Heuristic Fragment Matching');
  });
});
