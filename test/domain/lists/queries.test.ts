// lists, list and folderTypes over HTTP: filters, sorting, paging, security and revision differences.
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, dataOf, type TestServer } from '../../helpers/server.js';
import { allLists, expectBadInput, expectSchemaError, LIST_FIELDS, type ListView } from './helpers.js';

type FolderType = { id: string; name: string; listClass: string; isActive: boolean };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function folderTypes(args = '', version: '1.4.0' | '1.2.0' = '1.4.0') {
  return server.gql<{ folderTypes: { totalModels: number; models: FolderType[] } }>(
    `{ folderTypes${args} { totalModels models { id name listClass directoryClassName isActive } } }`,
    {},
    { version },
  );
}

describe('folderTypes', () => {
  it.each(['1.4.0', '1.2.0'] as const)('returns the active types of every class (%s)', async (version) => {
    const { folderTypes: result } = dataOf(await folderTypes('', version));
    expect(result.totalModels).toBe(result.models.length);
    const classes = new Set(result.models.map((t) => t.listClass));
    expect(classes).toEqual(new Set(['contactTypes', 'marketingLists', 'workingLists']));
    expect(result.models.every((t) => t.isActive)).toBe(true);
  });

  it.each(['1.4.0', '1.2.0'] as const)('filters by one list class (%s)', async (version) => {
    const { folderTypes: result } = dataOf(await folderTypes('(listClass: [workingLists])', version));
    expect(result.models.length).toBeGreaterThan(0);
    expect(result.models.every((t) => t.listClass === 'workingLists')).toBe(true);
  });

  it.each(['1.4.0', '1.2.0'] as const)('rejects more than one list class (%s)', async (version) => {
    const res = await folderTypes('(listClass: [marketingLists, workingLists])', version);
    expect(res.data?.folderTypes).toBeNull();
    expectBadInput(res);
  });

  it('hides secured folder types unless checkSecurity is false (1.4.0)', async () => {
    const checked = dataOf(await folderTypes('(checkSecurity: true)')).folderTypes;
    const byDefault = dataOf(await folderTypes()).folderTypes;
    const unchecked = dataOf(await folderTypes('(checkSecurity: false)')).folderTypes;
    expect(byDefault.models.map((t) => t.id)).toEqual(checked.models.map((t) => t.id));
    expect(unchecked.totalModels).toBeGreaterThan(checked.totalModels);
    const visible = new Set(checked.models.map((t) => t.id));
    expect(unchecked.models.filter((t) => !visible.has(t.id)).every((t) => t.isActive)).toBe(true);
  });

  it('has no checkSecurity argument in 1.2.0', async () => {
    expectSchemaError(await folderTypes('(checkSecurity: false)', '1.2.0'));
  });
});

