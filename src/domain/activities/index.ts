import type { DomainArea } from '../area.js';
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
import { activitiesResolvers } from './resolvers.js';
import { seedActivities } from './seed.js';

/** Activities and activity types (spec §2.2), and the activities of people and companies. */
export const activitiesArea: DomainArea = {
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
  resolvers: activitiesResolvers,
  seed: seedActivities,
  seedReads: [CONTACTS],
};
