import {
  getOperationAST,
  isCompositeType,
  Kind,
  parse,
  type OperationDefinitionNode,
  type GraphQLObjectType,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

/** Fields of a selection set (through fragments), with the type their parent has. */
export function* fieldsOf(
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
): Generator<[FieldNode, GraphQLCompositeType]> {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) yield [selection, parent];
    else {
      const fragment =
        selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      if (!fragment) continue;
      const typeName = fragment.typeCondition?.name.value;
      const type = typeName ? schema.getType(typeName) : parent;
      if (type && isCompositeType(type)) yield* fieldsOf(fragment.selectionSet, type, schema, fragments);
    }
  }
}

/** A request's operation with its root type and the document's fragments, ready to walk an answer with. */
export interface TypedOperation {
  operation: OperationDefinitionNode;
  root: GraphQLObjectType;
  fragments: Map<string, FragmentDefinitionNode>;
}

/**
 * The operation a request runs, typed against the revision's schema; undefined when the document does not
 * parse or names no operation of the schema (an answer to it is not walked).
 */
export function typedOperation(
  schema: GraphQLSchema,
  request: { document: string; operationName?: string },
): TypedOperation | undefined {
  let document;
  try {
    document = parse(request.document);
  } catch {
    return undefined;
  }
  const operation = getOperationAST(document, request.operationName);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return undefined;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return { operation, root, fragments };
}
