// One simulator per mutation test file, reset before each test; ESM live bindings expose it to the tests.
import { server, useResetServer } from '../../helpers/reset-server.js';
import { dataOf } from '../../helpers/server.js';
import { allContacts, CONTACT_FIELDS, CONTACT_FRAGMENT, type ContactView } from './helpers.js';

/** Both revisions; every contact operation exists in both. */
export const VERSIONS = ['1.4.0', '1.2.0'] as const;
export type Version = (typeof VERSIONS)[number];

/** A contact mutation's result as the tests read it. */
export interface Result {
  status?: string;
  validationErrors: Array<{ propertyName: string; message: string }>;
  item: ContactView | null;
}

export { server };
/** Every contact right after the last reset. */
export let contacts: ContactView[];

/** Starts the server for the calling test file and resets the tenant before each test. */
export function useContactServer(): void {
  useResetServer(async (running) => {
    contacts = await allContacts(running);
  });
}

/** Runs a contact mutation `op(input: $input)` and returns its result. */
export async function mutate(
  op: string,
  inputType: string,
  input: unknown,
  version: Version = '1.4.0',
): Promise<Result> {
  const status = op === 'addCompany' || op === 'updatePublicCompany' ? '' : 'status';
  const res = await server.gql<Record<string, Result>>(
    `mutation ($input: ${inputType}!) {
      ${op}(input: $input) { ${status} validationErrors { propertyName message } item { ${CONTACT_FIELDS} } }
    }
    ${CONTACT_FRAGMENT}`,
    { input },
    { version },
  );
  return dataOf(res)[op]!;
}

export async function contact(id: string): Promise<ContactView | null> {
  const res = await server.gql<{ contact: ContactView | null }>(
    `query ($id: ID!) { contact(id: $id) { ${CONTACT_FIELDS} } } ${CONTACT_FRAGMENT}`,
    { id },
  );
  return dataOf(res).contact;
}

export function companies(): ContactView[] {
  return contacts.filter((c) => c.contactEntity === 'Company');
}

export function people(): ContactView[] {
  return contacts.filter((c) => c.contactEntity === 'Person');
}

export async function contactTypeIds(): Promise<Record<string, string>> {
  const res = await server.gql<{ contactTypes: { models: Array<{ id: string; name: string }> } }>(
    '{ contactTypes { models { id name } } }',
  );
  return Object.fromEntries(dataOf(res).contactTypes.models.map((t) => [t.name, t.id]));
}

export async function eventTypes(contactId: string): Promise<string[]> {
  const res = await server.gql<{ firmContactEventViews: { models: Array<{ eventType: string }> } }>(
    `query ($ids: [ID!]) { firmContactEventViews(filter: { contactIds: $ids }) { models { eventType } } }`,
    { ids: [contactId] },
  );
  return dataOf(res).firmContactEventViews.models.map((e) => e.eventType);
}
