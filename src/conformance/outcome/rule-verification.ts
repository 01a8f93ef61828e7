/** What breaking one rule in the simulator showed. */
export type RuleStatus =
  /** A MUST expectation resting on the rule failed while the rule was broken. */
  | 'verified'
  /** Scenarios cite the rule, but none failed a MUST expectation on it while it was broken. */
  | 'unverified'
  /** The simulator cannot break the rule (no switch at its place yet). */
  | 'not-breakable'
  /** No scenario cites the rule. */
  | 'uncited'
  /** The rule states an absence or something not shown: nothing to break (see ABSENCE_RULES). */
  | 'absence';

/** One rule's verification. */
export interface RuleVerification {
  rule: string;
  status: RuleStatus;
  /** Scenarios citing the rule (the ones run with it broken). */
  citedBy: string[];
  /** The MUST differences that showed the broken rule (scenario@revision/step/expectation), at most five. */
  evidence: string[];
  /** Why the rule is not verified (absence reason, simulator refusal, errors). */
  note?: string;
}

/** The verification of every rule: `verified` of `breakable` (rules that are not absence rules). */
export interface RuleVerificationReport {
  total: number;
  cited: number;
  /** Rules that do not state an absence: the denominator of `verified`. */
  breakable: number;
  verified: number;
  rules: RuleVerification[];
}
