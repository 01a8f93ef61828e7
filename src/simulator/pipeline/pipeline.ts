import type { GraphQLError } from 'graphql';
import {
  execute as graphqlExecute,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
  type Source,
  type validate,
} from 'graphql';
import type { Limits } from '../limits.js';
import { DEFAULT_CACHE_BOUNDS, DocumentCache, type DocumentCacheBounds } from './document-cache.js';
import { DEFAULT_ENGINE, jitExecute, type Engine, type ExecuteFn } from './engine.js';
import { maskInternal, noteRetryAfter } from './errors.js';
import { limitedValidate, pagesError } from './limits-check.js';
import { boundedParse } from './parse.js';
import { capError, meteredRoot, meterSchema, YIELD_EVERY } from './response-cap.js';

/** What a {@link RequestPipeline} serves. */
export interface PipelineOptions {
  /** The schema validations are remembered for (a request may be served with another). */
  schema: GraphQLSchema;
  limits: Limits;
  /** Where internal errors are logged with their stack (never the client); stderr unless given. */
  log?: (message: string) => void;
  /** The execution engine (default {@link DEFAULT_ENGINE}); ignored when `execute` is given. */
  engine?: Engine;
  /** The execution itself, instead of an engine's (the stateless mock reseeds its generator around it). */
  execute?: ExecuteFn;
  /**
   * Whether execution may give the event loop a turn now and then (default true), so a large response
   * never keeps other requests waiting; false for an engine whose execution must not interleave.
   */
  interleave?: boolean;
  /** Bounds of the parsed-document cache. */
  cache?: DocumentCacheBounds;
}

/**
 * The request pipeline of one schema: parse (bounded, cached), validate (graphql-js's rules, then the
 * limits, cached), execute (with the response cap), format errors (codes, internal errors masked). The
 * GraphQL edge hands these very functions to graphql-http, for HTTP and in-process requests alike.
 */
export class RequestPipeline {
  readonly parse: (source: string | Source) => DocumentNode;
  readonly validate: typeof validate;
  readonly execute: (args: ExecutionArgs) => Promise<ExecutionResult>;
  readonly formatError: (err: Readonly<GraphQLError | Error>) => GraphQLError | Error;
  /**
   * The refusal of a request that is valid but over a limit known before anything runs (pages that could
   * answer more than `maxResponseFields`, A-521), given its coerced variables; undefined within the
   * limits. The GraphQL edge asks it before executing, so the refusal is a request error (HTTP 400
   * under `application/graphql-response+json`, A-564); `execute` refuses the same for other callers.
   */
  readonly refusal: (args: ExecutionArgs) => GraphQLError | undefined;

  constructor(options: PipelineOptions) {
    // One cache per pipeline, so per schema: a document valid for one revision may not be for the other.
    const documents = new DocumentCache({
      maxOperations: options.limits.maxCompiledOperations,
      ...(options.cache ?? DEFAULT_CACHE_BOUNDS),
    });
    const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
    const engine =
      options.execute ??
      ((options.engine ?? DEFAULT_ENGINE) === 'jit' ? jitExecute(options.limits) : graphqlExecute);
    const yieldEvery = options.interleave === false ? Infinity : YIELD_EVERY;
    this.parse = documents.parser(boundedParse);
    this.validate = documents.validator(options.schema, limitedValidate(options.limits));
    this.formatError = (err) => maskInternal(err, log);
    this.refusal = (args) => pagesError(args, options.limits.maxResponseFields);
    this.execute = async (args) => {
      meterSchema(args.schema);
      const pages = pagesError(args, options.limits.maxResponseFields);
      if (pages) return { errors: [pages] };
      const rootValue = meteredRoot(options.limits, yieldEvery);
      const result = await engine({ ...args, rootValue });
      const over = capError(rootValue);
      if (over) return { data: null, errors: [over] };
      noteRetryAfter(args.contextValue, result.errors);
      return result;
    };
  }
}
