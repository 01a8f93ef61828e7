import type { StoreReader } from '../../store/index.js';
import {
  ADDRESSES_BY_CONTACT,
  EMAILS_BY_CONTACT,
  META_FIRM_COMPANY_ID,
  PEOPLE_BY_EMPLOYER,
  PHONES_BY_CONTACT,
  type AddressRecord,
  type ContactRecord,
  type EmailRecord,
  type PhoneRecord,
} from '../contacts/model.js';
import {
  RELATIONSHIP_TYPES,
  RELATIONSHIPS_BY_BASE,
  RELATIONSHIPS_BY_RELATED,
  type RelationshipRecord,
  type RelationshipTypeRecord,
} from './model.js';

/** The API user's contact id (the contacts area's `apiUserId`, under the name this area's modules use). */
export { apiUserId as apiUserIdOf } from '../contacts/model.js';

/** The firm's own company contact id, or undefined in a store without contacts. */
export function firmCompanyIdOf(store: StoreReader): string | undefined {
  const id = store.meta[META_FIRM_COMPANY_ID];
  return typeof id === 'string' ? id : undefined;
}

/** Whether the API user may see a relationship: private ones only when the user owns them (A-51, §5.3). */
export function isVisibleTo(rel: RelationshipRecord, userId: string | undefined): boolean {
  return !rel.isPrivate || (userId !== undefined && rel.ownerId === userId);
}

/** The other contact of a relationship, seen from `contactId`. */
export function otherSide(rel: RelationshipRecord, contactId: string): string {
  return rel.baseContactId === contactId ? rel.relatedContactId : rel.baseContactId;
}

/**
 * Every relationship of a contact in either direction that the viewer may see, in store order (base
 * side first). Relationships are undirected for the derived views: "A knows B" connects both.
 */
export function visibleRelationshipsOf(
  store: StoreReader,
  contactId: string,
  viewerId: string | undefined,
): RelationshipRecord[] {
  const base = store.lookup<RelationshipRecord>(RELATIONSHIPS_BY_BASE, contactId);
  const related = store.lookup<RelationshipRecord>(RELATIONSHIPS_BY_RELATED, contactId);
  return [...base, ...related].filter((rel) => isVisibleTo(rel, viewerId));
}

/** The relationships between two contacts (either direction) that the viewer may see. */
export function relationshipsBetween(
  store: StoreReader,
  a: string,
  b: string,
  viewerId: string | undefined,
): RelationshipRecord[] {
  return visibleRelationshipsOf(store, a, viewerId).filter((rel) => otherSide(rel, a) === b);
}

/** A relationship type by id. */
export function typeOf(store: StoreReader, id: string): RelationshipTypeRecord | undefined {
  return store.get<RelationshipTypeRecord>(RELATIONSHIP_TYPES, id);
}

/** The people employed by a company (index `contacts.byEmployer`). */
export function employeesOf(store: StoreReader, companyId: string): ContactRecord[] {
  return store.lookup<ContactRecord>(PEOPLE_BY_EMPLOYER, companyId);
}

/** What the employee views show of a person: position, first business e-mail and phone, office city. */
export interface ContactCard {
  displayName: string;
  positionName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  office: string | null;
}

function preferred<T extends { type: string }>(items: readonly T[], type: string): T | undefined {
  return items.find((item) => item.type === type) ?? items[0];
}

/** The contact details the employee views show, from the contact's sub-records. */
export function contactCard(store: StoreReader, contact: ContactRecord): ContactCard {
  const email = preferred(store.lookup<EmailRecord>(EMAILS_BY_CONTACT, contact.id), 'Business');
  const phone = preferred(store.lookup<PhoneRecord>(PHONES_BY_CONTACT, contact.id), 'Business');
  const address = preferred(store.lookup<AddressRecord>(ADDRESSES_BY_CONTACT, contact.id), 'Business');
  return {
    displayName: contact.displayName,
    positionName: contact.jobTitle ?? null,
    emailAddress: email?.address ?? null,
    phoneNumber: phone?.number ?? null,
    office: address?.city ?? null,
  };
}
