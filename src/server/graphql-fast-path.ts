import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Region, RequestContext, TenantConfig } from '../simulator/index.js';
import type { Version } from '../contract/versions.js';
import { errorAnswer, sendErrorAnswer, type ErrorAnswer } from './errors.js';
import type { GraphqlAnswer, GraphqlRequest } from './graphql-route.js';
import { arrival, journalAnswered, keptResponse, type CaptureOptions } from './journal-capture.js';
import type { RequestJournal } from './journal.js';
import { bearerOf } from './http.js';

/** A GraphQL endpoint: its region and revision. */
export interface Endpoint {
  region: Region;
  version: Version;
}

/** What the fast path needs of the server around it. */
export interface FastPathOptions {
  /** The endpoint of an exact request path (no query string), or undefined for any other path. */
  endpointOf(path: string): Endpoint | undefined;
  /** The tenant of a bearer token, or undefined. */
  tenantOf(token: string): TenantConfig | undefined;
  /** Whether injected faults are set: their requests take the express route, which applies them. */
  faultsActive(): boolean;
  /** The request context of a tenant at an endpoint (opens the store on first use: may reject). */
  context(tenant: TenantConfig, endpoint: Endpoint): Promise<RequestContext>;
  /** Hands the request's context to the answerer (the route's `context` reads it back). */
  enter(req: IncomingMessage, context: RequestContext): void;
  /** The request is answered: its store may be closed from now on. */
  release(context: RequestContext): void;
  /** The change events a context's writes recorded. */
  eventsOf(context: RequestContext): unknown[];
  /** The GraphQL answerer of a revision. */
  answerer(version: Version): (request: GraphqlRequest<IncomingMessage>) => Promise<GraphqlAnswer>;
  journal: RequestJournal;
  tokens: CaptureOptions['tokens'];
  maxBodyBytes: number;
  log: (message: string) => void;
  /** The ETag of an error answer, as the express app's `etag fn` makes it (its answers carry one). */
  etag?: (body: string, encoding: BufferEncoding) => string;
}

/** UTF-8's byte order mark, which the express route's text parser drops too. */
const BOM = 0xfeff;

/**
 * Whether the request's body can be read here exactly as the express route's text parser reads it:
 * not compressed, and UTF-8 (the default) when a charset is named. Anything else takes the express route.
 */
function plainBody(req: IncomingMessage): boolean {
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
  const type = req.headers['content-type'];
  if (type === undefined) return true;
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(type)?.[1];
  return charset === undefined || charset.toLowerCase() === 'utf-8';
}

/**
 * The request listener of the simulator: authenticated `POST`s to a GraphQL endpoint path are answered
 * here, one route match and no express (its router, request and response decorations and text parser
 * were a tenth of such a request's time), everything else by `app`. The fast path keeps every guarantee
 * of the express route by taking only the requests where the two cannot differ, and handing the rest
 * over untouched, before a byte of the body is read:
 * - a request without a known token (its 401 reads at most 8 KiB of the body), and any but `POST`
 *   (GET queries, the explorer page, 405s);
 * - a compressed body, a charset other than UTF-8, a declared length over the body limit (413 unread);
 * - any request while fault rules are set (latency, errors, network faults apply as before);
 * - a path that is not exactly an endpoint's (the router's case and trailing-slash matches).
 * What it answers itself goes through the same steps in the same order: the token, the body read with
 * its limit (one Buffer, decoded once), the request context, graphql-http with the revision's pipeline,
 * the journal (and with it the request log), and the last resort's envelopes for its own errors.
 */
export function graphqlFastPath(options: FastPathOptions, app: RequestListener): RequestListener {
  const { maxBodyBytes } = options;
  return (req, res) => {
    if (req.method !== 'POST' || options.faultsActive()) return app(req, res);
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const endpoint = options.endpointOf(query === -1 ? url : url.slice(0, query));
    if (!endpoint) return app(req, res);
    const token = bearerOf(req.headers.authorization);
    const tenant = token === undefined ? undefined : options.tenantOf(token);
    if (!tenant || !plainBody(req)) return app(req, res);
    const length = req.headers['content-length'];
    if (length !== undefined && Number(length) > maxBodyBytes) return app(req, res);
    answer(options, endpoint, tenant, url, req, res);
  };
}

/** Reads the body (bounded), runs the request and journals it once the response has gone. */
function answer(
  options: FastPathOptions,
  endpoint: Endpoint,
  tenant: TenantConfig,
  url: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const came = arrival(options.journal);
  let context: RequestContext | undefined;
  let text = '';
  let sent = '';
  res.once('close', () => {
    if (context) options.release(context);
    journalAnswered(
      options.journal,
      { region: endpoint.region, revision: endpoint.version, tokens: options.tokens },
      came,
      {
        key: req,
        method: 'POST',
        url,
        body: text,
        tenant: tenant.id,
        status: res.statusCode,
        events: context ? options.eventsOf(context) : [],
      },
      keptResponse(sent),
    );
  });
  const fail = (error: unknown) => {
    if (res.headersSent) return;
    const failed: ErrorAnswer = errorAnswer(error, options.maxBodyBytes, options.log);
    sent = failed.body;
    sendErrorAnswer(res, failed, options.etag);
  };
  readBody(req, options.maxBodyBytes, (error, body) => {
    if (error) return fail(error);
    text = body;
    void run().catch(fail);
  });
  const run = async () => {
    context = await options.context(tenant, endpoint);
    options.enter(req, context);
    const answered = await options.answerer(endpoint.version)({
      url,
      method: 'POST',
      headers: req.headers,
      body: text,
      raw: req,
    });
    sent = answered.body;
    if (answered.statusText === undefined) res.writeHead(answered.status, answered.headers);
    else res.writeHead(answered.status, answered.statusText, answered.headers);
    res.end(answered.body);
  };
}

/** An error of the body read, with the HTTP status the express route's text parser gives it. */
class BodyError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Reads a request body into one Buffer (no copy when it comes in one chunk, as a small one does) and
 * decodes it once; more than `limit` bytes is an error with status 413, as is a client that goes away a
 * 400, both as the express route's text parser words them.
 */
function readBody(
  req: IncomingMessage,
  limit: number,
  done: (error: Error | null, body: string) => void,
): void {
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const finish = (error: Error | null, body = '') => {
    if (finished) return;
    finished = true;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('aborted', onAborted);
    req.off('error', onError);
    done(error, body);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      finish(new BodyError('request entity too large', 413));
      // The rest is discarded as it arrives; the answer does not wait for it.
      req.resume();
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
    const body = buffer.toString('utf8');
    finish(null, body.charCodeAt(0) === BOM ? body.slice(1) : body);
  };
  const onAborted = () => finish(new BodyError('request aborted', 400));
  const onError = (error: Error) => finish(new BodyError(error.message, 400));
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('aborted', onAborted);
  req.on('error', onError);
}
