import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isAbstractType,
  isListType,
  isObjectType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { type PathSegment } from '../conformance/index.js';
import { documentNesting, MAX_NESTING } from '../simulator/index.js';

/** One selected field's value in a response, with the contract's view of it. */
export interface VisitedField {
  parentType: GraphQLObjectType;
  field: GraphQLField<unknown, unknown>;
  /** The selections that produced the key (several when a key is selected twice). */
  nodes: readonly FieldNode[];
  value: unknown;
  /** Path from the response body (`['data', 'lists', 'models']`). */
  path: readonly PathSegment[];
}

/** What a walk reports: every field value, and every object with the concrete type it was resolved as. */
export interface TypedVisitor {
  field?(visited: VisitedField): void;
  /** `fields` holds the object's values by field name (aliases resolved; the first key of a field wins). */
  object?(type: GraphQLObjectType, fields: Record<string, unknown>, path: readonly PathSegment[]): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

class Walker {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly visitor: TypedVisitor,
    private readonly guess: boolean,
  ) {}

  private applies(type: GraphQLObjectType, condition: string | undefined): boolean {
    if (condition === undefined || condition === type.name) return true;
    const cond = this.schema.getType(condition);
    return cond !== undefined && isAbstractType(cond) && this.schema.isSubType(cond, type);
  }

  /** Response key → field nodes for one concrete type (graphql-js' CollectFields, without directives). */
  private collect(type: GraphQLObjectType, sets: readonly SelectionSetNode[]): Map<string, FieldNode[]> {
    const out = new Map<string, FieldNode[]>();
    const visited = new Set<string>();
    const visit = (set: SelectionSetNode): void => {
      for (const sel of set.selections) {
        if (sel.kind === 'Field') {
          const key = sel.alias?.value ?? sel.name.value;
          out.set(key, [...(out.get(key) ?? []), sel]);
        } else if (sel.kind === 'InlineFragment') {
          if (this.applies(type, sel.typeCondition?.name.value)) visit(sel.selectionSet);
        } else {
          const fragment = this.fragments.get(sel.name.value);
          if (!fragment || visited.has(fragment.name.value)) continue;
          visited.add(fragment.name.value);
          if (this.applies(type, fragment.typeCondition.name.value)) visit(fragment.selectionSet);
        }
      }
    };
    for (const set of sets) visit(set);
    return out;
  }

  /**
   * The concrete type of an object of an abstract type: its `__typename` when selected, else the only
   * possible type that has every selected field (none when that is ambiguous).
   */
  private concrete(
    type: GraphQLOutputType,
    value: Record<string, unknown>,
    sets: readonly SelectionSetNode[],
  ): GraphQLObjectType | undefined {
    const named = getNamedType(type);
    if (isObjectType(named)) return named;
    if (!isAbstractType(named)) return undefined;
    const possible = this.schema.getPossibleTypes(named);
    const typename = value['__typename'];
    if (typeof typename === 'string') return possible.find((p) => p.name === typename);
    const fits = possible.filter((p) => {
      const keys = this.collect(p, sets);
      return Object.keys(value).every((k) => keys.has(k));
    });
    if (fits.length === 1 || !this.guess) return fits.length === 1 ? fits[0] : undefined;
    // Asked to guess (scrubbing would rather type a value wrongly than not at all): the type whose
    // selections match the keys exactly, else the first that fits.
    const exact = fits.filter((p) => this.collect(p, sets).size === Object.keys(value).length);
    return exact.length === 1 ? exact[0] : fits[0];
  }

  value(
    type: GraphQLOutputType,
    value: unknown,
    sets: readonly SelectionSetNode[],
    path: PathSegment[],
  ): void {
    if (value === null || value === undefined) return;
    const inner = getNullableType(type);
    if (isListType(inner)) {
      if (Array.isArray(value)) value.forEach((v, i) => this.value(inner.ofType, v, sets, [...path, i]));
      return;
    }
    if (!isRecord(value) || sets.length === 0) return;
    const concrete = this.concrete(inner, value, sets);
    if (concrete) this.object(concrete, value, sets, path);
  }

  object(
    type: GraphQLObjectType,
    value: Record<string, unknown>,
    sets: readonly SelectionSetNode[],
    path: PathSegment[],
  ): void {
    const collected = this.collect(type, sets);
    if (this.visitor.object) {
      const fields: Record<string, unknown> = {};
      for (const [key, nodes] of collected) {
        const name = nodes[0]?.name.value;
        if (name !== undefined && key in value && !(name in fields)) fields[name] = value[key];
      }
      this.visitor.object(type, fields, path);
    }
    for (const [key, nodes] of collected) {
      const first = nodes[0];
      if (!first || !(key in value)) continue;
      const field = type.getFields()[first.name.value];
      if (!field) continue;
      const fieldPath = [...path, key];
      this.visitor.field?.({ parentType: type, field, nodes, value: value[key], path: fieldPath });
      const subsets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
      this.value(field.type, value[key], subsets, fieldPath);
    }
  }
}

/**
 * Walks a response's `data` along the operation's selections (documents nested more than
 * {@link MAX_NESTING} deep, fragments expanded, or whose fragments spread one another in a cycle are not
 * walked), telling the visitor each selected field's
 * value and each object's concrete type. Values that do not fit the contract are skipped, not reported:
 * the shape check reports those. An object of an abstract type whose concrete type cannot be told is
 * skipped too, unless `guessAmbiguous`.
 */
export function walkResponse(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  data: unknown,
  visitor: TypedVisitor,
  options: { guessAmbiguous?: boolean } = {},
): void {
  const operation = getOperationAST(document, operationName);
  if (!operation || !isRecord(data)) return;
  // The walk recurses along the selections and the data: bounded by refusing documents nested deeper
  // than the proxy checks, and cycles, whose selections would follow data of any depth (the request
  // check refuses the deep ones and validation the cycles first; this keeps every caller safe).
  const nesting = documentNesting(document);
  if (nesting.cycle || nesting.depth > MAX_NESTING) return;
  const root = schema.getRootType(operation.operation);
  if (!root) return;
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === 'FragmentDefinition' ? [[d.name.value, d] as const] : [],
    ),
  );
  new Walker(schema, fragments, visitor, options.guessAmbiguous ?? false).object(
    root,
    data,
    [operation.selectionSet],
    ['data'],
  );
}
