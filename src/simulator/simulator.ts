import { randomBytes } from 'node:crypto';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addResolversToSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { buildContractSchema, newRevisionSchema } from '../contract/generate.js';
import type { Version } from '../contract/versions.js';
import type { RequestContext } from '../domain/area.js';
import { BREAKABLE_RULES, isBreakableRule, type BreakableRule } from '../domain/shared/rule-switch.js';
import { findProfile, fixtureProfiles, profileNames, type FixtureProfile } from '../domain/profile.js';
import { allResolvers } from '../domain/registry.js';
import { REGIONS, type Region, type TenantSettings } from '../domain/tenancy.js';
import { openIndexedStore, seedStore, type SeedProgress } from './seeding.js';
import {
  DEFAULT_LEASE_MS,
  FileBackend,
  MemoryBackend,
  storeFailureOf,
  StoreLockedError,
  type Entity,
  type Store,
  type DurableFs,
  type StoreFailureReason,
} from '../store/index.js';
import { EVENTS } from '../domain/shared/change-events.js';
import { DEFAULT_EVENT_RETENTION, type EventRetention } from '../domain/shared/event-retention.js';
import { TenantClock } from './clock.js';
import { DEFAULT_LIMITS, limitPageSizes, type Limits } from './limits.js';
import { DEFAULT_ENGINE, type Engine } from './pipeline/index.js';
import { withBreakableSchemaRules } from './breakable-rules.js';
import { isRevisionRule, revisionTypeDefsWithout } from './revision-rules.js';
import { DEFAULT_TENANTS, type TenantConfig } from './tenants.js';
import { TokenIndex } from '../secrets/index.js';
import { DEFAULT_STORE_BUDGET, OpenStores, UNBOUNDED, type StoreBudget } from './open-stores.js';

/** How a simulator is set up. */
export interface SimulatorOptions {
  tenants?: readonly TenantConfig[];
  /** Folder of the store files; omitted (or `inMemory`) keeps everything in memory. */
  dataDir?: string;
  inMemory?: boolean;
  seed?: number;
  profile?: string;
  /** The clock resolvers see; tests may fix it. */
  now?: () => Date;
  /** Request limits; unset ones take the defaults. */
  limits?: Partial<Limits>;
  /** Test-only: accept `breakRules` (turn single spec rules off) for rule verification; off by default. */
  allowRuleBreaking?: boolean;
  /** Hears what the stores report beyond a request (a torn log tail dropped, a compaction refused); default stderr. */
  log?: (message: string) => void;
  /** The file-system layer of every store in `dataDir` (default node's); tests inject disk faults with a `FaultFs`. */
  storeFs?: DurableFs;
  /** The execution engine of GraphQL requests (default {@link DEFAULT_ENGINE}). */
  engine?: Engine;
  /**
   * The lease of each store's lock in `dataDir`, in milliseconds (default {@link DEFAULT_LEASE_MS}): another
   * process may take a store over this long after its owner stopped renewing.
   */
  storeLeaseMs?: number;
  /**
   * Closes a store of `dataDir` (flushing it and releasing its lock) once no request has used it for this
   * many milliseconds: the same as `storeBudget.storeIdleCloseMs`, under the name a replica set uses (in a
   * replica set it hands a tenant back to its owner once the owner returns and requests stop coming here).
   */
  releaseIdleStoresMs?: number;
  /** How long each store keeps change events; unset bounds take {@link DEFAULT_EVENT_RETENTION}. */
  eventRetention?: EventRetention;
  /**
   * How many stores stay open, how many bytes of them, and for how long when idle; unset parts take
   * {@link DEFAULT_STORE_BUDGET}. Stores kept only in memory are never closed.
   */
  storeBudget?: Partial<StoreBudget>;
}

/** Thrown for a bad simulator set-up (unknown profile …); the CLI turns it into a one-line message. */
export class SimulatorSetupError extends Error {}

/** A store that cannot serve, as `Simulator.storeHealth` reports it. */
export interface StoreHealthEntry {
  tenant: string;
  region: string;
  reason: StoreFailureReason;
  message: string;
  /** When it was first seen (ISO time). */
  since: string;
  /** Whether opening the store failed, its last write, or a read of a damaged collection. */
  phase: 'open' | 'write' | 'read';
}

/**
 * Creates the data dir and proves it writable with a probe file, so a read-only or foreign dir is one
 * clear error at start-up rather than a failure on every request later.
 */
