import express, { type NextFunction, type Request, type Response } from 'express';
import { GraphQLError } from 'graphql';
import { CURRENT_VERSION, isVersion, VERSIONS, type Version } from '../contract/versions.js';
import type { RequestContext } from '../domain/area.js';
import { isRegion, REGIONS, type Region } from '../domain/tenancy.js';
import { StoreFailedError } from '../store/index.js';
import { adminRouter } from './admin.js';
import { ASSETS_PATH, assetsRouter, EXPLORER_DEV_TOKEN, explorerMiddleware } from './explorer.js';
import { Faults } from './faults.js';
import { bearerToken, sendError } from './http.js';
import { graphqlRoute } from './graphql-route.js';
import { homeRouter } from './home.js';
import type { Simulator } from './simulator.js';

/** Options of the HTTP adapter. */
export interface AppOptions {
  /** Token of the admin API (`/__admin/`). */
  adminToken: string;
  /** Where unexpected errors are logged (never the client); defaults to stderr. */
  log?: (message: string) => void;
  /** Folder of the reports the home page links; default `reports/` of the working directory. */
  reportsDir?: string;
}

/** The GraphQL path below every base address (§1.4). */
export const GRAPHQL_PATH = '/public-api/graphql';

/**
 * The express adapter of the simulator: `/{region}/{version}/public-api/graphql` for every region and
 * revision, `/public-api/graphql` as US 1.4.0, and the admin API. It only translates HTTP; the
 * simulator and the domain do the work.
 */
export function createApp(simulator: Simulator, options: AppOptions): express.Express {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const contexts = new WeakMap<Request, RequestContext>();
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  // The body is read here (not by graphql-http) so its size is bounded before anything parses it.
  const { limits } = simulator;
  const readBody = express.text({ type: () => true, limit: limits.maxBodyBytes });

  const handlers = new Map(
    VERSIONS.map((version) => [
      version,
      graphqlRoute({
        schema: simulator.schema(version),
        limits,
        context: (req) => contexts.get(req)!,
        formatError: (err) => maskInternal(err, log),
      }),
    ]),
  );

  const authenticate =
    (region: Region, version: Version) => async (req: Request, res: Response, next: NextFunction) => {
      const token = bearerToken(req);
      const tenant = token === undefined ? undefined : simulator.tenantByToken(token);
      if (!tenant) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="rm-api-harness"');
        sendError(
          res,
          401,
          token === undefined ? 'Missing bearer token.' : 'Unknown bearer token.',
          'UNAUTHENTICATED',
        );
        return;
      }
      try {
        contexts.set(req, await simulator.context(tenant, region, version));
      } catch (error) {
        next(error);
        return;
      }
      // An empty body must reach graphql-http as text, or it would wait for a stream express already read.
      if (req.body === '') req.body = ' ';
      next();
    };

  // Injected faults (off by default) come after authentication, so a rule can name a tenant.
  const faults = new Faults();
  const faultsMiddleware = faults.middleware((req) => contexts.get(req)?.tenant.id);
  // A browser opening an endpoint gets GraphiQL for it; the dev token is preset only while it is configured.
  const explorer = (region: Region, version: Version, endpoint: string) =>
    explorerMiddleware(() => ({
      endpoint,
      title: `${region} · ${version}`,
      token: simulator.tenantByToken(EXPLORER_DEV_TOKEN) ? EXPLORER_DEV_TOKEN : undefined,
    }));
  const serve = (region: Region, version: Version, endpoint = `/${region}/${version}${GRAPHQL_PATH}`) => [
    explorer(region, version, endpoint),
    readBody,
    authenticate(region, version),
    faultsMiddleware,
    handlers.get(version)!,
  ];

  app.use(GRAPHQL_PATH, ...serve('us', CURRENT_VERSION, GRAPHQL_PATH));
  for (const region of REGIONS) {
    for (const version of VERSIONS)
      app.use(`/${region}/${version}${GRAPHQL_PATH}`, ...serve(region, version));
  }
  app.use('/__admin', adminRouter(simulator, options.adminToken, faults));
  app.use(ASSETS_PATH, assetsRouter());
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
    sendError(res, 404, `Not found: ${req.method} ${req.path}.${hint}`, 'NOT_FOUND');
  });

  // Last resort: errors of express itself (body too large, unreadable body) and of store opening.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = httpStatusOf(error);
    if (status === 413) {
      sendError(
        res,
        413,
        `Request body is larger than ${limits.maxBodyBytes} bytes (A-59).`,
        'LIMIT_EXCEEDED',
      );
    } else if (status >= 400 && status < 500) {
      sendError(res, status, `Bad request: ${(error as Error).message}`, 'BAD_REQUEST');
    } else if (error instanceof StoreFailedError) {
      log(`store failure: ${error.message}`);
      sendError(res, 503, 'The tenant store is unavailable; restart the simulator.', 'SERVICE_UNAVAILABLE');
    } else {
      log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendError(res, 500, 'Internal server error.', 'INTERNAL_SERVER_ERROR');
    }
  });
  return app;
}

/** graphql-js's request errors get the codes of A-58, so clients can branch without parsing messages. */
function withRequestCode(err: GraphQLError): GraphQLError {
  const code = err.message.startsWith('Syntax Error')
    ? 'GRAPHQL_PARSE_FAILED'
    : err.message.startsWith('Variable "$')
      ? 'BAD_USER_INPUT'
      : 'GRAPHQL_VALIDATION_FAILED';
  return new GraphQLError(err.message, {
    nodes: err.nodes,
    source: err.source,
    positions: err.positions,
    originalError: err.originalError,
    extensions: { ...err.extensions, code },
  });
}

export function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
}

/**
 * GraphQL errors the domain raised on purpose (they carry `extensions.code`) and graphql-js's own parse,
 * validation and coercion errors reach the client as they are; an error thrown by a resolver for any
 * other reason is a bug: logged with its stack and masked (A-58).
 */
export function maskInternal(
  err: Readonly<GraphQLError | Error>,
  log: (message: string) => void,
): GraphQLError | Error {
  // graphql-http reports a malformed request (unparsable body, missing query …) as a plain Error; graphql-js
  // wraps everything a resolver throws in a GraphQLError. So a plain Error here is the client's.
  if (!(err instanceof GraphQLError)) {
    return new GraphQLError(`Bad request: ${err.message}.`, { extensions: { code: 'BAD_REQUEST' } });
  }
  const original = err instanceof GraphQLError ? err.originalError : err;
  if (err instanceof GraphQLError && !err.extensions['code'] && !err.path) return withRequestCode(err);
  if (
    err instanceof GraphQLError &&
    (!original || original instanceof GraphQLError || err.extensions['code'])
  ) {
    return err;
  }
  const path = err instanceof GraphQLError ? err.path : undefined;
  log(
    `internal error${path ? ` at ${path.join('.')}` : ''}: ${original?.stack ?? original?.message ?? err.message}`,
  );
  return new GraphQLError('Internal server error.', {
    path,
    nodes: err instanceof GraphQLError ? err.nodes : undefined,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}
