import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer, type GqlResponse } from '../../helpers/server.js';

const VERSIONS = ['1.4.0', '1.2.0'] as const;
type Version = (typeof VERSIONS)[number];

const ACTIVITY_FIELDS = `id type typeId activityClass typeGroup activityStartDate lastEditedDate subject summary
  location regarding originator { id }
  linkedActivityContacts { __typename id ... on ActivityPerson { fullName } ... on ActivityCompany { name } }`;

interface ActivityOut {
  id: string;
  type: string;
  typeId: string;
  activityClass: string;
  typeGroup: string;
  activityStartDate: string;
  lastEditedDate: string;
  subject: string;
  summary: string | null;
  location: string | null;
  regarding: string;
  originator: { id: string } | null;
  linkedActivityContacts: Array<{ __typename: string; id: string; fullName?: string; name?: string }>;
}

const ADD = `mutation ($input: AddActivityInput!) { addActivity(input: $input) { ${ACTIVITY_FIELDS} } }`;
const UPDATE = `mutation ($input: UpdateActivityInput!) { updateActivity(input: $input) {
  validationErrors { propertyName message } item { ${ACTIVITY_FIELDS} } } }`;
const REMOVE = `mutation ($id: ID!) { removeActivity(id: $id) { isSuccessful validationErrors { propertyName message } } }`;
const GET = `query ($id: ID!) { activity(id: $id) { ${ACTIVITY_FIELDS} } }`;
const COUNT = `query ($filter: ActivityFilterInput) { activities(filter: $filter, limit: 1000) {
  totalModels models { id subject date type } } }`;

interface Fixture {
  types: Record<string, string>;
  personId: string;
  personName: string;
  otherPersonId: string;
  companyId: string;
  companyName: string;
}

let server: TestServer;
let fx: Fixture;

beforeAll(async () => {
  server = await startTestServer();
  const types = dataOf(
    await server.gql<{ activityTypes: { models: Array<{ id: string; name: string }> } }>(
      '{ activityTypes(onlyUserCreatable: false) { models { id name } } }',
    ),
  ).activityTypes.models;
  const links = dataOf(
    await server.gql<{
      activities: { models: Array<{ linkedActivityContacts: ActivityOut['linkedActivityContacts'] }> };
    }>(
      `{ activities(limit: 1000) { models { linkedActivityContacts {
        __typename id ... on ActivityPerson { fullName } ... on ActivityCompany { name } } } } }`,
    ),
  ).activities.models.flatMap((a) => a.linkedActivityContacts);
  const people = links.filter((l) => l.__typename === 'ActivityPerson');
  const company = links.find((l) => l.__typename === 'ActivityCompany')!;
  fx = {
    types: Object.fromEntries(types.map((t) => [t.name, t.id])),
    personId: people[0]!.id,
    personName: people[0]!.fullName!,
    otherPersonId: people.find((p) => p.id !== people[0]!.id)!.id,
    companyId: company.id,
    companyName: company.name!,
  };
});

afterAll(async () => {
  await server.close();
});

async function count(filter: Record<string, unknown> = {}, version: Version = '1.4.0') {
  return dataOf(
    await server.gql<{ activities: { totalModels: number; models: Array<{ id: string; subject: string }> } }>(
      COUNT,
      { filter },
      { version },
    ),
  ).activities;
}

async function get(id: string, version: Version = '1.4.0') {
  return dataOf(await server.gql<{ activity: ActivityOut | null }>(GET, { id }, { version })).activity;
}

