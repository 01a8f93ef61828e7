import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, dataOf, type TestServer } from '../../helpers/server.js';
import { ITEM_FIELDS, planningFixtures, propertyNames, type PlanningFixtures } from './fixtures.js';

interface Company {
  id: string;
  name: string;
  company: { id: string; name: string };
  initiativeId: string;
  initiativeName: string;
  businessCity: string | null;
  businessState: string | null;
  contactTypes: Array<{ id: string; name: string }>;
}

interface Initiative {
  id: string;
  name: string;
  status: string;
  isDeleted: boolean;
  progress: number;
  closedDate: string | null;
  description: string | null;
  objective: { id: string; name: string; progress: number; canClose: boolean };
  companies: Company[];
  involvedUsers: Array<{
    id: string;
    firstName: string;
    lastName: string;
    jobTitle: string | null;
    companyName: string | null;
    hasRelationship: boolean;
    person: { id: string; fullName: string };
  }>;
  activityCounts: Array<{ typeId: string; typeName: string; activityCount: number }>;
  activities: { totalModels: number; models: Array<{ id: string; subject: string }> };
  companyEmployees: { totalModels: number; models: Array<{ id: string; currentEmployer: { id: string } }> };
  companyEmployeeRelationships: {
    totalModels: number;
    models: Array<{
      id: string;
      contactId: string;
      displayName: string;
      relationshipType: string;
      strengthLevel: number;
      strengthLevelMax: number;
      person: { id: string };
    }>;
  };
}

interface Mutated {
  validationErrors: Array<{ propertyName: string; message: string }>;
  item: Initiative | null;
}

const INITIATIVE_FIELDS = `${ITEM_FIELDS}
  objective { id name progress canClose }
  companies { id name company { id name } initiativeId initiativeName businessCity businessState contactTypes { id name } }
  involvedUsers { id firstName lastName jobTitle companyName hasRelationship person { id fullName } }
  activityCounts { typeId typeName activityCount }
  activities { totalModels models { id subject } }
  companyEmployees { totalModels models { id currentEmployer { id } } }
  companyEmployeeRelationships { totalModels models { id contactId displayName relationshipType strengthLevel strengthLevelMax person { id } } }`;

const ADD_OBJECTIVE = `mutation ($input: AddObjectiveInput!) { addObjective(input: $input) { item { id } } }`;
const ADD = `mutation ($input: AddInitiativeInput!) {
  addInitiative(input: $input) { validationErrors { propertyName message } item { ${INITIATIVE_FIELDS} } }
}`;
const UPDATE = `mutation ($input: UpdateInitiativeInput!) {
  updateInitiative(input: $input) { validationErrors { propertyName message } item { ${INITIATIVE_FIELDS} } }
}`;
const STATUS = `mutation ($input: UpdateInitiativeStatusInput!) {
  updateInitiativeStatus(input: $input) { validationErrors { propertyName message } item { id status progress closedDate objective { progress canClose } } }
}`;
const REMOVE = `mutation ($id: ID!) { removeInitiative(id: $id) { isSuccessful validationErrors { propertyName message } } }`;
const ONE = `query ($id: ID!) { initiative(id: $id) { ${INITIATIVE_FIELDS} } }`;
const LIST = `query ($filter: InitiativeFilterInput, $sort: [InitiativeSortInput!], $skip: Int, $limit: Int) {
  initiatives(filter: $filter, sort: $sort, skip: $skip, limit: $limit) {
    skip limit totalModels sort { field direction } models { id name status isDeleted }
  }
}`;
const OBJECTIVE = `query ($id: ID!) {
  objective(id: $id) {
    progress canClose
    initiatives { skip limit totalModels sort { field direction } models { id name } }
    initiativeCompanies { id initiativeId initiativeName }
    activities { totalModels models { id subject } }
    activityCounts { typeId typeName activityCount }
  }
}`;
const EVENTS = `query ($ids: [ID!]) { initiativeEventViews(filter: { initiativeIds: $ids }) { models { eventType initiative { id } } } }`;

let server: TestServer;
let fx: PlanningFixtures;

async function newObjective(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  return dataOf(
    await server.gql<{ addObjective: { item: { id: string } } }>(ADD_OBJECTIVE, {
      input: { name, ...extra },
    }),
  ).addObjective.item.id;
}

async function add(input: Record<string, unknown>): Promise<Mutated> {
  return dataOf(await server.gql<{ addInitiative: Mutated }>(ADD, { input })).addInitiative;
}

