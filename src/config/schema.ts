import { VERSIONS, type Version } from '../contract/versions.js';
import { FAULTS_SCHEMA, type FaultConfig } from '../server/index.js';
import {
  DEFAULT_LEASE_MS,
  DEFAULT_STORE_BUDGET,
  profileNames,
  REGIONS,
  TENANT_SCHEMA,
  type EventRetention,
  type Limits,
  type Region,
  type TenantConfig,
} from '../simulator/index.js';
import { ADMIN_TOKEN_ENV, LIMITED_TOKEN_ENV, TOKEN_ENV } from './env.js';

/** Settings of a conformance run that a named target and the `conform` section may both give. */
export interface ConformRunConfig {
  version?: Version | 'all';
  region?: Region;
  header?: string[];
  allowMutations?: boolean;
  timeout?: number;
  retries?: number;
  reportDir?: string;
  baseline?: string;
}

/** A named target of `conform.targets`: where it is and which environment variables hold its tokens. */
export interface TargetConfig extends ConformRunConfig {
  /** `sim` or the endpoint URL (`{version}` and `{region}` are replaced as with `--target`). */
  url: string;
  /** Environment variable with the bearer token (default RM_HARNESS_TOKEN). */
  tokenEnv?: string;
  /** Environment variable with the limited tenant's token (default RM_HARNESS_LIMITED_TOKEN). */
  limitedTokenEnv?: string;
}

/** The `conform` section. */
export interface ConformConfig extends ConformRunConfig {
  /** Target used when `--target` is absent: a name of `targets`, `sim` or a URL. */
  target?: string;
  targets?: Record<string, TargetConfig>;
  scenariosDir?: string;
  drift?: boolean;
  minOperationCoverage?: number;
  requireRules?: boolean;
  /** `any`: non-breaking differences fail the run too (`--fail-on`). */
  failOn?: 'breaking' | 'any';
}

/** The `serve` section (the store settings also apply to `seed`). */
export interface ServeConfig {
  host?: string;
  port?: number;
  dataDir?: string;
  inMemory?: boolean;
  seed?: number;
  profile?: string;
  /** A tenants file, or the tenants themselves. */
  tenants?: string | TenantConfig[];
  limits?: Partial<Limits>;
  /** How long each store keeps change events (--event-retention-count, --event-retention-days). */
  eventRetention?: EventRetention;
  /** Faults active from start-up, in the shape `PUT /__admin/faults` takes. */
  faults?: FaultConfig;
  /** Seconds of a store lock's lease (`--store-lease`, A-460). */
  storeLease?: number;
  /** Most stores open at once (`--max-open-stores`, A-462). */
  maxOpenStores?: number;
  /** Most MiB of open stores' files (`--store-memory-budget`, A-462). */
  storeMemoryBudget?: number;
  /** Seconds after which an idle store is closed; 0 never (`--store-idle-close`, A-462). */
  storeIdleClose?: number;
}

/** A whole `rm-harness.config.json`. */
export interface HarnessConfig {
  serve?: ServeConfig;
  conform?: ConformConfig;
}

/** A property that must not be set: tokens come from the environment, never from the file. */
function secret(hint: string) {
  return { not: {}, description: `Tokens are not read from the config file; ${hint}.` };
}

const positiveInteger = { type: 'integer', minimum: 1 } as const;
const MIB = 1024 * 1024;
const nonEmpty = { type: 'string', minLength: 1 } as const;
const envName = {
  type: 'string',
  pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
  description: 'Name of an environment variable',
} as const;

const RUN_PROPERTIES = {
  version: { enum: [...VERSIONS, 'all'], description: 'Revision(s) to check (--version)' },
  region: { enum: [...REGIONS], description: 'Region (--region)' },
  header: {
    type: 'array',
    items: { type: 'string', pattern: '^[^=]+=' },
    description: 'Extra request headers "name=value" (--header); never an authorization header',
  },
  allowMutations: { type: 'boolean', description: '--allow-mutations' },
  timeout: { ...positiveInteger, description: 'Per-request timeout in ms (--timeout)' },
  retries: { type: 'integer', minimum: 0, description: '--retries' },
  reportDir: { ...nonEmpty, description: 'Report folder, relative to the config file (--report-dir)' },
  baseline: { ...nonEmpty, description: 'Baseline report, relative to the config file (--baseline)' },
} as const;

const TARGET_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: {
      type: 'string',
      pattern: '^(sim|https?://.+)$',
      description: '"sim" or the endpoint URL ({version} and {region} are replaced)',
    },
    tokenEnv: {
      ...envName,
      description: `Environment variable with the bearer token (default ${TOKEN_ENV})`,
    },
    limitedTokenEnv: {
      ...envName,
      description: `Environment variable with the limited tenant's token (default ${LIMITED_TOKEN_ENV})`,
    },
    ...RUN_PROPERTIES,
    token: secret('name an environment variable in tokenEnv, or pass --token'),
    limitedToken: secret('name an environment variable in limitedTokenEnv, or pass --limited-token'),
  },
} as const;

