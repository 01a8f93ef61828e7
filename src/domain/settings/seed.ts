import type { SeedContext } from '../area.js';
import { settingsFixtures } from './seed-data.js';
import {
  COUNTRIES,
  CURRENCIES,
  INDUSTRIES,
  LANGUAGES,
  META_FIRM_SETTINGS,
  META_REGIONAL_SETTINGS,
  PRACTICE_GROUPS,
  type CountryRecord,
  type CurrencyRecord,
  type FirmSettingsRecord,
  type IndustryRecord,
  type LanguageRecord,
  type PracticeGroupRecord,
  type RegionalSettingsRecord,
} from './model.js';
import { fakerUuid } from '../shared/seed-random.js';

/**
 * Seeds the firm's look-up values and settings from `fixtures/settings/`: languages, industries,
 * practice groups, currencies, countries with their divisions, firm settings and the API user's
 * regional settings. Only the ids are random (faker), in fixture order, so seeding is deterministic.
 */
export function seedSettings({ tx, faker, region }: SeedContext): void {
  const fx = settingsFixtures();
  const languageIds = new Map<string, string>();
  for (const language of fx.languages) {
    const record: LanguageRecord = { id: fakerUuid(faker), ...language };
    languageIds.set(language.isoCode, record.id);
    tx.put(LANGUAGES, record);
  }
  for (const name of fx.industries) {
    tx.put(INDUSTRIES, { id: fakerUuid(faker), name } satisfies IndustryRecord);
  }
  for (const name of fx.practiceGroups) {
    tx.put(PRACTICE_GROUPS, { id: fakerUuid(faker), name } satisfies PracticeGroupRecord);
  }
  for (const currency of fx.currencies) {
    tx.put(CURRENCIES, { id: fakerUuid(faker), ...currency } satisfies CurrencyRecord);
  }
  const countryIds = new Map<string, string>();
  for (const country of fx.countries) {
    const record: CountryRecord = {
      ...country,
      id: fakerUuid(faker),
      states: country.states.map((state) => ({ id: fakerUuid(faker), ...state })),
    };
    countryIds.set(country.isoCode, record.id);
    tx.put(COUNTRIES, record);
  }
  tx.setMeta(META_FIRM_SETTINGS, { ...fx.firmSettings } satisfies FirmSettingsRecord);
  const regional = fx.regionalSettings[region];
  const regionalSettings: RegionalSettingsRecord = {
    languageId: languageIds.get(regional.language) ?? '',
    countryId: countryIds.get(regional.country) ?? '',
    locale: { id: fakerUuid(faker), ...regional.locale },
  };
  tx.setMeta(META_REGIONAL_SETTINGS, regionalSettings);
}
