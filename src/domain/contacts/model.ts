import type { Entity } from '../../store/index.js';

/** Store collections and indexes of the contacts area; other areas read contacts through these. */
export const CONTACTS = 'contacts';
export const ADDRESSES = 'addresses';
export const EMAIL_ADDRESSES = 'emailAddresses';
export const PHONE_NUMBERS = 'phoneNumbers';
export const NOTES = 'notes';
export const CONTACT_TYPES = 'contactTypes';
export const PROFILES = 'profiles';

/** Index: people by employer (`companyId`). */
export const PEOPLE_BY_EMPLOYER = 'contacts.byEmployer';
/** Indexes of the contact's sub-records by `contactId`. */
export const ADDRESSES_BY_CONTACT = 'addresses.byContact';
export const EMAILS_BY_CONTACT = 'emailAddresses.byContact';
export const PHONES_BY_CONTACT = 'phoneNumbers.byContact';
export const NOTES_BY_CONTACT = 'notes.byContact';

/** Meta keys: the firm's own company contact and the API user (a Person employed by it, spec §1.3, §5). */
export const META_FIRM_COMPANY_ID = 'firmCompanyId';
export const META_API_USER_ID = 'apiUserId';

/** A stored contact: a person or a company. Optional fields apply to one kind only. */
export interface ContactRecord extends Entity {
  id: string;
  kind: 'Person' | 'Company';
  displayName: string;
  visibility: 'public' | 'private' | 'unknown';
  tags: string[];
  /** ContactType ids (folder contact types). */
  contactTypeIds: string[];
  /** Industry ids (searchFirmContacts `industryIds`). */
  industryIds: string[];
  /** Relationship score of the API user with this contact (§2.3, A-14); null when there is none. */
  score: { strength: number; value: number; maxValue: number; description: string } | null;
  isPendingFirmContact: boolean;
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
  // Person
  title?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  suffix?: string | null;
  goesBy?: string | null;
  assistantName?: string | null;
  jobTitle?: string | null;
  /** Employer (a Company contact id). */
  companyId?: string | null;
  /** An employee of the firm itself. */
  isEmployee?: boolean;
  /** Contact-level additional fields, set by updateContactAdditionalFields. */
  languageId?: string | null;
  gender?: string | null;
  // Company
  name?: string | null;
  alias?: string | null;
  website?: string | null;
}

/** Whether a stored contact is a person. */
export function isPerson(contact: ContactRecord): boolean {
  return contact.kind === 'Person';
}
