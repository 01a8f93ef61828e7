// Steps with `region`: sent to another region's endpoint, for checks that regions are isolated.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runConformance } from '../../src/conformance/run/session.js';
import { parseScenario } from '../../src/conformance/scenario/load.js';
import { formatScenarioFileError } from '../../src/conformance/scenario/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { scenarioDir, type ScenarioDir } from './helpers/scenario-dir.js';

const SCENARIO = `id: regions.isolated
title: A list written in one region is not found in another
revisions: [1.4.0]
tags: [mutates]
spec: ['§1.4']
assumptions: []
steps:
  - id: folders
    phase: setup
    document: 'query { folderTypes(listClass: [workingLists]) { models { id } } }'
    capture: { folder: 'data.folderTypes.models[0].id' }
  - id: add
    document: 'mutation Add($input: AddListInput!) { addWorkingList(input: $input) { item { id } } }'
    variables: { input: { name: 'region check \${run.id}', folderTypeId: '\${captures.folder}' } }
    capture: { list: 'data.addWorkingList.item.id' }
  - id: elsewhere
    region: eu
    document: 'query Read($id: ID!) { list(id: $id) { id } }'
    variables: { id: '\${captures.list}' }
    expect: [{ path: data.list, equals: null }]
  - id: here
    document: 'query Read($id: ID!) { list(id: $id) { id } }'
    variables: { id: '\${captures.list}' }
    expect: [{ path: data.list.id, equals: '\${captures.list}' }]
  - id: remove
    phase: teardown
    document: 'mutation Remove($id: ID!) { removeWorkingList(listId: $id) }'
    variables: { id: '\${captures.list}' }
`;

describe('per-step region', () => {
  let sim: TestServer;
  let scenarios: ScenarioDir;
  beforeAll(async () => {
    sim = await startTestServer();
    scenarios = scenarioDir('rm-region-', 'isolated.yaml', SCENARIO);
  });
  afterAll(async () => {
    await sim.close();
    scenarios.remove();
  });

  const run = (target: string, report: string) => runConformance(scenarios.options(target, report));

  it("sends a step with `region` to that region's endpoint, the others to the target's own", async () => {
    const done = await run(`${sim.url}/{region}/{version}/public-api/graphql`, 'with');
    if (!done.ok) throw new Error(done.error.message);
    const scenario = done.done.result.scenarios[0];
    expect(scenario?.status).toBe('passed');
    expect(scenario?.steps.map((s) => new URL(s.request?.url ?? 'http://x/').pathname.split('/')[1])).toEqual(
      ['us', 'us', 'eu', 'us', 'us'],
    );
  });

  it('skips the scenario where the target URL names no {region}', async () => {
    const done = await run(`${sim.url}/us/{version}/public-api/graphql`, 'without');
    if (!done.ok) throw new Error(done.error.message);
    expect(done.done.result.scenarios.map((s) => [s.status, s.note])).toEqual([
      ['skipped', 'the target has no endpoint per region (put {region} in its URL)'],
    ]);
  });

  it('accepts a region name only', () => {
    expect(parseScenario(SCENARIO, 'r.yaml').errors).toEqual([]);
    expect(
      parseScenario(SCENARIO.replace('region: eu', 'region: EU/1'), 'r.yaml').errors.map(
        formatScenarioFileError,
      ),
    ).toEqual(['r.yaml:17: steps[2].region: must match pattern "^[a-z][a-z0-9-]*$"']);
  });
});