function checkWritable(dir: string): void {
  // Not the pid alone: replicas in containers share one volume and each runs as pid 1.
  const probe = join(dir, `.rm-write-probe-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new SimulatorSetupError(`the data dir ${dir} is not writable (${code})`);
  }
}

/** The retention as given, or a set-up error naming the bound that is not a positive number. */
function checkedRetention(retention: EventRetention): EventRetention {
  if (retention.count !== undefined && !(Number.isSafeInteger(retention.count) && retention.count >= 1))
    throw new SimulatorSetupError('eventRetention.count must be a positive integer');
  if (retention.days !== undefined && !(Number.isFinite(retention.days) && retention.days > 0))
    throw new SimulatorSetupError('eventRetention.days must be a positive number');
  return Object.freeze({
    ...(retention.count === undefined ? {} : { count: retention.count }),
    ...(retention.days === undefined ? {} : { days: retention.days }),
  });
}

/** `<tenant>-<region>` back into its parts (regions have no dash; tenant ids may). */
function splitStoreKey(key: string): [string, string] {
  const at = key.lastIndexOf('-');
  return [key.slice(0, at), key.slice(at + 1)];
}

/**
 * The stateful simulator without HTTP: tenants, one store per (tenant, region), opened and seeded on
 * first use, and one executable schema per revision. The express adapter and the in-process
 * conformance target both use it.
 */
export class Simulator {
  readonly seed: number;
  readonly profile: FixtureProfile;
  readonly now: () => Date;
  readonly limits: Limits;
  readonly engine: Engine;
  readonly eventRetention: Readonly<EventRetention>;
  /** The budget the open stores are kept under (unbounded for stores kept only in memory). */
  readonly storeBudget: StoreBudget;
  private readonly tenants = new Map<string, TenantConfig>();
  private readonly stores: OpenStores;
  /** Stores whose last open failed, and why (reported by `storeHealth`; the next use tries again). */
  private readonly openFailures = new Map<string, StoreHealthEntry>();
  /** How each request context lets its store go (see {@link releaseContext}). */
  private readonly pins = new WeakMap<object, () => void>();
  private readonly schemas = new Map<Version, GraphQLSchema>();
  /** 1.2.0 schemas with §9.3 rules broken, by the broken rules (test-only). */
  private readonly revisionVariants = new Map<string, GraphQLSchema>();
  private readonly clocks = new Map<string, TenantClock>();
  private readonly dataDir: string | undefined;
  private readonly storeFs: DurableFs | undefined;
  private readonly storeLeaseMs: number;
  private readonly log: (message: string) => void;
  private readonly allowRuleBreaking: boolean;
  private broken = new Set<BreakableRule>();
  private tokens: Set<string> | undefined;
  /** Tenants by token, built like {@link tokens} when first needed after a change. */
  private byToken: TokenIndex<TenantConfig> | undefined;

  constructor(options: SimulatorOptions = {}) {
    const profile = findProfile(options.profile ?? 'default');
    if (!profile) {
      throw new SimulatorSetupError(
        `unknown profile "${options.profile}" (expected ${profileNames().join(', ')})`,
      );
    }
    this.profile = profile;
    this.seed = options.seed ?? fixtureProfiles().defaultSeed;
    this.now = options.now ?? (() => new Date());
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.engine = options.engine ?? DEFAULT_ENGINE;
    this.eventRetention = checkedRetention({
      count: options.eventRetention?.count ?? DEFAULT_EVENT_RETENTION.count,
      days: options.eventRetention?.days ?? DEFAULT_EVENT_RETENTION.days,
    });
    // Below the largest default page of the spec (relationshipTypes, 500) a plain query would fail.
    if (!(this.limits.maxPageSize >= 500))
      throw new SimulatorSetupError('limits.maxPageSize must be at least 500');
    this.allowRuleBreaking = options.allowRuleBreaking ?? false;
    this.dataDir = options.inMemory ? undefined : options.dataDir;
    this.storeFs = options.storeFs;
    if (options.storeLeaseMs !== undefined && !(options.storeLeaseMs >= 1000))
      throw new SimulatorSetupError('storeLeaseMs must be at least 1000 (one second)');
    this.storeLeaseMs = options.storeLeaseMs ?? DEFAULT_LEASE_MS;
    this.log = options.log ?? ((message) => process.stderr.write(`${message}\n`));
    if (this.dataDir) checkWritable(this.dataDir);
    const idleMs = options.releaseIdleStoresMs;
    if (idleMs !== undefined && !(idleMs >= 1000))
      throw new SimulatorSetupError('releaseIdleStoresMs must be at least 1000 (one second)');
    const idle = idleMs === undefined ? {} : { storeIdleCloseMs: idleMs };
    this.storeBudget = this.dataDir
      ? { ...DEFAULT_STORE_BUDGET, ...options.storeBudget, ...idle }
      : UNBOUNDED;
    for (const [name, value] of Object.entries(this.storeBudget)) {
      if (!(value >= 0)) throw new SimulatorSetupError(`storeBudget.${name} must be 0 or more`);
    }
    this.stores = new OpenStores(this.storeBudget, this.log);
    for (const tenant of options.tenants ?? DEFAULT_TENANTS) this.tenants.set(tenant.id, { ...tenant });
  }

  /** Whether the stores live only in memory. */
  get inMemory(): boolean {
    return this.dataDir === undefined;
  }

  /** The executable schema of a revision, built on first use (`rm-harness seed` never needs one). */
  schema(version: Version): GraphQLSchema {
    let schema = this.schemas.get(version);
    if (!schema) {
      schema = this.executable(newRevisionSchema(version));
      this.schemas.set(version, schema);
    }
    return schema;
  }

  /**
   * The schema a request of `version` is served with: {@link schema}, except while a rule-verification
   * run has broken a §9.3 rule, when 1.2.0 is served with that part of 1.4.0 (test-only). Built once
   * per set of broken rules.
   */
  servedSchema(version: Version): GraphQLSchema {
    const rules = version === '1.2.0' ? [...this.broken].filter(isRevisionRule).sort() : [];
    if (rules.length === 0) return this.schema(version);
    const key = rules.join(' ');
    let schema = this.revisionVariants.get(key);
    if (!schema) {
      schema = this.executable(buildContractSchema(revisionTypeDefsWithout(new Set(rules))));
      this.revisionVariants.set(key, schema);
    }
    return schema;
  }

  /**
   * A contract schema with every area's resolvers, the page-size limit and the rule switches. The
   * schema is this simulator's own (never a shared one), so both are attached in place: a copy of the
   * schema would cost every start-up a rebuild.
   */
  private executable(contract: GraphQLSchema): GraphQLSchema {
    const schema = addResolversToSchema({
      schema: contract,
      resolvers: allResolvers(),
      // Resolvers of 1.4.0-only types and fields are simply not attached to the 1.2.0 schema.
      resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' },
      updateResolversInPlace: true,
    });
    limitPageSizes(schema, this.limits.maxPageSize);
    return this.allowRuleBreaking ? withBreakableSchemaRules(schema) : schema;
  }

  /** Every tenant (copies). */
  listTenants(): TenantConfig[] {
    return [...this.tenants.values()].map((t) => ({ ...t }));
  }

  /**
   * Every tenant's token, as one set that stays the same object until a tenant is added, changed or
   * removed (the request journal masks them in every entry; building it per request showed in profiles).
   */
  tenantTokens(): ReadonlySet<string> {
    this.tokens ??= new Set([...this.tenants.values()].map((t) => t.token));
    return this.tokens;
  }

  /** The tenant whose API user holds `token`. */
  tenantByToken(token: string): TenantConfig | undefined {
    this.byToken ??= new TokenIndex([...this.tenants.values()].map((t) => [t.token, t] as const));
    return this.byToken.get(token);
  }

  /** The tenant with `id`. */
  tenant(id: string): TenantConfig | undefined {
    return this.tenants.get(id);
  }

  /** Adds a tenant; false when its id or token is taken. */
  addTenant(tenant: TenantConfig): boolean {
    if (this.tenants.has(tenant.id) || this.tenantByToken(tenant.token)) return false;
    this.tenants.set(tenant.id, { ...tenant });
    this.tokens = undefined;
    this.byToken = undefined;
    return true;
  }

  /** Changes a tenant's switches; they apply to the next request. */
  updateTenant(id: string, patch: Partial<Omit<TenantConfig, 'id' | 'token'>>): TenantConfig | undefined {
    const tenant = this.tenants.get(id);
    if (!tenant) return undefined;
    Object.assign(tenant, patch);
    this.tokens = undefined;
    this.byToken = undefined;
    return { ...tenant };
  }

  /**
   * Removes a tenant: its token stops answering at once, and its stores are closed once the requests
   * using them are answered. They stay on disk, so a tenant added again with the same id finds its data;
   * false when there is no such tenant.
   */
  removeTenant(id: string): boolean {
    this.tokens = undefined;
    this.byToken = undefined;
    if (!this.tenants.delete(id)) return false;
    // Stores kept only in memory would lose their data: they stay until the simulator closes.
    if (this.dataDir) for (const region of REGIONS) void this.stores.close(`${id}-${region}`, true);
    return true;
  }

  /** The store of a (tenant, region), opened and seeded on first use. */
  store(tenantId: string, region: Region): Promise<Store> {
    return this.stores.get(`${tenantId}-${region}`, () => this.opening(tenantId, region, false));
  }

  /** Opens the store of a (tenant, region), noting a failure for `storeHealth`; `reseed` seeds it afresh. */
  private opening(
    tenantId: string,
    region: Region,
    reseed: boolean,
    onProgress?: SeedProgress,
  ): Promise<Store> {
    const key = `${tenantId}-${region}`;
    const store = this.openStore(tenantId, region, reseed, onProgress);
    store.then(
      () => this.openFailures.delete(key),
      (err: unknown) => {
        const failure = storeFailureOf(err);
        this.openFailures.set(key, {
          tenant: tenantId,
          region,
          reason: failure?.reason ?? 'io',
          message: failure?.message ?? (err as Error).message,
          since: new Date().toISOString(),
          phase: 'open',
        });
      },
    );
    return store;
  }

  /**
   * The clock of a tenant (one for all its regions), on real time until the admin API changes it;
   * undefined for an unknown tenant.
   */
  clock(tenantId: string): TenantClock | undefined {
    if (!this.tenants.has(tenantId)) return undefined;
    let clock = this.clocks.get(tenantId);
    if (!clock) {
      clock = new TenantClock(this.now);
      this.clocks.set(tenantId, clock);
    }
    return clock;
  }

  /** The context of one GraphQL request; its "now" is the tenant's clock. */
  async context(tenant: TenantConfig, region: Region, version: Version): Promise<RequestContext> {
    const clock = this.clock(tenant.id);
    const now = clock ? () => clock.now() : this.now;
    const pinned = await this.stores.pin(`${tenant.id}-${region}`, () =>
      this.opening(tenant.id, region, false),
    );
    const context: RequestContext = {
      store: pinned.store,
      tenant,
      region,
      version,
      now,
      recordedEvents: [],
      eventRetention: this.eventRetention,
    };
    if (this.broken.size > 0) context.ruleBroken = (rule) => this.broken.has(rule);
    this.pins.set(context, pinned.release);
    return context;
  }

  /**
   * Tells the simulator that the request of `context` is answered: its store may be closed from now on
   * (the store budget, A-462). Until then a store is never closed under its requests.
   */
  releaseContext(context: RequestContext): void {
    this.pins.get(context)?.();
  }

  /** Whether `breakRules` is accepted (started with `allowRuleBreaking`). */
  get allowsRuleBreaking(): boolean {
    return this.allowRuleBreaking;
  }

  /** The spec rules this simulator was told to break (test-only). */
  brokenRules(): string[] {
    return [...this.broken];
  }

  /**
   * Test-only: turns the named spec rules off (replacing any broken before; `[]` restores them all).
   * Refused unless the simulator was started with `allowRuleBreaking`, and for rules it cannot break.
   */
  breakRules(rules: readonly string[]): { ok: true } | { ok: false; status: 400 | 403; error: string } {
    if (!this.allowRuleBreaking && rules.length > 0)
      return {
        ok: false,
        status: 403,
        error: 'breakRules is refused: start the simulator with --allow-rule-breaking (test use only)',
      };
    const unknown = rules.filter((r) => !isBreakableRule(r));
    if (unknown.length > 0)
      return {
        ok: false,
        status: 400,
        error: `cannot break ${unknown.join(', ')}; breakable rules: ${BREAKABLE_RULES.join(', ')}`,
      };
    this.broken = new Set(rules.filter(isBreakableRule));
    return { ok: true };
  }

  /**
   * The change events a request's writes recorded and the store committed (a rolled-back write's are
   * left out), in the order they were recorded.
   */
  recordedEvents(ctx: RequestContext): Entity[] {
    return (ctx.recordedEvents ?? []).filter((event) => ctx.store.get(EVENTS, event.id) === event);
  }

  /**
   * Puts a (tenant, region)'s store back to its seeded state; every region when none is given.
   * `onProgress` hears about each seeded area (the CLI's progress bar).
   */
  async reset(tenantId: string, regions: readonly Region[], onProgress?: SeedProgress): Promise<void> {
    const tenant = this.tenants.get(tenantId);
    if (!tenant) throw new SimulatorSetupError(`unknown tenant "${tenantId}"`);
    for (const region of regions) {
      const key = `${tenantId}-${region}`;
      // A store not open yet is opened straight into its seeded state, rather than seeded twice.
      const reseed = !this.stores.has(key);
      const pinned = await this.stores.pin(key, () => this.opening(tenantId, region, true, onProgress));
      try {
        if (!reseed) await pinned.store.reset(await this.seeded(tenant, region, onProgress));
      } finally {
        pinned.release();
      }
    }
  }

  /**
   * Flushes and closes the store of a (tenant, region) if it is open, and forgets it: its next use
   * reopens it from its files. Lets a caller that goes through many large stores (seeding) hold one at a time.
   */
  async closeStore(tenantId: string, region: Region): Promise<void> {
    await this.stores.close(`${tenantId}-${region}`);
  }

  /**
   * The stores this process holds open, by tenant id: the tenants it serves. In a replica set each
   * tenant's stores are open in one process only, so this is what routing put here.
   */
  openStores(): Map<string, string[]> {
    const open = new Map<string, string[]>();
    for (const [key] of this.stores.opened()) {
      const [tenant, region] = splitStoreKey(key);
      open.set(tenant, [...(open.get(tenant) ?? []), region]);
    }
    return open;
  }

  /**
   * The stores that cannot serve right now and why: a failed open (retried on the next request) or a
   * last write that did not reach disk (cleared by the next one that does). Empty when all is well.
   */
  storeHealth(): StoreHealthEntry[] {
    const entries = [...this.openFailures.values()];
    for (const [key, store] of this.stores.opened()) {
      const health = store.health();
      if (health.ok) continue;
      const [tenant, region] = splitStoreKey(key);
      entries.push({
        tenant,
        region,
        reason: health.reason,
        message: health.message,
        since: health.since,
        phase: health.reason === 'corrupt' ? 'read' : 'write',
      });
    }
    return entries;
  }

  /** Flushes and closes every open store. */
  async close(): Promise<void> {
    await this.stores.closeAll();
  }

  /** A fresh seeded store of (tenant, region) for `Store.reset` to take over. */
  private seeded(tenant: TenantSettings, region: Region, onProgress?: SeedProgress): Promise<Store> {
    return seedStore({ tenant, region, seed: this.seed, profile: this.profile }, onProgress);
  }

  private async openStore(
    tenantId: string,
    region: Region,
    reseed = false,
    onProgress?: SeedProgress,
  ): Promise<Store> {
    const tenant = this.tenants.get(tenantId);
    if (!tenant) throw new SimulatorSetupError(`unknown tenant "${tenantId}"`);
    const backend = this.dataDir
      ? new FileBackend(this.dataDir, `${tenantId}-${region}`, {
          fs: this.storeFs,
          leaseMs: this.storeLeaseMs,
          onWarning: this.log,
          onError: (err) => {
            this.log(`store ${tenantId}-${region}: ${err.message}`);
            // Another process owns the files now: memory is stale; the next request opens it again
            // (and is refused while the other process holds it).
            if (err instanceof StoreLockedError) setImmediate(() => void this.closeStore(tenantId, region));
          },
        })
      : new MemoryBackend();
    const store = await openIndexedStore(backend, {
      quota: { maxRecords: this.limits.maxStoreRecords, maxBytes: this.limits.maxStoreBytes },
    });
    // A store that has never been seeded (new data dir, new tenant) starts from its seeded state.
    if (reseed || store.meta['seed'] === undefined) {
      try {
        await store.reset(await this.seeded(tenant, region, onProgress));
      } catch (err) {
        // Not cached (the next request opens it afresh), so its files must not stay open.
        await store.close().catch(() => undefined);
        throw err;
      }
    }
    // Collections of the snapshot file are parsed on first use only: the ones no request needs stay
    // bytes outside the JS heap, so the major GCs of a large store mark only what is in use.
    return store;
  }
}
