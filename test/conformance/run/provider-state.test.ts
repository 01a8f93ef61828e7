// Provider states of scenarios (issue 21 item 3, issue 35): `state.clock` and `state.faults` are set
// through the simulator's admin API before the steps and undone after them; without an admin API the
// scenario is skipped, never failed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadScenarios } from '../../../src/conformance/scenario/load.js';
import { runScenarios } from '../../../src/conformance/run/runner.js';
import { NO_PROVIDER_STATE } from '../../../src/conformance/run/provider-state.js';
import type { Target } from '../../../src/conformance/target/target.js';
import { SCENARIO_DIR } from '../../../src/conformance/scenario/paths.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

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

async function run(t: Target, scenarios = scenario.scenarios) {
  const [result] = await runScenarios(scenarios, {
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

/** Scenario files written to a fresh temp folder, loaded in file-name order. */
function scenariosOf(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'provider-state-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return loadScenarios(dir);
}

/** A one-step scenario searching one contact, with the given `state:` block (YAML, indented by 2). */
function searchScenario(id: string, state: string, expectLines: string): string {
  return [
    `id: faults.${id}`,
    `title: ${id}`,
    'revisions: [1.4.0]',
    'tags: [faults]',
    'spec: []',
    'assumptions: []',
    ...(state ? ['state:', state] : []),
    'steps:',
    '  - id: search',
    '    document: "query Search { searchFirmContacts(limit: 1) { models { id } } }"',
    '    expect:',
    expectLines,
    '',
  ].join('\n');
}

const SIM_ADMIN = (): Target['admin'] => ({
  baseUrl: server.url,
  token: server.adminToken,
  tenant: 'dev-firm',
});

async function runAll(scenarios: ReturnType<typeof loadScenarios>['scenarios'], t: Target) {
  return runScenarios(scenarios, {
    target: t,
    http: { timeoutMs: 10_000, retries: 0 },
    revisions: ['1.4.0'],
    allowMutations: false,
    runId: 'run-1',
  });
}

describe('state.faults', () => {
  const injected = scenariosOf({
    'a-fault.yaml': searchScenario(
      'a-graphql-error',
      [
        '  faults:',
        '    rules:',
        '      - { operations: [searchFirmContacts], errorRate: 1, errorKind: graphqlError }',
      ].join('\n'),
      '      - error: { code: INJECTED_FAULT }',
    ),
    'b-after.yaml': searchScenario(
      'b-after',
      '',
      '      - { path: data.searchFirmContacts.models, count: 1 }',
    ),
  });

  it('injects the fault for the steps, and the next scenario runs without it', async () => {
    expect(injected.errors).toEqual([]);
    const results = await runAll(injected.scenarios, target(SIM_ADMIN()));
    expect(results.map((r) => [r.scenarioId, r.status, r.steps.map((s) => s.status)])).toEqual([
      ['faults.a-graphql-error', 'passed', ['passed']],
      ['faults.b-after', 'passed', ['passed']],
    ]);
    const body = JSON.stringify(results[0]!.steps[0]!.response?.body);
    expect(body).toContain('"code":"INJECTED_FAULT"');
    expect((await server.admin('GET', '/faults')).body).toMatchObject({ rules: [] });
  });

  it('makes network faults transport failures of the step', async () => {
    const faultOf = (kind: string): string =>
      [
        '  faults:',
        '    rules:',
        `      - { operations: [searchFirmContacts], errorRate: 1, errorKind: ${kind} }`,
      ].join('\n');
    const expectOne = '      - { path: data.searchFirmContacts.models, count: 1 }';
    const network = scenariosOf({
      'a-reset.yaml': searchScenario('a-reset', faultOf('reset'), expectOne),
      'b-truncate.yaml': searchScenario('b-truncate', faultOf('truncate'), expectOne),
    });
    expect(network.errors).toEqual([]);
    const [reset, truncate] = await runAll(network.scenarios, target(SIM_ADMIN()));
    // A reset connection: no response at all, so nothing to judge.
    expect([reset!.status, reset!.steps.map((s) => [s.status, s.differences])]).toEqual([
      'network-error',
      [['network-error', []]],
    ]);
    // A cut JSON body: an answer that is not a GraphQL response, blamed on the transport, not a rule.
    expect(truncate!.steps.map((s) => s.differences.map((d) => [d.kind, d.cause]))).toEqual([
      [['invalid-response', 'transport']],
    ]);
    expect((await server.admin('GET', '/faults')).body).toMatchObject({ rules: [] });
  });

  it('skips the scenario when the target has no admin API the runner may use', async () => {
    const [result] = await runAll(injected.scenarios.slice(0, 1), target());
    expect(result).toMatchObject({ status: 'skipped', note: NO_PROVIDER_STATE, steps: [] });
  });

  it('reports an error and leaves nothing set when the admin API refuses the faults', async () => {
    const refused = scenariosOf({
      'refused.yaml': searchScenario(
        'refused',
        [
          "  clock: { now: '2099-01-01T00:00:00Z' }",
          '  faults:',
          '    rules:',
          // The schema takes it; the admin API refuses a reset setting on another kind.
          '      - { errorRate: 1, errorKind: graphqlError, resetAt: headers }',
        ].join('\n'),
        '      - error: { code: INJECTED_FAULT }',
      ),
    });
    expect(refused.errors).toEqual([]);
    const [result] = await runAll(refused.scenarios, target(SIM_ADMIN()));
    expect(result).toMatchObject({ status: 'error', steps: [] });
    expect(result!.note).toContain('setting state.faults failed: HTTP 400');
    expect(result!.note).toContain('resetAt applies to errorKind reset only');
    expect((await server.admin('GET', '/tenants/dev-firm/clock')).body).toMatchObject({ mode: 'real' });
  });

  it('refuses a scenario whose fault rule is not one the admin API takes', () => {
    const bad = scenariosOf({
      'bad.yaml': searchScenario(
        'bad',
        ['  faults:', '    rules:', '      - { errorRate: 1, errorKind: explode }'].join('\n'),
        '      - error: { code: INJECTED_FAULT }',
      ),
    });
    expect(bad.scenarios).toEqual([]);
    expect(bad.errors.map((e) => e.path)).toEqual(['state.faults.rules[0].errorKind']);
  });
});