async function setStatus(id: string, status: string) {
  return dataOf(
    await server.gql<{
      updateInitiativeStatus: {
        validationErrors: Array<{ propertyName: string }>;
        item: {
          status: string;
          progress: number;
          closedDate: string | null;
          objective: { progress: number; canClose: boolean };
        } | null;
      };
    }>(STATUS, { input: { id, status } }),
  ).updateInitiativeStatus;
}

async function list(variables: Record<string, unknown> = {}) {
  return dataOf(
    await server.gql<{
      initiatives: {
        skip: number;
        limit: number;
        totalModels: number;
        sort: { field: string; direction: string };
        models: Array<{ id: string; name: string; status: string; isDeleted: boolean }>;
      };
    }>(LIST, variables),
  ).initiatives;
}

async function objective(id: string) {
  return dataOf(
    await server.gql<{
      objective: {
        progress: number;
        canClose: boolean;
        initiatives: {
          skip: number;
          limit: number;
          totalModels: number;
          sort: unknown;
          models: Array<{ id: string }>;
        };
        initiativeCompanies: Array<{ id: string; initiativeId: string; initiativeName: string }>;
        activities: { totalModels: number; models: Array<{ id: string; subject: string }> };
        activityCounts: Array<{ typeId: string; typeName: string; activityCount: number }>;
      };
    }>(OBJECTIVE, { id }),
  ).objective;
}

async function eventTypes(id: string): Promise<string[]> {
  return dataOf(
    await server.gql<{ initiativeEventViews: { models: Array<{ eventType: string }> } }>(EVENTS, {
      ids: [id],
    }),
  ).initiativeEventViews.models.map((e) => e.eventType);
}

beforeAll(async () => {
  server = await startTestServer();
  fx = await planningFixtures(server);
});

afterAll(async () => {
  await server.close();
});

