import type { Version } from '../../contract/versions.js';

/** A scenario × revision (or one step of it) that was skipped, why, and what it would have exercised. */
export interface SkippedRun {
  scenarioId: string;
  revision: Version;
  /** Set when one step was skipped, not the whole scenario. */
  stepId?: string;
  reason: string;
  /** Operations its (applicable) steps select. */
  operations: string[];
}

/** The skips of a run and the operations only they would have exercised. */
export interface Skips {
  runs: SkippedRun[];
  /** Per revision, the operations a skipped run selects that no executed step exercised. */
  uncovered: { revision: Version; operations: string[] }[];
}
