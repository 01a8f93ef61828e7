import type { Entity, StoreReader } from '../../store/index.js';
import type { IndexDefinition } from '../area.js';
import { compareText } from '../shared/paging.js';
import {
  CONTACTS,
  EMAIL_ADDRESSES,
  PEOPLE_BY_EMPLOYER,
  type ContactRecord,
  type EmailRecord,
} from './model.js';

/** Index: every contact under one key, in the order of the default search page (display name, then id). */
export const CONTACTS_BY_DISPLAY_NAME = 'contacts.byDisplayName';
/** The one key of {@link CONTACTS_BY_DISPLAY_NAME}. */
export const ALL_CONTACTS = 'all';
/** Index: contacts by their folded names (display, first, last, company), one text per contact. */
const CONTACTS_BY_TEXT = 'contacts.byText';
/** Index: companies by their folded name. */
const COMPANIES_BY_NAME = 'contacts.companiesByName';
/** Index: e-mail addresses by their folded text. */
const EMAILS_BY_ADDRESS = 'emailAddresses.byAddress';

/** Lower-cased exactly as `containsText` does, so "the key contains the folded value" is its match. */
const fold = (text: string) => text.toLocaleLowerCase('en');

const text = (e: Entity, field: string): string | undefined =>
  typeof e[field] === 'string' ? (e[field] as string) : undefined;

/**
 * The order of `searchFirmContacts` by display name, ascending: case-insensitive text, absent
 * names last, ties by id; the same total order as the search's own comparison.
 */
function byDisplayName(a: Entity, b: Entity): number {
  const x = text(a, 'displayName') ?? null;
  const y = text(b, 'displayName') ?? null;
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return compareText(x, y);
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The indexes of the search (on contacts and e-mail addresses). */
export const SEARCH_INDEX_DEFINITIONS: IndexDefinition[] = [
  {
    name: CONTACTS_BY_DISPLAY_NAME,
    collection: CONTACTS,
    key: () => ALL_CONTACTS,
    sortBy: (e) => text(e, 'displayName') ?? '',
    compare: byDisplayName,
  },
  {
    name: CONTACTS_BY_TEXT,
    collection: CONTACTS,
    // One text per contact: a needle found in it may span two names, so it gives candidates, not matches.
    key: (e) =>
      fold(
        ['displayName', 'firstName', 'lastName', 'name']
          .map((f) => text(e, f))
          .filter((t) => t !== undefined)
          .join('\n'),
      ),
  },
  {
    name: COMPANIES_BY_NAME,
    collection: CONTACTS,
    key: (e) =>
      e['kind'] === 'Company' && text(e, 'name') !== undefined ? fold(text(e, 'name')!) : undefined,
  },
  {
    name: EMAILS_BY_ADDRESS,
    collection: EMAIL_ADDRESSES,
    key: (e) => (text(e, 'address') !== undefined ? fold(text(e, 'address')!) : undefined),
  },
];

/** Adds the entities under every key of `index` that contains `needle` to `out`. */
function collect<T extends Entity>(store: StoreReader, index: string, needle: string, out: (e: T) => void) {
  for (const key of store.indexKeys(index)) {
    if (key.includes(needle)) for (const e of store.lookup<T>(index, key)) out(e);
  }
}

/** The companies whose name contains `needle` (folded), and their people. */
function employerMatches(store: StoreReader, needle: string, out: Map<string, ContactRecord>): void {
  collect<ContactRecord>(store, COMPANIES_BY_NAME, needle, (company) => {
    out.set(company.id, company);
    for (const p of store.lookup<ContactRecord>(PEOPLE_BY_EMPLOYER, company.id)) out.set(p.id, p);
  });
}

/**
 * The contacts a `company` filter may match: companies whose name contains the value and the people
 * they employ, found from the distinct company names instead of every contact's employer. Undefined for an
 * empty value (everyone matches: the caller scans).
 */
export function companyCandidates(store: StoreReader, value: string): ContactRecord[] | undefined {
  const needle = fold(value);
  if (needle === '') return undefined;
  const out = new Map<string, ContactRecord>();
  employerMatches(store, needle, out);
  return [...out.values()];
}

/**
 * The contacts a `term` filter may match (a superset; the filter's test decides): those whose names
 * contain the value, those of a matching employer, and those with a matching e-mail address. Each comes
 * from the distinct folded texts of an index, so no contact record, employer or e-mail is read for a
 * contact that cannot match. Undefined for an empty value.
 */
export function termCandidates(store: StoreReader, value: string): ContactRecord[] | undefined {
  const needle = fold(value);
  if (needle === '') return undefined;
  const out = new Map<string, ContactRecord>();
  collect<ContactRecord>(store, CONTACTS_BY_TEXT, needle, (c) => out.set(c.id, c));
  employerMatches(store, needle, out);
  collect<EmailRecord>(store, EMAILS_BY_ADDRESS, needle, (email) => {
    const owner = store.get<ContactRecord>(CONTACTS, email.contactId);
    if (owner) out.set(owner.id, owner);
  });
  return [...out.values()];
}
