import type { Router } from 'express';

/** One route of the admin API as `GET /__admin/` lists it. */
export interface AdminRoute {
  method: string;
  /** Below the admin base, e.g. `/__admin/tenants/:id/reset`. */
  path: string;
  /** Whether the admin token is needed. */
  auth: boolean;
  description?: string;
}

/** What each route does, for the index; a route missing here is still listed, without a description. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  'GET /': 'This index of the admin API',
  'GET /health': 'Whether this is the simulator, its store kind, seed and fixture profile',
  'GET /tenants': 'The tenants (without their tokens)',
  'GET /replica':
    'This process in a replica set: its --replica-id, pid and the tenants it serves (whose stores it holds open)',
  'POST /tenants': 'Add a tenant',
  'PATCH /tenants/:id': "Change a tenant's name or switches",
  'POST /tenants/:id/reset': "Put a tenant's regions back to their seeded state",
  'GET /faults': 'The active fault rules',
  'PUT /faults': 'Replace the fault rules',
  'DELETE /faults': 'Turn every fault off',
  'GET /tenants/:id/clock': "The tenant's clock: mode, now, offsetSeconds",
  'PUT /tenants/:id/clock':
    "Freeze ({ now }), shift ({ offsetSeconds }) or advance ({ advanceSeconds }) the tenant's clock",
  'DELETE /tenants/:id/clock': "Put the tenant's clock back on real time",
  'GET /requests':
    'The request journal, newest first; filters tenant, region, operation, status (200 or 4xx), since, limit',
  'DELETE /requests': 'Clear the request journal',
  'GET /requests/stream':
    'Server-sent events: each journaled request as it finishes (token also as ?token= for EventSource)',
  'GET /requests/:id':
    'One journaled request: document, variables, response, timings, the change events its writes recorded',
  'POST /requests/count':
    'Verify requests: how many journaled requests match a pattern (tenant, operation, variables, status), with `times` to expect a count; `ok` says whether it held',
};

/** Paths answered before the admin token is checked. */
const OPEN = new Set(['/', '/health']);

/**
 * The routes of the given admin routers, read from the routers themselves so that a route added to the
 * admin API is listed without anyone remembering to list it.
 */
export function adminRoutes(base: string, routers: readonly Router[]): AdminRoute[] {
  const routes: AdminRoute[] = [];
  for (const router of routers) {
    for (const layer of router.stack) {
      // A router mounted inside another (the clock's) lists its own routes under the same base.
      const nested = (layer.handle as { stack?: unknown }).stack;
      if (!layer.route && Array.isArray(nested)) {
        routes.push(...adminRoutes(base, [layer.handle as Router]));
        continue;
      }
      if (!layer.route) continue;
      const { path } = layer.route;
      const methods = new Set(layer.route.stack.map((l) => l.method.toUpperCase()));
      for (const method of methods) {
        const description = DESCRIPTIONS[`${method} ${path}`];
        routes.push({
          method,
          path: `${base}${path === '/' ? '/' : path}`,
          auth: !OPEN.has(path),
          ...(description ? { description } : {}),
        });
      }
    }
  }
  return routes;
}
