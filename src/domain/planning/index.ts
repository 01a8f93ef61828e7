import type { DomainArea } from '../area.js';
import { planningResolvers } from './resolvers.js';
import { planningSeeding } from './seeding.js';

/** Business planning: objectives, initiatives and objective types (spec §2.5, §3, §4) [1.4.0]. */
export const planningArea: DomainArea = { ...planningSeeding, resolvers: planningResolvers };
