// addList, addWorkingList, editListDetails, editWorkingListDetails and removeWorkingList over HTTP.
import { describe, it, expect } from '@jest/globals';
import { server, useResetServer } from '../../helpers/reset-server.js';
import { dataOf } from '../../helpers/server.js';
import {
  allLists,
  contacts,
  expectBadInput,
  findList,
  fullyAllowed,
  LIST_FIELDS,
  listsOfContact,
  type ListView,
} from './helpers.js';

useResetServer();

type FolderType = { id: string; name: string; listClass: string };
type Failure = { propertyName: string; message: string };

async function folderType(listClass: string, checkSecurity = true): Promise<FolderType[]> {
  const res = await server.gql<{ folderTypes: { models: FolderType[] } }>(
    `query($c: [ListClass], $s: Boolean) { folderTypes(listClass: $c, checkSecurity: $s) { models { id name listClass } } }`,
    { c: [listClass], s: checkSecurity },
  );
  return dataOf(res).folderTypes.models;
}

const ADD_LIST = `mutation($input: AddListInput!) { addList(input: $input) {
  item { ${LIST_FIELDS} } validationErrors { propertyName message } } }`;
type AddListResult = { addList: { item: ListView | null; validationErrors: Failure[] } };

const ADD_WORKING = `mutation($input: AddListInput!) { addWorkingList(input: $input) {
  success errorText item { ${LIST_FIELDS} } } }`;
type AddWorkingResult = {
  addWorkingList: { success: boolean; errorText: string | null; item: ListView | null };
};

const EDIT_LIST = `mutation($input: EditListDetailsInput!) { editListDetails(input: $input) {
  item { ${LIST_FIELDS} } validationErrors { propertyName message } } }`;
type EditListResult = { editListDetails: { item: ListView | null; validationErrors: Failure[] } };

const EDIT_WORKING = `mutation($input: EditWorkingListDetailsInput!) { editWorkingListDetails(input: $input) {
  success errorText item { ${LIST_FIELDS} } } }`;
type EditWorkingResult = {
  editWorkingListDetails: { success: boolean; errorText: string | null; item: ListView | null };
};

const REMOVE_WORKING = `mutation($id: ID!) { removeWorkingList(listId: $id) }`;

describe('addList', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'creates a marketing list, visible in lists and list (%s)',
    async (version) => {
      const [type] = await folderType('marketingLists');
      const res = dataOf(
        await server.gql<AddListResult>(
          ADD_LIST,
          {
            input: {
              name: '  Autumn Seminar Invitees  ',
              description: 'Guests of the autumn seminar.',
              folderTypeId: type!.id,
              showFlags: true,
              newContactFlag: 'green',
              folderFlags: [{ flag: 'green', description: 'Confirmed' }],
            },
          },
          { version },
        ),
      );
      expect(res.addList.validationErrors).toEqual([]);
      const item = res.addList.item!;
      expect(item).toMatchObject({
        name: 'Autumn Seminar Invitees',
        description: 'Guests of the autumn seminar.',
        allowedLinkInto: true,
        allowedRemoveFrom: true,
        deleteAllowed: true,
        isAdministrator: true,
        allowedContactEntity: 'Any',
        listType: { id: type!.id, listClass: 'marketingLists' },
      });
      expect(item.ownerName).toMatch(/\S/);
      expect(item.creatorName).toBe(item.ownerName);
      const lists = await allLists(server, version);
      expect(lists.find((l) => l.id === item.id)?.name).toBe('Autumn Seminar Invitees');
      const byId = dataOf(
        await server.gql<{ list: { name: string; contacts: { totalModels: number } } }>(
          `query($id: ID!) { list(id: $id) { name contacts { totalModels } } }`,
          { id: item.id },
        ),
      );
      expect(byId.list).toEqual({ name: 'Autumn Seminar Invitees', contacts: { totalModels: 0 } });
    },
  );

  it.each(['1.4.0', '1.2.0'] as const)(
    'reports every invalid field and writes nothing (%s)',
    async (version) => {
      const before = await allLists(server);
      const [working] = await folderType('workingLists');
      const res = dataOf(
        await server.gql<AddListResult>(
          ADD_LIST,
          {
            input: {
              name: '   ',
              folderTypeId: working!.id,
              folderFlags: [
                { flag: 'red', description: '' },
                { flag: 'none', description: 'Nothing' },
              ],
            },
          },
          { version },
        ),
      );
      expect(res.addList.item).toBeNull();
      expect(res.addList.validationErrors.map((e) => e.propertyName).sort()).toEqual(
        ['folderFlags[0].description', 'folderFlags[1].flag', 'folderTypeId', 'name'].sort(),
      );
      expect(await allLists(server)).toHaveLength(before.length);
    },
  );

  it('refuses unknown and secured folder types', async () => {
    const visible = new Set((await folderType('marketingLists')).map((t) => t.id));
    const secured = (await folderType('marketingLists', false)).find((t) => !visible.has(t.id))!;
    for (const id of [secured.id, '55555555-5555-5555-5555-555555555555']) {
      const res = dataOf(
        await server.gql<AddListResult>(ADD_LIST, { input: { name: 'X', folderTypeId: id } }),
      );
      expect(res.addList.validationErrors).toEqual([
        { propertyName: 'folderTypeId', message: expect.stringContaining('No folder type') },
      ]);
    }
  });
});

