import type { RequestListener } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CURRENT_VERSION, isVersion, VERSIONS, type Version } from '../contract/versions.js';
import { GRAPHQL_PATH } from '../contract/endpoint.js';
import {
  isRegion,
  REGIONS,
  RequestPipeline,
  type Region,
  type RequestContext,
  type Simulator,
  type TenantConfig,
} from '../simulator/index.js';
import { adminRouter } from './admin.js';
import { chain } from './chain.js';
import { lastResortHandler } from './errors.js';
import { ASSETS_PATH, assetsRouter, EXPLORER_DEV_TOKEN, explorerMiddleware } from './explorer.js';
import { Faults, type FaultConfig } from './faults.js';
import { bearerToken, sendError, unauthenticatedRefusal } from './http.js';
import { expressRoute, graphqlAnswerer } from './graphql-route.js';
import { graphqlFastPath, type Endpoint } from './graphql-fast-path.js';
import { homeRouter } from './home.js';
import { DEFAULT_ADMIN_TOKEN } from './admin-auth.js';
import { adminRoutes } from './admin-index.js';
import { defaultAllowedHosts, hostCheck, isLoopback } from './host-check.js';
import { INSPECT_PATH, inspectorRouter } from './inspector.js';
import { RequestJournal } from './journal.js';
import { journalAdminRouter } from './journal-admin.js';
import { captureRequests, noteOperation } from './journal-capture.js';
import { CODE } from '../contract/error-codes.js';

/**
 * Most bytes read of a request body that carries no valid token: enough for the journal to name the
 * operation of a typical document; a longer body is answered 401 without being read.
 */
export const UNAUTHENTICATED_BODY_BYTES = 8 * 1024;

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
}

/**
 * The HTTP adapter of the simulator: `/{region}/{version}/public-api/graphql` for every region and
 * revision, `/public-api/graphql` as US 1.4.0, and the admin API, as one node:http request listener:
 * the GraphQL fast path ({@link graphqlFastPath}) in front of the express app. It only translates HTTP;
 * the simulator and the domain do the work.
 */
