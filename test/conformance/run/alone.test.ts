import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, print } from 'graphql';
import { JoinLedger } from '../../../src/conformance/joins/ledger.js';
import { aloneQueries, aloneRequest } from '../../../src/conformance/run/alone.js';
import { runStep } from '../../../src/conformance/run/step.js';
import { TwinPlanner } from '../../../src/conformance/run/twins.js';
import type { Step } from '../../../src/conformance/scenario/types.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import {
  emptyContext,
  startFakeServer,
  UNIT_HTTP,
  unitScenario,
  unitTarget,
  type FakeServer,
} from '../helpers/step.js';

const normal = (document: string) => print(parse(document));

describe('aloneQueries', () => {
  it('splits aliased and neighbouring roots, each with only the variables and fragments it uses', () => {
    const document = `
      query Two($a: ID!, $b: ID!, $limit: Int) {
        first: company(id: $a) { ...C }
        people(ids: [$b]) { id }
        lists(limit: $limit) { totalModels }
      }
      fragment C on Company { id name ...N }
      fragment N on Company { website }
      fragment Unused on Person { id }`;
    const alone = aloneQueries(document);
    expect(alone.map((a) => [a.key, a.name, [...a.variables].sort()])).toEqual([
      ['first', 'company', ['a']],
      ['people', 'people', ['b']],
      ['lists', 'lists', ['limit']],
    ]);
    expect(alone[0]!.document).toBe(
      normal(`query Two($a: ID!) { company(id: $a) { ...C } }
        fragment C on Company { id name ...N }
        fragment N on Company { website }`),
    );
    expect(alone[2]!.document).toBe(
      normal('query Two($limit: Int) { lists(limit: $limit) { totalModels } }'),
    );
  });

  it('splits one aliased root, and two asks of one field under their own name each', () => {
    expect(aloneQueries('{ mine: lists { totalModels } }').map((a) => a.document)).toEqual([
      normal('{ lists { totalModels } }'),
    ]);
    expect(
      aloneQueries('{ a: country(id: "1") { id } b: country(id: "2") { id } }').map((a) => a.document),
    ).toEqual([normal('{ country(id: "1") { id } }'), normal('{ country(id: "2") { id } }')]);
  });

  it('leaves alone what a split could change or must not repeat', () => {
    expect(aloneQueries('{ lists { totalModels } }')).toEqual([]);
    expect(aloneQueries('mutation { a: removeList(id: "1") { isSuccessful } }')).toEqual([]);
    expect(aloneQueries('{ a: lists { totalModels } __typename }')).toEqual([]);
    expect(aloneQueries('{ a: lists @include(if: true) { totalModels } b: firm { name } }')).toEqual([]);
    expect(aloneQueries('{ ... on Query { lists { totalModels } } firm { name } }')).toEqual([]);
    expect(aloneQueries('{ a: lists { ')).toEqual([]);
  });

  it('builds the request with only the variables the field uses, marked as a twin', () => {
    const [, people] = aloneQueries(
      'query Q($a: ID!, $b: ID!) { x: company(id: $a) { id } people(ids: [$b]) { id } }',
    );
    const request = aloneRequest(
      {
        url: 'http://127.0.0.1/graphql',
        headers: { authorization: 'Bearer t' },
        body: { query: 'ignored', variables: { a: '1', b: '2' }, operationName: 'Q' },
      },
      people!,
    );
    expect(request.body).toEqual({ query: people!.document, variables: { b: '2' }, operationName: 'Q' });
    expect(request.headers).toEqual({ authorization: 'Bearer t', 'x-rm-harness-twin': 'alone' });
  });
});

describe('runStep with alone twins', () => {
  const schema = buildRevisionSchema('1.4.0');
  const scenario = unitScenario('alone.unit');
  const step: Step = {
    id: 'read',
    document: '{ mine: activityTypes(limit: 3) { totalModels models { id name } } currencies }',
  };
  let sim: TestServer;
  let keyed: FakeServer;
  let keyedUrl = '';
  const asked: string[] = [];
  beforeAll(async () => {
    sim = await startTestServer();
    // A service whose answer to activityTypes depends on the key it is asked under: unaliased, the
    // types come in reverse order.
    keyed = await startFakeServer((text, authorization) => {
      if (authorization !== 'Bearer dev-token') return { status: 401, json: { errors: [{ message: 'no' }] } };
      const { query } = JSON.parse(text) as { query: string };
      asked.push(print(parse(query)));
      const types = [
        { id: 't1', name: 'Call' },
        { id: 't2', name: 'Email' },
        { id: 't3', name: 'Meeting' },
      ];
      // Skip and limit written in the document are kept to (the shorter-page twins write them there).
      const skip = Number(/skip: (\d+)/.exec(query)?.[1] ?? 0);
      const limit = Number(/limit: (\d+)/.exec(query)?.[1] ?? 100);
      const page = (models: typeof types) => ({ totalModels: 3, models: models.slice(skip, skip + limit) });
      const data = query.includes('mine:')
        ? { mine: page(types), currencies: ['EUR'] }
        : query.includes('activityTypes')
          ? { activityTypes: page([...types].reverse()) }
          : { currencies: ['EUR'] };
      return { json: { data } };
    });
    keyedUrl = keyed.url;
  });
  afterAll(async () => {
    await keyed.close();
    await sim.close();
  });
  const send = (url: string, planner = new TwinPlanner([])) =>
    runStep(
      scenario,
      step,
      '1.4.0',
      { target: unitTarget(url), http: UNIT_HTTP, twins: planner, joins: new JoinLedger() },
      schema,
      emptyContext(),
    );

  it('asks nothing alone when twins are off, and finds nothing on the simulator when they are on', async () => {
    asked.length = 0;
    expect((await send(keyedUrl)).differences).toEqual([]);
    expect(asked).toHaveLength(1);
    const result = await send(`${sim.url}/us/1.4.0/public-api/graphql`, new TwinPlanner(['json-charset']));
    expect(result.differences).toEqual([]);
    expect(result.twins).toBeUndefined();
  });

  it('asks each root alone and holds the answer to the first one and to the page rules (A-602)', async () => {
    asked.length = 0;
    const result = await send(keyedUrl, new TwinPlanner(['json-charset']));
    expect(asked).toContain(normal('{ activityTypes(limit: 3) { totalModels models { id name } } }'));
    expect(asked).toContain(normal('{ currencies }'));
    expect(result.status).toBe('failed');
    expect(result.differences.map((d) => [d.expectationId, d.path])).toEqual([
      ['page-order', 'data.activityTypes.models[1].name'],
    ]);
    expect(result.differences[0]?.message).toMatch(/alone and without its alias/);
    // The twin that gave the difference is kept, masked, for the report; the clean one is not.
    expect(result.twins).toHaveLength(1);
    const [twin] = result.twins ?? [];
    expect(twin?.way).toBe('alone');
    expect(normal(twin?.request.body.query ?? '')).toBe(
      normal('{ activityTypes(limit: 3) { totalModels models { id name } } }'),
    );
    expect(twin?.request.headers.authorization).not.toContain('dev-token');
    expect(twin?.response?.status).toBe(200);
    expect(twin?.response?.body).toEqual({
      data: {
        activityTypes: {
          totalModels: 3,
          models: [
            { id: 't3', name: 'Meeting' },
            { id: 't2', name: 'Email' },
            { id: 't1', name: 'Call' },
          ],
        },
      },
    });
  });
});
