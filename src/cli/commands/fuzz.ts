import path from 'node:path';
import pThrottle from 'p-throttle';
import {
  CONFORM_DEFAULTS,
  openTarget,
  preflight,
  REPORT_TITLES,
  type TargetFactory,
} from '../../conformance/index.js';
import { secretValues } from '../../secrets/index.js';
import { describeVersions, isVersion, VERSIONS, type Version } from '../../contract/versions.js';
import { FUZZER_BUG_DIR, toRunResult, writeFuzzOutput } from '../../fuzz/report.js';
import { runFuzz } from '../../fuzz/run.js';
import { configOption } from '../config-option.js';
import { CliError, CliUsageError, defineCommand, type CliContext } from '../context.js';
import { Output, withOutputOptions, type OutputArgs } from '../output/output.js';
import { resolveConformFlags } from '../resolve-conform.js';
import { startSimulatorTarget } from '../sim-target.js';

/** `fuzz`'s arguments as yargs gives them. */
export interface FuzzFlags extends Partial<OutputArgs> {
  config?: string | false;
  target?: string;
  version?: string;
  token?: string;
  limitedToken?: string;
  header?: string[];
  region?: string;
  runs?: number;
  seed?: number;
  path?: string;
  allowMutations?: boolean;
  timeBudget?: number;
  rate?: number;
  maxCommands?: number;
  timeout?: number;
  reportDir?: string;
}

/** What `fuzz` needs from outside: how to start the simulator (injectable for tests). */
export interface FuzzDeps {
  startSimulator: TargetFactory;
}

function versionsOf(value: string | undefined): Version[] {
  const text = value ?? 'all';
  if (text === 'all') return [...VERSIONS];
  if (!isVersion(text))
    throw new CliUsageError(`unknown version "${text}" (expected ${describeVersions()} or all)`, 'fuzz');
  return [text];
}

function positive(name: string, value: number | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min)
    throw new CliUsageError(
      `--${name} must be an integer of at least ${min}, got "${String(value)}"`,
      'fuzz',
    );
  return value;
}

/** Runs the fuzzer, writes the scenarios of its failures and the reports; 1 when it found something. */
export async function handleFuzz(
  flags: FuzzFlags,
  ctx: CliContext,
  deps: FuzzDeps = { startSimulator: startSimulatorTarget },
): Promise<number> {
  const out = new Output(ctx.io, flags);
  const resolved = resolveConformFlags({
    config: flags.config,
    target: flags.target,
    token: flags.token,
    limitedToken: flags.limitedToken,
    header: flags.header,
    region: flags.region,
    reportDir: flags.reportDir,
  });
  const revisions = versionsOf(flags.version);
  const runs = positive('runs', flags.runs, 1) ?? 100;
  const seed = flags.seed ?? Date.now() % 2 ** 31;
  if (!Number.isInteger(seed))
    throw new CliUsageError(`--seed must be an integer, got "${String(seed)}"`, 'fuzz');
  const rate = positive('rate', flags.rate, 1);
  const timeBudget = positive('time-budget', flags.timeBudget, 1);
  const maxCommands = positive('max-commands', flags.maxCommands, 1);
  const fetchFn = rate === undefined ? undefined : pThrottle({ limit: rate, interval: 1000 })(fetch);
  const http = {
    timeoutMs: positive('timeout', flags.timeout, 1) ?? CONFORM_DEFAULTS.timeout,
    retries: 0,
    fetchFn,
  };
  const opened = await openTarget(
    resolved.target,
    revisions,
    http,
    resolved.target.target === 'sim' ? deps.startSimulator : undefined,
  );
  if (!opened.ok) throw new CliError(opened.error, 2);
  const { target } = opened.open;
  try {
    const problem = await preflight(target, revisions, http);
    if (problem) throw new CliError(problem, 2);
    const mutations = target.isSimulator || flags.allowMutations === true;
    if (!mutations)
      out.text('Read-only sequences: pass --allow-mutations to create, change and remove on this target.\n');
    const startedAt = new Date().toISOString();
    const fuzz = await runFuzz({
      target,
      revisions,
      runs,
      seed,
      path: flags.path,
      mutations,
      maxCommands,
      timeBudgetMs: timeBudget === undefined ? undefined : timeBudget * 1000,
      http,
      // Each shrunk case is replayed on a fresh simulator before it is written.
      replayOn: deps.startSimulator,
    });
    const result = toRunResult(
      fuzz,
      { label: target.label, isSimulator: target.isSimulator },
      startedAt,
      mutations,
    );
    const secrets = [...secretValues(target.headers), ...secretValues(target.limitedHeaders ?? {})];
    const written = writeFuzzOutput(path.resolve(resolved.reportDir), fuzz, result, secrets);
    const rel = (f: string): string => path.relative(process.cwd(), f) || f;
    const lines = fuzz.revisions.map((r) => {
      const head = `${r.revision}: ${r.sequences} sequences, ${r.operations} operations`;
      if (!r.finding) return `${head}, no failure`;
      if (r.finding.fuzzerBug && r.finding.replay?.passed === false)
        return `${head}, FUZZER BUG: the shrunk case of ${r.finding.violation.invariant} at ${r.finding.violation.stepId} fails on a fresh simulator too (${r.finding.replay.message}); written to ${FUZZER_BUG_DIR}/, not a finding about the target`;
      return `${head}, FAILED ${r.finding.violation.invariant} at ${r.finding.violation.stepId}: ${r.finding.violation.message}\n  minimal sequence: ${r.finding.commands.join(' → ')}\n  replay the run: rm-harness fuzz --seed ${seed} --path ${r.finding.path} --version ${r.revision} --runs ${runs}`;
    });
    out.text(`Fuzz seed ${seed}, ${fuzz.operations} operations\n${lines.join('\n')}\n`);
    if (written.scenarios.length > 0) {
      out.text(
        `Scenarios (replay with: rm-harness conform --target … --scenarios-dir ${rel(path.dirname(written.scenarios[0] ?? ''))}):\n${written.scenarios.map((f) => `  ${rel(f)}`).join('\n')}\n`,
      );
    }
    out.text(
      `Reports:\n${Object.values(written.reports)
        .map((f) => `  ${rel(f)}`)
        .join('\n')}\n`,
    );
    out.json({
      seed,
      operations: fuzz.operations,
      revisions: fuzz.revisions.map((r) => ({
        revision: r.revision,
        sequences: r.sequences,
        operations: r.operations,
        failed: r.finding !== undefined,
        // Printed by JSON.stringify alone, which leaves out an undefined member as an absent one.
        invariant: r.finding?.violation.invariant,
        message: r.finding?.violation.message,
        path: r.finding?.path,
        replayedOnSimulator: r.finding?.replay,
      })),
      scenarios: written.scenarios,
      reports: written.reports,
    });
    return fuzz.revisions.some((r) => r.finding) ? 1 : 0;
  } finally {
    await opened.open.close();
  }
}

