import {
  percentOf,
  type CoverageCount,
  type CoverageReport,
  type OperationCoverage,
  type RevisionCoverage,
} from './coverage.js';

/** Counts of the same universe from several parts: covered when any part covered it. */
function mergeCount(counts: readonly CoverageCount[]): CoverageCount {
  const [first] = counts;
  if (!first) return { total: 0, covered: 0, percent: 100, uncovered: [] };
  const uncovered = first.uncovered.filter((u) => counts.every((c) => c.uncovered.includes(u)));
  const covered = first.total - uncovered.length;
  return { total: first.total, covered, percent: percentOf(covered, first.total), uncovered };
}

function mergeOperations(lists: readonly OperationCoverage[][]): OperationCoverage[] {
  const [first = []] = lists;
  return first.map((op) => {
    const same = lists.flatMap((l) => l.filter((o) => o.name === op.name));
    return {
      name: op.name,
      hits: same.reduce((n, o) => n + o.hits, 0),
      successPath: same.some((o) => o.successPath),
      errorPath: same.some((o) => o.errorPath),
      scenarios: [...new Set(same.flatMap((o) => o.scenarios))].sort(),
    };
  });
}

function mergeRevision(parts: readonly RevisionCoverage[]): RevisionCoverage {
  const byOperation = mergeOperations(parts.map((p) => p.byOperation));
  const pick = (k: 'operations' | 'arguments' | 'inputFields' | 'resultFields'): CoverageCount =>
    mergeCount(parts.map((p) => p[k]));
  return {
    revision: parts[0]?.revision ?? ('' as RevisionCoverage['revision']),
    operations: pick('operations'),
    arguments: pick('arguments'),
    inputFields: pick('inputFields'),
    resultFields: pick('resultFields'),
    withoutSuccessPath: byOperation.filter((o) => !o.successPath).map((o) => o.name),
    withoutErrorPath: byOperation.filter((o) => !o.errorPath).map((o) => o.name),
    byOperation,
  };
}

/**
 * The coverage of one run made of disjoint parts (shards): what any part's executed steps exercised.
 * Citations do not depend on what ran (every shard measures them over the whole selection), so the
 * first part's stand for all.
 */
export function mergeCoverage(parts: readonly CoverageReport[]): CoverageReport {
  const [first] = parts;
  if (!first) throw new RangeError('mergeCoverage needs at least one coverage report');
  return {
    ...first,
    revisions: first.revisions.map((r) =>
      mergeRevision(parts.flatMap((p) => p.revisions.filter((x) => x.revision === r.revision))),
    ),
  };
}
