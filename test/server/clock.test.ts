// The tenant clock of the admin API (issue 21 item 3): frozen, offset and advanced clocks change the
// created dates, date defaults and event dates of the tenant's writes, and the date filters of the event views.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../helpers/server.js';
import { addOpportunity, fixtures, readOpportunity } from '../domain/opportunities/helpers.js';

let server: TestServer;
let opportunityTypeId: string;
beforeAll(async () => {
  server = await startTestServer();
  opportunityTypeId = (await fixtures(server)).activeTypeId;
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.admin('DELETE', '/tenants/dev-firm/clock');
  // A fresh store each time: event dates never go backwards within a store, whatever the clock says.
  await server.admin('POST', '/tenants/dev-firm/reset', { regions: ['us', 'eu'] });
});

const FROZEN = '2099-03-01T08:00:00.000Z';

/** Adds a person; returns its id. */
async function addPerson(lastName: string, region: 'us' | 'eu' = 'us'): Promise<string> {
  const res = await server.gql<{ addPerson: { item: { id: string } } }>(
    'mutation($n: String!) { addPerson(input: { firstName: "Clock", lastName: $n }) { item { id } } }',
    { n: lastName },
    { region },
  );
  return dataOf(res).addPerson.item.id;
}

/** The contact events of some contacts, filtered by date as a poller would. */
async function contactEvents(
  contactIds: string[],
  eventDate: Record<string, string> = {},
  region: 'us' | 'eu' = 'us',
): Promise<Array<{ eventType: string; eventDate: string; contactId: string }>> {
  const res = await server.gql<{
    firmContactEventViews: { models: Array<{ eventType: string; eventDate: string; contactId: string }> };
  }>(
    `query($f: FirmContactEventViewFilterInput) {
      firmContactEventViews(filter: $f, limit: 1000) { models { eventType eventDate contactId } } }`,
    { f: { contactIds, eventDate } },
    { region },
  );
  return dataOf(res).firmContactEventViews.models;
}

describe('PUT/GET/DELETE /__admin/tenants/{id}/clock', () => {
  it('runs on real time until changed, and shows mode, now and offset', async () => {
    const res = await server.admin('GET', '/tenants/dev-firm/clock');
    expect(res.status).toBe(200);
    const body = res.body as { tenant: string; mode: string; now: string; offsetSeconds: number };
    expect(body).toMatchObject({ tenant: 'dev-firm', mode: 'real', offsetSeconds: 0 });
    expect(Math.abs(Date.parse(body.now) - Date.now())).toBeLessThan(5_000);
  });

  it('freezes at a date, advances a frozen clock, and returns to real time', async () => {
    const frozen = await server.admin('PUT', '/tenants/dev-firm/clock', { now: '2099-03-01T08:00:00Z' });
    expect(frozen).toEqual({
      status: 200,
      body: { tenant: 'dev-firm', mode: 'frozen', now: FROZEN, offsetSeconds: null },
    });
    const advanced = await server.admin('PUT', '/tenants/dev-firm/clock', { advanceSeconds: 90 });
    expect(advanced.body).toMatchObject({ mode: 'frozen', now: '2099-03-01T08:01:30.000Z' });
    const back = await server.admin('DELETE', '/tenants/dev-firm/clock');
    expect(back.body).toMatchObject({ mode: 'real', offsetSeconds: 0 });
  });

  it('shifts real time by an offset, and advancing adds to it', async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { offsetSeconds: 86_400 });
    const res = await server.admin('PUT', '/tenants/dev-firm/clock', { advanceSeconds: 3_600 });
    const body = res.body as { mode: string; now: string; offsetSeconds: number };
    expect(body.mode).toBe('offset');
    expect(body.offsetSeconds).toBe(90_000);
    expect(Math.abs(Date.parse(body.now) - (Date.now() + 90_000_000))).toBeLessThan(5_000);
  });

  it.each([
    [{}, 'give exactly one of now, offsetSeconds, advanceSeconds'],
    [{ now: FROZEN, offsetSeconds: 1 }, 'give exactly one of now, offsetSeconds, advanceSeconds'],
    [{ tomorrow: true }, 'give exactly one of now, offsetSeconds, advanceSeconds'],
    [{ now: 'next tuesday' }, 'now must be an ISO 8601 UTC date-time on a real day'],
    [{ now: '2099-02-30T00:00:00Z' }, 'now must be an ISO 8601 UTC date-time on a real day'],
    [{ now: '2099-03-01T09:00:00+01:00' }, 'now must be an ISO 8601 UTC date-time on a real day'],
    [{ now: 5 }, 'now must be string'],
    [{ offsetSeconds: 1.5 }, 'offsetSeconds must be integer'],
    [{ advanceSeconds: -5 }, 'advanceSeconds must not be negative'],
    [[], 'give exactly one of now, offsetSeconds, advanceSeconds'],
  ])('refuses %j with 400 and one message, leaving the clock as it was', async (body, message) => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: FROZEN });
    const res = await server.admin('PUT', '/tenants/dev-firm/clock', body);
    expect(res.status).toBe(400);
    const errors = (res.body as { errors: Array<{ message: string; extensions: { code: string } }> }).errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain(message);
    expect(errors[0]?.extensions.code).toBe('BAD_REQUEST');
    expect((await server.admin('GET', '/tenants/dev-firm/clock')).body).toMatchObject({ now: FROZEN });
  });

  it('refuses a clock beyond the range of dates', async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: '9999-12-31T00:00:00Z' });
    const res = await server.admin('PUT', '/tenants/dev-firm/clock', { advanceSeconds: 86_400 * 2 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('1970 to 9999');
  });

  it.each(['GET', 'PUT', 'DELETE'])('%s answers 404 for an unknown tenant', async (method) => {
    const res = await server.admin(
      method,
      '/tenants/no-such-firm/clock',
      method === 'PUT' ? { now: FROZEN } : undefined,
    );
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).toContain('No tenant \\"no-such-firm\\"');
  });

  it('needs the admin token', async () => {
    const res = await fetch(`${server.url}/__admin/tenants/dev-firm/clock`, {
      headers: { authorization: 'Bearer dev-token' },
    });
    expect(res.status).toBe(403);
  });
});

