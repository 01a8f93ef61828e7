import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { createHandler, type OperationContext } from 'graphql-http';
import { executedRetryAfter, type RequestContext, type RequestPipeline } from '../simulator/index.js';
import { errorBody } from './http.js';
import { CODE, type ErrorCode } from '../contract/error-codes.js';

/** Messages for the answers graphql-http sends without a body, so every answer carries the envelope. */
const EMPTY_ANSWERS: Record<number, [string, ErrorCode]> = {
  405: ['Method not allowed: use POST, or GET for queries.', CODE.METHOD_NOT_ALLOWED],
  406: ['Not acceptable: accept application/graphql-response+json or application/json.', CODE.NOT_ACCEPTABLE],
  415: ['Unsupported media type: send application/json.', CODE.UNSUPPORTED_MEDIA_TYPE],
};

/**
 * What the route needs from the server: the revision's pipeline and the request's context. `R` is the
 * request object the server hands over (express's, or node:http's on the GraphQL fast path).
 */
export interface GraphqlRouteOptions<
  C extends OperationContext = RequestContext,
  R extends object = Request,
> {
  /** The request pipeline of the revision (parse, limits, validation, execution, error shaping). */
  pipeline: RequestPipeline;
  /** The schema the pipeline serves. */
  schema: GraphQLSchema;
  /**
   * The schema a request is served with when it may differ from `schema` (a rule-verification run
   * breaking a §9.3 rule); validations are remembered for `schema` only, so another one never reuses them.
   */
  schemaOf?: (req: R) => GraphQLSchema;
  context: (req: R) => C;
  /** Hears which operation was executed for a request (the request journal). */
  onOperation?: (req: R, document: DocumentNode, operationName?: string | null) => void;
}

/** One GraphQL-over-HTTP request, as the server read it: the body is already text (bounded in size). */
export interface GraphqlRequest<R> {
  raw: R;
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The answer to send: status, headers and the body text. */
export interface GraphqlAnswer {
  status: number;
  statusText?: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The GraphQL-over-HTTP core of one revision, free of any framework: graphql-http speaks the protocol
 * with the pipeline's own parse, validate, execute and formatError, so an answer over HTTP is the one the
 * in-process API gives; the answers graphql-http leaves empty get the error envelope too.
 */
export function graphqlAnswerer<C extends OperationContext = RequestContext, R extends object = Request>(
  options: GraphqlRouteOptions<C, R>,
): (request: GraphqlRequest<R>) => Promise<GraphqlAnswer> {
  const { pipeline, schemaOf } = options;
  const handle = createHandler<R, undefined, C>({
    schema: schemaOf ? (req) => schemaOf(req.raw) : options.schema,
    context: (req) => options.context(req.raw),
    parse: pipeline.parse,
    validate: pipeline.validate,
    execute: pipeline.execute,
    formatError: pipeline.formatError,
    onOperation: (req, args) => {
      options.onOperation?.(req.raw, args.document, args.operationName);
    },
  });
  return async (request) => {
    const [body, init] = await handle({
      url: request.url,
      method: request.method,
      headers: request.headers,
      // A function, as graphql-http's own adapters give it: an empty body is then "Unparsable", not "Missing".
      body: () => request.body,
      raw: request.raw,
      context: undefined,
    });
    const empty = body === null || body === '' ? EMPTY_ANSWERS[init.status] : undefined;
    const text = empty ? JSON.stringify(errorBody(...empty)) : (body ?? '');
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    if (empty) headers['content-type'] = 'application/json; charset=utf-8';
    // A known length: Node then sends the head and the body in one write, not as chunks (four writes).
    headers['content-length'] = String(Buffer.byteLength(text));
    // A store failure that can pass inside an executed operation keeps the status and adds Retry-After.
    const retryAfter = empty ? undefined : executedRetryAfter(options.context(request.raw));
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    return { status: init.status, statusText: empty ? undefined : init.statusText, headers, body: text };
  };
}

/**
 * The GraphQL-over-HTTP route of one revision as express middleware, a thin adapter in the manner of
 * graphql-http's `use/express` over {@link graphqlAnswerer}: it uses the body express already read.
 */
export function graphqlRoute<C extends OperationContext = RequestContext>(options: GraphqlRouteOptions<C>) {
  return expressRoute(graphqlAnswerer(options));
}

/** An answerer as express middleware: the body is the text express read; errors go to express's handler. */
export function expressRoute(answer: (request: GraphqlRequest<Request>) => Promise<GraphqlAnswer>) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const { status, statusText, headers, body } = await answer({
        url: req.originalUrl,
        method: req.method,
        headers: req.headers,
        body: typeof req.body === 'string' ? req.body : '',
        raw: req,
      });
      if (statusText === undefined) res.writeHead(status, headers);
      else res.writeHead(status, statusText, headers);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
