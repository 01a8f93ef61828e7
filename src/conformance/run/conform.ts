import { randomUUID } from 'node:crypto';
import { buildRevisionSchema } from '../../contract/generate.js';
import type { Version } from '../../contract/versions.js';
import type { CoverageCatalogues } from '../coverage/coverage.js';
import { buildRunResult, coverageOf, shippedCatalogues } from '../results/build.js';
import { checkGate } from '../coverage/gate.js';
import { compareWithBaseline } from '../results/baseline.js';
import { compareRuns, holdSameData, noiseKey } from '../compare/structural.js';
import type { RunResult, ScenarioResult } from '../results/run-result.js';
import { runDrift, runScenarios, skipReasonOf, type RunnerOptions } from './runner.js';
import type { TwinVariant } from './twins.js';
import type { LoadedScenario, Scenario } from '../scenario/types.js';
import { differencesOf, failureKeys, reasonsOf } from '../results/summary.js';
import type { Target } from '../target/target.js';
import { inShard } from './shard.js';
import type { ConformSettings } from '../settings.js';
import type { TargetFactory } from '../target/target.js';
import { verifyRules } from '../verify/verify-rules.js';
import type { PARTIAL_EXIT_CODE } from '../results/verdict.js';
import { exitCodeOfVerdict, skippedRunsOf, skipsOf } from '../results/verdict.js';

/**
 * One conformance run once its scenarios are loaded and its targets open: the settings it runs with
 * (a `Pick` of {@link ConformSettings}, passed on whole) and what was loaded and opened for it.
 */
export interface ConformOptions
  extends
    Pick<
      ConformSettings,
      'revisions' | 'allowMutations' | 'allowPartial' | 'http' | 'drift' | 'gate' | 'shard' | 'concurrency'
    >,
    Partial<Pick<ConformSettings, 'tags' | 'scenarioGlobs'>> {
  scenarios: LoadedScenario[];
  target: Target;
  /** Differential mode: the second target. */
  compareTarget?: Target;
  /**
   * Differential mode: a target identical to the primary (a second same-seed simulator, or the primary
   * itself again) whose differences from the primary are noise, reported apart and never a failure.
   */
  noiseTarget?: Target;
  /** Failure keys of a baseline report and its file name. */
  baseline?: { file: string; failures: string[] };
  /** Spec rule and assumption ids for the coverage report; read from the repository by default. */
  catalogues?: CoverageCatalogues;
  runId?: string;
  uuid?: () => string;
  now?: () => Date;
  /** Prove the spec rules (`--verify-rules`): break each in a fresh simulator from this factory. */
  verifyRules?: { startSimulator: TargetFactory; region?: string; onRule?: (rule: string) => void };
  /** Called after each scenario × revision on each target (the compare target's too), for progress output. */
  onResult?: (result: ScenarioResult) => void;
  /** The ways answered queries are sent again; every way by default, none (nor without credentials) with `[]`. */
  twinVariants?: readonly TwinVariant[];
}

