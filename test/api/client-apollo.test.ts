/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons", "development"]}
 */
// Apollo Client against the simulator over HTTP, as a partner's app runs it while developing: the
// `development` export condition (what a bundler's dev build picks) turns on Apollo's warnings, so a
// missing `possibleTypes` entry shows up as it does for partners ("Cannot match fragment … Data might be lost").
import { readFileSync } from 'node:fs';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApolloClient, gql, HttpLink, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { __DEV__ } from '@apollo/client/utilities/environment';
import { possibleTypes } from '../../src/api/client.js';
import { startSimulator, type HttpSimulator } from '../../src/api/simulator.js';
import { VERSIONS, type Version } from '../../src/contract/versions.js';

interface ContactCore {
  __typename: 'Person' | 'Company';
  id: string;
  displayName: string | null;
  tags: (string | null)[] | null;
  relationshipScore: { __typename: 'Score'; strength: number | null } | null;
}
interface ContactsData {
  searchFirmContacts: { totalModels: number; models: (ContactCore & { firstName?: string })[] };
}
interface TagPersonData {
  updatePublicPerson: {
    validationErrors: { propertyName: string; message: string }[] | null;
    item: ContactCore | null;
  };
}

const documents = gql(readFileSync(new URL('./fixtures/partner-documents.graphql', import.meta.url), 'utf8'));
/** One operation or fragment of the partner documents, with the fragments it spreads. */
function pick<T>(name: string): TypedDocumentNode<T> {
  const wanted = documents.definitions.filter(
    (d) => (d.kind === 'OperationDefinition' && d.name?.value === name) || d.kind === 'FragmentDefinition',
  );
  // The named fragment first: readFragment takes the first fragment of its document.
  wanted.sort(
    (a, b) => Number('name' in b && b.name?.value === name) - Number('name' in a && a.name?.value === name),
  );
  return { ...documents, definitions: wanted };
}
const CONTACTS = pick<ContactsData>('Contacts');
const TAG_PERSON = pick<TagPersonData>('TagPerson');
const CONTACT_CORE = pick<ContactCore>('ContactCore');

describe('Apollo Client InMemoryCache against the simulator', () => {
  let sim: HttpSimulator;
  /** The console methods Apollo reports through, watched (and kept quiet) in every test. */
  let warn: jest.Spied<typeof console.warn>;
  let error: jest.Spied<typeof console.error>;

  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.stop());
  beforeEach(async () => {
    await sim.resetTenant('dev-token');
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    error = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const clients: ApolloClient[] = [];
  afterEach(() => clients.splice(0).forEach((c) => c.stop()));
  const client = (version: Version, cache: InMemoryCache): ApolloClient => {
    const apollo = new ApolloClient({
      link: new HttpLink({
        uri: sim.graphqlUrl('us', version),
        headers: { authorization: `Bearer ${sim.tenants[0]!.token}` },
      }),
      cache,
    });
    clients.push(apollo);
    return apollo;
  };
  /** What the console would have printed, one entry a call (Apollo passes printf-style arguments). */
  const messages = (spy: jest.Spied<typeof console.warn>): string[] =>
    spy.mock.calls.map((call) => format(...call));

  it('runs in development mode, where Apollo prints its warnings', () => {
    expect(__DEV__).toBe(true);
  });

  it.each(VERSIONS)(
    '%s: with the revision possibleTypes, a query, a mutation and cache reads keep every field, without a warning',
    async (version) => {
      const apollo = client(version, new InMemoryCache({ possibleTypes: possibleTypes[version] }));
      const { data } = await apollo.query({ query: CONTACTS, variables: { limit: 5 } });
      const models = data?.searchFirmContacts.models ?? [];
      expect(new Set(models.map((m) => m.__typename))).toEqual(new Set(['Person', 'Company']));
      for (const model of models) {
        expect(model).toHaveProperty('tags');
        expect(model).toHaveProperty('relationshipScore');
      }
      const person = models.find((m) => m.__typename === 'Person')!;

      const tagged = await apollo.mutate({
        mutation: TAG_PERSON,
        variables: { input: { id: person.id, tags: ['Key Client'] } },
      });
      expect(tagged.data?.updatePublicPerson.validationErrors ?? []).toEqual([]);

      // The mutation's Person replaced the tags the query had cached, read back through the interface.
      const id = apollo.cache.identify({ __typename: 'Person', id: person.id });
      expect(apollo.cache.readFragment({ id, fragment: CONTACT_CORE })).toEqual({
        __typename: 'Person',
        id: person.id,
        displayName: person.displayName,
        tags: ['Key Client'],
        relationshipScore: person.relationshipScore,
      });
      const cached = apollo.cache.readQuery({ query: CONTACTS, variables: { limit: 5 } });
      expect(cached?.searchFirmContacts.models.find((m) => m.id === person.id)?.tags).toEqual(['Key Client']);
      expect(cached?.searchFirmContacts.models.length).toBe(models.length);

      expect(messages(warn)).toEqual([]);
      expect(messages(error)).toEqual([]);
    },
  );

  it('without possibleTypes, warns "Data might be lost" and loses the fields of the Contact fragment', async () => {
    const apollo = client('1.4.0', new InMemoryCache());
    const { data } = await apollo.query({ query: CONTACTS, variables: { limit: 5 } });
    const person = data?.searchFirmContacts.models.find((m) => m.__typename === 'Person');
    expect(person).not.toHaveProperty('tags');
    expect(person).not.toHaveProperty('relationshipScore');
    expect(messages(warn)).toContainEqual(
      expect.stringContaining('Cannot match fragment `ContactCore` on `Contact` against `Person`'),
    );
    expect(messages(warn).join('\n')).toContain('Data might be lost');
  });
});
