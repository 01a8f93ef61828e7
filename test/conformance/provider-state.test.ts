// Provider states of scenarios (issue 21 item 3): `state.clock` is set through the simulator's admin API
// before the steps and undone after them; without an admin API the scenario is skipped, never failed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadScenarios } from '../../src/conformance/scenario/load.js';
import { runScenarios } from '../../src/conformance/run/runner.js';
import { NO_PROVIDER_STATE } from '../../src/conformance/run/provider-state.js';
import type { Target } from '../../src/conformance/target/target.js';
import { SCENARIO_DIR } from '../../src/conformance/scenario/paths.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const scenario = loadScenarios(`${SCENARIO_DIR}/events/clock-date-filter.yaml`);

function target(admin?: Target['admin']): Target {
  return {
    label: 'sim',
    endpointFor: (v) => `${server.url}/us/${v}/public-api/graphql`,
    headers: { authorization: 'Bearer dev-token' },
    isSimulator: true,
    ...(admin ? { admin } : {}),
  };
}

async function run(t: Target) {
  const [result] = await runScenarios(scenario.scenarios, {
    target: t,
    http: { timeoutMs: 10_000, retries: 0 },
    revisions: ['1.4.0'],
    allowMutations: false,
    runId: 'run-1',
  });
  return result!;
}

describe('state.clock', () => {
  it('freezes the tenant clock for the steps and puts it back on real time after them', async () => {
    expect(scenario.errors).toEqual([]);
    const result = await run(target({ baseUrl: server.url, token: server.adminToken, tenant: 'dev-firm' }));
    expect([result.status, result.steps.map((s) => `${s.stepId}:${s.status}`)]).toEqual([
      'passed',
      [
        'setup:passed',
        'addList:passed',
        'link:passed',
        'linkEvent:passed',
        'filterByClockDate:passed',
        'removeList:passed',
      ],
    ]);
    const linked = result.steps.find((s) => s.stepId === 'linkEvent')?.response?.body;
    expect(JSON.stringify(linked)).toMatch(/"eventDate":"2099-01-01T00:00:00\.\d{3}Z"/);
    expect((await server.admin('GET', '/tenants/dev-firm/clock')).body).toMatchObject({ mode: 'real' });
  });

  it('skips the scenario when the target has no admin API the runner may use', async () => {
    const result = await run(target());
    expect(result).toMatchObject({ status: 'skipped', note: NO_PROVIDER_STATE, steps: [] });
  });

  it('reports an error, and sends no step, when the admin API refuses the state', async () => {
    const result = await run(target({ baseUrl: server.url, token: 'wrong', tenant: 'dev-firm' }));
    expect(result.status).toBe('error');
    expect(result.note).toContain('setting state.clock failed: HTTP 401');
    expect(result.steps).toEqual([]);
  });
});