/** Runs scenarios (and drift, compare, baseline) and returns the whole result as data. */
export async function conform(options: ConformOptions): Promise<RunResult> {
  const now = options.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const runId = options.runId ?? randomUUID().slice(0, 8);
  const shard = options.shard;
  // Differential mode runs every target in the same mode: a scenario one of them cannot run (no admin
  // API for provider states, mutations not allowed, no second tenant) runs on none of them.
  const compared = options.compareTarget ? [options.target, options.compareTarget] : [];
  const skipWith = (scenario: Scenario): string | undefined => {
    for (const t of compared) {
      const reason = skipReasonOf(scenario, t, options.allowMutations);
      if (reason !== undefined)
        return `not run on either target (--compare runs both in the same mode): ${t.label} cannot run it: ${reason}`;
    }
    return undefined;
  };
  // The runner takes these options whole (a `Pick` of them); only the target and the run's id differ.
  const runner = (target: Target): RunnerOptions => ({
    ...options,
    target,
    runId,
    skipWith: compared.length > 0 ? skipWith : undefined,
    include: shard ? (id: string, v: Version) => inShard(shard, id, v) : undefined,
  });
  const primary = runner(options.target);
  const scenarios = await runScenarios(options.scenarios, primary);
  // Drift does not depend on scenarios: the first shard checks it once for the merged report.
  const drift = options.drift && (shard?.index ?? 1) === 1 ? await runDrift(primary) : [];
  let compare: RunResult['compare'];
  if (options.compareTarget) {
    const secondary = await runScenarios(options.scenarios, runner(options.compareTarget));
    const data = holdSameData(scenarios, secondary);
    const found = compareRuns(options.scenarios, scenarios, secondary, data.same);
    let noise: { target: string; paths: Set<string> } | undefined;
    if (options.noiseTarget) {
      const reference = await runScenarios(options.scenarios, runner(options.noiseTarget));
      noise = {
        target: options.noiseTarget.label,
        paths: new Set(compareRuns(options.scenarios, scenarios, reference).map(noiseKey)),
      };
    }
    compare = {
      secondaryTarget: options.compareTarget.label,
      data,
      secondaryStatuses: Object.fromEntries(
        secondary.map((r) => [`${r.scenarioId}@${r.revision}`, r.status]),
      ),
      secondaryFailures: Object.fromEntries(
        secondary
          .filter((r) => r.status !== 'passed' && r.status !== 'skipped')
          .map((r) => [`${r.scenarioId}@${r.revision}`, reasonsOf(r)]),
      ),
      differences: found.filter((d) => !noise?.paths.has(noiseKey(d))),
      noiseLearnedFrom: noise?.target,
      noise: noise && found.filter((d) => noise.paths.has(noiseKey(d))),
    };
  }
  // Members left undefined rather than absent: the result is read by truthiness and written as JSON,
  // which leaves them out as it would absent ones (test/conformance/run/absent-members.test.ts).
  const partial = {
    tool: 'rm-harness conform' as const,
    runId,
    startedAt,
    finishedAt: now().toISOString(),
    target: { label: options.target.label, isSimulator: options.target.isSimulator },
    revisions: options.revisions,
    options: {
      allowMutations: options.allowMutations,
      // Written only when given: `false` would show in the JSON report where nothing did before.
      allowPartial: options.allowPartial || undefined,
      tags: options.tags ?? [],
      scenarios: options.scenarioGlobs ?? [],
    },
    scenarios,
    drift,
    compare,
    shard: shard && { ...shard, gate: options.gate },
  };
  const baseline = options.baseline
    ? compareWithBaseline(options.baseline.file, options.baseline.failures, failureKeys(partial))
    : undefined;
  const catalogues = options.catalogues ?? shippedCatalogues();
  const coverage = coverageOf(options.scenarios, scenarios, options.revisions, catalogues);
  // Rule verification does not depend on the shard: the first shard does it once for the merged report.
  const ruleVerification =
    options.verifyRules && (shard?.index ?? 1) === 1
      ? await verifyRules({
          scenarios: options.scenarios,
          rules: catalogues.specRules,
          citedBy: coverage.specRules.citedBy,
          startSimulator: options.verifyRules.startSimulator,
          run: (citing, target) =>
            runScenarios(citing, {
              ...options,
              target,
              runId,
              allowMutations: true,
              concurrency: 1,
              onResult: undefined,
            }),
          http: options.http,
          region: options.verifyRules.region,
          onRule: options.verifyRules.onRule,
        })
      : undefined;
  // A shard covers only part of the contract: its gate is checked on the merged report (`report merge`).
  const gate =
    options.gate && !shard
      ? checkGate(coverage, options.gate, ruleVerification, differencesOf(scenarios))
      : undefined;
  const skips = skipsOf(skippedRunsOf(options.scenarios, scenarios, buildRevisionSchema), coverage);
  return buildRunResult({
    ...partial,
    baseline,
    coverage,
    skips,
    ruleVerification,
    gate,
  });
}

/**
 * 0 when the run conforms (or has no new failures against the baseline) and passes the coverage gate;
 * 1 when it does not; {@link PARTIAL_EXIT_CODE} (3) when nothing failed but skips left operations
 * uncovered and neither `--allow-partial` nor a met `--min-operation-coverage` accepts that.
 */
export function exitCodeOf(result: RunResult): 0 | 1 | typeof PARTIAL_EXIT_CODE {
  return exitCodeOfVerdict(result);
}
