import type { SeedingArea } from '../area.js';
import { CONTACTS } from '../contacts/model.js';
import { LISTS } from '../lists/model.js';
import { INITIATIVES, OBJECTIVES } from '../planning/model.js';
import { OPPORTUNITIES } from '../opportunities/model.js';
import { RELATIONSHIP_TYPES, RELATIONSHIPS } from '../relationships/model.js';
import { EVENTS, EVENTS_BY_VIEW, type EventRecord } from '../shared/change-events.js';
import { seedEventHistory } from './seed.js';

/** The events area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const eventsSeeding: SeedingArea = {
  name: 'events',
  indexes: [{ name: EVENTS_BY_VIEW, collection: EVENTS, key: (e) => (e as EventRecord).view }],
  seed: seedEventHistory,
  seedReads: [CONTACTS, INITIATIVES, LISTS, OBJECTIVES, OPPORTUNITIES, RELATIONSHIPS, RELATIONSHIP_TYPES],
};
