import type { Options } from 'yargs';
import { describeVersions, isVersion, VERSIONS, type Version } from '../contract/versions.js';
import { CliUsageError } from './context.js';

/** Validates a `--version` value into a known revision, with the one-line message the CLI prints. */
export function parseVersionOption(value: unknown): Version {
  if (Array.isArray(value)) throw new CliUsageError('--version was given more than once');
  if (value === undefined || value === '') {
    throw new CliUsageError(`--version needs a value (${describeVersions()})`);
  }
  const text = String(value);
  if (!isVersion(text)) throw new CliUsageError(`unknown version "${text}" (expected ${describeVersions()})`);
  return text;
}

/** Validates a `--version` value that may also be `all` into the revisions it names. */
export function parseVersionsOption(value: unknown): Version[] {
  if (Array.isArray(value)) throw new CliUsageError('--version was given more than once');
  const text = String(value ?? '');
  if (text === 'all') return [...VERSIONS];
  if (!isVersion(text))
    throw new CliUsageError(`unknown version "${text}" (expected ${describeVersions()} or all)`);
  return [text];
}

/**
 * The required `--version <1.4.0|1.2.0>` option of commands that act on one revision. Validated by
 * coerce rather than yargs `choices`, whose multi-line "Invalid values" message is not one clear line.
 */
export const versionOption = {
  type: 'string',
  describe: `Contract revision (${VERSIONS.join(' or ')})`,
  demandOption: true,
  coerce: parseVersionOption,
} as const satisfies Options;
