import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';

const VERSIONS = ['1.4.0', '1.2.0'] as const;

interface LinkOut {
  __typename: 'ActivityPerson' | 'ActivityCompany' | 'ActivityUnknown';
  id: string;
  fullName?: string;
  primaryEmail?: string | null;
  company?: { id: string; name: string } | null;
  name?: string;
  displayName?: string;
}

interface ViewOut {
  id: string;
  subject: string;
  summary: string | null;
  type: string;
  typeId: string;
  date: string;
  linkedActivityContacts: LinkOut[];
  originator: { id: string; fullName: string } | null;
}

const LINKS = `linkedActivityContacts { __typename id
  ... on ActivityPerson { fullName primaryEmail company { id name } }
  ... on ActivityCompany { name }
  ... on ActivityUnknown { displayName } }`;

const VIEW_FIELDS = `id subject summary type typeId date ${LINKS} originator { id fullName }`;

const ACTIVITIES = `query ($skip: Int, $limit: Int, $sort: [ActivitySortInput], $filter: ActivityFilterInput) {
  activities(skip: $skip, limit: $limit, sort: $sort, filter: $filter) { totalModels models { ${VIEW_FIELDS} } } }`;

type Out = { activities: { totalModels: number; models: ViewOut[] } };

let server: TestServer;
/** Every seeded activity, in the default order. */
let all: ViewOut[];

beforeAll(async () => {
  server = await startTestServer();
  all = dataOf(await server.gql<Out>(ACTIVITIES, { limit: 1000 })).activities.models;
});

afterAll(async () => {
  await server.close();
});

async function activities(variables: Record<string, unknown>, version: (typeof VERSIONS)[number] = '1.4.0') {
  return dataOf(await server.gql<Out>(ACTIVITIES, variables, { version })).activities;
}

const ids = (list: readonly { id: string }[]) => list.map((a) => a.id);
const byDateThenId = (a: ViewOut, b: ViewOut) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

