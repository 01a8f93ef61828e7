import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JoinLedger } from '../../../src/conformance/joins/ledger.js';
import { runStep } from '../../../src/conformance/run/step.js';
import { TwinPlanner } from '../../../src/conformance/run/twins.js';
import { casedQuery, widenedQuery } from '../../../src/conformance/run/filter-twins.js';
import type { Step } from '../../../src/conformance/scenario/types.js';
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

const request = (query: string, variables: Record<string, unknown>): GraphQLRequest => ({
  url: 'http://127.0.0.1/graphql',
  headers: { authorization: 'Bearer t' },
  body: { query, variables },
});

describe('widenedQuery', () => {
  it('puts the fresh id first in every non-empty id list of a filter, marked as a twin', () => {
    const widened = widenedQuery(
      schema,
      request(
        'query A($f: ActivityFilterInput, $o: OpportunityFilterInput) { activities(filter: $f) { totalModels } opportunities(filter: $o) { totalModels } }',
        {
          f: { contactIds: ['c1', 'c2'], typeId: [], subject: 'x', originatorIds: null },
          o: { leadIds: ['p1'], statuses: ['Open'] },
        },
      ),
      'fresh',
    );
    expect(widened?.paths).toEqual(['$f.contactIds', '$o.leadIds']);
    expect(widened?.request.body.variables).toEqual({
      // An empty list constrains nothing: it is left as it is, as are enums and texts.
      f: { contactIds: ['fresh', 'c1', 'c2'], typeId: [], subject: 'x', originatorIds: null },
      o: { leadIds: ['fresh', 'p1'], statuses: ['Open'] },
    });
    expect(widened?.request.headers).toEqual({ authorization: 'Bearer t', 'x-rm-harness-twin': 'widened' });
  });

  it('widens the values of a field-and-values filter only for its id options', () => {
    const widened = widenedQuery(
      schema,
      request('query S($f: [ContactFilterInput]) { searchFirmContacts(filter: $f) { totalModels } }', {
        f: [
          { field: 'ids', values: ['a'] },
          { field: 'contactTypeIds', values: ['t'] },
          { field: 'city', value: 'Paris' },
        ],
      }),
      'fresh',
    );
    expect(widened?.paths).toEqual(['$f[0].values', '$f[1].values']);
    expect(widened?.request.body.variables?.f).toEqual([
      { field: 'ids', values: ['fresh', 'a'] },
      { field: 'contactTypeIds', values: ['fresh', 't'] },
      { field: 'city', value: 'Paris' },
    ]);
  });

  it('leaves alone writes, id lists outside filters, literal filters and requests without variables', () => {
    expect(
      widenedQuery(
        schema,
        request('mutation R($id: ID!) { removeActivity(id: $id) { isSuccessful } }', { id: 'a' }),
        'fresh',
      ),
    ).toBeUndefined();
    expect(
      widenedQuery(
        schema,
        request('query P($ids: [ID]) { people(ids: $ids) { id } }', { ids: ['a'] }),
        'fresh',
      ),
    ).toBeUndefined();
    expect(
      widenedQuery(
        schema,
        request('{ activities(filter: { contactIds: ["a"] }) { totalModels } }', {}),
        'fresh',
      ),
    ).toBeUndefined();
    expect(widenedQuery(schema, request('query { broken', { x: ['a'] }), 'fresh')).toBeUndefined();
  });
});

describe('casedQuery', () => {
  it('turns over the case of every text a filter matches, not of kinds, numbers, ids or paging', () => {
    const cased = casedQuery(
      schema,
      request(
        'query S($f: [ContactFilterInput], $a: ActivityFilterInput, $limit: Int) { searchFirmContacts(filter: $f, limit: $limit) { totalModels } activities(filter: $a) { totalModels } }',
        {
          f: [
            { field: 'city', value: 'São Paulo' },
            { field: 'contactEntity', value: 'Person' },
            { field: 'ids', values: ['abc'] },
          ],
          a: { subject: 'Call 2', contactIds: ['x'], date: { from: '2025-01-01' } },
          limit: 5,
        },
      ),
    );
    expect(cased?.paths).toEqual(['$f[0].value', '$a.subject']);
    expect(cased?.request.body.variables).toEqual({
      f: [
        { field: 'city', value: 'sÃO pAULO' },
        { field: 'contactEntity', value: 'Person' },
        { field: 'ids', values: ['abc'] },
      ],
      a: { subject: 'cALL 2', contactIds: ['x'], date: { from: '2025-01-01' } },
      limit: 5,
    });
    expect(cased?.request.headers['x-rm-harness-twin']).toBe('cased');
  });

  it('leaves alone letters whose case does not turn back to them', () => {
    const cased = casedQuery(
      schema,
      request('query A($a: ActivityFilterInput) { activities(filter: $a) { totalModels } }', {
        a: { subject: 'Straße İzmir ıi' },
      }),
    );
    expect(cased?.request.body.variables).toEqual({ a: { subject: 'sTRAßE İZMIR ıI' } });
  });

  it('leaves alone texts without letters and queries without text filters', () => {
    const digits = request('query A($a: ActivityFilterInput) { activities(filter: $a) { totalModels } }', {
      a: { subject: '2025' },
    });
    expect(casedQuery(schema, digits)).toBeUndefined();
    const none = request('query A($a: ActivityFilterInput) { activities(filter: $a) { totalModels } }', {
      a: { contactIds: ['x'] },
    });
    expect(casedQuery(schema, none)).toBeUndefined();
  });
});

