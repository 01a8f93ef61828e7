import type { Argv } from 'yargs';
import { CliUsageError } from './errors.js';

/** Prefix of the environment variable of every command option: `--data-dir` is `RM_HARNESS_DATA_DIR`. */
export const ENV_PREFIX = 'RM_HARNESS_';

/**
 * Options that keep the variables they had before every option got one: the tokens, because a named
 * target's own `tokenEnv` must win over `RM_HARNESS_TOKEN` (resolve-conform.ts reads them in that order).
 */
const OWN_ENV = new Set(['token', 'limited-token', 'admin-token', 'help']);

/** The parts of yargs' option table this module reads (yargs' `getOptions()`, untyped in @types/yargs). */
interface OptionTable {
  key: Record<string, unknown>;
  alias: Record<string, string[]>;
  boolean: string[];
  number: string[];
  array: string[];
  default: Record<string, unknown>;
}

/** `data-dir` → `RM_HARNESS_DATA_DIR`. */
export function envNameOf(option: string): string {
  return (
    ENV_PREFIX +
    option
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/-/g, '_')
      .toUpperCase()
  );
}

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

function coerce(option: string, raw: string, table: OptionTable): unknown {
  const name = envNameOf(option);
  if (table.boolean.includes(option)) {
    const v = raw.toLowerCase();
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
    throw new CliUsageError(`${name} must be true or false, not "${raw}"`);
  }
  if (table.number.includes(option)) {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n))
      throw new CliUsageError(`${name} must be a number, not "${raw}"`);
    return table.array.includes(option) ? [n] : n;
  }
  // A list option takes comma-separated values (`RM_HARNESS_HEADER=a=b,c=d`).
  if (table.array.includes(option))
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return raw;
}

/** Whether the command line names the option (any alias, `--x`, `--x=…`, `--no-x`, `-x`). */
function given(option: string, table: OptionTable, argv: readonly string[]): boolean {
  const names = [option, ...(table.alias[option] ?? [])];
  return argv.some((token) =>
    names.some((n) => {
      const flag = n.length === 1 ? `-${n}` : `--${n}`;
      return token === flag || token.startsWith(`${flag}=`) || token === `--no-${n}`;
    }),
  );
}

/**
 * Gives every option of a command the environment variable `RM_HARNESS_<OPTION>` (issue: "every serve/conform
 * flag also readable from an RM_HARNESS_* variable"). Precedence: the flag, then the variable, then the config
 * file, then the default; a variable therefore fills an option only when the command line does not name it.
 * yargs' own `.env()` is not used: under `.strict()` it turns any unrelated `RM_HARNESS_*` variable into an
 * unknown-option error, and it would let `RM_HARNESS_TOKEN` override a named target's token variable.
 */
export function withEnvOptions<T>(
  y: Argv<T>,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Argv<T> {
  return y.middleware((args) => {
    const table = (y as unknown as { getOptions(): OptionTable }).getOptions();
    for (const option of Object.keys(table.key)) {
      if (OWN_ENV.has(option) || option.length === 1 || /[A-Z]/.test(option)) continue;
      const raw = env[envNameOf(option)];
      if (raw === undefined || raw === '' || given(option, table, argv)) continue;
      const value = coerce(option, raw, table);
      const camel = option.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
      const record = args as Record<string, unknown>;
      record[option] = value;
      record[camel] = value;
      for (const alias of table.alias[option] ?? []) record[alias] = value;
    }
  }, true);
}
