import type { Entity } from '../../store/index.js';
import type { SeedContext } from '../area.js';
import { CONTACTS, type ContactRecord } from '../contacts/model.js';
import { recordHistory, type NewEvent } from '../shared/change-events.js';
import { fakerUuid } from '../shared/seed-random.js';

type HistoryEvent = NewEvent & { eventDate: string };

/** Fields every seeded record of the 1.4.0 areas carries (see the area briefs). */
type Dated = Entity & { createdAt?: string; updatedAt?: string };

/** An instant between `from` and `to` (ISO), from the area's faker. */
function between(ctx: SeedContext, from: string, to: string): string {
  return ctx.faker.date.between({ from, to }).toISOString();
}

/** `count` entities (new ids) created between `start` and `end`, then deleted before `end`. */
function createdThenDeleted(
  ctx: SeedContext,
  view: 'contact' | 'list',
  prefix: 'Contact' | 'List',
  count: number,
  start: string,
  end: string,
): HistoryEvent[] {
  const out: HistoryEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    const entityId = fakerUuid(ctx.faker);
    const created = between(ctx, start, end);
    out.push({ view, eventType: `${prefix}Created`, entityId, eventDate: created });
    out.push({ view, eventType: `${prefix}Deleted`, entityId, eventDate: between(ctx, created, end) });
  }
  return out;
}

/**
 * A plausible change history consistent with the seeded data (issue: "the seeded fixtures include a
 * plausible event history"): creations and later updates of the stored contacts and lists, plus a few
 * contacts and lists that were created and then deleted, so deletion detection has something to find.
 * List history exists only when the tenant's audit feature is on (§6 rule 1).
 */
export function seedEventHistory(ctx: SeedContext): void {
  const { tx, profile } = ctx;
  const end = ctx.referenceDate.toISOString();
  const start = new Date(ctx.referenceDate.getTime() - 2 * 365 * 86_400_000).toISOString();
  const history: HistoryEvent[] = [];

  for (const contact of tx.all<ContactRecord>(CONTACTS)) {
    history.push({
      view: 'contact',
      eventType: 'ContactCreated',
      entityId: contact.id,
      eventDate: contact.createdAt,
    });
    if (contact.updatedAt > contact.createdAt) {
      history.push({
        view: 'contact',
        eventType: 'ContactUpdated',
        entityId: contact.id,
        eventDate: contact.updatedAt,
      });
    }
  }
  const ghosts = Math.max(2, Math.round(profile.historyEvents / 20));
  history.push(...createdThenDeleted(ctx, 'contact', 'Contact', ghosts, start, end));

  if (ctx.tenant.auditFeature) {
    for (const list of tx.all<Entity & { createdAt?: string; updatedAt?: string }>('lists')) {
      const created = list.createdAt ?? between(ctx, start, end);
      history.push({ view: 'list', eventType: 'ListCreated', entityId: list.id, eventDate: created });
      if (list.updatedAt && list.updatedAt > created) {
        history.push({
          view: 'list',
          eventType: 'ListUpdated',
          entityId: list.id,
          eventDate: list.updatedAt,
        });
      }
    }
    history.push(...createdThenDeleted(ctx, 'list', 'List', Math.max(1, Math.round(ghosts / 2)), start, end));
  }

  history.push(
    ...planningHistory(tx, 'objectives', 'Objective'),
    ...planningHistory(tx, 'initiatives', 'Initiative'),
  );
  history.push(...opportunityHistory(tx));
  if (ctx.tenant.auditFeature) history.push(...relationshipHistory(tx));

  recordHistory(tx, byDate(history));
}

/** The stable sort by `eventDate` as text: events by date, ties in the order generated. */
function byDateText(history: HistoryEvent[]): HistoryEvent[] {
  return history.sort((a, b) => (a.eventDate < b.eventDate ? -1 : a.eventDate > b.eventDate ? 1 : 0));
}

/**
 * What `byDateText` gives, cheaper. A 100k-contact store has ~230k events and the comparator on the
 * strings cost ~0.3 s, so each event's instant and place are packed in one 64-bit key and the keys are
 * sorted natively (~0.08 s). The result is then checked to be in text order; since equal texts are equal
 * instants, and equal instants keep the order generated, that makes it the stable text sort. A date that
 * does not parse, or a result out of text order (a date in another form), falls back to `byDateText`.
 */
