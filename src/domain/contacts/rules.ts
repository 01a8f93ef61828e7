import type { StoreReader } from '../../store/index.js';
import type { ContactEntity } from '../../contract/types.generated.js';
import { isoCountry } from '../shared/iso-countries.js';
import {
  CONTACT_TYPES,
  COUNTRIES,
  COUNTRIES_BY_NAME,
  DEFAULT_GENDERS,
  LANGUAGES,
  META_FIRM_SETTINGS,
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
 * The country a text names, when the settings area has countries; `null` when there are none to check
 * against, `undefined` when the text names no country. The firm's configured countries match by name or
 * ISO code (case-insensitive); any other text is looked up in ISO 3166-1 (A-265: English names and
 * aliases of the maintained list, the public client's names, alpha-2/alpha-3 codes). A country the firm
 * has configured keeps the firm's name; any other is named as the list names it.
 */
export function findCountry(
  store: StoreReader,
  text: string,
): Pick<CountryRef, 'name' | 'isoCode'> | null | undefined {
  if (store.count(COUNTRIES) === 0) return null;
  const configured = store.lookup<CountryRef>(COUNTRIES_BY_NAME, text.toLowerCase())[0];
  if (configured) return configured;
  const iso = isoCountry(text);
  if (!iso) return undefined;
  return store.lookup<CountryRef>(COUNTRIES_BY_NAME, iso.isoCode.toLowerCase())[0] ?? iso;
}

/** Whether a contact type may be given to a contact of `kind`. */
export function allowsEntity(type: ContactTypeRecord, kind: ContactEntity): boolean {
  return type.allowedContactEntity === 'Any' || type.allowedContactEntity === kind;
}

/** The contact type with `id`. */
export function findContactType(store: StoreReader, id: string): ContactTypeRecord | undefined {
  return store.get<ContactTypeRecord>(CONTACT_TYPES, id);
}
