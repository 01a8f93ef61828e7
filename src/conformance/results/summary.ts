import { differenceKey, type Difference } from '../outcome/differences.js';
import {
  MAX_REASONS,
  type CompareResult,
  type RunResult,
  type ScenarioResult,
  type Status,
  type Summary,
  type Tally,
} from './run-result.js';

/**
 * Scenario runs the second target of the differential mode did not pass (`scenario@revision` and its
 * status): a second target that fails is a finding of the run, whatever the structural comparison says.
 */
export function secondaryFailuresOf(
  compare: CompareResult | undefined,
): { run: string; status: Status; why: string[] }[] {
  return Object.entries(compare?.secondaryStatuses ?? {})
    .filter(([, status]) => status !== 'passed' && status !== 'skipped')
    .map(([run, status]) => ({ run, status, why: compare?.secondaryFailures?.[run] ?? [] }))
    .sort((a, b) => a.run.localeCompare(b.run));
}

/**
 * Why a run did not pass, in a few lines: its first breaking differences (step, path and message), else
 * those of any severity, else the notes of its failed steps or of the run itself.
 */
export function reasonsOf(result: ScenarioResult): string[] {
  const differences = result.steps.flatMap((s) => s.differences);
  const breaking = differences.filter((d) => d.severity === 'breaking');
  const shown = (breaking.length > 0 ? breaking : differences).map(
    (d) => `${d.stepId}${d.path ? ` ${d.path}` : ''}: ${d.message}`,
  );
  const notes = result.steps
    .filter((s) => s.status !== 'passed' && s.status !== 'skipped' && s.note)
    .map((s) => `${s.stepId}: ${s.note}`);
  const reasons = shown.length > 0 ? shown : notes.length > 0 ? notes : result.note ? [result.note] : [];
  return reasons.slice(0, MAX_REASONS);
}

function tally(results: readonly ScenarioResult[]): Tally {
  const count = (s: ScenarioResult['status']): number => results.filter((r) => r.status === s).length;
  return {
    total: results.length,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    networkErrors: count('network-error'),
    unavailable: count('unavailable'),
    errors: count('error'),
  };
}

function groupTally(
  results: readonly ScenarioResult[],
  key: (r: ScenarioResult) => string,
): Record<string, Tally> {
  const groups = new Map<string, ScenarioResult[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return Object.fromEntries(
    [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, tally(v)]),
  );
}

/**
 * Keys of everything that fails a run: breaking differences, scenarios that errored or could not reach
 * the target, breaking schema drift, and structural differences and failed runs of the second target
 * of the differential mode.
 */
export function failureKeys(
  result: Omit<RunResult, 'formatVersion' | 'summary' | 'baseline' | 'coverage' | 'gate'>,
): string[] {
  const keys = new Set<string>();
  for (const s of result.scenarios) {
    if (s.status === 'network-error' || s.status === 'unavailable' || s.status === 'error')
      keys.add(`${s.scenarioId}@${s.revision}/${s.status}`);
    for (const step of s.steps) {
      if (step.status === 'error') keys.add(`${s.scenarioId}@${s.revision}/${step.stepId}/error`);
      for (const d of step.differences) if (d.severity === 'breaking') keys.add(differenceKey(d));
    }
  }
  for (const d of result.drift) {
    if (d.status !== 'checked') continue;
    for (const c of d.changes)
      if (c.criticality === 'BREAKING') keys.add(`drift@${d.revision}/${c.type}/${c.path ?? c.message}`);
  }
  for (const c of result.compare?.differences ?? []) {
    keys.add(
      `compare:${c.scenarioId}@${c.revision}/${c.stepId}/${c.kind}/${c.path.replace(/\[\d+\]/g, '[]')}`,
    );
  }
  for (const f of secondaryFailuresOf(result.compare)) keys.add(`compare:${f.run}/secondary-${f.status}`);
  return [...keys].sort();
}

/** Waiting summed over every response of the run. */
function waitingOf(results: readonly ScenarioResult[]): Summary['waiting'] {
  const responses = results.flatMap((r) => r.steps.flatMap((s) => (s.response ? [s.response] : [])));
  return {
    waitedMs: responses.reduce((n, r) => n + (r.waitedMs ?? 0), 0),
    busyRetries: responses.reduce((n, r) => n + (r.busyRetries ?? 0), 0),
  };
}

/** Every difference the steps of these scenario runs found. */
export function differencesOf(results: readonly ScenarioResult[]): Difference[] {
  return results.flatMap((s) => s.steps.flatMap((st) => st.differences));
}

/** Totals of a run; `conforms` honours the baseline when one was compared. */
export function summarize(result: Omit<RunResult, 'summary'>): Summary {
  const differences = differencesOf(result.scenarios);
  const failures = failureKeys(result);
  return {
    ...tally(result.scenarios),
    breaking: differences.filter((d) => d.severity === 'breaking').length,
    nonBreaking: differences.filter((d) => d.severity === 'non-breaking').length,
    driftBreaking: result.drift.reduce(
      (n, d) =>
        n + (d.status === 'checked' ? d.changes.filter((c) => c.criticality === 'BREAKING').length : 0),
      0,
    ),
    structuralDifferences: result.compare?.differences.length ?? 0,
    waiting: waitingOf(result.scenarios),
    byRevision: groupTally(result.scenarios, (r) => r.revision),
    byArea: groupTally(result.scenarios, (r) => r.area),
    conforms: result.baseline ? result.baseline.newFailures.length === 0 : failures.length === 0,
  };
}
