import {
  getNamedType,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  Kind,
  valueFromASTUntyped,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { fieldsOf, typedOperation } from '../shape/selection.js';
import { deepEqual } from './deep.js';
import type { Finding } from './explicit.js';
import { strictSponsorFindings } from './sponsor-filter.js';
import { dateFilterFindings } from './date-filters.js';
import { searchTermsFindings, textFilterArgument, textFilterFindings } from './text-filters.js';

/** The request a page was answered for: its document, operation and variables. */
export interface PagedRequest {
  document: string;
  operationName?: string;
  variables?: Record<string, unknown> | null;
}

/** A finding of the page checks with the clauses and assumptions it rests on. */
export interface PageFinding {
  finding: Finding;
  basis: readonly string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?Z)?$/;

/** An argument's value as the request set it, else its default in the contract; undefined when neither. */
function argumentOf(
  node: FieldNode,
  field: GraphQLField<unknown, unknown>,
  name: string,
  variables: Record<string, unknown>,
): unknown {
  const given = node.arguments?.find((a) => a.name.value === name);
  if (given) {
    if (given.value.kind === Kind.VARIABLE && !(given.value.name.value in variables)) {
      return field.args.find((a) => a.name === name)?.defaultValue;
    }
    return valueFromASTUntyped(given.value, variables);
  }
  return field.args.find((a) => a.name === name)?.defaultValue;
}

/**
 * Where a value comes back after other values followed it: the item before the first other value, and the
 * item where the value returns. Any order keeps equal values together, whatever it ranks them by, so a
 * page sorted by an enum or an id shows a sort on another field this way.
 */
function interleaved(values: unknown[]): [number, number] | undefined {
  const ended = new Map<string, number>();
  let previous: string | undefined;
  for (let i = 0; i < values.length; i += 1) {
    const v = JSON.stringify(values[i] ?? null);
    if (v !== previous) {
      if (ended.has(v)) return [ended.get(v)!, i];
      if (previous !== undefined) ended.set(previous, i - 1);
      previous = v;
    }
  }
  return undefined;
}

/** Values of an order-checked key that compare as they read: numbers and ISO dates; else undefined. */
function comparable(values: unknown[]): (number | string)[] | undefined {
  if (values.every((v) => typeof v === 'number')) return values as number[];
  if (values.every((v) => typeof v === 'string' && ISO_DATE.test(v))) return values as string[];
  return undefined;
}

/** A name's first character when it is a letter a–z in any case, with and without folding; else undefined. */
function initial(value: unknown): { folded: string; raw: string } | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const raw = value[0]!;
  const folded = raw.normalize('NFD')[0]!.toLowerCase();
  return folded >= 'a' && folded <= 'z' ? { folded, raw } : undefined;
}

/**
 * The first pair of indexes (the earlier name, the later one) where names break the direction in a way
 * no collation allows, or undefined. The order of names is not specified (A-34), so only the first
 * letters are compared, and a pair counts as out of order only when it is so both case- and
 * accent-insensitively and by code unit: a case-insensitive
 * collation may put `Zed` after `abc` and an ordinal one before it, but neither puts `zed` before `abc`.
 * Names that start with anything but a letter are left out (collations differ on punctuation), and a
 * name is compared with the last letter-initial name before it.
 */
function namesOutOfOrder(values: unknown[], descending: boolean): [number, number] | undefined {
  let previous: { folded: string; raw: string; at: number } | undefined;
  for (const [i, value] of values.entries()) {
    const letter = initial(value);
    if (!letter) continue;
    const current = { ...letter, at: i };
    if (previous) {
      const [a, b] = descending ? [current, previous] : [previous, current];
      if (a.folded > b.folded && a.raw > b.raw) return [previous.at, i];
    }
    previous = current;
  }
  return undefined;
}

/** The first index where `values` breaks the direction, or -1. */
function outOfOrder(values: (number | string)[], descending: boolean): number {
  for (let i = 1; i < values.length; i += 1) {
    const a = values[i - 1]!;
    const b = values[i]!;
    if (descending ? a < b : a > b) return i;
  }
  return -1;
}

