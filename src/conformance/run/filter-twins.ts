import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { GraphQLRequest } from '../target/http-client.js';
import { queryOperation } from './query-document.js';
import { TWIN_HEADER } from './twins.js';

/** What widening an id filter rests on. */
export const WIDENED_BASIS: readonly string[] = ['A-604'];

/** How a widened query reads in a difference. */
export const WIDENED = 'with a fresh id that names nothing put first in each of its id filters';

/** What turning over the case of a text filter rests on. */
export const CASED_BASIS: readonly string[] = ['A-605'];

/** How a cased query reads in a difference. */
export const CASED = 'with the letter case of each text it filters by turned over';

/** A filter input: the types whose id lists select "any of". */
const FILTER_TYPE = /Filter(Input)?$/;

/** The options of `{ field, values }` filters (ContactFilterInput, ListFilterInput) that take ids. */
const ID_OPTION = /^(ids|[a-z][A-Za-z]*Ids)$/;

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a list type holds ids: `[ID]`, `[ID!]`. */
function isIdList(type: GraphQLInputType): boolean {
  const nullable = getNullableType(type);
  return isListType(nullable) && getNamedType(nullable).name === 'ID';
}

/**
 * What a rewrite does at one field of a filter input: the new value, or undefined to leave the field as
 * it is (and look inside it).
 */
type Leaf = (
  name: string,
  type: GraphQLInputType,
  entry: Json,
  filter: Record<string, Json>,
  fields: Record<string, { type: GraphQLInputType }>,
) => Json | undefined;

/** The value with `leaf` applied at every field of every filter input inside it, and the paths rewritten. */
function rewrite(type: GraphQLInputType, value: Json, path: string, leaf: Leaf, paths: string[]): Json {
  if (value === null || value === undefined) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = nullable.ofType as GraphQLInputType;
    if (!Array.isArray(value)) return rewrite(item, value, path, leaf, paths);
    return value.map((v, i) => rewrite(item, v, `${path}[${i}]`, leaf, paths));
  }
  if (!isInputObjectType(nullable) || !isRecord(value)) return value;
  const fields = nullable.getFields();
  const filter = FILTER_TYPE.test(nullable.name);
  const out: Record<string, Json> = {};
  for (const [name, entry] of Object.entries(value)) {
    const field = fields[name];
    const replaced = field && filter ? leaf(name, field.type, entry, value, fields) : undefined;
    if (replaced !== undefined) {
      out[name] = replaced;
      paths.push(`${path}.${name}`);
    } else {
      out[name] = field ? rewrite(field.type, entry, `${path}.${name}`, leaf, paths) : entry;
    }
  }
  return out;
}

/** Whether `values` of a `{ field, values }` filter holds ids (`ids`, `contactTypeIds`, `listTypeIds`…). */
const idOption = (filter: Record<string, Json>, fields: Record<string, { type: GraphQLInputType }>) =>
  typeof filter.field === 'string' &&
  fields.field !== undefined &&
  isEnumType(getNullableType(fields.field.type)) &&
  ID_OPTION.test(filter.field);

/**
 * Puts `fresh` first in every non-empty id list. An empty list constrains nothing, so it is left
 * as it is: widening it would ask for a record that does not exist.
 */
const widenIds =
  (fresh: string): Leaf =>
  (name, type, entry, filter, fields) =>
    Array.isArray(entry) &&
    entry.length > 0 &&
    (isIdList(type) || (name === 'values' && idOption(filter, fields)))
      ? [fresh, ...entry]
      : undefined;

/** The options of `{ field, value }` filters whose value is no text to match: a kind, a number. */
const NOT_TEXT = new Set(['contactEntity', 'minimumStrengthLevel']);

/**
 * The letter in the other case, where that is one letter whose case turns back to it: `ß` (upper case
 * `SS`) and the Turkish dotted and dotless i stay as they are, since case-insensitive comparisons
 * differ on them.
 */
function otherCase(c: string): string {
  const upper = c.toUpperCase();
  const lower = c.toLowerCase();
  if (upper !== c && upper.length === c.length && upper.toLowerCase() === c) return upper;
  if (lower !== c && lower.length === c.length && lower.toUpperCase() === c) return lower;
  return c;
}

/** The text with each letter's case turned over. */
const swapCase = (text: string): string => [...text].map(otherCase).join('');

/**
 * Turns over the letter case of every text a filter matches: a `String` field of a filter input,
 * and the `value` of a `{ field, value }` filter whose option is a text. Texts without letters are left.
 */
const swapTexts: Leaf = (name, type, entry, filter) => {
  if (typeof entry !== 'string' || swapCase(entry) === entry) return undefined;
  if (getNamedType(type).name !== 'String' || isListType(getNullableType(type))) return undefined;
  if (name === 'value' && typeof filter.field === 'string' && NOT_TEXT.has(filter.field)) return undefined;
  return swapCase(entry);
};

/** A query sent again with its filters rewritten, and the filters it rewrote. */
export interface FilterTwin {
  request: GraphQLRequest;
  /** The variables' paths rewritten, e.g. `$filter.contactIds`: what a difference names. */
  paths: string[];
}

/** The request with `leaf` applied to the filter inputs its variables carry, marked as the twin `way`. */
function rewritten(
  schema: GraphQLSchema,
  request: GraphQLRequest,
  leaf: Leaf,
  way: string,
): FilterTwin | undefined {
  const { query, operationName, variables } = request.body;
  if (!variables || Object.keys(variables).length === 0) return undefined;
  const { op } = queryOperation(query, operationName) ?? {};
  if (!op) return undefined;
  const paths: string[] = [];
  const changed: Record<string, Json> = { ...variables };
  for (const definition of op.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type);
    if (!type || !(name in variables)) continue;
    changed[name] = rewrite(type as GraphQLInputType, variables[name], `$${name}`, leaf, paths);
  }
  if (paths.length === 0) return undefined;
  const { rawBody: _raw, ...rest } = request;
  return {
    paths,
    request: {
      ...rest,
      headers: { ...request.headers, [TWIN_HEADER]: way },
      body: { ...request.body, variables: changed },
    },
  };
}

/**
 * The request with `fresh` (an id no record has) put first in every non-empty id list of the filter
 * inputs its variables carry, or undefined when it carries none, or is not a query: a filter of
 * ids selects the records named by any of them, so an id that names nothing changes no answer. A service
 * that reads only the first id, or wants every id to match, answers otherwise. Filters written in the
 * document itself are left alone.
 */
export function widenedQuery(
  schema: GraphQLSchema,
  request: GraphQLRequest,
  fresh: string,
): FilterTwin | undefined {
  return rewritten(schema, request, widenIds(fresh), 'widened');
}

/**
 * The request with the letter case of every text its variables' filter inputs match turned over (A-605),
 * or undefined when it has none, or is not a query: text filters ignore case (A-05, A-32, A-33, A-51), so
 * the answer is the same. A service whose comparison became case-sensitive answers otherwise.
 */
export function casedQuery(schema: GraphQLSchema, request: GraphQLRequest): FilterTwin | undefined {
  return rewritten(schema, request, swapTexts, 'cased');
}
