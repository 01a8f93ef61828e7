// Issue 29 item 3, introspection aliases: introspection fields count against the limits like any other,
// and what one response may produce is capped, so aliased or deeply nested introspection can neither
// answer hundreds of megabytes nor keep a cheap request sent meanwhile waiting.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getIntrospectionQuery } from 'graphql';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { raceCanary } from './canary.js';

const SCHEMA_TYPES = '__schema { types { name description fields { name description } } }';

/** `count` aliases of `selection` in one query. */
function aliased(count: number, selection: string): string {
  return `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;
}

/**
 * Types' fields' types' fields, as deep as graphql-js's introspection depth rule allows: about 15,000
 * fields to answer for some 150 bytes of text, within every limit on the document.
 */
const NESTED =
  '__schema { types { name fields { name args { name } type { name fields { name args { name type { name } } type { name kind ofType { name kind } } } } } } }';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ limits: { maxResponseFields: 30_000 } });
});
afterAll(() => server.close());

const codes = (race: Awaited<ReturnType<typeof raceCanary>>) =>
  race.hostile.body.errors?.map((e) => [e.extensions?.['code'], e.extensions?.['limit']]);

describe('introspection aliases (issue 29 item 3)', () => {
  const url = () => `${server.url}/us/1.4.0/public-api/graphql`;

  it('counts aliases of introspection fields: 250 aliases of __schema are refused, and a canary answered', async () => {
    const race = await raceCanary(url(), aliased(250, SCHEMA_TYPES));
    expect(race.canary.body).toEqual({ data: { __typename: 'Query' } });
    expect(race.hostile.body.data).toBeUndefined();
    expect(codes(race)).toEqual([['LIMIT_EXCEEDED', 'aliases']]);
  });

  it('stops an introspection response at the response cap, and answers a canary sent meanwhile first', async () => {
    const race = await raceCanary(url(), aliased(10, NESTED));
    expect(race.events).toEqual(['sent', 'canary', 'hostile']);
    expect(race.canary.body).toEqual({ data: { __typename: 'Query' } });
    expect(race.hostile.body.data).toBeNull();
    expect(codes(race)).toEqual([['LIMIT_EXCEEDED', 'responseFields']]);
    expect(race.hostile.body.errors?.[0]?.extensions?.['maximum']).toBe(30_000);
  });

  it("still answers graphql-js's standard introspection query, with every option GraphiQL may ask for", async () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    });
    const res = await server.gql<{ __schema: { queryType: { name: string } } }>(query);
    expect(res.errors).toBeUndefined();
    expect(res.data?.__schema.queryType.name).toBe('Query');
  });
});
