import type { Entity, StoreReader } from '../../store/index.js';
import type { IndexDefinition } from '../area.js';
import { CONTACTS, type ContactRecord } from './model.js';

/** Index: people by their lower-cased first name. */
export const PEOPLE_BY_FIRST_NAME = 'contacts.peopleByFirstName';
/** Index: people by their lower-cased last name. */
export const PEOPLE_BY_LAST_NAME = 'contacts.peopleByLastName';

/** The index of each name filter the indexes answer. */
const NAME_INDEXES = { firstName: PEOPLE_BY_FIRST_NAME, lastName: PEOPLE_BY_LAST_NAME } as const;

/** A name filter the indexes can answer. */
export type IndexedNameField = keyof typeof NAME_INDEXES;

/** Lower-cased exactly as `containsText` does, so "the key contains the folded value" is its match. */
const fold = (text: string) => text.toLocaleLowerCase('en');

/** The key function of one name's index: the folded name of a person; none for a company. */
function foldedName(field: IndexedNameField) {
  return (e: Entity): string | undefined => {
    const value = e[field];
    return e['kind'] === 'Person' && typeof value === 'string' ? fold(value) : undefined;
  };
}

/**
 * Exactly the people whose `field` contains `value` case-insensitively (as `containsText` decides), or
 * undefined for an empty value (which every person matches: the caller scans). Names repeat (a few
 * hundred distinct last names among 100k people), so the substring test runs over the distinct names,
 * the keys of the index, and only the people under a matching name are read.
 */
export function nameCandidates(
  store: StoreReader,
  field: IndexedNameField,
  value: string,
): ContactRecord[] | undefined {
  const needle = fold(value);
  if (needle === '') return undefined;
  const index = NAME_INDEXES[field];
  const people: ContactRecord[] = [];
  for (const name of store.indexKeys(index)) {
    if (name.includes(needle)) for (const p of store.lookup<ContactRecord>(index, name)) people.push(p);
  }
  return people;
}

/** The index definitions (on the contacts collection). */
export const NAME_INDEX_DEFINITIONS: IndexDefinition[] = [
  { name: PEOPLE_BY_FIRST_NAME, collection: CONTACTS, key: foldedName('firstName') },
  { name: PEOPLE_BY_LAST_NAME, collection: CONTACTS, key: foldedName('lastName') },
];
