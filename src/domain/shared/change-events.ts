import type { Entity, Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import type { EventRetention } from './event-retention.js';
import { ruleBroken } from './rule-switch.js';

/** The store collection of every event of a (tenant, region). */
export const EVENTS = 'events';

/**
 * Index of events by view, each view's events sorted by date (then recorded order): a poll finds its
 * range by binary search (see `eventsSeeding`, which defines it with `eventDateKey`).
 */
export const EVENTS_BY_VIEW = 'events.byView';

/** Index of the deletion events (the types `deletionType` names), by view. */
export const EVENT_DELETIONS_BY_VIEW = 'events.deletionsByView';

/** Index of events by view and entity (`entityKey`), to count a deleted entity's events without a scan. */
export const EVENTS_BY_ENTITY = 'events.byEntity';

/** The key of `EVENTS_BY_ENTITY` for one entity of one view. */
export function entityKey(view: string, entityId: string): string {
  return `${view}\u0000${entityId}`;
}

const CANONICAL_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An event date as text that sorts as its instant: the stored form (`toISOString`) as it is, anything
 * else that parses rewritten to that form. A date that does not parse sorts first, as the empty text.
 */
export function eventDateKey(date: string): string {
  if (CANONICAL_DATE.test(date)) return date;
  const ms = Date.parse(date);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

/** The six change-detection views of spec §6. */
export type EventView = 'contact' | 'list' | 'relationship' | 'initiative' | 'objective' | 'opportunity';

/** Views whose events derive from audit logs collected only while the tenant's audit feature is on (§6 rule 1). */
const AUDITED_VIEWS: ReadonlySet<EventView> = new Set(['list', 'relationship']);

/** One stored event. `data` keeps what the view must show as it was at the time (e.g. relationship attributes). */
export interface EventRecord extends Entity {
  id: string;
  view: EventView;
  eventType: string;
  /** ISO date-time with `Z`. */
  eventDate: string;
  /** Id of the contact, list, relationship, initiative, objective or opportunity. */
  entityId: string;
  data?: Record<string, string | number | boolean | null>;
}

/** What a write reports; the recorder adds id and date. */
export interface NewEvent {
  view: EventView;
  eventType: string;
  entityId: string;
  data?: EventRecord['data'];
}

const LAST_EVENT_DATE = 'lastEventDate';

/**
 * How many events the retention has removed from the store so far (absent: none). Event ids count on
 * from the events ever recorded, so a retired event's id is never given again.
 */
export const RETIRED_EVENTS = 'retiredEvents';

/** The number of the next event id: one past every event recorded, retired ones included. */
function recordedSoFar(tx: Transaction): number {
  const retired = tx.meta[RETIRED_EVENTS];
  return tx.count(EVENTS) + (typeof retired === 'number' ? retired : 0);
}

/**
 * The date (an `eventDateKey`) before which the age bound retires events at `now`, or undefined without
 * one. Reads apply it too: a store nobody writes to keeps its old events on disk until its next write,
 * but no view answers them once they are past the age.
 */
export function retentionCutoff(retention: EventRetention | undefined, now: Date): string | undefined {
  return retention?.days === undefined
    ? undefined
    : new Date(now.getTime() - retention.days * 86_400_000).toISOString();
}

/**
 * Removes the events past the retention, oldest first, in the caller's transaction (so they go with the
 * write that recorded the newest events, or not at all). The events collection is in date order (each
 * write's date is later than every earlier one's, seeded history is recorded sorted), so the oldest are
 * its first entities and the work is the number retired, not the number kept.
 */
export function retireEvents(tx: Transaction, retention: EventRetention, now: Date): number {
  const excess = retention.count === undefined ? 0 : tx.count(EVENTS) - retention.count;
  const cutoff = retentionCutoff(retention, now);
  const retired: string[] = [];
  for (const event of tx.all<EventRecord>(EVENTS)) {
    if (retired.length >= excess && (cutoff === undefined || eventDateKey(event.eventDate) >= cutoff)) break;
    retired.push(event.id);
  }
  if (retired.length === 0) return 0;
  for (const id of retired) tx.delete(EVENTS, id);
  const before = tx.meta[RETIRED_EVENTS];
  tx.setMeta(RETIRED_EVENTS, (typeof before === 'number' ? before : 0) + retired.length);
  return retired.length;
}
const stamps = new WeakMap<Transaction, string>();

/**
 * The date of the events of this transaction: the same for all of them (one write, one date, §6), and
 * strictly later than any earlier write's events so a poller that remembers its last eventDate sees each
 * change once.
 */
function stampOf(tx: Transaction, now: Date): string {
  const existing = stamps.get(tx);
  if (existing) return existing;
  const last = tx.meta[LAST_EVENT_DATE];
  let ms = now.getTime();
  if (typeof last === 'string') ms = Math.max(ms, Date.parse(last) + 1);
  const stamp = new Date(ms).toISOString();
  tx.setMeta(LAST_EVENT_DATE, stamp);
  stamps.set(tx, stamp);
  return stamp;
}

/**
 * Records events in the same transaction as the write that causes them, so both commit or neither.
 * Audited views record nothing while the tenant's audit feature is off. Ids derive from the store's
 * sequence so they are unique without a random source.
 */
export function recordEvents(
  tx: Transaction,
  ctx: Pick<RequestContext, 'tenant' | 'now' | 'recordedEvents' | 'ruleBroken' | 'eventRetention'>,
  events: readonly NewEvent[],
): void {
  const audited = ctx.tenant.auditFeature || ruleBroken(ctx, '§6.1');
  const kept = events.filter((e) => audited || !AUDITED_VIEWS.has(e.view));
  if (kept.length === 0) return;
  const now = ctx.now();
  const eventDate = stampOf(tx, now);
  let n = recordedSoFar(tx);
  for (const event of kept) {
    n += 1;
    const record: EventRecord = { id: `evt-${String(n).padStart(9, '0')}`, eventDate, ...event };
    tx.put(EVENTS, record);
    ctx.recordedEvents?.push(record);
  }
  if (ctx.eventRetention) retireEvents(tx, ctx.eventRetention, now);
}

/** Records historical events at given dates (seeding); dates must not decrease across calls. */
export function recordHistory(
  tx: Transaction,
  events: ReadonlyArray<NewEvent & { eventDate: string }>,
): void {
  let n = recordedSoFar(tx);
  let last = tx.meta[LAST_EVENT_DATE];
  for (const event of events) {
    n += 1;
    tx.put(EVENTS, { id: `evt-${String(n).padStart(9, '0')}`, ...event } satisfies EventRecord);
    if (typeof last !== 'string' || event.eventDate > last) last = event.eventDate;
  }
  if (typeof last === 'string') tx.setMeta(LAST_EVENT_DATE, last);
}
