import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { startRuleBreakingSimulator } from '../../../src/cli/sim-target.js';
import { loadScenarios } from '../../../src/conformance/scenario/load.js';
import type { LoadedScenario, Scenario } from '../../../src/conformance/scenario/types.js';
import { runScenarios } from '../../../src/conformance/run/runner.js';
import type { Target } from '../../../src/conformance/target/target.js';
import { verifyRules } from '../../../src/conformance/verify/verify-rules.js';

// The shipped scenario that cites §7.5 (updateContactAdditionalFields is gated per tenant).
const shipped = loadScenarios(path.resolve('conformance')).scenarios.find(
  (s) => s.scenario.id === 'contacts.additional-fields-gated',
) as LoadedScenario;

/** The same scenario with every expectation and the shape check at SHOULD: it can only warn. */
function shouldOnly(loaded: LoadedScenario): LoadedScenario {
  const scenario: Scenario = {
    ...loaded.scenario,
    id: 'contacts.additional-fields-gated-should',
    steps: loaded.scenario.steps.map((step) => ({
      ...step,
      shape: { level: 'SHOULD' },
      expect: (step.expect ?? []).map((e) => ({ ...e, level: 'SHOULD' as const })),
    })),
  };
  return { scenario, file: 'should-only.yaml' };
}

/** The runner conform passes in: every revision under test, mutations allowed. */
const run = (scenarios: readonly LoadedScenario[], target: Target) =>
  runScenarios(scenarios, {
    target,
    revisions: ['1.4.0'],
    allowMutations: true,
    http: { timeoutMs: 10_000, retries: 0 },
    runId: 'verify-test',
  });

const verify = (scenarios: LoadedScenario[], rules: string[]) =>
  verifyRules({
    scenarios,
    rules,
    citedBy: Object.fromEntries(rules.map((r) => [r, scenarios.map((s) => s.scenario.id)])),
    startSimulator: startRuleBreakingSimulator,
    http: { timeoutMs: 10_000, retries: 0 },
    run,
  });

describe('verifyRules', () => {
  it('verifies a rule when a MUST expectation citing it fails with the rule broken', async () => {
    const report = await verify([shipped], ['§7.5']);
    expect(report.rules[0]).toMatchObject({ rule: '§7.5', status: 'verified' });
    expect(report.rules[0]?.evidence[0]).toMatch(/^contacts\.additional-fields-gated@1\.4\.0\//);
    expect(report).toMatchObject({ total: 1, cited: 1, breakable: 1, verified: 1 });
  }, 60_000);

  it('leaves a rule unverified when its citation has only SHOULD expectations', async () => {
    const report = await verify([shouldOnly(shipped)], ['§7.5']);
    expect(report.rules[0]).toMatchObject({ rule: '§7.5', status: 'unverified', evidence: [] });
    expect(report.verified).toBe(0);
  }, 60_000);

  it('reports absence rules apart, uncited rules, and rules the simulator cannot break', async () => {
    const report = await verifyRules({
      scenarios: [shipped],
      // A rule added to the catalogue before the simulator has a switch for it.
      rules: ['§6.3', '§7.5', '§9.9/no-switch'],
      citedBy: { '§9.9/no-switch': [shipped.scenario.id] },
      startSimulator: startRuleBreakingSimulator,
      http: { timeoutMs: 10_000, retries: 0 },
      run,
    });
    expect(report.rules.map((r) => [r.rule, r.status])).toEqual([
      ['§6.3', 'absence'],
      ['§7.5', 'uncited'],
      ['§9.9/no-switch', 'not-breakable'],
    ]);
    expect(report).toMatchObject({ total: 3, cited: 1, breakable: 2, verified: 0 });
  }, 60_000);
});
