import {
  isCompositeType,
  Kind,
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