describe('what the tenant clock changes', () => {
  it('dates the events of writes by a frozen clock, and advancing it dates the next write later', async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: FROZEN });
    const first = await addPerson('Frozen');
    expect(await contactEvents([first])).toEqual([
      { eventType: 'ContactCreated', eventDate: FROZEN, contactId: first },
    ]);
    await server.admin('PUT', '/tenants/dev-firm/clock', { advanceSeconds: 3_600 });
    const second = await addPerson('Advanced');
    expect((await contactEvents([second]))[0]?.eventDate).toBe('2099-03-01T09:00:00.000Z');
  });

  it('moves the date filters with the clock: from, after and to select writes by the clock they were made at', async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: '2099-05-01T00:00:00Z' });
    const may = await addPerson('May');
    await server.admin('PUT', '/tenants/dev-firm/clock', { advanceSeconds: 86_400 * 31 });
    const june = await addPerson('June');
    const ids = [may, june];
    const ofIds = (events: Array<{ contactId: string }>) => events.map((e) => e.contactId);
    expect(ofIds(await contactEvents(ids, { from: '2099-06-01T00:00:00Z' }))).toEqual([june]);
    expect(ofIds(await contactEvents(ids, { to: '2099-05-31T23:59:59Z' }))).toEqual([may]);
    expect(ofIds(await contactEvents(ids, { after: '2099-05-01T00:00:00Z' }))).toEqual([june]);
    expect(ofIds(await contactEvents(ids, { to: '2099-04-30T23:59:59Z' }))).toEqual([]);
  });

  it('gives created dates and date defaults from the clock (opportunity dateOpened)', async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: '2099-07-04T12:00:00Z' });
    const id = await addOpportunity(server, { title: 'Clocked', opportunityTypeId });
    expect((await readOpportunity(server, id))?.dateOpened).toBe('2099-07-04');
    await server.admin('PUT', '/tenants/dev-firm/clock', { offsetSeconds: -86_400 * 400 });
    const earlier = await addOpportunity(server, { title: 'Offset', opportunityTypeId });
    const expected = new Date(Date.now() - 86_400_000 * 400).toISOString().slice(0, 10);
    expect((await readOpportunity(server, earlier))?.dateOpened).toBe(expected);
  });

  it('is one clock for all regions of the tenant, and leaves other tenants on real time', async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: FROZEN });
    const eu = await addPerson('Europe', 'eu');
    expect((await contactEvents([eu], {}, 'eu'))[0]?.eventDate).toBe(FROZEN);
    expect((await server.admin('GET', '/tenants/limited-firm/clock')).body).toMatchObject({ mode: 'real' });
  });

  it('keeps event dates increasing with a frozen clock: each later write is dated 1 ms after the last', async () => {
    await server.admin('PUT', '/tenants/dev-firm/clock', { now: '2099-09-09T09:09:09Z' });
    const a = await addPerson('One');
    const b = await addPerson('Two');
    const [ea] = await contactEvents([a]);
    const [eb] = await contactEvents([b]);
    expect(ea?.eventDate).toBe('2099-09-09T09:09:09.000Z');
    expect(eb?.eventDate).toBe('2099-09-09T09:09:09.001Z');
    // Back on real time, a write still comes after the frozen-clock ones (dates never go backwards).
    await server.admin('DELETE', '/tenants/dev-firm/clock');
    const c = await addPerson('Three');
    expect((await contactEvents([c]))[0]?.eventDate).toBe('2099-09-09T09:09:09.002Z');
  });
});
