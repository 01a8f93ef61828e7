import type { SeedingArea } from '../area.js';
import { CONTACTS } from '../contacts/model.js';
import { LISTS } from '../lists/model.js';
import { INITIATIVES, OBJECTIVES } from '../planning/model.js';
import { OPPORTUNITIES } from '../opportunities/model.js';
import { RELATIONSHIP_TYPES, RELATIONSHIPS } from '../relationships/model.js';
import {
  EVENT_DELETIONS_BY_VIEW,
  EVENTS,
  EVENTS_BY_ENTITY,
  EVENTS_BY_VIEW,
  entityKey,
  eventDateKey,
  type EventRecord,
} from '../shared/change-events.js';
import { seedEventHistory } from './seed.js';
import { VIEW_DEFINITIONS } from './views.js';

/** The event types that mark a deletion, by view (§6: how deletion is detected). */
const DELETION_TYPES: ReadonlyMap<string, string> = new Map(
  VIEW_DEFINITIONS.flatMap((d) => (d.deletedType ? [[d.view, d.deletedType] as const] : [])),
);

/** The events area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const eventsSeeding: SeedingArea = {
  name: 'events',
  indexes: [
    {
      name: EVENTS_BY_VIEW,
      collection: EVENTS,
      key: (e) => (e as EventRecord).view,
      sortBy: (e) => eventDateKey((e as EventRecord).eventDate),
    },
    {
      name: EVENT_DELETIONS_BY_VIEW,
      collection: EVENTS,
      key: (e) => {
        const event = e as EventRecord;
        return DELETION_TYPES.get(event.view) === event.eventType ? event.view : undefined;
      },
    },
    {
      name: EVENTS_BY_ENTITY,
      collection: EVENTS,
      key: (e) => entityKey((e as EventRecord).view, (e as EventRecord).entityId),
    },
  ],
  seed: seedEventHistory,
  seedReads: [CONTACTS, INITIATIVES, LISTS, OBJECTIVES, OPPORTUNITIES, RELATIONSHIPS, RELATIONSHIP_TYPES],
};
