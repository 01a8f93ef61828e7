import type { CoverageCount, CoverageReport } from '../coverage/coverage.js';
import type { GateResult } from '../coverage/gate.js';

/** `95/95 (100%)`. */
export function countText(c: { covered: number; total: number; percent: number }): string {
  return `${c.covered}/${c.total} (${c.percent}%)`;
}

/** The console's one line of coverage. */
export function coverageLine(coverage: CoverageReport): string {
  const revisions = coverage.revisions.map(
    (r) =>
      `${r.revision} operations ${countText(r.operations)}, arguments ${countText(r.arguments)}, input fields ${countText(r.inputFields)}, result fields ${countText(r.resultFields)}`,
  );
  return `coverage: ${[...revisions, `spec rules cited ${countText(coverage.specRules)}`, `assumptions with scenarios ${countText(coverage.assumptions)}`].join('; ')}`;
}

/** What the gate checked, e.g. `operations >= 100% per revision, every spec rule cited`. */
export function gateChecks(gate: GateResult): string {
  return [
    ...(gate.minOperationCoverage !== undefined
      ? [`operation coverage >= ${gate.minOperationCoverage}% per revision`]
      : []),
    ...(gate.requireRules ? [`every spec rule ${gate.rulesVerified ? 'verified' : 'cited'}`] : []),
    ...(gate.failOn === 'any' ? ['no non-breaking difference'] : []),
  ].join(', ');
}

/** The four counted sets of a revision, with their labels. */
export function countsOf(r: CoverageReport['revisions'][number]): [string, CoverageCount][] {
  return [
    ['operations', r.operations],
    ['arguments', r.arguments],
    ['input fields', r.inputFields],
    ['result fields', r.resultFields],
  ];
}
