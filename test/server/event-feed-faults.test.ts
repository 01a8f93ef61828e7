// Event-feed faults through PUT /__admin/faults (issue 21 item 4): lag hides an event until the tenant's
// clock passes it, duplicates and reordering appear only when set, and only for the tenant and view named.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.admin('DELETE', '/faults');
  await server.admin('DELETE', '/tenants/dev-firm/clock');
  await server.admin('POST', '/tenants/dev-firm/reset', { regions: ['us'] });
});

interface Event {
  eventType: string;
  eventDate: string;
  contactId: string;
}

async function addPeople(n: number, token = 'dev-token'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await server.gql<{ addPerson: { item: { id: string } } }>(
      'mutation($n: String!) { addPerson(input: { firstName: "Feed", lastName: $n }) { item { id } } }',
      { n: `Person ${i}` },
      { token },
    );
    ids.push(dataOf(res).addPerson.item.id);
  }
  return ids;
}

/** One page of the contact events of some contacts. */
async function page(
  contactIds: string[],
  skip = 0,
  limit = 100,
  token = 'dev-token',
): Promise<{ totalModels: number; models: Event[] }> {
  const res = await server.gql<{ firmContactEventViews: { totalModels: number; models: Event[] } }>(
    `query($f: FirmContactEventViewFilterInput, $skip: Int, $limit: Int) {
      firmContactEventViews(filter: $f, skip: $skip, limit: $limit) { totalModels models { eventType eventDate contactId } } }`,
    { f: { contactIds }, skip, limit },
    { token },
  );
  return dataOf(res).firmContactEventViews;
}

/** Every page of the contact events of some contacts, as a poller reads them; each page's contact ids. */
async function allPages(contactIds: string[], limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  for (let skip = 0; ; skip += limit) {
    const p = await page(contactIds, skip, limit);
    if (p.models.length === 0) return pages;
    pages.push(p.models.map((e) => e.contactId));
  }
}

async function setFaults(body: unknown): Promise<void> {
  const res = await server.admin('PUT', '/faults', body);
  expect(res.status).toBe(200);
}

describe('lagSeconds', () => {
  it('hides an event until the tenant clock is lagSeconds past its date', async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: '2099-01-01T00:00:00Z' });
    await setFaults({ eventFeed: [{ tenant: 'dev-firm', view: 'firmContactEventViews', lagSeconds: 30 }] });
    const [id] = await addPeople(1);
    expect((await page([id!])).totalModels).toBe(0);
    await server.admin('PUT', '/tenants/dev-firm/clock', { advanceSeconds: 29 });
    expect((await page([id!])).totalModels).toBe(0);
    await server.admin('PUT', '/tenants/dev-firm/clock', { advanceSeconds: 1 });
    const visible = await page([id!]);
    expect(visible.models).toEqual([
      { eventType: 'ContactCreated', eventDate: '2099-01-01T00:00:00.000Z', contactId: id },
    ]);
  });

  it('lags only the tenant and the view it names', async () => {
    await setFaults({ eventFeed: [{ tenant: 'dev-firm', view: 'listEventViews', lagSeconds: 3600 }] });
    const [id] = await addPeople(1);
    expect((await page([id!])).totalModels).toBe(1);
    await setFaults({ eventFeed: [{ tenant: 'limited-firm', lagSeconds: 3600 }] });
    expect((await page([id!])).totalModels).toBe(1);
    await setFaults({ eventFeed: [{ lagSeconds: 3600 }] });
    expect((await page([id!])).totalModels).toBe(0);
  });
});

