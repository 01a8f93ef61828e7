import {
  execute as graphqlExecute,
  getOperationAST,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** How an operation is executed once validated. */
export type ExecuteFn = (args: ExecutionArgs) => ExecutionResult | Promise<ExecutionResult>;

/** The execution engines: graphql-jit's compiled queries, or graphql-js's interpreter. */
export const ENGINES = ['jit', 'graphql-js'] as const;
export type Engine = (typeof ENGINES)[number];

/** The engine used unless told otherwise. */
export const DEFAULT_ENGINE: Engine = 'jit';

/** Whether `value` names an engine. */
export function isEngine(value: unknown): value is Engine {
  return (ENGINES as readonly unknown[]).includes(value);
}

/** graphql-js's key order (`errors`, `data`, `extensions`), so both engines answer the same bytes. */
function inGraphqlJsOrder(result: ExecutionResult): ExecutionResult {
  const { errors, data, extensions } = result;
  return {
    ...(errors ? { errors } : {}),
    ...(data !== undefined ? { data } : {}),
    ...(extensions ? { extensions } : {}),
  };
}

/**
 * graphql-jit's execution: each validated document is compiled once per schema and operation name and
 * the compiled query kept as long as the document is (the pipeline's document cache holds the
 * documents); what graphql-jit cannot compile runs on graphql-js.
 */
export function jitExecute(): ExecuteFn {
  const compiled = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, CompiledQuery | null>>>();
  const compiledQuery = (schema: GraphQLSchema, document: DocumentNode, operationName: string) => {
    let bySchema = compiled.get(schema);
    if (!bySchema) compiled.set(schema, (bySchema = new WeakMap()));
    let byName = bySchema.get(document);
    if (!byName) bySchema.set(document, (byName = new Map()));
    if (!byName.has(operationName)) {
      const query = compileQuery(schema, document, operationName || undefined);
      byName.set(operationName, isCompiledQuery(query) ? query : null);
    }
    return byName.get(operationName)!;
  };
  return (args) => {
    const query = compiledQuery(args.schema, args.document, args.operationName ?? '');
    if (!query) return graphqlExecute(args);
    // Variables are checked by graphql-js first: graphql-jit words its coercion errors otherwise.
    const operation = getOperationAST(args.document, args.operationName);
    const inputs = args.variableValues ?? {};
    const coerced = getVariableValues(args.schema, operation?.variableDefinitions ?? [], inputs, {
      maxErrors: 50,
    });
    if (coerced.errors) return { errors: coerced.errors };
    const result = query.query(args.rootValue, args.contextValue, inputs);
    return result instanceof Promise ? result.then(inGraphqlJsOrder) : inGraphqlJsOrder(result);
  };
}
