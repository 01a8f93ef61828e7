import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isEnumType,
  isInputObjectType,
  isListType,
  parse,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { GraphQLRequest } from '../target/http-client.js';
import { TWIN_HEADER } from './twins.js';

/** What widening an id filter rests on. */
export const WIDENED_BASIS: readonly string[] = ['A-604'];

/** How a widened query reads in a difference. */
export const WIDENED = 'with a fresh id that names nothing put first in each of its id filters';

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
 * The value with `fresh` put first in every non-empty id list of a filter input inside it, and the paths
 * widened. An empty list constrains nothing, so it is left as it is: widening it would ask for
 * a record that does not exist.
 */
function widen(type: GraphQLInputType, value: Json, path: string, fresh: string, paths: string[]): Json {
  if (value === null || value === undefined) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return widen(nullable.ofType as GraphQLInputType, value, path, fresh, paths);
    return value.map((item, i) =>
      widen(nullable.ofType as GraphQLInputType, item, `${path}[${i}]`, fresh, paths),
    );
  }
  if (!isInputObjectType(nullable) || !isRecord(value)) return value;
  const fields = nullable.getFields();
  const filter = FILTER_TYPE.test(nullable.name);
  const out: Record<string, Json> = {};
  for (const [name, entry] of Object.entries(value)) {
    const field = fields[name];
    if (!field) {
      out[name] = entry;
      continue;
    }
    const idOption =
      name === 'values' &&
      typeof value.field === 'string' &&
      isEnumType(getNullableType(fields.field?.type ?? field.type)) &&
      ID_OPTION.test(value.field);
    if (filter && Array.isArray(entry) && entry.length > 0 && (isIdList(field.type) || idOption)) {
      out[name] = [fresh, ...entry];
      paths.push(`${path}.${name}`);
    } else {
      out[name] = widen(field.type, entry, `${path}.${name}`, fresh, paths);
    }
  }
  return out;
}

/** A query sent again with its id filters widened, and the filters it widened. */
export interface WidenedQuery {
  request: GraphQLRequest;
  /** The variables' paths widened, e.g. `$filter.contactIds`: what a difference names. */
  paths: string[];
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
): WidenedQuery | undefined {
  const { query, operationName, variables } = request.body;
  if (typeof query !== 'string' || !variables || Object.keys(variables).length === 0) return undefined;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return undefined;
  }
  const op = getOperationAST(document, operationName ?? undefined);
  if (!op || op.operation !== 'query') return undefined;
  const paths: string[] = [];
  const widened: Record<string, Json> = { ...variables };
  for (const definition of op.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type);
    if (!type || !(name in variables)) continue;
    widened[name] = widen(type as GraphQLInputType, variables[name], `$${name}`, fresh, paths);
  }
  if (paths.length === 0) return undefined;
  const { rawBody: _raw, ...rest } = request;
  return {
    paths,
    request: {
      ...rest,
      headers: { ...request.headers, [TWIN_HEADER]: 'widened' },
      body: { ...request.body, variables: widened },
    },
  };
}
