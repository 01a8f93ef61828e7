import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * What an operation costs, with every fragment counted as if written out where it is spread
 * (so a fragment spread twice counts twice), yet each fragment walked only once.
 */
export interface OperationCost {
  /** Fields nested in fields: `{ a { b } }` is 2; fragments and inline fragments add no level. */
  depth: number;
  /** Aliased fields. */
  aliases: number;
  /** 1 per leaf field; 2 per field with a selection plus 1.5 times what it selects; the operation likewise. */
  complexity: number;
}

// The measure @graphql-inspector/core's complexity counter used before (scalar 1, object 2, depth factor
// 1.5), kept so the configured maxima mean what they meant; its fragments are now inlined, not nested.
const SCALAR_COST = 1;
const OBJECT_COST = 2;
const DEPTH_FACTOR = 1.5;

/** The cost of a selection set's fields: the deepest, the aliases and the summed complexity. */
interface SetCost {
  depth: number;
  aliases: number;
  complexity: number;
}

const NOTHING: SetCost = { depth: 0, aliases: 0, complexity: 0 };

/**
 * The fragments of `document` in an order where each comes after every fragment it spreads, found
 * without recursion (a chain of thousands of fragments must not overflow the stack). A fragment in a
 * cycle (refused by validation before costs are counted) is placed once, and costs nothing further.
 */
function fragmentsInOrder(fragments: ReadonlyMap<string, FragmentDefinitionNode>): FragmentDefinitionNode[] {
  const order: FragmentDefinitionNode[] = [];
  const state = new Map<string, 'open' | 'done'>();
  for (const root of fragments.values()) {
    if (state.has(root.name.value)) continue;
    const stack: [FragmentDefinitionNode, boolean][] = [[root, false]];
    while (stack.length > 0) {
      const [fragment, expanded] = stack.pop()!;
      const name = fragment.name.value;
      if (expanded) {
        state.set(name, 'done');
        order.push(fragment);
        continue;
      }
      if (state.has(name)) continue;
      state.set(name, 'open');
      stack.push([fragment, true]);
      for (const spread of spreadsIn(fragment.selectionSet)) {
        const next = fragments.get(spread);
        if (next && !state.has(spread)) stack.push([next, false]);
      }
    }
  }
  return order;
}

/** Names of the fragments a selection set spreads, its inline fragments and fields included. */
function spreadsIn(set: SelectionSetNode): string[] {
  const names: string[] = [];
  const stack = [set];
  while (stack.length > 0) {
    for (const selection of stack.pop()!.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) names.push(selection.name.value);
      else if (selection.selectionSet) stack.push(selection.selectionSet);
    }
  }
  return names;
}

/**
 * The cost of a selection set, with the fragments it spreads taken from `known`. Recursive, but only
 * as deep as selection sets nest in one definition, which is bounded before this runs.
 */
function setCost(set: SelectionSetNode, known: ReadonlyMap<string, SetCost>): SetCost {
  let depth = 0;
  let aliases = 0;
  let complexity = 0;
  for (const selection of set.selections) {
    let cost: SetCost;
    if (selection.kind === Kind.FIELD) {
      const own = selection.alias ? 1 : 0;
      if (selection.selectionSet) {
        const inner = setCost(selection.selectionSet, known);
        cost = {
          depth: 1 + inner.depth,
          aliases: own + inner.aliases,
          complexity: OBJECT_COST + DEPTH_FACTOR * inner.complexity,
        };
      } else cost = { depth: 1, aliases: own, complexity: SCALAR_COST };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost = setCost(selection.selectionSet, known);
    } else cost = known.get(selection.name.value) ?? NOTHING;
    if (cost.depth > depth) depth = cost.depth;
    aliases += cost.aliases;
    complexity += cost.complexity;
  }
  return { depth, aliases, complexity };
}

/**
 * The cost of every operation of `document`, in time linear in the document's size: each fragment is
 * costed once and its cost reused at every spread, where counting by expansion (as
 * @graphql-inspector/core's counters did) doubles the work at every level of fragments spreading the
 * next one twice.
 */
export function operationCosts(document: DocumentNode): Map<OperationDefinitionNode, OperationCost> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const known = new Map<string, SetCost>();
  for (const fragment of fragmentsInOrder(fragments))
    known.set(fragment.name.value, setCost(fragment.selectionSet, known));
  const costs = new Map<OperationDefinitionNode, OperationCost>();
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const inner = setCost(def.selectionSet, known);
    costs.set(def, {
      depth: inner.depth,
      aliases: inner.aliases,
      complexity: Math.round(OBJECT_COST + DEPTH_FACTOR * inner.complexity),
    });
  }
  return costs;
}