interface SortKey {
  field: string;
  descending: boolean;
  /** What a default order rests on, when not the general A-34. */
  basis?: readonly string[];
}

/**
 * The order of a paged field asked without a sort, by parent type and field (A-34): the root activities
 * by date, oldest first; a contact's and an opportunity's activities newest first; a list's members by
 * display name (A-73); a contact's notes most recently edited first (A-614); a search by display name,
 * lists by name and opportunities by title (A-34); objectives and initiatives by name (A-42).
 */
const DEFAULT_ORDER: Readonly<Record<string, SortKey>> = {
  'Query.activities': { field: 'date', descending: false },
  'Person.activities': { field: 'activityStartDate', descending: true },
  'Company.activities': { field: 'activityStartDate', descending: true },
  'Contact.activities': { field: 'activityStartDate', descending: true },
  'Opportunity.activities': { field: 'date', descending: true },
  // A-05: activity types come by name.
  'Query.activityTypes': { field: 'name', descending: false },
  // A-20, A-21: countries and the firm's look-up lists come by name.
  'Query.countries': { field: 'name', descending: false },
  'Query.industries': { field: 'name', descending: false },
  'Query.practiceGroups': { field: 'name', descending: false },
  // A-73: a list's members come by display name; A-614: a contact's notes most recently edited first.
  'List.contacts': { field: 'displayName', descending: false, basis: ['A-73', 'A-421'] },
  'Notes.allNotes': { field: 'lastEditedDate', descending: true, basis: ['A-614', 'A-421'] },
  // A-34: a search without a sort comes by display name (people and companies in one order), lists by
  // name, opportunities by title; A-42: objectives and initiatives by name.
  'Query.searchFirmContacts': { field: 'displayName', descending: false },
  'Query.lists': { field: 'name', descending: false },
  'Query.opportunities': { field: 'title', descending: false },
  'Query.objectives': { field: 'name', descending: false, basis: ['A-42', 'A-421'] },
  'Query.initiatives': { field: 'name', descending: false, basis: ['A-42', 'A-421'] },
  'Objective.initiatives': { field: 'name', descending: false, basis: ['A-42', 'A-421'] },
};

/** The sort entries of a `sort`/`sorts` argument as `{ field, descending }`, in order; those without a field end it. */
function sortsOf(value: unknown): SortKey[] {
  const entries = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const out: SortKey[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') break;
    const { field, direction } = entry as { field?: unknown; direction?: unknown };
    if (typeof field !== 'string') break;
    out.push({ field, descending: direction === 'Descending' });
  }
  return out;
}

/** The response key of the items' field a sort names (case-insensitive), among the keys returned. */
function keyOf(items: Record<string, unknown>[], sortField: string): string | undefined {
  const keys = Object.keys(items[0] ?? {});
  return keys.find((k) => k.toLowerCase() === sortField.toLowerCase());
}

/**
 * The checks every page answer must pass, whatever data the tenant holds (A-421):
 * - arithmetic: with skip S (default 0), limit L (the argument's default, else 100) and totalModels T,
 *   the page holds exactly min(L, max(0, T − S)) items (§4.1 "skip: starting index, limit: maximum
 *   items", §8 defaults);
 * - no item twice: items with an `id` have distinct ids;
 * - order: a page asked for with a sort is ordered by that sort's first field where the items carry it
 *   as numbers or ISO dates (A-34), and an event page without a sort is ordered by eventDate, oldest
 *   first (A-41).
 */
