import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';

const VERSIONS = ['1.4.0', '1.2.0'] as const;

interface Named {
  id: string;
  name: string;
}

interface CountryOut extends Named {
  isoCode: string;
  statusIndicator: number;
  administrativeDivisions: {
    useStates: boolean;
    stateLabel: string;
    postalCodeLabel: string | null;
    states: Array<{ id: string; name: string; code: string }>;
  };
}

const COUNTRY_FIELDS = `id name isoCode statusIndicator
  administrativeDivisions { useStates stateLabel postalCodeLabel states { id name code } }`;

const FIRM = `{ firm { settings {
  minimumRequiredFields titles suffixes defaultNewActivityTypeId
  languageSettings { isEnabled languages { id name localName isoCode } }
  genderSettings { isEnabled genders } } } }`;

interface FirmOut {
  firm: {
    settings: {
      minimumRequiredFields: string[];
      titles: string[];
      suffixes: string[];
      defaultNewActivityTypeId: string;
      languageSettings: {
        isEnabled: boolean;
        languages: Array<Named & { localName: string; isoCode: string }>;
      };
      genderSettings: { isEnabled: boolean; genders: string[] };
    };
  };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

function expectBadInput(response: { errors?: Array<{ extensions?: Record<string, unknown> }> }) {
  expect(response.errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
}

function expectValidationError(response: {
  data?: unknown;
  errors?: Array<{ extensions?: Record<string, unknown> }>;
}) {
  expect(response.data).toBeUndefined();
  expect(response.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
}

describe('firm', () => {
  it.each(VERSIONS)('returns the firm settings with realistic values (%s)', async (version) => {
    const { settings } = dataOf(await server.gql<FirmOut>(FIRM, {}, { version })).firm;
    expect(settings.titles).toEqual(expect.arrayContaining(['Mr.', 'Ms.', 'Dr.']));
    expect(settings.suffixes).toEqual(expect.arrayContaining(['Jr.', 'PhD']));
    expect(settings.minimumRequiredFields).toEqual(expect.arrayContaining(['firstName', 'lastName']));
    expect(settings.genderSettings).toEqual({
      isEnabled: true,
      genders: expect.arrayContaining(['Female', 'Male']),
    });
    expect(settings.languageSettings.isEnabled).toBe(true);
    expect(settings.languageSettings.languages).toContainEqual({
      id: expect.any(String),
      name: 'German',
      localName: 'Deutsch',
      isoCode: 'de',
    });
  });

  it.each(VERSIONS)('names the default activity type as defaultNewActivityTypeId (%s)', async (version) => {
    const { settings } = dataOf(await server.gql<FirmOut>(FIRM, {}, { version })).firm;
    const types = dataOf(
      await server.gql<{ activityTypes: { models: Array<{ id: string; isDefault: boolean }> } }>(
        '{ activityTypes(onlyUserCreatable: false) { models { id isDefault } } }',
        {},
        { version },
      ),
    ).activityTypes.models;
    const defaults = types.filter((t) => t.isDefault);
    expect(defaults).toHaveLength(1);
    expect(settings.defaultNewActivityTypeId).toBe(defaults[0]?.id);
  });

  it('follows the tenant switch of language-specific information at once (A-21)', async () => {
    try {
      expect(
        (await server.admin('PATCH', '/tenants/dev-firm', { languageSpecificInformation: false })).status,
      ).toBe(200);
      const off = dataOf(await server.gql<FirmOut>(FIRM)).firm.settings;
      expect(off.languageSettings.isEnabled).toBe(false);
      expect(off.genderSettings.isEnabled).toBe(false);
      // The lists stay configured; only the switch changes.
      expect(off.genderSettings.genders.length).toBeGreaterThan(0);
    } finally {
      await server.admin('PATCH', '/tenants/dev-firm', { languageSpecificInformation: true });
    }
    const on = dataOf(await server.gql<FirmOut>(FIRM)).firm.settings;
    expect(on.languageSettings.isEnabled).toBe(true);
  });

  it('is disabled for the limited tenant', async () => {
    const { settings } = dataOf(await server.gql<FirmOut>(FIRM, {}, { token: 'dev-token-limited' })).firm;
    expect(settings.languageSettings.isEnabled).toBe(false);
    expect(settings.genderSettings.isEnabled).toBe(false);
  });

  it.each(VERSIONS)('rejects an unknown settings field (%s)', async (version) => {
    expectValidationError(await server.gql('{ firm { settings { currency } } }', {}, { version }));
  });
});

describe('regionalSettings', () => {
  const QUERY = `{ regionalSettings { language { id code name } country { id code name } locale { id code name }
    languages { id name localName isoCode } } }`;
  interface Out {
    regionalSettings: {
      language: { id: string; code: string; name: string };
      country: { id: string; code: string; name: string };
      locale: { id: string; code: string; name: string };
      languages: Array<Named & { isoCode: string }>;
    };
  }

  it.each([
    ['us', 'US', 'United States', 'en-US', 'English (United States)'],
    ['eu', 'GB', 'United Kingdom', 'en-GB', 'English (United Kingdom)'],
    ['au', 'AU', 'Australia', 'en-AU', 'English (Australia)'],
  ] as const)(
    'gives the API user of region %s its own settings',
    async (region, iso, country, code, name) => {
      for (const version of VERSIONS) {
        const settings = dataOf(await server.gql<Out>(QUERY, {}, { region, version })).regionalSettings;
        expect(settings.country).toMatchObject({ code: iso, name: country });
        expect(settings.locale).toMatchObject({ code, name });
        expect(settings.language).toMatchObject({ code: 'en', name: 'English' });
        // The language is one of the offered languages and the country one of the countries.
        expect(settings.languages.map((l) => l.id)).toContain(settings.language.id);
        const countries = dataOf(
          await server.gql<{ countries: { models: Named[] } }>(
            'query ($iso: String) { countries(filter: { isoCode: $iso }) { models { id name } } }',
            { iso },
            { region, version },
          ),
        ).countries.models;
        expect(countries).toEqual([{ id: settings.country.id, name: country }]);
      }
    },
  );

  it.each(VERSIONS)('rejects arguments it does not take (%s)', async (version) => {
    expectValidationError(
      await server.gql('{ regionalSettings(userId: "x") { locale { code } } }', {}, { version }),
    );
  });
});

describe('countries', () => {
  const QUERY = `query ($filter: CountryFilter) { countries(filter: $filter) { totalModels models { ${COUNTRY_FIELDS} } } }`;
  type Out = { countries: { totalModels: number; models: CountryOut[] } };

  it.each(VERSIONS)('lists about forty countries by name with ISO codes (%s)', async (version) => {
    const { countries } = dataOf(await server.gql<Out>(QUERY, {}, { version }));
    expect(countries.totalModels).toBeGreaterThanOrEqual(35);
    expect(countries.models).toHaveLength(countries.totalModels);
    const names = countries.models.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const c of countries.models) expect(c.isoCode).toMatch(/^[A-Z]{2}$/);
    expect(new Set(countries.models.map((c) => c.isoCode)).size).toBe(countries.totalModels);
  });

  it.each(VERSIONS)('carries the administrative divisions and labels of a country (%s)', async (version) => {
    const byIso = async (iso: string) =>
      dataOf(await server.gql<Out>(QUERY, { filter: { isoCode: iso } }, { version })).countries.models[0];
    const us = await byIso('us');
    expect(us).toMatchObject({ name: 'United States', isoCode: 'US', statusIndicator: 1 });
    expect(us?.administrativeDivisions).toMatchObject({
      useStates: true,
      stateLabel: 'State',
      postalCodeLabel: 'ZIP code',
    });
    expect(us?.administrativeDivisions.states).toHaveLength(51);
    expect(us?.administrativeDivisions.states).toContainEqual({
      id: expect.any(String),
      name: 'New York',
      code: 'NY',
    });
    const ca = await byIso('CA');
    expect(ca?.administrativeDivisions).toMatchObject({
      stateLabel: 'Province',
      postalCodeLabel: 'Postal code',
    });
    expect(ca?.administrativeDivisions.states.map((s) => s.code)).toContain('ON');
    const gb = await byIso('GB');
    expect(gb?.administrativeDivisions).toMatchObject({ stateLabel: 'County', postalCodeLabel: 'Postcode' });
    const au = await byIso('AU');
    expect(au?.administrativeDivisions.states.map((s) => s.code)).toEqual(
      expect.arrayContaining(['NSW', 'VIC', 'QLD']),
    );
    const de = await byIso('DE');
    expect(de?.administrativeDivisions.states).toHaveLength(16);
    const fr = await byIso('FR');
    expect(fr?.administrativeDivisions).toMatchObject({ useStates: false, states: [] });
  });

  it.each(VERSIONS)('filters by name substring, ids and ISO code combined (%s)', async (version) => {
    const land = dataOf(await server.gql<Out>(QUERY, { filter: { name: 'LAND' } }, { version })).countries;
    expect(land.models.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Finland', 'Ireland', 'Netherlands', 'Poland', 'Switzerland', 'New Zealand']),
    );
    for (const c of land.models) expect(c.name.toLowerCase()).toContain('land');
    const ids = land.models.slice(0, 2).map((c) => c.id);
    const picked = dataOf(await server.gql<Out>(QUERY, { filter: { ids } }, { version })).countries;
    expect(picked.models.map((c) => c.id).sort()).toEqual([...ids].sort());
    const none = dataOf(
      await server.gql<Out>(QUERY, { filter: { ids, isoCode: 'US' } }, { version }),
    ).countries;
    expect(none).toEqual({ totalModels: 0, models: [] });
  });

  it.each(VERSIONS)('rejects an ISO code that is not two letters (%s)', async (version) => {
    expectBadInput(await server.gql(QUERY, { filter: { isoCode: 'USA' } }, { version }));
  });
});

describe('country', () => {
  const QUERY = `query ($id: ID!) { country(id: $id) { ${COUNTRY_FIELDS} } }`;

  it.each(VERSIONS)('returns one country by id, and null for an unknown id (%s)', async (version) => {
    const japan = dataOf(
      await server.gql<{ countries: { models: CountryOut[] } }>(
        `{ countries(filter: { isoCode: "JP" }) { models { ${COUNTRY_FIELDS} } } }`,
        {},
        { version },
      ),
    ).countries.models[0];
    expect(japan?.name).toBe('Japan');
    const one = dataOf(await server.gql<{ country: CountryOut }>(QUERY, { id: japan?.id }, { version }));
    expect(one.country).toEqual(japan);
    const unknown = dataOf(
      await server.gql<{ country: null }>(QUERY, { id: 'no-such-country' }, { version }),
    );
    expect(unknown.country).toBeNull();
  });

  it.each(VERSIONS)('requires an id (%s)', async (version) => {
    expectValidationError(await server.gql('{ country { name } }', {}, { version }));
  });
});

describe('1.4.0 look-ups', () => {
  it('currencies are the ISO 4217 codes, sorted', async () => {
    const { currencies } = dataOf(await server.gql<{ currencies: string[] }>('{ currencies }'));
    expect(currencies.length).toBeGreaterThanOrEqual(25);
    expect(currencies).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CHF']));
    expect(currencies).toEqual([...currencies].sort());
    for (const code of currencies) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it.each([
    ['industries', ['Banking', 'Technology', 'Healthcare']],
    ['practiceGroups', ['Tax', 'Intellectual Property', 'Capital Markets']],
  ] as const)('%s is a paged result of id and name, by name', async (query, expected) => {
    const data = dataOf(
      await server.gql<Record<string, { totalModels: number; models: Named[] }>>(
        `{ ${query} { totalModels models { id name } } }`,
      ),
    );
    const result = data[query]!;
    expect(result.totalModels).toBeGreaterThanOrEqual(10);
    expect(result.models).toHaveLength(result.totalModels);
    expect(result.models.map((m) => m.name)).toEqual(expect.arrayContaining([...expected]));
    for (const m of result.models) expect(m.id).toMatch(/^[0-9a-f-]{36}$/);
    const names = result.models.map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each(['{ currencies }', '{ industries { totalModels } }', '{ practiceGroups { totalModels } }'])(
    '%s does not exist in 1.2.0',
    async (query) => {
      expectValidationError(await server.gql(query, {}, { version: '1.2.0' }));
    },
  );

  it('rejects a selection on the scalar list of currencies', async () => {
    expectValidationError(await server.gql('{ currencies { code } }'));
  });
});
