// List membership over HTTP: addContactsToLists, removeContactFromLists, removeContactsFromList and the
// contact's lists; permission flags and partial results (§5.3, §7.3).
import { describe, it, expect } from '@jest/globals';
import { server, useResetServer } from '../../helpers/reset-server.js';
import { dataOf } from '../../helpers/server.js';
import {
  contacts,
  expectBadInput,
  findList,
  fullyAllowed,
  listsOfContact,
  memberIds,
  type ListView,
} from './helpers.js';

useResetServer();

const ADD = `mutation($listIds: [ID!]!, $contactIds: [ID!]!) {
  addContactsToLists(listIds: $listIds, contactIds: $contactIds) {
    totalCount successCount skippedCount skippedContactIds resultText } }`;
type AddResult = {
  addContactsToLists: {
    totalCount: number;
    successCount: number;
    skippedCount: number;
    skippedContactIds: string[];
    resultText: string;
  };
};

const REMOVE_ONE = `mutation($contactId: ID!, $listIds: [ID!]!) {
  removeContactFromLists(input: { contactId: $contactId, listIds: $listIds }) {
    item { successIds failedIds pendingIds resultText } validationErrors { propertyName message } } }`;
type RemoveOneResult = {
  removeContactFromLists: {
    item: { successIds: string[]; failedIds: string[]; pendingIds: string[]; resultText: string } | null;
    validationErrors: Array<{ propertyName: string }>;
  };
};

const REMOVE_MANY = `mutation($listId: ID!, $contactIds: [ID!]!) {
  removeContactsFromList(listId: $listId, contactIds: $contactIds) {
    contactsEffected pendingContactsEffected resultText } }`;
type RemoveManyResult = {
  removeContactsFromList: { contactsEffected: number; pendingContactsEffected: number; resultText: string };
};

/** Contacts not in the list, `n` of them, of the given kind (any when omitted). */
async function outsiders(listId: string, n: number, kind?: 'Person' | 'Company'): Promise<string[]> {
  const inList = new Set(await memberIds(server, listId));
  return (await contacts(server))
    .filter((c) => !inList.has(c.id) && (!kind || c.__typename === kind))
    .slice(0, n)
    .map((c) => c.id);
}

const approvalList = (l: ListView) => /approval/i.test(l.description ?? '');

