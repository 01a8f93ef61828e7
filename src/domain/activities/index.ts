import type { DomainArea } from '../area.js';
import { activitiesResolvers } from './resolvers.js';
import { activitiesSeeding } from './seeding.js';

/** Activities and activity types (spec §2.2), and the activities of people and companies. */
export const activitiesArea: DomainArea = { ...activitiesSeeding, resolvers: activitiesResolvers };
