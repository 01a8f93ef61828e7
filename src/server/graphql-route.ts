import type { IncomingHttpHeaders } from 'node:http';
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  specifiedRules,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { createHandler, type OperationContext } from 'graphql-http';
import { executedRetryAfter, type RequestPipeline } from '../simulator/index.js';
import { CODE, type ErrorCode } from '../contract/error-codes.js';
import { errorEnvelope } from '../contract/error-envelope.js';

/** Messages for the answers graphql-http sends without a body, so every answer carries the envelope. */
const EMPTY_ANSWERS: Record<number, [string, ErrorCode]> = {
  405: ['Method not allowed: use POST, or GET for queries.', CODE.METHOD_NOT_ALLOWED],
  406: ['Not acceptable: accept application/graphql-response+json or application/json.', CODE.NOT_ACCEPTABLE],
  415: ['Unsupported media type: send application/json.', CODE.UNSUPPORTED_MEDIA_TYPE],
};

/** The answer to a mutation sent with GET (GraphQL over HTTP: 405, with `Allow: POST`). */
const MUTATION_OVER_GET: [string, ErrorCode] = [
  'Method not allowed: a mutation is sent with POST, never GET.',
  CODE.METHOD_NOT_ALLOWED,
];

/**
 * What the GraphQL core needs of the edge: the revision's pipeline and, per request, the schema and the
 * context. `R` is the edge's own record of a request, handed back to each callback.
 */
export interface GraphqlRouteOptions<C extends OperationContext, R> {
  /** The request pipeline of the revision (parse, limits, validation, execution, error shaping). */
  pipeline: RequestPipeline;
  /**
   * The schema a request is served with (a rule-verification run may break a §9.3 rule); validations
   * are remembered per schema object, so another one never reuses them.
   */
  schemaOf: (request: R) => GraphQLSchema;
  /** The request's context: asked for only once the request is valid, so an invalid one opens no store. */
  context: (request: R) => C | Promise<C>;
  /** Hears which operation is executed for a request (the request journal). */
  onOperation?: (request: R, document: DocumentNode, operationName?: string | null) => void;
}

/** One GraphQL-over-HTTP request, as the edge read it: the body is already text (bounded in size). */
export interface GraphqlRequest {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
  /** The body text; empty for a GET. */
  body: string;
}

/** An answer to send: status, headers and the body text. */
export interface GraphqlAnswer {
  status: number;
  statusText?: string;
  headers: Record<string, string>;
  body: string;
}

/** The edge's record of a request and, once asked for, its context. */
interface Call<C, R> {
  request: R;
  context?: C;
}

/**
 * The GraphQL-over-HTTP core of one revision, free of any framework: graphql-http speaks the protocol
 * with the pipeline's own parse, validate, execute and formatError. The steps before execution are
 * taken here in graphql-http's `onSubscribe` hook: parse, validate and coerce the variables, each failure
 * a request error (HTTP 400 under `application/graphql-response+json`, 200 under `application/json`,
 * whatever the engine), and only then is the context asked for. The answers graphql-http leaves empty
 * get the error envelope too.
 */
export function graphqlAnswerer<C extends OperationContext, R>(
  options: GraphqlRouteOptions<C, R>,
): (request: GraphqlRequest, record: R) => Promise<GraphqlAnswer> {
  const { pipeline } = options;
  const handle = createHandler<Call<C, R>, undefined, C>({
    schema: (req) => options.schemaOf(req.raw.request),
    onSubscribe: (req, params) => {
      const schema = options.schemaOf(req.raw.request);
      let document: DocumentNode;
      try {
        document = pipeline.parse(params.query);
      } catch (error) {
        if (error instanceof GraphQLError) return [error];
        throw error;
      }
      const invalid = pipeline.validate(schema, document, specifiedRules);
      if (invalid.length > 0) return [...invalid];
      const operation = getOperationAST(document, params.operationName);
      let variableValues: Record<string, unknown> | undefined;
      if (operation?.variableDefinitions?.length) {
        const coerced = getVariableValues(schema, operation.variableDefinitions, params.variables ?? {});
        if (coerced.errors) return [...coerced.errors];
        variableValues = coerced.coerced;
      }
      // A request over a limit known before it runs is refused like an invalid one, not as an executed one.
      const refused = pipeline.refusal({
        schema,
        document,
        operationName: params.operationName,
        variableValues,
      });
      if (refused) return [refused];
      return { schema, document, operationName: params.operationName, variableValues: params.variables };
    },
    context: async (req) => {
      const context = await options.context(req.raw.request);
      req.raw.context = context;
      return context;
    },
    parse: pipeline.parse,
    validate: pipeline.validate,
    execute: pipeline.execute,
    formatError: pipeline.formatError,
    onOperation: (req, args) => {
      options.onOperation?.(req.raw.request, args.document, args.operationName);
    },
  });
  return async (request, record) => {
    const call: Call<C, R> = { request: record };
    const [body, init] = await handle({
      url: request.url,
      method: request.method,
      headers: request.headers,
      // A function, as graphql-http's own adapters give it: an empty body is then "Unparsable", not "Missing".
      body: () => request.body,
      raw: call,
      context: undefined,
    });
    const plain = init.headers as Record<string, string> | undefined;
    // graphql-http refuses a mutation sent with GET with a bare body and no content type; it gets the
    // envelope, a code and a media type like every other answer.
    const mutationOverGet =
      init.status === 405 && body !== null && body !== '' && plain?.['content-type'] === undefined;
    const empty = mutationOverGet
      ? MUTATION_OVER_GET
      : body === null || body === ''
        ? EMPTY_ANSWERS[init.status]
        : undefined;
    const text = empty ? JSON.stringify(errorEnvelope(empty[1], empty[0])) : (body ?? '');
    const headers = { ...plain };
    if (empty) headers['content-type'] = 'application/json; charset=utf-8';
    // A known length: Node then sends the head and the body in one write, not as chunks (four writes).
    headers['content-length'] = String(Buffer.byteLength(text));
    // A store failure that can pass inside an executed operation keeps the status and adds Retry-After.
    const retryAfter = empty || call.context === undefined ? undefined : executedRetryAfter(call.context);
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    return { status: init.status, statusText: empty ? undefined : init.statusText, headers, body: text };
  };
}
