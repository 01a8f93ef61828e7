import { readFileSync } from 'node:fs';
import type { Region } from '../tenancy.js';
import type { AdministrativeDivisionRecord, CountryRecord } from './model.js';

/** A country of `fixtures/settings/countries.json`: the stored record without its ids (drawn when seeding). */
export type CountryFixture = Pick<
  CountryRecord,
  'name' | 'isoCode' | 'statusIndicator' | 'useStates' | 'stateLabel' | 'postalCodeLabel'
> & {
  states: Array<Omit<AdministrativeDivisionRecord, 'id'>>;
};

/** The API user's regional settings of one region, by ISO codes. */
export interface RegionalFixture {
  language: string;
  country: string;
  locale: { code: string; name: string };
}

/** The static inputs of the settings seeder (the design's "faker generators' inputs"). */
export interface SettingsFixtures {
  countries: CountryFixture[];
  languages: Array<{ name: string; localName: string; isoCode: string }>;
  industries: string[];
  practiceGroups: string[];
  currencies: Array<{ code: string; name: string }>;
  firmSettings: { minimumRequiredFields: string[]; titles: string[]; suffixes: string[]; genders: string[] };
  regionalSettings: Record<Region, RegionalFixture>;
}

function read<T>(file: string): T {
  return JSON.parse(
    readFileSync(new URL(`../../../fixtures/settings/${file}`, import.meta.url), 'utf8'),
  ) as T;
}

let cached: SettingsFixtures | undefined;

/** The settings fixtures of `fixtures/settings/` (read once). */
export function settingsFixtures(): SettingsFixtures {
  if (cached) return cached;
  const firm = read<Pick<SettingsFixtures, 'firmSettings' | 'regionalSettings'>>('firm.json');
  cached = {
    countries: read<{ countries: CountryFixture[] }>('countries.json').countries,
    languages: read<Pick<SettingsFixtures, 'languages'>>('languages.json').languages,
    industries: read<Pick<SettingsFixtures, 'industries'>>('industries.json').industries,
    practiceGroups: read<Pick<SettingsFixtures, 'practiceGroups'>>('practice-groups.json').practiceGroups,
    currencies: read<Pick<SettingsFixtures, 'currencies'>>('currencies.json').currencies,
    firmSettings: firm.firmSettings,
    regionalSettings: firm.regionalSettings,
  };
  return cached;
}
