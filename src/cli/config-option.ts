import type { Options } from 'yargs';
import { ConfigError } from '../config/errors.js';
import { CONFIG_FILE_NAME, loadConfig, type LoadedConfig } from '../config/load.js';
import { CliError, CliUsageError } from './context.js';

/** `--config <file>` of the commands that read the config file; `--no-config` ignores the default one. */
export const configOption = {
  type: 'string',
  describe: `Config file (default: ./${CONFIG_FILE_NAME} when present; --no-config ignores it); flags override it`,
} as const satisfies Options;

/** The config named by `--config` (or the default file); an unusable file is exit 2 with one line. */
export function readConfig(value: unknown, cwd = process.cwd()): LoadedConfig | undefined {
  if (Array.isArray(value)) throw new CliUsageError('--config was given more than once');
  if (value === '') throw new CliUsageError('--config needs a file name');
  try {
    return loadConfig(value === false ? false : typeof value === 'string' ? value : undefined, cwd);
  } catch (error) {
    // Not a CliUsageError: the fix is in the file, so "see --help" would not help.
    if (error instanceof ConfigError) throw new CliError(error.message, 2);
    throw error;
  }
}

/** The first value that is set: a flag, then the config file's layers, then the default. */
export function firstSet<T>(...values: (T | undefined)[]): T | undefined {
  return values.find((v) => v !== undefined);
}
