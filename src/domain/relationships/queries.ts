import type {
  QueryEmployeeRelationshipsToArgs,
  QueryEmployeesWithRelationshipsToArgs,
  QueryEmployeesWithRelationshipsToViewArgs,
  QueryGetIqRelationshipScoreArgs,
  QueryGetRelationshipInsightsArgs,
  QueryRelationshipTypesArgs,
  QueryTargetPersonConnectionsArgs,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { badUserInput } from '../shared/errors.js';
import { checkPaging, containsText, page, sortItems, type SortKey } from '../shared/paging.js';
import { ruleBroken } from '../shared/rule-switch.js';
import {
  employeeRelationshipsTo,
  employeesWithRelationshipsTo,
  iqRelationshipScore,
  relationshipInsights,
  targetPersonConnections,
  type EmployeeRelationshipToRow,
  type EmployeeWithRelationshipsRow,
} from './derive.js';
import { apiUserIdOf, firmCompanyIdOf } from './graph.js';
import {
  RELATIONSHIP_TYPES,
  RELATIONSHIP_TYPES_DEFAULT_LIMIT,
  type RelationshipTypeRecord,
} from './model.js';
import { findContact } from '../contacts/model.js';

type Filter<F extends string> = { field: F; value?: string | null } | null | undefined;
type Sort<F extends string> = { field: F; direction?: 'Ascending' | 'Descending' | null } | null | undefined;

/** The filters that are given (null entries of the list are ignored). */
function givenFilters<F extends string>(filters: ReadonlyArray<Filter<F>> | null | undefined) {
  return (filters ?? []).flatMap((f, i) => (f ? [{ ...f, index: i }] : []));
}

/** Sort keys from the `sorts` argument; `name` is the default and the final tie-breaker before id. */
function sortKeys<T, F extends string>(
  sorts: ReadonlyArray<Sort<F>> | null | undefined,
  read: (item: T, field: F) => string | number | null,
  fallback: F,
): SortKey<T>[] {
  const keys: SortKey<T>[] = (sorts ?? []).flatMap((s) =>
    s ? [{ value: (item: T) => read(item, s.field), direction: s.direction }] : [],
  );
  keys.push({ value: (item: T) => read(item, fallback) });
  return keys;
}

/** A company argument: an unknown id matches nothing, a person's id is a misuse (bad input). */
function companyArg(store: StoreReader, name: string, id: string): 'unknown' | 'company' {
  const contact = findContact(store, id);
  if (!contact) return 'unknown';
  if (contact.kind !== 'Company')
    throw badUserInput(`${name} must be the id of a company (got a person's id "${id}").`);
  return 'company';
}

function minimumLevel(value: string, index: number): number {
  if (!/^\s*\d+\s*$/.test(value)) {
    throw badUserInput(
      `filters[${index}].value must be a whole number for minimumStrengthLevel (got "${value}").`,
    );
  }
  return Number(value);
}

/** `relationshipTypes` (§4.1, §8: default limit 500): a bare list, filtered, sorted and paged. */
export function relationshipTypes(
  _parent: unknown,
  args: QueryRelationshipTypesArgs,
  ctx: RequestContext,
): RelationshipTypeRecord[] {
  // A rule-verification run may break §8/limit-relationshipTypes: then the common default of 100 applies.
  const broken = ruleBroken(ctx, '§8/limit-relationshipTypes');
  const { skip, limit } = checkPaging(args, broken ? 100 : RELATIONSHIP_TYPES_DEFAULT_LIMIT);
  const filter = args.filter ?? {};
  const ids = filter.ids ? new Set(filter.ids) : undefined;
  const category = filter.category?.trim().toLocaleLowerCase('en');
  const matching = [...ctx.store.all<RelationshipTypeRecord>(RELATIONSHIP_TYPES)].filter(
    (t) =>
      (!ids || ids.has(t.id)) &&
      containsText(t.name, filter.name) &&
      (!category || t.category.toLocaleLowerCase('en') === category) &&
      (!filter.relationshipListingType ||
        t.relationshipListingTypes.includes(filter.relationshipListingType)),
  );
  const keys: SortKey<RelationshipTypeRecord>[] = [];
  if (args.sort) {
    const field = args.sort.field;
    keys.push({ value: (t) => (field === 'category' ? t.category : t.name), direction: args.sort.direction });
  }
  keys.push({ value: (t) => t.name });
  return sortItems(matching, keys).slice(skip, skip + limit);
}

/** `employeeRelationshipsTo`: relationships of one contact to people employed by a company. */
export function employeeRelationshipsToQuery(
  _parent: unknown,
  args: QueryEmployeeRelationshipsToArgs,
  ctx: RequestContext,
) {
  checkPaging(args);
  // Every filter is parsed up front, so a bad value is an error even when nothing would match.
  const tests = givenFilters(args.filters).flatMap(
    (f): Array<(row: EmployeeRelationshipToRow) => boolean> => {
      const value = f.value;
      if (!value) return [];
      if (f.field === 'displayName') return [(row) => containsText(row.displayName, value)];
      if (f.field === 'relationshipType') {
        const name = value.trim().toLocaleLowerCase('en');
        return [(row) => (row.relationshipType ?? '').toLocaleLowerCase('en') === name];
      }
      const min = minimumLevel(value, f.index);
      return [(row) => row.strengthLevel >= min];
    },
  );
  if (companyArg(ctx.store, 'toCompanyId', args.toCompanyId) === 'unknown') return page([], args);
  const rows = employeeRelationshipsTo(ctx.store, apiUserIdOf(ctx.store), args.contactId, args.toCompanyId);
  const matching = rows.filter((row) => tests.every((test) => test(row)));
  const keys = sortKeys<EmployeeRelationshipToRow, 'displayName' | 'strengthLevel'>(
    args.sorts,
    (row, field) => (field === 'strengthLevel' ? row.strengthLevel : row.displayName),
    'displayName',
  );
  return page(sortItems(matching, keys), args);
}

type EmployeesArgs = QueryEmployeesWithRelationshipsToArgs | QueryEmployeesWithRelationshipsToViewArgs;
type EmployeesField = 'displayName' | 'totalRelationships' | 'strongEngagementScore';

function employeesWith(args: EmployeesArgs, ctx: RequestContext) {
  checkPaging(args);
  const from = companyArg(ctx.store, 'fromCompanyId', args.fromCompanyId);
  const to = companyArg(ctx.store, 'toCompanyId', args.toCompanyId);
  if (from === 'unknown' || to === 'unknown') return page([], args);
  const rows = employeesWithRelationshipsTo(
    ctx.store,
    apiUserIdOf(ctx.store),
    args.fromCompanyId,
    args.toCompanyId,
  );
  const filters = givenFilters<string>(args.filters);
  const matching = rows.filter((row) =>
    filters.every((f) => containsText(f.field === 'office' ? row.office : row.displayName, f.value)),
  );
  const keys = sortKeys<EmployeeWithRelationshipsRow, EmployeesField>(
    args.sorts as ReadonlyArray<Sort<EmployeesField>> | null | undefined,
    (row, field) => row[field],
    'displayName',
  );
  return page(sortItems(matching, keys), args);
}

/** `employeesWithRelationshipsTo`: employees of one company related to employees of another. */
export function employeesWithRelationshipsToQuery(
  _parent: unknown,
  args: QueryEmployeesWithRelationshipsToArgs,
  ctx: RequestContext,
) {
  return employeesWith(args, ctx);
}

/** `employeesWithRelationshipsToView`: the same list with engagement totals. */
export function employeesWithRelationshipsToViewQuery(
  _parent: unknown,
  args: QueryEmployeesWithRelationshipsToViewArgs,
  ctx: RequestContext,
) {
  return employeesWith(args, ctx);
}

/** `getRelationshipInsights`: most-connected and most-engaged contacts of a company. */
export function getRelationshipInsights(
  _parent: unknown,
  args: QueryGetRelationshipInsightsArgs,
  ctx: RequestContext,
) {
  if (companyArg(ctx.store, 'companyId', args.companyId) === 'unknown') return [];
  return relationshipInsights(ctx.store, apiUserIdOf(ctx.store), args.companyId, firmCompanyIdOf(ctx.store));
}

/** `targetPersonConnections`: the target person's connections, paged by the input's skip/limit. */
export function targetPersonConnectionsQuery(
  _parent: unknown,
  args: QueryTargetPersonConnectionsArgs,
  ctx: RequestContext,
) {
  const input = args.input;
  checkPaging(input);
  const target = findContact(ctx.store, input.targetPersonId);
  if (!target) return page([], input);
  if (target.kind !== 'Person') {
    throw badUserInput(
      `input.targetPersonId must be the id of a person (got a company's id "${target.id}").`,
    );
  }
  return page(targetPersonConnections(ctx.store, apiUserIdOf(ctx.store), target, input.fetchControl), input);
}

/** `getIQRelationshipScore`: at most one score, none without a relationship. */
export function getIQRelationshipScore(
  _parent: unknown,
  args: QueryGetIqRelationshipScoreArgs,
  ctx: RequestContext,
) {
  const score = iqRelationshipScore(ctx.store, apiUserIdOf(ctx.store), args.targetContactId, ctx.now());
  return { totalModels: score ? 1 : 0, models: score ? [score] : [] };
}
