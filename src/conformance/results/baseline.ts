import { readFileSync } from 'node:fs';
import type { BaselineComparison } from './run-result.js';

/** The failure keys of a previous JSON report, or why it cannot serve as a baseline. */
export function readBaseline(file: string): { ok: true; failures: string[] } | { ok: false; error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      error: `cannot read baseline ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: `baseline ${file} is not JSON` };
  }
  const failures = (parsed as { failures?: unknown } | null)?.failures;
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