describe('addWorkingList', () => {
  it.each(['1.4.0', '1.2.0'] as const)('creates a working list (%s)', async (version) => {
    const [type] = await folderType('workingLists');
    const res = dataOf(
      await server.gql<AddWorkingResult>(
        ADD_WORKING,
        { input: { name: 'Pitch Prep', folderTypeId: type!.id } },
        { version },
      ),
    );
    expect(res.addWorkingList).toMatchObject({
      success: true,
      errorText: null,
      item: { name: 'Pitch Prep', description: null, listType: { id: type!.id, listClass: 'workingLists' } },
    });
    const lists = await allLists(server);
    expect(lists.filter((l) => l.name === 'Pitch Prep')).toHaveLength(1);
  });

  it.each(['1.4.0', '1.2.0'] as const)(
    'fails with errorText for a marketing folder type (%s)',
    async (version) => {
      const before = await allLists(server);
      const [marketing] = await folderType('marketingLists');
      const res = dataOf(
        await server.gql<AddWorkingResult>(
          ADD_WORKING,
          { input: { name: 'Wrong', folderTypeId: marketing!.id } },
          { version },
        ),
      );
      expect(res.addWorkingList).toMatchObject({ success: false, item: null });
      expect(res.addWorkingList.errorText).toMatch(/workingLists/);
      expect(await allLists(server)).toHaveLength(before.length);
    },
  );
});

describe('editListDetails', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'changes the given fields and keeps the others (%s)',
    async (version) => {
      const list = await findList(server, (l) => l.listType.listClass === 'marketingLists');
      const res = dataOf(
        await server.gql<EditListResult>(
          EDIT_LIST,
          { input: { id: list.id, name: 'Renamed Marketing List' } },
          { version },
        ),
      );
      expect(res.editListDetails.validationErrors).toEqual([]);
      expect(res.editListDetails.item).toMatchObject({
        id: list.id,
        name: 'Renamed Marketing List',
        description: list.description,
      });
      const filtered = dataOf(
        await server.gql<{ lists: { models: Array<{ id: string }> } }>(
          `{ lists(filter: [{ field: name, value: "renamed marketing" }]) { models { id } } }`,
        ),
      );
      expect(filtered.lists.models.map((l) => l.id)).toEqual([list.id]);
      const cleared = dataOf(
        await server.gql<EditListResult>(EDIT_LIST, { input: { id: list.id, description: null } }),
      );
      expect(cleared.editListDetails.item).toMatchObject({
        name: 'Renamed Marketing List',
        description: null,
      });
    },
  );

  it.each(['1.4.0', '1.2.0'] as const)(
    'refuses an empty name and working lists, changing nothing (%s)',
    async (version) => {
      const list = await findList(server, (l) => l.listType.listClass === 'marketingLists');
      const working = await findList(server, (l) => l.listType.listClass === 'workingLists');
      const empty = dataOf(
        await server.gql<EditListResult>(
          EDIT_LIST,
          { input: { id: list.id, name: '', description: 'new' } },
          { version },
        ),
      );
      expect(empty.editListDetails).toMatchObject({
        item: null,
        validationErrors: [{ propertyName: 'name' }],
      });
      const wrong = dataOf(
        await server.gql<EditListResult>(EDIT_LIST, { input: { id: working.id, name: 'X' } }, { version }),
      );
      expect(wrong.editListDetails.validationErrors.map((e) => e.propertyName)).toEqual(['id']);
      const after = await allLists(server);
      expect(after.find((l) => l.id === list.id)).toMatchObject({
        name: list.name,
        description: list.description,
      });
      expect(after.find((l) => l.id === working.id)?.name).toBe(working.name);
    },
  );
});

