/**
 * The simulator without HTTP: what the express adapter, the mock, the configuration and the CLI may
 * use. Layers above reach the domain only through here, so they never learn about its areas.
 */
// Export lists only: runs that read like another folder's index are lists of names, not logic.
export { Simulator, SimulatorSetupError } from './simulator.js';
export { DEFAULT_STORE_BUDGET } from './open-stores.js';
export type { StoreBudget } from './open-stores.js';
export type { SimulatorOptions, StoreHealthEntry } from './simulator.js';
export {
  checkTenant,
  checkTenantPatch,
  DEFAULT_TENANTS,
  loadTenantsFile,
  parseTenants,
  TENANT_PATCH_SCHEMA,
  TENANT_SCHEMA,
  TenantConfigError,
} from './tenants.js';
export type { TenantConfig } from './tenants.js';
export { checkClockChange, CLOCK_CHANGE_SCHEMA, TenantClock } from './clock.js';
export type { ClockChange, ClockMode, ClockState } from './clock.js';
export { DEFAULT_LIMITS, limitError } from './limits.js';
export { DEFAULT_EVENT_RETENTION } from '../domain/shared/event-retention.js';
export type { EventRetention } from '../domain/shared/event-retention.js';
export type { Limits } from './limits.js';
export {
  DEFAULT_CACHE_BOUNDS,
  DEFAULT_ENGINE,
  documentNesting,
  ENGINES,
  executedRetryAfter,
  isEngine,
  maskInternal,
  MAX_NESTING,
  RequestPipeline,
  STORE_RETRY_AFTER_SECONDS,
  storeUnavailable,
} from './pipeline/index.js';
export type { DocumentCacheBounds, Engine, ExecuteFn, Nesting, PipelineOptions } from './pipeline/index.js';
export { openIndexedStore, seedSnapshot, seedStore, seedStoreFile } from './seeding.js';
export type { SeededFile, SeedInput, SeedProgress } from './seeding.js';
export { defaultSeedJobs, seedStoreFiles } from './seed-files.js';
export type { SeededStoreFile, SeedFilesOptions } from './seed-files.js';
export { isRegion, REGIONS } from '../domain/tenancy.js';
export type { Region, TenantSettings } from '../domain/tenancy.js';
export { fixtureProfiles, profileNames } from '../domain/profile.js';
export type { FixtureProfile } from '../domain/profile.js';
export type { RequestContext } from '../domain/area.js';
export type { EventFeedFaults } from '../domain/event-feed.js';
export { EVENT_VIEW_QUERIES } from '../domain/events/views.js';
export { BREAKABLE_RULES } from '../domain/shared/rule-switch.js';
export {
  DEFAULT_LEASE_MS,
  StoreCorruptError,
  StoreFailedError,
  storeFailureOf,
  StoreLockedError,
} from '../store/index.js';
export type { StoreFailureReason } from '../store/index.js';
