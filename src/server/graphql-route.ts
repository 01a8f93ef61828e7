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

/** What the route needs from the server: the revision's pipeline and the request's context. */
export interface GraphqlRouteOptions<C extends OperationContext = RequestContext> {
  /** The request pipeline of the revision (parse, limits, validation, execution, error shaping). */
  pipeline: RequestPipeline;
  /** The schema the pipeline serves. */
  schema: GraphQLSchema;
  /**
   * The schema a request is served with when it may differ from `schema` (a rule-verification run
   * breaking a §9.3 rule); validations are remembered for `schema` only, so another one never reuses them.
   */
  schemaOf?: (req: Request) => GraphQLSchema;
  context: (req: Request) => C;
  /** Hears which operation was executed for a request (the request journal). */
  onOperation?: (req: Request, document: DocumentNode, operationName?: string | null) => void;
}

/**
 * The GraphQL-over-HTTP route of one revision, a thin adapter in the manner of graphql-http's
 * `use/express`: graphql-http speaks the protocol with the pipeline's own parse, validate, execute and
 * formatError, so an answer over HTTP is the one the in-process API gives; the adapter only uses the
 * body express already read (bounded in size) and gives the answers graphql-http leaves empty the
 * error envelope too.
 */
export function graphqlRoute<C extends OperationContext = RequestContext>(options: GraphqlRouteOptions<C>) {
  const { pipeline, schemaOf } = options;
  const handle = createHandler<Request, undefined, C>({
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
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const [body, init] = await handle({
        url: req.originalUrl,
        method: req.method,
        headers: req.headers,
        body: () => (typeof req.body === 'string' ? req.body : ''),
        raw: req,
        context: undefined,
      });
      const empty = body === null || body === '' ? EMPTY_ANSWERS[init.status] : undefined;
      if (empty) {
        res.writeHead(init.status, { ...init.headers, 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(errorBody(...empty)));
        return;
      }
      // A store failure that can pass inside an executed operation keeps the status and adds Retry-After.
      const retryAfter = executedRetryAfter(options.context(req));
      if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
      res.writeHead(init.status, init.statusText, init.headers).end(body);
    } catch (error) {
      next(error);
    }
  };
}
