import path from 'node:path';
import type { Options } from 'yargs';
import { VERSIONS } from '../../contract/versions.js';
import { CONFORM_DEFAULTS, parseShard, type Shard, type TargetFactory } from '../../conformance/preflight.js';
import { LIMITED_TOKEN_ENV, TOKEN_ENV } from '../../config/env.js';
import { configOption } from '../config-option.js';
import { precheckConform } from '../conform-precheck.js';
import { parseVersionsOption } from '../options.js';
import { CliError, CliUsageError, defineCommand, type CliContext } from '../context.js';
import { Output, withOutputOptions } from '../output/output.js';
import type { Progress } from '../output/progress.js';
import { resolveConformFlags, type ConformArgs, type ConformFlags } from '../resolve-conform.js';
import { rateOption } from '../rate-option.js';

/** What `conform` needs from outside: how to start the simulator (injectable for tests). */
export interface ConformDeps {
  startSimulator: () => Promise<TargetFactory | undefined>;
  /** The simulator `--verify-rules` breaks rules in; the in-process one by default. */
  startRuleBreakingSimulator?: () => Promise<TargetFactory | undefined>;
}

// The simulator (the server behind it) is imported only when a run starts it.
const ruleBreakingSimulator = async (): Promise<TargetFactory> =>
  (await import('../sim-target.js')).startRuleBreakingSimulator;
const defaultDeps: ConformDeps = {
  startSimulator: async () => (await import('../sim-target.js')).startSimulatorTarget,
  startRuleBreakingSimulator: ruleBreakingSimulator,
};

function percent(value: unknown): number {
  const n = Number(value);
  if (
    Array.isArray(value) ||
    typeof value === 'boolean' ||
    String(value).trim() === '' ||
    !Number.isFinite(n) ||
    n < 0 ||
    n > 100
  ) {
    throw new CliUsageError(
      `--min-operation-coverage must be a percentage from 0 to 100, got "${String(value)}"`,
    );
  }
  return n;
}

function nonNegativeInt(name: string, min: number) {
  return (value: unknown): number => {
    const n = Number(value);
    if (Array.isArray(value) || !Number.isInteger(n) || n < min) {
      throw new CliUsageError(`--${name} must be an integer of at least ${min}, got "${String(value)}"`);
    }
    return n;
  };
}

function shardOf(value: unknown): Shard {
  const shard = parseShard(Array.isArray(value) ? '' : String(value));
  if ('error' in shard) throw new CliUsageError(shard.error);
  return shard;
}

// No yargs defaults for what the config file can set: an absent flag must stay undefined.
const list = { type: 'string', array: true } as const satisfies Options;

