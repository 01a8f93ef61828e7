import type { Options } from 'yargs';
import type { ServeConfig } from '../config/schema.js';
import { loadTenantsFile, profileNames, TenantConfigError, type TenantConfig } from '../simulator/index.js';
import { configOption, firstSet } from './config-option.js';
import { CliUsageError } from './context.js';

/** Defaults of the store options, applied after the flags and the config file's `serve` section. */
export const STORE_DEFAULTS = { dataDir: '.data', profile: 'default' } as const;

/**
 * Options shared by `serve` and `seed`: where the stores live and what they are seeded with. They have
 * no yargs defaults, so an absent flag is undefined and the config file can fill it.
 */
export const storeOptions = {
  config: configOption,
  'data-dir': {
    type: 'string',
    defaultDescription: STORE_DEFAULTS.dataDir,
    describe: 'Folder of the store files (one per tenant and region)',
  },
  seed: { type: 'number', describe: 'Fixture seed (default: fixtures/profiles.json defaultSeed)' },
  profile: {
    type: 'string',
    defaultDescription: STORE_DEFAULTS.profile,
    describe: `Fixture profile (${profileNames().join(', ')})`,
    coerce: (value: unknown) => {
      const name = String(value);
      if (!profileNames().includes(name)) {
        throw new CliUsageError(`unknown profile "${name}" (expected ${profileNames().join(', ')})`);
      }
      return name;
    },
  },
  tenants: {
    type: 'string',
    describe: 'JSON file with the tenants (default: dev-token and dev-token-limited)',
  },
} as const satisfies Record<string, Options>;

/** Parsed values of {@link storeOptions}, after the config file and the defaults are applied. */
export interface StoreArgs {
  dataDir: string;
  seed?: number;
  profile: string;
  /** A tenants file. */
  tenants?: string;
  /** Tenants given inline in the config file (already validated); a `--tenants` flag wins over them. */
  tenantList?: TenantConfig[];
}

/** The store options as yargs gives them: absent flags are undefined. */
export interface StoreFlags {
  config?: string | false;
  dataDir?: string;
  seed?: number;
  profile?: string;
  tenants?: string;
}

/** Store settings in effect: a flag, else the config file's `serve` section, else the default. */
export function resolveStoreFlags(flags: StoreFlags, file: ServeConfig = {}): StoreArgs {
  const tenants = flags.tenants ?? (typeof file.tenants === 'string' ? file.tenants : undefined);
  return {
    dataDir: firstSet(flags.dataDir, file.dataDir) ?? STORE_DEFAULTS.dataDir,
    seed: firstSet(flags.seed, file.seed),
    profile: firstSet(flags.profile, file.profile) ?? STORE_DEFAULTS.profile,
    tenants,
    tenantList: flags.tenants === undefined && Array.isArray(file.tenants) ? file.tenants : undefined,
  };
}

/** Checks `--seed` and reads `--tenants`; misuse is a usage error (exit 2). */
export function resolveStoreArgs(args: StoreArgs): { seed?: number; tenants?: TenantConfig[] } {
  if (args.seed !== undefined && (!Number.isSafeInteger(args.seed) || args.seed < 0)) {
    throw new CliUsageError(`--seed must be a non-negative integer (got ${String(args.seed)})`);
  }
  if (args.tenantList) return { seed: args.seed, tenants: args.tenantList };
  try {
    return {
      seed: args.seed,
      tenants: args.tenants === undefined ? undefined : loadTenantsFile(args.tenants),
    };
  } catch (error) {
    if (error instanceof TenantConfigError) throw new CliUsageError(error.message);
    throw error;
  }
}
