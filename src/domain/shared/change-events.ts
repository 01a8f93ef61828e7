import type { Entity, Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { ruleBroken } from './rule-switch.js';

/** The store collection of every event of a (tenant, region). */
export const EVENTS = 'events';

/** Index of events by view, in insertion (and so date) order. */
export const EVENTS_BY_VIEW = 'events.byView';

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
  ctx: Pick<RequestContext, 'tenant' | 'now' | 'recordedEvents' | 'ruleBroken'>,
  events: readonly NewEvent[],
): void {
  const audited = ctx.tenant.auditFeature || ruleBroken(ctx, '§6.1');
  const kept = events.filter((e) => audited || !AUDITED_VIEWS.has(e.view));
  if (kept.length === 0) return;
  const eventDate = stampOf(tx, ctx.now());
  let n = tx.count(EVENTS);
  for (const event of kept) {
    n += 1;
    const record: EventRecord = { id: `evt-${String(n).padStart(9, '0')}`, eventDate, ...event };
    tx.put(EVENTS, record);
    ctx.recordedEvents?.push(record);
  }
}

/** Records historical events at given dates (seeding); dates must not decrease across calls. */
export function recordHistory(
  tx: Transaction,
  events: ReadonlyArray<NewEvent & { eventDate: string }>,
): void {
  let n = tx.count(EVENTS);
  let last = tx.meta[LAST_EVENT_DATE];
  for (const event of events) {
    n += 1;
    tx.put(EVENTS, { id: `evt-${String(n).padStart(9, '0')}`, ...event } satisfies EventRecord);
    if (typeof last !== 'string' || event.eventDate > last) last = event.eventDate;
  }
  if (typeof last === 'string') tx.setMeta(LAST_EVENT_DATE, last);
}
