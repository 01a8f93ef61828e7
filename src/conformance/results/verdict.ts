import type { GraphQLSchema } from 'graphql';
import type { Version } from '../../contract/versions.js';
import { operationsOf, type CoverageReport } from '../coverage/coverage.js';
import type { LoadedScenario } from '../scenario/types.js';
import type { RunResult, ScenarioResult } from './run-result.js';
import { isSkipByDesign, NO_PROVIDER_STATE, READ_ONLY_SKIP, type SkippedRun, type Skips } from './skips.js';

export type { SkippedRun, Skips } from './skips.js';

/**
 * The outcome of a run in one word. `partial`: nothing failed, but skipped scenarios or steps left
 * operations of the contract unexercised, so "conforms" would claim more than was checked.
 */
export type Verdict = 'conforms' | 'partial' | 'does-not-conform';

/** Exit code of a `partial` verdict the user did not accept (0 conforms, 1 does not, 2 misuse). */
export const PARTIAL_EXIT_CODE = 3;

const appliesTo = (revisions: readonly Version[] | undefined, revision: Version): boolean =>
  revisions === undefined || revisions.includes(revision);

/** Every skipped scenario run and skipped step of the results, with the operations it selects. */
export function skippedRunsOf(
  scenarios: readonly LoadedScenario[],
  results: readonly ScenarioResult[],
  schemaFor: (version: Version) => GraphQLSchema,
): SkippedRun[] {
  const byId = new Map(scenarios.map((s) => [s.scenario.id, s.scenario]));
  const out: SkippedRun[] = [];
  for (const result of results) {
    const scenario = byId.get(result.scenarioId);
    if (!scenario) continue;
    const schema = schemaFor(result.revision);
    const opsOf = (stepIds?: ReadonlySet<string>): string[] => [
      ...new Set(
        scenario.steps
          .filter((s) => appliesTo(s.revisions, result.revision) && (!stepIds || stepIds.has(s.id)))
          .flatMap((s) => operationsOf(schema, s.document, s.operationName)),
      ),
    ];
    const base = { scenarioId: result.scenarioId, revision: result.revision };
    if (result.status === 'skipped') {
      out.push({ ...base, reason: result.note ?? 'skipped', operations: opsOf().sort() });
      continue;
    }
    // Steps skipped after a failure or error are that failure's consequence, and the run fails anyway.
    if (result.status !== 'passed') continue;
    for (const step of result.steps.filter((s) => s.status === 'skipped')) {
      out.push({
        ...base,
        stepId: step.stepId,
        reason: step.note ?? 'skipped',
        operations: opsOf(new Set([step.stepId])).sort(),
      });
    }
  }
  return out;
}

/** The skips of a run measured against its coverage (also after `report merge`, from the shards' runs). */
export function skipsOf(runs: readonly SkippedRun[], coverage: CoverageReport): Skips | undefined {
  if (runs.length === 0) return undefined;
  const byDesign = [READ_ONLY_SKIP, NO_PROVIDER_STATE];
  const notCoveredBy = (chosen: readonly SkippedRun[], except: ReadonlySet<string>[] = []) =>
    coverage.revisions
      .map((r, i) => {
        const notCovered = new Set(r.operations.uncovered);
        const ops = chosen
          .filter((s) => s.revision === r.revision)
          .flatMap((s) => s.operations.filter((o) => notCovered.has(o) && !except[i]?.has(o)));
        return { revision: r.revision, operations: [...new Set(ops)].sort() };
      })
      .filter((u) => u.operations.length > 0);
  const avoidable = runs.filter((s) => !isSkipByDesign(s.reason, byDesign));
  const uncovered = notCoveredBy(avoidable);
  const leftOut = notCoveredBy(
    runs.filter((s) => isSkipByDesign(s.reason, byDesign)),
    coverage.revisions.map((r) => new Set(uncovered.find((u) => u.revision === r.revision)?.operations)),
  );
  return { runs: [...runs], uncovered, ...(leftOut.length > 0 ? { leftOut } : {}) };
}

/** What accepted a partial run, when something did: `--allow-partial` or a met coverage floor. */
export function partialAcceptedBy(result: RunResult): string | undefined {
  if (result.options.allowPartial) return '--allow-partial';
  const floor = result.gate?.minOperationCoverage ?? result.shard?.gate?.minOperationCoverage;
  // A shard's gate is checked on the merged report: there the floor is the user's word alone.
  if (floor !== undefined && (result.gate?.passed ?? true)) return `--min-operation-coverage ${floor}`;
  return undefined;
}

/** The run's verdict: failures first, then skips that left operations uncovered. */
export function verdictOf(result: RunResult): Verdict {
  if (!result.summary.conforms || result.gate?.passed === false) return 'does-not-conform';
  return (result.skips?.uncovered.length ?? 0) > 0 ? 'partial' : 'conforms';
}

/** 0 conforms (or an accepted partial run), 1 does not conform, {@link PARTIAL_EXIT_CODE} partial. */
export function exitCodeOfVerdict(result: RunResult): 0 | 1 | typeof PARTIAL_EXIT_CODE {
  const verdict = verdictOf(result);
  if (verdict === 'does-not-conform') return 1;
  if (verdict === 'partial' && partialAcceptedBy(result) === undefined) return PARTIAL_EXIT_CODE;
  return 0;
}

const VERDICT_LABEL = {
  conforms: 'CONFORMS',
  'does-not-conform': 'DOES NOT CONFORM',
  partial: 'PARTIAL',
} as const;

/**
 * The verdict as reports print it: `CONFORMS`, `DOES NOT CONFORM`, `PARTIAL (accepted: …)` on the
 * console; in lower case (`conforms`, `partial`) for the Markdown and HTML headings.
 */
export function verdictText(result: RunResult, lower = false): string {
  const verdict = verdictOf(result);
  const by = verdict === 'partial' ? partialAcceptedBy(result) : undefined;
  const text = VERDICT_LABEL[verdict];
  return `${lower ? text.toLowerCase() : text}${by ? ` (accepted: ${by})` : ''}`;
}

/** One line per skip reason with how many runs it skipped, most first. */
export function skipReasons(skips: Skips): { reason: string; runs: number }[] {
  const counts = new Map<string, number>();
  for (const s of skips.runs) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts]
    .map(([reason, runs]) => ({ reason, runs }))
    .sort((a, b) => b.runs - a.runs || a.reason.localeCompare(b.reason));
}
