import type { SeedingArea } from '../area.js';
import { textField } from '../shared/index-keys.js';
import { CONTACTS } from '../contacts/model.js';
import { RELATIONSHIPS } from '../relationships/model.js';
import { COUNTRIES, INDUSTRIES, PRACTICE_GROUPS } from '../settings/model.js';
import {
  INITIATIVES,
  INITIATIVES_BY_OBJECTIVE,
  OBJECTIVE_TYPES,
  OBJECTIVE_TYPES_BY_NAME,
  RELATIONSHIPS_BY_CONTACT,
} from './model.js';
import { seedPlanning } from './seed.js';

/** The planning area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const planningSeeding: SeedingArea = {
  name: 'planning',
  indexes: [
    { name: INITIATIVES_BY_OBJECTIVE, collection: INITIATIVES, key: (e) => textField(e, 'objectiveId') },
    {
      name: OBJECTIVE_TYPES_BY_NAME,
      collection: OBJECTIVE_TYPES,
      key: (e) => textField(e, 'name')?.toLowerCase(),
    },
    {
      // Relationships are read defensively: the relationships area owns their shape.
      name: RELATIONSHIPS_BY_CONTACT,
      collection: RELATIONSHIPS,
      key: (e) =>
        [textField(e, 'baseContactId'), textField(e, 'relatedContactId')].filter((k): k is string => !!k),
    },
  ],
  seed: seedPlanning,
  seedReads: [CONTACTS, COUNTRIES, INDUSTRIES, PRACTICE_GROUPS],
};
