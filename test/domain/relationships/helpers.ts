// Shared look-ups of the relationships tests. The API has no query for "who am I" or "which
// relationships are private to someone else" (hiding them is the point), so the tests find such
// fixtures in the seeded store and then assert only through HTTP.
import { expect } from '@jest/globals';
import type { Store } from '../../../src/store/index.js';
import type { GqlResponse, TestServer } from '../../helpers/server.js';

/** The relationship fields the tests read from the store. */
export interface StoredRelationship {
  id: string;
  baseContactId: string;
  relatedContactId: string;
  relationshipTypeId: string;
  strengthLevel: number;
  isPrivate: boolean;
  isFormer: boolean;
  isAnonymous: boolean;
  ownerId: string;
}

/** The contact fields the tests read from the store. */
export interface StoredContact {
  id: string;
  kind: 'Person' | 'Company';
  displayName: string;
  companyId?: string | null;
  isEmployee?: boolean;
  jobTitle?: string | null;
}

/** The live store of a tenant's US region. */
export function storeOf(server: TestServer, tenantId = 'dev-firm'): Promise<Store> {
  return server.simulator.store(tenantId, 'us');
}

/** Ids the tests start from: the API user, the firm, and the stored contacts and relationships. */
export interface World {
  apiUserId: string;
  firmCompanyId: string;
  contacts: StoredContact[];
  relationships: StoredRelationship[];
}

/** A snapshot of what the tests need from a tenant's store. */
export async function world(server: TestServer, tenantId = 'dev-firm'): Promise<World> {
  const store = await storeOf(server, tenantId);
  return {
    apiUserId: store.meta['apiUserId'] as string,
    firmCompanyId: store.meta['firmCompanyId'] as string,
    contacts: [...store.all('contacts')] as unknown as StoredContact[],
    relationships: [...store.all('relationships')] as unknown as StoredRelationship[],
  };
}

/** Client people (not firm employees, employed by a company) the API user has no relationship with. */
export function strangers(w: World): StoredContact[] {
  const related = new Set<string>();
  for (const r of w.relationships) {
    if (r.baseContactId === w.apiUserId) related.add(r.relatedContactId);
    if (r.relatedContactId === w.apiUserId) related.add(r.baseContactId);
  }
  return w.contacts.filter(
    (c) =>
      c.kind === 'Person' &&
      c.isEmployee !== true &&
      !!c.companyId &&
      c.companyId !== w.firmCompanyId &&
      !related.has(c.id),
  );
}

/** The relationship types as the API lists them. */
export interface TypeView {
  id: string;
  name: string;
  status: string;
  strengthScale: number;
  relationshipListingTypes: string[];
  formerInd: boolean;
}

/** Every relationship type, through the API. */
export async function relationshipTypes(server: TestServer): Promise<TypeView[]> {
  const res = await server.gql<{ relationshipTypes: TypeView[] }>(
    '{ relationshipTypes { id name status strengthScale relationshipListingTypes formerInd } }',
  );
  expect(res.errors).toBeUndefined();
  return res.data?.relationshipTypes ?? [];
}

/** An active type for the listing type (PersonToPerson unless told), with the largest scale. */
export function activeType(types: TypeView[], listing = 'PersonToPerson', former?: boolean): TypeView {
  const type = types
    .filter(
      (t) =>
        t.status === 'Active' &&
        t.relationshipListingTypes.includes(listing) &&
        (former === undefined || t.formerInd === former),
    )
    .sort((a, b) => b.strengthScale - a.strengthScale)[0];
  if (!type) throw new Error(`no active ${listing} type`);
  return type;
}

/** The `extensions.validationErrors` of a business-rule GraphQL error. */
export function ruleErrors(res: GqlResponse): Array<{ propertyName: string; message: string }> {
  expect(res.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
  return (res.errors?.[0]?.extensions?.['validationErrors'] ?? []) as Array<{
    propertyName: string;
    message: string;
  }>;
}

/** The error code of the first GraphQL error. */
export function errorCode(res: GqlResponse): unknown {
  return res.errors?.[0]?.extensions?.['code'];
}
