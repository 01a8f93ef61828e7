/**
 * Other names of seeded countries, by ISO code: the names the public client's country list uses where they
 * differ from the fixture's. Address input matches them like the country's own name.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['United States of America'],
  CZ: ['Czech Republic'],
};
