import type { IncomingMessage, ServerResponse } from 'node:http';
import { CODE } from '../contract/error-codes.js';
import { errorAnswer } from '../contract/error-envelope.js';
import { readBody, refusalAnswer, type BodyRead } from './body.js';
import { failureAnswer } from './errors.js';
import type { FaultDecision, Faults } from './faults.js';
import type { GraphqlAnswer, GraphqlRequest } from './graphql-route.js';
import { bearerOf, sendAnswer } from './node-http.js';
import { arrival, journalAnswered, keptResponse } from './journal-capture.js';
import type { JournalOperation, RequestJournal } from './journal.js';

/**
 * Most bytes read of a request body that carries no valid token: enough for the journal to name the
 * operation of a typical document; a longer body is answered 401 without being read.
 */
export const UNAUTHENTICATED_BODY_BYTES = 8 * 1024;

/** The edge's record of one admitted request: where it goes, as whom, and what the route noted of it. */
export interface EdgeCall<E, T> {
  endpoint: E;
  tenant: T;
  /** The operation the route executed (the journal's description), once known. */
  operation?: JournalOperation;
  /** The change events the request's writes recorded, once it has a context. */
  events?: () => unknown[];
  /** Lets the request's store go once it is answered, when opening its context pinned one. */
  release?: () => void;
}

/** Where the edge journals the requests it answers (the simulator's; the mock keeps none). */
export interface EdgeJournal<E> {
  journal: RequestJournal;
  /** Tokens to mask wherever they appear, read per request. */
  tokens: () => ReadonlySet<string>;
  /** The region and revision an entry names. */
  placeOf: (endpoint: E) => { region: string; revision: string };
}

/** What differs between the servers the edge fronts (the simulator, the stateless mock). */
export interface EdgeOptions<E, T extends { id: string }> {
  /** The endpoint of a request path (no query string, lower case, no trailing slash), or undefined. */
  endpointOf(path: string): E | undefined;
  /** The tenant of a bearer token, or undefined. */
  tenantOf(token: string): T | undefined;
  /** Answers an admitted request: a tenant's, with its body read. May reject (a store failing to open). */
  answer(request: GraphqlRequest, call: EdgeCall<E, T>): Promise<GraphqlAnswer>;
  maxBodyBytes: number;
  /** Where unexpected errors are logged (never the client). */
  log: (message: string) => void;
  /** Injected faults, decided per tenant; none unless given. */
  faults?: Faults;
  journal?: EdgeJournal<E>;
}