describe('initiatives (seeded)', () => {
  it('lists seeded initiatives with the sort info, hiding removed ones unless includeDeleted', async () => {
    const visible = await list();
    const all = await list({ filter: { includeDeleted: true } });
    expect(visible).toMatchObject({ skip: 0, limit: 100, sort: { field: 'name', direction: 'Ascending' } });
    expect(visible.totalModels).toBeGreaterThan(0);
    expect(all.totalModels).toBeGreaterThan(visible.totalModels);
    expect(visible.models.every((i) => !i.isDeleted)).toBe(true);
    const desc = await list({ sort: [{ field: 'status', direction: 'Descending' }, { field: 'name' }] });
    expect(desc.sort).toEqual({ field: 'status', direction: 'Descending' });
    const statuses = desc.models.map((i) => i.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
    const paged = await list({ skip: 1, limit: 2 });
    expect(paged).toMatchObject({ skip: 1, limit: 2, totalModels: visible.totalModels });
    expect(paged.models).toEqual(visible.models.slice(1, 3));
  });

  it('rejects a negative skip', async () => {
    const res = await server.gql(LIST, { skip: -3 });
    expect(res.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  });
});

describe('addInitiative', () => {
  it('adds an open initiative to an objective, visible from the initiative, the objective and the lists', async () => {
    const objectiveId = await newObjective('Grow Energy clients in APAC');
    const company = fx.companyIds[0]!;
    const res = await add({
      objectiveId,
      name: ' Host Energy roundtable in Sydney ',
      description: 'Invite the general counsel of the top ten clients.',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      companyIds: [company],
      involvedUserIds: fx.employeeIds.slice(0, 2),
      locations: [{ country: 'AU', administrativeDivision: 'NSW' }],
      measurementOfSuccess: { measurementType: 'Number', numberType: 'decimal', targetValue: 8.5 },
    });
    expect(res.validationErrors).toEqual([]);
    const item = res.item!;
    expect(item).toMatchObject({
      name: 'Host Energy roundtable in Sydney',
      status: 'open',
      isDeleted: false,
      progress: 0,
      closedDate: null,
      objective: { id: objectiveId, name: 'Grow Energy clients in APAC', progress: 0, canClose: false },
      locations: [{ country: 'Australia', administrativeDivision: 'New South Wales' }],
      measurementOfSuccess: { measurementType: 'Number', numberType: 'Decimal', targetValue: 8.5 },
    });
    expect(item.companies).toHaveLength(1);
    const c = item.companies[0]!;
    expect(c).toMatchObject({
      id: company,
      company: { id: company },
      initiativeId: item.id,
      initiativeName: item.name,
    });
    expect(c.name).toBe(c.company.name);
    expect(c.businessCity).toBeTruthy();
    expect(Array.isArray(c.contactTypes)).toBe(true);
    expect(item.involvedUsers.map((u) => u.id).sort()).toEqual(fx.employeeIds.slice(0, 2).sort());
    for (const u of item.involvedUsers) {
      expect(u.person.id).toBe(u.id);
      expect(u.firstName).toBeTruthy();
      expect(u.companyName).toBeTruthy();
    }
    expect(item.companyEmployees.models.every((p) => p.currentEmployer.id === company)).toBe(true);

    expect(dataOf(await server.gql<{ initiative: Initiative }>(ONE, { id: item.id })).initiative).toEqual(
      item,
    );
    const listed = await list({ filter: { objectiveIds: [objectiveId] } });
    expect(listed.models.map((i) => i.id)).toEqual([item.id]);
    expect(
      (await list({ filter: { companyIds: [company], name: 'ROUNDTABLE in sydney' } })).models.map(
        (i) => i.id,
      ),
    ).toContain(item.id);
    const parent = await objective(objectiveId);
    expect(parent.initiatives).toMatchObject({
      skip: 0,
      limit: 100,
      totalModels: 1,
      sort: { field: 'name', direction: 'Ascending' },
      models: [{ id: item.id }],
    });
    expect(parent.initiativeCompanies).toEqual([
      { id: company, initiativeId: item.id, initiativeName: item.name },
    ]);
    expect(await eventTypes(item.id)).toEqual(['InitiativeCreated']);
  });

  it('rejects an unknown or removed objective and invalid fields, writing nothing', async () => {
    const before = await list({ filter: { includeDeleted: true } });
    const unknown = await add({
      objectiveId: 'no-such-objective',
      name: '',
      involvedUserIds: [fx.clientPersonId],
    });
    expect(unknown.item).toBeNull();
    expect(propertyNames(unknown.validationErrors).sort()).toEqual([
      'involvedUserIds[0]',
      'name',
      'objectiveId',
    ]);
    const removedId = await newObjective('Gone');
    dataOf(
      await server.gql(`mutation ($id: ID!) { removeObjective(id: $id) { isSuccessful } }`, {
        id: removedId,
      }),
    );
    const removed = await add({ objectiveId: removedId, name: 'Too late' });
    expect(propertyNames(removed.validationErrors)).toEqual(['objectiveId']);
    expect(await list({ filter: { includeDeleted: true } })).toEqual(before);
  });
});

describe('updateInitiative', () => {
  it('updates the given fields and keeps the others', async () => {
    const objectiveId = await newObjective('Update host');
    const created = (
      await add({ objectiveId, name: 'Draft', description: 'Keep', companyIds: [fx.companyIds[0]] })
    ).item!;
    const res = dataOf(
      await server.gql<{ updateInitiative: Mutated }>(UPDATE, {
        input: {
          id: created.id,
          name: 'Final',
          companyIds: [fx.companyIds[1]],
          involvedUserIds: [fx.employeeIds[0]],
        },
      }),
    ).updateInitiative;
    expect(res.validationErrors).toEqual([]);
    expect(res.item).toMatchObject({ name: 'Final', description: 'Keep' });
    expect(res.item!.companies.map((c) => c.id)).toEqual([fx.companyIds[1]]);
    expect(res.item!.involvedUsers.map((u) => u.id)).toEqual([fx.employeeIds[0]]);
    expect(dataOf(await server.gql<{ initiative: Initiative }>(ONE, { id: created.id })).initiative).toEqual(
      res.item,
    );
    expect((await objective(objectiveId)).initiativeCompanies.map((c) => c.id)).toEqual([fx.companyIds[1]]);
    expect(await eventTypes(created.id)).toEqual(['InitiativeCreated', 'InitiativeUpdated']);
  });

  it('rejects an unknown id and an unknown company', async () => {
    const objectiveId = await newObjective('Update errors');
    const created = (await add({ objectiveId, name: 'Stable' })).item!;
    const res = dataOf(
      await server.gql<{ updateInitiative: Mutated }>(UPDATE, {
        input: { id: created.id, companyIds: ['x', 'y'] },
      }),
    ).updateInitiative;
    expect(propertyNames(res.validationErrors)).toEqual(['companyIds[0]', 'companyIds[1]']);
    const unknown = dataOf(
      await server.gql<{ updateInitiative: Mutated }>(UPDATE, { input: { id: 'nope', name: 'x' } }),
    ).updateInitiative;
    expect(propertyNames(unknown.validationErrors)).toEqual(['id']);
    expect(dataOf(await server.gql<{ initiative: Initiative }>(ONE, { id: created.id })).initiative).toEqual(
      created,
    );
  });
});

describe('updateInitiativeStatus, progress and canClose', () => {
  it('moves progress and canClose as initiatives close and reopen', async () => {
    const objectiveId = await newObjective('Progress host');
    const a = (await add({ objectiveId, name: 'A' })).item!;
    const b = (await add({ objectiveId, name: 'B' })).item!;
    const closedA = await setStatus(a.id, 'closed');
    expect(closedA.validationErrors).toEqual([]);
    expect(closedA.item).toMatchObject({
      status: 'closed',
      progress: 100,
      objective: { progress: 50, canClose: false },
    });
    expect(closedA.item!.closedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const closedB = await setStatus(b.id, 'closed');
    expect(closedB.item!.objective).toEqual({ progress: 100, canClose: true });
    expect((await list({ filter: { objectiveIds: [objectiveId], statuses: ['closed'] } })).totalModels).toBe(
      2,
    );
    const same = await setStatus(b.id, 'closed');
    expect(same).toEqual(closedB);
    const reopened = await setStatus(a.id, 'open');
    expect(reopened.item).toMatchObject({
      status: 'open',
      progress: 0,
      closedDate: null,
      objective: { progress: 50, canClose: false },
    });
    expect(await eventTypes(a.id)).toEqual([
      'InitiativeCreated',
      'InitiativeStatusChanged',
      'InitiativeStatusChanged',
    ]);
    expect(await eventTypes(b.id)).toEqual(['InitiativeCreated', 'InitiativeStatusChanged']);
  });

  it('rejects an unknown id and an unknown status value', async () => {
    expect(propertyNames((await setStatus('nope', 'closed')).validationErrors)).toEqual(['id']);
    const bad = await server.gql(STATUS, { input: { id: 'x', status: 'done' } });
    expect(bad.errors?.length).toBeGreaterThan(0);
  });
});

describe('removeInitiative', () => {
  it('marks the initiative deleted, hides it, recomputes the objective and refuses further changes', async () => {
    const objectiveId = await newObjective('Remove host');
    const open = (await add({ objectiveId, name: 'Open one' })).item!;
    const done = (await add({ objectiveId, name: 'Done one' })).item!;
    await setStatus(done.id, 'closed');
    expect(await objective(objectiveId)).toMatchObject({ progress: 50, canClose: false });
    const res = dataOf(
      await server.gql<{ removeInitiative: unknown }>(REMOVE, { id: open.id }),
    ).removeInitiative;
    expect(res).toEqual({ isSuccessful: true, validationErrors: [] });
    const read = dataOf(await server.gql<{ initiative: Initiative }>(ONE, { id: open.id })).initiative;
    expect(read.isDeleted).toBe(true);
    expect((await list({ filter: { objectiveIds: [objectiveId] } })).models.map((i) => i.id)).toEqual([
      done.id,
    ]);
    expect(
      (await list({ filter: { objectiveIds: [objectiveId], includeDeleted: true } })).models
        .map((i) => i.id)
        .sort(),
    ).toEqual([open.id, done.id].sort());
    const parent = await objective(objectiveId);
    expect(parent).toMatchObject({ progress: 100, canClose: true });
    expect(parent.initiatives.models.map((i) => i.id)).toEqual([done.id]);
    const again = dataOf(
      await server.gql<{
        removeInitiative: { isSuccessful: boolean; validationErrors: Array<{ propertyName: string }> };
      }>(REMOVE, { id: open.id }),
    ).removeInitiative;
    expect(again).toMatchObject({ isSuccessful: false, validationErrors: [{ propertyName: 'id' }] });
    expect(propertyNames((await setStatus(open.id, 'closed')).validationErrors)).toEqual(['id']);
    expect(await eventTypes(open.id)).toEqual(['InitiativeCreated', 'InitiativeDeleted']);
  });
});

describe('activities, employees and relationships of the companies', () => {
  it('counts and lists the activities linked to the companies of the initiative and its objective', async () => {
    const company = fx.companyIds[2]!;
    const objectiveId = await newObjective('Activity host');
    const item = (await add({ objectiveId, name: 'Activity initiative', companyIds: [company] })).item!;
    const types = dataOf(
      await server.gql<{ activityTypes: { models: Array<{ id: string; name: string }> } }>(
        `{ activityTypes { models { id name } } }`,
      ),
    ).activityTypes.models;
    const type = types[0]!;
    const added = dataOf(
      await server.gql<{ addActivity: { id: string } }>(
        `mutation ($input: AddActivityInput!) { addActivity(input: $input) { id } }`,
        {
          input: {
            typeId: type.id,
            activityDate: '2026-05-20 10:00:00',
            subject: 'Roundtable debrief',
            linkedEntityIds: [company],
          },
        },
      ),
    ).addActivity;
    const read = dataOf(await server.gql<{ initiative: Initiative }>(ONE, { id: item.id })).initiative;
    expect(read.activities.totalModels).toBe(item.activities.totalModels + 1);
    expect(read.activities.models.map((a) => a.id)).toContain(added.id);
    const before = item.activityCounts.find((c) => c.typeId === type.id)?.activityCount ?? 0;
    expect(read.activityCounts.find((c) => c.typeId === type.id)).toEqual({
      typeId: type.id,
      typeName: type.name,
      activityCount: before + 1,
    });
    expect(read.activityCounts.reduce((n, c) => n + c.activityCount, 0)).toBe(read.activities.totalModels);
    const parent = await objective(objectiveId);
    expect(parent.activities.models.map((a) => a.id)).toContain(added.id);
    expect(parent.activityCounts).toEqual(read.activityCounts);
  });

  it('lists the employees of the companies and the involved users’ relationships to them', async () => {
    const company = fx.companyIds[1]!;
    const objectiveId = await newObjective('Relationship host');
    const user = fx.employeeIds[1]!;
    const item = (
      await add({
        objectiveId,
        name: 'Relationship initiative',
        companyIds: [company],
        involvedUserIds: [user],
      })
    ).item!;
    expect(item.companyEmployees.totalModels).toBeGreaterThan(0);
    const employee = item.companyEmployees.models[0]!;
    const types = dataOf(
      await server.gql<{
        relationshipTypes: Array<{
          id: string;
          name: string;
          status: string;
          strengthScale: number;
          relationshipListingTypes: string[];
        }>;
      }>(`{ relationshipTypes { id name status strengthScale relationshipListingTypes } }`),
    ).relationshipTypes;
    const type = types.find(
      (t) => t.status === 'Active' && t.relationshipListingTypes.includes('PersonToPerson'),
    )!;
    const added = dataOf(
      await server.gql<{ addRelationshipForContacts: { success: boolean } }>(
        `mutation ($input: AddRelationshipForContactsInput) { addRelationshipForContacts(input: $input) { success validationErrors { propertyName } } }`,
        {
          input: {
            baseContactId: user,
            relatedContactId: employee.id,
            relationshipTypeId: type.id,
            strengthLevel: 2,
          },
        },
      ),
    ).addRelationshipForContacts;
    expect(added.success).toBe(true);
    const read = dataOf(await server.gql<{ initiative: Initiative }>(ONE, { id: item.id })).initiative;
    expect(read.companyEmployeeRelationships.totalModels).toBe(
      item.companyEmployeeRelationships.totalModels + 1,
    );
    expect(read.companyEmployeeRelationships.models).toContainEqual(
      expect.objectContaining({
        contactId: employee.id,
        relationshipType: type.name,
        strengthLevel: 2,
        strengthLevelMax: type.strengthScale,
        person: { id: employee.id },
      }),
    );
  });
});

describe('revision 1.2.0', () => {
  it.each([
    ['initiatives', '{ initiatives { totalModels } }'],
    ['initiative', '{ initiative(id: "x") { id } }'],
    ['addInitiative', 'mutation { addInitiative(input: { objectiveId: "x", name: "x" }) { item { id } } }'],
    ['updateInitiative', 'mutation { updateInitiative(input: { id: "x" }) { item { id } } }'],
    [
      'updateInitiativeStatus',
      'mutation { updateInitiativeStatus(input: { id: "x", status: open }) { item { id } } }',
    ],
    ['removeInitiative', 'mutation { removeInitiative(id: "x") { isSuccessful } }'],
  ])('rejects %s as a validation error', async (_name, query) => {
    const res = await server.gql(query, undefined, { version: '1.2.0' });
    expect(res.status).toBe(200);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
