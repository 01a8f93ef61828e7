import type { Entity } from '../../store/index.js';

/** Store collections of the settings area; other areas read these look-up values through them. */
export const LANGUAGES = 'languages';
export const INDUSTRIES = 'industries';
export const PRACTICE_GROUPS = 'practiceGroups';
export const COUNTRIES = 'countries';
export const CURRENCIES = 'currencies';

/** Index: countries by upper-case ISO 3166-1 alpha-2 code (e.g. `US`). */
export const COUNTRIES_BY_ISO_CODE = 'countries.byIsoCode';
/** Index: countries by lower-case name (address inputs carry country names as text). */
export const COUNTRIES_BY_NAME = 'countries.byName';
// Name constants of collections and indexes: every area's model.ts lists its own, alike in shape only.

/** Index: currencies by upper-case ISO 4217 code (the planning and matters areas check codes with it). */
export const CURRENCIES_BY_CODE = 'currencies.byCode';

/** Meta key of the firm's settings (`FirmSettingsRecord`). */
export const META_FIRM_SETTINGS = 'firmSettings';
/** Meta key of the API user's regional settings (`RegionalSettingsRecord`). */
export const META_REGIONAL_SETTINGS = 'regionalSettings';

/** A language (`RegionalLanguage`): ISO 639-1 code, English name and the language's own name. */
export interface LanguageRecord extends Entity {
  id: string;
  name: string;
  localName: string;
  isoCode: string;
}

/** An industry of the firm's taxonomy; contacts refer to it through `industryIds`. */
export interface IndustryRecord extends Entity {
  id: string;
  name: string;
}

/** A practice group of the firm. */
export interface PracticeGroupRecord extends Entity {
  id: string;
  name: string;
}

/** An ISO 4217 currency. */
export interface CurrencyRecord extends Entity {
  id: string;
  code: string;
  name: string;
}

/** A state, province or similar. */
export interface AdministrativeDivisionRecord {
  id: string;
  name: string;
  code: string;
}

/** A country with its administrative divisions (§2.3, A-20). */
export interface CountryRecord extends Entity {
  id: string;
  name: string;
  isoCode: string;
  statusIndicator: number;
  useStates: boolean;
  stateLabel: string;
  postalCodeLabel: string | null;
  states: AdministrativeDivisionRecord[];
}

/**
 * The firm's settings as stored. The language and gender switches are not stored: they are the
 * tenant's `languageSpecificInformation` setting, read per request so admin changes apply at once.
 * `defaultNewActivityTypeId` is not stored either: it is the activity type flagged `isDefault`.
 */
export interface FirmSettingsRecord {
  minimumRequiredFields: string[];
  titles: string[];
  suffixes: string[];
  genders: string[];
}

/** The API user's regional settings (§5: `regionalSettings` returns the current user's). */
export interface RegionalSettingsRecord {
  languageId: string;
  countryId: string;
  locale: { id: string; code: string; name: string };
}
