import {
  getOperationAST,
  parse,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';

/**
 * The parsed document of a request and its query operation, or undefined when it does not parse or the
 * operation is a write: twins ask queries again, never writes.
 */
export function queryOperation(
  query: unknown,
  operationName?: string | null,
): { document: DocumentNode; op: OperationDefinitionNode } | undefined {
  if (typeof query !== 'string') return undefined;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return undefined;
  }
  const op = getOperationAST(document, operationName ?? undefined);
  return op && op.operation === 'query' ? { document, op } : undefined;
}

/** Variables and fragments a node uses, fragments followed. */
export function usesOf(
  node: FieldNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): { variables: Set<string>; fragments: Set<string> } {
  const variables = new Set<string>();
  const used = new Set<string>();
  const pending: (FieldNode | FragmentDefinitionNode)[] = [node];
  while (pending.length > 0) {
    visit(pending.pop()!, {
      Variable: (v) => {
        variables.add(v.name.value);
      },
      FragmentSpread: (s) => {
        const name = s.name.value;
        const fragment = fragments.get(name);
        if (!used.has(name) && fragment) {
          used.add(name);
          pending.push(fragment);
        }
      },
    });
  }
  return { variables, fragments: used };
}
