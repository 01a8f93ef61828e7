import type { SortedEntities, StoreReader } from '../../store/index.js';
import type { EventFeedFaults } from '../event-feed.js';
import { badUserInput } from '../shared/errors.js';
import { checkPaging, page, sortItems, type Page, type PagingArgs, type SortKey } from '../shared/paging.js';
import { isBreakableRule, ruleBroken, type RuleSwitchContext } from '../shared/rule-switch.js';
import {
  EVENT_DELETIONS_BY_VIEW,
  EVENTS_BY_ENTITY,
  EVENTS_BY_VIEW,
  entityKey,
  eventDateKey,
  retentionCutoff,
  type EventRecord,
} from '../shared/change-events.js';
import type { EventRetention } from '../shared/event-retention.js';
import { isVisible, reorderPage, withDuplicates } from './feed-faults.js';
import type { ViewDefinition } from './views.js';

/** Arguments every event view takes (§6, A-41). */
export interface EventViewArgs extends PagingArgs {
  sort?: ReadonlyArray<{
    field: 'eventDate' | 'eventType';
    direction?: 'Ascending' | 'Descending' | null;
  }> | null;
  filter?: {
    eventTypes?: readonly string[] | null;
    eventDate?: { from?: string | null; after?: string | null; to?: string | null } | null;
    [ids: string]: unknown;
  } | null;
}

function idList(value: unknown): Set<string> | undefined {
  return Array.isArray(value) ? new Set(value.filter((v): v is string => typeof v === 'string')) : undefined;
}

/** The positions `[lo, hi)` of the view's events that the date filter admits (binary search). */
function dateRange(
  events: SortedEntities<EventRecord>,
  filter: NonNullable<EventViewArgs['filter']>['eventDate'],
  cutoff: string | undefined,
): { lo: number; hi: number } {
  const { from, after, to } = filter ?? {};
  // A bound that does not parse bounds nothing, as the comparison of epoch milliseconds did before.
  const key = (date: string | null | undefined) => (date ? eventDateKey(date) : '');
  let lo = 0;
  let hi = events.length;
  const fromKey = key(from);
  const afterKey = key(after);
  const toKey = key(to);
  if (cutoff) lo = Math.max(lo, events.bound(cutoff));
  if (fromKey) lo = Math.max(lo, events.bound(fromKey));
  if (afterKey) lo = Math.max(lo, events.bound(afterKey, true));
  if (toKey) hi = Math.min(hi, events.bound(toKey, true));
  return { lo, hi: Math.max(lo, hi) };
}

/**
 * Positions `[lo, hi)` in the order of a date sort: ascending as stored; descending by date with the
 * events of one date still in recorded order, which is the order of their ids (the tie-break of
 * `sortItems`: ids count up as events are recorded).
 */
function* datePositions(
  events: SortedEntities<EventRecord>,
  lo: number,
  hi: number,
  descending: boolean,
): Generator<number> {
  if (!descending) {
    for (let i = lo; i < hi; i += 1) yield i;
    return;
  }
  let end = hi - 1;
  while (end >= lo) {
    const date = events.valueAt(end);
    let start = end;
    while (start > lo && events.valueAt(start - 1) === date) start -= 1;
    for (let i = start; i <= end; i += 1) yield i;
    end = start - 1;
  }
}

/**
 * The direction of a sort that orders by date only (every key is `eventDate`: the first decides, the
 * rest only repeat it), or undefined when a key sorts by type.
 */
function dateOnlyDirection(sort: EventViewArgs['sort']): 'Ascending' | 'Descending' | undefined {
  const keys = sort ?? [];
  if (keys.some((s) => s.field === 'eventType')) return undefined;
  return keys[0]?.direction === 'Descending' ? 'Descending' : 'Ascending';
}

/**
 * The events of one view that the caller may see, filtered, sorted and paged. The rules of §6 apply
 * here, at read time, so they hold for seeded history and new writes alike: deleted entities only when
 * the filter asks for the deletion type, never archived entities, never events of relationships that
 * were private when they happened. Event-feed faults, when set, apply last: lag hides events before
 * anything else counts them, repeats are placed before paging, and the page is shuffled after it.
 *
 * The view's events are kept sorted by date (`EVENTS_BY_VIEW`), so the date filter is a binary search and
 * a date-sorted page is read off in order: a poll costs O(log n + the events since its date), and a page
 * of a view without other filters O(log n + skip + limit + the deleted entities' events), as its total
 * is the range's length less the hidden events of deleted entities. Sorting by type, or a feed fault,
 * filters the range and sorts it as before.
 */
