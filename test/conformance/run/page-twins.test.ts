import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, print } from 'graphql';
import { JoinLedger } from '../../../src/conformance/joins/ledger.js';
import { judgeShorter, shorterQuery } from '../../../src/conformance/run/page-twins.js';
import { runStep } from '../../../src/conformance/run/step.js';
import { TwinPlanner } from '../../../src/conformance/run/twins.js';
import type { GraphQLRequest } from '../../../src/conformance/target/http-client.js';
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

const schema = buildRevisionSchema('1.4.0');
const normal = (document: string) => print(parse(document));
const request = (query: string, variables?: Record<string, unknown>): GraphQLRequest => ({
  url: 'http://127.0.0.1/graphql',
  headers: { authorization: 'Bearer t' },
  body: { query, ...(variables ? { variables } : {}) },
});
const page = (ids: string[], total = ids.length) => ({
  totalModels: total,
  models: ids.map((id) => ({ id })),
});

describe('shorterQuery', () => {
  it('limits each root page of two items or more to one less, dropping the variable it leaves unused', () => {
    const shorter = shorterQuery(
      schema,
      request(
        'query L($limit: Int, $skip: Int) { a: lists(limit: $limit, skip: $skip) { totalModels models { id } } b: lists(limit: $limit) { totalModels models { id } } one: activityTypes { totalModels models { id } } }',
        { limit: 3, skip: 1 },
      ),
      { a: page(['l2', 'l3', 'l4'], 9), b: page(['l1', 'l2', 'l3'], 9), one: page(['t1']) },
    );
    expect(shorter?.pages.map((p) => [p.key, p.limit])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    expect(normal(shorter?.request.body.query ?? '')).toBe(
      normal(
        'query L($skip: Int) { a: lists(skip: $skip, limit: 2) { totalModels models { id } } b: lists(limit: 2) { totalModels models { id } } one: activityTypes { totalModels models { id } } }',
      ),
    );
    expect(shorter?.request.body.variables).toEqual({ skip: 1 });
    expect(shorter?.request.headers['x-rm-harness-twin']).toBe('shorter');
  });

  it('asks one item further on from the skip a variable gave, or the default one', () => {
    const later = shorterQuery(
      schema,
      request('query L($skip: Int) { a: lists(skip: $skip) { models { id } } b: lists { models { id } } }', {
        skip: 4,
      }),
      { a: page(['l5', 'l6', 'l7'], 9), b: page(['l1', 'l2'], 9) },
      1,
    );
    expect(later?.pages.map((p) => [p.key, p.skip, p.limit])).toEqual([
      ['a', 5, 2],
      ['b', 1, 1],
    ]);
    expect(normal(later?.request.body.query ?? '')).toBe(
      normal(
        'query L { a: lists(skip: 5, limit: 2) { models { id } } b: lists(skip: 1, limit: 1) { models { id } } }',
      ),
    );
    expect(later?.request.body.variables).toEqual({});
    expect(later?.request.headers['x-rm-harness-twin']).toBe('later');
    expect(judgeShorter(later!, { a: page(['l6', 'l7'], 9), b: page(['l2'], 9) })).toEqual([]);
    expect(judgeShorter(later!, { a: page(['l5', 'l6'], 9), b: page(['l2'], 9) }).map((f) => f.path)).toEqual(
      ['data.a.models[0]'],
    );
  });

  it('leaves alone pages of one item, writes and roots that are not plain fields', () => {
    expect(
      shorterQuery(schema, request('{ lists { totalModels models { id } } }'), { lists: page(['l1']) }),
    ).toBeUndefined();
    expect(
      shorterQuery(schema, request('mutation { removeList(id: "1") { isSuccessful } }'), { removeList: {} }),
    ).toBeUndefined();
    expect(
      shorterQuery(schema, request('{ ... on Query { lists { models { id } } } }'), {
        lists: page(['a', 'b']),
      }),
    ).toBeUndefined();
  });

  it('judges a shorter page by its total and the first items in their order', () => {
    const shorter = shorterQuery(schema, request('{ lists { totalModels models { id } } }'), {
      lists: page(['a', 'b', 'c'], 5),
    })!;
    expect(judgeShorter(shorter, { lists: page(['a', 'b'], 5) })).toEqual([]);
    expect(judgeShorter(shorter, { lists: page(['b', 'a'], 5) }).map((f) => f.path)).toEqual([
      'data.lists.models[0]',
    ]);
    expect(judgeShorter(shorter, { lists: page(['a', 'b'], 2) }).map((f) => f.path)).toEqual([
      'data.lists.totalModels',
    ]);
    expect(judgeShorter(shorter, { lists: page(['a'], 5) }).map((f) => f.path)).toEqual([
      'data.lists.models[1]',
    ]);
  });
});

describe('runStep with shorter pages', () => {
  const scenario = unitScenario('shorter.unit');
  let sim: TestServer;
  let late: FakeServer;
  let lateUrl = '';
  beforeAll(async () => {
    sim = await startTestServer();
    // A service that takes the page from the unsorted rows and sorts only the page: each page is in
    // order, but a shorter one is not the start of a longer one.
    const rows = ['Delta', 'Echo', 'Alpha', 'Bravo', 'Charlie'];
    late = await startFakeServer((text) => {
      const { query } = JSON.parse(text) as { query: string };
      const limit = Number(/limit: (\d+)/.exec(query)?.[1] ?? 100);
      const models = rows
        .slice(0, limit)
        .sort()
        .map((name) => ({ id: name.toLowerCase(), name }));
      return { json: { data: { lists: { totalModels: rows.length, models } } } };
    });
    lateUrl = late.url;
  });
  afterAll(async () => {
    await late.close();
    await sim.close();
  });
  const send = (url: string) =>
    runStep(
      scenario,
      { id: 'read', document: '{ lists(limit: 3) { totalModels models { id name } } }' },
      '1.4.0',
      {
        target: unitTarget(url),
        http: UNIT_HTTP,
        twins: new TwinPlanner(['json-charset']),
        joins: new JoinLedger(),
      },
      schema,
      emptyContext(),
    );

  it('finds nothing on the simulator, and catches a service that sorts only the page it took', async () => {
    const clean = await send(`${sim.url}/us/1.4.0/public-api/graphql`);
    expect(clean.differences.filter((d) => d.expectationId === 'shorter-page')).toEqual([]);
    const broken = await send(lateUrl);
    const shorter = broken.differences.filter((d) => d.expectationId === 'shorter-page');
    expect(shorter.map((d) => [d.path, d.severity])).toEqual([['data.lists.models[0]', 'breaking']]);
    expect(shorter[0]?.message).toMatch(/limit 2 \(one less than the 3 items/);
    expect(broken.twins?.map((t) => t.way)).toContain('shorter');
  });
});
