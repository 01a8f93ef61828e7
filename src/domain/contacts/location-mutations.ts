import type {
  MutationAddPublicLocationArgs,
  MutationChangePublicContactLocationArgs,
} from '../../contract/types.generated.js';
import type { ValidationError } from '../shared/errors.js';
import { inputMutation } from '../shared/mutation.js';
import { ADDRESSES, checkContact, type AddressRecord, type ContactRecord } from './model.js';
import { checkAddressType, checkCountry, checkPhone, locatesSomething, patchText } from './input-rules.js';
import { clearOtherMailingAddresses, putAddress, putPhone, updateContact } from './write.js';

/** Result of the location mutations (MutateLocationResults, A-25). */
interface LocationResult {
  status: 'Created' | 'Updated' | 'NoChange';
  validationErrors: ValidationError[];
  item: ContactRecord | null;
}

function blankAddress(id: string, contactId: string): AddressRecord {
  return {
    id,
    contactId,
    type: 'Business',
    usage: 'Public',
    label: null,
    street: null,
    city: null,
    administrativeDivision: null,
    additional: null,
    country: null,
    postalCode: null,
    isGlobal: true,
    isMailingAddress: false,
  };
}

const NO_LOCATION = 'A location needs at least a street, city, postal code or country.';

/**
 * `addPublicLocation`: adds an address (and a phone number at it) to a contact; status `Created`.
 * A new mailing address takes the flag from the contact's other addresses.
 */
export const addPublicLocation = inputMutation<MutationAddPublicLocationArgs['input'], LocationResult>(
  (input, v, tx, ctx) => {
    const contact = checkContact(v, tx, 'contactId', input.contactId);
    const type = checkAddressType(v, 'type', input.type) ?? 'Business';
    const address = {
      street: v.optionalText('street', input.street) ?? null,
      city: v.optionalText('city', input.city) ?? null,
      administrativeDivision: v.optionalText('administrativeDivision', input.administrativeDivision) ?? null,
      country: checkCountry(v, tx, 'country', input.country),
      postalCode: v.optionalText('postalCode', input.postalCode) ?? null,
      label: v.optionalText('label', input.label) ?? null,
      additional: null,
    };
    if (v.ok && !locatesSomething(address)) v.fail('street', NO_LOCATION);
    const phone = checkPhone(v, 'phoneNumber', input.phoneNumber);
    if (!contact || !v.ok) return { status: 'NoChange', validationErrors: v.errors, item: null };

    const isMailing = input.isMailingAddress === true;
    const stored = putAddress(tx, contact.id, type, address, isMailing);
    if (isMailing) clearOtherMailingAddresses(tx, contact.id, stored.id);
    if (phone) putPhone(tx, contact.id, phone, type, stored.id);
    return { status: 'Created', validationErrors: [], item: updateContact(tx, ctx, contact) };
  },
);

/** `changePublicContactLocation`: changes the given fields of one address of the contact. */
export const changePublicContactLocation = inputMutation<
  MutationChangePublicContactLocationArgs['input'],
  LocationResult
>((input, v, tx, ctx) => {
  const contact = checkContact(v, tx, 'contactId', input.contactId);
  const current = tx.get<AddressRecord>(ADDRESSES, input.addressId);
  if (contact && current?.contactId !== contact.id) {
    v.fail('addressId', `The contact has no address with id "${input.addressId}".`);
  }
  // The fields are checked even when the address is unknown, so every failure is reported at once.
  const base: AddressRecord = current ?? blankAddress(input.addressId, input.contactId);
  const next: AddressRecord = {
    ...base,
    type: 'type' in input ? (checkAddressType(v, 'type', input.type) ?? base.type) : base.type,
    label: patchText(v, input, 'label', base.label),
    street: patchText(v, input, 'street', base.street),
    city: patchText(v, input, 'city', base.city),
    administrativeDivision: patchText(v, input, 'administrativeDivision', base.administrativeDivision),
    country: 'country' in input ? checkCountry(v, tx, 'country', input.country) : base.country,
    postalCode: patchText(v, input, 'postalCode', base.postalCode),
    isMailingAddress:
      input.isMailingAddress === null || input.isMailingAddress === undefined
        ? base.isMailingAddress
        : input.isMailingAddress,
  };
  if (v.ok && !locatesSomething(next)) v.fail('street', NO_LOCATION);
  if (!contact || !current || !v.ok) return { status: 'NoChange', validationErrors: v.errors, item: null };
  if (JSON.stringify(next) === JSON.stringify(current)) {
    return { status: 'NoChange', validationErrors: [], item: contact };
  }
  tx.put(ADDRESSES, next);
  if (next.isMailingAddress) clearOtherMailingAddresses(tx, contact.id, next.id);
  return { status: 'Updated', validationErrors: [], item: updateContact(tx, ctx, contact) };
});
