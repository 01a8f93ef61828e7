// The read-time rules of spec §6 on a store built in the test; each test fails if its rule is removed.
import { describe, expect, it } from '@jest/globals';
import { queryEvents } from '../../../src/domain/events/queries.js';
import {
  EVENTS,
  recordEvents,
  recordHistory,
  type NewEvent,
} from '../../../src/domain/shared/change-events.js';
import { eventsSeeding } from '../../../src/domain/events/seeding.js';
import { VIEW_DEFINITIONS, type ViewDefinition } from '../../../src/domain/events/views.js';
import type { TenantSettings } from '../../../src/domain/tenancy.js';
import { Store } from '../../../src/store/index.js';

const view = (name: string): ViewDefinition => VIEW_DEFINITIONS.find((d) => d.view === name)!;
const tenant = (auditFeature: boolean): TenantSettings => ({
  id: 't',
  name: 'T',
  fullCloud: true,
  languageSpecificInformation: true,
  auditFeature,
});

async function storeWith(
  history: Array<NewEvent & { eventDate: string }>,
  extra: Record<string, object[]> = {},
) {
  const store = await Store.open();
  for (const index of eventsSeeding.indexes ?? [])
    store.defineIndex(index.name, index.collection, index.key, index.sortBy);
  await store.transact((tx) => {
    for (const [collection, items] of Object.entries(extra))
      for (const item of items) tx.put(collection, item as never);
    recordHistory(tx, history);
  });
  return store;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe('deleted entities (§6)', () => {
  const history = [
    { view: 'contact' as const, eventType: 'ContactCreated', entityId: 'kept', eventDate: at(1) },
    { view: 'contact' as const, eventType: 'ContactCreated', entityId: 'gone', eventDate: at(2) },
    { view: 'contact' as const, eventType: 'ContactUpdated', entityId: 'gone', eventDate: at(3) },
    { view: 'contact' as const, eventType: 'ContactDeleted', entityId: 'gone', eventDate: at(4) },
  ];

  it('returns no event of a deleted contact unless the filter includes ContactDeleted', async () => {
    const store = await storeWith(history);
    const plain = queryEvents(store, view('contact'), {});
    expect(plain.models.map((e) => e.entityId)).toEqual(['kept']);
    const withDeleted = queryEvents(store, view('contact'), { filter: { eventTypes: ['ContactDeleted'] } });
    expect(withDeleted.models.map((e) => [e.entityId, e.eventType])).toEqual([['gone', 'ContactDeleted']]);
    const everything = queryEvents(store, view('contact'), {
      filter: { eventTypes: ['ContactCreated', 'ContactUpdated', 'ContactDeleted'] },
    });
    expect(everything.totalModels).toBe(4);
  });

  it('applies the same rule to ListDeleted', async () => {
    const store = await storeWith([
      { view: 'list', eventType: 'ListCreated', entityId: 'l1', eventDate: at(1) },
      { view: 'list', eventType: 'ListDeleted', entityId: 'l1', eventDate: at(2) },
    ]);
    expect(queryEvents(store, view('list'), {}).totalModels).toBe(0);
    expect(queryEvents(store, view('list'), { filter: { eventTypes: ['ListDeleted'] } }).totalModels).toBe(1);
  });
});

describe('archived lists and private relationships (§6)', () => {
  it('never returns events of an archived list', async () => {
    const store = await storeWith(
      [
        { view: 'list', eventType: 'ListCreated', entityId: 'open', eventDate: at(1) },
        { view: 'list', eventType: 'ListCreated', entityId: 'archived', eventDate: at(2) },
      ],
      { lists: [{ id: 'open' }, { id: 'archived', archived: true }] },
    );
    expect(queryEvents(store, view('list'), {}).models.map((e) => e.entityId)).toEqual(['open']);
  });

  it('never returns relationship events that happened while the relationship was private', async () => {
    const store = await storeWith([
      {
        view: 'relationship',
        eventType: 'RelationshipCreated',
        entityId: 'r',
        eventDate: at(1),
        data: { isPrivate: true },
      },
      {
        view: 'relationship',
        eventType: 'PrivacyChanged',
        entityId: 'r',
        eventDate: at(2),
        data: { isPrivate: false },
      },
    ]);
    expect(queryEvents(store, view('relationship'), {}).models.map((e) => e.eventType)).toEqual([
      'PrivacyChanged',
    ]);
  });
});

describe('recording', () => {
  it('gives the events of one write one date, later than every earlier write (A-41)', async () => {
    const store = await storeWith([
      { view: 'contact', eventType: 'ContactCreated', entityId: 'a', eventDate: at(5) },
    ]);
    const clock = new Date(at(0)); // a clock behind the last event must not produce an earlier date
    const ctx = { tenant: tenant(true), now: () => clock };
    await store.transact((tx) =>
      recordEvents(tx, ctx, [
        { view: 'relationship', eventType: 'StrengthChanged', entityId: 'r' },
        { view: 'relationship', eventType: 'FormerChanged', entityId: 'r' },
      ]),
    );
    await store.transact((tx) =>
      recordEvents(tx, ctx, [{ view: 'contact', eventType: 'ContactUpdated', entityId: 'a' }]),
    );
    const rel = queryEvents(store, view('relationship'), {}).models;
    expect(rel).toHaveLength(2);
    expect(rel[0]!.eventDate).toBe(rel[1]!.eventDate);
    expect(rel[0]!.eventDate > at(5)).toBe(true);
    const contact = queryEvents(store, view('contact'), {
      filter: { eventTypes: ['ContactUpdated'] },
    }).models;
    expect(contact[0]!.eventDate > rel[0]!.eventDate).toBe(true);
  });

  it('records list and relationship events only while the audit feature is on (§6 rule 1)', async () => {
    const store = await storeWith([]);
    const events: NewEvent[] = [
      { view: 'list', eventType: 'ListCreated', entityId: 'l' },
      { view: 'relationship', eventType: 'RelationshipCreated', entityId: 'r' },
      { view: 'contact', eventType: 'ContactCreated', entityId: 'c' },
    ];
    await store.transact((tx) => recordEvents(tx, { tenant: tenant(false), now: () => new Date() }, events));
    expect(store.count(EVENTS)).toBe(1);
    await store.transact((tx) => recordEvents(tx, { tenant: tenant(true), now: () => new Date() }, events));
    expect(store.count(EVENTS)).toBe(4);
  });
});

describe('filters, sort and paging (A-41)', () => {
  const history = [1, 2, 3, 4, 5].map((m) => ({
    view: 'objective' as const,
    eventType: m % 2 ? 'ObjectiveUpdated' : 'ObjectiveCreated',
    entityId: `o${m}`,
    eventDate: at(m),
  }));

  it('lets a poller that passes its last eventDate as `after` see each event once', async () => {
    const store = await storeWith(history);
    const first = queryEvents(store, view('objective'), { limit: 2 });
    expect(first.models.map((e) => e.entityId)).toEqual(['o1', 'o2']);
    const next = queryEvents(store, view('objective'), {
      filter: { eventDate: { after: first.models[1]!.eventDate } },
    });
    expect(next.models.map((e) => e.entityId)).toEqual(['o3', 'o4', 'o5']);
  });

  it('filters by inclusive from/to, type and id, and sorts by type then date', async () => {
    const store = await storeWith(history);
    const range = queryEvents(store, view('objective'), {
      filter: { eventDate: { from: at(2), to: at(4) } },
    });
    expect(range.models.map((e) => e.entityId)).toEqual(['o2', 'o3', 'o4']);
    const byId = queryEvents(store, view('objective'), { filter: { objectiveIds: ['o5', 'o1'] } });
    expect(byId.models.map((e) => e.entityId)).toEqual(['o1', 'o5']);
    const sorted = queryEvents(store, view('objective'), {
      sort: [
        { field: 'eventType', direction: 'Ascending' },
        { field: 'eventDate', direction: 'Descending' },
      ],
    });
    expect(sorted.models.map((e) => e.entityId)).toEqual(['o4', 'o2', 'o5', 'o3', 'o1']);
    expect(() =>
      queryEvents(store, view('objective'), { filter: { eventDate: { from: at(4), to: at(2) } } }),
    ).toThrow(/from must not be later/);
  });
});
