// Address countries: every ISO 3166-1 country by its English name (from the maintained
// list, not typed here), every name the public connector offers, and the fixture's names are accepted in
// an address, and a contact is found again by a country search with the name it was given.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import countries from 'i18n-iso-countries';
import { createRequire } from 'node:module';
import { createSimulator, type InMemorySimulator } from '../../../src/api/simulator.js';
import { CLIENT_COUNTRY_LIST } from './client-countries.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let sim: InMemorySimulator;
let firmCountries: Json[];
let n = 0;

async function run(document: string, variables?: Record<string, unknown>): Promise<Json> {
  const r = await sim.execute(document, { variables });
  if (r.errors) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.data as Json;
}

/** Adds a person with a business address in `country`; the answer's status, errors and stored country. */
async function addIn(country: string) {
  const lastName = `Countryman${++n}`;
  const data = await run(
    `mutation($input: AddPersonInput!) {
      addPerson(input: $input) { status item { id addresses { country } } validationErrors { propertyName message } }
    }`,
    { input: { lastName, businessAddress: { city: 'Capital', country } } },
  );
  return {
    lastName,
    errors: data.addPerson.validationErrors as Json[],
    stored: data.addPerson.item?.addresses[0]?.country as string | undefined,
  };
}

async function foundBy(country: string, lastName: string): Promise<number> {
  const data = await run(
    `query($filter: [ContactFilterInput]) { searchFirmContacts(limit: 0, filter: $filter) { totalModels } }`,
    {
      filter: [
        { field: 'lastName', value: lastName },
        { field: 'country', value: country },
      ],
    },
  );
  return data.searchFirmContacts.totalModels as number;
}

beforeAll(async () => {
  countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));
  sim = createSimulator({ seed: 7 });
  firmCountries = (await run('{ countries { models { name isoCode } } }')).countries.models;
});

afterAll(async () => {
  await sim.stop();
});

/** Names that failed: the name and why. */
async function failuresOf(names: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const name of names) {
    const added = await addIn(name);
    if (added.errors.length > 0 || !added.stored) failures.push(`${name}: ${JSON.stringify(added.errors)}`);
    else if ((await foundBy(name, added.lastName)) !== 1)
      failures.push(`${name}: not found by country search`);
  }
  return failures;
}

describe('address countries', () => {
  it('accepts every ISO 3166-1 country by its English names and finds it by them', async () => {
    const names = Object.values(countries.getNames('en', { select: 'all' })).flat();
    expect(names.length).toBeGreaterThanOrEqual(249);
    expect(await failuresOf(names)).toEqual([]);
  });

  it("accepts every name the public connector offers (A-265), e.g. 'Zimbabwe' and 'Swaziland'", async () => {
    expect(CLIENT_COUNTRY_LIST).toContain('Zimbabwe');
    expect(await failuresOf(CLIENT_COUNTRY_LIST)).toEqual([]);
  });

  it("keeps the firm's own name of a configured country, whichever name the input used", async () => {
    expect(firmCountries.length).toBeGreaterThan(0);
    for (const { name, isoCode } of firmCountries) {
      for (const given of [name, isoCode, countries.getName(isoCode, 'en')!]) {
        const added = await addIn(given);
        expect({ given, errors: added.errors, stored: added.stored }).toEqual({
          given,
          errors: [],
          stored: name,
        });
      }
    }
    const usa = await addIn('United States of America');
    expect(usa.stored).toBe(firmCountries.find((c) => c.isoCode === 'US')!.name);
  });

  it('stores a country the firm has not configured under its ISO English name', async () => {
    const added = await addIn('zimbabwe');
    expect(added).toMatchObject({ errors: [], stored: 'Zimbabwe' });
    const swazi = await addIn('Swaziland');
    expect(swazi.stored).toBe(countries.getName('SZ', 'en'));
    expect(await foundBy('Eswatini', swazi.lastName)).toBe(1);
  });

  it("reads the client's 'Congo' as the Republic of the Congo, its DRC name as the DRC", async () => {
    expect((await addIn('Congo')).stored).toBe(countries.getName('CG', 'en'));
    expect((await addIn('Democratic Republic of Congo')).stored).toBe(countries.getName('CD', 'en'));
  });

  it('still refuses a text that names no country', async () => {
    const added = await addIn('Atlantis');
    expect(added.errors).toEqual([
      { propertyName: 'businessAddress.country', message: expect.stringContaining('Atlantis') },
    ]);
  });
});