describe('addContactsToLists', () => {
  it.each(['1.4.0', '1.2.0'] as const)('adds contacts, visible from both sides (%s)', async (version) => {
    const list = await findList(server, fullyAllowed('marketingLists'));
    const ids = await outsiders(list.id, 2);
    const before = await listsOfContact(server, ids[0]!);
    expect(before.notIn).toContain(list.id);
    const res = dataOf(
      await server.gql<AddResult>(ADD, { listIds: [list.id], contactIds: ids }, { version }),
    );
    expect(res.addContactsToLists).toMatchObject({
      totalCount: 2,
      successCount: 2,
      skippedCount: 0,
      skippedContactIds: [],
    });
    expect(res.addContactsToLists.resultText).toMatch(/2 contact-list links added/);
    const members = await memberIds(server, list.id);
    expect(members).toEqual(expect.arrayContaining(ids));
    const after = await listsOfContact(server, ids[0]!);
    expect(after.in).toContain(list.id);
    expect(after.notIn).not.toContain(list.id);
  });

  it('counts members already in place as successes and writes nothing twice', async () => {
    const list = await findList(server, fullyAllowed('marketingLists'));
    const member = (await memberIds(server, list.id))[0]!;
    const res = dataOf(await server.gql<AddResult>(ADD, { listIds: [list.id], contactIds: [member] }));
    expect(res.addContactsToLists).toMatchObject({ totalCount: 1, successCount: 1, skippedCount: 0 });
    expect((await memberIds(server, list.id)).filter((id) => id === member)).toHaveLength(1);
  });

  it('skips lists the user may not link into, wrong contact kinds and unknown contacts', async () => {
    const open = await findList(server, fullyAllowed('marketingLists'));
    const noLink = await findList(server, (l) => !l.allowedLinkInto);
    const peopleOnly = await findList(
      server,
      (l) => l.allowedContactEntity === 'Person' && l.allowedLinkInto,
    );
    const [person] = await outsiders(open.id, 1, 'Person');
    const [company] = await outsiders(peopleOnly.id, 1, 'Company');
    const unknown = '11111111-1111-1111-1111-111111111111';
    const noLinkBefore = await memberIds(server, noLink.id);
    const res = dataOf(
      await server.gql<AddResult>(ADD, { listIds: [open.id, noLink.id], contactIds: [person, unknown] }),
    );
    // person → open added; person → noLink skipped; unknown → both skipped.
    expect(res.addContactsToLists).toMatchObject({ totalCount: 4, successCount: 1, skippedCount: 3 });
    expect(res.addContactsToLists.skippedContactIds).toEqual([person, unknown]);
    expect(await memberIds(server, noLink.id)).toEqual(noLinkBefore);
    expect(await memberIds(server, open.id)).toContain(person);
    expect((await listsOfContact(server, person!)).notIn).not.toContain(noLink.id);

    const kind = dataOf(
      await server.gql<AddResult>(ADD, { listIds: [peopleOnly.id], contactIds: [company] }),
    );
    expect(kind.addContactsToLists).toMatchObject({ totalCount: 1, successCount: 0, skippedCount: 1 });
    expect(await memberIds(server, peopleOnly.id)).not.toContain(company);
    expect((await listsOfContact(server, company!)).notIn).not.toContain(peopleOnly.id);
  });

  it.each(['1.4.0', '1.2.0'] as const)(
    'rejects unknown list ids and empty arguments (%s)',
    async (version) => {
      const list = await findList(server, fullyAllowed('marketingLists'));
      const [person] = await outsiders(list.id, 1);
      const unknown = await server.gql<AddResult>(
        ADD,
        { listIds: [list.id, '22222222-2222-2222-2222-222222222222'], contactIds: [person] },
        { version },
      );
      expect(unknown.data?.addContactsToLists).toBeNull();
      expectBadInput(unknown, 'listIds[1]');
      expect(await memberIds(server, list.id)).not.toContain(person);
      expectBadInput(
        await server.gql(ADD, { listIds: [list.id], contactIds: [] }, { version }),
        'contactIds',
      );
    },
  );
});

describe('removeContactFromLists', () => {
  it.each(['1.4.0', '1.2.0'] as const)(
    'reports success, failure and pending per list (%s)',
    async (version) => {
      const open = await findList(server, fullyAllowed('marketingLists'));
      const noRemove = await findList(server, (l) => !l.allowedRemoveFrom);
      const approval = await findList(server, approvalList);
      const [person] = await outsiders(open.id, 1, 'Person');
      // Link the person into all three as the seeded state allows (the no-link list is the approval list).
      dataOf(await server.gql<AddResult>(ADD, { listIds: [open.id, noRemove.id], contactIds: [person] }));
      const inApproval = (await memberIds(server, approval.id))[1]!;
      const res = dataOf(
        await server.gql<RemoveOneResult>(
          REMOVE_ONE,
          { contactId: person, listIds: [open.id, noRemove.id, approval.id] },
          { version },
        ),
      );
      expect(res.removeContactFromLists.validationErrors).toEqual([]);
      expect(res.removeContactFromLists.item).toMatchObject({
        successIds: [open.id],
        // Not a member of the approval list: nothing to remove there.
        failedIds: [noRemove.id, approval.id],
        pendingIds: [],
      });
      expect(await memberIds(server, open.id)).not.toContain(person);
      expect(await memberIds(server, noRemove.id)).toContain(person);
      const after = await listsOfContact(server, person!);
      expect(after.in).not.toContain(open.id);
      expect(after.notIn).toContain(open.id);

      const pending = dataOf(
        await server.gql<RemoveOneResult>(
          REMOVE_ONE,
          { contactId: inApproval, listIds: [approval.id] },
          { version },
        ),
      );
      expect(pending.removeContactFromLists.item).toMatchObject({
        successIds: [],
        failedIds: [],
        pendingIds: [approval.id],
      });
      // A removal waiting for approval keeps the membership.
      expect(await memberIds(server, approval.id)).toContain(inApproval);
    },
  );

  it.each(['1.4.0', '1.2.0'] as const)(
    'rejects an unknown contact and empty list ids (%s)',
    async (version) => {
      const open = await findList(server, fullyAllowed('marketingLists'));
      const res = dataOf(
        await server.gql<RemoveOneResult>(
          REMOVE_ONE,
          { contactId: '33333333-3333-3333-3333-333333333333', listIds: [] },
          { version },
        ),
      );
      expect(res.removeContactFromLists.item).toBeNull();
      expect(res.removeContactFromLists.validationErrors.map((e) => e.propertyName).sort()).toEqual([
        'contactId',
        'listIds',
      ]);
      expect((await memberIds(server, open.id)).length).toBeGreaterThan(0);
    },
  );
});

