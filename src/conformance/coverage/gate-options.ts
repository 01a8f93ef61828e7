/** The CI gate: `--min-operation-coverage`, `--require-rules` and `--fail-on any`. */
export interface GateOptions {
  /** Percent of operations each revision's executed steps must exercise. */
  minOperationCoverage?: number;
  /** Every rule of conformance/spec-rules.yaml must be cited by a scenario. */
  requireRules: boolean;
  /**
   * `any`: a non-breaking difference (an extra field, a SHOULD expectation missed) fails the gate too.
   * Breaking differences fail the run whatever this says.
   */
  failOn?: 'breaking' | 'any';
}
