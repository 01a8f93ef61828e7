import type { NextFunction, Request, Response } from 'express';
import { GraphQLError, parse, type DocumentNode, type GraphQLSchema, type Source } from 'graphql';
import { createHandler, type HandlerOptions, type OperationContext } from 'graphql-http';
import type { Limits, RequestContext } from '../simulator/index.js';
import { DocumentCache } from './document-cache.js';
import { errorBody } from './http.js';
import { limitedValidate } from './request-limits.js';

/** Most tokens a document may have; far beyond any real operation, and short of what overflows the parser. */
const MAX_TOKENS = 50_000;

/** Messages for the answers graphql-http sends without a body, so every answer carries the envelope. */
const EMPTY_ANSWERS: Record<number, [string, string]> = {
  405: ['Method not allowed: use POST, or GET for queries.', 'METHOD_NOT_ALLOWED'],
  406: ['Not acceptable: accept application/graphql-response+json or application/json.', 'NOT_ACCEPTABLE'],
  415: ['Unsupported media type: send application/json.', 'UNSUPPORTED_MEDIA_TYPE'],
};

/** graphql-js parsing with a token bound, and a clear error instead of a stack overflow for absurd nesting. */
function boundedParse(source: string | Source) {
  try {
    return parse(source, { maxTokens: MAX_TOKENS });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new GraphQLError('The document is nested too deeply to parse.', {
        extensions: { code: 'LIMIT_EXCEEDED', limit: 'depth' },
      });
    }
    throw error;
  }
}

/** What the route needs from the server: the revision's schema, the request's context, and error formatting. */
export interface GraphqlRouteOptions<C extends OperationContext = RequestContext> {
  schema: GraphQLSchema;
  /**
   * The schema a request is served with when it may differ from `schema` (a rule-verification run
   * breaking a §9.3 rule); validations are remembered for `schema` only, so another one never reuses them.
   */
  schemaOf?: (req: Request) => GraphQLSchema;
  limits: Limits;
  context: (req: Request) => C;
  formatError: NonNullable<HandlerOptions['formatError']>;
  /** graphql-js `execute` unless given (the stateless mock reseeds its generator around it). */
  execute?: HandlerOptions<Request, undefined, C>['execute'];
  /** Hears which operation was executed for a request (the request journal). */
  onOperation?: (req: Request, document: DocumentNode, operationName?: string | null) => void;
}

/**
 * The GraphQL-over-HTTP route of one revision: graphql-http's framework-free handler behind a thin
 * express adapter of our own, so the body express already read (bounded in size) is used, and the
 * answers graphql-http leaves empty get the error envelope too.
 */
export function graphqlRoute<C extends OperationContext = RequestContext>(options: GraphqlRouteOptions<C>) {
  // One cache per route, so per schema: a document valid for one revision may not be for the other.
  const documents = new DocumentCache();
  const { schemaOf } = options;
  const handle = createHandler<Request, undefined, C>({
    schema: schemaOf ? (req) => schemaOf(req.raw) : options.schema,
    context: (req) => options.context(req.raw),
    validate: documents.validator(options.schema, limitedValidate(options.limits)),
    parse: documents.parser(boundedParse),
    formatError: options.formatError,
    ...(options.execute ? { execute: options.execute } : {}),
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
      res.writeHead(init.status, init.statusText, init.headers).end(body);
    } catch (error) {
      next(error);
    }
  };
}
