import { HARNESS_VERSION } from '../../contract/harness.js';
import type { RunResult } from '../results/run-result.js';
import type { ReportFormat, Volatile } from './format.js';
import { failureKeys } from '../results/summary.js';
import { partialAcceptedBy, verdictOf } from '../results/verdict.js';

/** `verdict`, and for an accepted partial run what accepted it (`partialAcceptedBy`). */
function verdictFields(result: RunResult): { verdict: string; partialAcceptedBy?: string } {
  const verdict = verdictOf(result);
  const by = verdict === 'partial' ? partialAcceptedBy(result) : undefined;
  // Rendered by JSON.stringify alone, which leaves out an undefined member as it would an absent one.
  return { verdict, partialAcceptedBy: by };
}

const TIME_KEYS = new Set(['startedAt', 'finishedAt']);

function stable(value: unknown, replace: (s: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => stable(v, replace));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      if (TIME_KEYS.has(key)) out[key] = '<time>';
      else if (key === 'durationMs') out[key] = 0;
      else out[key] = stable(v, replace);
    }
    return out;
  }
  return value;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces every `from` by its `to` in one pass over a string. A run generates hundreds of values and its
 * report holds tens of thousands of strings: a split/join per value and string cost seconds of the gate,
 * one alternation costs milliseconds. The first pair of a repeated `from` wins, as when they are applied in
 * turn; the values are random UUIDs and a run id, so none contains or overlaps another.
 */
function replacerOf(pairs: readonly (readonly [string, string])[]): (s: string) => string {
  const to = new Map<string, string>();
  for (const [from, into] of pairs) if (from && !to.has(from)) to.set(from, into);
  if (to.size === 0) return (s) => s;
  const pattern = new RegExp([...to.keys()].map(escapeRegExp).join('|'), 'g');
  return (s) => s.replace(pattern, (found) => to.get(found) ?? found);
}

/**
 * The complete run as JSON: keys sorted, timings, the run id and generated values masked, plus the
 * sorted failure keys a later run can use as `--baseline`, the verdict (`conforms`, `partial`,
 * `does-not-conform`) and the harness version that ran it (the contract revisions are the result's own
 * `revisions`).
 */
export function renderJson(result: RunResult, volatile: Volatile = { generated: [] }): string {
  const replace = replacerOf([
    ...volatile.generated.map((g, i): [string, string] => [g, `<generated-${i + 1}>`]),
    [result.runId, '<run-id>'],
  ]);
  const failures = failureKeys(result).map(replace);
  return `${JSON.stringify(stable({ ...result, harnessVersion: HARNESS_VERSION, failures, ...verdictFields(result) }, replace), null, 2)}\n`;
}

/** The JSON report, as the registry (formats.ts) lists it. */
export const jsonReport = {
  id: 'json',
  title: 'JSON',
  extension: 'json',
  render: renderJson,
} as const satisfies ReportFormat;
