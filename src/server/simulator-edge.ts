import { CURRENT_VERSION, VERSIONS, type Version } from '../contract/versions.js';
import { GRAPHQL_PATH } from '../contract/endpoint.js';
import {
  REGIONS,
  RequestPipeline,
  type Region,
  type RequestContext,
  type Simulator,
  type TenantConfig,
} from '../simulator/index.js';
import { graphqlEdge, type EdgeCall, type GraphqlEdge } from './edge.js';
import type { Faults } from './faults.js';
import { graphqlAnswerer, type GraphqlAnswer, type GraphqlRequest } from './graphql-route.js';
import { describeExecuted } from './journal-capture.js';
import type { RequestJournal } from './journal.js';

/** A GraphQL endpoint of the simulator: its region and revision. */
export interface Endpoint {
  region: Region;
  version: Version;
}

/** What the simulator's edge adds to the bare simulator over HTTP; in process it has none of it. */
export interface SimulatorEdgeOptions {
  /** Where unexpected errors are logged (never the client); stderr unless given. */
  log?: (message: string) => void;
  /** Injected faults (HTTP only). */
  faults?: Faults;
  /** The request journal (HTTP only), and the admin token it masks beside the tenants' tokens. */
  journal?: { journal: RequestJournal; adminToken: string };
}

/** The endpoints of the simulator by path: every region and revision, and `/public-api/graphql` as US 1.4.0. */
function endpoints(): Map<string, Endpoint> {
  const paths = new Map<string, Endpoint>([[GRAPHQL_PATH, { region: 'us', version: CURRENT_VERSION }]]);
  for (const region of REGIONS)
    for (const version of VERSIONS) paths.set(`/${region}/${version}${GRAPHQL_PATH}`, { region, version });
  return paths;
}

/**
 * The GraphQL edge of the simulator, the one way in for HTTP (`serve`) and for the in-process API
 * (`handle`): its endpoints, its tenants' tokens, the request context of a tenant at an endpoint (with
 * the tenant's event-feed faults), and graphql-http over the revision's pipeline.
 */
export function simulatorEdge(simulator: Simulator, options: SimulatorEdgeOptions = {}): GraphqlEdge {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const { limits } = simulator;
  const { faults } = options;
  type Call = EdgeCall<Endpoint, TenantConfig>;

  // A revision's answerer (and its executable schema, the costliest part of start-up) is built on its
  // first request, so `serve` answers sooner and a revision nobody calls is never built.
  const answerers = new Map<Version, (request: GraphqlRequest, call: Call) => Promise<GraphqlAnswer>>();
  const answererOf = (version: Version) => {
    let answerer = answerers.get(version);
    if (!answerer) {
      const schema = simulator.schema(version);
      answerer = graphqlAnswerer<RequestContext, Call>({
        pipeline: new RequestPipeline({ schema, limits, log, engine: simulator.engine }),
        schemaOf: () => simulator.servedSchema(version),
        context: async (call) => {
          const { region } = call.endpoint;
          const opened = await simulator.context(call.tenant, region, version);
          // Once answered, the request lets its store go (the open-store budget closes only unused stores).
          call.release = () => simulator.releaseContext(opened);
          const eventFeed = faults?.eventFeed(call.tenant.id);
          const context = eventFeed ? { ...opened, eventFeed } : opened;
          call.events = () => simulator.recordedEvents(context);
          return context;
        },
        onOperation: (call, document, operationName) => {
          call.operation = describeExecuted(document, operationName);
        },
      });
      answerers.set(version, answerer);
    }
    return answerer;
  };

  const journal = options.journal;
  // One set per generation of the simulator's tenant tokens: entries keep a reference, not a copy.
  let known: { from: ReadonlySet<string>; tokens: ReadonlySet<string> } | undefined;
  const tokensWith = (adminToken: string) => () => {
    const from = simulator.tenantTokens();
    if (known?.from !== from) known = { from, tokens: new Set([adminToken, ...from]) };
    return known.tokens;
  };
  const paths = endpoints();
  return graphqlEdge<Endpoint, TenantConfig>({
    endpointOf: (path) => paths.get(path),
    tenantOf: (token) => simulator.tenantByToken(token),
    answer: async (request, call) => {
      try {
        return await answererOf(call.endpoint.version)(request, call);
      } finally {
        call.release?.();
      }
    },
    maxBodyBytes: limits.maxBodyBytes,
    log,
    faults,
    journal: journal && {
      journal: journal.journal,
      tokens: tokensWith(journal.adminToken),
      placeOf: ({ region, version }) => ({ region, revision: version }),
    },
  });
}
