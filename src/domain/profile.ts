import { readFileSync } from 'node:fs';

/** How many of each entity a seeded store holds (fixtures/profiles.json). */
export interface FixtureProfile {
  name: string;
  companies: number;
  people: number;
  activities: number;
  notesPerContact: number;
  marketingLists: number;
  workingLists: number;
  listMembersPerList: number;
  fieldDefinitionsPerList: number;
  objectives: number;
  initiativesPerObjective: number;
  opportunities: number;
  relationships: number;
  matters: number;
  historyEvents: number;
}

/** The profiles file: profiles by name, the default seed and the reference date of generated data. */
export interface FixtureProfiles {
  referenceDate: string;
  defaultSeed: number;
  profiles: Record<string, Omit<FixtureProfile, 'name'>>;
}

/** Location of the fixture profiles, resolved from this module so any cwd works. */
export const PROFILES_FILE = new URL('../../fixtures/profiles.json', import.meta.url);

let cached: FixtureProfiles | undefined;

/** The fixture profiles of `fixtures/profiles.json` (read once). */
export function fixtureProfiles(): FixtureProfiles {
  cached ??= JSON.parse(readFileSync(PROFILES_FILE, 'utf8')) as FixtureProfiles;
  return cached;
}

/** Names of the known profiles. */
export function profileNames(): string[] {
  return Object.keys(fixtureProfiles().profiles);
}

/** The named profile, or undefined when there is no such profile. */
export function findProfile(name: string): FixtureProfile | undefined {
  const counts = fixtureProfiles().profiles[name];
  return counts ? { name, ...counts } : undefined;
}
