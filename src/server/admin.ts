import express, { type Request, type Response, type Router } from 'express';
import {
  checkTenant,
  checkTenantPatch,
  isRegion,
  REGIONS,
  type Region,
  type Simulator,
  type TenantConfig,
} from '../simulator/index.js';
import { clockRouter } from './clock-admin.js';
import { checkFaults, type Faults } from './faults.js';
import { adminAuth } from './admin-auth.js';
import { sendError } from './http.js';
import { CODE } from '../contract/error-codes.js';

/** A tenant as the admin API shows it: without its token (tokens stay out of logs, reports and responses). */
function publicTenant(tenant: TenantConfig): Omit<TenantConfig, 'token'> {
  const { token: _token, ...rest } = tenant;
  return rest;
}

/**
 * The control API of design.md, the simulator's "provider states": health (open), and with the admin
 * token: list, add and change tenants, reset a tenant's regions to their seeded state, and inject faults.
 */
export function adminRouter(
  simulator: Simulator,
  adminToken: string,
  faults: Faults,
  replicaId?: string,
): Router {
  const router = express.Router();
  router.use(express.json({ limit: '64kb' }));

  // Degraded stores are listed with their cause (the process itself is up: 200 either way, A-245).
  router.get('/health', (_req, res) => {
    const degraded = simulator.storeHealth();
    res.json({
      simulator: true,
      inMemory: simulator.inMemory,
      seed: simulator.seed,
      profile: simulator.profile.name,
      status: degraded.length > 0 ? 'degraded' : 'ok',
      stores: degraded,
    });
  });

  router.use(adminAuth({ adminToken, isTenantToken: (token) => !!simulator.tenantByToken(token) }));

  // Which tenants this process serves: those whose stores it holds open (a replica set's routing check).
  router.get('/replica', (_req, res) => {
    res.json({
      replica: replicaId ?? null,
      pid: process.pid,
      tenants: [...simulator.openStores()].map(([tenant, regions]) => ({ tenant, regions })),
    });
  });

  router.get('/tenants', (_req, res) => {
    res.json({ tenants: simulator.listTenants().map(publicTenant) });
  });

  router.post('/tenants', (req, res) => {
    const tenant = checkTenant(req.body);
    if (typeof tenant === 'string')
      return sendError(res, 400, `Invalid tenant: ${tenant}.`, CODE.BAD_REQUEST);
    if (!simulator.addTenant(tenant))
      return sendError(res, 409, 'A tenant with this id or token exists.', CODE.CONFLICT);
    res.status(201).json({ tenant: publicTenant(tenant) });
  });

  router.patch('/tenants/:id', (req, res) => {
    const patch = checkTenantPatch(req.body);
    if (typeof patch === 'string')
      return sendError(res, 400, `Invalid tenant change: ${patch}.`, CODE.BAD_REQUEST);
    const tenant = simulator.updateTenant(req.params['id'] ?? '', patch);
    if (!tenant) return sendError(res, 404, `No tenant "${req.params['id']}".`, CODE.NOT_FOUND);
    res.json({ tenant: publicTenant(tenant) });
  });

  router.post('/tenants/:id/reset', async (req, res, next) => {
    const id = req.params['id'] ?? '';
    if (!simulator.tenant(id)) return sendError(res, 404, `No tenant "${id}".`, CODE.NOT_FOUND);
    const body: unknown = req.body;
    const requested = (body as { regions?: unknown } | undefined)?.regions;
    let regions: Region[] = [...REGIONS];
    if (requested !== undefined) {
      if (!Array.isArray(requested) || requested.length === 0 || !requested.every(isRegion)) {
        return sendError(
          res,
          400,
          `regions must be a non-empty list of ${REGIONS.join(', ')}.`,
          CODE.BAD_REQUEST,
        );
      }
      regions = requested;
    }
    try {
      await simulator.reset(id, regions);
      res.json({ tenant: id, regions, reset: true });
    } catch (error) {
      next(error);
    }
  });

  // Only a simulator that accepts rule breaking shows it, so the usual answer keeps its shape.
  const brokenRules = (): { breakRules?: string[] } =>
    simulator.allowsRuleBreaking ? { breakRules: simulator.brokenRules() } : {};

  router.get('/faults', (_req, res) => {
    res.json({ ...faults.view(), ...brokenRules() });
  });

  router.put('/faults', (req, res) => {
    // `breakRules` (test-only rule verification) goes to the simulator; the rest is the fault configuration.
    const { breakRules, ...config } = (req.body ?? {}) as { breakRules?: unknown };
    const configures = breakRules === undefined || Object.keys(config).length > 0;
    // Both parts are checked before either is applied, so a refused request changes nothing.
    const problem = configures ? checkFaults(config) : undefined;
    if (problem) return sendError(res, 400, `Invalid fault configuration: ${problem}.`, CODE.BAD_REQUEST);
    if (breakRules !== undefined) {
      if (!Array.isArray(breakRules) || !breakRules.every((r) => typeof r === 'string'))
        return sendError(res, 400, 'breakRules must be a list of spec rule ids.', CODE.BAD_REQUEST);
      const broken = simulator.breakRules(breakRules);
      if (!broken.ok) {
        const code = broken.status === 403 ? CODE.FORBIDDEN : CODE.BAD_REQUEST;
        return sendError(res, broken.status, `${broken.error}.`, code);
      }
    }
    if (configures) faults.configure(config);
    res.json({ ...faults.view(), ...brokenRules() });
  });

  router.delete('/faults', (_req, res) => {
    faults.clear();
    simulator.breakRules([]);
    res.json({ rules: [], ...brokenRules() });
  });

  router.use(clockRouter(simulator));

  router.use((req: Request, res: Response) =>
    sendError(res, 404, `Not found: ${req.method} /__admin${req.path}.`, CODE.NOT_FOUND),
  );
  return router;
}