describe('duplicateRate and reorderWithinPage', () => {
  let ids: string[];
  beforeEach(async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: '2099-02-01T00:00:00Z' });
    ids = await addPeople(12);
  });

  it('are off by default: every event once, in date order', async () => {
    const pages = await allPages(ids, 5);
    expect(pages.flat()).toEqual(ids);
    expect((await page(ids)).totalModels).toBe(12);
  });

  it('repeat the seeded share of events on a later page, the same ones on every read', async () => {
    await setFaults({ seed: 4, eventFeed: [{ view: 'firmContactEventViews', duplicateRate: 0.5 }] });
    const pages = await allPages(ids, 5);
    const seen = pages.flat();
    const repeated = ids.filter((id) => seen.filter((s) => s === id).length === 2);
    expect(repeated.length).toBeGreaterThanOrEqual(2);
    expect(repeated.length).toBeLessThanOrEqual(10);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen).toHaveLength(12 + repeated.length);
    expect((await page(ids)).totalModels).toBe(12 + repeated.length);
    for (const id of repeated) {
      const at = seen.flatMap((s, i) => (s === id ? [i] : []));
      expect(at[1]).toBeGreaterThan(at[0]!);
      // A repeat comes a page size after its first delivery, so on a later page, unless the feed ends first.
      if (ids.indexOf(id) < 12 - 5) expect(Math.floor(at[1]! / 5)).toBeGreaterThan(Math.floor(at[0]! / 5));
    }
    expect(await allPages(ids, 5)).toEqual(pages);
  });

  it('repeat every event with rate 1, and none once turned off', async () => {
    await setFaults({ eventFeed: [{ duplicateRate: 1 }] });
    expect((await allPages(ids, 100)).flat()).toEqual([...ids, ...ids]);
    await server.admin('DELETE', '/faults');
    expect((await allPages(ids, 100)).flat()).toEqual(ids);
  });

  it('shuffle the events within each page, keeping which page they are on', async () => {
    const ordered = await allPages(ids, 4);
    await setFaults({ seed: 9, eventFeed: [{ tenant: 'dev-firm', reorderWithinPage: true }] });
    const shuffled = await allPages(ids, 4);
    expect(shuffled).toHaveLength(3);
    shuffled.forEach((p, i) => {
      expect(p).not.toEqual(ordered[i]);
      expect([...p].sort()).toEqual([...ordered[i]!].sort());
    });
    expect(await allPages(ids, 4)).toEqual(shuffled);
  });
});

describe('the eventFeed part of PUT /__admin/faults', () => {
  it('is shown by GET and cleared by DELETE', async () => {
    const rule = {
      tenant: 'dev-firm',
      view: 'firmContactEventViews',
      lagSeconds: 30,
      duplicateRate: 0.2,
      reorderWithinPage: true,
    };
    await setFaults({ eventFeed: [rule] });
    expect((await server.admin('GET', '/faults')).body).toEqual({ rules: [], eventFeed: [rule] });
    expect((await server.admin('DELETE', '/faults')).body).toEqual({ rules: [] });
    expect((await server.admin('GET', '/faults')).body).toEqual({ rules: [] });
  });

  it.each([
    [{ eventFeed: [{ view: 'contactEvents' }] }, '/eventFeed/0/view must be one of firmContactEventViews'],
    [{ eventFeed: [{ lagSeconds: -1 }] }, '/eventFeed/0/lagSeconds must be >= 0'],
    [{ eventFeed: [{ duplicateRate: 2 }] }, '/eventFeed/0/duplicateRate must be <= 1'],
    [{ eventFeed: [{ reorder: true }] }, 'must NOT have additional properties'],
  ])('refuses %j with 400 and one message', async (body, message) => {
    const res = await server.admin('PUT', '/faults', body);
    expect(res.status).toBe(400);
    const errors = (res.body as { errors: Array<{ message: string }> }).errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain(message);
  });
});

describe('eventFeed given at start-up (serve.faults of the config file)', () => {
  it('is active from the first request', async () => {
    const started = await startTestServer({ faults: { eventFeed: [{ lagSeconds: 3600 }] } });
    try {
      const res = await started.gql<{ addPerson: { item: { id: string } } }>(
        'mutation { addPerson(input: { firstName: "Early", lastName: "Bird" }) { item { id } } }',
      );
      const id = dataOf(res).addPerson.item.id;
      const events = await started.gql<{ firmContactEventViews: { totalModels: number } }>(
        'query($ids: [ID!]) { firmContactEventViews(filter: { contactIds: $ids }) { totalModels } }',
        { ids: [id] },
      );
      expect(dataOf(events).firmContactEventViews.totalModels).toBe(0);
      expect((await started.admin('GET', '/faults')).body).toEqual({
        rules: [],
        eventFeed: [{ lagSeconds: 3600 }],
      });
    } finally {
      await started.close();
    }
  });
});