export function createApp(simulator: Simulator, options: AppOptions): RequestListener {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  // Keyed by express's request or, on the fast path, node's: the route reads the context back by it.
  const contexts = new WeakMap<object, RequestContext>();
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  // The body is read here (not by graphql-http) so its size is bounded before anything parses it.
  const { limits } = simulator;
  const readBody = express.text({ type: () => true, limit: limits.maxBodyBytes });

  // A revision's route (and its executable schema, the costliest part of start-up) is built on its first
  // request, so `serve` answers sooner and a revision nobody calls is never built.
  const answerers = new Map<Version, ReturnType<typeof graphqlAnswerer<RequestContext, object>>>();
  const answererOf = (version: Version) => {
    let answerer = answerers.get(version);
    if (!answerer) {
      const schema = simulator.schema(version);
      answerer = graphqlAnswerer<RequestContext, object>({
        pipeline: new RequestPipeline({ schema, limits, log, engine: simulator.engine }),
        schema,
        schemaOf: () => simulator.servedSchema(version),
        context: (req) => contexts.get(req)!,
        onOperation: noteOperation,
      });
      answerers.set(version, answerer);
    }
    return answerer;
  };
  const handlers = new Map(
    VERSIONS.map((version) => [version, expressRoute((request) => answererOf(version)(request))]),
  );

  // Authentication reads headers only, so a request without a valid token never has its body read
  // beyond UNAUTHENTICATED_BODY_BYTES (issue "hostile clients": unauthenticated 1 MB bodies filled the heap).
  const tenants = new WeakMap<Request, TenantConfig>();
  // A small body is read so the journal can say what was asked; a larger one is answered unread.
  const refuse = unauthenticatedRefusal(UNAUTHENTICATED_BODY_BYTES);
  const authenticate = (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    const tenant = token === undefined ? undefined : simulator.tenantByToken(token);
    if (!tenant) return refuse(req, res, token);
    tenants.set(req, tenant);
    next();
  };
  const enter =
    (region: Region, version: Version) => async (req: Request, res: Response, next: NextFunction) => {
      const tenant = tenants.get(req)!;
      try {
        const context = await contextOf(tenant, { region, version });
        contexts.set(req, context);
        // Answered (or the client went away): the store may be closed from now on.
        res.once('close', () => simulator.releaseContext(context));
      } catch (error) {
        next(error);
        return;
      }
      // An empty body must reach graphql-http as text, or it would wait for a stream express already read.
      if (req.body === '') req.body = ' ';
      next();
    };

  // The request context, with the event-feed faults of the tenant when any are set.
  const contextOf = async (tenant: TenantConfig, { region, version }: Endpoint) => {
    const context = await simulator.context(tenant, region, version);
    const eventFeed = faults.eventFeed(tenant.id);
    // The simulator's own object (not a copy): it is how the request lets its store go when answered.
    if (eventFeed) context.eventFeed = eventFeed;
    return context;
  };

  // Injected faults (off by default) come after authentication, so a rule can name a tenant.
  const faults = options.faultState ?? new Faults();
  if (options.faults) {
    const problem = faults.configure(options.faults);
    if (problem !== undefined) throw new Error(`invalid fault configuration: ${problem}`);
  }
  const faultsMiddleware = faults.middleware((req) => contexts.get(req)?.tenant.id);
  // A browser opening an endpoint gets GraphiQL for it; the dev token is preset only while it is configured.
  const explorer = (region: Region, version: Version, endpoint: string) =>
    explorerMiddleware(() => ({
      endpoint,
      title: `${region} · ${version}`,
      token: simulator.tenantByToken(EXPLORER_DEV_TOKEN) ? EXPLORER_DEV_TOKEN : undefined,
    }));
  // Every GraphQL request is journaled, whatever answers it (route, 401, fault, body limit).
  const journal = options.journal ?? new RequestJournal();
  // One set per generation of the simulator's tenant tokens: entries keep a reference, not a copy.
  let known: { from: ReadonlySet<string>; tokens: ReadonlySet<string> } | undefined;
  const tokens = () => {
    const from = simulator.tenantTokens();
    if (known?.from !== from) known = { from, tokens: new Set([options.adminToken, ...from]) };
    return known.tokens;
  };
  const capture = (region: Region, version: Version) =>
    captureRequests(journal, {
      region,
      revision: version,
      tenantOf: (req) => tenants.get(req)?.id,
      tokens,
      eventsOf: (req) => {
        const context = contexts.get(req);
        return context ? simulator.recordedEvents(context) : [];
      },
    });
  const serve = (region: Region, version: Version, endpoint = `/${region}/${version}${GRAPHQL_PATH}`) => [
    chain([
      explorer(region, version, endpoint),
      capture(region, version),
      authenticate,
      readBody,
      enter(region, version),
      faultsMiddleware,
      handlers.get(version)!,
    ]),
  ];

  app.use(GRAPHQL_PATH, ...serve('us', CURRENT_VERSION, GRAPHQL_PATH));
  const endpoints = new Map<string, Endpoint>([[GRAPHQL_PATH, { region: 'us', version: CURRENT_VERSION }]]);
  for (const region of REGIONS) {
    for (const version of VERSIONS) {
      app.use(`/${region}/${version}${GRAPHQL_PATH}`, ...serve(region, version));
      endpoints.set(`/${region}/${version}${GRAPHQL_PATH}`, { region, version });
    }
  }
  const admin = adminRouter(simulator, options.adminToken, faults);
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

  // Last resort: errors of express itself (body too large, unreadable body) and of store opening.
  app.use(lastResortHandler(limits.maxBodyBytes, log));
  return graphqlFastPath(
    {
      endpointOf: (path) => endpoints.get(path),
      tenantOf: (token) => simulator.tenantByToken(token),
      faultsActive: () => faults.active,
      context: contextOf,
      enter: (req, context) => contexts.set(req, context),
      release: (context) => simulator.releaseContext(context),
      eventsOf: (context) => simulator.recordedEvents(context),
      answerer: answererOf,
      journal,
      tokens,
      maxBodyBytes: limits.maxBodyBytes,
      log,
      etag: app.get('etag fn') as ((body: string, encoding: BufferEncoding) => string) | undefined,
    },
    app,
  );
}
