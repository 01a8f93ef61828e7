import { GraphQLError, type ExecutionResult } from 'graphql';
import { GRAPHQL_PATH } from '../contract/endpoint.js';
import { VERSIONS, type Version } from '../contract/versions.js';
import { startServer, type FaultConfig } from '../server/index.js';
import { verifyRequests, type RequestPattern, type Times, type VerifyResult } from '../server/index.js';
import {
  REGIONS,
  RequestPipeline,
  Simulator,
  type Engine,
  type Limits,
  type Region,
  type TenantConfig,
} from '../simulator/index.js';
import { CODE } from '../contract/error-codes.js';

export type { FaultConfig, FaultRule } from '../server/index.js';
export type { Engine, Limits, Region, TenantConfig } from '../simulator/index.js';
export type { Version } from '../contract/versions.js';
export type { NearMiss, RequestPattern, Times, VerifyResult } from '../server/index.js';

/** What {@link HttpSimulator.verify} checks: a request pattern and how many matches are expected. */
export interface VerifyCheck extends RequestPattern {
  /** Expected number of matching requests: exactly `n`, or `{ atLeast, atMost }` (default: at least 1). */
  times?: Times;
}

/** The error {@link HttpSimulator.verify} rejects with; its message lists the near misses. */
export class VerificationError extends Error {
  override readonly name = 'VerificationError';
  constructor(readonly result: VerifyResult) {
    super(result.message);
  }
}

/** How to set up a simulator for a test suite; every setting is optional. */
export interface SimulatorSetup {
  /** Fixture seed (default: fixtures/profiles.json `defaultSeed`); the same seed gives the same data. */
  seed?: number;
  /** Fixture profile: `small`, `default`, `large`, … (default `default`). */
  profile?: string;
  /** The tenants (default: `dev-token`, full cloud, and `dev-token-limited`). */
  tenants?: readonly TenantConfig[];
  /** Folder of store files; absent keeps every store in memory (what a test usually wants). */
  dataDir?: string;
  /** Request limits; unset ones take the defaults. */
  limits?: Partial<Limits>;
  /** The clock resolvers see (default: the real one). */
  now?: () => Date;
  /** The execution engine: `jit` (graphql-jit's compiled queries, the default) or `graphql-js`. */
  engine?: Engine;
}

/** How to start the simulator over HTTP. */
export interface HttpSimulatorSetup extends SimulatorSetup {
  /** Interface to listen on (default `127.0.0.1`). */
  host?: string;
  /** Port (default 0: a free one). */
  port?: number;
  /** Bearer token of the admin API (default `admin-token`). */
  adminToken?: string;
  /** Faults active from the start. */
  faults?: FaultConfig;
}

/** Where a request goes and as whom, for {@link InMemorySimulator.execute}. */
export interface ExecuteOptions {
  /** Bearer token of a tenant (default `dev-token`). */
  token?: string;
  /** Region (default `us`). */
  region?: Region;
  /** Contract revision (default the newest, 1.4.0). */
  version?: Version;
  variables?: Record<string, unknown>;
  /** Which operation of the document to run (needed when it has several). */
  operationName?: string;
}

/** What every simulator handle offers, with or without HTTP. */
export interface SimulatorHandle {
  /** The tenants, with their bearer tokens. */
  readonly tenants: readonly TenantConfig[];
  /** Puts a tenant's stores (all regions, or the given ones) back to their seeded state. */
  resetTenant(tenant: string, regions?: readonly Region[]): Promise<void>;
  /** Stops the simulator and flushes its stores; safe to call twice. */
  stop(): Promise<void>;
}

/** A simulator in this process without HTTP: operations run straight against its schema. */
export interface InMemorySimulator extends SimulatorHandle {
  /**
   * Runs one GraphQL operation as a tenant, through the request pipeline HTTP uses (parse bound,
   * limits, validation codes, response cap, masking), so it answers as the HTTP endpoint would; an
   * unknown token is an `UNAUTHENTICATED` error.
   */
  execute(document: string, options?: ExecuteOptions): Promise<ExecutionResult>;
}

/** A simulator in this process listening on HTTP. */
export interface HttpSimulator extends SimulatorHandle {
  /** Base URL, e.g. `http://127.0.0.1:43121`. */
  readonly url: string;
  /** Bearer token of the admin API. */
  readonly adminToken: string;
  /** The GraphQL endpoint of a region and revision (default `us` and the newest revision). */
  graphqlUrl(region?: Region, version?: Version): string;
  /** Replaces the fault rules (as `PUT /__admin/faults`); rejects with the reason for an invalid configuration. */
  setFaults(faults: FaultConfig): Promise<void>;
  /** Turns every fault off. */
  clearFaults(): Promise<void>;
  /**
   * Counts the journaled requests matching a pattern (as `POST /__admin/requests/count` does); `tenant`
   * may be a tenant id or its bearer token.
   */
  countRequests(pattern?: RequestPattern): Promise<number>;
  /**
   * Verifies how often the code under test made a request, as WireMock's `verify`: resolves with the
   * result when the count of matching journaled requests is what `times` says (default: at least 1),
   * otherwise rejects with a {@link VerificationError} whose message lists the near misses.
   *
   * @example
   * await sim.verify({ operation: 'addActivity', variables: { input: { subject: 'Call' } }, times: 2 });
   */
  verify(check: VerifyCheck): Promise<VerifyResult>;
}