describe('runStep with widened twins', () => {
  const scenario = unitScenario('widened.unit');
  const step: Step = {
    id: 'read',
    document:
      'query Find($filter: ActivityFilterInput) { activities(filter: $filter) { totalModels models { id } } }',
    variables: { filter: { contactIds: ['c1'] } },
  };
  let sim: TestServer;
  let firstOnly: FakeServer;
  let firstOnlyUrl = '';
  beforeAll(async () => {
    sim = await startTestServer();
    // A service that reads only the first id of contactIds: the activity of c1 is found only while c1
    // comes first. It also matches a subject case-sensitively: "Call" finds the activity, "cALL" nothing.
    firstOnly = await startFakeServer((text) => {
      const body = JSON.parse(text) as {
        variables?: { filter?: { contactIds?: string[]; subject?: string } };
      };
      const { contactIds, subject } = body.variables?.filter ?? {};
      const found = subject !== undefined ? subject === 'Call' : contactIds?.[0] === 'c1';
      return {
        json: { data: { activities: { totalModels: found ? 1 : 0, models: found ? [{ id: 'a1' }] : [] } } },
      };
    });
    firstOnlyUrl = firstOnly.url;
  });
  afterAll(async () => {
    await firstOnly.close();
    await sim.close();
  });
  const send = (url: string, planner: TwinPlanner) =>
    runStep(
      scenario,
      step,
      '1.4.0',
      { target: unitTarget(url), http: UNIT_HTTP, twins: planner, joins: new JoinLedger() },
      schema,
      emptyContext(),
    );

  it('finds nothing on the simulator, and names the filter a service reading only the first id breaks', async () => {
    const clean = await send(`${sim.url}/us/1.4.0/public-api/graphql`, new TwinPlanner(['json-charset']));
    expect(clean.differences).toEqual([]);
    const broken = await send(firstOnlyUrl, new TwinPlanner(['json-charset']));
    expect(broken.status).toBe('failed');
    const widened = broken.differences.filter((d) => d.expectationId === 'widened');
    expect(widened.map((d) => [d.path, d.severity])).toEqual([['data.activities.models', 'breaking']]);
    expect(widened[0]?.message).toMatch(/\$filter\.contactIds/);
    expect(broken.twins?.map((t) => t.way)).toContain('widened');
  });

  it('names the text filter a service matching case-sensitively breaks', async () => {
    const cased = await runStep(
      scenario,
      {
        id: 'subject',
        document:
          'query Find($filter: ActivityFilterInput) { activities(filter: $filter) { totalModels models { id } } }',
        variables: { filter: { subject: 'Call' } },
      },
      '1.4.0',
      {
        target: unitTarget(firstOnlyUrl),
        http: UNIT_HTTP,
        twins: new TwinPlanner(['json-charset']),
        joins: new JoinLedger(),
      },
      schema,
      emptyContext(),
    );
    expect(
      cased.differences.filter((d) => d.expectationId === 'cased').map((d) => [d.expectationId, d.path]),
    ).toEqual([['cased', 'data.activities.models']]);
    expect(cased.differences.find((d) => d.expectationId === 'cased')?.message).toMatch(
      /letter case .*\$filter\.subject/,
    );
  });

  it('asks no widened twin when twins are off', async () => {
    const broken = await send(firstOnlyUrl, new TwinPlanner([]));
    expect(broken.differences.filter((d) => d.expectationId === 'widened')).toEqual([]);
  });
});