describe('editWorkingListDetails', () => {
  it.each(['1.4.0', '1.2.0'] as const)('edits a working list (%s)', async (version) => {
    const list = await findList(server, (l) => l.listType.listClass === 'workingLists');
    const res = dataOf(
      await server.gql<EditWorkingResult>(
        EDIT_WORKING,
        { input: { id: list.id, description: 'Updated scope.' } },
        { version },
      ),
    );
    expect(res.editWorkingListDetails).toMatchObject({
      success: true,
      item: { id: list.id, name: list.name, description: 'Updated scope.' },
    });
    expect((await allLists(server)).find((l) => l.id === list.id)?.description).toBe('Updated scope.');
  });

  it.each(['1.4.0', '1.2.0'] as const)(
    'fails for a marketing list and an unknown id (%s)',
    async (version) => {
      const marketing = await findList(server, (l) => l.listType.listClass === 'marketingLists');
      const res = dataOf(
        await server.gql<EditWorkingResult>(
          EDIT_WORKING,
          { input: { id: marketing.id, name: 'X' } },
          { version },
        ),
      );
      expect(res.editWorkingListDetails).toMatchObject({ success: false, item: null });
      expect(res.editWorkingListDetails.errorText).toMatch(/not a working list/);
      const unknown = dataOf(
        await server.gql<EditWorkingResult>(
          EDIT_WORKING,
          { input: { id: '66666666-6666-6666-6666-666666666666' } },
          { version },
        ),
      );
      expect(unknown.editWorkingListDetails.success).toBe(false);
      expect((await allLists(server)).find((l) => l.id === marketing.id)?.name).toBe(marketing.name);
    },
  );
});

describe('removeWorkingList', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'deletes a working list with its memberships (%s)',
    async (version) => {
      const list = await findList(server, fullyAllowed('workingLists'));
      const res = await server.gql<{ list: { contacts: { models: Array<{ id: string }> } } }>(
        `query($id: ID!) { list(id: $id) { contacts(limit: 1) { models { id } } } }`,
        { id: list.id },
      );
      const member = dataOf(res).list.contacts.models[0]!.id;
      expect((await listsOfContact(server, member)).in).toContain(list.id);
      const removed = dataOf(
        await server.gql<{ removeWorkingList: boolean }>(REMOVE_WORKING, { id: list.id }, { version }),
      );
      expect(removed.removeWorkingList).toBe(true);
      expect(
        dataOf(
          await server.gql<{ list: unknown }>(`query($id: ID!) { list(id: $id) { id } }`, { id: list.id }),
        ).list,
      ).toBeNull();
      expect((await allLists(server)).map((l) => l.id)).not.toContain(list.id);
      expect((await listsOfContact(server, member)).in).not.toContain(list.id);
      const events = dataOf(
        await server.gql<{ listEventViews: { models: Array<{ eventType: string }> } }>(
          `query($id: ID!) { listEventViews(filter: { listIds: [$id], eventTypes: [ListDeleted] }) { models { eventType } } }`,
          { id: list.id },
        ),
      );
      expect(events.listEventViews.models.map((e) => e.eventType)).toEqual(['ListDeleted']);
    },
  );

  it.each(['1.4.0', '1.2.0'] as const)(
    'refuses lists it may not delete, marketing lists and unknown ids (%s)',
    async (version) => {
      const noDelete = await findList(
        server,
        (l) => l.listType.listClass === 'workingLists' && !l.deleteAllowed,
      );
      const marketing = await findList(server, (l) => l.listType.listClass === 'marketingLists');
      for (const id of [noDelete.id, marketing.id, '77777777-7777-7777-7777-777777777777']) {
        const res = await server.gql<{ removeWorkingList: boolean | null }>(
          REMOVE_WORKING,
          { id },
          { version },
        );
        expect(res.data?.removeWorkingList).toBeNull();
        expectBadInput(res, 'listId');
      }
      const ids = (await allLists(server)).map((l) => l.id);
      expect(ids).toEqual(expect.arrayContaining([noDelete.id, marketing.id]));
    },
  );
});

describe('lists created through the API', () => {
  it('accept members and show in the contact view of lists', async () => {
    const [type] = await folderType('workingLists');
    const created = dataOf(
      await server.gql<AddWorkingResult>(ADD_WORKING, { input: { name: 'Fresh', folderTypeId: type!.id } }),
    );
    const id = created.addWorkingList.item!.id;
    const [contact] = await contacts(server);
    expect((await listsOfContact(server, contact!.id)).notIn).toContain(id);
  });
});
