import type { MailingAddressType } from '../../contract/types.generated.js';
import type { Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { recordEvents } from '../shared/change-events.js';
import { newId, toIsoDateTime } from '../shared/time.js';
// An import list (boilerplate): it names what other files import too.
import {
  ADDRESSES,
  ADDRESSES_BY_CONTACT,
  CONTACTS,
  EMAIL_ADDRESSES,
  PHONE_NUMBERS,
  type AddressRecord,
  type ContactRecord,
  type EmailRecord,
  type PhoneRecord,
} from './model.js';
import type { CleanAddress } from './input-rules.js';

/** Writes a new address of a contact (`id`: the seeder draws its own). */
export function putAddress(
  tx: Transaction,
  contactId: string,
  type: string,
  a: CleanAddress,
  isMailingAddress: boolean,
  id = newId(),
): AddressRecord {
  return tx.put<AddressRecord>(ADDRESSES, {
    id,
    contactId,
    type,
    usage: 'Public',
    label: a.label,
    street: a.street,
    city: a.city,
    administrativeDivision: a.administrativeDivision,
    additional: a.additional,
    country: a.country,
    postalCode: a.postalCode,
    isGlobal: true,
    isMailingAddress,
  });
}

/** Writes a new e-mail address of a contact (`id`: the seeder draws its own). */
export function putEmail(
  tx: Transaction,
  contactId: string,
  address: string,
  type = 'Business',
  id = newId(),
): EmailRecord {
  return tx.put<EmailRecord>(EMAIL_ADDRESSES, {
    id,
    contactId,
    type,
    usage: 'Public',
    address,
    label: type,
    isGlobal: true,
  });
}

/** Writes a new phone number of a contact, optionally at one of its addresses (`id`: the seeder draws its own). */
export function putPhone(
  tx: Transaction,
  contactId: string,
  number: string,
  type: string,
  addressId: string | null,
  id = newId(),
): PhoneRecord {
  return tx.put<PhoneRecord>(PHONE_NUMBERS, {
    id,
    contactId,
    addressId,
    number,
    label: type,
    type,
    usage: 'Public',
    isGlobal: true,
  });
}

/**
 * Writes the business and other addresses of an add input; which one is the mailing address follows
 * `mailingAddress`, and when it is omitted the first address given.
 */
export function putInputAddresses(
  tx: Transaction,
  contactId: string,
  business: CleanAddress | undefined,
  other: CleanAddress | undefined,
  mailing: MailingAddressType | null | undefined,
): { business?: AddressRecord; other?: AddressRecord } {
  const which = mailing ?? (business ? 'Business' : other ? 'Other' : 'None');
  return {
    business: business && putAddress(tx, contactId, 'Business', business, which === 'Business'),
    other: other && putAddress(tx, contactId, 'Other', other, which === 'Other'),
  };
}

/** Clears the mailing flag on a contact's addresses other than `keepId` (one mailing address, A-25). */
export function clearOtherMailingAddresses(tx: Transaction, contactId: string, keepId: string): void {
  for (const a of tx.lookup<AddressRecord>(ADDRESSES_BY_CONTACT, contactId)) {
    if (a.id !== keepId && a.isMailingAddress)
      tx.put<AddressRecord>(ADDRESSES, { ...a, isMailingAddress: false });
  }
}

/** Stores a changed contact (a new object, stamped) and records ContactUpdated. */
export function updateContact(tx: Transaction, ctx: RequestContext, next: ContactRecord): ContactRecord {
  const stored = tx.put<ContactRecord>(CONTACTS, { ...next, updatedAt: toIsoDateTime(ctx.now()) });
  recordEvents(tx, ctx, [{ view: 'contact', eventType: 'ContactUpdated', entityId: stored.id }]);
  return stored;
}
