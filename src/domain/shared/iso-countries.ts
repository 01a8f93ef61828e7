import { createRequire } from 'node:module';
import countries, { type LocaleData } from 'i18n-iso-countries';

/** A country of ISO 3166-1, with the English name the maintained list gives it. */
export interface IsoCountry {
  /** ISO 3166-1 alpha-2 code. */
  isoCode: string;
  /** The list's (official) English name. */
  name: string;
}

/**
 * Names the public InterAction connector offers for address countries that the maintained list
 * (i18n-iso-countries, English) does not know as a name or alias, or knows for two countries; every
 * other of its 249 names is one of the list's. Keyed by ISO 3166-1 alpha-2 code.
 */
export const CLIENT_COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = {
  BO: ['Bolivia, Plurinational State of'],
  CD: ['Democratic Republic of Congo'],
  // The list has "Congo" as an alias of both Congos; the client offers it beside the DRC's own name, and
  // ISO 3166-1's short name "Congo" is the Republic of the Congo.
  CG: ['Congo'],
  FK: ['Falkland Islands'],
  FM: ['Micronesia (Federated States of)'],
  FO: ['Faeroe Islands'],
  GS: ['South Georgia and South Sandwich Islands'],
  LA: ['Laos'],
  LC: ['St. Lucia'],
  MD: ['Republic of Moldova'],
  MK: ['Macedonia'],
  MO: ['Macau'],
  PG: ['Papua New Guinea, Independent State of'],
  PS: ['Palestinian Territory, Occupied'],
  SH: ['Saint Helena, Ascension and Tristan da Cunha'],
  SO: ['Federal Republic of Somalia'],
  SX: ['St. Maarten (Dutch Part)'],
  SY: ['Syria'],
  SZ: ['Swaziland'],
  VA: ['Vatican'],
  VE: ['Venezuela, Bolivarian Republic of'],
  VG: ['British Virgin Islands'],
  VI: ['U.S. Virgin Islands'],
};

/** A name as compared: case, accents and runs of spaces do not matter. */
export function countryKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

interface Catalogue {
  byKey: Map<string, string>;
  all: IsoCountry[];
}

let catalogue: Catalogue | undefined;

/** Built on first use: the English locale is registered (only it), every name indexed once. */
function load(): Catalogue {
  if (catalogue) return catalogue;
  const require = createRequire(import.meta.url);
  countries.registerLocale(require('i18n-iso-countries/langs/en.json') as LocaleData);
  const byKey = new Map<string, string>();
  const all: IsoCountry[] = [];
  const names = countries.getNames('en', { select: 'all' });
  for (const [code, list] of Object.entries(names)) {
    all.push({ isoCode: code, name: list[0]! });
    // Codes first, then names: a name never shadows a code (no country is named like a code anyway).
    byKey.set(code.toLowerCase(), code);
    const alpha3 = countries.alpha2ToAlpha3(code);
    if (alpha3) byKey.set(alpha3.toLowerCase(), code);
  }
  // Official names, then the client's, then the aliases: the first claim of a name wins.
  const claims = [
    ...Object.entries(names).map(([code, list]): [string, readonly string[]] => [code, list.slice(0, 1)]),
    ...Object.entries(CLIENT_COUNTRY_NAMES),
    ...Object.entries(names).map(([code, list]): [string, readonly string[]] => [code, list.slice(1)]),
  ];
  for (const [code, list] of claims) {
    for (const name of list) if (!byKey.has(countryKey(name))) byKey.set(countryKey(name), code);
  }
  all.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  catalogue = { byKey, all };
  return catalogue;
}

/**
 * The ISO 3166-1 country a text names: an English name or alias of the maintained list, a name the
 * public client uses, or an alpha-2 or alpha-3 code; case and accents do not matter.
 */
export function isoCountry(text: string): IsoCountry | undefined {
  const { byKey } = load();
  const code = byKey.get(countryKey(text));
  if (!code) return undefined;
  return { isoCode: code, name: countries.getName(code, 'en')! };
}

/** Every ISO 3166-1 country, by English name. */
export function isoCountries(): readonly IsoCountry[] {
  return load().all;
}
