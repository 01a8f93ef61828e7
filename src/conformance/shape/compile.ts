import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  validate,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLAbstractType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

/** The subset of JSON Schema the compiler emits (ajv draft-07). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  /** Marks the schema of a `__typename` key so its failures are classified as unknown type names. */
  $comment?: string;
}

/** The JSON Schema of a response's `data`, or why the document cannot be compiled for the revision. */
export type CompiledShape =
  { ok: true; schema: JsonSchema; rootFields: string[] } | { ok: false; errors: string[] };

/** Marker in `$comment` of `__typename` schemas. */
export const TYPENAME_COMMENT = '__typename';

/** ajv format names registered for the contract's custom scalars. */
export const DATE_FORMAT = 'rm-date';
/** See {@link DATE_FORMAT}. */
export const DATE_TIME_FORMAT = 'rm-date-time';

const INT32 = { minimum: -2147483648, maximum: 2147483647 };

function scalarSchema(name: string): JsonSchema {
  switch (name) {
    case 'Int':
      return { type: 'integer', ...INT32 };
    case 'Float':
      return { type: 'number' };
    case 'String':
    case 'ID': // GraphQL serializes ID as a string, whatever the server stores.
      return { type: 'string' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'Date':
      return { type: 'string', format: DATE_FORMAT };
    case 'DateTime':
      return { type: 'string', format: DATE_TIME_FORMAT };
    default:
      return {};
  }
}

function nullable(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  if (out.enum) out.enum = [...out.enum, null];
  return out;
}

function hasConditionalDirective(node: FieldNode): boolean {
  return (node.directives ?? []).some((d) => d.name.value === 'skip' || d.name.value === 'include');
}

class ShapeCompiler {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
  ) {}

  private applies(type: GraphQLObjectType, condition: string | undefined): boolean {
    if (condition === undefined || condition === type.name) return true;
    const cond = this.schema.getType(condition);
    return cond !== undefined && isAbstractType(cond) && this.schema.isSubType(cond, type);
  }

  /** Response key → field nodes, in selection order, as graphql-js' CollectFields does for one object type. */
  private collect(
    type: GraphQLObjectType,
    sets: readonly SelectionSetNode[],
    out = new Map<string, FieldNode[]>(),
    visited = new Set<string>(),
  ): Map<string, FieldNode[]> {
    for (const set of sets) {
      for (const sel of set.selections) {
        if (sel.kind === 'Field') {
          const key = sel.alias?.value ?? sel.name.value;
          out.set(key, [...(out.get(key) ?? []), sel]);
        } else if (sel.kind === 'InlineFragment') {
          if (this.applies(type, sel.typeCondition?.name.value))
            this.collect(type, [sel.selectionSet], out, visited);
        } else {
          const fragment = this.fragments.get(sel.name.value);
          if (!fragment || visited.has(fragment.name.value)) continue;
          if (this.applies(type, fragment.typeCondition.name.value)) {
            visited.add(fragment.name.value);
            this.collect(type, [fragment.selectionSet], out, visited);
          }
        }
      }
    }
    return out;
  }

  object(
    type: GraphQLObjectType,
    sets: readonly SelectionSetNode[],
  ): { schema: JsonSchema; typenameKey?: string } {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    let typenameKey: string | undefined;
    for (const [key, nodes] of this.collect(type, sets)) {
      const first = nodes[0];
      if (!first) continue;
      if (!nodes.some(hasConditionalDirective)) required.push(key);
      if (first.name.value === '__typename') {
        properties[key] = { type: 'string', const: type.name, $comment: TYPENAME_COMMENT };
        typenameKey = key;
        continue;
      }
      const field = type.getFields()[first.name.value];
      if (!field) continue;
      const subsets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
      properties[key] = this.output(field.type, subsets);
    }
    return { schema: { type: 'object', properties, required, additionalProperties: false }, typenameKey };
  }

  private abstract(type: GraphQLAbstractType, sets: readonly SelectionSetNode[]): JsonSchema {
    const possible = [...this.schema.getPossibleTypes(type)].sort((a, b) => a.name.localeCompare(b.name));
    const shapes = possible.map((p) => ({ name: p.name, ...this.object(p, sets) }));
    const key = shapes[0]?.typenameKey;
    if (key !== undefined && shapes.every((s) => s.typenameKey === key)) {
      return {
        type: 'object',
        required: [key],
        properties: {
          [key]: { type: 'string', enum: possible.map((p) => p.name), $comment: TYPENAME_COMMENT },
        },
        allOf: shapes.map((s) => ({ if: { properties: { [key]: { const: s.name } } }, then: s.schema })),
      };
    }
    const texts = shapes.map((s) => JSON.stringify(s.schema));
    if (shapes[0] && texts.every((t) => t === texts[0])) return shapes[0].schema;
    // Without __typename the concrete type is unknown: keys common to every type are required, the
    // rest optional, and a key whose shape differs between types accepts any of them.
    const properties: Record<string, JsonSchema> = {};
    const keys = new Set(shapes.flatMap((s) => Object.keys(s.schema.properties ?? {})));
    for (const k of keys) {
      const variants = shapes.flatMap((s) => (s.schema.properties?.[k] ? [s.schema.properties[k]] : []));
      const distinct = [...new Map(variants.map((v) => [JSON.stringify(v), v])).values()];
      properties[k] = distinct.length === 1 && distinct[0] ? distinct[0] : { anyOf: distinct };
    }
    const required = [...keys].filter((k) => shapes.every((s) => s.schema.required?.includes(k)));
    return { type: 'object', properties, required, additionalProperties: false };
  }

  output(type: GraphQLOutputType, sets: readonly SelectionSetNode[]): JsonSchema {
    const inner = getNullableType(type);
    let schema: JsonSchema;
    if (isListType(inner)) schema = { type: 'array', items: this.output(inner.ofType, sets) };
    else if (isScalarType(inner)) schema = scalarSchema(inner.name);
    else if (isEnumType(inner)) schema = { type: 'string', enum: inner.getValues().map((v) => v.name) };
    else if (isObjectType(inner)) schema = this.object(inner, sets).schema;
    else if (isAbstractType(inner)) schema = this.abstract(inner, sets);
    else schema = {};
    return isNonNullType(type) ? schema : nullable(schema);
  }
}

/**
 * Compiles the JSON shape a conforming response's `data` must have for one operation: exactly the
 * selected response keys (aliases included), the schema's nullability, lists, enums, scalar formats
 * and `__typename`, with inline fragments on interfaces discriminated by `__typename` when selected.
 */
export function compileShape(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string,
): CompiledShape {
  const errors = validate(schema, document);
  if (errors.length > 0) return { ok: false, errors: errors.map((e) => e.message) };
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    return {
      ok: false,
      errors: [
        operationName
          ? `no operation named "${operationName}"`
          : 'the document has several operations; name one',
      ],
    };
  }
  const root = schema.getRootType(operation.operation);
  if (!root) return { ok: false, errors: [`the schema has no ${operation.operation} type`] };
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === 'FragmentDefinition' ? [[d.name.value, d] as const] : [],
    ),
  );
  const compiler = new ShapeCompiler(schema, fragments);
  const shape = compiler.object(root, [operation.selectionSet]).schema;
  const rootFields = operation.selectionSet.selections.flatMap((s) =>
    s.kind === 'Field' && getNamedType(root.getFields()[s.name.value]?.type)
      ? [s.alias?.value ?? s.name.value]
      : [],
  );
  return { ok: true, schema: shape, rootFields };
}