function expectBadInput(response: {
  data?: unknown;
  errors?: Array<{ extensions?: Record<string, unknown> }>;
}) {
  expect(response.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
}

describe('seeded activities', () => {
  it('link one to three contacts each, people and companies, with realistic fields', () => {
    expect(all.length).toBeGreaterThanOrEqual(50);
    const kinds = new Set<string>();
    for (const a of all) {
      const known = a.linkedActivityContacts.filter((l) => l.__typename !== 'ActivityUnknown');
      expect(known.length).toBeGreaterThanOrEqual(1);
      expect(a.linkedActivityContacts.length).toBeLessThanOrEqual(3);
      for (const l of a.linkedActivityContacts) kinds.add(l.__typename);
      expect(a.subject.length).toBeGreaterThan(3);
      expect(a.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(a.type).toEqual(expect.any(String));
    }
    expect([...kinds].sort()).toEqual(['ActivityCompany', 'ActivityPerson', 'ActivityUnknown']);
    const person = all
      .flatMap((a) => a.linkedActivityContacts)
      .find((l) => l.__typename === 'ActivityPerson');
    expect(person?.fullName).toMatch(/\w+ \w+/);
    expect(person?.primaryEmail ?? '').toMatch(/@/);
    // Spread over the two years before the fixtures' reference date (2026-06-01).
    const dates = all.map((a) => a.date).sort();
    expect(dates[0]! >= '2024-05-31').toBe(true);
    expect(dates.at(-1)! <= '2026-06-01').toBe(true);
    expect(new Set(all.map((a) => a.type)).size).toBeGreaterThanOrEqual(6);
    expect(all.filter((a) => a.originator !== null).length).toBe(all.length);
  });
});

describe('activities', () => {
  it.each(VERSIONS)('pages with the defaults skip 0 and limit 100, oldest first (%s)', async (version) => {
    const first = await activities({}, version);
    expect(first.totalModels).toBe(all.length);
    expect(first.models).toHaveLength(Math.min(100, all.length));
    expect(ids(first.models)).toEqual(ids(all).slice(0, 100));
    expect([...first.models].sort(byDateThenId).map((a) => a.date)).toEqual(first.models.map((a) => a.date));
    const second = await activities({ skip: 10, limit: 5 }, version);
    expect(second.totalModels).toBe(all.length);
    expect(ids(second.models)).toEqual(ids(all).slice(10, 15));
  });

  it.each(VERSIONS)('sorts by Date in either direction (%s)', async (version) => {
    const asc = await activities({ sort: [{ field: 'Date' }], limit: 1000 }, version);
    expect(ids(asc.models)).toEqual(ids(all));
    const desc = await activities(
      { sort: [{ field: 'Date', direction: 'Descending' }], limit: 1000 },
      version,
    );
    const dates = desc.models.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(desc.models[0]?.date).toBe(all.at(-1)?.date);
  });

  it.each(VERSIONS)('filters by every field of ActivityFilterInput (%s)', async (version) => {
    const sample = all[Math.floor(all.length / 2)]!;
    const contact = sample.linkedActivityContacts[0]!;
    const word = sample.subject.split(' ').find((w) => w.length > 4) ?? sample.subject;
    const from = all[10]!.date;
    const to = all[30]!.date;
    const cases: Array<[Record<string, unknown>, (a: ViewOut) => boolean]> = [
      [{ subject: word.toUpperCase() }, (a) => a.subject.toLowerCase().includes(word.toLowerCase())],
      [{ type: sample.type.toLowerCase() }, (a) => a.type === sample.type],
      [{ typeId: [sample.typeId, 'no-such-type'] }, (a) => a.typeId === sample.typeId],
      [{ contactIds: [contact.id] }, (a) => a.linkedActivityContacts.some((l) => l.id === contact.id)],
      [{ date: { from, to } }, (a) => a.date >= from && a.date <= to],
      [{ date: { from } }, (a) => a.date >= from],
      [{ originatorIds: [sample.originator!.id] }, (a) => a.originator?.id === sample.originator!.id],
      [
        { type: sample.type, date: { to: sample.date } },
        (a) => a.type === sample.type && a.date <= sample.date,
      ],
    ];
    for (const [filter, matches] of cases) {
      const result = await activities({ filter, limit: 1000 }, version);
      const expected = all.filter(matches);
      expect(expected.length).toBeGreaterThan(0);
      expect({ filter, ids: ids(result.models) }).toEqual({ filter, ids: ids(expected) });
      expect(result.totalModels).toBe(expected.length);
    }
    const none = await activities({ filter: { subject: 'zzz-no-such-subject' } }, version);
    expect(none).toEqual({ totalModels: 0, models: [] });
  });

  it.each(VERSIONS)('rejects a date range that ends before it starts (%s)', async (version) => {
    expectBadInput(
      await server.gql(
        ACTIVITIES,
        { filter: { date: { from: '2026-01-02', to: '2026-01-01' } } },
        { version },
      ),
    );
  });

  it.each(VERSIONS)('rejects a sort without field and a malformed date (%s)', async (version) => {
    expectBadInput(await server.gql(ACTIVITIES, { sort: [{ direction: 'Descending' }] }, { version }));
    const badDate = await server.gql(ACTIVITIES, { filter: { date: { from: '2026-13-01' } } }, { version });
    expect(badDate.errors?.length).toBeGreaterThan(0);
    expect(badDate.data).toBeUndefined();
  });
});

describe('activity', () => {
  const QUERY = `query ($id: ID!, $kind: ActivityContactType) { activity(id: $id) {
    id type typeId activityClass typeGroup activityStartDate lastEditedDate subject summary location regarding
    originator { id fullName } ${LINKS}
    only: linkedActivityContacts(contactType: $kind) { __typename id } } }`;

  interface ActivityOut {
    id: string;
    type: string;
    typeId: string;
    activityClass: string;
    typeGroup: string;
    activityStartDate: string;
    lastEditedDate: string;
    subject: string;
    regarding: string;
    originator: { id: string };
    linkedActivityContacts: LinkOut[];
    only: LinkOut[];
  }

  it.each(VERSIONS)(
    'returns every field of one activity and filters its links by kind (%s)',
    async (version) => {
      const sample = all.find((a) => new Set(a.linkedActivityContacts.map((l) => l.__typename)).size > 1)!;
      expect(sample).toBeDefined();
      const { activity } = dataOf(
        await server.gql<{ activity: ActivityOut }>(QUERY, { id: sample.id, kind: 'Person' }, { version }),
      );
      expect(activity).toMatchObject({
        id: sample.id,
        type: sample.type,
        typeId: sample.typeId,
        subject: sample.subject,
        typeGroup: expect.any(String),
        regarding: expect.any(String),
        originator: { id: sample.originator!.id },
      });
      expect(['Activity', 'Appointment']).toContain(activity.activityClass);
      expect(activity.activityStartDate.slice(0, 10)).toBe(sample.date);
      expect(activity.activityStartDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(activity.lastEditedDate >= sample.date).toBe(true);
      expect(activity.linkedActivityContacts).toEqual(sample.linkedActivityContacts);
      expect(activity.only.map((l) => l.id)).toEqual(
        sample.linkedActivityContacts.filter((l) => l.__typename === 'ActivityPerson').map((l) => l.id),
      );
      expect(activity.only.every((l) => l.__typename === 'ActivityPerson')).toBe(true);
    },
  );

  it('shows appointments synchronised from a calendar with their class', async () => {
    const appointment = all.find((a) => a.type === 'Calendar Sync Event' || a.type === 'Appointment')!;
    const { activity } = dataOf(await server.gql<{ activity: ActivityOut }>(QUERY, { id: appointment.id }));
    expect(activity.activityClass).toBe('Appointment');
    expect(activity.typeGroup).toBe('Calendar');
  });

  it('shows a link to a contact that no longer exists as ActivityUnknown with its name', async () => {
    const withUnknown = all.find((a) =>
      a.linkedActivityContacts.some((l) => l.__typename === 'ActivityUnknown'),
    )!;
    const { activity } = dataOf(
      await server.gql<{ activity: ActivityOut }>(QUERY, { id: withUnknown.id, kind: 'Unknown' }),
    );
    expect(activity.only).toHaveLength(1);
    const unknown = withUnknown.linkedActivityContacts.find((l) => l.__typename === 'ActivityUnknown');
    expect(unknown?.displayName).toMatch(/\w+ \w+/);
    const person = await server.gql<{ contact: null }>('query ($id: ID!) { contact(id: $id) { id } }', {
      id: unknown?.id,
    });
    expect(dataOf(person).contact).toBeNull();
  });

  it.each(VERSIONS)('returns null for an unknown id and requires an id (%s)', async (version) => {
    expect(
      dataOf(await server.gql<{ activity: null }>(QUERY, { id: 'no-such-activity' }, { version })).activity,
    ).toBeNull();
    const missing = await server.gql('{ activity { id } }', {}, { version });
    expect(missing.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('activities of a contact', () => {
  const PERSON = `query ($id: ID!, $skip: Int, $limit: Int) { person(id: $id) {
    activities(skip: $skip, limit: $limit) { totalModels models { id activityStartDate } } } }`;
  const COMPANY = `query ($id: ID!) { company(id: $id) { activities { totalModels models { id activityStartDate } } } }`;
  type Page = { totalModels: number; models: Array<{ id: string; activityStartDate: string }> };

  function busiest(kind: LinkOut['__typename']): string {
    const counts = new Map<string, number>();
    for (const a of all)
      for (const l of a.linkedActivityContacts)
        if (l.__typename === kind) counts.set(l.id, (counts.get(l.id) ?? 0) + 1);
    return [...counts.entries()].sort((x, y) => y[1] - x[1])[0]![0];
  }

  it.each(VERSIONS)(
    'Person.activities and Company.activities list the linked activities, newest first (%s)',
    async (version) => {
      for (const [query, id, field] of [
        [PERSON, busiest('ActivityPerson'), 'person'],
        [COMPANY, busiest('ActivityCompany'), 'company'],
      ] as const) {
        const data = dataOf(
          await server.gql<Record<string, { activities: Page }>>(query, { id }, { version }),
        );
        const page = data[field]!.activities;
        const expected = all.filter((a) => a.linkedActivityContacts.some((l) => l.id === id));
        expect(page.totalModels).toBe(expected.length);
        expect(page.models.map((a) => a.id).sort()).toEqual(ids(expected).sort());
        const starts = page.models.map((a) => a.activityStartDate);
        expect(starts).toEqual([...starts].sort().reverse());
      }
    },
  );

  it("pages a contact's activities and rejects a negative skip", async () => {
    const id = busiest('ActivityPerson');
    const full = dataOf(await server.gql<{ person: { activities: Page } }>(PERSON, { id })).person.activities;
    const page = dataOf(await server.gql<{ person: { activities: Page } }>(PERSON, { id, skip: 1, limit: 1 }))
      .person.activities;
    expect(page.totalModels).toBe(full.totalModels);
    expect(page.models).toEqual(full.models.slice(1, 2));
    expectBadInput(await server.gql(PERSON, { id, skip: -1 }));
  });
});
