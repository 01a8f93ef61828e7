import type { StoreReader } from '../../store/index.js';
import type { EventFeedFaults } from '../event-feed.js';
import { badUserInput } from '../shared/errors.js';
import { checkPaging, page, sortItems, type Page, type PagingArgs, type SortKey } from '../shared/paging.js';
import { isBreakableRule, ruleBroken, type RuleSwitchContext } from '../shared/rule-switch.js';
import { EVENTS_BY_VIEW, type EventRecord } from '../shared/change-events.js';
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

/**
 * The events of one view that the caller may see, filtered, sorted and paged. The rules of §6 apply
 * here, at read time, so they hold for seeded history and new writes alike: deleted entities only when
 * the filter asks for the deletion type, never archived entities, never events of relationships that
 * were private when they happened. Event-feed faults, when set, apply last: lag hides events before
 * anything else counts them, repeats are placed before paging, and the page is shuffled after it.
 */
export function queryEvents(
  store: StoreReader,
  def: ViewDefinition,
  args: EventViewArgs,
  feed?: { faults: EventFeedFaults; now: Date },
  rules: RuleSwitchContext = {},
): Page<EventRecord> {
  // A rule-verification run may break the view's own rule of §6 (deleted, archived, private events).
  const viewRule = `§6/${def.query}`;
  const broken = isBreakableRule(viewRule) && ruleBroken(rules, viewRule);
  const filter = args.filter ?? {};
  const types = filter.eventTypes ? new Set(filter.eventTypes) : undefined;
  const ids = idList(filter[def.idsFilter]);
  const contactIds = def.view === 'relationship' ? idList(filter['contactIds']) : undefined;
  const { from, after, to } = filter.eventDate ?? {};
  if (from && to && from > to)
    throw badUserInput('filter.eventDate.from must not be later than filter.eventDate.to.');

  const stored = store.lookup<EventRecord>(EVENTS_BY_VIEW, def.view);
  // A lagging feed has not seen the newest events at all yet, deletions included.
  const all = feed ? stored.filter((e) => isVisible(e, feed.faults, feed.now)) : stored;
  const deleted = new Set<string>();
  if (def.deletedType) for (const e of all) if (e.eventType === def.deletedType) deleted.add(e.entityId);
  const showDeleted = def.deletedType !== undefined && types?.has(def.deletedType) === true;

  // Dates compare as text: every stored and accepted DateTime is the same ISO shape with Z, but the
  // filter may omit milliseconds, so both sides are normalised to epoch milliseconds first.
  const fromMs = from ? Date.parse(from) : undefined;
  const afterMs = after ? Date.parse(after) : undefined;
  const toMs = to ? Date.parse(to) : undefined;

  const matching = all.filter((e) => {
    // Broken, the opportunity view stops reporting the changes of dateOpened, currentStage and status.
    if (broken && def.view === 'opportunity') return false;
    if (types && !types.has(e.eventType)) return false;
    if (ids && !ids.has(e.entityId)) return false;
    if (
      contactIds &&
      !contactIds.has(String(e.data?.['baseContactId'])) &&
      !contactIds.has(String(e.data?.['relatedContactId']))
    ) {
      return false;
    }
    if (deleted.has(e.entityId) && !showDeleted && !broken) return false;
    if (def.hidesPrivate && e.data?.['isPrivate'] === true && !broken) return false;
    if (
      def.hidesArchived &&
      !broken &&
      store.get<{ id: string; archived?: boolean }>(def.collection, e.entityId)?.archived === true
    ) {
      return false;
    }
    if (fromMs !== undefined || afterMs !== undefined || toMs !== undefined) {
      const ms = Date.parse(e.eventDate);
      if (fromMs !== undefined && ms < fromMs) return false;
      if (afterMs !== undefined && ms <= afterMs) return false;
      if (toMs !== undefined && ms > toMs) return false;
    }
    return true;
  });

  const keys: SortKey<EventRecord>[] = (args.sort ?? []).map((s) => ({
    value: (e: EventRecord) => (s.field === 'eventType' ? e.eventType : e.eventDate),
    direction: s.direction,
  }));
  // Default order: oldest first; ties (the events of one write) keep the order they were recorded in.
  keys.push({ value: (e) => e.eventDate, direction: 'Ascending' });
  const sorted = sortItems(matching, keys);
  if (!feed) return page(sorted, args);
  const result = page(withDuplicates(sorted, feed.faults, checkPaging(args).limit), args);
  const key = `${def.query}:${result.skip}:${result.models[0]?.id ?? ''}`;
  return { ...result, models: reorderPage(result.models, feed.faults, key) };
}