describe('lists', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'returns the unarchived lists by name with rights (%s)',
    async (version) => {
      const res = await server.gql<{
        lists: { skip: number; limit: number; totalModels: number; models: ListView[] };
      }>(`{ lists { skip limit totalModels models { ${LIST_FIELDS} } } }`, {}, { version });
      const { lists } = dataOf(res);
      expect(lists.skip).toBe(0);
      expect(lists.limit).toBe(100);
      // small profile: 4 marketing + 3 working lists, one of each class archived.
      expect(lists.totalModels).toBe(5);
      const names = lists.models.map((l) => l.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
      for (const l of lists.models) {
        expect(['marketingLists', 'workingLists']).toContain(l.listType.listClass);
        expect(l.ownerName).toMatch(/\S+ \S+/);
        expect(typeof l.allowedLinkInto).toBe('boolean');
      }
      expect(lists.models.some((l) => !l.allowedLinkInto)).toBe(true);
      expect(lists.models.some((l) => !l.allowedRemoveFrom)).toBe(true);
      expect(lists.models.some((l) => !l.deleteAllowed)).toBe(true);
    },
  );

  it('filters by list class and by frequently used', async () => {
    const all = await allLists(server);
    const res = await server.gql<{
      m: { models: ListView[] };
      f: { totalModels: number; models: ListView[] };
    }>(
      `{ m: lists(listClass: [marketingLists]) { models { ${LIST_FIELDS} } }
         f: lists(listType: myFrequentlyUsed) { totalModels models { id } } }`,
    );
    const { m, f } = dataOf(res);
    expect(m.models.length).toBe(all.filter((l) => l.listType.listClass === 'marketingLists').length);
    expect(m.models.every((l) => l.listType.listClass === 'marketingLists')).toBe(true);
    expect(f.totalModels).toBeGreaterThan(0);
    expect(f.totalModels).toBeLessThan(all.length);
  });

  it('filters by name, description, owner and list type ids', async () => {
    const all = await allLists(server);
    const target = all[1]!;
    const word = target.name.split(' ')[0]!.toUpperCase();
    const res = await server.gql<{
      byName: { models: ListView[] };
      byType: { models: ListView[] };
      byOwner: { models: ListView[] };
    }>(
      `query($word: String, $type: String, $owner: String) {
         byName: lists(filter: [{ field: name, value: $word }]) { models { ${LIST_FIELDS} } }
         byType: lists(filter: [{ field: listTypeIds, values: [$type] }]) { models { ${LIST_FIELDS} } }
         byOwner: lists(filter: [{ field: ownerName, value: $owner }, { field: name, value: $word }]) { models { ${LIST_FIELDS} } }
       }`,
      { word, type: target.listType.id, owner: target.ownerName },
    );
    const { byName, byType, byOwner } = dataOf(res);
    expect(byName.models.map((l) => l.id)).toContain(target.id);
    expect(byName.models.every((l) => l.name.toUpperCase().includes(word))).toBe(true);
    expect(byType.models.map((l) => l.id)).toContain(target.id);
    expect(byType.models.every((l) => l.listType.id === target.listType.id)).toBe(true);
    expect(byOwner.models.map((l) => l.id)).toContain(target.id);
    expect(byOwner.models.every((l) => l.ownerName === target.ownerName)).toBe(true);
  });

  it.each(['1.4.0', '1.2.0'] as const)('rejects value/values used the wrong way (%s)', async (version) => {
    const wrongValues = await server.gql(
      `{ lists(filter: [{ field: name, values: ["a"] }]) { totalModels } }`,
      {},
      { version },
    );
    expectBadInput(wrongValues);
    const wrongValue = await server.gql(
      `{ lists(filter: [{ field: listTypeIds, value: "a" }]) { totalModels } }`,
      {},
      { version },
    );
    expectBadInput(wrongValue);
  });

  it('sorts by owner and creator name both ways, and rejects other sort fields', async () => {
    const res = await server.gql<{ d: { models: ListView[] }; c: { models: ListView[] } }>(
      `{ d: lists(sort: { field: "ownerName", direction: "Descending" }) { models { ${LIST_FIELDS} } }
         c: lists(sort: { field: "creatorName" }) { models { ${LIST_FIELDS} } } }`,
    );
    const { d, c } = dataOf(res);
    const owners = d.models.map((l) => l.ownerName);
    expect(owners).toEqual([...owners].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    const creators = c.models.map((l) => l.creatorName);
    expect(creators).toEqual([...creators].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expectBadInput(await server.gql(`{ lists(sort: { field: "createdAt" }) { totalModels } }`));
  });

  it('pages with skip and limit, keeping totalModels of the whole match', async () => {
    const all = await allLists(server);
    const res = await server.gql<{ lists: { totalModels: number; models: Array<{ id: string }> } }>(
      `{ lists(skip: 1, limit: 2) { totalModels models { id } } }`,
    );
    const { lists } = dataOf(res);
    expect(lists.totalModels).toBe(all.length);
    expect(lists.models.map((l) => l.id)).toEqual(all.slice(1, 3).map((l) => l.id));
    expectBadInput(await server.gql(`{ lists(skip: -1) { totalModels } }`));
  });
});

describe('list', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'returns one list with its members and field definitions (%s)',
    async (version) => {
      const target = (await allLists(server, version))[0]!;
      const res = await server.gql<{
        list: ListView & {
          contacts: { totalModels: number; models: Array<{ id: string; displayName: string }> };
          additionalFieldDefinitions: {
            totalModels: number;
            models: Array<{ name: string; fieldDataType: string; dataTypeDisplayName: string }>;
          };
        };
      }>(
        `query($id: ID!) { list(id: $id) { ${LIST_FIELDS}
         contacts { totalModels models { id displayName } }
         additionalFieldDefinitions { totalModels models { name fieldDataType dataTypeDisplayName } } } }`,
        { id: target.id },
        { version },
      );
      const { list } = dataOf(res);
      expect(list.name).toBe(target.name);
      expect(list.listType.id).toBe(target.listType.id);
      expect(list.contacts.totalModels).toBeGreaterThan(0);
      expect(list.contacts.models.length).toBe(list.contacts.totalModels);
      const names = list.contacts.models.map((c) => c.displayName);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
      // small profile: 2 definitions per list.
      expect(list.additionalFieldDefinitions.totalModels).toBe(2);
      expect(list.additionalFieldDefinitions.models[0]!.dataTypeDisplayName).toBeTruthy();
    },
  );

  it('returns null for an unknown id', async () => {
    const res = await server.gql<{ list: unknown }>(
      `{ list(id: "00000000-0000-0000-0000-000000000000") { id } }`,
    );
    expect(dataOf(res).list).toBeNull();
  });
});