function checkPage(
  fieldName: string,
  at: string,
  page: Record<string, unknown>,
  args: {
    skip: unknown;
    limit: unknown;
    sort: unknown;
    textKeys: ReadonlySet<string>;
    defaultOrder?: SortKey;
    /** A result without paging arguments (countries): only its ids and order are held. */
    unpaged?: true;
  },
  out: PageFinding[],
): void {
  const models = page.models;
  // A paged object holds its items in `models`; a list field (relationshipTypes) is the items.
  const itemsAt = page.isList === true ? at : `${at}.models`;
  if (!Array.isArray(models)) return;
  const total = page.totalModels;
  const skip = typeof args.skip === 'number' ? args.skip : 0;
  const limit = typeof args.limit === 'number' ? args.limit : 100;
  const miscounted = (expected: number | string, message: string): void => {
    out.push({
      basis: ['§4.1', '§8', 'A-421'],
      finding: {
        expectationId: 'page-arithmetic',
        path: itemsAt,
        kind: 'count-mismatch',
        expected,
        actual: models.length,
        message,
      },
    });
  };
  // Without a total (a list field, or a page whose totalModels is not selected) the limit still bounds it.
  if (args.unpaged) {
    // No skip or limit to count by.
  } else if (typeof total !== 'number' && limit >= 0 && models.length > limit)
    miscounted(`at most ${limit}`, `${at} holds ${models.length} item(s), more than its limit ${limit}`);
  if (!args.unpaged && typeof total === 'number' && skip >= 0 && limit >= 0) {
    const expected = Math.min(limit, Math.max(0, total - skip));
    if (models.length !== expected)
      miscounted(
        expected,
        `${at} holds ${models.length} item(s); with skip ${skip}, limit ${limit} and totalModels ${total} a page holds ${expected}`,
      );
  }
  // A page that says which skip and limit it answers (ListResults, InitiativeResults, a contact's lists)
  // says the ones it was asked for, or the defaults: a client pages on by the skip it is told.
  for (const [name, asked] of [
    ['skip', skip],
    ['limit', limit],
  ] as const) {
    const told = page[name];
    if (!args.unpaged && page.isList !== true && typeof told === 'number' && told !== asked) {
      out.push({
        basis: ['§2.1', '§4.1', '§8', 'A-421'],
        finding: {
          expectationId: 'page-arithmetic',
          path: `${at}.${name}`,
          kind: 'value-mismatch',
          expected: asked,
          actual: told,
          message: `${at}.${name} is ${told}, but the page was asked for with ${name} ${asked}`,
        },
      });
    }
  }
  const items = models.filter((m): m is Record<string, unknown> => m !== null && typeof m === 'object');
  const isEvents = fieldName.endsWith('EventViews');
  // Events carry no id, and two real events can read alike (one contact added to two lists at once):
  // only items with an id are held to this rule; event pages are checked by their paging instead.
  const keys = items.map((m) => (typeof m.id === 'string' ? m.id : undefined));
  const seen = new Set<string>();
  for (const [i, key] of keys.entries()) {
    if (key === undefined) continue;
    if (seen.has(key)) {
      out.push({
        basis: ['§4.1', 'A-421'],
        finding: {
          expectationId: 'page-distinct',
          path: `${itemsAt}[${i}]`,
          kind: 'value-mismatch',
          expected: 'each item once in a page',
          actual: key,
          message: `${itemsAt}[${i}] repeats item ${key}, already in the page`,
        },
      });
      break;
    }
    seen.add(key);
  }
  const sorts = sortsOf(args.sort);
  const sort = sorts[0] ?? (isEvents ? { field: 'eventDate', descending: false } : args.defaultOrder);
  if (!sort || items.length < 2) return;
  const report = (before: number, broken: number, key: string, by: SortKey, ties: string[]): void => {
    const order = by.descending ? 'descending' : 'ascending';
    const value = (i: number) => items[i]![key];
    out.push({
      basis: isEvents ? ['§6', 'A-41', 'A-421'] : [...(by.basis ?? ['A-34', 'A-421'])],
      finding: {
        expectationId: 'page-order',
        path: `${itemsAt}[${broken}].${key}`,
        kind: 'value-mismatch',
        expected: `${key} ${order}${ties.length > 0 ? ` among items of equal ${ties.join(', ')}` : ''}`,
        actual: value(broken),
        message: `${at} is not ordered by ${key} ${order}${ties.length > 0 ? ` where ${ties.join(', ')} tie` : ''}${args.sort === undefined ? ' (the default order)' : ''}: ${JSON.stringify(value(before))} comes before ${JSON.stringify(value(broken))}`,
      },
    });
  };
  const key = keyOf(items, sort.field);
  if (key === undefined) return;
  const raw = items.map((m) => m[key]);
  const values = comparable(raw);
  // Enums may sort by declaration and ids by anything: only fields of type String are names.
  const names = !values && args.textKeys.has(key) && raw.every((v) => typeof v === 'string' || v === null);
  if (values || names) {
    let pair: [number, number] | undefined;
    if (values) {
      const index = outOfOrder(values, sort.descending);
      pair = index >= 0 ? [index - 1, index] : undefined;
    } else pair = namesOutOfOrder(raw, sort.descending);
    if (pair) {
      report(pair[0], pair[1], key, sort, []);
      return;
    }
  } else if (!args.textKeys.has(key)) {
    // An enum, an id, a flag: the order of its values is not shown, but equal values stay together.
    const apart = interleaved(raw);
    if (apart) {
      out.push({
        basis: ['A-34', 'A-421'],
        finding: {
          expectationId: 'page-order',
          path: `${itemsAt}[${apart[1]}].${key}`,
          kind: 'value-mismatch',
          expected: `items of equal ${key} next to each other (sorted by ${key})`,
          actual: raw[apart[1]],
          message: `${at} is not sorted by ${key}: ${JSON.stringify(raw[apart[1]])} at item ${apart[0]} and again at item ${apart[1]}, with other values between; whatever order a sort ranks the values in, it keeps equal values together`,
        },
      });
      return;
    }
  }
  // Later sort entries order the items the earlier ones leave tied (A-34: lists of sorts apply in order);
  // events the sorts leave tied keep the default order, oldest first (A-41).
  const ordered =
    isEvents && sorts.length > 0 && !sorts.some((s) => s.field === 'eventDate')
      ? [...sorts, { field: 'eventDate', descending: false }]
      : sorts;
  const sortKeys: (string | undefined)[] = ordered.map((s) => keyOf(items, s.field));
  const isText = sortKeys.map(
    (k) =>
      k !== undefined &&
      args.textKeys.has(k) &&
      items.every((m) => typeof m[k] === 'string' || m[k] === null),
  );
  for (let i = 1; i < items.length; i += 1) {
    const [a, b] = [items[i - 1]!, items[i]!];
    let j = 0;
    while (j < ordered.length && sortKeys[j] !== undefined && deepEqual(a[sortKeys[j]!], b[sortKeys[j]!]))
      j += 1;
    const later = sortKeys[j];
    if (j === 0 || j >= ordered.length || later === undefined) continue;
    const by = ordered[j]!;
    const pairValues = comparable([a[later], b[later]]);
    const wrong = pairValues
      ? outOfOrder(pairValues, by.descending) >= 0
      : isText[j] === true && namesOutOfOrder([a[later], b[later]], by.descending) !== undefined;
    if (wrong) {
      report(i - 1, i, later, by, sortKeys.slice(0, j) as string[]);
      return;
    }
  }
}

