import type { DomainArea } from '../area.js';
import { CONTACT_INDEXES } from './indexes.js';
import { COUNTRIES, INDUSTRIES, LANGUAGES } from './model.js';
import { contactResolvers } from './resolvers.js';
import { seedContacts } from './seed.js';

/** The contacts area: people and companies, their addresses, e-mails, phones, notes, types and profiles. */
export const contactsArea: DomainArea = {
  name: 'contacts',
  indexes: CONTACT_INDEXES,
  resolvers: contactResolvers,
  seed: seedContacts,
  seedReads: [COUNTRIES, INDUSTRIES, LANGUAGES],
};
