import {
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { fieldsOf, typedOperation } from '../shape/selection.js';

/** An object of an answer with what the request's document says of it. */
export interface TypedHolder {
  /** JSON path of the object in the answer (`data.lists.models[0]`). */
  path: string;
  /**
   * The types the object is known to be: the type its field declares, its `__typename`, and the type
   * condition of every fragment whose fields it holds (a `... on Person` field present means a person).
   */
  types: Set<string>;
  /** Selected fields by field name (not alias; the first selection of a name wins). */
  fields: Map<string, unknown>;
  /** The selected fields whose type is a scalar or an enum (lists of them too), asked without arguments. */
  leaves: Map<string, unknown>;
  /** The object whose field (by name) led here, through lists and pages; undefined at the root. */
  parent?: { holder: TypedHolder; field: string };
  /**
   * Fields (by name, as `fields` holds them) asked with an argument other than `skip`, `limit` and `sort`:
   * a page of them may be narrowed by a filter, so it is not all of what the field holds.
   */
  narrowed: Set<string>;
}

/** Arguments that choose a part or an order of a page, never which items belong to it. */
const PAGING_ARGUMENTS = new Set(['skip', 'limit', 'sort']);

function walk(
  value: unknown,
  set: SelectionSetNode,
  declared: GraphQLCompositeType,
  at: string,
  parent: TypedHolder['parent'],
  ctx: { schema: GraphQLSchema; fragments: Map<string, FragmentDefinitionNode>; out: TypedHolder[] },
): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, set, declared, `${at}[${i}]`, parent, ctx));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  const typename = typeof object.__typename === 'string' ? object.__typename : undefined;
  const holder: TypedHolder = {
    path: at,
    types: new Set([declared.name]),
    fields: new Map(),
    leaves: new Map(),
    parent,
    narrowed: new Set(),
  };
  if (typename) holder.types.add(typename);
  const children: [unknown, SelectionSetNode, GraphQLCompositeType, string, string][] = [];
  for (const [node, type] of fieldsOf(set, declared, ctx.schema, ctx.fragments)) {
    const key = node.alias?.value ?? node.name.value;
    if (!(key in object)) continue;
    // A fragment on another type of a union or interface: its fields apply only where __typename says so.
    if (typename !== undefined && typename !== type.name && isObjectType(type)) continue;
    const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[node.name.value] : undefined;
    if (!field) continue;
    holder.types.add(type.name);
    if (!holder.fields.has(node.name.value)) {
      holder.fields.set(node.name.value, object[key]);
      if ((node.arguments ?? []).some((a) => !PAGING_ARGUMENTS.has(a.name.value)))
        holder.narrowed.add(node.name.value);
    }
    const inner = getNamedType(field.type);
    if (isLeafType(inner) && (node.arguments ?? []).length === 0 && !holder.leaves.has(node.name.value))
      holder.leaves.set(node.name.value, object[key]);
    if (node.selectionSet && isCompositeType(inner))
      children.push([object[key], node.selectionSet, inner, `${at}.${key}`, node.name.value]);
  }
  ctx.out.push(holder);
  for (const [child, childSet, inner, path, name] of children)
    walk(child, childSet, inner, path, { holder, field: name }, ctx);
}

/**
 * Every object of an answer's `data` (paths start at `data`), typed by the request's document against
 * the revision's schema; empty when the document does not parse or names no operation of the schema.
 */
export function typedHolders(
  schema: GraphQLSchema,
  request: { document: string; operationName?: string },
  data: unknown,
): TypedHolder[] {
  const typed = typedOperation(schema, request);
  if (!typed) return [];
  const { operation, root, fragments } = typed;
  const out: TypedHolder[] = [];
  walk(data, operation.selectionSet, root, 'data', undefined, { schema, fragments, out });
  return out;
}
