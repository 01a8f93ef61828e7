import type { DomainArea } from '../area.js';
import { CONTACTS } from '../contacts/model.js';
import { LISTS } from '../lists/model.js';
import { INITIATIVES, OBJECTIVES } from '../planning/model.js';
import { OPPORTUNITIES } from '../opportunities/model.js';
import { RELATIONSHIP_TYPES, RELATIONSHIPS } from '../relationships/model.js';
import { EVENTS, EVENTS_BY_VIEW, type EventRecord } from '../shared/change-events.js';
import { eventResolvers } from './resolvers.js';
import { seedEventHistory } from './seed.js';

/** The change-detection event views of spec §6; other areas record events through `recordEvents`. */
export const eventsArea: DomainArea = {
  name: 'events',
  indexes: [{ name: EVENTS_BY_VIEW, collection: EVENTS, key: (e) => (e as EventRecord).view }],
  resolvers: eventResolvers(),
  seed: seedEventHistory,
  seedReads: [CONTACTS, INITIATIVES, LISTS, OBJECTIVES, OPPORTUNITIES, RELATIONSHIPS, RELATIONSHIP_TYPES],
};
