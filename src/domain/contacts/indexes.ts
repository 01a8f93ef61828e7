import type { IndexDefinition } from '../area.js';
import type { Entity } from '../../store/index.js';
import {
  ADDRESSES,
  ADDRESSES_BY_CONTACT,
  CONTACTS,
  COUNTRIES,
  COUNTRIES_BY_NAME,
  EMAIL_ADDRESSES,
  EMAILS_BY_CONTACT,
  NOTES,
  NOTES_BY_CONTACT,
  PEOPLE_BY_EMPLOYER,
  PHONE_NUMBERS,
  PHONES_BY_CONTACT,
  PROFILES,
  PROFILES_BY_CONTACT,
} from './model.js';
import { NAME_INDEX_DEFINITIONS } from './name-index.js';
import { SEARCH_INDEX_DEFINITIONS } from './search-index.js';

function byContactId(e: Entity): string | undefined {
  return typeof e['contactId'] === 'string' ? e['contactId'] : undefined;
}

/**
 * Indexes of the contacts area: children of one contact, employees of one company, countries by name,
 * people by first and by last name (`searchFirmContacts` name filters), and the search's own (texts,
 * company names, e-mail addresses, the display-name order).
 */
export const CONTACT_INDEXES: IndexDefinition[] = [
  {
    name: PEOPLE_BY_EMPLOYER,
    collection: CONTACTS,
    key: (e) => (e['kind'] === 'Person' && typeof e['companyId'] === 'string' ? e['companyId'] : undefined),
  },
  { name: ADDRESSES_BY_CONTACT, collection: ADDRESSES, key: byContactId },
  { name: EMAILS_BY_CONTACT, collection: EMAIL_ADDRESSES, key: byContactId },
  { name: PHONES_BY_CONTACT, collection: PHONE_NUMBERS, key: byContactId },
  { name: NOTES_BY_CONTACT, collection: NOTES, key: byContactId },
  { name: PROFILES_BY_CONTACT, collection: PROFILES, key: byContactId },
  {
    // The settings area owns countries; this index only lets address input be matched without a scan.
    name: COUNTRIES_BY_NAME,
    collection: COUNTRIES,
    key: (e) => {
      const keys: string[] = [];
      if (typeof e['name'] === 'string') keys.push(e['name'].toLowerCase());
      // Other names of the country (the client's, ISO's) are resolved through its ISO code.
      if (typeof e['isoCode'] === 'string') keys.push(e['isoCode'].toLowerCase());
      return keys;
    },
  },
  ...NAME_INDEX_DEFINITIONS,
  ...SEARCH_INDEX_DEFINITIONS,
];
