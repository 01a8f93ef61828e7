import path from 'node:path';
import { VERSIONS, type Version } from '../../../src/contract/versions.js';
import { conform, type ConformOptions } from '../../../src/conformance/run/conform.js';
import type { Difference } from '../../../src/conformance/outcome/differences.js';
import type { RunResult } from '../../../src/conformance/results/run-result.js';
import { loadScenarios } from '../../../src/conformance/scenario/load.js';
import type { LoadedScenario } from '../../../src/conformance/scenario/types.js';
import type { Target } from '../../../src/conformance/target/target.js';
import { TEST_TOKEN } from './server.js';

/**
 * A frozen copy of the first example scenarios: the runner tests run these against the test server, so
 * the shipped suite in conformance/ can grow without changing what these tests check.
 */
export const FIXTURE_SCENARIOS = path.resolve('test/conformance/fixtures/scenarios');

/** The fixture scenarios, loaded and validated. */
export function fixtureScenarios(): LoadedScenario[] {
  const load = loadScenarios(FIXTURE_SCENARIOS);
  if (load.errors.length > 0) throw new Error(JSON.stringify(load.errors));
  return load.scenarios;
}

/** A target over an endpoint template with {version}. */
export function targetOf(endpoint: string, isSimulator = true, token = TEST_TOKEN): Target {
  return {
    label: 'test-target',
    endpointFor: (v: Version) => endpoint.replace('{version}', v),
    headers: { authorization: `Bearer ${token}` },
    isSimulator,
  };
}

/** Runs the fixture scenarios against an endpoint, deterministically. */
export async function runShipped(
  endpoint: string,
  overrides: Partial<ConformOptions> = {},
): Promise<RunResult> {
  let n = 0;
  return conform({
    scenarios: fixtureScenarios(),
    target: targetOf(endpoint),
    revisions: [...VERSIONS],
    allowMutations: false,
    http: { timeoutMs: 5000, retries: 0 },
    drift: false,
    runId: 'run-1',
    uuid: () => `uuid-${++n}`,
    now: () => new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  });
}

/** Every difference of a run. */
export function differencesOf(result: RunResult): Difference[] {
  return result.scenarios.flatMap((s) => s.steps.flatMap((st) => st.differences));
}
