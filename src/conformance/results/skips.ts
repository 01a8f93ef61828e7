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

/** Why a scenario with a provider state cannot run here: only a simulator the runner started has one to set. */
export const NO_PROVIDER_STATE =
  'sets a provider state (state.clock, state.faults) through the simulator admin API; run it with --target sim';

/** Why a scenario that writes is skipped against an endpoint that is not the simulator. */
export const READ_ONLY_SKIP =
  'writes to the tenant; pass --allow-mutations to run it against a non-simulator target';

/**
 * Skip reasons that no run of this kind could avoid: a read-only run writes nothing, and only a
 * simulator has provider states to set. What they leave out is reported, and does not make a run partial.
 */
export function isSkipByDesign(reason: string, byDesign: readonly string[]): boolean {
  return byDesign.some((r) => reason === r || reason.endsWith(`: ${r}`));
}

/** The skips of a run and the operations only they would have exercised. */
export interface Skips {
  runs: SkippedRun[];
  /**
   * Per revision, the operations a skipped run selects that no executed step exercised, where the run
   * could have exercised them (another token, a {region} URL): these make it partial.
   */
  uncovered: { revision: Version; operations: string[] }[];
  /**
   * Per revision, the operations only runs skipped by design selected (writes in a read-only run,
   * provider states on an endpoint): left out and said so, but not partial.
   */
  leftOut?: { revision: Version; operations: string[] }[];
}
