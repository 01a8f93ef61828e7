import { readFixture } from '../shared/fixtures.js';

/** An opportunity type with its stage template; inactive types stay on older opportunities. */
export interface SeedType {
  name: string;
  description: string;
  isActive: boolean;
  stages: readonly string[];
}

/**
 * Fixed inputs of the opportunity fixtures (`fixtures/opportunities/opportunities.json`): lookup values,
 * stage templates and title phrases.
 */
interface OpportunityFixtures {
  types: readonly SeedType[];
  /** Origination sources; one retired. */
  sources: ReadonlyArray<{ name: string; description: string; isActive: boolean }>;
  /** Outcomes with their reasons; some reasons are retired (A-46: kept on old opportunities). */
  outcomes: ReadonlyArray<{
    name: string;
    description: string;
    reasons: ReadonlyArray<{ name: string; isActive: boolean }>;
  }>;
  /** Kinds of work an opportunity is about; the title is "<company>: <work>". */
  work: readonly string[];
  /** Work type ids have no lookup in the contract: a fixed set of names, ids drawn by the seeder. */
  workTypes: readonly string[];
  tags: readonly string[];
}

const fixtures = readFixture<OpportunityFixtures>('opportunities/opportunities.json');

export const SEED_TYPES = fixtures.types;
export const SEED_SOURCES = fixtures.sources;
export const SEED_OUTCOMES = fixtures.outcomes;
export const SEED_WORK = fixtures.work;
export const SEED_WORK_TYPES = fixtures.workTypes;
export const SEED_TAGS = fixtures.tags;
