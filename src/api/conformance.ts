import { VERSIONS, type Version } from '../contract/versions.js';
import {
  CONFORM_DEFAULTS,
  exitCodeOf,
  gateOf,
  runConformance,
  SCENARIO_DIR,
  type Reports,
  type RunResult,
} from '../conformance/index.js';
export type { RunResult } from '../conformance/index.js';
import { startScratchSimulator } from '../server/index.js';

/** A conformance check: which target, which revisions, which scenarios, where the reports go. */
export interface ConformanceCheckOptions {
  /** `sim` (a fresh in-memory simulator in this process) or the URL of the endpoint under test. */
  target: string;
  /** Bearer token of the target's full tenant (default for `sim`: `dev-token`). */
  token?: string;
  /** Bearer token of the target's limited tenant, for the scenarios that need a second tenant. */
  limitedToken?: string;
  /** Revisions to check (default: all). */
  versions?: readonly Version[];
  /** Folder the JSON, JUnit, Markdown and HTML reports are written to. */
  reportDir: string;
  /** Only scenarios with one of these tags or data areas (default: all). */
  tags?: readonly string[];
  /** Only scenarios whose id or file matches one of these globs (default: all). */
  scenarios?: readonly string[];
  /** A previous JSON report: only failures it does not list fail the check. */
  baselineFile?: string;
  /** Run scenarios that change data on a target that is not the simulator. */
  allowMutations?: boolean;
  /** Accept a run whose skipped scenarios leave operations unexercised (verdict `partial`) as passed. */
  allowPartial?: boolean;
  /** Fail unless this share (0–100) of the contract's operations is exercised. */
  minOperationCoverage?: number;
  /** Introspect the target and diff its schema against the contract (default true). */
  drift?: boolean;
  /** Extra request headers, `name=value`. */
  headers?: readonly string[];
  /** Region of a URL target's `{region}` placeholder (default `us`). */
  region?: string;
  /** Per-request timeout in ms (default 10000) and retries of a failed request (default 1). */
  timeoutMs?: number;
  retries?: number;
}

/** The outcome of a check that ran: the full result, the report files, and whether the target passed. */
export interface ConformanceCheck {
  ok: true;
  /**
   * True when nothing failed (after the baseline), the coverage gate, if any, held, and no skipped
   * scenario left operations unexercised (unless `allowPartial`).
   */
  passed: boolean;
  result: RunResult;
  /** Paths of the json, junit, markdown and html reports. */
  reports: Reports;
}

/** Why a check could not run (bad options, unreachable target, unreadable files); nothing was written. */
export interface ConformanceCheckError {
  ok: false;
  kind: 'usage' | 'setup';
  message: string;
}

/**
 * Replays the conformance scenarios against a target, as `rm-harness conform` does, and returns the
 * result as data. A target that does not conform is a result with `passed: false`, not an error.
 */
export async function checkConformance(
  options: ConformanceCheckOptions,
): Promise<ConformanceCheck | ConformanceCheckError> {
  const run = await runConformance(
    {
      scenariosDir: SCENARIO_DIR,
      scenarioGlobs: [...(options.scenarios ?? [])],
      tags: [...(options.tags ?? [])],
      baselineFile: options.baselineFile,
      target: {
        target: options.target,
        token: options.token,
        limitedToken: options.limitedToken,
        headers: [...(options.headers ?? [])],
        region: options.region ?? CONFORM_DEFAULTS.region,
      },
      revisions: [...(options.versions ?? VERSIONS)],
      allowMutations: options.allowMutations ?? CONFORM_DEFAULTS.allowMutations,
      allowPartial: options.allowPartial,
      http: {
        timeoutMs: options.timeoutMs ?? CONFORM_DEFAULTS.timeout,
        retries: options.retries ?? CONFORM_DEFAULTS.retries,
      },
      drift: options.drift ?? CONFORM_DEFAULTS.drift,
      gate: gateOf({ minOperationCoverage: options.minOperationCoverage }),
      reportDir: options.reportDir,
    },
    {
      // Its admin API sets scenarios' provider states (state.clock): without it they would be skipped.
      startSimulator: async () => startScratchSimulator,
    },
  );
  if (!run.ok) return { ok: false, ...run.error };
  const { result, reports } = run.done;
  return { ok: true, passed: exitCodeOf(result) === 0, result, reports };
}
