import type { DomainArea } from '../area.js';
import { contactResolvers } from './resolvers.js';
import { contactsSeeding } from './seeding.js';

/** The contacts area: people and companies, their addresses, e-mails, phones, notes, types and profiles. */
export const contactsArea: DomainArea = { ...contactsSeeding, resolvers: contactResolvers };
