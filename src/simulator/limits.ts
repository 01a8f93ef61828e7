import {
  defaultFieldResolver,
  GraphQLError,
  isIntrospectionType,
  isObjectType,
  type GraphQLSchema,
} from 'graphql';
import { CODE } from '../contract/error-codes.js';

/** Request limits (A-59: the spec shows none, so they are configurable and documented in the README). */
export interface Limits {
  /** Largest request body in bytes. */
  maxBodyBytes: number;
  /** Deepest selection (fields nested in fields, fragments expanded). */
  maxDepth: number;
  /** Most aliases in one operation. */
  maxAliases: number;
  /** Highest cost of one operation: 1 per scalar and 2 per object field, deeper fields cost more. */
  maxComplexity: number;
  /** Largest `limit` argument of a paged field. */
  maxPageSize: number;
  /** Most fields one response may resolve (introspection included); execution stops there. */
  maxResponseFields: number;
  /**
   * Most bytes one response may take (keys and leaf values, counted as they are resolved); execution
   * stops there.
   */
  maxResponseBytes: number;
  /** Most records (entities) one tenant's store of one region may hold; a write past it is refused. */
  maxStoreRecords: number;
  /** Most bytes one tenant's store of one region may take (snapshot and log files). */
  maxStoreBytes: number;
  /** Most queries graphql-jit keeps compiled, the least recently used dropped first. */
  maxCompiledQueries: number;
  /** A document of more operations than this is never compiled: graphql-js executes it. */
  maxCompiledOperations: number;
}

/** Defaults that admit every legitimate use of the API and stop abusive documents. */
export const DEFAULT_LIMITS: Limits = {
  maxBodyBytes: 1024 * 1024,
  maxDepth: 15,
  maxAliases: 200,
  maxComplexity: 50_000,
  maxPageSize: 1000,
  maxResponseFields: 500_000,
  maxResponseBytes: 32 * 1024 * 1024,
  // Far above the large profile's store, so every profile seeds and takes writes; a host sets its own.
  maxStoreRecords: 5_000_000,
  maxStoreBytes: 4 * 1024 * 1024 * 1024,
  maxCompiledQueries: 50,
  maxCompiledOperations: 16,
};

/** A GraphQL error for a request over one of the limits, with the limit and its maximum in `extensions`. */
export function limitError(message: string, limit: string, maximum: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code: CODE.LIMIT_EXCEEDED, limit, maximum } });
}

/** The `limit` a field was called with: its own argument, or the `limit` of its `input` (targetPersonConnections). */
function requestedLimit(args: Record<string, unknown>): unknown {
  if ('limit' in args) return args['limit'];
  const input = args['input'];
  return input !== null && typeof input === 'object'
    ? (input as Record<string, unknown>)['limit']
    : undefined;
}

/**
 * Wraps every field that pages (a `limit` argument, directly or in its input) so a page larger than
 * `maxPageSize` is refused before the area's resolver runs. One wrapper here instead of a check
 * in every area. Changes `schema` in place (a copy per set-up would cost start-up time): give it a
 * schema of its own, never a shared contract schema.
 */
export function limitPageSizes(schema: GraphQLSchema, maxPageSize: number): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || isIntrospectionType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      const pages = field.args.some(
        (arg) =>
          arg.name === 'limit' ||
          (arg.name === 'input' && String(arg.type).startsWith('TargetPersonRelationshipInput')),
      );
      if (!pages) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args: Record<string, unknown>, context, info) => {
        const limit = requestedLimit(args);
        if (typeof limit === 'number' && limit > maxPageSize) {
          throw limitError(`limit must be at most ${maxPageSize} (got ${limit}).`, 'pageSize', maxPageSize);
        }
        return resolve(source, args, context, info);
      };
    }
  }
}