/** Runs the scenarios against the target(s), writes the reports and returns the exit code. */
export async function handleConform(
  args: ConformArgs,
  ctx: CliContext,
  deps: ConformDeps = defaultDeps,
): Promise<number> {
  precheckConform(args);
  // The runner, the reports and the contract behind them load only once the arguments are known good.
  // One after the other: modules loaded by concurrent import()s that share dependencies trip jest's ESM
  // loader ("request for … is not in cache"), and the first import brings the others' dependencies anyway.
  const { exitCodeOf, renderConsole, runConformance, verdictOf } = await import('../../conformance/index.js');
  const { scrubSecrets } = await import('../../secrets/index.js');
  const { conformSummary } = await import('../output/conform-summary.js');
  const out = new Output(ctx.io, args);
  let bar: Progress | undefined;
  let done = 0;
  const run = await runConformance(args, {
    startSimulator: deps.startSimulator,
    startRuleBreakingSimulator: deps.startRuleBreakingSimulator ?? ruleBreakingSimulator,
    onPlanned: (runs) => {
      bar = out.progress('conform', runs);
    },
    onResult: (r) => bar?.update(++done, `${r.scenarioId} [${r.revision}]`),
    onRule: (rule) => bar?.update(done, `verifying ${rule}`),
  }).finally(() => bar?.stop());
  if (!run.ok) {
    if (run.error.kind === 'usage') throw new CliUsageError(run.error.message, 'conform');
    throw new CliError(run.error.message, 2);
  }
  const { result, reports, secrets } = run.done;
  out.text(renderConsole(result, out.colors));
  out.text(
    `Reports:\n${Object.values(reports)
      .map((f) => `  ${path.relative(process.cwd(), f) || f}`)
      .join('\n')}\n`,
  );
  // Scrubbed like the reports: the target label is a URL a user may have put a secret in.
  out.json(conformSummary(result, reports), (text) => scrubSecrets(text, secrets));
  for (const failure of result.gate?.failures ?? []) out.error(`coverage gate failed: ${failure}`);
  if (verdictOf(result) === 'partial' && exitCodeOf(result) !== 0) {
    const uncovered = (result.skips?.uncovered ?? []).map((u) => `${u.operations.length} of ${u.revision}`);
    out.quietFailure(
      `partial: skipped scenarios left operations uncovered (${uncovered.join(', ')}); pass --allow-partial to accept that; see ${path.relative(process.cwd(), reports.markdown) || reports.markdown}`,
    );
  }
  if (!result.summary.conforms) {
    const s = result.summary;
    out.quietFailure(
      `does not conform: ${s.breaking} breaking difference(s), ${s.failed} failed, ${s.errors + s.networkErrors} errors${s.unavailable > 0 ? `, ${s.unavailable} unavailable` : ''}; see ${path.relative(process.cwd(), reports.markdown) || reports.markdown}`,
    );
  }
  return exitCodeOf(result);
}

