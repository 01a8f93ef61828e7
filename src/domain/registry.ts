import { mergeResolvers } from '@graphql-tools/merge';
import { activitiesArea } from './activities/index.js';
import type { AreaResolvers, DomainArea } from './area.js';
import { contactsArea } from './contacts/index.js';
import { eventsArea } from './events/index.js';
import { listsArea } from './lists/index.js';
import { mattersArea } from './matters/index.js';
import { opportunitiesArea } from './opportunities/index.js';
import { planningArea } from './planning/index.js';
import { relationshipsArea } from './relationships/index.js';
import { settingsArea } from './settings/index.js';

/**
 * Every data area, in seeding order (later areas use earlier areas' data): the areas of
 * seeding-registry.ts with their resolvers. The server and the runner reach the areas through this
 * list; seeding through the seeding registry.
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

/** The resolvers of every area merged into one map (areas may add fields to each other's types). */
export function allResolvers(): AreaResolvers {
  return mergeResolvers(AREAS.map((area) => area.resolvers)) as AreaResolvers;
}
