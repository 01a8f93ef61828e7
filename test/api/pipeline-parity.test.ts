// Issue 34 item 1: the in-process API and HTTP run one request pipeline (parse with its bound, limits,
// validation with codes, execution with the response cap, error shaping and masking), so the same
// document gets the same answer both ways: valid, invalid, unparsable, over every limit, introspection.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getIntrospectionQuery } from 'graphql';
import {
  createSimulator,
  startSimulator,
  type HttpSimulator,
  type InMemorySimulator,
  type Limits,
} from '../../src/index.js';
import { fanOut } from '../reliability/canary.js';

const LIMITS: Partial<Limits> = {
  maxDepth: 6,
  maxAliases: 3,
  maxComplexity: 80,
  maxPageSize: 500,
  maxResponseFields: 2_000,
};

/** Name, document and variables of each request sent both ways. */
type Case = [name: string, query: string, variables?: Record<string, unknown>];
const CASES: Case[] = [
  ['a valid query', '{ regionalSettings { locale { code } } firmSettings { firmName } }'],
  [
    'a named operation with variables',
    'query Page($limit: Int) { activities(limit: $limit) { totalModels } }',
    { limit: 2 },
  ],
  ['an unknown field', '{ regionalSettings { nope } }'],
  ['a syntax error', '{ regionalSettings { locale '],
  [
    'a variable of the wrong type',
    'query Page($limit: Int) { activities(limit: $limit) { totalModels } }',
    { limit: 'x' },
  ],
  ['two operations and no name', 'query A { __typename } query B { __typename }'],
  [
    'too deep',
    '{ searchFirmContacts(limit: 1) { models { lists { models { contacts { models { id } } } } } } }',
  ],
  ['too many aliases', '{ a: __typename b: __typename c: __typename d: __typename }'],
  [
    'too costly',
    '{ searchFirmContacts(limit: 5) { models { id displayName tags addresses { id street city country postalCode } emailAddresses { id address } phoneNumbers { id number } } } }',
  ],
  ['a page too large', '{ activities(limit: 501) { totalModels } }'],
  ['too many tokens', `{ ${'__typename '.repeat(50_001)}}`],
  ['selection sets nested 1,000 deep', `{ ${'... on Query { '.repeat(1000)}__typename${' }'.repeat(1000)} }`],
  ['a fragment fan-out of 30 levels', fanOut(30)],
  ['a response over the cap', '{ __schema { types { name fields { name args { name } } } } }'],
  ['introspection within the limits', '{ __type(name: "Query") { name kind } }'],
  ['the standard introspection query', getIntrospectionQuery()],
];

describe.each(['graphql-js', 'jit'] as const)(
  'one request pipeline in-process and over HTTP (%s)',
  (engine) => {
    let http: HttpSimulator;
    let local: InMemorySimulator;
    beforeAll(async () => {
      http = await startSimulator({ profile: 'small', limits: LIMITS, engine });
      local = createSimulator({ profile: 'small', limits: LIMITS, engine });
    });
    afterAll(async () => {
      await http.stop();
      await local.stop();
    });

    /** The body of the HTTP answer, as the bytes the client reads. */
    async function overHttp(query: string, variables?: Record<string, unknown>): Promise<string> {
      const res = await fetch(http.graphqlUrl(), {
        method: 'POST',
        headers: {
          authorization: 'Bearer dev-token',
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ query, variables }),
      });
      return res.text();
    }

    // A rest parameter: jest takes a function of more parameters than a row has values for one awaiting `done`.
    it.each(CASES)(
      'gives %s the same answer both ways, to the byte',
      async (...[, query, variables]: Case) => {
        const expected = await overHttp(query, variables);
        const actual = JSON.stringify(await local.execute(query, variables ? { variables } : {}));
        expect(actual).toBe(expected);
      },
    );

    it('covers every kind of answer: data, each error code and each limit', async () => {
      const seen = new Set<string>();
      for (const [, query, variables] of CASES) {
        const answer = (await local.execute(query, variables ? { variables } : {})) as {
          data?: unknown;
          errors?: readonly { extensions?: Record<string, unknown> }[];
        };
        if (answer.data) seen.add('data');
        for (const error of answer.errors ?? [])
          seen.add([error.extensions?.['code'], error.extensions?.['limit']].filter(Boolean).join(':'));
      }
      expect([...seen].sort()).toEqual([
        'BAD_USER_INPUT',
        'GRAPHQL_PARSE_FAILED',
        'GRAPHQL_VALIDATION_FAILED',
        'LIMIT_EXCEEDED:aliases',
        'LIMIT_EXCEEDED:complexity',
        'LIMIT_EXCEEDED:depth',
        'LIMIT_EXCEEDED:pageSize',
        'LIMIT_EXCEEDED:responseFields',
        'data',
      ]);
    });
  },
);
