// Steps with `revisionPath`: sent to the target's endpoint with another revision in the path.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runConformance } from '../../src/conformance/run/session.js';
import { parseScenario } from '../../src/conformance/scenario/load.js';
import { formatScenarioFileError } from '../../src/conformance/scenario/errors.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { scenarioDir, type ScenarioDir } from './helpers/scenario-dir.js';

const SCENARIO = `id: versions.unknown
title: An unknown revision is not found
revisions: [1.4.0]
tags: []
spec: ['§9']
assumptions: []
steps:
  - id: known
    document: 'query { activityTypes(limit: 1) { totalModels } }'
    expect: [{ httpStatus: 200 }]
  - id: unknown
    revisionPath: 1.3.0
    document: 'query { activityTypes(limit: 1) { totalModels } }'
    expect: [{ httpStatus: 404 }, { error: { code: NOT_FOUND } }]
`;

describe('per-step revision path', () => {
  let sim: TestServer;
  let scenarios: ScenarioDir;
  // A gateway whose one address names no revision: it passes every request to the simulator's 1.4.0.
  let gateway: Server;
  let gatewayUrl = '';
  beforeAll(async () => {
    sim = await startTestServer();
    gateway = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void fetch(`${sim.url}/us/1.4.0/public-api/graphql`, {
          method: req.method,
          headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
          ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
        }).then(async (answer) => {
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          res.end(Buffer.from(await answer.arrayBuffer()));
        });
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const address = gateway.address();
    gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`;
    scenarios = scenarioDir('rm-revision-path-', 'unknown.yaml', SCENARIO);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
    await sim.close();
    scenarios.remove();
  });

  const run = (target: string, report: string) => runConformance(scenarios.options(target, report));

  it('sends the step to the path with its revision replaced, the others to the revision run', async () => {
    const done = await run(`${sim.url}/us/{version}/public-api/graphql`, 'with');
    if (!done.ok) throw new Error(done.error.message);
    const scenario = done.done.result.scenarios[0];
    expect(scenario?.status).toBe('passed');
    expect(scenario?.steps.map((s) => new URL(s.request?.url ?? 'http://x/').pathname.split('/')[2])).toEqual(
      ['1.4.0', '1.3.0'],
    );
  });

  it('skips the scenario where the target URL names no revision', async () => {
    const done = await run(gatewayUrl, 'without');
    if (!done.ok) throw new Error(done.error.message);
    expect(done.done.result.scenarios.map((s) => [s.status, s.note])).toEqual([
      ['skipped', "the target's URL names no revision (/1.4.0/) to replace"],
    ]);
  });

  it('accepts a path segment only', () => {
    expect(parseScenario(SCENARIO, 'v.yaml').errors).toEqual([]);
    expect(
      parseScenario(SCENARIO.replace('revisionPath: 1.3.0', 'revisionPath: 1.3/x'), 'v.yaml').errors.map(
        formatScenarioFileError,
      ),
    ).toEqual(['v.yaml:12: steps[1].revisionPath: must match pattern "^[A-Za-z0-9._-]+$"']);
  });
});
