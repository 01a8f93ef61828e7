import type { UpdatePublicPersonInput } from '../../contract/types.generated.js';
import type { StoreReader, Transaction } from '../../store/index.js';
import type { Validator } from '../shared/validation.js';
import {
  ADDRESSES,
  ADDRESSES_BY_CONTACT,
  CONTACTS,
  EMAIL_ADDRESSES,
  EMAILS_BY_CONTACT,
  PHONE_NUMBERS,
  PHONES_BY_CONTACT,
  type AddressRecord,
  type ContactRecord,
  type EmailRecord,
  type PhoneRecord,
} from './model.js';
import { checkAddress, checkEmail, checkPhone, type CleanAddress } from './input-rules.js';
import { putAddress, putEmail, putPhone } from './write.js';

/**
 * The employer named by `companyName`: exactly one company of that name (case-insensitive);
 * none or several is a validation failure. Undefined when no name is given.
 */
export function companyByName(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  name: string | null | undefined,
): string | undefined {
  const wanted = v.optionalText(propertyName, name)?.toLocaleLowerCase('en');
  if (!wanted) return undefined;
  const matches = [...store.all<ContactRecord>(CONTACTS)].filter(
    (c) => c.kind === 'Company' && (c.name ?? c.displayName).toLocaleLowerCase('en') === wanted,
  );
  if (matches.length === 1) return matches[0]!.id;
  v.fail(
    propertyName,
    matches.length === 0
      ? `No company is named "${name}".`
      : `${matches.length} companies are named "${name}"; give companyId instead.`,
  );
  return undefined;
}

/**
 * The employer of a new person from `companyId` and/or the client's `companyName`: when both are
 * given they must name the same company.
 */
export function employerOfNewPerson(
  v: Validator,
  byId: string | undefined,
  byName: string | undefined,
): string | undefined {
  if (byId && byName && byId !== byName) {
    v.fail('companyName', 'companyName and companyId name different companies.');
    return undefined;
  }
  return byId ?? byName;
}

/** The validated contact details of an `updatePublicPerson`; undefined where the key is absent. */
export interface PersonDetailChanges {
  address?: CleanAddress;
  email?: string;
  phone?: string;
}

/** Validates the client's `address`, `email` and `primaryPhone` of `updatePublicPerson`. */
export function checkPersonDetails(
  v: Validator,
  store: StoreReader,
  input: UpdatePublicPersonInput,
): PersonDetailChanges {
  return {
    address: checkAddress(v, store, 'address', input.address),
    email: checkEmail(v, 'email.electronicAddress', input.email?.electronicAddress),
    phone: checkPhone(v, 'primaryPhone.number', input.primaryPhone?.number),
  };
}

/**
 * Writes the detail changes: the address replaces the fields of the person's business address (or
 * is added as one), the e-mail replaces the first business e-mail (or is added), the phone the first
 * business phone (or is added). Returns whether anything changed.
 */
export function applyPersonDetails(
  tx: Transaction,
  contactId: string,
  changes: PersonDetailChanges,
): boolean {
  let changed = false;
  if (changes.address) {
    const current = tx
      .lookup<AddressRecord>(ADDRESSES_BY_CONTACT, contactId)
      .find((a) => a.type === 'Business');
    const a = changes.address;
    if (!current) {
      putAddress(tx, contactId, 'Business', a, false);
      changed = true;
    } else {
      const next: AddressRecord = {
        ...current,
        street: a.street,
        city: a.city,
        administrativeDivision: a.administrativeDivision,
        country: a.country,
        postalCode: a.postalCode,
      };
      if (JSON.stringify(next) !== JSON.stringify(current)) {
        tx.put<AddressRecord>(ADDRESSES, next);
        changed = true;
      }
    }
  }
  if (changes.email) {
    const emails = tx.lookup<EmailRecord>(EMAILS_BY_CONTACT, contactId);
    const current = emails.find((e) => e.type === 'Business') ?? emails[0];
    if (!current) {
      putEmail(tx, contactId, changes.email);
      changed = true;
    } else if (current.address !== changes.email) {
      tx.put<EmailRecord>(EMAIL_ADDRESSES, { ...current, address: changes.email });
      changed = true;
    }
  }
  if (changes.phone) {
    const current = tx.lookup<PhoneRecord>(PHONES_BY_CONTACT, contactId).find((p) => p.type === 'Business');
    if (!current) {
      putPhone(tx, contactId, changes.phone, 'Business', null);
      changed = true;
    } else if (current.number !== changes.phone) {
      tx.put<PhoneRecord>(PHONE_NUMBERS, { ...current, number: changes.phone });
      changed = true;
    }
  }
  return changed;
}
