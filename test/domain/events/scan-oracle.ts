// The event views' answer as it was computed before the date index (every event of the view filtered,
// then sorted): the oracle the indexed answers are compared with. Feed faults are left out: with them
// the indexed query runs this very scan.
import type { EventViewArgs } from '../../../src/domain/events/queries.js';
import type { ViewDefinition } from '../../../src/domain/events/views.js';
import { EVENTS, type EventRecord } from '../../../src/domain/shared/change-events.js';
import { page, sortItems, type Page, type SortKey } from '../../../src/domain/shared/paging.js';
import type { StoreReader } from '../../../src/store/index.js';

function idList(value: unknown): Set<string> | undefined {
  return Array.isArray(value) ? new Set(value.filter((v): v is string => typeof v === 'string')) : undefined;
}

/** `queryEvents` by a scan of every stored event of the view (no index). */
export function scanEvents(store: StoreReader, def: ViewDefinition, args: EventViewArgs): Page<EventRecord> {
  const filter = args.filter ?? {};
  const types = filter.eventTypes ? new Set(filter.eventTypes) : undefined;
  const ids = idList(filter[def.idsFilter]);
  const contactIds = def.view === 'relationship' ? idList(filter['contactIds']) : undefined;
  const { from, after, to } = filter.eventDate ?? {};
  const all = [...store.all<EventRecord>(EVENTS)].filter((e) => e.view === def.view);
  const deleted = new Set<string>();
  if (def.deletedType) for (const e of all) if (e.eventType === def.deletedType) deleted.add(e.entityId);
  const showDeleted = def.deletedType !== undefined && types?.has(def.deletedType) === true;
  const fromMs = from ? Date.parse(from) : undefined;
  const afterMs = after ? Date.parse(after) : undefined;
  const toMs = to ? Date.parse(to) : undefined;
  const matching = all.filter((e) => {
    if (types && !types.has(e.eventType)) return false;
    if (ids && !ids.has(e.entityId)) return false;
    if (
      contactIds &&
      !contactIds.has(String(e.data?.['baseContactId'])) &&
      !contactIds.has(String(e.data?.['relatedContactId']))
    )
      return false;
    if (deleted.has(e.entityId) && !showDeleted) return false;
    if (def.hidesPrivate && e.data?.['isPrivate'] === true) return false;
    if (
      def.hidesArchived &&
      store.get<{ id: string; archived?: boolean }>(def.collection, e.entityId)?.archived
    )
      return false;
    const ms = Date.parse(e.eventDate);
    if (fromMs !== undefined && ms < fromMs) return false;
    if (afterMs !== undefined && ms <= afterMs) return false;
    if (toMs !== undefined && ms > toMs) return false;
    return true;
  });
  const keys: SortKey<EventRecord>[] = (args.sort ?? []).map((s) => ({
    value: (e: EventRecord) => (s.field === 'eventType' ? e.eventType : e.eventDate),
    direction: s.direction,
  }));
  keys.push({ value: (e) => e.eventDate, direction: 'Ascending' });
  return page(sortItems(matching, keys), args);
}
