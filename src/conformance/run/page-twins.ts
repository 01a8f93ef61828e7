import {
  getOperationAST,
  Kind,
  parse,
  print,
  visit,
  type DocumentNode,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Finding } from '../assert/explicit.js';
import type { GraphQLRequest } from '../target/http-client.js';
import { TWIN_HEADER } from './twins.js';

/** What asking a shorter page rests on. */
export const SHORTER_BASIS: readonly string[] = ['§6/paging', 'A-34', 'A-606'];

/** A root page of the first answer and the shorter limit it is asked again with. */
interface Shortened {
  key: string;
  limit: number;
  models: unknown[];
  totalModels: unknown;
}

/** A query asked again with each root page one item shorter. */
export interface ShorterQuery {
  request: GraphQLRequest;
  pages: Shortened[];
}

const clip = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The query with the `limit` of each root page that answered two items or more set to one less than it
 * answered, or undefined when it has none, is not a query, or its root is not plain fields. A
 * variable the new limits leave unused is dropped with its value, as GraphQL requires.
 */
export function shorterQuery(
  schema: GraphQLSchema,
  request: GraphQLRequest,
  data: unknown,
): ShorterQuery | undefined {
  const { query, operationName, variables } = request.body;
  if (typeof query !== 'string' || !isRecord(data)) return undefined;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return undefined;
  }
  const op = getOperationAST(document, operationName ?? undefined);
  const root = schema.getQueryType();
  if (!op || op.operation !== 'query' || !root) return undefined;
  if (op.selectionSet.selections.some((s) => s.kind !== Kind.FIELD || (s.directives?.length ?? 0) > 0)) {
    return undefined;
  }
  const pages: Shortened[] = [];
  const limits = new Map<FieldNode, number>();
  for (const node of op.selectionSet.selections as readonly FieldNode[]) {
    const key = node.alias?.value ?? node.name.value;
    const field = root.getFields()[node.name.value];
    const page = data[key];
    if (!field?.args.some((a) => a.name === 'limit') || !isRecord(page) || !Array.isArray(page.models)) {
      continue;
    }
    if (page.models.length < 2) continue;
    const limit = page.models.length - 1;
    limits.set(node, limit);
    pages.push({ key, limit, models: page.models, totalModels: page.totalModels });
  }
  if (pages.length === 0) return undefined;
  const limited = visit(op, {
    Field: {
      enter(node) {
        const limit = limits.get(node);
        if (limit === undefined) return undefined;
        const others = (node.arguments ?? []).filter((a) => a.name.value !== 'limit');
        return {
          ...node,
          arguments: [
            ...others,
            {
              kind: Kind.ARGUMENT,
              name: { kind: Kind.NAME, value: 'limit' },
              value: { kind: Kind.INT, value: String(limit) },
            },
          ],
          // Only the root's own arguments change: its selection is walked no further.
          selectionSet: node.selectionSet,
        };
      },
    },
  }) as OperationDefinitionNode;
  const used = new Set<string>();
  visit(limited.selectionSet, {
    Variable: (v) => {
      used.add(v.name.value);
    },
  });
  const fragmentsUse = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
  for (const fragment of fragmentsUse) {
    visit(fragment, {
      Variable: (v) => {
        used.add(v.name.value);
      },
    });
  }
  const operation: OperationDefinitionNode = {
    ...limited,
    variableDefinitions: (limited.variableDefinitions ?? []).filter((d) => used.has(d.variable.name.value)),
  };
  const shorter: DocumentNode = {
    ...document,
    definitions: document.definitions.map((d) => (d === op ? operation : d)),
  };
  const kept = variables
    ? Object.fromEntries(Object.entries(variables).filter(([name]) => used.has(name)))
    : undefined;
  const { rawBody: _raw, ...rest } = request;
  return {
    pages,
    request: {
      ...rest,
      headers: { ...request.headers, [TWIN_HEADER]: 'shorter' },
      body: {
        ...request.body,
        query: print(shorter),
        ...(kept !== undefined ? { variables: kept } : {}),
      },
    },
  };
}

/**
 * What the shorter pages show against the first answer, given the twin answered with data: each holds
 * the same total and the first answer's items but its last, in the same order. Limits cut the
 * whole ordered result (§6/paging), and ties are broken by id, so a shorter page is a prefix of a
 * longer one.
 */
export function judgeShorter(shorter: ShorterQuery, data: unknown): Finding[] {
  if (!isRecord(data)) return [];
  const findings: Finding[] = [];
  for (const page of shorter.pages) {
    const answered = data[page.key];
    if (!isRecord(answered)) continue;
    const asked = `the same query with ${page.key}'s limit ${page.limit}, one less than the ${page.limit + 1} items it answered`;
    if (JSON.stringify(answered.totalModels) !== JSON.stringify(page.totalModels)) {
      findings.push({
        expectationId: 'shorter-page',
        path: `data.${page.key}.totalModels`,
        kind: 'value-mismatch',
        expected: page.totalModels,
        actual: answered.totalModels,
        message: `${asked} answered totalModels ${JSON.stringify(answered.totalModels)}, where the first answer says ${JSON.stringify(page.totalModels)}: a total counts every match, whatever the page`,
      });
    }
    const models = Array.isArray(answered.models) ? answered.models : [];
    const expected = page.models.slice(0, page.limit);
    const at = expected.findIndex((item, i) => JSON.stringify(item) !== JSON.stringify(models[i]));
    if (at >= 0 || models.length !== expected.length) {
      const i = at >= 0 ? at : Math.min(models.length, expected.length);
      findings.push({
        expectationId: 'shorter-page',
        path: `data.${page.key}.models[${i}]`,
        kind: 'value-mismatch',
        expected: expected[i] ?? 'no item',
        actual: models[i] ?? 'no item',
        message: `${asked} answered ${models.length} items whose item ${i} is ${clip(models[i] ?? null)}, where the first answer's item ${i} is ${clip(expected[i] ?? null)}: a shorter page is the first items of the longer one, in its order`,
      });
    }
  }
  return findings;
}
