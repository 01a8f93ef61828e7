import type { DomainArea } from '../area.js';
import { recordIndex } from '../shared/index-keys.js';
import { CONTACTS } from '../contacts/model.js';
import {
  RELATIONSHIPS,
  RELATIONSHIPS_BY_BASE,
  RELATIONSHIPS_BY_RELATED,
  type RelationshipRecord,
} from './model.js';
import { relationshipResolvers } from './resolvers.js';
import { seedRelationships } from './seed.js';

// Every area's index.ts fills the same DomainArea fields (indexes, resolvers, seed): alike in shape only.

/** Relationship types, relationships between contacts, and the views derived from them (spec §2.6). */
export const relationshipsArea: DomainArea = {
  name: 'relationships',
  indexes: [
    recordIndex(RELATIONSHIPS_BY_BASE, RELATIONSHIPS, (e: RelationshipRecord) => e.baseContactId),
    recordIndex(RELATIONSHIPS_BY_RELATED, RELATIONSHIPS, (e: RelationshipRecord) => e.relatedContactId),
  ],
  resolvers: relationshipResolvers,
  seed: seedRelationships,
  seedReads: [CONTACTS],
};
