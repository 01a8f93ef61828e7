import type { Entity, StoreReader } from '../../store/index.js';
import type { IndexDefinition } from '../area.js';
import { CONTACTS, type ContactRecord } from './model.js';

/** Index: people by the three-character substrings of their lower-cased first and last names. */
export const PEOPLE_BY_NAME_TRIGRAM = 'contacts.byNameTrigram';

/** Name fields of a person the trigram index covers, with the key prefix of each. */
const NAME_FIELDS = { firstName: 'f', lastName: 'l' } as const;

/** A name filter the index can answer. */
export type IndexedNameField = keyof typeof NAME_FIELDS;

function trigrams(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 3 <= text.length; i += 1) out.push(text.slice(i, i + 3));
  return out;
}

/** Lower-cased exactly as `containsText` does, so a substring match implies every trigram matches. */
const fold = (text: string) => text.toLocaleLowerCase('en');

/** Index keys of a contact: `f:<trigram>` and `l:<trigram>` of a person's names; none for a company. */
export function nameTrigramKeys(e: Entity): string[] | undefined {
  if (e['kind'] !== 'Person') return undefined;
  const keys: string[] = [];
  for (const [field, prefix] of Object.entries(NAME_FIELDS)) {
    const value = e[field];
    if (typeof value === 'string') for (const t of trigrams(fold(value))) keys.push(`${prefix}:${t}`);
  }
  return keys;
}

/**
 * The people whose `field` may contain `value` (a superset: every person that does is included), or
 * undefined when the value is too short for the index and the caller must scan. The callers' own tests
 * still decide; this only narrows the candidates to the smallest trigram bucket.
 */
export function nameCandidates(
  store: StoreReader,
  field: IndexedNameField,
  value: string,
): ContactRecord[] | undefined {
  const grams = [...new Set(trigrams(fold(value)))];
  if (grams.length === 0) return undefined;
  let best: ContactRecord[] | undefined;
  for (const gram of grams) {
    const people = store.lookup<ContactRecord>(PEOPLE_BY_NAME_TRIGRAM, `${NAME_FIELDS[field]}:${gram}`);
    if (!best || people.length < best.length) best = people;
    if (best.length === 0) break;
  }
  return best;
}

/** The index definition (on the contacts collection). */
export const NAME_TRIGRAM_INDEX: IndexDefinition = {
  name: PEOPLE_BY_NAME_TRIGRAM,
  collection: CONTACTS,
  key: nameTrigramKeys,
};
