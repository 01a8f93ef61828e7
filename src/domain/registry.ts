import { mergeResolvers } from '@graphql-tools/merge';
import type { AreaResolvers, DomainArea, IndexDefinition } from './area.js';
import { eventsArea } from './events/index.js';

/**
 * Every data area, in seeding order (later areas use earlier areas' data). The server, the seeder and
 * the runner reach the areas only through this list.
 */
export const AREAS: readonly DomainArea[] = [eventsArea];

/** The store indexes every area relies on. */
export function allIndexes(): IndexDefinition[] {
  return AREAS.flatMap((area) => area.indexes ?? []);
}

/** The resolvers of every area merged into one map (areas may add fields to each other's types). */
export function allResolvers(): AreaResolvers {
  return mergeResolvers(AREAS.map((area) => area.resolvers)) as AreaResolvers;
}
