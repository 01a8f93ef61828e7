import { mergeCoverage } from '../coverage/merge-coverage.js';
import { checkGate } from '../coverage/gate.js';
import type { BaselineComparison, CompareResult, RunResult } from './run-result.js';
import { differencesOf } from './summary.js';
import { buildRunResult } from './build.js';
import { skipsOf } from './verdict.js';

/** The parts of a sharded run, each read from the JSON report of one shard, with where it came from. */
export interface ShardReport {
  file: string;
  result: RunResult;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Why the reports cannot be merged, or undefined when they are the shards of one run. */
function mismatch(parts: readonly ShardReport[]): string | undefined {
  const [first] = parts;
  if (!first) return 'no report to merge';
  for (const p of parts) {
    if (!p.result.shard) return `${p.file} is not the report of a shard (run conform with --shard i/n)`;
  }
  const count = first.result.shard?.count ?? 0;
  const seen = new Map<number, string>();
  for (const { file, result } of parts) {
    const shard = result.shard ?? { index: 0, count: 0 };
    if (shard.count !== count)
      return `${file} is shard ${shard.index}/${shard.count}, but ${first.file} is one of ${count}`;
    const other = seen.get(shard.index);
    if (other) return `${file} and ${other} are both shard ${shard.index}/${count}`;
    seen.set(shard.index, file);
    const differs = (['target', 'revisions', 'options'] as const).find(
      (k) => !sameJson(result[k], first.result[k]),
    );
    if (differs) return `${file} and ${first.file} are of different runs (their ${differs} differ)`;
    if (!sameJson(result.shard?.gate, first.result.shard?.gate))
      return `${file} and ${first.file} ask for different coverage gates`;
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0)
    return `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${count}`).join(', ')} missing: merge needs the report of every shard`;
  return undefined;
}

// mergeCompare and mergeBaseline open alike (the shards' optional parts, the first as a template): shape only.
function mergeCompare(parts: readonly RunResult[]): CompareResult | undefined {
  const compared = parts.flatMap((p) => (p.compare ? [p.compare] : []));
  const [first] = compared;
  if (!first) return undefined;
  return {
    secondaryTarget: first.secondaryTarget,
    secondaryStatuses: Object.fromEntries(
      compared.flatMap((c) => Object.entries(c.secondaryStatuses)).sort(([a], [b]) => a.localeCompare(b)),
    ),
    secondaryFailures: Object.fromEntries(
      compared
        .flatMap((c) => Object.entries(c.secondaryFailures ?? {}))
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
    differences: compared.flatMap((c) => c.differences),
  };
}

/**
 * Each shard compared its own failures with the whole baseline: a failure is new when any shard calls
 * it new, and fixed when no shard still has it, i.e. when every shard counts it as fixed.
 */
function mergeBaseline(parts: readonly RunResult[]): BaselineComparison | undefined {
  const compared = parts.flatMap((p) => (p.baseline ? [p.baseline] : []));
  const [first] = compared;
  if (!first) return undefined;
  return {
    file: first.file,
    newFailures: [...new Set(compared.flatMap((b) => b.newFailures))].sort(),
    fixed: first.fixed.filter((k) => compared.every((b) => b.fixed.includes(k))),
  };
}

function timeOf(values: readonly string[], pick: (a: number, b: number) => number, fallback: string): string {
  const times = values.map((v) => Date.parse(v)).filter((t) => !Number.isNaN(t));
  // Two arguments only: reduce passes the index and the array too, and Math.min of an array is NaN.
  return times.length === 0 ? fallback : new Date(times.reduce((a, b) => pick(a, b))).toISOString();
}

/**
 * One run from the reports of all its shards: the same scenarios, differences, drift, coverage, gate
 * and verdict a single full run gives. A set that is not every shard of one run is an error value.
 */
export function mergeShards(
  parts: readonly ShardReport[],
  now: () => Date = () => new Date(),
): { ok: true; result: RunResult } | { ok: false; error: string } {
  const problem = mismatch(parts);
  if (problem) return { ok: false, error: problem };
  const results = [...parts]
    .map((p) => p.result)
    .sort((a, b) => (a.shard?.index ?? 0) - (b.shard?.index ?? 0));
  const first = results[0] as RunResult;
  const revisions = first.revisions;
  const scenarios = results
    .flatMap((r) => r.scenarios)
    .sort(
      (a, b) =>
        a.scenarioId.localeCompare(b.scenarioId) ||
        revisions.indexOf(a.revision) - revisions.indexOf(b.revision),
    );
  const at = now().toISOString();
  const compare = mergeCompare(results);
  const baseline = mergeBaseline(results);
  const coverage = mergeCoverage(results.map((r) => r.coverage));
  // A skip one shard made may be covered by another shard's steps: measured again on the merged coverage.
  const skips = skipsOf(
    results.flatMap((r) => r.skips?.runs ?? []),
    coverage,
  );
  const gateOptions = first.shard?.gate;
  const ruleVerification = results.find((r) => r.ruleVerification)?.ruleVerification;
  const gate = gateOptions
    ? checkGate(coverage, gateOptions, ruleVerification, differencesOf(scenarios))
    : undefined;
  const result = buildRunResult({
    tool: first.tool,
    runId: first.runId,
    startedAt: timeOf(
      results.map((r) => r.startedAt),
      Math.min,
      at,
    ),
    finishedAt: timeOf(
      results.map((r) => r.finishedAt),
      Math.max,
      at,
    ),
    target: first.target,
    revisions,
    options: first.options,
    scenarios,
    drift: results.flatMap((r) => r.drift),
    // Undefined rather than absent, as in conform(): read by truthiness, written by JSON.stringify.
    compare,
    baseline,
    coverage,
    skips,
    ruleVerification,
    gate,
  });
  return { ok: true, result };
}
