import type {
  InitiativeFilterInput,
  InitiativeSortInput,
  InputMaybe,
  ObjectiveFilterInput,
  ObjectiveSortInput,
  QueryInitiativesArgs,
  QueryObjectiveTypesArgs,
  QueryObjectivesArgs,
  SortDirection,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { byIds } from '../shared/filter.js';
import { containsText, page, sortItems, type PagingArgs, type SortKey } from '../shared/paging.js';
import {
  INITIATIVES,
  OBJECTIVES,
  OBJECTIVE_TYPES,
  type InitiativeRecord,
  type ObjectiveRecord,
  type ObjectiveTypeRecord,
  type PlanningItemRecord,
} from './model.js';
import { initiativesOf } from './rules.js';

/** The sort a page of planning items was produced with. */
export interface SortInfo {
  field: string;
  direction: SortDirection;
}

type PlanningSort = ObjectiveSortInput | InitiativeSortInput;

const SORT_VALUES: Record<PlanningSort['field'], (item: PlanningItemRecord) => string | null> = {
  name: (i) => i.name,
  startDate: (i) => i.startDate,
  endDate: (i) => i.endDate,
  status: (i) => i.status,
};

/** Default order of every planning list: by name, ascending. */
const DEFAULT_SORT: SortInfo = { field: 'name', direction: 'Ascending' };

/** Sorts planning items by the given sorts in order (default by name), ties by id; returns the first sort. */
export function sortPlanning<T extends PlanningItemRecord>(
  items: readonly T[],
  sorts: InputMaybe<readonly PlanningSort[]>,
): { items: T[]; sort: SortInfo } {
  const given = (sorts ?? []).filter((s) => s !== null);
  const applied: SortInfo[] =
    given.length > 0
      ? given.map((s) => ({ field: s.field, direction: s.direction ?? 'Ascending' }))
      : [DEFAULT_SORT];
  const keys: SortKey<T>[] = applied.map((s) => ({
    value: SORT_VALUES[s.field as PlanningSort['field']],
    direction: s.direction,
  }));
  return { items: sortItems(items, keys), sort: applied[0] ?? DEFAULT_SORT };
}

/** Whether an item passes the filter fields objectives and initiatives share. */
function matchesCommon(
  item: PlanningItemRecord,
  filter: ObjectiveFilterInput | InitiativeFilterInput,
): boolean {
  if (item.isDeleted && filter.includeDeleted !== true) return false;
  if (filter.ids && !filter.ids.includes(item.id)) return false;
  if (!containsText(item.name, filter.name)) return false;
  if (filter.statuses && !filter.statuses.includes(item.status)) return false;
  if (filter.companyIds && !filter.companyIds.some((id) => item.companyIds.includes(id))) return false;
  return true;
}

/** The `objectives` query: filter, sort, page. */
export function queryObjectives(store: StoreReader, args: QueryObjectivesArgs) {
  const filter = args.filter ?? {};
  const candidates = filter.ids
    ? byIds<ObjectiveRecord>(store, OBJECTIVES, filter.ids)
    : [...store.all<ObjectiveRecord>(OBJECTIVES)];
  const matched = candidates.filter((o) => matchesCommon(o, filter));
  const { items } = sortPlanning(matched, args.sort);
  const { totalModels, models } = page(items, args);
  return { totalModels, models };
}

/** The `initiatives` query and the nested `Objective.initiatives`: filter, sort, page, with the sort info. */
export function queryInitiatives(store: StoreReader, args: QueryInitiativesArgs) {
  const filter = args.filter ?? {};
  const candidates: InitiativeRecord[] = [];
  if (filter.ids) {
    candidates.push(...byIds<InitiativeRecord>(store, INITIATIVES, filter.ids));
  } else if (filter.objectiveIds) {
    for (const id of new Set(filter.objectiveIds)) candidates.push(...initiativesOf(store, id));
  } else {
    candidates.push(...store.all<InitiativeRecord>(INITIATIVES));
  }
  const objectiveIds = filter.objectiveIds ? new Set(filter.objectiveIds) : undefined;
  const matched = candidates.filter(
    (i) => matchesCommon(i, filter) && (!objectiveIds || objectiveIds.has(i.objectiveId)),
  );
  const { items, sort } = sortPlanning(matched, args.sort);
  return { ...page(items, args), sort };
}

/** The `objectiveTypes` query: by name, filtered by name (substring) and `isActive`. */
export function queryObjectiveTypes(store: StoreReader, args: QueryObjectiveTypesArgs) {
  const filter = args.filter ?? {};
  const matched: ObjectiveTypeRecord[] = [];
  for (const type of store.all<ObjectiveTypeRecord>(OBJECTIVE_TYPES)) {
    if (!containsText(type.name, filter.name)) continue;
    if (filter.isActive !== null && filter.isActive !== undefined && type.isActive !== filter.isActive)
      continue;
    matched.push(type);
  }
  const { totalModels, models } = page(sortItems(matched, [{ value: (t) => t.name }]), args as PagingArgs);
  return { totalModels, models };
}
