import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild } from '../child.js';
import { withChildrenCpu } from '../cpu.js';
import { log } from '../log.js';

/** A command run to its end: wall and CPU (user + system, children included) and its exit code. */
export interface CommandTiming {
  wallMs: number;
  cpuMs?: number;
  code: number | null;
}

/** `fuzz --runs 300 --version all` against the in-process simulator (a fixed seed, so runs compare). */
export type FuzzFigures =
  | (CommandTiming & { measured: true; operations: number; opsPerSecond: number; seed: number })
  | { measured: false; reason: string };

/** `npm run conform:ci`: the gate as CI runs it (every scenario run, coverage, rule verification). */
export type GateFigures =
  (CommandTiming & { measured: true; passed: boolean }) | { measured: false; reason: string };

/** Conformance runner figures, or why they are missing. */
export type RunnerFigures =
  | {
      measured: true;
      /** Wall time of `conform --target sim --version all` (process start to exit). */
      wallMs: number;
      /** Its CPU time (user + system). */
      cpuMs?: number;
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
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FUZZ_SEED = 33;

/** Runs `command args` in the checkout to its end, its stdout collected (stderr passed through). */
async function timed(command: string, args: readonly string[]): Promise<CommandTiming & { stdout: string }> {
  const started = performance.now();
  const { value, cpuMs } = await withChildrenCpu(
    () =>
      new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
        const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.once('error', reject);
        child.once('close', (code) => resolve({ code, stdout }));
      }),
  );
  return { wallMs: performance.now() - started, ...(cpuMs !== undefined ? { cpuMs } : {}), ...value };
}

/** Times `fuzz --runs 300 --version all --target sim`: operations per second of the command's wall time. */
export async function measureFuzz(): Promise<FuzzFigures> {
  const reportDir = mkdtempSync(join(tmpdir(), 'rm-bench-fuzz-'));
  try {
    const run = await timed(process.execPath, [
      '--import',
      'tsx',
      CLI,
      'fuzz',
      '--target',
      'sim',
      '--runs',
      '300',
      '--version',
      'all',
      '--seed',
      String(FUZZ_SEED),
      '--json',
      '--report-dir',
      reportDir,
    ]);
    // Exit 1 is a finding: still a timing of the operations that ran.
    if (run.code !== 0 && run.code !== 1) return { measured: false, reason: `fuzz exited with ${run.code}` };
    const { operations } = JSON.parse(run.stdout) as { operations: number };
    const { stdout: _stdout, ...timing } = run;
    log(`fuzz: ${operations} operations in ${Math.round(run.wallMs)} ms`);
    return {
      measured: true,
      ...timing,
      operations,
      opsPerSecond: operations / (run.wallMs / 1000),
      seed: FUZZ_SEED,
    };
  } catch (error) {
    return { measured: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

/** Times `npm run conform:ci` exactly as CI runs it (its reports go to reports/, as there). */
export async function measureGate(): Promise<GateFigures> {
  try {
    const run = await timed('npm', ['run', '--silent', 'conform:ci']);
    const { stdout: _stdout, ...timing } = run;
    log(`gate: ${Math.round(run.wallMs)} ms, exit ${run.code}`);
    return { measured: true, ...timing, passed: run.code === 0 };
  } catch (error) {
    return { measured: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

interface ReportShape {
  summary?: { conforms?: boolean };
  scenarios?: Array<{ scenarioId?: string; steps?: unknown[] }>;
}

async function conformRun(
  extra: readonly string[],
): Promise<{ wallMs: number; cpuMs?: number; report: ReportShape }> {
  const reportDir = mkdtempSync(join(tmpdir(), 'rm-bench-conform-'));
  const { value: run, cpuMs } = await withChildrenCpu(() =>
    runChild(CLI, ['conform', '--target', 'sim', '--report-dir', reportDir, ...extra]),
  );
  const file = join(reportDir, 'conformance.json');
  try {
    // Exit 1 is a run with failures: still a timing; anything else means the command did not work.
    if ((run.code !== 0 && run.code !== 1) || !existsSync(file)) {
      throw new Error(`conform ${extra.join(' ')} exited with ${run.code} and wrote no report`);
    }
    return {
      wallMs: run.wallMs,
      ...(cpuMs !== undefined ? { cpuMs } : {}),
      report: JSON.parse(readFileSync(file, 'utf8')) as ReportShape,
    };
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
      ...(full.cpuMs !== undefined ? { cpuMs: full.cpuMs } : {}),
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