function ruleErrors(response: GqlResponse): Array<{ propertyName: string; message: string }> {
  expect(response.data?.['addActivity'] ?? null).toBeNull();
  const error = response.errors?.[0];
  expect(error?.extensions?.['code']).toBe('BAD_USER_INPUT');
  return error?.extensions?.['validationErrors'] as Array<{ propertyName: string; message: string }>;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('addActivity', () => {
  it.each(VERSIONS)(
    'adds an activity visible through every query that should show it (%s)',
    async (version) => {
      const before = await count({}, version);
      const subject = `Kick-off with ${fx.companyName} (${version})`;
      // Each revision's activity is the newest of all when it is added.
      const day = version === '1.4.0' ? '2026-07-01' : '2026-07-02';
      const response = await server.gql<{ addActivity: ActivityOut }>(
        ADD,
        {
          input: {
            typeId: fx.types['Meeting'],
            activityDate: `${day} 09:30:00`,
            subject: `  ${subject} `,
            summary: 'Agreed the scope of the engagement.',
            linkedEntityIds: [fx.personId, fx.companyId, fx.personId],
          },
        },
        { version },
      );
      const added = dataOf(response).addActivity;
      expect(added).toMatchObject({
        type: 'Meeting',
        typeId: fx.types['Meeting'],
        activityClass: 'Activity',
        typeGroup: 'Meetings',
        activityStartDate: `${day}T09:30:00.000Z`,
        lastEditedDate: today(),
        subject,
        summary: 'Agreed the scope of the engagement.',
        location: null,
        regarding: 'Contacts only',
      });
      expect(added.linkedActivityContacts).toEqual([
        { __typename: 'ActivityPerson', id: fx.personId, fullName: fx.personName },
        { __typename: 'ActivityCompany', id: fx.companyId, name: fx.companyName },
      ]);
      // The API user is the originator (spec §5).
      expect(added.originator?.id).toEqual(expect.any(String));

      expect(await get(added.id, version)).toEqual(added);
      expect((await count({}, version)).totalModels).toBe(before.totalModels + 1);
      for (const filter of [
        { contactIds: [fx.personId] },
        { contactIds: [fx.companyId] },
        { typeId: [fx.types['Meeting']] },
        { type: 'meeting' },
        { subject: 'kick-off' },
        { date: { from: day, to: day } },
        { originatorIds: [added.originator!.id] },
      ]) {
        expect({ filter, ids: (await count(filter, version)).models.map((a) => a.id) }).toEqual({
          filter,
          ids: expect.arrayContaining([added.id]),
        });
      }
      // Newest first on the contacts: the activity just added is the latest of both.
      const contacts = dataOf(
        await server.gql<{
          person: { activities: { models: Array<{ id: string }> } };
          company: { activities: { models: Array<{ id: string }> } };
        }>(
          `query ($p: ID!, $c: ID!) { person(id: $p) { activities(limit: 1) { models { id } } }
          company(id: $c) { activities(limit: 1) { models { id } } } }`,
          { p: fx.personId, c: fx.companyId },
          { version },
        ),
      );
      expect(contacts.person.activities.models[0]?.id).toBe(added.id);
      expect(contacts.company.activities.models[0]?.id).toBe(added.id);
    },
  );

  it('gives activities of an appointment type the Appointment class', async () => {
    const added = dataOf(
      await server.gql<{ addActivity: ActivityOut }>(ADD, {
        input: {
          typeId: fx.types['Appointment'],
          activityDate: '2026-06-15 14:00:00',
          subject: 'Board prep',
        },
      }),
    ).addActivity;
    expect(added).toMatchObject({
      activityClass: 'Appointment',
      typeGroup: 'Calendar',
      linkedActivityContacts: [],
    });
  });

  it.each(VERSIONS)(
    'reports every broken rule at once as a GraphQL error and writes nothing (%s)',
    async (version) => {
      const before = await count({}, version);
      const response = await server.gql(
        ADD,
        {
          input: {
            typeId: 'no-such-type',
            activityDate: '2026-07-01T09:30:00',
            subject: '   ',
            linkedEntityIds: [fx.personId, 'no-such-contact'],
          },
        },
        { version },
      );
      const errors = ruleErrors(response);
      expect(errors.map((e) => e.propertyName).sort()).toEqual(
        ['activityDate', 'linkedEntityIds[1]', 'subject', 'typeId'].sort(),
      );
      for (const e of errors) expect(e.message).toMatch(/\.$/);
      expect(await count({}, version)).toEqual(before);
    },
  );

  it.each([
    ['2026-02-30 10:00:00', 'a day that does not exist'],
    ['2026-06-01 24:00:00', 'an hour that does not exist'],
    ['2026-06-01 9:00:00', 'a single-digit hour'],
    ['01/06/2026 09:00:00', 'another date format'],
  ])('rejects activityDate %s (%s)', async (activityDate) => {
    const errors = ruleErrors(
      await server.gql(ADD, { input: { typeId: fx.types['Meeting'], activityDate, subject: 'x' } }),
    );
    expect(errors).toEqual([
      { propertyName: 'activityDate', message: expect.stringContaining('YYYY-MM-DD HH:mm:ss') },
    ]);
  });

  it.each(['Fax', 'Calendar Sync Event'])('rejects the type %s, which users cannot create', async (name) => {
    const errors = ruleErrors(
      await server.gql(ADD, {
        input: { typeId: fx.types[name], activityDate: '2026-06-01 09:00:00', subject: 'Not allowed' },
      }),
    );
    expect(errors).toEqual([{ propertyName: 'typeId', message: expect.stringContaining(name) }]);
    expect((await count({ subject: 'Not allowed' })).totalModels).toBe(0);
  });

  it('requires typeId, activityDate and subject in the document', async () => {
    const response = await server.gql('mutation { addActivity(input: { subject: "x" }) { id } }');
    expect(response.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('updateActivity', () => {
  async function addOne(subject: string) {
    return dataOf(
      await server.gql<{ addActivity: ActivityOut }>(ADD, {
        input: {
          typeId: fx.types['Phone Call'],
          activityDate: '2026-05-10 11:00:00',
          subject,
          summary: 'First call.',
          linkedEntityIds: [fx.personId],
        },
      }),
    ).addActivity;
  }

  it.each(VERSIONS)(
    'changes the given fields, keeps the others, and shows everywhere (%s)',
    async (version) => {
      const original = await addOne(`Call to update ${version}`);
      const response = await server.gql<{
        updateActivity: { validationErrors: unknown[]; item: ActivityOut };
      }>(
        UPDATE,
        {
          input: {
            id: original.id,
            typeId: fx.types['Appointment'],
            activityDate: '2026-05-12 16:45:00',
            location: 'Conference Room 3A',
            summary: null,
            linkedEntityIds: [fx.otherPersonId, fx.companyId],
          },
        },
        { version },
      );
      const { validationErrors, item } = dataOf(response).updateActivity;
      expect(validationErrors).toEqual([]);
      expect(item).toMatchObject({
        id: original.id,
        subject: original.subject,
        type: 'Appointment',
        activityClass: 'Appointment',
        activityStartDate: '2026-05-12T16:45:00.000Z',
        location: 'Conference Room 3A',
        summary: null,
        lastEditedDate: today(),
        originator: original.originator,
      });
      expect(item.linkedActivityContacts.map((l) => l.id)).toEqual([fx.otherPersonId, fx.companyId]);
      expect(await get(original.id, version)).toEqual(item);
      const ofOld = await count({ contactIds: [fx.personId] }, version);
      expect(ofOld.models.map((a) => a.id)).not.toContain(original.id);
      const ofNew = await count(
        { contactIds: [fx.otherPersonId], date: { from: '2026-05-12', to: '2026-05-12' } },
        version,
      );
      expect(ofNew.models.map((a) => a.id)).toContain(original.id);
    },
  );

  it.each(VERSIONS)('returns validationErrors and changes nothing on bad input (%s)', async (version) => {
    const original = await addOne(`Call kept ${version}`);
    const response = await server.gql<{ updateActivity: { validationErrors: unknown[]; item: null } }>(
      UPDATE,
      {
        input: {
          id: original.id,
          subject: '',
          activityDate: '2026-05-12',
          typeId: fx.types['Fax'],
          linkedEntityIds: ['no-such-contact'],
          location: 'Somewhere new',
        },
      },
      { version },
    );
    const result = dataOf(response).updateActivity;
    expect(result.item).toBeNull();
    expect(result.validationErrors).toEqual(
      expect.arrayContaining([
        { propertyName: 'subject', message: expect.any(String) },
        { propertyName: 'activityDate', message: expect.any(String) },
        { propertyName: 'typeId', message: expect.any(String) },
        { propertyName: 'linkedEntityIds[0]', message: expect.any(String) },
      ]),
    );
    expect(await get(original.id, version)).toEqual(original);
  });

  it.each(VERSIONS)('reports an unknown id on id (%s)', async (version) => {
    const result = dataOf(
      await server.gql<{ updateActivity: { validationErrors: unknown[]; item: null } }>(
        UPDATE,
        { input: { id: 'no-such-activity', subject: 'x' } },
        { version },
      ),
    ).updateActivity;
    expect(result).toEqual({
      validationErrors: [{ propertyName: 'id', message: expect.any(String) }],
      item: null,
    });
  });
});

describe('removeActivity', () => {
  it.each(VERSIONS)('removes an activity from every query (%s)', async (version) => {
    const added = dataOf(
      await server.gql<{ addActivity: ActivityOut }>(ADD, {
        input: {
          typeId: fx.types['Email'],
          activityDate: '2026-05-20 08:00:00',
          subject: `To be removed ${version}`,
          linkedEntityIds: [fx.companyId],
        },
      }),
    ).addActivity;
    const before = await count({}, version);
    const result = dataOf(
      await server.gql<{ removeActivity: unknown }>(REMOVE, { id: added.id }, { version }),
    ).removeActivity;
    expect(result).toEqual({ isSuccessful: true, validationErrors: [] });
    expect(await get(added.id, version)).toBeNull();
    expect((await count({}, version)).totalModels).toBe(before.totalModels - 1);
    expect((await count({ contactIds: [fx.companyId] }, version)).models.map((a) => a.id)).not.toContain(
      added.id,
    );
    const company = dataOf(
      await server.gql<{ company: { activities: { models: Array<{ id: string }> } } }>(
        'query ($id: ID!) { company(id: $id) { activities(limit: 1000) { models { id } } } }',
        { id: fx.companyId },
        { version },
      ),
    ).company;
    expect(company.activities.models.map((a) => a.id)).not.toContain(added.id);
  });

  it.each(VERSIONS)('reports an unknown id and removes nothing (%s)', async (version) => {
    const before = await count({}, version);
    const result = dataOf(
      await server.gql<{ removeActivity: unknown }>(REMOVE, { id: 'no-such-activity' }, { version }),
    ).removeActivity;
    expect(result).toEqual({
      isSuccessful: false,
      validationErrors: [{ propertyName: 'id', message: expect.stringContaining('no-such-activity') }],
    });
    expect(await count({}, version)).toEqual(before);
  });
});
