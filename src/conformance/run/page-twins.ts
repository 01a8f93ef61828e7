import {
  Kind,
  print,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Finding } from '../assert/explicit.js';
import type { GraphQLRequest } from '../target/http-client.js';
import { queryOperation, usesOf } from './query-document.js';
import { TWIN_HEADER } from './twins.js';

/** What asking a shorter page rests on (A-606). */
export const SHORTER_BASIS: readonly string[] = ['§6/paging', 'A-34', 'A-606'];

/** A root page of the first answer and the window it is asked again with. */
interface Shortened {
  key: string;
  /** The skip asked again: the first answer's, or one more (`later`). */
  skip: number;
  limit: number;
  /** How many of the first answer's items the new window starts after: 0 or 1. */
  shift: number;
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

/** The `skip` a root field was asked with: its literal, its variable's value, else the contract's default. */
function skipOf(node: FieldNode, fallback: unknown, variables: Record<string, unknown>): number | undefined {
  const given = node.arguments?.find((a) => a.name.value === 'skip')?.value;
  const value =
    given === undefined
      ? fallback
      : given.kind === Kind.INT
        ? Number(given.value)
        : given.kind === Kind.VARIABLE
          ? (variables[given.name.value] ?? fallback)
          : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * The query with each root page that answered two items or more asked for one item less (A-606): from
 * the same `skip` (`shift` 0, the page's first items) or from one further on (`shift` 1, its last items).
 * Undefined when it has no such page, is not a query, or its root is not plain fields. A variable the new
 * window leaves unused is dropped with its value, as GraphQL requires.
 */
export function shorterQuery(
  schema: GraphQLSchema,
  request: GraphQLRequest,
  data: unknown,
  shift: 0 | 1 = 0,
): ShorterQuery | undefined {
  const { query, operationName, variables } = request.body;
  const parsed = queryOperation(query, operationName);
  const root = schema.getQueryType();
  if (!parsed || !root || !isRecord(data)) return undefined;
  const { document, op } = parsed;
  if (op.selectionSet.selections.some((s) => s.kind !== Kind.FIELD || (s.directives?.length ?? 0) > 0)) {
    return undefined;
  }
  const pages: Shortened[] = [];
  const windows = new Map<FieldNode, Shortened>();
  for (const node of op.selectionSet.selections as readonly FieldNode[]) {
    const key = node.alias?.value ?? node.name.value;
    const field = root.getFields()[node.name.value];
    const page = data[key];
    const skipArg = field?.args.find((a) => a.name === 'skip');
    if (!field?.args.some((a) => a.name === 'limit') || !skipArg) continue;
    if (!isRecord(page) || !Array.isArray(page.models) || page.models.length < 2) continue;
    const skip = skipOf(node, skipArg.defaultValue ?? 0, variables ?? {});
    if (skip === undefined) continue;
    const window: Shortened = {
      key,
      skip: skip + shift,
      limit: page.models.length - 1,
      shift,
      models: page.models,
      totalModels: page.totalModels,
    };
    windows.set(node, window);
    pages.push(window);
  }
  if (pages.length === 0) return undefined;
  const limited = visit(op, {
    Field: {
      enter(node) {
        const window = windows.get(node);
        if (window === undefined) return undefined;
        const others = (node.arguments ?? []).filter(
          (a) => a.name.value !== 'limit' && (shift === 0 || a.name.value !== 'skip'),
        );
        const int = (name: string, value: number) => ({
          kind: Kind.ARGUMENT,
          name: { kind: Kind.NAME, value: name },
          value: { kind: Kind.INT, value: String(value) },
        });
        return {
          ...node,
          arguments: [
            ...others,
            ...(shift === 1 ? [int('skip', window.skip)] : []),
            int('limit', window.limit),
          ],
          // Nested fields are not in `windows`: only the roots' own arguments change.
          selectionSet: node.selectionSet,
        };
      },
    },
  }) as OperationDefinitionNode;
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const used = new Set(
    (limited.selectionSet.selections as readonly FieldNode[]).flatMap((node) => [
      ...usesOf(node, fragments).variables,
    ]),
  );
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
      headers: { ...request.headers, [TWIN_HEADER]: shift === 0 ? 'shorter' : 'later' },
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
 * the same total and the first answer's items but its last (or, one further on, but its first), in the
 * same order (A-606). Skip and limit cut one ordered result (§6/paging), and ties are broken by id
 * (A-34), so a window inside a page holds that part of the page.
 */
export function judgeShorter(shorter: ShorterQuery, data: unknown): Finding[] {
  if (!isRecord(data)) return [];
  const findings: Finding[] = [];
  for (const page of shorter.pages) {
    const answered = data[page.key];
    if (!isRecord(answered)) continue;
    const asked = `The same query asked with ${page.key}'s ${page.shift === 1 ? `skip ${page.skip} (one more) and ` : ''}limit ${page.limit} (one less than the ${page.limit + 1} items of the first answer)`;
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
    const expected = page.models.slice(page.shift, page.shift + page.limit);
    const at = expected.findIndex((item, i) => JSON.stringify(item) !== JSON.stringify(models[i]));
    if (at >= 0 || models.length !== expected.length) {
      const i = at >= 0 ? at : Math.min(models.length, expected.length);
      findings.push({
        expectationId: 'shorter-page',
        path: `data.${page.key}.models[${i}]`,
        kind: 'value-mismatch',
        expected: expected[i] ?? 'no item',
        actual: models[i] ?? 'no item',
        message: `${asked} answered ${models.length} items whose item ${i} is ${clip(models[i] ?? null)}, where the first answer's item ${i} is ${clip(expected[i] ?? null)}: ${page.shift === 1 ? 'a window one item further on holds the page but its first item' : 'a shorter page is the first items of the longer one'}, in its order`,
      });
    }
  }
  return findings;
}
