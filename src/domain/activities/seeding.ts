import type { SeedingArea } from '../area.js';
import { CONTACTS } from '../contacts/model.js';
import {
  ACTIVITIES,
  ACTIVITIES_BY_CONTACT,
  ACTIVITIES_BY_ORIGINATOR,
  ACTIVITIES_BY_TYPE,
  ACTIVITY_TYPES,
  DEFAULT_ACTIVITY_TYPE,
  DEFAULT_TYPE_KEY,
  type ActivityRecord,
  type ActivityTypeRecord,
} from './model.js';
import { seedActivities } from './seed.js';

/** The activities area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const activitiesSeeding: SeedingArea = {
  name: 'activities',
  indexes: [
    {
      name: ACTIVITIES_BY_CONTACT,
      collection: ACTIVITIES,
      key: (a) => (a as ActivityRecord).links.map((link) => link.id),
    },
    { name: ACTIVITIES_BY_TYPE, collection: ACTIVITIES, key: (a) => (a as ActivityRecord).typeId },
    {
      name: ACTIVITIES_BY_ORIGINATOR,
      collection: ACTIVITIES,
      key: (a) => (a as ActivityRecord).originatorId ?? undefined,
    },
    {
      name: DEFAULT_ACTIVITY_TYPE,
      collection: ACTIVITY_TYPES,
      key: (t) => ((t as ActivityTypeRecord).isDefault ? DEFAULT_TYPE_KEY : undefined),
    },
  ],
  seed: seedActivities,
  seedReads: [CONTACTS],
};
