import type { DomainArea } from '../area.js';
import { relationshipResolvers } from './resolvers.js';
import { relationshipsSeeding } from './seeding.js';

// Every area's index.ts fills the same DomainArea fields (indexes, resolvers, seed): alike in shape only.

/** Relationship types, relationships between contacts, and the views derived from them (spec §2.6). */
export const relationshipsArea: DomainArea = { ...relationshipsSeeding, resolvers: relationshipResolvers };
