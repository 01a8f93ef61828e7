import { getOperationAST, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';

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
