/**
 * `npm run mutation-score`: runs each certification mode against each of the project's mutant servers
 * (scripts/mutation/mutants.ts) and against a correct server, and prints per mode how many regressions
 * the mode caught: exit 1 with a difference that names the regression. The correct server must pass
 * every mode with exit 0.
 *
 *   npm run mutation-score -- [--set main|holdout|holdout2|holdout3|holdout4|holdout5|holdout6|holdout7|holdout8|holdout9|holdout10|holdout11|holdout12|holdout13|holdout14|holdout15|holdout16|holdout17|holdout18|holdout19|holdout20|holdout21|holdout22|holdout23|holdout24|holdout25|holdout26|holdout27|holdout28|holdout29|holdout30|all] [--mode read-only|read-write|compare|fuzz]...
 *                             [--mutant PREFIX]... [--scenario GLOB]... [--concurrency N]
 *                             [--fuzz-seconds S] [--out FILE]
 *
 * --set picks the mutants: the project's own (main, the default), one held-out set (holdoutN, in
 * scripts/mutation/holdoutN.ts), or all of them; scripts/mutation/sets.ts holds the table.
 *
 * --mutant and --scenario narrow a run while a check is written; the scores in docs/verdicts.md come
 * from runs over every mutant and scenario.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pLimit from 'p-limit';
import type { CliIo } from '../../src/cli/context.js';
import { runCli } from '../../src/cli/run.js';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { CORRECT, type Mutant } from './mutants.js';
import { startMutantServer } from './proxy.js';
import { SETS, type MutantSet } from './sets.js';

/** The ways QA certifies a release, each a command line against the endpoint's URL template. */
export const MODES = {
  'read-only': (url: string) => ['conform', '--target', url, '--version', 'all'],
  'read-write': (url: string) => ['conform', '--target', url, '--version', 'all', '--allow-mutations'],
  compare: (url: string) => [
    'conform',
    '--target',
    'sim',
    '--compare',
    url,
    '--compare-token',
    DEV_TOKENS.full,
    '--compare-limited-token',
    DEV_TOKENS.limited,
    '--version',
    'all',
  ],
  fuzz: (url: string, fuzzSeconds: number) => [
    'fuzz',
    '--target',
    url,
    '--version',
    'all',
    '--allow-mutations',
    '--seed',
    '1',
    '--time-budget',
    String(fuzzSeconds),
  ],
} as const;

export type Mode = keyof typeof MODES;

/** One mode against one server. */
export interface Outcome {
  mode: Mode;
  server: string;
  exitCode: number;
  /** The differences (and errors) the run reported, one line each. */
  findings: string[];
  /** For a mutant: exit 1 and a finding that names it. For the correct server: exit 0. */
  ok: boolean;
  seconds: number;
}

/** Streams that keep only what the command wrote to stderr (a setup error's one line). */
function quietIo(): { io: CliIo; stderr: () => string } {
  let err = '';
  return {
    io: {
      stdout: { write: () => true },
      stderr: {
        write: (s: string) => {
          err += s;
          return true;
        },
      },
    },
    stderr: () => err.trim(),
  };
}