/** JSON Schema of the config file; `rm-harness.config.schema.json` at the repository root is generated from it. */
export const CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'rm-harness configuration (rm-harness.config.json)',
  description:
    'Settings of rm-harness commands; command-line flags override them. Tokens come from environment variables, never from this file.',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    serve: {
      type: 'object',
      additionalProperties: false,
      description: 'rm-harness serve (and the store settings of rm-harness seed)',
      properties: {
        host: { ...nonEmpty, description: '--host' },
        port: { type: 'integer', minimum: 0, maximum: 65535, description: '--port (0 picks a free one)' },
        dataDir: { ...nonEmpty, description: 'Store folder, relative to the config file (--data-dir)' },
        inMemory: { type: 'boolean', description: '--in-memory' },
        seed: { type: 'integer', minimum: 0, description: '--seed' },
        profile: { enum: profileNames(), description: '--profile' },
        tenants: {
          description: 'A tenants file (relative to the config file) or the tenants themselves (--tenants)',
          oneOf: [nonEmpty, { type: 'array', minItems: 1, items: TENANT_SCHEMA }],
        },
        limits: {
          type: 'object',
          additionalProperties: false,
          description: 'Request limits (--max-body-bytes, --max-depth, …)',
          properties: {
            maxBodyBytes: positiveInteger,
            maxDepth: positiveInteger,
            maxAliases: positiveInteger,
            maxComplexity: positiveInteger,
            maxPageSize: { type: 'integer', minimum: 500 },
            maxResponseFields: positiveInteger,
            maxResponseBytes: positiveInteger,
            maxStoreRecords: positiveInteger,
            maxStoreBytes: positiveInteger,
            maxCompiledQueries: positiveInteger,
            maxCompiledOperations: positiveInteger,
          },
        },
        eventRetention: {
          type: 'object',
          additionalProperties: false,
          description:
            'How long each store keeps change events (--event-retention-count, --event-retention-days)',
          properties: {
            count: { ...positiveInteger, description: 'Most events kept per store (default 1000000)' },
            days: {
              type: 'number',
              exclusiveMinimum: 0,
              description: 'Oldest event kept, in days (default none)',
            },
          },
        },
        faults: {
          ...FAULTS_SCHEMA,
          description: 'Faults active from start-up, as PUT /__admin/faults takes them',
        },
        storeLease: {
          ...positiveInteger,
          description: `Seconds of a store lock's lease: another process may take a store over this long after its owner stopped renewing (--store-lease, default ${DEFAULT_LEASE_MS / 1000})`,
        },
        maxOpenStores: {
          type: 'integer',
          minimum: 0,
          description: `Most stores open at once; the least recently used idle one is closed beyond it, 0 closes each store after its request (--max-open-stores, default ${DEFAULT_STORE_BUDGET.maxOpenStores})`,
        },
        storeMemoryBudget: {
          type: 'integer',
          minimum: 0,
          description: `Most MiB of open stores, counted as their files' bytes (--store-memory-budget, default ${DEFAULT_STORE_BUDGET.storeMemoryBudget / MIB})`,
        },
        storeIdleClose: {
          type: 'integer',
          minimum: 0,
          description: `Seconds after which a store no request used is closed; 0 never (--store-idle-close, default ${DEFAULT_STORE_BUDGET.storeIdleCloseMs / 1000})`,
        },
        adminToken: secret(`set ${ADMIN_TOKEN_ENV}, or pass --admin-token`),
      },
    },
    conform: {
      type: 'object',
      additionalProperties: false,
      description: 'rm-harness conform; a named target overrides these settings, flags override both',
      properties: {
        target: {
          ...nonEmpty,
          description: 'Target when --target is absent: a name of targets, "sim" or a URL',
        },
        targets: {
          type: 'object',
          description: 'Named targets, chosen with --target <name>',
          propertyNames: {
            pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
            not: { const: 'sim' },
            description:
              'is not a valid target name (letters, digits, "_", "." and "-"; "sim" is the simulator)',
          },
          additionalProperties: TARGET_SCHEMA,
        },
        ...RUN_PROPERTIES,
        scenariosDir: { ...nonEmpty, description: 'Scenario folder, relative to the config file' },
        drift: { type: 'boolean', description: 'false is --no-drift' },
        minOperationCoverage: { type: 'number', minimum: 0, maximum: 100 },
        requireRules: { type: 'boolean' },
        failOn: { enum: ['breaking', 'any'] },
        token: secret(`set ${TOKEN_ENV} (or a target's tokenEnv), or pass --token`),
        limitedToken: secret(
          `set ${LIMITED_TOKEN_ENV} (or a target's limitedTokenEnv), or pass --limited-token`,
        ),
        compareToken: secret("name an environment variable in the compared target's tokenEnv"),
        compareLimitedToken: secret("name an environment variable in the compared target's limitedTokenEnv"),
      },
    },
  },
} as const;
