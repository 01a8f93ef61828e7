import type { Version } from '../../contract/versions.js';
import type { Basis, Level } from '../scenario/types.js';
import { CODE } from '../../contract/error-codes.js';

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
  | 'http-header'
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

/**
 * What caused a difference, named before the clauses it rests on: the transport (not a GraphQL
 * response at all), a fault the simulator was told to inject, an HTTP status, the contract's shape,
 * an explicit assertion, or a business rule (validationErrors, or an expectation citing a spec rule).
 * Transport failures and injected faults rest on no clause: they are not rule violations.
 */
export type Cause = 'transport' | 'injected-fault' | 'http-status' | 'shape' | 'assertion' | 'rule';

/** The code of a GraphQL error the simulator's fault injection answers with. */
export const INJECTED_FAULT_CODE = CODE.INJECTED_FAULT;

const SHAPE_KINDS: ReadonlySet<DifferenceKind> = new Set([
  'missing-field',
  'wrong-type',
  'null-for-non-null',
  'invalid-format',
  'out-of-range',
  'unknown-typename',
  'extra-field',
  'extra-enum-value',
  'missing-operation',
  'missing-data',
]);

/** The cause of a finding of this kind resting on this basis (a response without an injected fault). */
export function causeOf(kind: DifferenceKind, basis: Basis): Cause {
  if (kind === 'invalid-response') return 'transport';
  if (kind === 'http-status' || kind === 'http-header') return 'http-status';
  if (SHAPE_KINDS.has(kind)) return 'shape';
  if (kind === 'missing-validation-error' || kind === 'unexpected-validation-error') return 'rule';
  return basis.spec.length > 0 ? 'rule' : 'assertion';
}

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
  /** What caused it; absent in reports written before causes were recorded. */
  cause?: Cause;
}

/**
 * Kinds that never break a client that ignores what it does not know. An enum value the contract does
 * not list is not one of them: GraphQL result coercion must answer one of the enum's values (GraphQL
 * spec §3.9), and a client that switches on the value (`open`, now `Open`) breaks.
 */
const NON_BREAKING_KINDS: ReadonlySet<DifferenceKind> = new Set(['extra-field']);

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
