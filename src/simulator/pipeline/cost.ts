import {
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
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

/** The page size assumed for a paged field whose `limit` is neither given nor declared with a default. */
const UNDECLARED_PAGE = 100;

/** A composite type's field by name, meta fields included; undefined for a union's own fields. */
function fieldOf(
  parent: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

/** What the walk of {@link answerFields} has learnt beyond the count: whether a variable sized a page. */
interface PageWalk {
  readonly schema: GraphQLSchema;
  readonly variables: Readonly<Record<string, unknown>>;
  usedVariables: boolean;
}

/** A literal or a variable's value as a number, or undefined when it is neither. */
function numberOf(value: ValueNode, walk: PageWalk): number | undefined {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    walk.usedVariables = true;
    const given = walk.variables[value.name.value];
    return typeof given === 'number' ? given : undefined;
  }
  return undefined;
}

/**
 * The page size a field is called with: its `limit` argument (or the `limit` of its `input`, as
 * `targetPersonConnections` takes it), else the declared default; 1 for a field that does not page.
 */
function pageSize(field: FieldNode, def: GraphQLField<unknown, unknown> | undefined, walk: PageWalk): number {
  const limitArg = def?.args.find((arg) => arg.name === 'limit');
  if (limitArg) {
    const given = field.arguments?.find((arg) => arg.name.value === 'limit');
    const size = given ? numberOf(given.value, walk) : undefined;
    return Math.max(
      1,
      size ?? (typeof limitArg.defaultValue === 'number' ? limitArg.defaultValue : UNDECLARED_PAGE),
    );
  }
  const inputArg = def?.args.find((arg) => arg.name === 'input');
  const inputType = inputArg ? getNamedType(inputArg.type) : undefined;
  if (!isInputObjectType(inputType)) return 1;
  const declared = inputType.getFields()['limit'];
  if (!declared) return 1;
  const fallback = typeof declared.defaultValue === 'number' ? declared.defaultValue : UNDECLARED_PAGE;
  const input = field.arguments?.find((arg) => arg.name.value === 'input')?.value;
  let size: number | undefined;
  if (input?.kind === Kind.OBJECT) {
    const limit = input.fields.find((f) => f.name.value === 'limit');
    size = limit ? numberOf(limit.value, walk) : undefined;
  } else if (input?.kind === Kind.VARIABLE) {
    walk.usedVariables = true;
    const given = walk.variables[input.name.value];
    const limit =
      given !== null && typeof given === 'object' ? (given as Record<string, unknown>)['limit'] : undefined;
    size = typeof limit === 'number' ? limit : undefined;
  }
  return Math.max(1, size ?? fallback);
}

/** Fields a selection set may resolve with every page full, the fragments it spreads taken from `known`. */
function setFields(
  set: SelectionSetNode,
  parent: GraphQLNamedType | undefined,
  known: ReadonlyMap<string, number>,
  walk: PageWalk,
): number {
  let fields = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const def = fieldOf(parent, selection.name.value);
      fields += 1;
      if (selection.selectionSet) {
        const inner = setFields(selection.selectionSet, def && getNamedType(def.type), known, walk);
        fields += pageSize(selection, def, walk) * inner;
      }
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : parent;
      fields += setFields(selection.selectionSet, type, known, walk);
    } else fields += known.get(selection.name.value) ?? 0;
  }
  return fields;
}

/** How many fields an answer may resolve, and whether that depends on the request's variables. */
export interface AnswerFields {
  fields: number;
  dependsOnVariables: boolean;
}

/**
 * How many fields `operation`'s answer may resolve at most: a paged field (one taking a `limit`,
 * directly or in its `input`) multiplies what it selects by its page size (given, or else declared),
 * so nested pages multiply. Depends on the variables where a page size is a variable; costed in time
 * linear in the document's size, each fragment once.
 */
export function answerFields(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): AnswerFields {
  const walk: PageWalk = { schema, variables: variables ?? {}, usedVariables: false };
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const known = new Map<string, number>();
  for (const fragment of fragmentsInOrder(fragments)) {
    const type = schema.getType(fragment.typeCondition.name.value);
    known.set(fragment.name.value, setFields(fragment.selectionSet, type, known, walk));
  }
  const root = schema.getRootType(operation.operation) ?? undefined;
  const fields = setFields(operation.selectionSet, root, known, walk);
  return { fields, dependsOnVariables: walk.usedVariables };
}
