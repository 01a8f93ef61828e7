import {
  getIntrospectionQuery,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  validate as graphqlValidate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { limitError, type Limits } from '../limits.js';
import { answerFields, operationCosts, type OperationCost } from './cost.js';
import { documentNesting, MAX_NESTING } from './nesting.js';
import { CODE } from '../../contract/error-codes.js';

let standardIntrospection: OperationCost | undefined;

/**
 * What graphql-js's standard introspection query costs with every option a client (GraphiQL) may turn
 * on: introspection counts against the limits like any field, but never below what this query
 * needs, so a client can always read the schema whatever the configured maxima.
 */
function introspectionFloor(): OperationCost {
  standardIntrospection ??= [
    ...operationCosts(
      parse(
        getIntrospectionQuery({
          descriptions: true,
          specifiedByUrl: true,
          directiveIsRepeatable: true,
          schemaDescription: true,
          inputValueDeprecation: true,
          oneOf: true,
        }),
      ),
    ).values(),
  ][0]!;
  return standardIntrospection;
}

/** Whether an operation selects only introspection fields (`__schema`, `__type`, `__typename`) at its root. */
function onlyIntrospection(operation: OperationDefinitionNode): boolean {
  return operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__'),
  );
}

/** The limits' errors for each operation of a valid document: depth, aliases and complexity. */
function costErrors(document: DocumentNode, limits: Limits): GraphQLError[] {
  const errors: GraphQLError[] = [];
  for (const [operation, cost] of operationCosts(document)) {
    const floor = onlyIntrospection(operation) ? introspectionFloor() : undefined;
    const maxDepth = Math.max(limits.maxDepth, floor?.depth ?? 0);
    const maxComplexity = Math.max(limits.maxComplexity, floor?.complexity ?? 0);
    const name = operation.name ? `Operation "${operation.name.value}"` : 'The operation';
    if (cost.depth > maxDepth) {
      errors.push(
        limitError(
          `${name} is nested ${cost.depth} levels deep; the maximum is ${maxDepth}.`,
          'depth',
          maxDepth,
        ),
      );
    }
    if (cost.aliases > limits.maxAliases) {
      errors.push(
        limitError(
          `${name} uses ${cost.aliases} aliases; the maximum is ${limits.maxAliases}.`,
          'aliases',
          limits.maxAliases,
        ),
      );
    }
    if (cost.complexity > maxComplexity) {
      errors.push(
        limitError(
          `${name} has complexity ${cost.complexity}; the maximum is ${maxComplexity}.`,
          'complexity',
          maxComplexity,
        ),
      );
    }
  }
  return errors;
}

/**
 * graphql-js validation followed by the cost limits (depth, aliases, complexity), each counted in time
 * linear in the document's size. The limits run only on documents that passed validation (so fragment
 * cycles are already refused), and before anything executes.
 */
export function limitedValidate(limits: Limits): typeof graphqlValidate {
  return (schema, document, rules, options, typeInfo) => {
    // `maxDepth` refuses far less, but only after validation, which recurses once per level: this bound
    // is checked first, without recursion, so a deep document gets the same clear error every time. A
    // fragment cycle is left to validation, which names it.
    if (documentNesting(document, MAX_NESTING).depth > MAX_NESTING) {
      return [
        new GraphQLError(
          `The document nests selection sets more than ${MAX_NESTING} levels deep (fragments expanded, inline fragments included).`,
          { extensions: { code: CODE.LIMIT_EXCEEDED, limit: 'depth' } },
        ),
      ];
    }
    let errors: readonly GraphQLError[];
    try {
      errors = graphqlValidate(schema, document, rules, options, typeInfo);
    } catch (error) {
      // The nesting bound keeps validation far from the stack's end; should it still get there, the
      // client gets a clear error, not a 500.
      if (!(error instanceof RangeError)) throw error;
      return [
        new GraphQLError('The document is nested too deeply to validate.', {
          extensions: { code: CODE.LIMIT_EXCEEDED, limit: 'depth' },
        }),
      ];
    }
    return errors.length > 0 ? errors : costErrors(document, limits);
  };
}

/** Counts of documents whose count does not depend on variables, by schema, document and operation name. */
const fixedCounts = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, number>>>();

/** {@link answerFields} of one request, remembered for documents whose pages do not depend on variables. */
function countedFields(args: ExecutionArgs, operation: OperationDefinitionNode): number {
  const name = args.operationName ?? '';
  let bySchema = fixedCounts.get(args.schema);
  if (!bySchema) fixedCounts.set(args.schema, (bySchema = new WeakMap()));
  const byName = bySchema.get(args.document);
  const remembered = byName?.get(name);
  if (remembered !== undefined) return remembered;
  const count = answerFields(args.schema, args.document, operation, args.variableValues);
  if (!count.dependsOnVariables) {
    if (byName) byName.set(name, count.fields);
    else bySchema.set(args.document, new Map([[name, count.fields]]));
  }
  return count.fields;
}

/**
 * The error for a request whose pages, full as its `limit`s ask, could resolve more than
 * `maxResponseFields` fields: refused before anything runs, where the response cap would stop
 * it only once that many fields were resolved. Undefined for a request within the cap, or one that
 * names no operation of its document (execution words that error).
 */
export function pagesError(args: ExecutionArgs, maxResponseFields: number): GraphQLError | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return undefined;
  const fields = countedFields(args, operation);
  if (fields <= maxResponseFields) return undefined;
  return limitError(
    `The operation could resolve ${fields > 1e15 ? 'more than 10^15' : fields} fields with its pages full; the maximum is ${maxResponseFields}. Ask for smaller pages or fewer fields.`,
    'responseFields',
    maxResponseFields,
  );
}
