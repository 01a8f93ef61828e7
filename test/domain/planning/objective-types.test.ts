import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, dataOf, type TestServer } from '../../helpers/server.js';
import { propertyNames } from './fixtures.js';

interface ObjectiveType {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
}

interface Patched {
  validationErrors: Array<{ propertyName: string; message: string }>;
  addItems: ObjectiveType[];
  updateItems: ObjectiveType[];
}

const PATCH = `mutation ($input: ObjectiveTypeInput!) {
  patchObjectiveType(input: $input) {
    validationErrors { propertyName message }
    addItems { id name description isActive }
    updateItems { id name description isActive }
  }
}`;
const TYPES = `query ($filter: ObjectiveTypeFilter, $skip: Int, $limit: Int) {
  objectiveTypes(filter: $filter, skip: $skip, limit: $limit) { totalModels models { id name description isActive } }
}`;

let server: TestServer;

async function patch(items: unknown[]): Promise<Patched> {
  return dataOf(await server.gql<{ patchObjectiveType: Patched }>(PATCH, { input: { items } }))
    .patchObjectiveType;
}

async function types(variables: Record<string, unknown> = {}) {
  return dataOf(
    await server.gql<{ objectiveTypes: { totalModels: number; models: ObjectiveType[] } }>(TYPES, variables),
  ).objectiveTypes;
}

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('objectiveTypes', () => {
  it('lists the seeded types by name, one of them inactive, filtered by isActive and name', async () => {
    const all = await types();
    expect(all.totalModels).toBeGreaterThanOrEqual(8);
    const names = all.models.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const inactive = await types({ filter: { isActive: false } });
    expect(inactive.totalModels).toBeGreaterThanOrEqual(1);
    expect(inactive.models.every((t) => !t.isActive)).toBe(true);
    const active = await types({ filter: { isActive: true } });
    expect(active.totalModels + inactive.totalModels).toBe(all.totalModels);
    const growth = await types({ filter: { name: 'GROWTH' } });
    expect(growth.models.length).toBeGreaterThan(0);
    expect(growth.models.every((t) => t.name.toLowerCase().includes('growth'))).toBe(true);
  });

  it('rejects a limit over the maximum', async () => {
    const res = await server.gql(TYPES, { limit: 100000 });
    expect(res.errors?.[0]?.extensions?.['code']).toBe('LIMIT_EXCEEDED');
  });
});

describe('patchObjectiveType', () => {
  it('adds and updates in one call, and objectiveTypes shows both', async () => {
    const existing = (await types({ filter: { isActive: true } })).models[0]!;
    const res = await patch([
      { name: '  Sector Focus  ', description: 'Grow one sector.' },
      { id: existing.id, isActive: false, description: 'Retired.' },
      { name: 'Draft Category', isActive: false },
    ]);
    expect(res.validationErrors).toEqual([]);
    expect(res.addItems).toEqual([
      { id: expect.any(String), name: 'Sector Focus', description: 'Grow one sector.', isActive: true },
      { id: expect.any(String), name: 'Draft Category', description: null, isActive: false },
    ]);
    expect(res.updateItems).toEqual([{ ...existing, isActive: false, description: 'Retired.' }]);
    const listed = (await types()).models;
    for (const t of [...res.addItems, ...res.updateItems]) expect(listed).toContainEqual(t);
    // An inactive type is no longer offered for new objectives.
    const refused = dataOf(
      await server.gql<{ addObjective: { validationErrors: Array<{ propertyName: string }> } }>(
        `mutation ($input: AddObjectiveInput!) { addObjective(input: $input) { validationErrors { propertyName } } }`,
        { input: { name: 'Uses retired type', objectiveTypeIds: [existing.id] } },
      ),
    ).addObjective;
    expect(propertyNames(refused.validationErrors)).toEqual(['objectiveTypeIds[0]']);
    // Reactivating it makes it usable again.
    const back = await patch([{ id: existing.id, isActive: true }]);
    expect(back.updateItems[0]).toMatchObject({ id: existing.id, isActive: true, description: 'Retired.' });
  });

  it('reports item failures by index and writes nothing', async () => {
    const before = await types();
    const taken = before.models[0]!;
    const res = await patch([
      { name: 'Fine New Type' },
      { id: 'no-such-type', name: 'x' },
      { name: '   ' },
      { name: taken.name.toUpperCase() },
      { id: before.models[1]!.id, name: '' },
      { name: 'Twin' },
      { name: 'twin' },
    ]);
    expect(res.addItems).toEqual([]);
    expect(res.updateItems).toEqual([]);
    expect(propertyNames(res.validationErrors)).toEqual([
      'items[1].id',
      'items[2].name',
      'items[4].name',
      'items[3].name',
      'items[6].name',
    ]);
    expect(await types()).toEqual(before);
  });

  it('lets a rename free a name that another item takes in the same call', async () => {
    const [first] = (await patch([{ name: 'Swap Source' }])).addItems;
    const res = await patch([{ id: first!.id, name: 'Swap Target' }, { name: 'Swap Source' }]);
    expect(res.validationErrors).toEqual([]);
    expect(res.updateItems[0]?.name).toBe('Swap Target');
    expect(res.addItems[0]?.name).toBe('Swap Source');
  });

  it('pages objectiveTypes with the default limit of 100 once there are more', async () => {
    const before = await types();
    const items = Array.from({ length: 101 - before.totalModels + 5 }, (_, i) => ({
      name: `Bulk Type ${String(i).padStart(3, '0')}`,
    }));
    const res = await patch(items);
    expect(res.addItems).toHaveLength(items.length);
    const firstPage = await types();
    expect(firstPage.totalModels).toBe(before.totalModels + items.length);
    expect(firstPage.models).toHaveLength(100);
    const rest = await types({ skip: 100 });
    expect(rest.models).toHaveLength(firstPage.totalModels - 100);
    expect(new Set([...firstPage.models, ...rest.models].map((t) => t.id)).size).toBe(firstPage.totalModels);
  });
});

describe('revision 1.2.0', () => {
  it.each([
    ['objectiveTypes', '{ objectiveTypes { totalModels } }'],
    ['patchObjectiveType', 'mutation { patchObjectiveType(input: { items: [] }) { addItems { id } } }'],
  ])('rejects %s as a validation error', async (_name, query) => {
    const res = await server.gql(query, undefined, { version: '1.2.0' });
    expect(res.status).toBe(200);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
