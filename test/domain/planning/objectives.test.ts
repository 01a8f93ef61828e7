import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, dataOf, type TestServer } from '../../helpers/server.js';
import { ITEM_FIELDS, planningFixtures, propertyNames, type PlanningFixtures } from './fixtures.js';

interface Item {
  id: string;
  name: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  closedDate: string | null;
  status: string;
  isDeleted: boolean;
  progress: number;
  creatorId: string | null;
  createdBy: string | null;
  canClose?: boolean;
  tags: Array<{ type: string; displayName: string }>;
  locations: Array<{ country: string; administrativeDivision: string | null }>;
  types: {
    industries: Array<{ id: string; name: string }>;
    practiceGroups: Array<{ id: string; name: string }>;
    otherTypes: Array<{ id: string; name: string; isActive: boolean }>;
    keyClient: boolean;
  };
  measurementOfSuccess: {
    id: string;
    description: string | null;
    measurementType: string;
    currencyType: string | null;
    targetValue: number | null;
    actualValue: number | null;
    numberType: string | null;
  } | null;
  companies?: Array<{ id: string }>;
  involvedUsers?: { totalModels: number; models: Array<{ id: string; hasRelationship: boolean }> };
}

interface Mutated {
  validationErrors: Array<{ propertyName: string; message: string }>;
  item: Item | null;
}

const OBJECTIVE_FIELDS = `${ITEM_FIELDS} canClose companies { id }
  involvedUsers { totalModels models { id firstName lastName hasRelationship person { id } } }`;

const ADD = `mutation ($input: AddObjectiveInput!) {
  addObjective(input: $input) { validationErrors { propertyName message } item { ${OBJECTIVE_FIELDS} } }
}`;
const UPDATE = `mutation ($input: UpdateObjectiveInput!) {
  updateObjective(input: $input) { validationErrors { propertyName message } item { ${OBJECTIVE_FIELDS} } }
}`;
const STATUS = `mutation ($input: UpdateObjectiveStatusInput!) {
  updateObjectiveStatus(input: $input) { validationErrors { propertyName message } item { id status closedDate canClose } }
}`;
const REMOVE = `mutation ($id: ID!) { removeObjective(id: $id) { isSuccessful validationErrors { propertyName message } } }`;
const ONE = `query ($id: ID!) { objective(id: $id) { ${OBJECTIVE_FIELDS} } }`;
const LIST = `query ($filter: ObjectiveFilterInput, $sort: [ObjectiveSortInput!], $skip: Int, $limit: Int) {
  objectives(filter: $filter, sort: $sort, skip: $skip, limit: $limit) { totalModels models { id name status isDeleted } }
}`;
const EVENTS = `query ($ids: [ID!]) { objectiveEventViews(filter: { objectiveIds: $ids }) { models { eventType objectiveId objective { id name } } } }`;

let server: TestServer;
let fx: PlanningFixtures;

async function add(input: Record<string, unknown>): Promise<Mutated> {
  return dataOf(await server.gql<{ addObjective: Mutated }>(ADD, { input })).addObjective;
}

async function list(variables: Record<string, unknown> = {}) {
  return dataOf(
    await server.gql<{
      objectives: {
        totalModels: number;
        models: Array<{ id: string; name: string; status: string; isDeleted: boolean }>;
      };
    }>(LIST, variables),
  ).objectives;
}

async function eventTypes(id: string): Promise<string[]> {
  const res = dataOf(
    await server.gql<{ objectiveEventViews: { models: Array<{ eventType: string }> } }>(EVENTS, {
      ids: [id],
    }),
  );
  return res.objectiveEventViews.models.map((e) => e.eventType);
}

beforeAll(async () => {
  server = await startTestServer();
  fx = await planningFixtures(server);
});

afterAll(async () => {
  await server.close();
});

