import type { IndexDefinition, SeedingArea } from '../area.js';
import { CONTACT_TYPES, CONTACTS } from '../contacts/model.js';
import {
  DEFINITIONS_BY_LIST,
  FIELD_DEFINITIONS,
  FIELD_VALUES,
  LIST_MEMBERS,
  MEMBERS_BY_CONTACT,
  MEMBERS_BY_LIST,
  VALUES_BY_CONTACT,
  VALUES_BY_FIELD,
} from './model.js';
import { seedLists } from './seed.js';

/** Reads a string field of an entity as an index key. */
function key(field: string): IndexDefinition['key'] {
  return (entity) => {
    const value = entity[field];
    return typeof value === 'string' ? value : undefined;
  };
}

const indexes: IndexDefinition[] = [
  { name: MEMBERS_BY_LIST, collection: LIST_MEMBERS, key: key('listId') },
  { name: MEMBERS_BY_CONTACT, collection: LIST_MEMBERS, key: key('contactId') },
  { name: DEFINITIONS_BY_LIST, collection: FIELD_DEFINITIONS, key: key('listId') },
  { name: VALUES_BY_CONTACT, collection: FIELD_VALUES, key: key('contactId') },
  { name: VALUES_BY_FIELD, collection: FIELD_VALUES, key: key('fieldId') },
];

/** The lists area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const listsSeeding: SeedingArea = {
  name: 'lists',
  indexes,
  seed: seedLists,
  seedReads: [CONTACTS, CONTACT_TYPES],
};
