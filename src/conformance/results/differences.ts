import type { Version } from '../../contract/versions.js';
import type { Basis, Level } from '../scenario/types.js';

/** Breaking differences fail a run; non-breaking ones (extra field, extra enum value) are reported only. */
export type Severity = 'breaking' | 'non-breaking';

/** What kind of deviation from the contract or an explicit expectation was seen. */
export type DifferenceKind =
  | 'missing-field'
  | 'wrong-type'
  | 'null-for-non-null'
  | 'invalid-format'
  | 'out-of-range'
  | 'unknown-typename'
  | 'extra-field'
  | 'extra-enum-value'
  | 'missing-operation'
  | 'unexpected-error'
  | 'missing-error'
  | 'wrong-error'
  | 'http-status'
  | 'invalid-response'
  | 'invalid-request'
  | 'missing-data'
  | 'missing-validation-error'
  | 'unexpected-validation-error'
  | 'value-mismatch'
  | 'type-mismatch'
  | 'pattern-mismatch'
  | 'count-mismatch'
  | 'not-contained'
  | 'presence-mismatch';

/** Whether a difference shows the API breaking the spec, an assumption of ours being wrong, or both. */
export type RestsOn = 'spec' | 'assumption' | 'spec-and-assumption' | 'contract';

/** One observed deviation, with everything a vendor needs to act on it. */
export interface Difference {
  scenarioId: string;
  revision: Version;
  stepId: string;
  /** Stable id of the expectation within the step (`shape` for the automatic check). */
  expectationId: string;
  /** JSON path into the response body, e.g. `data.searchFirmContacts.models[3].id`. */
  path: string;
  kind: DifferenceKind;
  severity: Severity;
  level: Level;
  expected: unknown;
  actual: unknown;
  message: string;
  basis: Basis;
  restsOn: RestsOn;
}

/** Kinds that never break a client that ignores what it does not know. */
const NON_BREAKING_KINDS: ReadonlySet<DifferenceKind> = new Set(['extra-field', 'extra-enum-value']);

/** Severity of a difference: by kind, and only MUST expectations break. */
export function severityOf(kind: DifferenceKind, level: Level): Severity {
  if (NON_BREAKING_KINDS.has(kind)) return 'non-breaking';
  return level === 'MUST' ? 'breaking' : 'non-breaking';
}

/** Splits a basis list (`§8`, `A-30`) into spec clauses and assumption ids. */
export function basisOf(items: readonly string[]): Basis {
  return {
    spec: items.filter((b) => b.startsWith('§')),
    assumptions: items.filter((b) => /^A-\d+$/.test(b)),
  };
}

/** What a basis rests on; an empty basis means only the contract SDL stands behind it. */
export function restsOnOf(basis: Basis): RestsOn {
  if (basis.spec.length > 0 && basis.assumptions.length > 0) return 'spec-and-assumption';
  if (basis.spec.length > 0) return 'spec';
  if (basis.assumptions.length > 0) return 'assumption';
  return 'contract';
}

/** Stable key of a difference for baselines: array indexes are dropped so reordering does not count as new. */
export function differenceKey(d: Difference): string {
  return `${d.scenarioId}@${d.revision}/${d.stepId}/${d.expectationId}/${d.kind}/${d.path.replace(/\[\d+\]/g, '[]')}`;
}