describe('objectives (seeded)', () => {
  it('lists seeded objectives by name, hiding removed ones unless includeDeleted', async () => {
    const visible = await list();
    const all = await list({ filter: { includeDeleted: true } });
    expect(visible.totalModels).toBeGreaterThan(0);
    expect(all.totalModels).toBeGreaterThan(visible.totalModels);
    expect(visible.models.every((o) => !o.isDeleted)).toBe(true);
    expect(all.models.some((o) => o.isDeleted)).toBe(true);
    expect(all.models.some((o) => o.status === 'closed')).toBe(true);
    const names = visible.models.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    // Realistic, referentially intact: companies and types resolve.
    const first = dataOf(await server.gql<{ objective: Item }>(ONE, { id: visible.models[0]!.id })).objective;
    expect(first.name.length).toBeGreaterThan(5);
    expect(first.types.otherTypes.length).toBeGreaterThan(0);
    expect(first.measurementOfSuccess?.measurementType).toMatch(/^(Currency|Number|Percentage)$/);
  });

  it('filters by status, name and ids; sorts descending; pages with skip and limit', async () => {
    const closed = await list({ filter: { statuses: ['closed'] } });
    expect(closed.models.every((o) => o.status === 'closed')).toBe(true);
    const all = await list({ filter: { includeDeleted: true } });
    const target = all.models[0]!;
    const byName = await list({
      filter: { name: target.name.slice(2, 12).toUpperCase(), includeDeleted: true },
    });
    expect(byName.models.map((o) => o.id)).toContain(target.id);
    const byIds = await list({ filter: { ids: [target.id], includeDeleted: true } });
    expect(byIds).toEqual({ totalModels: 1, models: [target] });
    const desc = await list({
      filter: { includeDeleted: true },
      sort: [{ field: 'name', direction: 'Descending' }],
    });
    expect(desc.models.map((o) => o.id)).toEqual([...all.models].reverse().map((o) => o.id));
    const paged = await list({ filter: { includeDeleted: true }, skip: 1, limit: 1 });
    expect(paged.totalModels).toBe(all.totalModels);
    expect(paged.models).toEqual([all.models[1]]);
  });

  it('rejects bad paging and sort values', async () => {
    const negative = await server.gql(LIST, { limit: -1 });
    expect(negative.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
    const badSort = await server.gql(LIST, { sort: [{ field: 'colour' }] });
    expect(badSort.errors?.length).toBeGreaterThan(0);
    expect(badSort.data ?? null).toBeNull();
  });

  it('returns null for an unknown id', async () => {
    expect(
      dataOf(await server.gql<{ objective: Item | null }>(ONE, { id: 'no-such-objective' })).objective,
    ).toBeNull();
  });
});

describe('addObjective', () => {
  it('creates an open objective with every field and shows it in every query and the event view', async () => {
    const [c1, c2] = fx.companyIds;
    const users = fx.employeeIds.slice(0, 2);
    const res = await add({
      name: '  Grow Financial Services clients in EMEA  ',
      description: 'Agreed at the spring planning meeting.',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      companyIds: [c1, c2, c1],
      involvedUserIds: users,
      locations: [{ country: 'united kingdom' }, { country: 'US', administrativeDivision: 'ny' }],
      tags: [{ type: 'Priority', displayName: 'Board priority' }],
      industryIds: [fx.industryId],
      practiceGroupIds: [fx.practiceGroupId],
      objectiveTypeIds: [fx.activeTypeIds[0]],
      keyClient: true,
      measurementOfSuccess: {
        description: 'New fee income',
        measurementType: 'currency',
        currencyType: 'eur',
        targetValue: 1500000,
        actualValue: 250000,
      },
    });
    expect(res.validationErrors).toEqual([]);
    const item = res.item!;
    expect(item).toMatchObject({
      name: 'Grow Financial Services clients in EMEA',
      description: 'Agreed at the spring planning meeting.',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      closedDate: null,
      status: 'open',
      isDeleted: false,
      progress: 0,
      canClose: true,
      tags: [{ type: 'Priority', displayName: 'Board priority' }],
      locations: [
        { country: 'United Kingdom', administrativeDivision: null },
        { country: 'United States', administrativeDivision: 'New York' },
      ],
      measurementOfSuccess: {
        description: 'New fee income',
        measurementType: 'Currency',
        currencyType: 'EUR',
        targetValue: 1500000,
        actualValue: 250000,
        numberType: null,
      },
    });
    expect(item.creatorId).toBeTruthy();
    expect(item.createdBy).toBeTruthy();
    expect(item.companies?.map((c) => c.id)).toEqual([c1, c2]);
    expect(item.involvedUsers?.totalModels).toBe(2);
    expect(item.involvedUsers?.models.map((u) => u.id).sort()).toEqual([...users].sort());
    expect(item.types.industries.map((i) => i.id)).toEqual([fx.industryId]);
    expect(item.types.practiceGroups.map((p) => p.id)).toEqual([fx.practiceGroupId]);
    expect(item.types.otherTypes.map((t) => t.id)).toEqual([fx.activeTypeIds[0]]);
    expect(item.types.keyClient).toBe(true);

    const read = dataOf(await server.gql<{ objective: Item }>(ONE, { id: item.id })).objective;
    expect(read).toEqual(item);
    expect((await list({ filter: { companyIds: [c2] } })).models.map((o) => o.id)).toContain(item.id);
    expect(
      (await list({ filter: { name: 'financial services clients in emea' } })).models.map((o) => o.id),
    ).toContain(item.id);
    expect(await eventTypes(item.id)).toEqual(['ObjectiveCreated']);
  });

  it('reports every invalid field at once and writes nothing', async () => {
    const before = await list({ filter: { includeDeleted: true } });
    const res = await add({
      name: '   ',
      startDate: '2026-06-01',
      endDate: '2026-05-01',
      companyIds: ['no-such-company', fx.employeeIds[0]],
      involvedUserIds: [fx.clientPersonId],
      locations: [{ country: 'Atlantis' }, { country: 'US', administrativeDivision: 'Nowhere' }],
      tags: [{ type: '', displayName: 'x' }],
      industryIds: ['no-such-industry'],
      objectiveTypeIds: [fx.inactiveTypeId],
      measurementOfSuccess: { measurementType: 'Currency', currencyType: 'XYZ', targetValue: -5 },
    });
    expect(res.item).toBeNull();
    expect(propertyNames(res.validationErrors).sort()).toEqual(
      [
        'name',
        'endDate',
        'companyIds[0]',
        'companyIds[1]',
        'involvedUserIds[0]',
        'locations[0].country',
        'locations[1].administrativeDivision',
        'tags[0].type',
        'industryIds[0]',
        'objectiveTypeIds[0]',
        'measurementOfSuccess.currencyType',
        'measurementOfSuccess.targetValue',
      ].sort(),
    );
    expect(res.validationErrors.every((e) => e.message.length > 10)).toBe(true);
    expect(await list({ filter: { includeDeleted: true } })).toEqual(before);
  });

  it('rejects a measurement type that is not Currency, Number or Percentage', async () => {
    const res = await add({ name: 'Measured', measurementOfSuccess: { measurementType: 'Feelings' } });
    expect(propertyNames(res.validationErrors)).toEqual(['measurementOfSuccess.measurementType']);
  });
});

describe('updateObjective', () => {
  it('changes the given fields, keeps the omitted ones, replaces lists, and records ObjectiveUpdated', async () => {
    const created = (
      await add({
        name: 'Expand Tax work with Banking clients',
        description: 'Original',
        companyIds: fx.companyIds.slice(0, 2),
        tags: [{ type: 'Segment', displayName: 'Top 50 client' }],
        measurementOfSuccess: { measurementType: 'Number', targetValue: 10 },
      })
    ).item!;
    expect(created.measurementOfSuccess).toMatchObject({ numberType: 'Integer', targetValue: 10 });
    const res = dataOf(
      await server.gql<{ updateObjective: Mutated }>(UPDATE, {
        input: {
          id: created.id,
          name: 'Expand Tax work with Banking and Insurance clients',
          companyIds: [fx.companyIds[2]],
          tags: [],
          endDate: '2027-03-31',
          measurementOfSuccess: { measurementType: 'Percentage', targetValue: 25, actualValue: 5 },
        },
      }),
    ).updateObjective;
    expect(res.validationErrors).toEqual([]);
    expect(res.item).toMatchObject({
      name: 'Expand Tax work with Banking and Insurance clients',
      description: 'Original',
      endDate: '2027-03-31',
      tags: [],
      companies: [{ id: fx.companyIds[2] }],
      measurementOfSuccess: {
        id: created.measurementOfSuccess!.id,
        measurementType: 'Percentage',
        targetValue: 25,
        actualValue: 5,
        numberType: null,
      },
    });
    const read = dataOf(await server.gql<{ objective: Item }>(ONE, { id: created.id })).objective;
    expect(read).toEqual(res.item);
    expect(
      (await list({ filter: { companyIds: [fx.companyIds[0]!] } })).models.map((o) => o.id),
    ).not.toContain(created.id);
    expect(await eventTypes(created.id)).toEqual(['ObjectiveCreated', 'ObjectiveUpdated']);
  });

  it('rejects an unknown id, an empty name and an end before the start, changing nothing', async () => {
    const created = (await add({ name: 'Keep me', startDate: '2026-03-01' })).item!;
    const unknown = dataOf(
      await server.gql<{ updateObjective: Mutated }>(UPDATE, { input: { id: 'nope', name: 'x' } }),
    ).updateObjective;
    expect(unknown).toEqual({
      validationErrors: [expect.objectContaining({ propertyName: 'id' })],
      item: null,
    });
    const bad = dataOf(
      await server.gql<{ updateObjective: Mutated }>(UPDATE, {
        input: { id: created.id, name: ' ', endDate: '2026-02-01' },
      }),
    ).updateObjective;
    expect(propertyNames(bad.validationErrors).sort()).toEqual(['endDate', 'name']);
    expect(bad.item).toBeNull();
    const read = dataOf(await server.gql<{ objective: Item }>(ONE, { id: created.id })).objective;
    expect(read).toEqual(created);
    expect(await eventTypes(created.id)).toEqual(['ObjectiveCreated']);
  });

  it('keeps an inactive objective type the objective already has, but refuses to add one', async () => {
    const created = (await add({ name: 'Typed', objectiveTypeIds: [fx.activeTypeIds[0]] })).item!;
    const res = dataOf(
      await server.gql<{ updateObjective: Mutated }>(UPDATE, {
        input: { id: created.id, objectiveTypeIds: [fx.activeTypeIds[0], fx.inactiveTypeId] },
      }),
    ).updateObjective;
    expect(propertyNames(res.validationErrors)).toEqual(['objectiveTypeIds[1]']);
  });
});

describe('updateObjectiveStatus and removeObjective', () => {
  it('closes an objective whose initiatives are all closed, reopens it, and treats the same status as a no-op', async () => {
    const created = (await add({ name: 'Close me' })).item!;
    const closed = dataOf(
      await server.gql<{ updateObjectiveStatus: Mutated }>(STATUS, {
        input: { id: created.id, status: 'closed' },
      }),
    ).updateObjectiveStatus;
    expect(closed.validationErrors).toEqual([]);
    expect(closed.item).toMatchObject({ id: created.id, status: 'closed', canClose: false });
    expect(closed.item!.closedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await list({ filter: { statuses: ['closed'], ids: [created.id] } })).totalModels).toBe(1);
    const again = dataOf(
      await server.gql<{ updateObjectiveStatus: Mutated }>(STATUS, {
        input: { id: created.id, status: 'closed' },
      }),
    ).updateObjectiveStatus;
    expect(again).toEqual(closed);
    const reopened = dataOf(
      await server.gql<{ updateObjectiveStatus: Mutated }>(STATUS, {
        input: { id: created.id, status: 'open' },
      }),
    ).updateObjectiveStatus;
    expect(reopened.item).toMatchObject({ status: 'open', closedDate: null, canClose: true });
    expect(await eventTypes(created.id)).toEqual([
      'ObjectiveCreated',
      'ObjectiveStatusChanged',
      'ObjectiveStatusChanged',
    ]);
  });

  it('refuses to close an objective with an open initiative, and an unknown id', async () => {
    const created = (await add({ name: 'Busy objective' })).item!;
    dataOf(
      await server.gql(
        `mutation ($input: AddInitiativeInput!) { addInitiative(input: $input) { item { id } } }`,
        {
          input: { objectiveId: created.id, name: 'Still open' },
        },
      ),
    );
    const refused = dataOf(
      await server.gql<{ updateObjectiveStatus: Mutated }>(STATUS, {
        input: { id: created.id, status: 'closed' },
      }),
    ).updateObjectiveStatus;
    expect(refused).toEqual({
      validationErrors: [{ propertyName: 'status', message: expect.stringContaining('open initiatives') }],
      item: null,
    });
    const read = dataOf(await server.gql<{ objective: Item }>(ONE, { id: created.id })).objective;
    expect(read).toMatchObject({ status: 'open', canClose: false });
    const unknown = dataOf(
      await server.gql<{ updateObjectiveStatus: Mutated }>(STATUS, {
        input: { id: 'nope', status: 'closed' },
      }),
    ).updateObjectiveStatus;
    expect(propertyNames(unknown.validationErrors)).toEqual(['id']);
    const badEnum = await server.gql(STATUS, { input: { id: created.id, status: 'archived' } });
    expect(badEnum.errors?.length).toBeGreaterThan(0);
  });

  it('marks an objective and its initiatives deleted, hides them, and refuses further changes', async () => {
    const created = (await add({ name: 'Remove me' })).item!;
    const initiative = dataOf(
      await server.gql<{ addInitiative: { item: { id: string } } }>(
        `mutation ($input: AddInitiativeInput!) { addInitiative(input: $input) { item { id } } }`,
        { input: { objectiveId: created.id, name: 'Child' } },
      ),
    ).addInitiative.item;
    const removed = dataOf(
      await server.gql<{ removeObjective: unknown }>(REMOVE, { id: created.id }),
    ).removeObjective;
    expect(removed).toEqual({ isSuccessful: true, validationErrors: [] });
    expect(dataOf(await server.gql<{ objective: Item }>(ONE, { id: created.id })).objective.isDeleted).toBe(
      true,
    );
    const child = dataOf(
      await server.gql<{ initiative: { isDeleted: boolean } }>(
        `query ($id: ID!) { initiative(id: $id) { isDeleted } }`,
        {
          id: initiative.id,
        },
      ),
    ).initiative;
    expect(child.isDeleted).toBe(true);
    expect((await list({ filter: { ids: [created.id] } })).totalModels).toBe(0);
    expect((await list({ filter: { ids: [created.id], includeDeleted: true } })).models[0]?.isDeleted).toBe(
      true,
    );
    const again = dataOf(
      await server.gql<{ removeObjective: { isSuccessful: boolean; validationErrors: unknown[] } }>(REMOVE, {
        id: created.id,
      }),
    ).removeObjective;
    expect(again.isSuccessful).toBe(false);
    expect(propertyNames(again.validationErrors as Array<{ propertyName: string }>)).toEqual(['id']);
    const status = dataOf(
      await server.gql<{ updateObjectiveStatus: Mutated }>(STATUS, {
        input: { id: created.id, status: 'closed' },
      }),
    ).updateObjectiveStatus;
    expect(propertyNames(status.validationErrors)).toEqual(['id']);
    const unknown = dataOf(
      await server.gql<{
        removeObjective: { isSuccessful: boolean; validationErrors: Array<{ propertyName: string }> };
      }>(REMOVE, { id: 'nope' }),
    ).removeObjective;
    expect(unknown).toMatchObject({ isSuccessful: false, validationErrors: [{ propertyName: 'id' }] });
    expect(await eventTypes(created.id)).toEqual(['ObjectiveCreated', 'ObjectiveDeleted']);
  });
});