/** One line per difference, drift change, compare difference and failed run of a JSON report. */
export function findingsOf(report: unknown): string[] {
  const r = report as {
    scenarios?: {
      scenarioId: string;
      status: string;
      note?: string;
      steps?: { stepId: string; note?: string; status: string; differences?: Record<string, unknown>[] }[];
    }[];
    drift?: { revision: string; changes?: { criticality?: string; message?: string }[] }[];
    compare?: {
      differences?: Record<string, unknown>[];
      secondaryStatuses?: Record<string, string>;
      secondaryFailures?: Record<string, string[]>;
    };
  };
  const lines: string[] = [];
  for (const s of r.scenarios ?? []) {
    if (s.status === 'error' || s.status === 'network-error' || s.status === 'unavailable')
      lines.push(`${s.scenarioId} ${s.status}: ${s.note ?? ''}`);
    for (const step of s.steps ?? []) {
      if (step.status === 'error' || step.status === 'network-error' || step.status === 'unavailable')
        lines.push(`${s.scenarioId} ${step.stepId} ${step.status}: ${step.note ?? ''}`);
      for (const d of step.differences ?? []) {
        if (d.severity !== 'breaking') continue;
        lines.push(
          `${s.scenarioId} ${step.stepId} ${String(d.expectationId)} ${String(d.path)} ${String(d.kind)}: ${String(d.message)}`,
        );
      }
    }
  }
  for (const d of r.drift ?? []) {
    for (const c of d.changes ?? []) {
      if (c.criticality === 'BREAKING' || c.criticality === 'breaking')
        lines.push(`drift ${d.revision}: ${c.message}`);
    }
  }
  for (const d of r.compare?.differences ?? []) {
    // As the Markdown report shows it: the two values beside the place and kind.
    const brief = (v: unknown) => JSON.stringify(v)?.slice(0, 120) ?? 'undefined';
    lines.push(
      `compare ${String(d.scenarioId)} ${String(d.stepId)} ${String(d.path)} ${String(d.kind)}: ${brief(d.primary)} vs ${brief(d.secondary)}`,
    );
  }
  for (const [run, status] of Object.entries(r.compare?.secondaryStatuses ?? {})) {
    if (status === 'passed' || status === 'skipped') continue;
    const why = r.compare?.secondaryFailures?.[run] ?? [];
    lines.push(`compare secondary ${run} ${status}${why.length > 0 ? `: ${why.join('; ')}` : ''}`);
  }
  return lines;
}

