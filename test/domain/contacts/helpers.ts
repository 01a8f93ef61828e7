// Shared look-ups of the contacts tests: they find seeded contacts by their shape, never by fixture names.
import { expect } from '@jest/globals';
import { dataOf, type GqlResponse, type TestServer } from '../../helpers/server.js';

/** The contact fields the tests read, as a fragment usable on Contact, Person and Company. */
export const CONTACT_FRAGMENT = `fragment C on Contact {
  id displayName contactEntity visibility tags
  contactTypes { id name }
  addresses { id type city country street postalCode administrativeDivision label isMailingAddress owningContactId }
  emailAddresses { id address type owningContactId }
  phoneNumbers { id number type addressId owningContactId }
  ... on Person {
    firstName lastName middleName title suffix goesBy fullName currentJobTitle isEmployee isPendingFirmContact
    assistantName currentEmployer { id name }
  }
  ... on Company { name alias isPendingFirmContact }
}`;

/** Selection of the contact fields; the document must include CONTACT_FRAGMENT. */
export const CONTACT_FIELDS = '...C';

/** A contact as the tests read it. */
export interface ContactView {
  id: string;
  displayName: string;
  contactEntity: 'Person' | 'Company';
  visibility: string;
  tags: string[];
  contactTypes: Array<{ id: string; name: string }>;
  addresses: Array<{
    id: string;
    type: string;
    city: string | null;
    country: string | null;
    street: string | null;
    postalCode: string | null;
    administrativeDivision: string | null;
    label: string | null;
    isMailingAddress: boolean;
    owningContactId: string;
  }>;
  emailAddresses: Array<{ id: string; address: string; type: string; owningContactId: string }>;
  phoneNumbers: Array<{
    id: string;
    number: string;
    type: string;
    addressId: string | null;
    owningContactId: string;
  }>;
  firstName?: string | null;
  lastName?: string | null;
  middleName?: string | null;
  title?: string | null;
  suffix?: string | null;
  goesBy?: string | null;
  fullName?: string | null;
  currentJobTitle?: string | null;
  isEmployee?: boolean;
  isPendingFirmContact?: boolean;
  assistantName?: string | null;
  currentEmployer?: { id: string; name: string } | null;
  name?: string | null;
  alias?: string | null;
}

/** Result of `searchFirmContacts` as the tests read it. */
export interface SearchView {
  totalModels: number;
  resultsFrom: string;
  searchTerms: Record<string, string | null>;
  models: ContactView[];
}

/** Runs `searchFirmContacts` with filters (and optional sort/paging) and returns its data. */
export async function search(
  server: TestServer,
  args: { filter?: unknown[]; sort?: unknown; skip?: number; limit?: number } = {},
  version: '1.4.0' | '1.2.0' = '1.4.0',
): Promise<SearchView> {
  const res = await searchRaw(server, args, version);
  return dataOf(res).searchFirmContacts;
}

/** `searchFirmContacts` without unwrapping, for error cases. */
export function searchRaw(
  server: TestServer,
  args: { filter?: unknown[]; sort?: unknown; skip?: number; limit?: number } = {},
  version: '1.4.0' | '1.2.0' = '1.4.0',
): Promise<GqlResponse<{ searchFirmContacts: SearchView }>> {
  return server.gql<{ searchFirmContacts: SearchView }>(
    `query ($filter: [ContactFilterInput], $sort: SortInput, $skip: Int, $limit: Int) {
      searchFirmContacts(filter: $filter, sort: $sort, skip: $skip, limit: $limit) {
        totalModels resultsFrom searchTerms { term firstName lastName company emailAddress }
        models { ${CONTACT_FIELDS} }
      }
    }
    ${CONTACT_FRAGMENT}`,
    args,
    { version },
  );
}

/** Every contact (one page of up to 1000). */
export async function allContacts(server: TestServer): Promise<ContactView[]> {
  return (await search(server, { limit: 1000 })).models;
}

/** The code of the first GraphQL error; fails when the response has none. */
export function errorCode(res: GqlResponse<unknown>): unknown {
  expect(res.errors?.length).toBeGreaterThan(0);
  return res.errors?.[0]?.extensions?.['code'];
}

/** The property names of a result's validation errors. */
export function propertyNames(result: { validationErrors: Array<{ propertyName: string }> }): string[] {
  return result.validationErrors.map((e) => e.propertyName);
}
