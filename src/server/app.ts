import type { RequestListener } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CURRENT_VERSION, isVersion, VERSIONS, type Version } from '../contract/versions.js';
import { GRAPHQL_PATH } from '../contract/endpoint.js';
import { isRegion, REGIONS, type Region, type Simulator } from '../simulator/index.js';
import { adminRouter } from './admin.js';
import { ASSETS_PATH, assetsRouter, EXPLORER_DEV_TOKEN, explorerMiddleware } from './explorer.js';
import { Faults, type FaultConfig } from './faults.js';
import { lastResortHandler, sendError } from './http.js';
import { homeRouter, REPORTS_PATH } from './home.js';
import { DEFAULT_ADMIN_TOKEN } from './admin-auth.js';
import { adminRoutes } from './admin-index.js';
import { defaultAllowedHosts, hostCheck, isLoopback } from './host-check.js';
import { INSPECT_PATH, inspectorRouter } from './inspector.js';
import { RequestJournal } from './journal.js';
import { journalAdminRouter } from './journal-admin.js';
import { simulatorEdge } from './simulator-edge.js';
import { CODE } from '../contract/error-codes.js';

/** The response header that names the replica that answered (when the server has a `replicaId`). */
export const REPLICA_HEADER = 'x-rm-replica';

/** Options of the HTTP adapter. */
export interface AppOptions {
  /** Token of the admin API (`/__admin/`). */
  adminToken: string;
  /** Where unexpected errors are logged (never the client); defaults to stderr. */
  log?: (message: string) => void;
  /** Folder of the reports the home page links; default `reports/` of the working directory. */
  reportsDir?: string;
  /** Faults active from the start (as `PUT /__admin/faults` would set them); none by default. */
  faults?: FaultConfig;
  /** The request journal (a new one of the default size unless given). */
  journal?: RequestJournal;
  /** The fault state the admin API changes (a new one unless given; `startServer` keeps it to reload it). */
  faultState?: Faults;
  /** The address the server listens on (default 127.0.0.1): decides the default allowed hosts. */
  host?: string;
  /**
   * Host names the admin API and the inspector answer (`*` for any); default the loopback names and
   * the listen address (see {@link defaultAllowedHosts}).
   */
  allowedHosts?: readonly string[];
  /** This process's name in a replica set (see `ServerOptions.replicaId`). */
  replicaId?: string;
}

/**
 * The HTTP adapter of the simulator: `/{region}/{version}/public-api/graphql` for every region and
 * revision, `/public-api/graphql` as US 1.4.0, and the admin API, as one node:http request listener:
 * every GraphQL request is answered by the simulator's edge ({@link simulatorEdge}), framework-free;
 * express serves the rest (admin API, inspector, explorer pages, home page and reports). It only
 * translates HTTP; the simulator and the domain do the work.
 */
export function createApp(simulator: Simulator, options: AppOptions): RequestListener {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  // Injected faults (off by default) are decided by the edge per tenant, once the token is known.
  const faults = options.faultState ?? new Faults();
  if (options.faults) {
    const problem = faults.configure(options.faults);
    if (problem !== undefined) throw new Error(`invalid fault configuration: ${problem}`);
  }
  // Every GraphQL request is journaled by the edge, whatever answers it (route, 401, fault, body limit).
  const journal = options.journal ?? new RequestJournal();
  const edge = simulatorEdge(simulator, {
    log,
    faults,
    journal: { journal, adminToken: options.adminToken },
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // A browser opening an endpoint gets GraphiQL for it; the dev token is preset only while it is
  // configured. What the page declines (a client asking for JSON after all) goes back to the edge.
  const explorer = (region: Region, version: Version, endpoint: string) =>
    explorerMiddleware(() => ({
      endpoint,
      title: `${region} · ${version}`,
      token: simulator.tenantByToken(EXPLORER_DEV_TOKEN) ? EXPLORER_DEV_TOKEN : undefined,
    }));
  const declined = (req: Request, res: Response, next: NextFunction) => {
    if (!edge.serveDeclined(req, res)) next();
  };
  app.get(GRAPHQL_PATH, explorer('us', CURRENT_VERSION, GRAPHQL_PATH), declined);
  for (const region of REGIONS) {
    for (const version of VERSIONS) {
      const endpoint = `/${region}/${version}${GRAPHQL_PATH}`;
      app.get(endpoint, explorer(region, version, endpoint), declined);
    }
  }
  const admin = adminRouter(simulator, options.adminToken, faults, options.replicaId);
  const journalAdmin = journalAdminRouter({
    journal,
    adminToken: options.adminToken,
    isTenantToken: (token) => !!simulator.tenantByToken(token),
    index: () => adminRoutes('/__admin', [journalAdmin, admin]),
  });
  // The control surfaces answer only the allowed Host names (DNS rebinding); GraphQL endpoints any.
  const bound = options.host ?? '127.0.0.1';
  const hosts = hostCheck(options.allowedHosts ?? defaultAllowedHosts(bound));
  // Health stays open to any Host: it tells nothing, and load balancers probe it by their own names.
  const adminHosts = (req: Request, res: Response, next: NextFunction) =>
    req.path === '/health' ? next() : hosts(req, res, next);
  app.use('/__admin', adminHosts, journalAdmin, admin);
  app.use(ASSETS_PATH, assetsRouter());
  app.use(INSPECT_PATH, hosts);
  app.use(
    inspectorRouter({
      // The published default token is preset only where nobody else can connect.
      presetToken:
        options.adminToken === DEFAULT_ADMIN_TOKEN && isLoopback(bound) ? DEFAULT_ADMIN_TOKEN : undefined,
    }),
  );
  // The home page lists tenants and the reports hold real endpoints' answers: allowed hosts only.
  app.get('/', hosts);
  app.use(REPORTS_PATH, hosts);
  app.use(
    homeRouter({
      tenants: () => simulator.listTenants(),
      graphqlPath: GRAPHQL_PATH,
      reportsDir: options.reportsDir,
    }),
  );

  app.use((req: Request, res: Response) => {
    const [, region, version] = req.path.split('/');
    const hint =
      isRegion(region) && !isVersion(version)
        ? ` Unknown revision "${version}"; expected ${VERSIONS.join(' or ')}.`
        : ` Endpoints are /{${REGIONS.join('|')}}/{${VERSIONS.join('|')}}${GRAPHQL_PATH} and ${GRAPHQL_PATH}.`;
    sendError(res, 404, `Not found: ${req.method} ${req.path}.${hint}`, CODE.NOT_FOUND);
  });

  // Last resort: errors of express itself and of the pages.
  app.use(lastResortHandler(simulator.limits.maxBodyBytes, log));
  const listener: RequestListener = (req, res) => {
    if (!edge.serve(req, res)) app(req, res);
  };
  const replica = options.replicaId;
  if (replica === undefined) return listener;
  // Set before anything answers, so every response of a replica names it (401s and errors too).
  return (req, res) => {
    res.setHeader(REPLICA_HEADER, replica);
    listener(req, res);
  };
}
