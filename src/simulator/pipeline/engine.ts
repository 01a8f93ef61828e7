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
import { operationCount } from './document-cache.js';

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

/** Bounds of the compiled queries graphql-jit's engine keeps. */
export interface CompileBounds {
  /** Most compiled queries kept, every document and schema together; the least recently used go first. */
  maxCompiledQueries: number;
  /** A document with more operations than this is never compiled: graphql-js executes it. */
  maxCompiledOperations: number;
}

/** Compiled queries by schema, document and operation name, least recently used first. */
class CompiledQueries {
  private readonly queries = new Map<DocumentNode, Map<string, CompiledQuery | null>>();
  private size = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly bounds: CompileBounds,
  ) {}

  /** The compiled `operationName` of `document`, compiled now if it is not kept; null where graphql-js runs it. */
  get(document: DocumentNode, operationName: string): CompiledQuery | null {
    let byName = this.queries.get(document);
    if (byName) {
      // Re-inserting moves the document to the young end: Map order is the recency order.
      this.queries.delete(document);
      this.queries.set(document, byName);
      const known = byName.get(operationName);
      if (known !== undefined) return known;
    } else {
      if (operationCount(document) > this.bounds.maxCompiledOperations) return null;
      this.queries.set(document, (byName = new Map()));
    }
    const query = compileQuery(this.schema, document, operationName || undefined);
    const compiled = isCompiledQuery(query) ? query : null;
    byName.set(operationName, compiled);
    this.size += 1;
    for (const [oldest, names] of this.queries) {
      if (this.size <= this.bounds.maxCompiledQueries || oldest === document) break;
      this.queries.delete(oldest);
      this.size -= names.size;
    }
    return compiled;
  }
}

/**
 * graphql-jit's execution: each validated document is compiled once per schema and operation name, and
 * at most `bounds.maxCompiledQueries` compiled queries are kept (the least recently used go first), so
 * distinct documents cannot grow the heap without bound (a compiled query of a page of contacts takes
 * most of a megabyte). A document of more than `bounds.maxCompiledOperations` operations, and what
 * graphql-jit cannot compile, runs on graphql-js.
 */
export function jitExecute(bounds: CompileBounds): ExecuteFn {
  const compiled = new WeakMap<GraphQLSchema, CompiledQueries>();
  const compiledQuery = (schema: GraphQLSchema, document: DocumentNode, operationName: string) => {
    let queries = compiled.get(schema);
    if (!queries) compiled.set(schema, (queries = new CompiledQueries(schema, bounds)));
    return queries.get(document, operationName);
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