type Fragments = { schema: GraphQLSchema; fragments: Map<string, FragmentDefinitionNode> };

/** Response keys of an item selection's fields whose type is String. */
function textKeysOf(itemSet: SelectionSetNode, item: GraphQLCompositeType, ctx: Fragments): Set<string> {
  const keys = new Set<string>();
  for (const [node, type] of fieldsOf(itemSet, item, ctx.schema, ctx.fragments)) {
    const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[node.name.value] : undefined;
    if (field && getNamedType(field.type).name === 'String') keys.add(node.alias?.value ?? node.name.value);
  }
  return keys;
}

/** Response keys of the page items' fields whose type is String, as the `models` selection names them. */
function textKeysOfModels(
  pageSet: SelectionSetNode,
  pageType: GraphQLCompositeType,
  ctx: Fragments,
): Set<string> {
  const keys = new Set<string>();
  for (const [node, type] of fieldsOf(pageSet, pageType, ctx.schema, ctx.fragments)) {
    if (node.name.value !== 'models' || !node.selectionSet) continue;
    const models = isObjectType(type) || isInterfaceType(type) ? type.getFields().models : undefined;
    const item = models && getNamedType(models.type);
    if (item && isCompositeType(item)) for (const k of textKeysOf(node.selectionSet, item, ctx)) keys.add(k);
  }
  return keys;
}