/** The tenant id a handle's `resetTenant` accepts: the id itself or the tenant's bearer token. */
function tenantId(simulator: Simulator, tenant: string): string {
  const found = simulator.tenant(tenant) ?? simulator.tenantByToken(tenant);
  if (!found) throw new Error(`unknown tenant "${tenant}"`);
  return found.id;
}

/** `resetTenant` and `stop` of a handle (`tenants` is a getter each handle declares: a spread would freeze it). */
function handle(simulator: Simulator, stop: () => Promise<void>): Omit<SimulatorHandle, 'tenants'> {
  let stopping: Promise<void> | undefined;
  return {
    resetTenant: (tenant, regions = REGIONS) => simulator.reset(tenantId(simulator, tenant), regions),
    stop: () => (stopping ??= stop()),
  };
}

/**
 * Creates a simulator without HTTP, for tests that call it directly: fast, and nothing listens.
 *
 * @example
 * const sim = createSimulator({ seed: 7 });
 * const { data } = await sim.execute('{ firmSettings { firmName } }');
 * await sim.stop();
 */
export function createSimulator(setup: SimulatorSetup = {}): InMemorySimulator {
  const simulator = new Simulator({ ...setup, inMemory: setup.dataDir === undefined });
  // One pipeline per revision, built on first use like the HTTP routes' (the schema is the costly part).
  const pipelines = new Map<Version, RequestPipeline>();
  const pipelineOf = (version: Version): RequestPipeline => {
    let pipeline = pipelines.get(version);
    if (!pipeline) {
      pipeline = new RequestPipeline({
        schema: simulator.schema(version),
        limits: simulator.limits,
        engine: simulator.engine,
      });
      pipelines.set(version, pipeline);
    }
    return pipeline;
  };
  return {
    ...handle(simulator, () => simulator.close()),
    get tenants() {
      return simulator.listTenants();
    },
    async execute(document, options = {}) {
      const tenant = simulator.tenantByToken(options.token ?? 'dev-token');
      if (!tenant) {
        const error = new GraphQLError('Missing or unknown bearer token.', {
          extensions: { code: CODE.UNAUTHENTICATED },
        });
        return { errors: [error] };
      }
      const version = options.version ?? VERSIONS[0];
      const region = options.region ?? 'us';
      const contextValue = await simulator.context(tenant, region, version);
      try {
        return await pipelineOf(version).run({
          query: document,
          operationName: options.operationName,
          variables: options.variables,
          contextValue,
          schema: simulator.servedSchema(version),
        });
      } finally {
        simulator.releaseContext(contextValue);
      }
    },
  };
}

/**
 * Starts the simulator on HTTP in this process (a free port on 127.0.0.1 by default), as
 * `rm-harness serve` would, for code under test that talks HTTP.
 *
 * @example
 * const sim = await startSimulator();
 * const res = await fetch(sim.graphqlUrl(), { method: 'POST', headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
 * await sim.stop();
 */
export async function startSimulator(setup: HttpSimulatorSetup = {}): Promise<HttpSimulator> {
  const server = await startServer({
    ...setup,
    host: setup.host ?? '127.0.0.1',
    port: setup.port ?? 0,
    inMemory: setup.dataDir === undefined,
    log: () => {},
  });
  const admin = async (method: 'PUT' | 'DELETE', body?: FaultConfig): Promise<void> => {
    const res = await fetch(`${server.url}/__admin/faults`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) {
      const answer = (await res.json().catch(() => ({}))) as { errors?: { message?: string }[] };
      throw new Error(answer.errors?.[0]?.message ?? `faults: HTTP ${res.status}`);
    }
  };
  /** The journal's verdict on a pattern; a tenant may be named by its token. */
  const journaled = async (pattern: RequestPattern, times?: Times): Promise<VerifyResult> => {
    // The journal records a request when its response closes: let a just-answered one land first.
    await new Promise((resolve) => setImmediate(resolve));
    const tenant =
      pattern.tenant === undefined
        ? undefined
        : (server.simulator.tenant(pattern.tenant) ?? server.simulator.tenantByToken(pattern.tenant))?.id;
    // Spread over the pattern: an unknown tenant stays as given (matching nothing), never undefined (any).
    const resolved = { ...pattern, ...(tenant === undefined ? {} : { tenant }) };
    return verifyRequests(server.journal.list(), resolved, times);
  };
  return {
    ...handle(server.simulator, () => server.close()),
    get tenants() {
      return server.simulator.listTenants();
    },
    url: server.url,
    adminToken: server.adminToken,
    graphqlUrl: (region = 'us', version = VERSIONS[0]) => `${server.url}/${region}/${version}${GRAPHQL_PATH}`,
    setFaults: (faults) => admin('PUT', faults),
    clearFaults: () => admin('DELETE'),
    countRequests: async (pattern = {}) => (await journaled(pattern)).count,
    verify: async ({ times = { atLeast: 1 }, ...pattern }) => {
      const result = await journaled(pattern, times);
      if (!result.ok) throw new VerificationError(result);
      return result;
    },
  };
}
