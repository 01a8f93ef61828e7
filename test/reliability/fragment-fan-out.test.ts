// Issue 29 item 1, fragment fan-out: a small document whose fragments each spread the next one twice
// names 2^n fields once expanded. Checking its cost must take time linear in its size, so it is refused
// at once, however many levels, and a cheap request sent meanwhile is answered.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { fanOut, raceCanary } from './canary.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('fragment fan-out (issue 29 item 1)', () => {
  const url = () => `${server.url}/us/1.4.0/public-api/graphql`;

  it('refuses a fan-out of 22 levels by its complexity, and answers a canary sent meanwhile', async () => {
    const race = await raceCanary(url(), fanOut(22));
    expect(race.canary.body).toEqual({ data: { __typename: 'Query' } });
    expect(race.hostile.body.data).toBeUndefined();
    expect(race.hostile.body.errors?.map((e) => [e.extensions?.['code'], e.extensions?.['limit']])).toEqual([
      ['LIMIT_EXCEEDED', 'complexity'],
    ]);
  });

  // Counting by expansion (the code before) never answered this one: it hung the server.
  it('refuses 40 levels (a trillion fields expanded) the same way: the check never expands them', async () => {
    const res = await server.gql(fanOut(40));
    expect(res.errors?.map((e) => [e.extensions?.['code'], e.extensions?.['limit']])).toEqual([
      ['LIMIT_EXCEEDED', 'complexity'],
    ]);
  });

  it('still answers a fan-out small enough to be within the limits', async () => {
    const res = await server.gql<{ regionalSettings: { locale: { code: string } } }>(fanOut(4));
    expect(res.errors).toBeUndefined();
    expect(res.data?.regionalSettings.locale.code).toBe('en-US');
  });
});