/**
 * Pages of one sorted question in one answer (the same field and arguments but skip and limit) hold the
 * same item at the same position: where two overlap, the field they are sorted by has the same value at
 * each position (ties included, so items that tie may trade places). A service that sorts only the page
 * it cut, or cuts before it sorts, answers the overlap with other values.
 */
function overlap(
  question: string,
  path: string,
  node: FieldNode,
  field: GraphQLField<unknown, unknown>,
  page: Record<string, unknown>,
  seen: Map<string, { path: string; skip: number; items: Record<string, unknown>[]; field: string }[]>,
  ctx: { variables: Record<string, unknown>; out: PageFinding[] },
): void {
  if (!Array.isArray(page.models)) return;
  const sort =
    sortsOf(
      argumentOf(node, field, 'sort', ctx.variables) ?? argumentOf(node, field, 'sorts', ctx.variables),
    )[0] ?? (field.name.endsWith('EventViews') ? { field: 'eventDate', descending: false } : undefined);
  if (!sort) return;
  const skipArg = argumentOf(node, field, 'skip', ctx.variables);
  const skip = typeof skipArg === 'number' ? skipArg : 0;
  const items = page.models.filter((m): m is Record<string, unknown> => m !== null && typeof m === 'object');
  const key = keyOf(items, sort.field);
  if (key === undefined || skip < 0) return;
  const others = seen.get(question) ?? [];
  for (const other of others) {
    if (other.field !== key) continue;
    const from = Math.max(skip, other.skip);
    const to = Math.min(skip + items.length, other.skip + other.items.length);
    for (let p = from; p < to; p += 1) {
      const mine = items[p - skip]![key];
      const theirs = other.items[p - other.skip]![key];
      if (!deepEqual(mine, theirs)) {
        ctx.out.push({
          basis: ['§4.1', 'A-34', 'A-421'],
          finding: {
            expectationId: 'page-overlap',
            path: `${path}.models[${p - skip}].${key}`,
            kind: 'value-mismatch',
            expected: theirs,
            actual: mine,
            message: `item ${p} of the order by ${key} is ${JSON.stringify(mine)} in ${path} (skip ${skip}) but ${JSON.stringify(theirs)} in ${other.path} (skip ${other.skip}): the pages of one sorted question disagree`,
          },
        });
        return;
      }
    }
  }
  others.push({ path, skip, items, field: key });
  seen.set(question, others);
}

