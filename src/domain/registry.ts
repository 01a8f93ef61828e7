import { mergeResolvers } from '@graphql-tools/merge';
import { activitiesArea } from './activities/index.js';
import type { AreaResolvers, DomainArea, IndexDefinition } from './area.js';
import { contactsArea } from './contacts/index.js';
import { eventsArea } from './events/index.js';
import { listsArea } from './lists/index.js';
import { mattersArea } from './matters/index.js';
import { opportunitiesArea } from './opportunities/index.js';
import { planningArea } from './planning/index.js';
import { relationshipsArea } from './relationships/index.js';
import { settingsArea } from './settings/index.js';

/**
 * Every data area, in seeding order (later areas use earlier areas' data). The server, the seeder and
 * the runner reach the areas only through this list.
 */
export const AREAS: readonly DomainArea[] = [
  settingsArea,
  contactsArea,
  activitiesArea,
  listsArea,
  planningArea,
  opportunitiesArea,
  relationshipsArea,
  mattersArea,
  eventsArea,
];

/** The store indexes every area relies on. */
export function allIndexes(): IndexDefinition[] {
  return AREAS.flatMap((area) => area.indexes ?? []);
}

/** The resolvers of every area merged into one map (areas may add fields to each other's types). */
export function allResolvers(): AreaResolvers {
  return mergeResolvers(AREAS.map((area) => area.resolvers)) as AreaResolvers;
}
