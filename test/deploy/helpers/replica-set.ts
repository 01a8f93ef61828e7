// Replicas (`rm-harness serve` processes over one data dir) behind nginx, for the deploy tests.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from '@jest/globals';
import { freePort, hasNginx, NGINX_PATH, startNginx, type RunningNginx } from '../../../bench/nginx.js';
import { nginxRouterConfig } from '../../../src/cli/nginx-router.js';
import type { TenantConfig } from '../../../src/simulator/index.js';
import { spawnServe, type ServingProcess } from '../../helpers/process.js';

/** Why the deploy tests are skipped, when they are. */
export const SKIP_NOTE = `deploy tests skipped: no nginx at ${NGINX_PATH} (install it with \`apt-get install nginx\` or set NGINX_PATH)`;

/** `describe` when nginx is installed; otherwise one skipped test named after the reason (see chromium.ts). */
export function describeWithNginx(name: string, fn: () => void): void {
  if (hasNginx) {
    describe(name, fn);
    return;
  }
  process.stderr.write(`${name}: ${SKIP_NOTE}\n`);
  describe(name, () => {
    it.skip(SKIP_NOTE, () => {});
  });
}

/** `count` tenants, `t01`…, each with a token of its own; written to `dir/tenants.json`. */
export function writeTenants(dir: string, count: number): { file: string; tenants: TenantConfig[] } {
  const tenants = Array.from({ length: count }, (_, i) => {
    const id = `t${String(i + 1).padStart(2, '0')}`;
    return {
      id,
      name: `Firm ${id}`,
      token: `token-of-${id}`,
      fullCloud: true,
      languageSpecificInformation: true,
      auditFeature: true,
    };
  });
  const file = path.join(dir, 'tenants.json');
  writeFileSync(file, JSON.stringify(tenants));
  return { file, tenants };
}

/** One replica: `node bin/rm-harness.js serve` on `port` (0: a free one) over the shared data dir. */
export function startReplica(
  id: string,
  options: { dataDir: string; tenantsFile: string; port?: number; extra?: readonly string[] },
): Promise<ServingProcess> {
  return spawnServe(process.execPath, [
    'bin/rm-harness.js',
    'serve',
    '--no-config',
    '--quiet',
    '--profile',
    'small',
    '--port',
    String(options.port ?? 0),
    '--data-dir',
    options.dataDir,
    '--tenants',
    options.tenantsFile,
    '--replica-id',
    id,
    ...(options.extra ?? []),
  ]);
}

/** The port of a replica's URL. */
export const portOf = (replica: ServingProcess) => Number(new URL(replica.url).port);

/** nginx routing `tenants` over `replicas`, with its files in `dir`. */
export async function startRouter(
  dir: string,
  tenants: readonly TenantConfig[],
  replicas: readonly ServingProcess[],
  failTimeout = 10,
): Promise<RunningNginx> {
  const port = await freePort();
  const config = nginxRouterConfig({
    tenants,
    replicas: replicas.map((r) => ({ host: '127.0.0.1', port: portOf(r) })),
    listen: `127.0.0.1:${port}`,
    failTimeout,
    source: 'the test',
  });
  if (typeof config !== 'string') throw new Error(config.error);
  return startNginx(config, dir, port);
}

/**
 * How long one request may take: a tenant's first request seeds its store, which takes a second or more
 * on a busy 2-core machine.
 */
const REQUEST_MS = 60_000;

/** What one request through the router got: the status, the replica that answered, the body. */
export interface Routed {
  status: number;
  replica: string | null;
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

async function routed(res: Response): Promise<Routed> {
  const text = await res.text();
  let body: Routed['body'];
  try {
    body = JSON.parse(text) as Routed['body'];
  } catch {
    // nginx's own error pages are HTML: the status and the page's title say what went wrong.
    throw new Error(
      `${res.status} from ${res.headers.get('x-rm-replica') ?? 'nginx'}: ${text.slice(0, 200)}`,
    );
  }
  return { status: res.status, replica: res.headers.get('x-rm-replica'), body };
}

/** A GraphQL request of a tenant (by its token) to `url`. */
export async function graphql(
  url: string,
  token: string,
  query: string,
  where: { region?: string; version?: string; variables?: Record<string, unknown> } = {},
): Promise<Routed> {
  const res = await fetch(`${url}/${where.region ?? 'us'}/${where.version ?? '1.4.0'}/public-api/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: where.variables }),
    signal: AbortSignal.timeout(REQUEST_MS),
  });
  return routed(res);
}

/** An admin request (with the default admin token) to `url`. */
export async function admin(url: string, method: string, adminPath: string): Promise<Routed> {
  const res = await fetch(`${url}/__admin${adminPath}`, {
    method,
    headers: { authorization: 'Bearer admin-token' },
    signal: AbortSignal.timeout(REQUEST_MS),
  });
  return routed(res);
}