async function runMode(
  mode: Mode,
  mutant: Mutant | undefined,
  fuzzSeconds: number,
  scenarios: readonly string[],
): Promise<Outcome> {
  const started = performance.now();
  const server = await startMutantServer(mutant?.handle ?? CORRECT, mutant?.setup);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rm-mutation-'));
  try {
    const base = MODES[mode](server.template, fuzzSeconds);
    const tokens =
      mode === 'compare' ? [] : ['--token', DEV_TOKENS.full, '--limited-token', DEV_TOKENS.limited];
    const only = mode === 'fuzz' ? [] : scenarios.flatMap((s) => ['--scenario', s]);
    const quiet = quietIo();
    // A loaded machine answers slowly, not wrongly: the default 10 s timeout would turn load into findings.
    const timeout = ['--timeout', '120000'];
    const exitCode = await runCli(
      [...base, ...tokens, ...only, ...timeout, '--report-dir', dir, '--quiet'],
      quiet.io,
    );
    let findings: string[] = [];
    try {
      const file = mode === 'fuzz' ? 'fuzz.json' : 'conformance.json';
      findings = findingsOf(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    } catch {
      findings = [`no report (exit ${exitCode}): ${quiet.stderr()}`];
    }
    const ok = mutant ? exitCode === 1 && findings.some((f) => mutant.names.test(f)) : exitCode === 0;
    return {
      mode,
      server: mutant?.id ?? 'correct',
      exitCode,
      findings,
      ok,
      seconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs one mode against one server in a process of its own: runs in one process would share one event
 * loop (a simulator seeding blocks every other run's requests) and one core.
 */
async function inChild(
  mode: Mode,
  mutant: Mutant | undefined,
  fuzzSeconds: number,
  scenarios: readonly string[],
): Promise<Outcome> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rm-mutation-job-'));
  const out = path.join(dir, 'outcome.json');
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    '--job',
    out,
    '--mode',
    mode,
    '--fuzz-seconds',
    String(fuzzSeconds),
    ...(mutant ? ['--mutant', mutant.id] : []),
    ...scenarios.flatMap((s) => ['--scenario', s]),
  ];
  try {
    await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(readFileSync(out, 'utf8')) as Outcome;
  } catch (error) {
    const message = (error as { stderr?: string; message?: string }).stderr || (error as Error).message;
    return {
      mode,
      server: mutant?.id ?? 'correct',
      exitCode: -1,
      findings: [`job failed: ${message.trim().split('\n').pop()}`],
      ok: false,
      seconds: 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      job: { type: 'string' },
      set: { type: 'string', default: 'main' },
      mode: { type: 'string', multiple: true },
      mutant: { type: 'string', multiple: true },
      scenario: { type: 'string', multiple: true },
      concurrency: { type: 'string', default: '3' },
      'fuzz-seconds': { type: 'string', default: '20' },
      out: { type: 'string', default: 'reports/mutation-score.json' },
    },
  });
  const modes = (values.mode ?? Object.keys(MODES)) as Mode[];
  for (const m of modes) {
    if (!(m in MODES)) {
      process.stderr.write(`mutation-score: unknown mode "${m}" (${Object.keys(MODES).join(', ')})\n`);
      return 2;
    }
  }
  if (!Object.hasOwn(SETS, values.set)) {
    process.stderr.write(`mutation-score: unknown set "${values.set}" (${Object.keys(SETS).join(', ')})\n`);
    return 2;
  }
  const set = SETS[values.set as MutantSet];
  const picked = set.filter(
    (m) => values.mutant === undefined || values.mutant.some((p) => m.id.startsWith(p)),
  );
  if (values.job !== undefined) {
    // One job of a run (see inChild): exactly one mode and, for a mutant, exactly one id of any set.
    const mutant =
      values.mutant?.[0] === undefined ? undefined : SETS.all.find((m) => m.id === values.mutant?.[0]);
    const outcome = await runMode(modes[0]!, mutant, Number(values['fuzz-seconds']), values.scenario ?? []);
    writeFileSync(values.job, JSON.stringify(outcome));
    return 0;
  }
  const concurrency = Number(values.concurrency);
  const fuzzSeconds = Number(values['fuzz-seconds']);
  if (
    !Number.isInteger(concurrency) ||
    concurrency < 1 ||
    !Number.isFinite(fuzzSeconds) ||
    fuzzSeconds <= 0
  ) {
    process.stderr.write(
      'mutation-score: --concurrency must be a positive integer, --fuzz-seconds positive\n',
    );
    return 2;
  }
  const limit = pLimit(concurrency);
  const servers: (Mutant | undefined)[] = [undefined, ...picked];
  const jobs = modes.flatMap((mode) =>
    servers.map((mutant) =>
      limit(async () => {
        const outcome = await inChild(mode, mutant, fuzzSeconds, values.scenario ?? []);
        const mark = outcome.ok ? (mutant ? 'caught' : 'passes') : mutant ? 'missed' : 'FAILS';
        process.stdout.write(
          `${mode.padEnd(10)} ${outcome.server.padEnd(40)} exit ${outcome.exitCode} ${mark} (${outcome.seconds} s)\n`,
        );
        return outcome;
      }),
    ),
  );
  const outcomes = await Promise.all(jobs);
  process.stdout.write('\nmode        caught / total   correct server\n');
  let healthy = true;
  for (const mode of modes) {
    const ofMode = outcomes.filter((o) => o.mode === mode);
    const caught = ofMode.filter((o) => o.server !== 'correct' && o.ok).length;
    const correct = ofMode.find((o) => o.server === 'correct');
    healthy &&= correct?.ok === true;
    process.stdout.write(
      `${mode.padEnd(11)} ${`${caught} / ${ofMode.length - 1}`.padEnd(16)} exit ${correct?.exitCode} ${correct?.ok ? 'passes' : 'FAILS'}\n`,
    );
  }
  writeFileSync(
    values.out,
    `${JSON.stringify({ mutants: picked.map(({ id, class: c, description }) => ({ id, class: c, description })), outcomes }, null, 2)}\n`,
  );
  process.stdout.write(`\nDetails: ${values.out}\n`);
  return healthy ? 0 : 1;
}

process.exitCode = await main();
