import type { CountryFilter, QueryCountriesArgs, QueryCountryArgs } from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { badUserInput } from '../shared/errors.js';
import { containsText, sortItems } from '../shared/paging.js';
import {
  COUNTRIES,
  COUNTRIES_BY_ISO_CODE,
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

const ISO_ALPHA2 = /^[A-Za-z]{2}$/;

function byName<T extends { id: string; name: string }>(items: Iterable<T>): T[] {
  return sortItems([...items], [{ value: (item) => item.name }]);
}

/** Every record of a look-up collection, by name, as an `{ totalModels, models }` result. */
function lookupResults<T extends { id: string; name: string }>(store: StoreReader, collection: string) {
  const models = byName(store.all<T>(collection));
  return { totalModels: models.length, models };
}

function languages(store: StoreReader): LanguageRecord[] {
  return byName(store.all<LanguageRecord>(LANGUAGES));
}

function firmSettings(store: StoreReader): FirmSettingsRecord {
  const stored = store.meta[META_FIRM_SETTINGS] as Partial<FirmSettingsRecord> | undefined;
  return {
    minimumRequiredFields: stored?.minimumRequiredFields ?? [],
    titles: stored?.titles ?? [],
    suffixes: stored?.suffixes ?? [],
    genders: stored?.genders ?? [],
  };
}

/**
 * Firm settings: the switches come from the tenant at read time. `defaultNewActivityTypeId` is the
 * activities area's field (the type flagged default), so this area reads no other area's data.
 */
function firm(ctx: RequestContext) {
  const stored = firmSettings(ctx.store);
  const enabled = ctx.tenant.languageSpecificInformation;
  return {
    settings: {
      minimumRequiredFields: stored.minimumRequiredFields,
      titles: stored.titles,
      suffixes: stored.suffixes,
      languageSettings: { isEnabled: enabled, languages: languages(ctx.store) },
      genderSettings: { isEnabled: enabled, genders: stored.genders },
    },
  };
}

function regionalSettings(store: StoreReader) {
  const stored = store.meta[META_REGIONAL_SETTINGS] as RegionalSettingsRecord | undefined;
  if (!stored) return null;
  const language = store.get<LanguageRecord>(LANGUAGES, stored.languageId);
  const country = store.get<CountryRecord>(COUNTRIES, stored.countryId);
  return {
    language: language ? { id: language.id, code: language.isoCode, name: language.name } : null,
    country: country ? { id: country.id, code: country.isoCode, name: country.name } : null,
    locale: stored.locale,
    languages: languages(store),
  };
}

/** The countries matching every given field of the filter, by name. */
function countries(store: StoreReader, filter: CountryFilter | null | undefined) {
  const isoCode = filter?.isoCode ?? null;
  if (isoCode !== null && !ISO_ALPHA2.test(isoCode)) {
    throw badUserInput(
      `filter.isoCode must be a two-letter ISO 3166-1 alpha-2 code such as "US" (got "${isoCode}").`,
    );
  }
  const ids = (filter?.ids ?? []).filter((id): id is string => id !== null);
  const candidates =
    ids.length > 0
      ? ids.map((id) => store.get<CountryRecord>(COUNTRIES, id)).filter((c) => c !== undefined)
      : isoCode !== null
        ? store.lookup<CountryRecord>(COUNTRIES_BY_ISO_CODE, isoCode.toUpperCase())
        : [...store.all<CountryRecord>(COUNTRIES)];
  const matches = candidates.filter(
    (c) => containsText(c.name, filter?.name) && (isoCode === null || c.isoCode === isoCode.toUpperCase()),
  );
  const models = byName(new Map(matches.map((c) => [c.id, c])).values());
  return { totalModels: models.length, models };
}

/** Queries and type fields of the settings area. */
export const settingsResolvers: AreaResolvers = {
  Query: {
    firm: (_: unknown, __: unknown, ctx: RequestContext) => firm(ctx),
    regionalSettings: (_: unknown, __: unknown, ctx: RequestContext) => regionalSettings(ctx.store),
    countries: (_: unknown, args: QueryCountriesArgs, ctx: RequestContext) =>
      countries(ctx.store, args.filter),
    country: (_: unknown, args: QueryCountryArgs, ctx: RequestContext) =>
      ctx.store.get<CountryRecord>(COUNTRIES, args.id) ?? null,
    currencies: (_: unknown, __: unknown, ctx: RequestContext) =>
      [...ctx.store.all<CurrencyRecord>(CURRENCIES)].map((c) => c.code).sort(),
    industries: (_: unknown, __: unknown, ctx: RequestContext) =>
      lookupResults<IndustryRecord>(ctx.store, INDUSTRIES),
    practiceGroups: (_: unknown, __: unknown, ctx: RequestContext) =>
      lookupResults<PracticeGroupRecord>(ctx.store, PRACTICE_GROUPS),
  },
  Country: {
    administrativeDivisions: (country: CountryRecord) => ({
      states: country.states,
      useStates: country.useStates,
      stateLabel: country.stateLabel,
      postalCodeLabel: country.postalCodeLabel,
    }),
  },
};
