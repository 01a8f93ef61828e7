import {
  astFromValue,
  Kind,
  parse,
  print,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type ValueNode,
  valueFromASTUntyped,
} from 'graphql';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { VERSIONS, type Version } from '../../src/contract/versions.js';
import type { Answer, Forward, Handler, Incoming } from './proxy.js';

/** The version of a request's path as the contract names it (an unknown one reads as the newest). */
function versionOf(request: Incoming): Version {
  return (VERSIONS as readonly string[]).includes(request.version)
    ? (request.version as Version)
    : VERSIONS[0];
}

/**
 * What a regression does to the fields of a document: given a field node, its definition and the
 * request's variables, a replacement node (or undefined to leave it).
 */
export type FieldRewrite = (
  node: FieldNode,
  field: GraphQLField<unknown, unknown>,
  variables: Record<string, unknown>,
) => FieldNode | undefined;

/** Rewrites the document of a request field by field, typed against the revision's schema. */
export function rewriteFields(request: Incoming, rewrite: FieldRewrite): Incoming {
  const query = request.body?.query;
  if (!request.body || typeof query !== 'string') return request;
  let document;
  try {
    document = parse(query);
  } catch {
    return request;
  }
  const typeInfo = new TypeInfo(buildRevisionSchema(versionOf(request)));
  const variables = { ...request.body.variables };
  const changed = visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const field = typeInfo.getFieldDef();
        return field ? rewrite(node, field, variables) : undefined;
      },
    }),
  );
  return {
    ...request,
    body: {
      ...request.body,
      query: print(withoutOrphanedVariables(document, changed, variables)),
      variables,
    },
  };
}

/** A field node with one argument replaced (or added), or removed when `value` is undefined. */
export function withArgument(node: FieldNode, name: string, value: ValueNode | undefined): FieldNode {
  const others = (node.arguments ?? []).filter((a) => a.name.value !== name);
  const added: ArgumentNode[] =
    value === undefined ? [] : [{ kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: name }, value }];
  return { ...node, arguments: [...others, ...added] };
}

/**
 * A field node whose argument `name` holds `fn(current value)` (the variable's value or the literal's),
 * written as a literal of the argument's type; removed when `fn` answers undefined. Undefined (no change)
 * when the field has no such argument in the contract.
 */
export function mapArgument(
  node: FieldNode,
  field: GraphQLField<unknown, unknown>,
  variables: Record<string, unknown>,
  name: string,
  fn: (value: unknown) => unknown,
): FieldNode | undefined {
  const definition = field.args.find((a) => a.name === name);
  if (!definition) return undefined;
  const given = node.arguments?.find((a) => a.name.value === name);
  const current = given ? valueFromASTUntyped(given.value, variables) : undefined;
  const next = fn(current);
  if (next === current) return undefined;
  // A removed argument goes from the document; rewriteFields drops the variables nothing uses any more.
  if (next === undefined) return withArgument(node, name, undefined);
  if (given?.value.kind === Kind.VARIABLE) {
    variables[given.value.name.value] = next;
    return node;
  }
  let value: ValueNode | null | undefined;
  try {
    value = astFromValue(next, definition.type);
  } catch {
    // A value the type cannot hold (an unknown enum value a client sent on purpose) stays as written,
    // so the server answers it as it would without the regression.
    return undefined;
  }
  return withArgument(node, name, value ?? undefined);
}

/** The names of the variables a document refers to (outside their definitions). */
function usedVariables(document: DocumentNode): Set<string> {
  const used = new Set<string>();
  visit(document, {
    VariableDefinition: () => false,
    Variable(node) {
      used.add(node.name.value);
    },
  });
  return used;
}

/**
 * The rewritten document without the variable definitions that the rewrite left unused (and their values
 * dropped): a rewrite that removes or inlines an argument must not leave the server an unused variable, a
 * validation error the regression itself would not cause. A variable the client left unused stays.
 */
function withoutOrphanedVariables(
  before: DocumentNode,
  after: DocumentNode,
  variables: Record<string, unknown>,
): DocumentNode {
  const usedBefore = usedVariables(before);
  const usedAfter = usedVariables(after);
  return visit(after, {
    VariableDefinition(node) {
      const name = node.variable.name.value;
      if (!usedBefore.has(name) || usedAfter.has(name)) return undefined;
      delete variables[name];
      return null;
    },
  });
}

/** A handler that rewrites each request's document, then forwards it. */
export function onFields(rewrite: FieldRewrite): Handler {
  return (request, forward) => forward(rewriteFields(request, rewrite));
}

/** Every (key, value) of a JSON tree, depth first, with the object holding it; the callback may return a replacement. */
export function mapJson(
  value: unknown,
  fn: (key: string, value: unknown, holder: Record<string, unknown>) => unknown,
): unknown {
  if (Array.isArray(value)) return value.map((v) => mapJson(v, fn));
  if (value === null || typeof value !== 'object') return value;
  const holder = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(holder)) out[key] = fn(key, mapJson(v, fn), holder);
  return out;
}

/** A handler that forwards each request and rewrites the `data` of its JSON answer. */
export function onData(
  fn: (key: string, value: unknown, holder: Record<string, unknown>) => unknown,
  when: (request: Incoming) => boolean = () => true,
): Handler {
  return async (request, forward) => {
    const answer = await forward(request);
    if (!when(request) || answer.json === null || typeof answer.json !== 'object') return answer;
    const body = answer.json as Record<string, unknown>;
    if (body.data === undefined || body.data === null) return answer;
    return { ...answer, json: { ...body, data: mapJson(body.data, fn) } };
  };
}

/** Whether a request selects one of the root fields named. */
export const selecting =
  (...names: string[]) =>
  (request: Incoming): boolean =>
    rootFields(request).some((f) => names.includes(f));

/** The names of the root fields a request's document selects ('' when it does not parse). */
export function rootFields(request: Incoming): string[] {
  try {
    const document = parse(request.body?.query ?? '');
    const names: string[] = [];
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      }
    }
    return names;
  } catch {
    return [];
  }
}

/** Whether a request's document is a mutation. */
export function isMutation(request: Incoming): boolean {
  try {
    return parse(request.body?.query ?? '').definitions.some(
      (d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === 'mutation',
    );
  } catch {
    return false;
  }
}

/** The answer of a request sent again with another bearer token. */
export function as(token: string, request: Incoming, forward: Forward): Promise<Answer> {
  return forward({ ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
}

/** Whether a request's document selects `typeName.fieldName` anywhere (false when it does not parse). */
export function selectsField(request: Incoming, typeName: string, fieldName: string): boolean {
  let document;
  try {
    document = parse(request.body?.query ?? '');
  } catch {
    return false;
  }
  const typeInfo = new TypeInfo(buildRevisionSchema(versionOf(request)));
  let found = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (node.name.value === fieldName && typeInfo.getParentType()?.name === typeName) found = true;
      },
    }),
  );
  return found;
}

/** The values of a root field's arguments (variables resolved), or undefined when it is not selected. */
export function rootArguments(request: Incoming, fieldName: string): Record<string, unknown> | undefined {
  try {
    const document = parse(request.body?.query ?? '');
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD || selection.name.value !== fieldName) continue;
        const values: Record<string, unknown> = {};
        for (const argument of selection.arguments ?? [])
          values[argument.name.value] = valueFromASTUntyped(argument.value, request.body?.variables ?? {});
        return values;
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}
