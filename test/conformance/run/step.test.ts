// runStep's decide hook: expectations known only from the answer are judged with the step's own.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runStep } from '../../../src/conformance/run/step.js';
import type { InterpolationContext } from '../../../src/conformance/scenario/interpolate.js';
import type { Expectation, Scenario, Step } from '../../../src/conformance/scenario/types.js';
import type { Target } from '../../../src/conformance/target/target.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

const schema = buildRevisionSchema('1.4.0');
const scenario: Scenario = {
  id: 'step.hook',
  title: 'hook',
  revisions: ['1.4.0'],
  tags: [],
  spec: [],
  assumptions: [],
  steps: [],
};
const http = { timeoutMs: 5000, retries: 0 };
const ctx = (): InterpolationContext => ({ steps: {}, captures: {}, runId: 'r', uuid: () => 'u' });
const targetAt = (url: string): Target => ({
  label: 'unit',
  endpointFor: () => url,
  headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
  isSimulator: true,
});

describe('runStep with a decide hook', () => {
  let sim: TestServer;
  let failing: Server;
  let failingUrl: string;
  beforeAll(async () => {
    sim = await startTestServer();
    failing = createServer((_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const address = failing.address();
    failingUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => failing.close(() => resolve()));
    await sim.close();
  });
  const run = (
    step: Step,
    decide: (body: unknown) => Expectation[],
    url = `${sim.url}/us/1.4.0/public-api/graphql`,
  ) => runStep(scenario, step, '1.4.0', { target: targetAt(url), http }, schema, ctx(), { decide });

  it('judges what decide returns together with the step’s own expectations', async () => {
    const step: Step = {
      id: 'read',
      document: 'query { r: list(id: "none") { id } }',
      expect: [{ path: 'data.r', equals: null }],
    };
    const seen: unknown[] = [];
    const held = await run(step, (body) => (seen.push(body), [{ path: 'data', exists: true }]));
    expect(seen).toEqual([{ data: { r: null } }]);
    expect(held).toMatchObject({ status: 'passed', differences: [] });
    const broken = await run(step, () => [{ path: 'data.r', equals: 'x' }]);
    expect(broken.status).toBe('failed');
    expect(broken.differences.map((d) => d.path)).toEqual(['data.r']);
    const ownBroken = await run({ ...step, expect: [{ path: 'data.r', equals: 'own' }] }, () => []);
    expect(ownBroken.status).toBe('failed');
  });

  it('holds a decided error to the error instead of the data shape', async () => {
    const step: Step = {
      id: 'refused',
      document: 'query Q($id: ID!) { r: list(id: $id) { id } }',
      variables: { id: null },
    };
    expect(await run(step, () => [{ error: {} }])).toMatchObject({ status: 'passed', differences: [] });
    expect((await run(step, () => [])).status).toBe('failed');
  });

  it('does not ask about a server error: the 5xx is the finding', async () => {
    let asked = false;
    const result = await run(
      { id: 'boom', document: '{ __typename }' },
      () => ((asked = true), [{ error: {} }]),
      failingUrl,
    );
    expect(asked).toBe(false);
    expect(result.status).toBe('failed');
  });
});
