import type { DomainArea } from '../area.js';
import { EVENTS, EVENTS_BY_VIEW, type EventRecord } from '../shared/change-events.js';
import { eventResolvers } from './resolvers.js';
import { seedEventHistory } from './seed.js';

/** The change-detection event views of spec §6; other areas record events through `recordEvents`. */
export const eventsArea: DomainArea = {
  name: 'events',
  indexes: [{ name: EVENTS_BY_VIEW, collection: EVENTS, key: (e) => (e as EventRecord).view }],
  resolvers: eventResolvers(),
  seed: seedEventHistory,
};