export function byDate(history: HistoryEvent[]): HistoryEvent[] {
  if (history.length >= 2 ** 22) return byDateText(history);
  const keys = new BigUint64Array(history.length);
  for (let i = 0; i < history.length; i++) {
    const ms = Date.parse(history[i]!.eventDate);
    if (!(ms >= 0 && ms < 2 ** 42)) return byDateText(history);
    keys[i] = (BigInt(ms) << 22n) | BigInt(i);
  }
  keys.sort();
  const sorted = Array.from(keys, (key) => history[Number(key & 0x3fffffn)]!);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1]!.eventDate > sorted[i]!.eventDate) return byDateText(history);
  }
  return sorted;
}

/** Objectives and initiatives: created, then deleted, closed or edited as their current state shows. */
function planningHistory(
  tx: SeedContext['tx'],
  collection: string,
  prefix: 'Objective' | 'Initiative',
): HistoryEvent[] {
  const view = prefix === 'Objective' ? 'objective' : 'initiative';
  const out: HistoryEvent[] = [];
  for (const item of tx.all<Dated & { isDeleted?: boolean; status?: string }>(collection)) {
    if (!item.createdAt) continue;
    out.push({ view, eventType: `${prefix}Created`, entityId: item.id, eventDate: item.createdAt });
    if (!item.updatedAt || item.updatedAt <= item.createdAt) continue;
    const later = item.isDeleted ? 'Deleted' : item.status === 'closed' ? 'StatusChanged' : 'Updated';
    out.push({ view, eventType: `${prefix}${later}`, entityId: item.id, eventDate: item.updatedAt });
  }
  return out;
}

/** Opportunities: opening sets dateOpened, the first stage and the status (§6: the three reported values). */
function opportunityHistory(tx: SeedContext['tx']): HistoryEvent[] {
  const out: HistoryEvent[] = [];
  for (const item of tx.all<Dated & { status?: string }>('opportunities')) {
    if (!item.createdAt) continue;
    for (const eventType of ['DateOpenedChanged', 'CurrentStageChanged', 'StatusChanged']) {
      out.push({ view: 'opportunity', eventType, entityId: item.id, eventDate: item.createdAt });
    }
    if (item.updatedAt && item.updatedAt > item.createdAt) {
      const eventType = item.status === 'closed' ? 'StatusChanged' : 'CurrentStageChanged';
      out.push({ view: 'opportunity', eventType, entityId: item.id, eventDate: item.updatedAt });
    }
  }
  return out;
}

type RelationshipRow = Dated & {
  baseContactId?: string;
  relatedContactId?: string;
  relationshipTypeId?: string;
  isFormer?: boolean;
  isAnonymous?: boolean;
  isPrivate?: boolean;
  strengthLevel?: number;
};

/** Relationships: their creation, with the attributes the view shows, as they were then. */
function relationshipHistory(tx: SeedContext['tx']): HistoryEvent[] {
  const out: HistoryEvent[] = [];
  for (const item of tx.all<RelationshipRow>('relationships')) {
    if (!item.createdAt) continue;
    const type = item.relationshipTypeId
      ? tx.get<Entity & { name?: string; strengthScale?: number }>(
          'relationshipTypes',
          item.relationshipTypeId,
        )
      : undefined;
    out.push({
      view: 'relationship',
      eventType: 'RelationshipCreated',
      entityId: item.id,
      eventDate: item.createdAt,
      data: {
        baseContactId: item.baseContactId ?? null,
        relatedContactId: item.relatedContactId ?? null,
        relationshipTypeId: item.relationshipTypeId ?? null,
        relationshipTypeName: type?.name ?? null,
        isFormer: item.isFormer ?? false,
        isAnonymous: item.isAnonymous ?? false,
        // The relationship's level on its type's scale, as the write path records it.
        strengthScale: item.strengthLevel ?? null,
        status: 'Active',
        isPrivate: item.isPrivate ?? false,
      },
    });
  }
  return out;
}
