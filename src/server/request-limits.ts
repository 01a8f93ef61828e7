// The validators' own modules: the package index also loads its schema diff and coverage (~45 modules).
import { countAliases } from '@graphql-inspector/core/validate/alias-count';
import { calculateOperationComplexity } from '@graphql-inspector/core/validate/complexity';
import { countDepth } from '@graphql-inspector/core/validate/query-depth';
import {
  Kind,
  validate as graphqlValidate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
} from 'graphql';
import { limitError, type Limits } from '../simulator/index.js';

const COMPLEXITY = { scalarCost: 1, objectCost: 2, depthCostFactor: 1.5 };

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
