import type { SeedingArea } from '../area.js';
import { CONTACT_INDEXES } from './indexes.js';
import { COUNTRIES, INDUSTRIES, LANGUAGES } from './model.js';
import { seedContacts } from './seed.js';

/** The contacts area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const contactsSeeding: SeedingArea = {
  name: 'contacts',
  indexes: CONTACT_INDEXES,
  seed: seedContacts,
  seedReads: [COUNTRIES, INDUSTRIES, LANGUAGES],
};
