import type { SeedingArea } from '../area.js';
import { recordIndex, textField } from '../shared/index-keys.js';
import {
  COUNTRIES,
  COUNTRIES_BY_ISO_CODE,
  COUNTRIES_BY_NAME,
  CURRENCIES,
  CURRENCIES_BY_CODE,
  type CountryRecord,
} from './model.js';
import { seedSettings } from './seed.js';

/** The settings area as seeding needs it (its resolvers join it in index.ts; seeding workers import only this). */
export const settingsSeeding: SeedingArea = {
  name: 'settings',
  indexes: [
    recordIndex(COUNTRIES_BY_ISO_CODE, COUNTRIES, (c: CountryRecord) => c.isoCode.toUpperCase()),
    recordIndex(COUNTRIES_BY_NAME, COUNTRIES, (c: CountryRecord) => c.name.toLowerCase()),
    // Read defensively, as the planning and matters areas' own copies of this index did.
    { name: CURRENCIES_BY_CODE, collection: CURRENCIES, key: (c) => textField(c, 'code')?.toUpperCase() },
  ],
  seed: seedSettings,
};
