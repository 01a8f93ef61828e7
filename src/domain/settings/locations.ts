import type { InputMaybe, PlanningLocationInput } from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import type { Validator } from '../shared/validation.js';
import { COUNTRIES, COUNTRIES_BY_ISO_CODE, COUNTRIES_BY_NAME, type CountryRecord } from './model.js';

/** A location as objectives, initiatives and opportunities store it. */
export interface LocationRecord {
  country: string;
  administrativeDivision: string | null;
}

/** A country of the firm by name (any case) or ISO code; undefined when there is none. */
export function findCountry(store: StoreReader, text: string): CountryRecord | undefined {
  return (
    store.lookup<CountryRecord>(COUNTRIES_BY_NAME, text.toLowerCase())[0] ??
    store.lookup<CountryRecord>(COUNTRIES_BY_ISO_CODE, text.toUpperCase())[0]
  );
}

/**
 * Checks location inputs: `country` names a known country (by name or ISO code, stored by
 * name); a given `administrativeDivision` must be one of that country's divisions when it lists any
 * (stored by name). Null entries and duplicates are dropped; failures name `<propertyName>[i].<field>`.
 */
export function checkLocations(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  locations: ReadonlyArray<InputMaybe<PlanningLocationInput>>,
): LocationRecord[] {
  const out: LocationRecord[] = [];
  // A store without the settings area's countries (a partial seed) accepts the texts as given.
  const knowsCountries = store.count(COUNTRIES) > 0;
  locations.forEach((location, i) => {
    if (!location) return;
    const at = `${propertyName}[${i}]`;
    const countryText = v.requiredText(`${at}.country`, location.country);
    const divisionText = v.optionalText(`${at}.administrativeDivision`, location.administrativeDivision);
    if (countryText === undefined) return;
    let country = countryText;
    let division = divisionText ?? null;
    if (knowsCountries) {
      const found = findCountry(store, countryText);
      if (!found) {
        v.fail(`${at}.country`, `No country is known by the name or ISO code "${countryText}".`);
        return;
      }
      country = found.name;
      if (division !== null && found.states.length > 0) {
        const wanted = division.toLowerCase();
        const state = found.states.find(
          (s) => s.name.toLowerCase() === wanted || s.code.toLowerCase() === wanted,
        );
        if (!state) {
          v.fail(
            `${at}.administrativeDivision`,
            `${found.name} has no administrative division "${division}".`,
          );
          return;
        }
        division = state.name;
      }
    }
    if (!out.some((l) => l.country === country && l.administrativeDivision === division)) {
      out.push({ country, administrativeDivision: division });
    }
  });
  return out;
}
