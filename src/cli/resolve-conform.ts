import { VERSIONS, type Version } from '../contract/versions.js';
import { SCENARIO_DIR, type Shard } from '../conformance/preflight.js';
import { envValue, LIMITED_TOKEN_ENV, TOKEN_ENV, type Env } from '../config/env.js';
import type { ConformConfig, ConformRunConfig, TargetConfig } from '../config/schema.js';
import { firstSet, readConfig } from './config-option.js';
import { CliError, CliUsageError } from './context.js';
import type { OutputArgs } from './output/output.js';

/** Arguments of `conform`, resolved. */
export interface ConformArgs extends OutputArgs {
  target: string;
  version: Version[];
  token?: string;
  limitedToken?: string;
  header: string[];
  scenario: string[];
  tag: string[];
  allowMutations: boolean;
  /** Accept a run whose skips leave operations uncovered (verdict partial, exit 0). */
  allowPartial?: boolean;
  baseline?: string;
  reportDir: string;
  compare?: string;
  compareToken?: string;
  compareLimitedToken?: string;
  /** `--compare`: learn noise from a target identical to the primary (default true). */
  learnNoise?: boolean;
  timeout: number;
  retries: number;
  /** Requests per second at most (`--rate`); unlimited when absent. */
  rate?: number;
  /** Scenario × revision runs in flight at once. */
  concurrency?: number;
  /** Break each spec rule in a fresh simulator and report which the scenarios notice. */
  verifyRules?: boolean;
  /** Only this part of the runs (`--shard i/n`). */
  shard?: Shard;
  region: string;
  scenariosDir: string;
  drift: boolean;
  minOperationCoverage?: number;
  requireRules?: boolean;
  /** `any`: non-breaking differences fail the gate too. */
  failOn?: 'breaking' | 'any';
}

/** Defaults of `conform`, applied after the flags, the named target and the config file's `conform` section. */
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

/** `conform`'s arguments as yargs gives them: absent flags are undefined. */
export type ConformFlags = Partial<ConformArgs> & { config?: string | false };

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
  return {
    ...flags,
    target: chosen.url,
    version: flags.version ?? (fileVersion === 'all' ? [...VERSIONS] : [fileVersion]),
    token,
    limitedToken: tokenOf(
      flags.limitedToken,
      chosen,
      chosen.settings?.limitedTokenEnv,
      LIMITED_TOKEN_ENV,
      env,
    ),
    header: headers,
    scenario: flags.scenario ?? [],
    tag: flags.tag ?? [],
    allowMutations: flags.allowMutations ?? setting('allowMutations') ?? CONFORM_DEFAULTS.allowMutations,
    baseline: flags.baseline ?? setting('baseline'),
    reportDir: flags.reportDir ?? setting('reportDir') ?? CONFORM_DEFAULTS.reportDir,
    compare: compare?.url,
    // Without --compare-token, conform falls back to the primary token unless a named target declares its own.
    compareToken: flags.compareToken ?? declaredToken(compare?.settings?.tokenEnv, env),
    compareLimitedToken: flags.compareLimitedToken ?? declaredToken(compare?.settings?.limitedTokenEnv, env),
    timeout: flags.timeout ?? setting('timeout') ?? CONFORM_DEFAULTS.timeout,
    retries: flags.retries ?? setting('retries') ?? CONFORM_DEFAULTS.retries,
    region: flags.region ?? setting('region') ?? CONFORM_DEFAULTS.region,
    scenariosDir: flags.scenariosDir ?? file.scenariosDir ?? SCENARIO_DIR,
    drift: flags.drift ?? file.drift ?? CONFORM_DEFAULTS.drift,
    minOperationCoverage: flags.minOperationCoverage ?? file.minOperationCoverage,
    requireRules: flags.requireRules ?? file.requireRules ?? CONFORM_DEFAULTS.requireRules,
    failOn: flags.failOn ?? file.failOn ?? CONFORM_DEFAULTS.failOn,
  };
}
