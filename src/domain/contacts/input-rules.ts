import type { ContactEntity } from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import type { Validator } from '../shared/validation.js';
import {
  ADDRESS_TYPES,
  allowsEntity,
  findContactType,
  findCountry,
  isEmailAddress,
  isPhoneNumber,
} from './rules.js';

// Checks share one form (v, propertyName, value → the cleaned value or undefined): alike in shape, not in rule.

/** Address fields as the add inputs and location inputs carry them. */
export interface AddressInput {
  street?: string | null;
  city?: string | null;
  administrativeDivision?: string | null;
  country?: string | null;
  postalCode?: string | null;
  label?: string | null;
  additionalField?: string | null;
}

/** A validated address, optional texts trimmed (empty → null), the country as the firm names it. */
export interface CleanAddress {
  street: string | null;
  city: string | null;
  administrativeDivision: string | null;
  country: string | null;
  postalCode: string | null;
  label: string | null;
  additional: string | null;
}

/** Whether an address has a street, city, postal code or country: an address with none locates nothing. */
export function locatesSomething(
  a: Pick<CleanAddress, 'street' | 'city' | 'postalCode' | 'country'>,
): boolean {
  return Boolean(a.street || a.city || a.postalCode || a.country);
}

/** A country text checked against the firm's countries, returned as the country's name. */
export function checkCountry(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  value: string | null | undefined,
): string | null {
  const text = v.optionalText(propertyName, value);
  if (!text) return null;
  const country = findCountry(store, text);
  if (country === null) return text;
  if (!country) {
    v.fail(propertyName, `No country named "${text}" exists.`);
    return null;
  }
  return country.name;
}

/**
 * Validates an optional address input under `prefix` (`businessAddress.city`, …); undefined when the
 * input is absent or all of its fields are empty.
 */
export function checkAddress(
  v: Validator,
  store: StoreReader,
  prefix: string,
  input: AddressInput | null | undefined,
): CleanAddress | undefined {
  if (!input) return undefined;
  const text = (field: keyof AddressInput): string | null =>
    v.optionalText(`${prefix}.${field}`, input[field]) ?? null;
  const address: CleanAddress = {
    street: text('street'),
    city: text('city'),
    administrativeDivision: text('administrativeDivision'),
    country: checkCountry(v, store, `${prefix}.country`, input.country),
    postalCode: text('postalCode'),
    label: text('label'),
    additional: text('additionalField'),
  };
  const given = Object.values(address).some((value) => value !== null);
  return given ? address : undefined;
}

/** An optional e-mail address; a given one must look like an address. */
export function checkEmail(
  v: Validator,
  propertyName: string,
  value: string | null | undefined,
): string | undefined {
  const text = v.optionalText(propertyName, value);
  if (text !== undefined && !isEmailAddress(text)) {
    v.fail(propertyName, `${propertyName} must be a valid e-mail address (got "${text}").`);
    return undefined;
  }
  return text;
}

/** An optional phone number; a given one must look like a phone number. */
export function checkPhone(
  v: Validator,
  propertyName: string,
  value: string | null | undefined,
): string | undefined {
  const text = v.optionalText(propertyName, value, 50);
  if (text !== undefined && !isPhoneNumber(text)) {
    v.fail(propertyName, `${propertyName} must be a phone number of digits and separators (got "${text}").`);
    return undefined;
  }
  return text;
}

/** Tags: each non-empty after trimming; duplicates (ignoring case) are dropped. */
export function checkTags(
  v: Validator,
  propertyName: string,
  tags: ReadonlyArray<string | null | undefined> | null | undefined,
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  (tags ?? []).forEach((tag, i) => {
    const text = v.requiredText(`${propertyName}[${i}]`, tag);
    if (text === undefined || seen.has(text.toLowerCase())) return;
    seen.add(text.toLowerCase());
    out.push(text);
  });
  return out;
}

/** Contact type ids that must exist and allow contacts of `kind`. */
export function checkContactTypes(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  ids: ReadonlyArray<string | null | undefined> | null | undefined,
  kind: ContactEntity,
): string[] {
  const out: string[] = [];
  (ids ?? []).forEach((id, i) => {
    if (id === null || id === undefined) return;
    const type = findContactType(store, id);
    if (!type) v.fail(`${propertyName}[${i}]`, `No contact type exists with id "${id}".`);
    else if (!allowsEntity(type, kind)) {
      v.fail(
        `${propertyName}[${i}]`,
        `Contact type "${type.name}" cannot be given to a ${kind.toLowerCase()}.`,
      );
    } else if (!out.includes(id)) out.push(id);
  });
  return out;
}

/** An address type: Business, Home or Other (case-insensitive), returned in its canonical spelling. */
export function checkAddressType(
  v: Validator,
  propertyName: string,
  value: string | null | undefined,
): string | undefined {
  const text = v.optionalText(propertyName, value);
  if (text === undefined) return undefined;
  const type = ADDRESS_TYPES.find((t) => t.toLowerCase() === text.toLowerCase());
  if (!type)
    v.fail(propertyName, `${propertyName} must be one of ${ADDRESS_TYPES.join(', ')} (got "${text}").`);
  return type;
}

/**
 * The new value of an optional text field of a partial update: omitted keeps `current`, null
 * or empty clears it.
 */
export function patchText<K extends string>(
  v: Validator,
  input: Partial<Record<K, string | null>>,
  key: K,
  current: string | null | undefined,
): string | null {
  if (!(key in input)) return current ?? null;
  return v.optionalText(key, input[key]) ?? null;
}
