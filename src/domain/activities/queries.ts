import type {
  ActivityFilterInput,
  ActivitySortInput,
  QueryActivitiesArgs,
  QueryActivityTypesArgs,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { badUserInput } from '../shared/errors.js';
import { dateRange, idSet } from '../shared/filter.js';
import { containsText, page, sortItems, type PagingArgs, type SortKey } from '../shared/paging.js';
import {
  ACTIVITIES,
  ACTIVITIES_BY_CONTACT,
  ACTIVITIES_BY_ORIGINATOR,
  ACTIVITIES_BY_TYPE,
  ACTIVITY_TYPES,
  type ActivityRecord,
  type ActivityTypeRecord,
} from './model.js';

/** The calendar date an activity is filed under: the date of its start. */
export function activityDate(activity: ActivityRecord): string {
  return activity.startDate.slice(0, 10);
}

const byStart = (activity: ActivityRecord) => activity.startDate;

/**
 * Sort keys of `activities`. The only field is `Date` (the start); the direction defaults to
 * `Ascending` (§2.2), and without any sort the order is the same as `[{ field: Date }]`.
 */
function sortKeys(
  sort: ReadonlyArray<ActivitySortInput | null | undefined> | null | undefined,
): SortKey<ActivityRecord>[] {
  if (!sort || sort.length === 0) return [{ value: byStart, direction: 'Ascending' }];
  return sort.map((entry, i) => {
    if (!entry) throw badUserInput(`sort[${i}] must not be null.`);
    if (entry.field !== 'Date')
      throw badUserInput(`sort[${i}].field is required; the sortable field is Date.`);
    return { value: byStart, direction: entry.direction ?? 'Ascending' };
  });
}

/** Union of index look-ups, each activity once, in a stable order. */
function lookupAll(store: StoreReader, index: string, keys: Set<string>): ActivityRecord[] {
  const seen = new Map<string, ActivityRecord>();
  for (const key of keys) for (const a of store.lookup<ActivityRecord>(index, key)) seen.set(a.id, a);
  return [...seen.values()];
}

/** Activities matching every given field of the filter (combined with AND). */
export function filterActivities(
  store: StoreReader,
  filter: ActivityFilterInput | null | undefined,
): ActivityRecord[] {
  const contactIds = idSet(filter?.contactIds);
  const typeIds = idSet(filter?.typeId);
  const originatorIds = idSet(filter?.originatorIds);
  const { from, to } = dateRange(filter?.date, 'filter.date');
  const typeName = filter?.type?.trim().toLocaleLowerCase('en') || undefined;
  // Start from the narrowest index the filter allows; only an unconstrained query scans everything.
  const candidates = contactIds
    ? lookupAll(store, ACTIVITIES_BY_CONTACT, contactIds)
    : typeIds
      ? lookupAll(store, ACTIVITIES_BY_TYPE, typeIds)
      : originatorIds
        ? lookupAll(store, ACTIVITIES_BY_ORIGINATOR, originatorIds)
        : [...store.all<ActivityRecord>(ACTIVITIES)];
  const typeNames = new Map<string, string>();
  const nameOf = (typeId: string): string => {
    let name = typeNames.get(typeId);
    if (name === undefined) {
      name = (store.get<ActivityTypeRecord>(ACTIVITY_TYPES, typeId)?.name ?? '').toLocaleLowerCase('en');
      typeNames.set(typeId, name);
    }
    return name;
  };
  return candidates.filter((a) => {
    if (contactIds && !a.links.some((link) => contactIds.has(link.id))) return false;
    if (typeIds && !typeIds.has(a.typeId)) return false;
    if (originatorIds && !(a.originatorId !== null && originatorIds.has(a.originatorId))) return false;
    if (!containsText(a.subject, filter?.subject)) return false;
    if (typeName !== undefined && nameOf(a.typeId) !== typeName) return false;
    const date = activityDate(a);
    if (from !== null && date < from) return false;
    if (to !== null && date > to) return false;
    return true;
  });
}

/** `activities`: filtered, sorted (ties by id) and paged, with the total of the whole match. */
export function queryActivities(store: StoreReader, args: QueryActivitiesArgs) {
  const keys = sortKeys(args.sort);
  return page(sortItems(filterActivities(store, args.filter), keys), args);
}

/** `Person.activities` / `Company.activities`: the contact's activities, newest first. */
export function contactActivities(store: StoreReader, contactId: string, args: PagingArgs) {
  const own = store.lookup<ActivityRecord>(ACTIVITIES_BY_CONTACT, contactId);
  return page(sortItems(own, [{ value: byStart, direction: 'Descending' }]), args);
}

/**
 * `activityTypes`: each flag argument that is true narrows the list; `onlyUserCreatable` (default
 * true) keeps the active types users may create activities of. Explicit nulls mean the defaults.
 * Ordered by name.
 */
export function queryActivityTypes(store: StoreReader, args: QueryActivityTypesArgs) {
  const onlyUserCreatable = args.onlyUserCreatable ?? true;
  const types = [...store.all<ActivityTypeRecord>(ACTIVITY_TYPES)].filter(
    (t) =>
      (!onlyUserCreatable || (t.isActive && t.isUserCreatable)) &&
      (!args.onlyUserSearchable || t.isUserSearchable) &&
      (!args.appointmentTypesOnly || t.isAppointment) &&
      (!args.watchable || t.isWatchable),
  );
  return page(sortItems(types, [{ value: (t) => t.name }]), args);
}
