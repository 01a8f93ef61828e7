import type { DomainArea } from '../area.js';
import { opportunitiesResolvers } from './resolvers.js';
import { opportunitiesSeeding } from './seeding.js';

// Every area's index.ts fills the same DomainArea fields (indexes, resolvers, seed): alike in shape only.

/** Opportunities with their lookup values and stage templates (spec §2.5, §4 [1.4.0]). */
export const opportunitiesArea: DomainArea = { ...opportunitiesSeeding, resolvers: opportunitiesResolvers };
