import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileOnFirstUse } from '../contract/json-schema.js';
import { parseTenants, TenantConfigError } from '../simulator/index.js';
import { ConfigError, describeSchemaErrors } from './errors.js';
import { CONFIG_SCHEMA, type ConformRunConfig, type HarnessConfig } from './schema.js';

/** The file looked for in the working directory when no `--config` is given. */
export const CONFIG_FILE_NAME = 'rm-harness.config.json';

/** A validated config file; its relative paths are already resolved against the file's folder. */
export interface LoadedConfig {
  /** The file as shown in messages (relative to the working directory when inside it). */
  file: string;
  config: HarnessConfig;
}

// verbose: the error formatter reads the description of forbidden (token) properties.
const configValidator = compileOnFirstUse<HarnessConfig>({ allErrors: true, verbose: true }, CONFIG_SCHEMA);

/**
 * The config in effect: `explicit` (must exist), none when `explicit` is false (`--no-config`), else
 * `rm-harness.config.json` of `cwd` when present. Throws {@link ConfigError} for an unusable file.
 */
export function loadConfig(
  explicit: string | false | undefined,
  cwd = process.cwd(),
): LoadedConfig | undefined {
  if (explicit === false) return undefined;
  const file = path.resolve(cwd, explicit ?? CONFIG_FILE_NAME);
  if (explicit === undefined && !existsSync(file)) return undefined;
  const relative = path.relative(cwd, file);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `${shown}: cannot read the config file (${code === 'ENOENT' ? 'no such file' : code})`,
    );
  }
  return { file: shown, config: parseConfig(text, shown, path.dirname(file)) };
}

/** Parses and validates a config file's text; `dir` is what its relative paths are relative to. */
export function parseConfig(text: string, shown: string, dir: string): HarnessConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${shown}: not valid JSON: ${jsonProblem(text, (error as Error).message)}`);
  }
  const validate = configValidator();
  if (!validate(json)) throw new ConfigError(`${shown}: ${describeSchemaErrors(validate.errors ?? [])}`);
  const problem = semanticProblem(json);
  if (problem) throw new ConfigError(`${shown}: ${problem}`);
  return withResolvedPaths(json, dir);
}

/** JSON.parse's message with a line and column instead of a bare character position. */
function jsonProblem(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message);
  if (!position?.[1] || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(position[1])).split('\n');
  const where = `line ${before.length} column ${(before.at(-1)?.length ?? 0) + 1}`;
  return message.replace(/ in JSON at position \d+/, '').concat(` (${where})`);
}

/** Checks the schema cannot express: unique tenants, known default target, no credentials in headers. */
function semanticProblem(config: HarnessConfig): string | undefined {
  const tenants = config.serve?.tenants;
  if (Array.isArray(tenants)) {
    try {
      parseTenants(tenants, '/serve/tenants');
    } catch (error) {
      if (error instanceof TenantConfigError) return error.message;
      throw error;
    }
  }
  const conform = config.conform;
  if (!conform) return undefined;
  const settings: [string, ConformRunConfig][] = [
    ['/conform', conform],
    ...Object.entries(conform.targets ?? {}).map(([name, t]): [string, ConformRunConfig] => [
      `/conform/targets/${name}`,
      t,
    ]),
  ];
  for (const [at, s] of settings) {
    const index = (s.header ?? []).findIndex((h) => /^\s*authorization\s*=/i.test(h));
    if (index >= 0)
      return `${at}/header/${index}: an authorization header is a token, and tokens are not read from the config file; use tokenEnv or --token`;
  }
  const target = conform.target;
  if (target !== undefined && target !== 'sim' && !target.includes('://') && !conform.targets?.[target]) {
    return `/conform/target names "${target}", which is not in /conform/targets`;
  }
  return undefined;
}

/** A copy of the config with dataDir, tenants, reportDir, baseline and scenariosDir made absolute against `dir`. */
function withResolvedPaths(config: HarnessConfig, dir: string): HarnessConfig {
  const copy = structuredClone(config);
  const at = (p: string): string => path.resolve(dir, p);
  const { serve, conform } = copy;
  if (serve?.dataDir !== undefined) serve.dataDir = at(serve.dataDir);
  if (typeof serve?.tenants === 'string') serve.tenants = at(serve.tenants);
  if (conform?.scenariosDir !== undefined) conform.scenariosDir = at(conform.scenariosDir);
  for (const run of conform ? [conform, ...Object.values(conform.targets ?? {})] : []) {
    if (run.reportDir !== undefined) run.reportDir = at(run.reportDir);
    if (run.baseline !== undefined) run.baseline = at(run.baseline);
  }
  return copy;
}
