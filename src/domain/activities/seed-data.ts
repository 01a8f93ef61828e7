import { readFileSync } from 'node:fs';
import type { ActivityTypeRecord } from './model.js';

/**
 * An activity type of `fixtures/activities/activity-types.json`: the stored record's name and flags
 * (its ids are drawn when seeding), its group by name, and its seeding hints.
 */
export interface ActivityTypeFixture extends Pick<
  ActivityTypeRecord,
  'name' | 'isDefault' | 'isActive' | 'isUserCreatable' | 'isUserSearchable' | 'isAppointment' | 'isWatchable'
> {
  group: string;
  /** Share of seeded activities of this type (0 for inactive types). */
  weight: number;
  /** Whether activities of this type usually carry a location. */
  hasLocation: boolean;
  /** Subject templates with `{person}`, `{company}` and `{topic}` placeholders. */
  subjects: string[];
}

/** The static inputs of the activities seeder. */
export interface ActivityFixtures {
  activityTypes: ActivityTypeFixture[];
  topics: string[];
  /** Summary templates with a `{practice}` placeholder. */
  summaries: string[];
  practices: string[];
  /** Location templates with `{company}`, `{room}` and `{city}` placeholders. */
  locations: string[];
  regarding: Array<{ value: string; weight: number }>;
}

let cached: ActivityFixtures | undefined;

/** The activities fixtures (read once). */
export function activityFixtures(): ActivityFixtures {
  cached ??= JSON.parse(
    readFileSync(new URL('../../../fixtures/activities/activity-types.json', import.meta.url), 'utf8'),
  ) as ActivityFixtures;
  return cached;
}
