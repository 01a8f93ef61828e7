import type { DomainArea } from '../area.js';
import { matterResolvers } from './resolvers.js';
import { mattersSeeding } from './seeding.js';

/** Matters and matter financials, for full cloud tenants only (spec §1.6, §4.2) [1.4.0]. */
export const mattersArea: DomainArea = { ...mattersSeeding, resolvers: matterResolvers };
