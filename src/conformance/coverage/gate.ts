import type { Difference } from '../outcome/differences.js';
import type { RuleVerificationReport } from '../outcome/rule-verification.js';
import { isBelow, type CoverageReport } from './coverage.js';
import type { GateOptions } from './gate-options.js';

// Apart in gate-options.ts so that the run's settings name the gate without loading coverage.
export type { GateOptions } from './gate-options.js';

/** The gate's outcome; a failed gate fails the run (exit 1) whatever the endpoint did. */
export interface GateResult extends GateOptions {
  passed: boolean;
  /** Set when `requireRules` counted verified rules (`--verify-rules`) rather than cited ones. */
  rulesVerified?: true;
  /** One line per failed check. */
  failures: string[];
}

const MAX_NAMES = 10;

function names(list: readonly string[]): string {
  return list.length > MAX_NAMES
    ? `${list.slice(0, MAX_NAMES).join(', ')}, … (${list.length - MAX_NAMES} more)`
    : list.join(', ');
}

/**
 * Checks the coverage of a run against the gate. With a rule verification (`--verify-rules`),
 * `requireRules` counts verified rules instead of cited ones; rules stating an absence are exempt.
 */
export function checkGate(
  coverage: CoverageReport,
  options: GateOptions,
  verification?: RuleVerificationReport,
  differences: readonly Difference[] = [],
): GateResult {
  const failures: string[] = [];
  const nonBreaking = differences.filter((d) => d.severity === 'non-breaking');
  if (options.failOn === 'any' && nonBreaking.length > 0) {
    const n = nonBreaking.length;
    const kinds = [...new Set(nonBreaking.map((d) => d.kind))];
    failures.push(`${n} non-breaking difference${n === 1 ? '' : 's'} (--fail-on any): ${names(kinds)}`);
  }
  const min = options.minOperationCoverage;
  if (min !== undefined) {
    for (const r of coverage.revisions) {
      if (isBelow(r.operations, min)) {
        failures.push(
          `operation coverage of ${r.revision} is ${r.operations.percent}% (${r.operations.covered} of ${r.operations.total}), below --min-operation-coverage ${min}; not covered: ${names(r.operations.uncovered)}`,
        );
      }
    }
  }
  const unverified = (verification?.rules ?? []).filter(
    (r) => r.status !== 'verified' && r.status !== 'absence',
  );
  if (options.requireRules && verification && unverified.length > 0) {
    const n = unverified.length;
    failures.push(
      `${n} spec rule${n === 1 ? ' is' : 's are'} not verified (--verify-rules --require-rules): ${names(unverified.map((r) => `${r.rule} (${r.status})`))}`,
    );
  } else if (options.requireRules && !verification && coverage.specRules.uncited.length > 0) {
    const n = coverage.specRules.uncited.length;
    failures.push(
      `${n} spec rule${n === 1 ? ' is' : 's are'} cited by no scenario (--require-rules): ${names(coverage.specRules.uncited)}`,
    );
  }
  return {
    ...options,
    ...(options.requireRules && verification ? { rulesVerified: true as const } : {}),
    passed: failures.length === 0,
    failures,
  };
}
