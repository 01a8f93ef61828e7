import { readJsonFile } from './read-report.js';
import type { BaselineComparison } from './run-result.js';

/** The failure keys of a previous JSON report, or why it cannot serve as a baseline. */
export function readBaseline(file: string): { ok: true; failures: string[] } | { ok: false; error: string } {
  const read = readJsonFile(file, `baseline ${file}`);
  if (!read.ok) return read;
  const failures = (read.parsed as { failures?: unknown } | null)?.failures;
  if (!Array.isArray(failures) || !failures.every((f) => typeof f === 'string')) {
    return { ok: false, error: `baseline ${file} is not a conform JSON report (no "failures" list)` };
  }
  return { ok: true, failures };
}

/** New failures (only these fail the run) and fixed ones, relative to a baseline. */
export function compareWithBaseline(
  file: string,
  baseline: readonly string[],
  current: readonly string[],
): BaselineComparison {
  const before = new Set(baseline);
  const now = new Set(current);
  return {
    file,
    newFailures: current.filter((k) => !before.has(k)).sort(),
    fixed: baseline.filter((k) => !now.has(k)).sort(),
  };
}
