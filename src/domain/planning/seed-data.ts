import { readFixture } from '../shared/fixtures.js';

/**
 * Static inputs of the planning seeder (`fixtures/planning/planning.json`): realistic names a
 * business-development team would use.
 */
interface PlanningFixtures {
  /** Objective types of the firm; the last one is retired (inactive). */
  objectiveTypes: ReadonlyArray<{ name: string; description: string; isActive: boolean }>;
  /** Market regions and the ISO codes of countries in them (all in the settings fixtures). */
  marketRegions: ReadonlyArray<{ name: string; countries: readonly string[]; currency: string }>;
  /** Objective names; `{industry}`, `{practice}`, `{region}`, `{company}` are filled from the data. */
  objectiveTemplates: readonly string[];
  /** Initiative names, filled like the objective names (plus `{city}`). */
  initiativeTemplates: readonly string[];
  /** Cities for event-style initiatives. */
  eventCities: readonly string[];
  /** Tags `{ type, displayName }` planners attach. */
  tags: ReadonlyArray<{ type: string; displayName: string }>;
  /** Measures of success by type. */
  measures: ReadonlyArray<{
    description: string;
    measurementType: 'Currency' | 'Number' | 'Percentage';
    numberType?: 'Integer' | 'Decimal';
    min: number;
    max: number;
  }>;
  /** Descriptions of objectives and initiatives. */
  descriptions: readonly string[];
}

const fixtures = readFixture<PlanningFixtures>('planning/planning.json');

export const OBJECTIVE_TYPE_SEEDS = fixtures.objectiveTypes;
export const MARKET_REGIONS = fixtures.marketRegions;
export const OBJECTIVE_TEMPLATES = fixtures.objectiveTemplates;
export const INITIATIVE_TEMPLATES = fixtures.initiativeTemplates;
export const EVENT_CITIES = fixtures.eventCities;
export const TAG_SEEDS = fixtures.tags;
export const MEASURES = fixtures.measures;
export const DESCRIPTIONS = fixtures.descriptions;