export function queryEvents(
  store: StoreReader,
  def: ViewDefinition,
  args: EventViewArgs,
  feed?: { faults: EventFeedFaults; now: Date },
  rules: RuleSwitchContext = {},
  retention?: { retention: EventRetention | undefined; now: Date },
): Page<EventRecord> {
  // A rule-verification run may break the view's own rule of §6 (deleted, archived, private events).
  const viewRule = `§6/${def.query}`;
  const broken = isBreakableRule(viewRule) && ruleBroken(rules, viewRule);
  const filter = args.filter ?? {};
  const types = filter.eventTypes ? new Set(filter.eventTypes) : undefined;
  const ids = idList(filter[def.idsFilter]);
  const contactIds = def.view === 'relationship' ? idList(filter['contactIds']) : undefined;
  const { from, to } = filter.eventDate ?? {};
  if (from && to && from > to)
    throw badUserInput('filter.eventDate.from must not be later than filter.eventDate.to.');
  const { skip, limit } = checkPaging(args);

  const events = store.sorted<EventRecord>(EVENTS_BY_VIEW, def.view);
  const { lo, hi } = dateRange(
    events,
    filter.eventDate,
    retention && retentionCutoff(retention.retention, retention.now),
  );
  // A lagging feed has not seen the newest events at all yet, deletions included.
  const visible = (e: EventRecord) => !feed || isVisible(e, feed.faults, feed.now);
  const deleted = new Set<string>();
  if (def.deletedType) {
    for (const e of store.lookup<EventRecord>(EVENT_DELETIONS_BY_VIEW, def.view))
      if (visible(e)) deleted.add(e.entityId);
  }
  const showDeleted = def.deletedType !== undefined && types?.has(def.deletedType) === true;
  const hidden = (e: EventRecord) => deleted.has(e.entityId) && !showDeleted && !broken;

  const matches = (e: EventRecord): boolean => {
    // Broken, the opportunity view stops reporting the changes of dateOpened, currentStage and status.
    if (broken && def.view === 'opportunity') return false;
    if (!visible(e)) return false;
    if (types && !types.has(e.eventType)) return false;
    if (ids && !ids.has(e.entityId)) return false;
    if (
      contactIds &&
      !contactIds.has(String(e.data?.['baseContactId'])) &&
      !contactIds.has(String(e.data?.['relatedContactId']))
    ) {
      return false;
    }
    if (hidden(e)) return false;
    if (def.hidesPrivate && e.data?.['isPrivate'] === true && !broken) return false;
    if (
      def.hidesArchived &&
      !broken &&
      store.get<{ id: string; archived?: boolean }>(def.collection, e.entityId)?.archived === true
    ) {
      return false;
    }
    return true;
  };

  const direction = dateOnlyDirection(args.sort);
  if (!feed && direction) {
    const order = datePositions(events, lo, hi, direction === 'Descending');
    // Only hidden events of deleted entities stand between the range and the answer: count them, not it.
    const plain = !types && !ids && !contactIds && !def.hidesArchived && !def.hidesPrivate && !broken;
    const models: EventRecord[] = [];
    let seen = 0;
    if (plain) {
      const total = hi - lo - hiddenIn(store, def, deleted, showDeleted, events, lo, hi);
      for (const i of order) {
        if (seen >= skip + limit) break;
        const e = events.at(i);
        if (hidden(e)) continue;
        if (seen >= skip) models.push(e);
        seen += 1;
      }
      return { skip, limit, totalModels: total, models };
    }
    for (const i of order) {
      const e = events.at(i);
      if (!matches(e)) continue;
      if (seen >= skip && seen < skip + limit) models.push(e);
      seen += 1;
    }
    return { skip, limit, totalModels: seen, models };
  }

  const matching: EventRecord[] = [];
  for (let i = lo; i < hi; i += 1) {
    const e = events.at(i);
    if (matches(e)) matching.push(e);
  }
  const keys: SortKey<EventRecord>[] = (args.sort ?? []).map((s) => ({
    value: (e: EventRecord) => (s.field === 'eventType' ? e.eventType : e.eventDate),
    direction: s.direction,
  }));
  // Default order: oldest first; ties (the events of one write) keep the order they were recorded in.
  keys.push({ value: (e) => e.eventDate, direction: 'Ascending' });
  const sorted = sortItems(matching, keys);
  if (!feed) return page(sorted, args);
  const result = page(withDuplicates(sorted, feed.faults, limit), args);
  const key = `${def.query}:${result.skip}:${result.models[0]?.id ?? ''}`;
  return { ...result, models: reorderPage(result.models, feed.faults, key) };
}

/** How many events in positions `[lo, hi)` belong to deleted entities and are hidden (none when shown). */
function hiddenIn(
  store: StoreReader,
  def: ViewDefinition,
  deleted: ReadonlySet<string>,
  showDeleted: boolean,
  events: SortedEntities<EventRecord>,
  lo: number,
  hi: number,
): number {
  if (showDeleted || deleted.size === 0 || lo >= hi) return 0;
  const first = events.valueAt(lo);
  const last = events.valueAt(hi - 1);
  let n = 0;
  for (const id of deleted) {
    for (const e of store.lookup<EventRecord>(EVENTS_BY_ENTITY, entityKey(def.view, id))) {
      // The range holds every event whose date lies between its first and last (it is cut by date).
      const date = eventDateKey(e.eventDate);
      if (date >= first && date <= last) n += 1;
    }
  }
  return n;
}
