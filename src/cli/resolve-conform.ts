import { VERSIONS, type Version } from '../contract/versions.js';
import {
  CONFORM_DEFAULTS,
  createPacer,
  gateOf,
  SCENARIO_DIR,
  type ConformSettings,
  type Shard,
} from '../conformance/preflight.js';
import { envValue, LIMITED_TOKEN_ENV, TOKEN_ENV, type Env } from '../config/env.js';
import type { ConformConfig, ConformRunConfig, TargetConfig } from '../config/schema.js';
import { firstSet, readConfig } from './config-option.js';
import { CliError, CliUsageError } from './context.js';
import type { OutputArgs } from './output/output.js';

/** `conform`'s flags as yargs gives them: absent flags are undefined (the config file may set them). */
export interface ConformFlags extends OutputArgs {
  config?: string | false;
  target?: string;
  version?: Version[];
  token?: string;
  limitedToken?: string;
  header?: string[];
  scenario?: string[];
  tag?: string[];
  allowMutations?: boolean;
  allowPartial?: boolean;
  baseline?: string;
  reportDir?: string;
  compare?: string;
  compareToken?: string;
  compareLimitedToken?: string;
  learnNoise?: boolean;
  timeout?: number;
  retries?: number;
  /** Requests per second at most (`--rate`); unlimited when absent. */
  rate?: number;
  concurrency?: number;
  verifyRules?: boolean;
  shard?: Shard;
  region?: string;
  scenariosDir?: string;
  drift?: boolean;
  minOperationCoverage?: number;
  requireRules?: boolean;
  failOn?: 'breaking' | 'any';
}

/** `conform`'s arguments, resolved: the run's settings, built once here, and how to print. */
export type ConformArgs = ConformSettings & OutputArgs;

/** A `--target`/`--compare` value made concrete: the URL (or `sim`) and the named target it came from. */
interface ChosenTarget {
  name?: string;
  url: string;
  settings?: TargetConfig;
}

function choose(ref: string, file: ConformConfig, flag: string): ChosenTarget {
  const named = file.targets?.[ref];
  if (named) return { name: ref, url: named.url, settings: named };
  const names = Object.keys(file.targets ?? {});
  if (ref !== 'sim' && !ref.includes('://') && names.length > 0) {
    throw new CliUsageError(
      `unknown ${flag} "${ref}" (expected sim, a URL or a target of the config file: ${names.join(', ')})`,
      'conform',
    );
  }
  return { url: ref };
}

/**
 * A token: the flag, else the variable the named target declares, else the default variable. The
 * simulator has its own dev tokens, so default variables (meant for a real endpoint) do not apply to it.
 */
function tokenOf(
  flag: string | undefined,
  chosen: ChosenTarget,
  declared: string | undefined,
  fallbackEnv: string,
  env: Env,
): string | undefined {
  if (flag !== undefined) return flag;
  if (declared !== undefined) return declaredToken(declared, env);
  return chosen.url === 'sim' ? undefined : envValue(env, fallbackEnv);
}

function declaredToken(name: string | undefined, env: Env): string | undefined {
  return name === undefined ? undefined : envValue(env, name);
}

/**
 * The settings `conform` runs with. `--target <name>` (or `conform.target`) picks a named target of the
 * config file; each setting comes from its flag, else that target, else the `conform` section, else
 * the default. Tokens come from flags or environment variables only.
 */
export function resolveConformFlags(flags: ConformFlags, env: Env = process.env): ConformArgs {
  const file = readConfig(flags.config)?.config.conform ?? {};
  const ref = firstSet(flags.target, file.target);
  if (ref === undefined)
    throw new CliUsageError('missing required option --target (or "target" in the config file)', 'conform');
  const chosen = choose(ref, file, '--target');
  const target: ConformRunConfig = chosen.settings ?? {};
  const setting = <K extends keyof ConformRunConfig>(key: K): ConformRunConfig[K] =>
    firstSet(target[key], file[key]);
  const token = tokenOf(flags.token, chosen, chosen.settings?.tokenEnv, TOKEN_ENV, env);
  const headers = flags.header ?? setting('header') ?? [];
  const tokenEnv = chosen.settings?.tokenEnv;
  if (
    token === undefined &&
    tokenEnv !== undefined &&
    chosen.url !== 'sim' &&
    !headers.some((h) => /^\s*authorization\s*=/i.test(h))
  ) {
    throw new CliError(
      `target "${chosen.name}" takes its token from $${tokenEnv}, which is not set (or pass --token)`,
      2,
    );
  }
  const compare = flags.compare === undefined ? undefined : choose(flags.compare, file, '--compare');
  const fileVersion = setting('version') ?? CONFORM_DEFAULTS.version;
  const region = flags.region ?? setting('region') ?? CONFORM_DEFAULTS.region;
  const limitedToken = tokenOf(
    flags.limitedToken,
    chosen,
    chosen.settings?.limitedTokenEnv,
    LIMITED_TOKEN_ENV,
    env,
  );
  return {
    json: flags.json,
    quiet: flags.quiet,
    scenariosDir: flags.scenariosDir ?? file.scenariosDir ?? SCENARIO_DIR,
    scenarioGlobs: flags.scenario ?? [],
    tags: flags.tag ?? [],
    baselineFile: flags.baseline ?? setting('baseline'),
    target: { target: chosen.url, token, limitedToken, headers, region },
    // Without --compare-token, conform falls back to the primary token unless a named target declares its own.
    compare: compare && {
      target: compare.url,
      token: flags.compareToken ?? declaredToken(compare.settings?.tokenEnv, env) ?? token,
      limitedToken:
        flags.compareLimitedToken ?? declaredToken(compare.settings?.limitedTokenEnv, env) ?? limitedToken,
      headers,
      region,
    },
    learnNoise: flags.learnNoise,
    revisions: flags.version ?? (fileVersion === 'all' ? [...VERSIONS] : [fileVersion]),
    allowMutations: flags.allowMutations ?? setting('allowMutations') ?? CONFORM_DEFAULTS.allowMutations,
    allowPartial: flags.allowPartial,
    http: {
      timeoutMs: flags.timeout ?? setting('timeout') ?? CONFORM_DEFAULTS.timeout,
      retries: flags.retries ?? setting('retries') ?? CONFORM_DEFAULTS.retries,
      pace: flags.rate === undefined ? undefined : createPacer(flags.rate),
    },
    drift: flags.drift ?? file.drift ?? CONFORM_DEFAULTS.drift,
    gate: gateOf({
      minOperationCoverage: flags.minOperationCoverage ?? file.minOperationCoverage,
      requireRules: flags.requireRules ?? file.requireRules ?? CONFORM_DEFAULTS.requireRules,
      failOn: flags.failOn ?? file.failOn ?? CONFORM_DEFAULTS.failOn,
    }),
    verifyRules: flags.verifyRules,
    shard: flags.shard,
    concurrency: flags.concurrency,
    reportDir: flags.reportDir ?? setting('reportDir') ?? CONFORM_DEFAULTS.reportDir,
  };
}
