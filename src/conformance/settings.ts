import type { Version } from '../contract/versions.js';
import type { GateOptions } from './coverage/gate-options.js';
import type { HttpOptions } from './target/http-client.js';
import type { TargetSpec } from './target/open.js';
import type { Shard } from './run/shard.js';

/**
 * One conformance run, as data: what the `conform` command builds once from its flags, the config file
 * and the environment (and `checkConformance` from its options), and what every layer below takes
 * whole or as a `Pick<>` of it, down to a step (`RunnerOptions`, `StepOptions`). Nothing in between
 * copies it field by field into a type of its own. What the caller's process provides (functions that
 * start simulators, progress callbacks) is apart, in `ConformHooks` (run/session.ts).
 */
export interface ConformSettings {
  /** Folder of scenario YAML files. */
  scenariosDir: string;
  /** Only scenarios whose id or file matches one of these globs (none: all). */
  scenarioGlobs: string[];
  /** Only scenarios with one of these tags or data areas (none: all). */
  tags: string[];
  /** A previous JSON report: only new failures fail the run. */
  baselineFile?: string;
  target: TargetSpec;
  /** Differential mode: the second target. */
  compare?: TargetSpec;
  /**
   * Differential mode: learn noise by running the scenarios once more against a target identical to the
   * primary (a second same-seed simulator for `sim`, else the primary again); true by default.
   */
  learnNoise?: boolean;
  revisions: Version[];
  allowMutations: boolean;
  /** Accept a run whose skips leave operations uncovered (`--allow-partial`): verdict `partial`, exit 0. */
  allowPartial?: boolean;
  http: HttpOptions;
  /** Introspect the target and diff it against the contract. */
  drift: boolean;
  /** The coverage gate (CI); see {@link gateOf}. */
  gate?: GateOptions;
  /** Prove each spec rule by breaking it in a fresh simulator (`--verify-rules`). */
  verifyRules?: boolean;
  /** Run only this part of the scenario × revision runs (`--shard i/n`). */
  shard?: Shard;
  /** Scenario × revision runs in flight at once on each target (`--concurrency`); 1 by default. */
  concurrency?: number;
  /** Where the reports are written. */
  reportDir: string;
}

/** Defaults of a run, for what neither the caller nor (for the CLI) a flag or the config file set. */
export const CONFORM_DEFAULTS = {
  version: 'all',
  timeout: 10000,
  retries: 1,
  region: 'us',
  reportDir: 'reports',
  allowMutations: false,
  drift: true,
  requireRules: false,
  failOn: 'breaking',
} as const;

/**
 * The coverage gate of these settings, or undefined when none is asked for: a run without a gate has no
 * `gate` in its report (and a shard's report echoes none), so an absent gate differs from an empty one.
 */
export function gateOf(asked: {
  minOperationCoverage?: number;
  requireRules?: boolean;
  failOn?: 'breaking' | 'any';
}): GateOptions | undefined {
  if (asked.minOperationCoverage === undefined && asked.requireRules !== true && asked.failOn !== 'any')
    return undefined;
  // Undefined members vanish in the JSON report that echoes the gate (a shard's), as absent ones would.
  return {
    minOperationCoverage: asked.minOperationCoverage,
    requireRules: asked.requireRules === true,
    failOn: asked.failOn === 'any' ? 'any' : undefined,
  };
}
