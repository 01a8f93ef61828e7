import type { SeedingArea } from '../area.js';
import { recordIndex } from '../shared/index-keys.js';
import { CONTACTS } from '../contacts/model.js';
import {
  RELATIONSHIPS,
  RELATIONSHIPS_BY_BASE,
  RELATIONSHIPS_BY_RELATED,
  type RelationshipRecord,
} from './model.js';
import { seedRelationships } from './seed.js';

/** The relationships area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const relationshipsSeeding: SeedingArea = {
  name: 'relationships',
  indexes: [
    recordIndex(RELATIONSHIPS_BY_BASE, RELATIONSHIPS, (e: RelationshipRecord) => e.baseContactId),
    recordIndex(RELATIONSHIPS_BY_RELATED, RELATIONSHIPS, (e: RelationshipRecord) => e.relatedContactId),
  ],
  seed: seedRelationships,
  seedReads: [CONTACTS],
};
