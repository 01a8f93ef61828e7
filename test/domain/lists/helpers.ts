// Shared look-ups of the lists tests: they find seeded lists by their rights, never by fixture names.
import { expect } from '@jest/globals';
import { dataOf, type GqlResponse, type TestServer } from '../../helpers/server.js';

/** The fields of a list the tests read. */
export const LIST_FIELDS = `
  id name description ownerName creatorName allowedContactEntity isAdministrator
  allowedLinkInto allowedRemoveFrom addAllowed deleteAllowed addActivityAllowed addNoteAllowed
  listType { id name listClass isActive }
`;

/** A list as the tests read it. */
export interface ListView {
  id: string;
  name: string;
  description: string | null;
  ownerName: string;
  creatorName: string;
  allowedContactEntity: string;
  isAdministrator: boolean;
  allowedLinkInto: boolean;
  allowedRemoveFrom: boolean;
  addAllowed: boolean;
  deleteAllowed: boolean;
  addActivityAllowed: boolean;
  addNoteAllowed: boolean;
  listType: { id: string; name: string; listClass: string; isActive: boolean };
}

/** Every list `lists` shows (one page of up to 1000). */
export async function allLists(
  server: TestServer,
  version: '1.4.0' | '1.2.0' = '1.4.0',
): Promise<ListView[]> {
  const res = await server.gql<{ lists: { models: ListView[] } }>(
    `{ lists(limit: 1000) { models { ${LIST_FIELDS} } } }`,
    {},
    { version },
  );
  return dataOf(res).lists.models;
}

/** The first list matching `pick`; fails the test when the fixtures have none. */
export async function findList(server: TestServer, pick: (l: ListView) => boolean): Promise<ListView> {
  const list = (await allLists(server)).find(pick);
  if (!list) throw new Error('no seeded list matches');
  return list;
}

/** A fully allowed list of a class that takes any contact. */
export function fullyAllowed(listClass: string): (l: ListView) => boolean {
  return (l) =>
    l.listType.listClass === listClass &&
    l.allowedContactEntity === 'Any' &&
    l.allowedLinkInto &&
    l.allowedRemoveFrom &&
    l.addAllowed &&
    l.deleteAllowed &&
    !/approval/i.test(l.description ?? '');
}

/** Ids of a list's members (first 1000). */
export async function memberIds(server: TestServer, listId: string): Promise<string[]> {
  const res = await server.gql<{ list: { contacts: { models: Array<{ id: string }> } } }>(
    `query($id: ID!) { list(id: $id) { contacts(limit: 1000) { models { id } } } }`,
    { id: listId },
  );
  return dataOf(res).list.contacts.models.map((c) => c.id);
}

/** Every contact with its kind. */
export async function contacts(server: TestServer): Promise<Array<{ id: string; __typename: string }>> {
  const res = await server.gql<{ searchFirmContacts: { models: Array<{ id: string; __typename: string }> } }>(
    `{ searchFirmContacts(limit: 1000) { models { id __typename } } }`,
  );
  return dataOf(res).searchFirmContacts.models;
}

/** Ids of the lists a contact is in, and of the lists it is not in but could join. */
export async function listsOfContact(
  server: TestServer,
  contactId: string,
): Promise<{ in: string[]; notIn: string[] }> {
  const res = await server.gql<{
    contact: {
      lists: { models: Array<{ id: string }> };
      notIncludedInTheLists: { models: Array<{ id: string }> };
    };
  }>(
    `query($id: ID!) { contact(id: $id) {
       lists(limit: 1000) { models { id } }
       notIncludedInTheLists(limit: 1000) { models { id } } } }`,
    { id: contactId },
  );
  const c = dataOf(res).contact;
  return { in: c.lists.models.map((l) => l.id), notIn: c.notIncludedInTheLists.models.map((l) => l.id) };
}

/** Asserts a GraphQL error with `BAD_USER_INPUT`, and (when given) a validation error on `propertyName`. */
export function expectBadInput(res: GqlResponse<unknown>, propertyName?: string): void {
  expect(res.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  if (propertyName) {
    const errors = res.errors?.[0]?.extensions?.['validationErrors'] as Array<{ propertyName: string }>;
    expect(errors.map((e) => e.propertyName)).toContain(propertyName);
  }
}

/** Asserts a GraphQL validation error (the document does not fit the revision's schema). */
export function expectSchemaError(res: GqlResponse<unknown>): void {
  expect(res.errors?.length).toBeGreaterThan(0);
  expect(res.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
}
