import type { StoreReader } from '../../store/index.js';
import type { ContactEntity } from '../../contract/types.generated.js';
import {
  CONTACT_TYPES,
  CONTACTS,
  COUNTRIES,
  COUNTRIES_BY_NAME,
  DEFAULT_GENDERS,
  LANGUAGES,
  META_FIRM_SETTINGS,
  type ContactRecord,
  type ContactTypeRecord,
  type CountryRef,
  type LanguageRecord,
} from './model.js';

/** A plausible e-mail address: one `@`, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** Digits with the usual separators; an optional leading `+` and an `x` extension. */
const PHONE = /^\+?[0-9 ().\-/]+( ?(x|ext\.?) ?[0-9]+)?$/i;

/** Address types a location may have. */
export const ADDRESS_TYPES: readonly string[] = ['Business', 'Home', 'Other'];

/** Whether `text` looks like an e-mail address. */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}

/** Whether `text` looks like a phone number (at least three digits). */
export function isPhoneNumber(text: string): boolean {
  return PHONE.test(text) && (text.match(/[0-9]/g)?.length ?? 0) >= 3;
}

/** The firm's genders (settings area's firm settings), or the defaults when none are set. */
export function firmGenders(meta: Readonly<Record<string, unknown>>): string[] {
  const settings = meta[META_FIRM_SETTINGS];
  if (settings && typeof settings === 'object' && 'genders' in settings) {
    const genders = (settings as { genders?: unknown }).genders;
    if (Array.isArray(genders)) {
      const valid = genders.filter((g): g is string => typeof g === 'string' && g !== '');
      if (valid.length > 0) return valid;
    }
  }
  return [...DEFAULT_GENDERS];
}

/** The firm's language with this id, if any (settings area's `languages`). */
export function findLanguage(store: StoreReader, id: string): LanguageRecord | undefined {
  return store.get<LanguageRecord>(LANGUAGES, id);
}

/**
 * The country a text names (name or ISO code, case-insensitive), when the settings area has countries;
 * `null` when there are no countries to check against, `undefined` when none matches.
 */
export function findCountry(store: StoreReader, text: string): CountryRef | null | undefined {
  if (store.count(COUNTRIES) === 0) return null;
  return store.lookup<CountryRef>(COUNTRIES_BY_NAME, text.toLowerCase())[0];
}

/** The contact with `id`, when it exists and (optionally) is of the given kind. */
export function findContact(
  store: StoreReader,
  id: string | null | undefined,
  kind?: ContactRecord['kind'],
): ContactRecord | undefined {
  if (id === null || id === undefined) return undefined;
  const contact = store.get<ContactRecord>(CONTACTS, id);
  return contact && (!kind || contact.kind === kind) ? contact : undefined;
}

/** Whether a contact type may be given to a contact of `kind`. */
export function allowsEntity(type: ContactTypeRecord, kind: ContactEntity): boolean {
  return type.allowedContactEntity === 'Any' || type.allowedContactEntity === kind;
}

/** The contact type with `id`. */
export function findContactType(store: StoreReader, id: string): ContactTypeRecord | undefined {
  return store.get<ContactTypeRecord>(CONTACT_TYPES, id);
}
