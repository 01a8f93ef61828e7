import { describe, expect, it } from '@jest/globals';
import { byDate } from '../../../src/domain/events/seed.js';

type Event = Parameters<typeof byDate>[0][number];

const event = (entityId: string, eventDate: string): Event => ({
  view: 'contact',
  eventType: 'ContactCreated',
  entityId,
  eventDate,
});

/** The order the seeder always used: a stable sort by `eventDate` as text. */
const textOrder = (events: Event[]) =>
  [...events].sort((a, b) => (a.eventDate < b.eventDate ? -1 : a.eventDate > b.eventDate ? 1 : 0));

describe('byDate (the seeded history in date order)', () => {
  it('orders by instant and keeps ties in the order generated', () => {
    const events = [
      event('a', '2025-03-01T10:00:00.000Z'),
      event('b', '2024-12-31T23:59:59.999Z'),
      event('c', '2025-03-01T10:00:00.000Z'),
      event('d', '2025-01-01T00:00:00.000Z'),
      event('e', '2024-12-31T23:59:59.999Z'),
    ];
    expect(byDate([...events]).map((e) => e.entityId)).toEqual(['b', 'e', 'd', 'a', 'c']);
  });

  it('gives the text order when dates are not in the canonical form', () => {
    // Equal instants written differently, a date without a time, one that rolls over (30 February)
    // and one that does not parse: the text order is what the seeded files have always had.
    const events = [
      event('a', '2025-03-01T00:00:00.000Z'),
      event('b', '2025-02-30T00:00:00.000Z'),
      event('c', '2025-03-01'),
      event('d', '2025-03-01T00:00:00Z'),
      event('e', '2025-01-15T08:00:00.000Z'),
    ];
    expect(byDate([...events])).toEqual(textOrder(events));
    const unparsable = [...events, event('f', 'not a date'), event('g', '1969-12-31T00:00:00.000Z')];
    expect(byDate([...unparsable])).toEqual(textOrder(unparsable));
  });

  it('matches the text order on many generated dates with ties', () => {
    const events: Event[] = [];
    let x = 7;
    for (let i = 0; i < 5000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const ms = Date.UTC(2020, 0, 1) + (x % 400) * 3_600_000;
      events.push(event(`e${i}`, new Date(ms).toISOString()));
    }
    expect(byDate([...events])).toEqual(textOrder(events));
  });
});
