import {
  getOperationAST,
  Kind,
  parse,
  print,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import type { GraphQLRequest } from '../target/http-client.js';
import { usesOf } from './query-document.js';
import { TWIN_HEADER } from './twins.js';

/** What asking a root field alone rests on. */
export const ALONE_BASIS: readonly string[] = ['A-602'];

/** One root field of a query asked in a document of its own, as a client that asks one thing writes it. */
export interface AloneQuery {
  /** The key the original answer holds the field under (its alias, else its name). */
  key: string;
  /** The field's own name: the key the twin's answer holds it under. */
  name: string;
  /** The document: the operation with only this field, unaliased, and the variables and fragments it uses. */
  document: string;
  /** The variables of the original request this document declares. */
  variables: readonly string[];
}

/**
 * The root fields of a query that are asked with an alias or beside other root fields, each as a
 * document of its own without the alias. Empty for mutations and subscriptions (a write is not
 * sent twice), for a document with one unaliased root field, and for roots the split could change
 * (a fragment or a directive at the root, `__typename`, introspection).
 */
export function aloneQueries(document: string, operationName?: string): AloneQuery[] {
  let parsed: DocumentNode;
  try {
    parsed = parse(document);
  } catch {
    return [];
  }
  const op: OperationDefinitionNode | null | undefined = getOperationAST(parsed, operationName);
  if (!op || op.operation !== 'query') return [];
  const roots = op.selectionSet.selections;
  if (roots.some((s) => s.kind !== Kind.FIELD || (s.directives?.length ?? 0) > 0)) return [];
  const fields = roots as readonly FieldNode[];
  if (fields.some((f) => f.name.value.startsWith('__'))) return [];
  if (fields.length === 1 && fields[0]!.alias === undefined) return [];
  const fragments = new Map(
    parsed.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  // Two roots under one name ask it twice with other arguments: each is sent alone under its name.
  return fields.map((field) => {
    const uses = usesOf(field, fragments);
    const alone: DocumentNode = {
      kind: Kind.DOCUMENT,
      definitions: [
        {
          ...op,
          variableDefinitions: (op.variableDefinitions ?? []).filter((d) =>
            uses.variables.has(d.variable.name.value),
          ),
          selectionSet: { ...op.selectionSet, selections: [{ ...field, alias: undefined }] },
        },
        ...[...fragments.values()].filter((f) => uses.fragments.has(f.name.value)),
      ],
    };
    return {
      key: field.alias?.value ?? field.name.value,
      name: field.name.value,
      document: print(alone),
      variables: [...uses.variables],
    };
  });
}

/** The request asking `alone` in place of the whole document, marked as a twin (`x-rm-harness-twin: alone`). */
export function aloneRequest(request: GraphQLRequest, alone: AloneQuery): GraphQLRequest {
  const given = request.body.variables ?? {};
  const variables = Object.fromEntries(
    Object.entries(given).filter(([name]) => alone.variables.includes(name)),
  );
  const { rawBody: _raw, ...rest } = request;
  return {
    ...rest,
    headers: { ...request.headers, [TWIN_HEADER]: 'alone' },
    body: {
      query: alone.document,
      ...(Object.keys(variables).length > 0 ? { variables } : {}),
      ...(request.body.operationName !== undefined ? { operationName: request.body.operationName } : {}),
    },
  };
}
