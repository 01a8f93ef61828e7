// Event retention: past the count or the age, the oldest events leave the store in the write
// that records new ones, durably (a reopened store does not have them), and a poll older than the
// retention gets the events that remain; ids of retired events are never given again.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulator, type InMemorySimulator } from '../../../src/api/index.js';
import { EVENTS, type EventRecord } from '../../../src/domain/shared/change-events.js';
import { FileBackend, Store } from '../../../src/store/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retention-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The events of the dev tenant's US store as its files hold them (after the simulator closed it). */
async function storedEvents(): Promise<EventRecord[]> {
  const store = await Store.open(new FileBackend(dir, 'dev-firm-us'));
  const events = [...store.all<EventRecord>(EVENTS)];
  await store.close();
  return events;
}

async function addPerson(sim: InMemorySimulator, lastName: string): Promise<void> {
  const result = await sim.execute(
    `mutation { addPerson(input: { firstName: "Ret", lastName: "${lastName}" }) { item { id } } }`,
  );
  expect(result.errors).toBeUndefined();
}

const POLL = `query($after: DateTime) {
  firmContactEventViews(limit: 1000, filter: { eventDate: { after: $after } }) {
    totalModels models { eventType eventDate contactId } } }`;

/** The tenant clock of the age tests: 30 days after the seeded history ends (2026-06-01), so 90 days reach into it. */
const now = () => new Date('2026-07-01T12:00:00.000Z');
const CUTOFF = '2026-04-02T12:00:00.000Z';

/** How many contact events the seeded history holds with no retention. */
async function fullHistory(): Promise<number> {
  const sim = createSimulator({ profile: 'small', now });
  const result = await sim.execute(POLL, { variables: { after: '2020-01-01T00:00:00Z' } });
  await sim.stop();
  return (result.data as { firmContactEventViews: { totalModels: number } }).firmContactEventViews
    .totalModels;
}

describe('event retention', () => {
  it('keeps at most `count` events: the oldest go with the write that records new ones', async () => {
    const seeded = await (async () => {
      const sim = createSimulator({ dataDir: dir, profile: 'small' });
      await addPerson(sim, 'Seeding');
      await sim.stop();
      return (await storedEvents()).length;
    })();
    const count = seeded - 10;
    const sim = createSimulator({ dataDir: dir, profile: 'small', eventRetention: { count } });
    await addPerson(sim, 'First');
    await addPerson(sim, 'Second');
    await sim.stop();
    const events = await storedEvents();
    expect(events).toHaveLength(count);
    // The newest are kept, in date order, and the ids go on counting from every event ever recorded.
    const dates = events.map((e) => e.eventDate);
    expect([...dates].sort()).toEqual(dates);
    const numbers = events.map((e) => Number(e.id.slice(4)));
    expect(numbers.at(-1)).toBe(seeded + 2);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('drops events older than `days` on the tenant clock; a poll older than that gets what remains', async () => {
    // The seeded history ends at the fixtures' reference date (2026-06-01); the clock is 30 days later.
    const seededTotal = await fullHistory();
    const sim = createSimulator({ dataDir: dir, profile: 'small', now, eventRetention: { days: 90 } });
    await addPerson(sim, 'Aged');
    const after = await sim.execute(POLL, { variables: { after: '2020-01-01T00:00:00Z' } });
    const page = (
      after.data as { firmContactEventViews: { totalModels: number; models: Array<{ eventDate: string }> } }
    ).firmContactEventViews;
    expect(after.errors).toBeUndefined();
    expect(page.totalModels).toBeGreaterThan(0);
    expect(page.totalModels).toBeLessThan(seededTotal);
    expect(page.models.every((e) => e.eventDate >= CUTOFF)).toBe(true);
    await sim.stop();
    const events = await storedEvents();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.eventDate >= CUTOFF)).toBe(true);
  });

  it('answers no event past the age from a store nobody writes to (its files keep them until a write)', async () => {
    const seededTotal = await fullHistory();
    const sim = createSimulator({ dataDir: dir, profile: 'small', now, eventRetention: { days: 90 } });
    const result = await sim.execute(POLL, { variables: { after: '2020-01-01T00:00:00Z' } });
    const page = (
      result.data as { firmContactEventViews: { totalModels: number; models: Array<{ eventDate: string }> } }
    ).firmContactEventViews;
    expect(result.errors).toBeUndefined();
    expect(page.totalModels).toBeGreaterThan(0);
    expect(page.totalModels).toBeLessThan(seededTotal);
    expect(page.models).toHaveLength(page.totalModels);
    expect(page.models.every((e) => e.eventDate >= CUTOFF)).toBe(true);
    await sim.stop();
  });

  it('refuses a bound that is not positive', () => {
    expect(() => createSimulator({ eventRetention: { count: 0 } })).toThrow(
      /count must be a positive integer/,
    );
    expect(() => createSimulator({ eventRetention: { days: -1 } })).toThrow(/days must be a positive number/);
  });
});