/** `rm-harness fuzz`: random stateful sequences from the contract, with invariants on every step. */
export const fuzzCommand = defineCommand<FuzzFlags>({
  command: 'fuzz',
  describe:
    'Send random, stateful operation sequences generated from the contract and check invariants on every step',
  builder: (y) =>
    withOutputOptions(y)
      .usage('$0 fuzz --target sim|URL|NAME [options]')
      .option('config', configOption)
      .option('target', {
        type: 'string',
        describe: '"sim", the endpoint URL or a target named in the config file',
      })
      .option('version', {
        type: 'string',
        defaultDescription: 'all',
        describe: `Revision(s): ${VERSIONS.join(', ')} or all`,
      })
      .option('token', { type: 'string', describe: 'Bearer token (as for conform)' })
      .option('limited-token', {
        type: 'string',
        describe: 'Token of a second tenant for the isolation checks',
      })
      .option('header', {
        type: 'string',
        array: true,
        describe: 'Extra request header name=value (repeatable)',
      })
      .option('region', { type: 'string', choices: ['us', 'eu', 'au'], describe: 'Region of the simulator' })
      .option('runs', {
        type: 'number',
        defaultDescription: '100',
        describe: 'Command sequences per revision',
      })
      .option('seed', {
        type: 'number',
        describe: 'Seed of the random generation (printed; reuse it to replay)',
      })
      .option('path', { type: 'string', describe: 'Replay path printed with a failure (with its --seed)' })
      .option('allow-mutations', {
        type: 'boolean',
        describe:
          'Create, change and remove on a target that is not the simulator (cleaned up after each sequence)',
      })
      .option('time-budget', {
        type: 'number',
        describe: 'Stop starting new sequences after this many seconds per revision',
      })
      .option('rate', { type: 'number', describe: 'At most this many requests per second' })
      .option('max-commands', { type: 'number', defaultDescription: '12', describe: 'Longest sequence' })
      .option('timeout', {
        type: 'number',
        defaultDescription: '10000',
        describe: 'Per-request timeout in ms',
      })
      .option('report-dir', {
        type: 'string',
        defaultDescription: 'reports',
        describe: `Where the ${REPORT_TITLES} reports (fuzz.*) go; failing sequences go to <dir>/fuzz/*.yaml`,
      })
      .example('$0 fuzz --target sim --runs 200 --seed 42', 'Fuzz the simulator')
      .example('$0 conform --target sim --scenarios-dir reports/fuzz', 'Replay what the fuzzer found'),
  handler: (args, ctx) => handleFuzz(args, ctx),
});
