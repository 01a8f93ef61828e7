import { readFixture } from '../shared/fixtures.js';

/** Static inputs of the matters seeder (`fixtures/matters/matters.json`). */
interface MattersFixtures {
  /** Matter types and the kinds of work (name suffixes) seeded for each. */
  matterTypes: ReadonlyArray<{ name: string; topics: readonly string[] }>;
  /** Offices of the firm and the currency they bill in. */
  offices: ReadonlyArray<{ name: string; currency: string }>;
  /** Matter statuses and how often each is seeded. */
  statusWeights: ReadonlyArray<{ value: string; weight: number }>;
}

const fixtures = readFixture<MattersFixtures>('matters/matters.json');

export const MATTER_TYPE_SEEDS = fixtures.matterTypes;
export const OFFICE_SEEDS = fixtures.offices;
export const STATUS_WEIGHTS = fixtures.statusWeights;

/** Most months of financials a seeded matter carries. */
export const MAX_FINANCIAL_MONTHS = 24;
