import { readFileSync } from 'node:fs';

/** An activity type of `fixtures/activities/activity-types.json`, with its seeding hints. */
export interface ActivityTypeFixture {
  name: string;
  group: string;
  /** Share of seeded activities of this type (0 for inactive types). */
  weight: number;
  isDefault: boolean;
  isActive: boolean;
  isUserCreatable: boolean;
  isUserSearchable: boolean;
  isAppointment: boolean;
  isWatchable: boolean;
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
