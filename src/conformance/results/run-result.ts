import type { Version } from '../../contract/versions.js';
import type { CoverageReport } from '../coverage/coverage.js';
import type { GateOptions, GateResult } from '../coverage/gate.js';
import type { DriftResult } from '../drift/drift.js';
import type { RuleVerificationReport } from '../outcome/rule-verification.js';
import type { Skips } from './skips.js';
import type { ScenarioResult, Status } from '../outcome/scenario-result.js';

export type {
  RecordedRequest,
  RecordedResponse,
  ScenarioResult,
  Status,
  StepResult,
  TwinExchange,
} from '../outcome/scenario-result.js';

/** A structural difference between the responses of two targets (differential mode). */
export interface StructuralDifference {
  scenarioId: string;
  revision: Version;
  stepId: string;
  path: string;
  kind:
    | 'only-in-primary'
    | 'only-in-secondary'
    | 'type-differs'
    | 'value-differs'
    | 'length-differs'
    /** A page's counts add up on one target and not on the other. */
    | 'arithmetic-differs';
  primary: unknown;
  secondary: unknown;
}

/** How many reasons a failed run of the second target keeps (the first ones, in step order). */
export const MAX_REASONS = 3;

/** Differential mode's outcome. */
export interface CompareResult {
  secondaryTarget: string;
  /** The secondary target's own scenario statuses, by `scenarioId@revision`. */
  secondaryStatuses: Record<string, Status>;
  /**
   * Why the second target did not pass each run it failed, by `scenarioId@revision`: its first breaking
   * differences (step, path, message) or the run's note, at most {@link MAX_REASONS}. Absent in reports
   * written before it was kept.
   */
  secondaryFailures?: Record<string, string[]>;
  /**
   * Whether the targets held the same data (`shared` of the `of` entity ids the one with fewer answered
   * are the other's): when not, answers were compared by shape, counts' arithmetic and behaviour only.
   */
  data?: { same: boolean; shared: number; of: number };
  /** Differences between the two targets, noise excluded: each fails the run. */
  differences: StructuralDifference[];
  /** What noise was learned from: the primary compared with an identical target (itself again, or a same-seed simulator). */
  noiseLearnedFrom?: string;
  /**
   * Differences at paths where the primary also differed from that identical target: noise (values that
   * change from request to request), reported apart and never a failure.
   */
  noise?: StructuralDifference[];
}

/** How a run compares with a baseline report. */
export interface BaselineComparison {
  file: string;
  /** Failure keys present now but not in the baseline: only these fail the run. */
  newFailures: string[];
  /** Failure keys of the baseline that no longer fail. */
  fixed: string[];
}

/** Counts of one group of scenario results. */
export interface Tally {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  networkErrors: number;
  /** Scenario runs the target was too busy to answer (429/503 after every retry). */
  unavailable: number;
  errors: number;
}

/** Totals of a run. */
export interface Summary extends Tally {
  breaking: number;
  nonBreaking: number;
  driftBreaking: number;
  structuralDifferences: number;
  /** Time spent waiting for the target (rate pacing, `Retry-After`, backoff) and busy answers retried. */
  waiting: { waitedMs: number; busyRetries: number };
  byRevision: Record<string, Tally>;
  byArea: Record<string, Tally>;
  /** True when the run has nothing that fails it (after the baseline, when one is given). */
  conforms: boolean;
}

/** Everything a run found: plain data, rendered by the reporters. */
export interface RunResult {
  formatVersion: 1;
  /** The command that produced the result: a scenario run, or the exchanges a validating proxy saw. */
  tool: 'rm-harness conform' | 'rm-harness proxy' | 'rm-harness fuzz';
  runId: string;
  startedAt: string;
  finishedAt: string;
  target: { label: string; isSimulator: boolean };
  revisions: Version[];
  /** `allowPartial`: the user accepts a run whose skips leave operations uncovered (`--allow-partial`). */
  options: { allowMutations: boolean; tags: string[]; scenarios: string[]; allowPartial?: boolean };
  scenarios: ScenarioResult[];
  drift: DriftResult[];
  compare?: CompareResult;
  /** Set when the run is one shard of several (`--shard i/n`), with the gate the merged report must pass. */
  shard?: { index: number; count: number; gate?: GateOptions };
  baseline?: BaselineComparison;
  /** What the executed steps exercised of each revision's contract, and which rules and assumptions scenarios cite. */
  coverage: CoverageReport;
  /** Each spec rule broken in the simulator in turn (`--verify-rules`): verified, cited, total. */
  ruleVerification?: RuleVerificationReport;
  /** What was skipped, why, and the operations only the skipped runs would have exercised (absent: nothing skipped). */
  skips?: Skips;
  /** The coverage gate, when one was asked for. */
  gate?: GateResult;
  summary: Summary;
}
