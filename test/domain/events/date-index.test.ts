// The date-indexed event views against the scan they replaced (scan-oracle.ts): for random histories
// (ties within one write, deletions, archived lists, private relationships) and random filters, sorts
// and pages, both give the same page and the same total.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { queryEvents, type EventViewArgs } from '../../../src/domain/events/queries.js';
import { eventsSeeding } from '../../../src/domain/events/seeding.js';
import { VIEW_DEFINITIONS } from '../../../src/domain/events/views.js';
import { recordHistory, type EventView, type NewEvent } from '../../../src/domain/shared/change-events.js';
import { Store } from '../../../src/store/index.js';
import { scanEvents } from './scan-oracle.js';

const VIEWS: EventView[] = ['contact', 'list', 'relationship'];
const ENTITIES = ['a', 'b', 'c', 'd', 'e'];
const TYPES: Record<string, string[]> = {
  contact: ['ContactCreated', 'ContactUpdated', 'ContactDeleted'],
  list: ['ListCreated', 'ListUpdated', 'ListDeleted'],
  relationship: ['RelationshipCreated', 'RelationshipUpdated'],
};
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

/** One recorded write: a few events sharing a date. */
const write = fc.record({
  view: fc.constantFrom(...VIEWS),
  events: fc.array(fc.record({ entity: fc.constantFrom(...ENTITIES), type: fc.nat(2), priv: fc.boolean() }), {
    minLength: 1,
    maxLength: 3,
  }),
  gap: fc.nat(3),
});

/** Mostly absent (an absent bound or filter is the common poll), else `arb`. */
const rarely = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });

const argsOf = fc.record(
  {
    skip: fc.nat(4),
    limit: fc.integer({ min: 0, max: 8 }),
    sort: fc.array(
      fc.record({
        field: fc.constantFrom('eventDate' as const, 'eventType' as const),
        direction: fc.constantFrom('Ascending' as const, 'Descending' as const, null),
      }),
      { maxLength: 2 },
    ),
    types: rarely(fc.subarray([...new Set(Object.values(TYPES).flat())])),
    ids: rarely(fc.subarray(ENTITIES)),
    from: rarely(fc.nat(40)),
    after: rarely(fc.nat(40)),
    to: rarely(fc.nat(40)),
  },
  { requiredKeys: ['skip', 'limit'] },
);

type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

async function storeOf(writes: readonly Write[], archived: string[]): Promise<Store> {
  const store = await Store.open();
  for (const index of eventsSeeding.indexes ?? [])
    store.defineIndex(index.name, index.collection, index.key, index.sortBy);
  let minute = 0;
  const history: Array<NewEvent & { eventDate: string }> = [];
  for (const w of writes) {
    minute += w.gap;
    for (const e of w.events) {
      const types = TYPES[w.view]!;
      history.push({
        view: w.view,
        eventType: types[e.type % types.length]!,
        entityId: e.entity,
        eventDate: at(minute),
        ...(w.view === 'relationship' ? { data: { isPrivate: e.priv, baseContactId: e.entity } } : {}),
      });
    }
  }
  await store.transact((tx) => {
    for (const id of archived) tx.put('lists', { id, archived: true });
    // Half the history in one write, half in another: the index is kept up to date across writes.
    recordHistory(tx, history.slice(0, history.length >> 1));
  });
  await store.transact((tx) => recordHistory(tx, history.slice(history.length >> 1)));
  return store;
}

describe('event views through the date index', () => {
  it('answer exactly what a scan and sort of every event answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 0, maxLength: 25 }),
        fc.subarray(ENTITIES),
        fc.array(argsOf, { minLength: 1, maxLength: 10 }),
        async (writes, archived, queries) => {
          const store = await storeOf(writes, archived);
          for (const q of queries) {
            for (const def of VIEW_DEFINITIONS.filter((d) => VIEWS.includes(d.view))) {
              const args: EventViewArgs = {
                skip: q.skip,
                limit: q.limit,
                sort: q.sort,
                filter: {
                  ...(q.types ? { eventTypes: q.types } : {}),
                  ...(q.ids ? { [def.idsFilter]: q.ids } : {}),
                  eventDate: {
                    from: q.from === undefined ? null : at(q.from),
                    after: q.after === undefined ? null : at(q.after),
                    to: q.to === undefined ? null : at(q.to),
                  },
                },
              };
              if (q.from !== undefined && q.to !== undefined && q.from > q.to) continue;
              const indexed = queryEvents(store, def, args);
              const scanned = scanEvents(store, def, args);
              expect({ total: indexed.totalModels, ids: indexed.models.map((e) => e.id) }).toEqual({
                total: scanned.totalModels,
                ids: scanned.models.map((e) => e.id),
              });
            }
          }
          await store.close();
        },
      ),
      { numRuns: 200, seed: 41 },
    );
  });

  it('finds a poll since a date by binary search: an empty answer reads no event of the range', async () => {
    const writes = Array.from({ length: 200 }, (_, i) => ({
      view: 'contact' as const,
      events: [{ entity: ENTITIES[i % 5]!, type: 1, priv: false }],
      gap: 1,
    }));
    const store = await storeOf(writes, []);
    // Every event the query is handed, by any read of the store, is counted.
    let reads = 0;
    const counting = Object.create(store) as Store;
    counting.lookup = ((name: string, key: string) => {
      const found = store.lookup(name, key);
      reads += found.length;
      return found;
    }) as Store['lookup'];
    counting.all = function* (collection: string) {
      for (const e of store.all(collection)) {
        reads += 1;
        yield e;
      }
    } as Store['all'];
    counting.sorted = ((name: string, key: string) => {
      const inner = store.sorted(name, key);
      return {
        get length() {
          return inner.length;
        },
        at: (i: number) => {
          reads += 1;
          return inner.at(i);
        },
        valueAt: (i: number) => {
          reads += 1;
          return inner.valueAt(i);
        },
        bound: (value: string, after?: boolean) => inner.bound(value, after),
      };
    }) as Store['sorted'];
    const def = VIEW_DEFINITIONS.find((d) => d.view === 'contact')!;
    const since = queryEvents(counting, def, { filter: { eventDate: { after: at(200) } } });
    expect(since.totalModels).toBe(0);
    expect(reads).toBe(0);
    const last = queryEvents(counting, def, { filter: { eventDate: { after: at(195) } } });
    expect(last.models.map((e) => e.eventDate)).toEqual([196, 197, 198, 199, 200].map(at));
    expect(reads).toBeLessThanOrEqual(10);
    await store.close();
  });
});
