import { activitiesSeeding } from './activities/seeding.js';
import type { IndexDefinition, SeedingArea } from './area.js';
import { contactsSeeding } from './contacts/seeding.js';
import { eventsSeeding } from './events/seeding.js';
import { listsSeeding } from './lists/seeding.js';
import { mattersSeeding } from './matters/seeding.js';
import { opportunitiesSeeding } from './opportunities/seeding.js';
import { planningSeeding } from './planning/seeding.js';
import { relationshipsSeeding } from './relationships/seeding.js';
import { settingsSeeding } from './settings/seeding.js';

/**
 * Every data area as seeding needs it (no resolvers), in seeding order: the order of `AREAS` in
 * registry.ts, whose areas are these plus their resolvers. Seeding imports this registry only, so a
 * seeding worker starts without loading the API layer (about half of the registry's import time).
 */
export const SEEDING_AREAS: readonly SeedingArea[] = [
  settingsSeeding,
  contactsSeeding,
  activitiesSeeding,
  listsSeeding,
  planningSeeding,
  opportunitiesSeeding,
  relationshipsSeeding,
  mattersSeeding,
  eventsSeeding,
];

/** The store indexes every area relies on. */
export function allIndexes(): IndexDefinition[] {
  return SEEDING_AREAS.flatMap((area) => area.indexes ?? []);
}
