import type { DomainArea } from '../area.js';
import { settingsResolvers } from './resolvers.js';
import { settingsSeeding } from './seeding.js';

/** Firm and regional settings, countries, currencies, industries and practice groups (spec §2.3, §4.1). */
export const settingsArea: DomainArea = { ...settingsSeeding, resolvers: settingsResolvers };