/** The GraphQL edge: one handler for HTTP and one for in-process requests, around the same steps. */
export interface GraphqlEdge {
  /**
   * Answers a request of the node:http server if its path is a GraphQL endpoint (and returns true);
   * leaves it alone otherwise (false).
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** As {@link serve} for a request the explorer page declined (a client that asked for JSON after all). */
  serveDeclined(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Answers a request given as an object (in-process): the same route match, token check and GraphQL
   * core as over HTTP, so the answer is the one HTTP gives.
   */
  handle(request: GraphqlRequest): Promise<GraphqlAnswer>;
}

/** The path of a URL as endpoints are matched: no query string, lower case, no trailing slash. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  const path = (query === -1 ? url : url.slice(0, query)).toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Whether a request may be a browser opening an endpoint (a GET or HEAD asking for HTML without a
 * `query` parameter): the explorer page decides with full content negotiation, the edge only steps aside.
 */
export function mayWantPage(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const accept = req.headers.accept;
  if (accept === undefined || !accept.toLowerCase().includes('text/html')) return false;
  return !new URL(req.url ?? '/', 'http://localhost').searchParams.has('query');
}

/** The 401 of a request without a valid token. */
function refusal(token: string | undefined): GraphqlAnswer {
  const answer = errorAnswer(
    CODE.UNAUTHENTICATED,
    token === undefined ? 'Missing bearer token.' : 'Unknown bearer token.',
    { status: 401 },
  );
  return { ...answer, headers: { ...answer.headers, 'www-authenticate': 'Bearer realm="rm-api-harness"' } };
}

/**
 * The one edge of every GraphQL request of the simulator and the stateless mock, free of any framework,
 * in the manner of graphql-http's node adapter: the route is matched and the token read from the
 * headers; then ONE bounded body read answers as soon as it knows (a declared length over the limit: 413
 * unread, the connection closed; a body growing past it: 413 at that byte; no valid token: 401 after at
 * most {@link UNAUTHENTICATED_BODY_BYTES}); the fault rules decide per tenant; the GraphQL core answers;
 * the answer is written once, through a network fault when one applies, and journaled once, from the
 * answer itself (nothing patches the response).
 */
export function graphqlEdge<E, T extends { id: string }>(options: EdgeOptions<E, T>): GraphqlEdge {
  const { maxBodyBytes, log, faults } = options;

  /** The route's answer, or the envelope of what went wrong on the way (a store failing to open …). */
  const answer = (request: GraphqlRequest, call: EdgeCall<E, T>): Promise<GraphqlAnswer> =>
    options.answer(request, call).catch((error: unknown) => failureAnswer(error, maxBodyBytes, log));

  const serveRequest = (req: IncomingMessage, res: ServerResponse, endpoint: E) => {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const came = options.journal && arrival(options.journal.journal);
    const token = bearerOf(req.headers.authorization);
    const tenant = token === undefined ? undefined : options.tenantOf(token);
    let call: EdgeCall<E, T> | undefined;
    let text: string | undefined;
    let sent: GraphqlAnswer | undefined;
    if (came) {
      const { journal, tokens, placeOf } = options.journal!;
      res.once('close', () => {
        const { region, revision } = placeOf(endpoint);
        journalAnswered(
          journal,
          { region, revision, tokens },
          came,
          {
            operation: call?.operation,
            method,
            url,
            body: method === 'GET' ? undefined : (text ?? ''),
            tenant: tenant?.id ?? null,
            status: sent?.status ?? res.statusCode,
            events: call?.events?.() ?? [],
          },
          keptResponse(sent?.body ?? ''),
        );
      });
    }
    const send = (answered: GraphqlAnswer, close = false) => {
      if (res.headersSent || res.destroyed) return;
      sent = answered;
      sendAnswer(res, answered, close);
    };
    const read = async (limit: number): Promise<BodyRead> =>
      method === 'GET' || method === 'HEAD' ? { ok: true, text: '' } : readBody(req, limit);

    const run = async () => {
      if (!tenant) {
        // A small body is read so the journal can say what was asked; a larger one is answered unread.
        const small = await read(UNAUTHENTICATED_BODY_BYTES);
        if (small.ok) text = small.text;
        send(refusal(token), !small.ok);
        return;
      }
      const body = await read(maxBodyBytes);
      if (!body.ok) {
        send(refusalAnswer(body, maxBodyBytes), body.unread);
        return;
      }
      text = body.text;
      call = { endpoint, tenant };
      const request: GraphqlRequest = { url, method, headers: req.headers, body: text };
      const decision = faults?.decide(tenant.id, { method, url, body: text });
      if (decision) return faulted(decision, request, call);
      send(await answer(request, call));
    };
    const faulted = async (decision: FaultDecision, request: GraphqlRequest, admitted: EdgeCall<E, T>) => {
      if (decision.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, decision.latencyMs));
      if (decision.answer) return send(decision.answer);
      const answered = await answer(request, admitted);
      if (!decision.network) return send(answered);
      if (res.destroyed) return;
      sent = answered;
      faults!.deliver(res, decision.network, answered);
    };
    run().catch((error: unknown) => send(failureAnswer(error, maxBodyBytes, log)));
  };

  return {
    serve(req, res) {
      const endpoint = options.endpointOf(pathOf(req.url ?? '/'));
      if (endpoint === undefined || mayWantPage(req)) return false;
      serveRequest(req, res, endpoint);
      return true;
    },
    serveDeclined(req, res) {
      const endpoint = options.endpointOf(pathOf(req.url ?? '/'));
      if (endpoint === undefined) return false;
      serveRequest(req, res, endpoint);
      return true;
    },
    async handle(request) {
      const endpoint = options.endpointOf(pathOf(request.url));
      if (endpoint === undefined)
        return errorAnswer(CODE.NOT_FOUND, `Not found: ${request.method} ${pathOf(request.url)}.`, {
          status: 404,
        });
      const authorization = request.headers.authorization;
      const token = bearerOf(Array.isArray(authorization) ? authorization[0] : authorization);
      const tenant = token === undefined ? undefined : options.tenantOf(token);
      if (!tenant) return refusal(token);
      return answer(request, { endpoint, tenant });
    },
  };
}
