import { calculateOperationComplexity, countAliases, countDepth } from '@graphql-inspector/core';
import { MapperKind, mapSchema } from '@graphql-tools/utils';
import {
  defaultFieldResolver,
  GraphQLError,
  Kind,
  validate as graphqlValidate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
} from 'graphql';

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
}

/** Defaults that admit every legitimate use of the API and stop abusive documents. */
export const DEFAULT_LIMITS: Limits = {
  maxBodyBytes: 1024 * 1024,
  maxDepth: 15,
  maxAliases: 200,
  maxComplexity: 50_000,
  maxPageSize: 1000,
};

const COMPLEXITY = { scalarCost: 1, objectCost: 2, depthCostFactor: 1.5 };

function limitError(message: string, limit: string, maximum: number): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'LIMIT_EXCEEDED', limit, maximum } });
}

/**
 * graphql-js validation followed by the cost limits, counted with @graphql-inspector/core. The limits
 * run only on documents that passed validation (so fragment cycles are already refused), and before
 * anything executes.
 */
export function limitedValidate(limits: Limits): typeof graphqlValidate {
  return (schema, document, rules, options, typeInfo) => {
    const errors = graphqlValidate(schema, document, rules, options, typeInfo);
    return errors.length > 0 ? errors : costErrors(document, limits);
  };
}

function costErrors(document: DocumentNode, limits: Limits): GraphQLError[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const fragment = (name: string) => fragments.get(name);
  const errors: GraphQLError[] = [];
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    // Introspection (the standard query nests ~21 levels) is schema metadata, cheap and bounded: exempt.
    if (def.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__')))
      continue;
    const name = def.name ? `Operation "${def.name.value}"` : 'The operation';
    const depth = countDepth(def, 0, fragment);
    if (depth > limits.maxDepth) {
      errors.push(
        limitError(
          `${name} is nested ${depth} levels deep; the maximum is ${limits.maxDepth}.`,
          'depth',
          limits.maxDepth,
        ),
      );
    }
    const aliases = countAliases(def, fragment);
    if (aliases > limits.maxAliases) {
      errors.push(
        limitError(
          `${name} uses ${aliases} aliases; the maximum is ${limits.maxAliases}.`,
          'aliases',
          limits.maxAliases,
        ),
      );
    }
    const cost = Math.round(calculateOperationComplexity(def, COMPLEXITY, fragment));
    if (cost > limits.maxComplexity) {
      errors.push(
        limitError(
          `${name} has complexity ${cost}; the maximum is ${limits.maxComplexity}.`,
          'complexity',
          limits.maxComplexity,
        ),
      );
    }
  }
  return errors;
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
 * in every area.
 */
export function withPageSizeLimit(schema: GraphQLSchema, maxPageSize: number): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      const pages =
        field.args &&
        Object.entries(field.args).some(
          ([name, arg]) =>
            name === 'limit' ||
            (name === 'input' && String(arg.type).startsWith('TargetPersonRelationshipInput')),
        );
      if (!pages) return field;
      const resolve = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve: (source, args: Record<string, unknown>, context, info) => {
          const limit = requestedLimit(args);
          if (typeof limit === 'number' && limit > maxPageSize) {
            throw limitError(`limit must be at most ${maxPageSize} (got ${limit}).`, 'pageSize', maxPageSize);
          }
          return resolve(source, args, context, info);
        },
      };
    },
  });
}