function walk(
  value: unknown,
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  at: string,
  ctx: {
    schema: GraphQLSchema;
    fragments: Map<string, FragmentDefinitionNode>;
    variables: Record<string, unknown>;
    out: PageFinding[];
  },
): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, set, parent, `${at}[${i}]`, ctx));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const holder = value as Record<string, unknown>;
  // Two pages of one question (the same field with the same arguments but skip and limit) in one answer
  // count the same items: totalModels is what was found, not what the page holds (§2.1, §4.1).
  const totals = new Map<string, { key: string; total: number }>();
  const sortedPages = new Map<
    string,
    { path: string; skip: number; items: Record<string, unknown>[]; field: string }[]
  >();
  for (const [node, type] of fieldsOf(set, parent, ctx.schema, ctx.fragments)) {
    const key = node.alias?.value ?? node.name.value;
    if (!(key in holder) || !node.selectionSet) continue;
    // A fragment on another type of a union or interface: its fields apply only where __typename says so.
    if (typeof holder.__typename === 'string' && holder.__typename !== type.name && isObjectType(type))
      continue;
    const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[node.name.value] : undefined;
    if (!field) continue;
    const child = holder[key];
    const path = at === '' ? key : `${at}.${key}`;
    const inner = getNamedType(field.type);
    const total = (child as { totalModels?: unknown } | null)?.totalModels;
    if (field.args.some((a) => a.name === 'limit') && typeof total === 'number') {
      const question = `${type.name}.${node.name.value}(${JSON.stringify(
        field.args
          .filter((a) => a.name !== 'skip' && a.name !== 'limit')
          .map((a) => [a.name, argumentOf(node, field, a.name, ctx.variables) ?? null]),
      )})`;
      overlap(question, path, node, field, child as Record<string, unknown>, sortedPages, ctx);
      const first = totals.get(question);
      if (!first) totals.set(question, { key, total });
      else if (first.total !== total) {
        ctx.out.push({
          basis: ['§2.1', '§4.1', 'A-421'],
          finding: {
            expectationId: 'page-arithmetic',
            path: `${path}.totalModels`,
            kind: 'value-mismatch',
            expected: first.total,
            actual: total,
            message: `${path}.totalModels is ${total}, but ${at === '' ? '' : `${at}.`}${first.key}.totalModels, the same question with another skip or limit, is ${first.total}`,
          },
        });
      }
    }
    const paged = field.args.some((a) => a.name === 'limit');
    const defaultOrder = DEFAULT_ORDER[`${parent.name}.${node.name.value}`];
    if ((paged || defaultOrder) && child && typeof child === 'object') {
      checkPage(
        node.name.value,
        path,
        Array.isArray(child) ? { models: child, isList: true } : (child as Record<string, unknown>),
        {
          skip: argumentOf(node, field, 'skip', ctx.variables),
          limit: argumentOf(node, field, 'limit', ctx.variables),
          sort:
            argumentOf(node, field, 'sort', ctx.variables) ?? argumentOf(node, field, 'sorts', ctx.variables),
          ...(defaultOrder ? { defaultOrder } : {}),
          ...(paged ? {} : { unpaged: true as const }),
          textKeys: !isCompositeType(inner)
            ? new Set()
            : Array.isArray(child)
              ? textKeysOf(node.selectionSet, inner, ctx)
              : textKeysOfModels(node.selectionSet, inner, ctx),
        },
        ctx.out,
      );
    }
    if (`${parent.name}.${node.name.value}` === 'List.contacts')
      ctx.out.push(...strictSponsorFindings(argumentOf(node, field, 'filter', ctx.variables), path, child));
    if (`${parent.name}.${node.name.value}` === 'Query.searchFirmContacts')
      ctx.out.push(...searchTermsFindings(argumentOf(node, field, 'filter', ctx.variables), path, child));
    const filters = textFilterArgument(`${parent.name}.${node.name.value}`);
    if (filters !== undefined) {
      const given = argumentOf(node, field, filters, ctx.variables);
      ctx.out.push(...textFilterFindings(`${parent.name}.${node.name.value}`, given, path, child));
    }
    if (paged && field.args.some((a) => a.name === 'filter'))
      ctx.out.push(
        ...dateFilterFindings(
          `${parent.name}.${node.name.value}`,
          argumentOf(node, field, 'filter', ctx.variables),
          path,
          child,
        ),
      );
    if (isCompositeType(inner)) walk(child, node.selectionSet, inner, path, ctx);
  }
}

/**
 * What the page checks find in one answer's `data` (paths start at `data.`), typed by the request's
 * document against the revision's schema: page arithmetic, repeated items and order (see `checkPage`).
 */
export function pageFindings(schema: GraphQLSchema, request: PagedRequest, data: unknown): PageFinding[] {
  const typed = typedOperation(schema, request);
  if (!typed) return [];
  const { operation, root, fragments } = typed;
  // A variable the request leaves out takes its default from the operation (`$limit: Int = 2`), as the
  // server executes it; one sent explicitly, null included, is the value.
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue)
      variables[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
  }
  Object.assign(variables, request.variables ?? {});
  const out: PageFinding[] = [];
  walk(data, operation.selectionSet, root, 'data', { schema, fragments, variables, out });
  return out;
}
