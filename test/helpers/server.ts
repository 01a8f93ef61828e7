// Starts the real simulator over HTTP on 127.0.0.1 with a random port, and talks GraphQL to it.
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/index.js';

/** A GraphQL response as the tests read it. */
export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
}

/** A running test simulator with helpers bound to it. */
export interface TestServer extends RunningServer {
  /** POSTs a GraphQL document to `/{region}/{version}/public-api/graphql` (default us, 1.4.0, dev-token). */
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { version?: '1.4.0' | '1.2.0'; region?: 'us' | 'eu' | 'au'; token?: string | null },
  ): Promise<GqlResponse<T>>;
  /** Calls the admin API with the admin token. */
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
}

/**
 * The store budget `RM_HARNESS_MAX_OPEN_STORES` asks for, as `serve` reads it: `=0` runs a suite with every
 * store closed after each request (eviction forced), which must change no answer.
 */
function budgetFromEnv(): ServerOptions['storeBudget'] {
  const max = process.env['RM_HARNESS_MAX_OPEN_STORES'];
  return max === undefined ? undefined : { maxOpenStores: Number(max) };
}

/** Starts an in-memory simulator (small profile unless told otherwise) on a random port. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const server = await startServer({
    port: 0,
    inMemory: true,
    profile: 'small',
    log: () => {},
    storeBudget: budgetFromEnv(),
    ...options,
  });
  const gql: TestServer['gql'] = async (query, variables, opts = {}) => {
    const path = `/${opts.region ?? 'us'}/${opts.version ?? '1.4.0'}/public-api/graphql`;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    const token = opts.token === undefined ? 'dev-token' : opts.token;
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as Omit<GqlResponse, 'status'>;
    return { status: res.status, ...body } as GqlResponse<never>;
  };
  const admin: TestServer['admin'] = async (method, path, body) => {
    const res = await fetch(`${server.url}/__admin${path}`, {
      method,
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  return { ...server, gql, admin };
}

/** The data of a response that must have succeeded; fails the test with the errors otherwise. */
export function dataOf<T>(response: GqlResponse<T>): T {
  if (response.errors?.length || !response.data) {
    throw new Error(`GraphQL request failed (HTTP ${response.status}): ${JSON.stringify(response.errors)}`);
  }
  return response.data;
}