describe('involved users', () => {
  it('shows whether the API user has a relationship with an involved user, from the stored relationships', async () => {
    const created = (await add({ name: 'People plan', involvedUserIds: fx.employeeIds })).item!;
    expect(created.involvedUsers!.totalModels).toBe(fx.employeeIds.length);
    const other = created.involvedUsers!.models.find(
      (u) => u.id !== created.creatorId && !u.hasRelationship,
    )!;
    expect(other).toBeDefined();
    const types = dataOf(
      await server.gql<{
        relationshipTypes: Array<{ id: string; status: string; relationshipListingTypes: string[] }>;
      }>(`{ relationshipTypes { id status relationshipListingTypes } }`),
    ).relationshipTypes;
    const type = types.find(
      (t) => t.status === 'Active' && t.relationshipListingTypes.includes('PersonToPerson'),
    )!;
    const added = dataOf(
      await server.gql<{ addRelationship: { success: boolean } }>(
        `mutation ($input: AddRelationshipInput) { addRelationship(input: $input) { success } }`,
        { input: { contactId: other.id, relationshipTypeId: type.id, strengthLevel: 1 } },
      ),
    ).addRelationship;
    expect(added.success).toBe(true);
    const hasIt = async () =>
      dataOf(
        await server.gql<{ objective: Item }>(ONE, { id: created.id }),
      ).objective.involvedUsers!.models.find((u) => u.id === other.id)!.hasRelationship;
    expect(await hasIt()).toBe(true);
    dataOf(
      await server.gql(
        `mutation ($input: RemoveRelationshipInput) { removeRelationship(input: $input) { success } }`,
        {
          input: { contactId: other.id },
        },
      ),
    );
    expect(await hasIt()).toBe(false);
  });

  it('pages involved users with skip and limit', async () => {
    const created = (await add({ name: 'Paged people', involvedUserIds: fx.employeeIds.slice(0, 3) })).item!;
    const res = dataOf(
      await server.gql<{
        objective: { involvedUsers: { totalModels: number; models: Array<{ id: string }> } };
      }>(
        `query ($id: ID!) { objective(id: $id) { involvedUsers(skip: 1, limit: 1) { totalModels models { id } } } }`,
        { id: created.id },
      ),
    ).objective.involvedUsers;
    expect(res.totalModels).toBe(3);
    expect(res.models).toEqual([{ id: created.involvedUsers!.models[1]!.id }]);
  });
});

describe('revision 1.2.0', () => {
  it.each([
    ['objectives', '{ objectives { totalModels } }'],
    ['objective', '{ objective(id: "x") { id } }'],
    ['addObjective', 'mutation { addObjective(input: { name: "x" }) { item { id } } }'],
    ['updateObjective', 'mutation { updateObjective(input: { id: "x" }) { item { id } } }'],
    [
      'updateObjectiveStatus',
      'mutation { updateObjectiveStatus(input: { id: "x", status: open }) { item { id } } }',
    ],
    ['removeObjective', 'mutation { removeObjective(id: "x") { isSuccessful } }'],
  ])('rejects %s as a validation error', async (_name, query) => {
    const res = await server.gql(query, undefined, { version: '1.2.0' });
    expect(res.status).toBe(200);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