/** `rm-harness conform`: replays the conformance scenarios against the simulator or a real endpoint. */
export const conformCommand = defineCommand<ConformFlags>({
  command: 'conform',
  describe: 'Replay the conformance scenarios against the simulator or an endpoint and report differences',
  builder: (y) =>
    withOutputOptions(y)
      .usage('$0 conform --target sim|URL|NAME [options]')
      .option('config', configOption)
      .option('target', {
        type: 'string',
        describe:
          '"sim" (the simulator, started in-process on a fresh in-memory store), the endpoint URL ({version} is replaced per revision) or a target named in the config file; required unless the config file has "target"',
      })
      .option('version', {
        type: 'string',
        defaultDescription: CONFORM_DEFAULTS.version,
        describe: `Revision(s) to check: ${VERSIONS.join(', ')} or all`,
        coerce: parseVersionsOption,
      })
      .option('token', {
        type: 'string',
        describe: `Bearer token (sim: dev-token; a URL: env ${TOKEN_ENV}; a named target: the env var of its tokenEnv)`,
      })
      .option('limited-token', {
        type: 'string',
        describe: `Bearer token of a second, limited tenant for steps with "as: limited" (sim: dev-token-limited; a URL: env ${LIMITED_TOKEN_ENV}; a named target: its limitedTokenEnv); without one such scenarios are skipped`,
      })
      .option('header', { ...list, describe: 'Extra request header name=value (repeatable)' })
      .option('scenario', {
        ...list,
        describe: 'Only scenarios whose id or file matches this glob (repeatable)',
      })
      .option('tag', { ...list, describe: 'Only scenarios with this tag or data area (repeatable)' })
      .option('allow-mutations', {
        type: 'boolean',
        defaultDescription: 'false',
        describe: 'Run scenarios tagged "mutates" against a target that is not the simulator',
      })
      .option('allow-partial', {
        type: 'boolean',
        defaultDescription: 'false',
        describe:
          'Accept a partial run: without it, a run whose skipped scenarios leave operations uncovered ends PARTIAL with exit 3 (a met --min-operation-coverage accepts it too)',
      })
      .option('baseline', {
        type: 'string',
        describe: 'A previous JSON report: only new failures fail the run',
      })
      .option('report-dir', {
        type: 'string',
        defaultDescription: CONFORM_DEFAULTS.reportDir,
        // Named without the report registry, which would load the renderers before a usage error is answered.
        describe: 'Where the reports go: conformance.* (one file per report format)',
      })
      .option('compare', {
        type: 'string',
        describe:
          'Differential mode: also run against this target (sim, URL or a named target) and report structural differences',
      })
      .option('compare-token', {
        type: 'string',
        describe: 'Token for the --compare target (default: --token)',
      })
      .option('compare-limited-token', {
        type: 'string',
        describe: 'Limited-tenant token for the --compare target (default: --limited-token)',
      })
      .option('learn-noise', {
        type: 'boolean',
        defaultDescription: 'true',
        describe:
          '--compare: run the scenarios once more against a target identical to the primary (a second simulator for sim, else the primary again); a difference seen there too is noise, reported apart and never a failure (--no-learn-noise to skip)',
      })
      .option('timeout', {
        type: 'number',
        defaultDescription: String(CONFORM_DEFAULTS.timeout),
        describe: 'Per-request timeout in ms',
        coerce: nonNegativeInt('timeout', 1),
      })
      .option('retries', {
        type: 'number',
        defaultDescription: String(CONFORM_DEFAULTS.retries),
        describe:
          'Retries of a request after a network failure; busy answers (429/503) are retried separately, honouring Retry-After',
        coerce: nonNegativeInt('retries', 0),
      })
      .option('rate', rateOption)
      .option('shard', {
        type: 'string',
        describe:
          'Run only part i of n of the scenario × revision runs (e.g. 2/3; chosen by a hash of scenario id and revision); merge the shards\' JSON reports with "report merge"',
        coerce: shardOf,
      })
      .option('concurrency', {
        type: 'number',
        defaultDescription: '1',
        describe:
          'Scenario × revision runs in flight at once (steps of a scenario stay in order); keep 1 for a shared tenant unless scenarios are independent',
        coerce: nonNegativeInt('concurrency', 1),
      })
      .option('region', {
        type: 'string',
        defaultDescription: CONFORM_DEFAULTS.region,
        choices: ['us', 'eu', 'au'],
        describe: 'Region of the simulator (and of {region} in a URL)',
      })
      .option('scenarios-dir', {
        type: 'string',
        defaultDescription: 'conformance/',
        describe: 'Folder of scenario YAML files',
      })
      .option('drift', {
        type: 'boolean',
        defaultDescription: 'true',
        describe: 'Introspect the target and diff it against the contract (--no-drift to skip)',
      })
      .option('min-operation-coverage', {
        type: 'number',
        describe:
          "CI gate: exit 1 when the executed steps exercise less than this percentage of either revision's operations",
        coerce: percent,
      })
      .option('require-rules', {
        type: 'boolean',
        defaultDescription: 'false',
        describe:
          'CI gate: exit 1 when a rule of conformance/spec-rules.yaml is cited by no scenario (with --verify-rules: is not verified)',
      })
      .option('verify-rules', {
        type: 'boolean',
        defaultDescription: 'false',
        describe:
          'Prove the spec rules: for each, run the scenarios citing it against a fresh simulator with that rule broken; verified when a MUST expectation fails',
      })
      .option('fail-on', {
        type: 'string',
        defaultDescription: CONFORM_DEFAULTS.failOn,
        describe:
          'CI gate: "breaking" fails the run on breaking differences only; "any" also on non-breaking ones (extra fields, missed SHOULD expectations)',
        coerce: (value: unknown): 'breaking' | 'any' => {
          if (value === 'breaking' || value === 'any') return value;
          throw new CliUsageError(`--fail-on must be "breaking" or "any" (got "${String(value)}")`);
        },
      })
      .example('$0 conform --target sim --version all', 'Check the simulator against both revisions')
      .example(
        '$0 conform --target https://host/{version}/public-api/graphql --version 1.4.0 --token $TOKEN',
        'Check a real endpoint (read-only scenarios)',
      )
      .example(
        '$0 conform --target sim --version all --min-operation-coverage 100 --require-rules --fail-on any',
        'The CI run: fail on any difference, on operation coverage below 100% or on an uncited spec rule',
      ),
  handler: (args, ctx) => handleConform(resolveConformFlags(args), ctx),
});
