import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
// An import list (boilerplate): it names what other files import too.
import {
  buildRunResult,
  coverageOf,
  renderReports,
  writeReports,
  type Reports,
  type LoadedScenario,
  type RunResult,
  type ScenarioResult,
} from '../conformance/index.js';
import type { Version } from '../contract/versions.js';
import type { FuzzResult } from './run.js';

/** Base name of the fuzz reports inside the report folder: the conform formats as `fuzz.json`, …. */
export const FUZZ_REPORT_BASE = 'fuzz';

/** Folder below the report folder that holds one scenario per failure, for `conform --scenarios-dir`. */
export const FUZZ_SCENARIO_DIR = 'fuzz';

/**
 * Folder below the report folder for shrunk cases of a run against the simulator that failed on a fresh
 * simulator too: fuzzer bugs, kept for whoever mends the fuzzer and out of the folder `conform` replays.
 */
export const FUZZER_BUG_DIR = 'fuzzer-bugs';

/** What was written. */
export interface FuzzWritten {
  reports: Reports;
  scenarios: string[];
}

/**
 * The fuzz run as a conformance run result: one passed result per revision that found nothing, and
 * the failing sequence's steps (as their scenario) for a revision that found something.
 */
export function toRunResult(
  fuzz: FuzzResult,
  target: RunResult['target'],
  startedAt: string,
  allowMutations: boolean,
): RunResult {
  const scenarios: ScenarioResult[] = fuzz.revisions.map((r) => {
    const note = `${r.sequences} sequence(s), ${r.operations} operation(s), seed ${fuzz.seed}${r.interrupted ? ', stopped by the time budget' : ''}`;
    if (r.finding) {
      const { scenario, replay } = r.finding;
      const again = `replay: --seed ${r.finding.seed} --path ${r.finding.path}`;
      // A fuzzer bug is not a verdict on the target: the simulator was the target and a fresh one fails too.
      const bug = r.finding.fuzzerBug && replay?.passed === false ? replay : undefined;
      const unreplayed = !bug && replay?.passed === false ? replay : undefined;
      return {
        scenarioId: scenario.id,
        title: scenario.title,
        file: `${bug ? FUZZER_BUG_DIR : FUZZ_SCENARIO_DIR}/${scenario.id}.yaml`,
        area: 'fuzz',
        tags: scenario.tags,
        revision: r.revision,
        status: bug ? 'error' : 'failed',
        note: bug
          ? `${note}; fuzzer bug: the shrunk case fails on a fresh simulator too (${bug.message}); ${again}`
          : unreplayed
            ? `${note}; the shrunk case also fails on a fresh simulator (${unreplayed.message}), so it may rest on the target's data; ${again}`
            : `${note}; ${again}`,
        steps: r.finding.steps,
        durationMs: r.durationMs,
      };
    }
    return { ...sequencesOf(r.revision), note, steps: [], durationMs: r.durationMs };
  });
  const loaded: LoadedScenario[] = fuzz.revisions.flatMap((r) =>
    r.finding ? [{ scenario: r.finding.scenario, file: `${r.finding.scenario.id}.yaml` }] : [],
  );
  const revisions = fuzz.revisions.map((r) => r.revision);
  // Coverage is what the sequences sent, not what the written cases hold: every distinct request counts.
  const ran: ScenarioResult[] = fuzz.revisions.map((r) => ({
    ...sequencesOf(r.revision),
    steps: r.requests.map((body, i) => ({
      stepId: `request-${i + 1}`,
      phase: 'test' as const,
      status: 'passed' as const,
      request: { method: 'POST' as const, url: '', headers: {}, body },
      differences: [],
    })),
    durationMs: 0,
  }));
  const coverage = coverageOf(loaded, ran, revisions);
  for (const rc of coverage.revisions) {
    const counts = new Map(
      (fuzz.revisions.find((r) => r.revision === rc.revision)?.byOperation ?? []).map((c) => [
        c.operation,
        c,
      ]),
    );
    rc.byOperation = rc.byOperation.map((o) => {
      const c = counts.get(o.name);
      return c ? { ...o, hits: c.requests, checks: c.checks } : { ...o, checks: 0 };
    });
  }
  return buildRunResult({
    tool: 'rm-harness fuzz',
    runId: fuzz.runId,
    startedAt,
    finishedAt: new Date().toISOString(),
    target,
    revisions,
    options: { allowMutations, tags: ['fuzz'], scenarios: [] },
    scenarios,
    drift: [],
    coverage,
  });
}

/** Writes each failure's scenario under `<dir>/fuzz/` and every registered report into `dir` (as `fuzz.<extension>`). */
export function writeFuzzOutput(
  dir: string,
  fuzz: FuzzResult,
  result: RunResult,
  secrets: readonly string[],
): FuzzWritten {
  const scenarioDir = path.join(dir, FUZZ_SCENARIO_DIR);
  mkdirSync(scenarioDir, { recursive: true });
  const scenarios = fuzz.revisions.flatMap((r) => {
    if (!r.finding) return [];
    const folder = r.finding.fuzzerBug ? path.join(dir, FUZZER_BUG_DIR) : scenarioDir;
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${r.finding.scenario.id}.yaml`);
    writeFileSync(file, stringify(r.finding.scenario, { lineWidth: 0 }));
    return [file];
  });
  const reports = writeReports(dir, renderReports(result, secrets), FUZZ_REPORT_BASE);
  return { reports, scenarios };
}

/** The passed result that stands for a revision's random sequences (what the report lists and coverage counts). */
function sequencesOf(revision: Version) {
  return {
    scenarioId: `fuzz.v${revision.replace(/\./g, '-')}`,
    title: `Random sequences on ${revision}`,
    file: '',
    area: 'fuzz',
    tags: ['fuzz'],
    revision,
    status: 'passed' as const,
  };
}