describe('removeContactsFromList', () => {
  it.each(['1.4.0', '1.2.0'] as const)('removes members and counts what it did (%s)', async (version) => {
    const open = await findList(server, fullyAllowed('marketingLists'));
    const members = await memberIds(server, open.id);
    const [outsider] = await outsiders(open.id, 1);
    const res = dataOf(
      await server.gql<RemoveManyResult>(
        REMOVE_MANY,
        { listId: open.id, contactIds: [members[0], members[1], outsider] },
        { version },
      ),
    );
    expect(res.removeContactsFromList).toMatchObject({ contactsEffected: 2, pendingContactsEffected: 0 });
    expect(res.removeContactsFromList.resultText).toMatch(/1 not in the list/);
    const after = await memberIds(server, open.id);
    expect(after).toHaveLength(members.length - 2);
    expect(after).not.toContain(members[0]);
    expect((await listsOfContact(server, members[0]!)).in).not.toContain(open.id);
  });

  it('keeps members pending on a list whose removals need approval', async () => {
    const approval = await findList(server, approvalList);
    const members = await memberIds(server, approval.id);
    const res = dataOf(
      await server.gql<RemoveManyResult>(REMOVE_MANY, {
        listId: approval.id,
        contactIds: members.slice(0, 3),
      }),
    );
    expect(res.removeContactsFromList).toMatchObject({ contactsEffected: 0, pendingContactsEffected: 3 });
    expect(await memberIds(server, approval.id)).toEqual(members);
  });

  it.each(['1.4.0', '1.2.0'] as const)(
    'refuses lists the user may not remove from, and unknown lists (%s)',
    async (version) => {
      const noRemove = await findList(server, (l) => !l.allowedRemoveFrom);
      const members = await memberIds(server, noRemove.id);
      const refused = await server.gql<RemoveManyResult>(
        REMOVE_MANY,
        { listId: noRemove.id, contactIds: members.slice(0, 1) },
        { version },
      );
      expect(refused.data?.removeContactsFromList).toBeNull();
      expectBadInput(refused, 'listId');
      expect(await memberIds(server, noRemove.id)).toEqual(members);
      const unknown = await server.gql(
        REMOVE_MANY,
        { listId: '44444444-4444-4444-4444-444444444444', contactIds: members.slice(0, 1) },
        { version },
      );
      expectBadInput(unknown, 'listId');
    },
  );
});

describe('membership events', () => {
  it('records list and contact events of adds and removals', async () => {
    const list = await findList(server, fullyAllowed('workingLists'));
    const [person] = await outsiders(list.id, 1, 'Person');
    dataOf(await server.gql<AddResult>(ADD, { listIds: [list.id], contactIds: [person] }));
    dataOf(await server.gql<RemoveManyResult>(REMOVE_MANY, { listId: list.id, contactIds: [person] }));
    const res = await server.gql<{
      listEventViews: { models: Array<{ eventType: string; listId: string }> };
      firmContactEventViews: { models: Array<{ eventType: string; contactId: string }> };
    }>(
      `query($l: [ID!], $c: [ID!]) {
         listEventViews(filter: { listIds: $l, eventTypes: [ListMemberAdded, ListMemberRemoved] }) { models { eventType listId } }
         firmContactEventViews(filter: { contactIds: $c, eventTypes: [ContactAddedToList, ContactRemovedFromList] }) { models { eventType contactId } }
       }`,
      { l: [list.id], c: [person] },
    );
    const data = dataOf(res);
    expect(data.listEventViews.models.map((e) => e.eventType)).toEqual([
      'ListMemberAdded',
      'ListMemberRemoved',
    ]);
    expect(data.firmContactEventViews.models.map((e) => e.eventType)).toEqual([
      'ContactAddedToList',
      'ContactRemovedFromList',
    ]);
  });
});
