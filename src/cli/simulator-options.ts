import type { Options } from 'yargs';
import { profileNames } from '../domain/profile.js';
import { loadTenantsFile, TenantConfigError, type TenantConfig } from '../server/index.js';
import { CliUsageError } from './context.js';

/** Options shared by `serve` and `seed`: where the stores live and what they are seeded with. */
export const storeOptions = {
  'data-dir': {
    type: 'string',
    default: '.data',
    describe: 'Folder of the store files (one per tenant and region)',
  },
  seed: { type: 'number', describe: 'Fixture seed (default: fixtures/profiles.json defaultSeed)' },
  profile: {
    type: 'string',
    default: 'default',
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

/** Parsed values of {@link storeOptions}. */
export interface StoreArgs {
  dataDir: string;
  seed?: number;
  profile: string;
  tenants?: string;
}

/** Checks `--seed` and reads `--tenants`; misuse is a usage error (exit 2). */
export function resolveStoreArgs(args: StoreArgs): { seed?: number; tenants?: TenantConfig[] } {
  if (args.seed !== undefined && (!Number.isSafeInteger(args.seed) || args.seed < 0)) {
    throw new CliUsageError(`--seed must be a non-negative integer (got ${String(args.seed)})`);
  }
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
