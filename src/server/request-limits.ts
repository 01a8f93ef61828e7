// The validators' own modules: the package index also loads its schema diff and coverage (~45 modules).
import { countAliases } from '@graphql-inspector/core/validate/alias-count';
import { calculateOperationComplexity } from '@graphql-inspector/core/validate/complexity';
import { countDepth } from '@graphql-inspector/core/validate/query-depth';
import {
  GraphQLError,
  Kind,
  validate as graphqlValidate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { limitError, type Limits } from '../simulator/index.js';

const COMPLEXITY = { scalarCost: 1, objectCost: 2, depthCostFactor: 1.5 };

/**
 * Most selection sets nested in one another, inline fragments included. `maxDepth` refuses far less, but
 * only after graphql-js validation, which recurses once per level: thousands of nested `... on Query {`
 * overflow the stack there or not depending on how V8 compiled the frames. This bound is checked first,
 * without recursion, so such a document gets the same clear error every time.
 */
const MAX_SELECTION_NESTING = 200;

/** How deeply selection sets nest in the document, counted without recursion; stops once past `limit`. */
function selectionNesting(document: DocumentNode, limit: number): number {
  let deepest = 0;
  const stack: [SelectionSetNode, number][] = [];
  for (const def of document.definitions)
    if ('selectionSet' in def && def.selectionSet) stack.push([def.selectionSet, 1]);
  while (stack.length > 0) {
    const [set, level] = stack.pop()!;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const selection of set.selections)
      if (selection.kind !== Kind.FRAGMENT_SPREAD && selection.selectionSet)
        stack.push([selection.selectionSet, level + 1]);
  }
  return deepest;
}

/**
 * graphql-js validation followed by the cost limits, counted with @graphql-inspector/core. The limits
 * run only on documents that passed validation (so fragment cycles are already refused), and before
 * anything executes.
 */
export function limitedValidate(limits: Limits): typeof graphqlValidate {
  return (schema, document, rules, options, typeInfo) => {
    if (selectionNesting(document, MAX_SELECTION_NESTING) > MAX_SELECTION_NESTING) {
      return [
        new GraphQLError(
          `The document nests selection sets more than ${MAX_SELECTION_NESTING} levels deep (inline fragments included).`,
          { extensions: { code: 'LIMIT_EXCEEDED', limit: 'depth' } },
        ),
      ];
    }
    let errors: readonly GraphQLError[];
    try {
      errors = graphqlValidate(schema, document, rules, options, typeInfo);
    } catch (error) {
      // A chain of named fragments, each spreading the next, nests without nesting selection sets.
      if (!(error instanceof RangeError)) throw error;
      return [
        new GraphQLError('The document is nested too deeply to validate.', {
          extensions: { code: 'LIMIT_EXCEEDED', limit: 'depth' },
        }),
      ];
    }
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
