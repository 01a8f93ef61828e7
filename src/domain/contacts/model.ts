import type { Entity, StoreReader } from '../../store/index.js';
import type { Validator } from '../shared/validation.js';

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
// Name constants of collections and indexes: every area's model.ts lists its own, alike in shape only.

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

/** The API user's contact id (spec §1.3, §5: every call acts as that user), once this area seeded it. */
export function apiUserId(store: StoreReader): string | undefined {
  const id = store.meta[META_API_USER_ID];
  return typeof id === 'string' ? id : undefined;
}

/** The contact with `id`, when it exists and (optionally) is of the given kind. */
export function findContact(
  store: StoreReader,
  id: string | null | undefined,
  kind?: ContactRecord['kind'],
): ContactRecord | undefined {
  if (!id) return undefined;
  const contact = store.get<ContactRecord>(CONTACTS, id);
  return contact && (!kind || contact.kind === kind) ? contact : undefined;
}

/** The contact (of `kind`, when given) with `id`; when there is none, a failure of `propertyName`. */
export function checkContact(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  id: string,
  kind?: ContactRecord['kind'],
): ContactRecord | undefined {
  const contact = findContact(store, id, kind);
  if (!contact) v.fail(propertyName, `No ${kind?.toLowerCase() ?? 'contact'} exists with id "${id}".`);
  return contact;
}

/** Whether a stored contact is a person. */
export function isPerson(contact: ContactRecord): boolean {
  return contact.kind === 'Person';
}

/** Index of profiles by `contactId`. */
export const PROFILES_BY_CONTACT = 'profiles.byContact';
/** Index of the settings area's `countries` by lower-cased name and ISO code (address validation). */
export const COUNTRIES_BY_NAME = 'contacts.countriesByName';

/** The settings area's collections and firm settings the contacts area reads (declared there). */
export { COUNTRIES, INDUSTRIES, LANGUAGES, META_FIRM_SETTINGS } from '../settings/model.js';
/** Meta key of the folders contact types belong to (`[{ id, name }]`), for the lists area's `folderTypes`. */
export const META_CONTACT_TYPE_FOLDERS = 'contactTypeFolders';

/** Genders offered when the firm settings do not list any. */
export const DEFAULT_GENDERS: readonly string[] = ['Female', 'Male', 'Non-binary', 'Not specified'];

/** A postal address of a contact (§2.3 `Address`); a "location" in the location mutations. */
export interface AddressRecord extends Entity {
  id: string;
  contactId: string;
  /** Business, Home or Other. */
  type: string;
  usage: string;
  label: string | null;
  street: string | null;
  city: string | null;
  administrativeDivision: string | null;
  additional: string | null;
  country: string | null;
  postalCode: string | null;
  isGlobal: boolean;
  isMailingAddress: boolean;
}

/** An e-mail address of a contact (§2.3 `EmailAddress`). */
export interface EmailRecord extends Entity {
  id: string;
  contactId: string;
  type: string;
  usage: string;
  address: string;
  label: string | null;
  isGlobal: boolean;
}

/** A phone number of a contact (§2.3 `PhoneNumber`), optionally at one of its addresses. */
export interface PhoneRecord extends Entity {
  id: string;
  contactId: string;
  addressId: string | null;
  number: string;
  label: string | null;
  /** Business, Mobile, Home, Fax, Pager. */
  type: string;
  usage: string;
  isGlobal: boolean;
}

/** A note on a contact. */
export interface NoteRecord extends Entity {
  id: string;
  contactId: string;
  subject: string;
  text: string;
  creatorName: string;
  /** `YYYY-MM-DD`. */
  lastEditedDate: string;
  /** The note folder it is filed in; absent on notes stored before folders existed. */
  folderId?: string;
  /** ISO date-time of the last change; absent on older stores (then the edit date at midnight). */
  changedAt?: string;
}

/** A contact type (folder contact type, A-19). */
export interface ContactTypeRecord extends Entity {
  id: string;
  name: string;
  pluralName: string;
  folderId: string;
  folderType: string;
  allowedContactEntity: 'Any' | 'Person' | 'Company';
}

/** A profile of a contact: a firm profile template (`profileId`) filled in for one contact. */
export interface ProfileRecord extends Entity {
  id: string;
  profileId: string;
  contactId: string;
  name: string;
  displayOrder: number;
  listingType: string;
  userCriterionIds: string[];
  groupCriterionIds: string[];
  contactTypeIds: string[];
  profileItems: Array<{ id: string; name: string; value: string; displayOrder: number }>;
}

/** A language of the firm (settings area's `languages`). */
export interface LanguageRecord extends Entity {
  id: string;
  name: string;
  localName?: string;
  isoCode?: string;
}

/** A country as the settings area stores it (only the fields the contacts area reads). */
export interface CountryRef extends Entity {
  id: string;
  name: string;
  isoCode: string;
}

/** The display name of a person: the name a colleague would use, "First Last". */
export function personDisplayName(p: {
  firstName?: string | null;
  lastName?: string | null;
  goesBy?: string | null;
}): string {
  return [p.goesBy || p.firstName, p.lastName].filter((s) => s).join(' ');
}

/** The full formal name of a person: title, first, middle, last name and suffix. */
export function personFullName(p: ContactRecord): string {
  return [p.title, p.firstName, p.middleName, p.lastName, p.suffix].filter((s) => s).join(' ');
}
