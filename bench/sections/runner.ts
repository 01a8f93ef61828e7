import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild } from '../child.js';
import { log } from '../log.js';

/** Conformance runner figures, or why they are missing. */
export type RunnerFigures =
  | {
      measured: true;
      /** Wall time of `conform --target sim --version all` (process start to exit). */
      wallMs: number;
      scenarioRuns: number;
      steps: number;
      conforms: boolean;
      /** Wall time of the same command with one scenario on one revision: the fixed cost. */
      fixedMs: number;
      /** (full − fixed) / (steps of the full run − steps of the small one). */
      perStepMs: number;
    }
  | { measured: false; reason: string };

const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

interface ReportShape {
  summary?: { conforms?: boolean };
  scenarios?: Array<{ scenarioId?: string; steps?: unknown[] }>;
}

async function conformRun(extra: readonly string[]): Promise<{ wallMs: number; report: ReportShape }> {
  const reportDir = mkdtempSync(join(tmpdir(), 'rm-bench-conform-'));
  const run = await runChild(CLI, ['conform', '--target', 'sim', '--report-dir', reportDir, ...extra]);
  const file = join(reportDir, 'conformance.json');
  try {
    // Exit 1 is a run with failures: still a timing; anything else means the command did not work.
    if ((run.code !== 0 && run.code !== 1) || !existsSync(file)) {
      throw new Error(`conform ${extra.join(' ')} exited with ${run.code} and wrote no report`);
    }
    return { wallMs: run.wallMs, report: JSON.parse(readFileSync(file, 'utf8')) as ReportShape };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

const stepsOf = (report: ReportShape) =>
  (report.scenarios ?? []).reduce((sum, s) => sum + (s.steps?.length ?? 0), 0);

/** Times the full conformance suite against the in-process simulator, and one small run for the fixed cost. */
export async function measureRunner(): Promise<RunnerFigures> {
  try {
    const full = await conformRun(['--version', 'all']);
    const first = full.report.scenarios?.[0]?.scenarioId;
    if (!first) return { measured: false, reason: 'the conformance run reported no scenarios' };
    const small = await conformRun(['--version', '1.4.0', '--scenario', first]);
    const steps = stepsOf(full.report);
    const smallSteps = stepsOf(small.report);
    log(`conformance: ${Math.round(full.wallMs)} ms for ${steps} steps`);
    return {
      measured: true,
      wallMs: Math.round(full.wallMs),
      scenarioRuns: full.report.scenarios?.length ?? 0,
      steps,
      conforms: full.report.summary?.conforms === true,
      fixedMs: Math.round(small.wallMs),
      perStepMs:
        steps > smallSteps
          ? Math.round(((full.wallMs - small.wallMs) / (steps - smallSteps)) * 10) / 10
          : Number.NaN,
    };
  } catch (error) {
    return { measured: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
