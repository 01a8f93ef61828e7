import { ADMIN_TOKEN_ENV, envValue, type Env } from '../config/env.js';
import { DEFAULT_MOCK_VERSION } from '../mock/defaults.js';
import {
  DEFAULT_ADMIN_TOKEN,
  DEFAULT_JOURNAL_SIZE,
  type FaultConfig,
  type LogFormat,
} from '../server/index.js';
import {
  DEFAULT_ENGINE,
  DEFAULT_LEASE_MS,
  DEFAULT_EVENT_RETENTION,
  DEFAULT_LIMITS,
  DEFAULT_STORE_BUDGET,
  type Engine,
  type Limits,
} from '../simulator/index.js';
import { firstSet, readConfig } from './config-option.js';
import { resolveStoreFlags, type StoreArgs, type StoreFlags } from './simulator-options.js';

/** Arguments of `serve`: the store's, the request limits (one flag each) and the server's. */
export interface ServeArgs extends StoreArgs, Limits {
  host: string;
  port: number;
  inMemory: boolean;
  adminToken: string;
  /** The execution engine. */
  engine: Engine;
  /** An SDL file: serve a stateless mock of it instead of the simulator. */
  schema?: string;
  schemaVersion: string;
  /** With `schema`: a file of example values the mock serves before generating. */
  overrides?: string;
  /** Faults active from start-up (config file only). */
  faults?: FaultConfig;
  /** How many requests the journal keeps. */
  journalSize: number;
  /** Format of the per-request log line on stdout. */
  logFormat: LogFormat;
  /** No per-request log lines (the banner stays). */
  quiet: boolean;
  /** Reload the tenants (tenants file, config file) or the mock's SDL when they change. */
  watch: boolean;
  /** Test-only: accept `breakRules` in `PUT /__admin/faults` (rule verification). */
  allowRuleBreaking?: boolean;
  /** Seconds of a store lock's lease. */
  storeLease: number;
  /** Most change events kept per store. */
  eventRetentionCount: number;
  /** Oldest change event kept, in days on the tenant's clock; undefined keeps events of any age. */
  eventRetentionDays?: number;
  /** Most stores open at once. */
  maxOpenStores: number;
  /** Most MiB of open stores' files (A-462). */
  storeMemoryBudget: number;
  /** Seconds after which an idle store is closed; 0 never. */
  storeIdleClose: number;
}

/** Defaults of `serve`, applied after the flags and the config file. */
export const SERVE_DEFAULTS = { host: '127.0.0.1', port: 4000, inMemory: false } as const;

/** `serve`'s arguments as yargs gives them: absent flags are undefined. */
export type ServeFlags = StoreFlags & Partial<Omit<ServeArgs, keyof StoreFlags | 'tenantList' | 'faults'>>;

/**
 * The settings `serve` runs with: each one from its flag, else the config file's `serve` section, else
 * the default; the admin token from --admin-token, else RM_HARNESS_ADMIN_TOKEN, else the default.
 */
export function resolveServeFlags(flags: ServeFlags, env: Env = process.env): ServeArgs {
  const file = readConfig(flags.config)?.config.serve ?? {};
  const limit = (key: keyof Limits): number =>
    firstSet(flags[key], file.limits?.[key]) ?? DEFAULT_LIMITS[key];
  return {
    ...flags,
    ...resolveStoreFlags(flags, file),
    maxBodyBytes: limit('maxBodyBytes'),
    maxDepth: limit('maxDepth'),
    maxAliases: limit('maxAliases'),
    maxComplexity: limit('maxComplexity'),
    maxPageSize: limit('maxPageSize'),
    maxResponseFields: limit('maxResponseFields'),
    maxResponseBytes: limit('maxResponseBytes'),
    maxStoreRecords: limit('maxStoreRecords'),
    maxStoreBytes: limit('maxStoreBytes'),
    maxCompiledQueries: limit('maxCompiledQueries'),
    maxCompiledOperations: limit('maxCompiledOperations'),
    engine: flags.engine ?? DEFAULT_ENGINE,
    eventRetentionCount:
      firstSet(flags.eventRetentionCount, file.eventRetention?.count) ??
      DEFAULT_EVENT_RETENTION.count ??
      Number.MAX_SAFE_INTEGER,
    eventRetentionDays:
      firstSet(flags.eventRetentionDays, file.eventRetention?.days) ?? DEFAULT_EVENT_RETENTION.days,
    host: firstSet(flags.host, file.host) ?? SERVE_DEFAULTS.host,
    port: firstSet(flags.port, file.port) ?? SERVE_DEFAULTS.port,
    inMemory: firstSet(flags.inMemory, file.inMemory) ?? SERVE_DEFAULTS.inMemory,
    adminToken: flags.adminToken ?? envValue(env, ADMIN_TOKEN_ENV) ?? DEFAULT_ADMIN_TOKEN,
    faults: file.faults,
    schemaVersion: flags.schemaVersion ?? DEFAULT_MOCK_VERSION,
    journalSize: flags.journalSize ?? DEFAULT_JOURNAL_SIZE,
    logFormat: flags.logFormat ?? 'pretty',
    quiet: flags.quiet ?? false,
    watch: flags.watch ?? false,
    storeLease: firstSet(flags.storeLease, file.storeLease) ?? DEFAULT_LEASE_MS / 1000,
    maxOpenStores: firstSet(flags.maxOpenStores, file.maxOpenStores) ?? DEFAULT_STORE_BUDGET.maxOpenStores,
    storeMemoryBudget:
      firstSet(flags.storeMemoryBudget, file.storeMemoryBudget) ??
      DEFAULT_STORE_BUDGET.storeMemoryBudget / (1024 * 1024),
    storeIdleClose:
      firstSet(flags.storeIdleClose, file.storeIdleClose) ?? DEFAULT_STORE_BUDGET.storeIdleCloseMs / 1000,
  };
}
