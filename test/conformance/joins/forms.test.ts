import { describe, expect, it } from '@jest/globals';
import { formFindings } from '../../../src/conformance/joins/forms.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const found = (document: string, data: unknown) =>
  formFindings(typedHolders(schema, { document }, data)).map((f) => [
    f.finding.expectationId,
    f.finding.path,
    f.finding.actual,
  ]);

describe('formFindings', () => {
  const REGIONAL =
    '{ regionalSettings { language { code } country { code } locale { code } languages { isoCode } } }';
  const regional = (language: unknown, country: unknown, locale: unknown, isoCode: unknown = 'de') =>
    found(REGIONAL, {
      regionalSettings: {
        language: { code: language },
        country: { code: country },
        locale: { code: locale },
        languages: [{ isoCode }],
      },
    });

  it('holds regional codes to ISO 639, ISO 3166-1 alpha-2 and BCP 47 (A-566)', () => {
    expect(regional('en', 'US', 'en-US')).toEqual([]);
    expect(regional('de', 'GB', 'zh-Hant-TW')).toEqual([]);
    expect(regional('en', 'US', 'es-419')).toEqual([]);
    expect(regional('en', 'US', 'en')).toEqual([]);
    expect(regional(null, '', null, null)).toEqual([]);
    expect(regional('en', 'US', 'en_US')).toEqual([
      ['code-form', 'data.regionalSettings.locale.code', 'en_US'],
    ]);
    expect(regional('en', 'US', 'en-us')).toEqual([
      ['code-form', 'data.regionalSettings.locale.code', 'en-us'],
    ]);
    expect(regional('EN', 'us', 'en-US', 'DE')).toEqual([
      ['code-form', 'data.regionalSettings.language.code', 'EN'],
      ['code-form', 'data.regionalSettings.country.code', 'us'],
      ['code-form', 'data.regionalSettings.languages[0].isoCode', 'DE'],
    ]);
  });

  it('holds countries and currencies to ISO 3166-1 alpha-2 and ISO 4217 (A-566)', () => {
    const countries = (isoCode: unknown) =>
      found('{ countries { models { isoCode } } }', {
        countries: { models: [{ isoCode: 'US' }, { isoCode }] },
      });
    expect(countries('GB')).toEqual([]);
    expect(countries('gb')).toEqual([['code-form', 'data.countries.models[1].isoCode', 'gb']]);
    expect(countries('GBR')).toEqual([['code-form', 'data.countries.models[1].isoCode', 'GBR']]);
    const currencies = (codes: unknown[]) => found('{ currencies }', { currencies: codes });
    expect(currencies(['EUR', 'USD'])).toEqual([]);
    expect(currencies(['EUR', 'usd'])).toEqual([['code-form', 'data.currencies[1]', 'usd']]);
    const measure = (currencyType: unknown) =>
      found('{ objective(id: "o") { measurementOfSuccess { currencyType } } }', {
        objective: { measurementOfSuccess: { currencyType } },
      });
    expect(measure(null)).toEqual([]);
    expect(measure('AUD')).toEqual([]);
    expect(measure('Aud')).toEqual([
      ['code-form', 'data.objective.measurementOfSuccess.currencyType', 'Aud'],
    ]);
  });

  it('holds e-mail addresses to the form of an address (A-566)', () => {
    const DOC =
      '{ contact(id: "c") { emailAddresses { address } } list(id: "l") { contacts { models { emailAddress } } } }';
    const emails = (address: unknown, member: unknown) =>
      found(DOC, {
        contact: { emailAddresses: [{ address }] },
        list: { contacts: { models: [{ emailAddress: member }] } },
      });
    expect(emails('ada.lovelace@example.co.uk', "o'brien+rm@mail.example.com")).toEqual([]);
    expect(emails(null, '')).toEqual([]);
    expect(emails('ada.lovelace', 'a***@example.com')).toEqual([
      ['email-form', 'data.contact.emailAddresses[0].address', 'ada.lovelace'],
    ]);
    expect(emails('ada@example.com', 'Ada Lovelace <ada@example.com>')).toEqual([
      ['email-form', 'data.list.contacts.models[0].emailAddress', 'Ada Lovelace <ada@example.com>'],
    ]);
    // a search's echo of what was asked is not an address
    expect(
      found('{ searchFirmContacts { searchTerms { emailAddress } } }', {
        searchFirmContacts: { searchTerms: { emailAddress: 'ada@' } },
      }),
    ).toEqual([]);
  });

  it('holds lists with a display order to that order, in any type (A-567)', () => {
    const RANGE = '{ relationshipTypes { correlationRangeItems { displayOrder strengthDescription } } }';
    const range = (orders: unknown[]) =>
      found(RANGE, {
        relationshipTypes: [{ correlationRangeItems: orders.map((displayOrder) => ({ displayOrder })) }],
      });
    expect(range([1, 2, 3, 4])).toEqual([]);
    expect(range([1, 1, 2])).toEqual([]);
    expect(range([1, null, 3])).toEqual([]);
    expect(range([4, 3, 2, 1])).toEqual([
      ['display-order', 'data.relationshipTypes[0].correlationRangeItems[1].displayOrder', 3],
    ]);
    expect(range([1, null, 3, 2])).toEqual([
      ['display-order', 'data.relationshipTypes[0].correlationRangeItems[3].displayOrder', 2],
    ]);
    const PROFILES = '{ profile(contactId: "c") { models { displayOrder profileItems { displayOrder } } } }';
    const profiles = (orders: number[], items: number[]) =>
      found(PROFILES, {
        profile: {
          models: orders.map((displayOrder) => ({
            displayOrder,
            profileItems: items.map((d) => ({ displayOrder: d })),
          })),
        },
      });
    expect(profiles([1, 2], [1, 2, 3])).toEqual([]);
    expect(profiles([2, 1], [1])).toEqual([['display-order', 'data.profile.models[1].displayOrder', 1]]);
    expect(profiles([1], [2, 1])).toEqual([
      ['display-order', 'data.profile.models[0].profileItems[1].displayOrder', 1],
    ]);
  });

  it('holds a stage order to 1..1000 (A-48)', () => {
    const document = '{ opportunity(id: "o") { currentStage { stageOrder } stageInstances { stageOrder } } }';
    const stages = (current: unknown, instances: unknown[]) =>
      found(document, {
        opportunity: {
          currentStage: { stageOrder: current },
          stageInstances: instances.map((stageOrder) => ({ stageOrder })),
        },
      });
    expect(stages(2, [1, 2])).toEqual([]);
    expect(stages(1000, [1000])).toEqual([]);
    expect(stages(null, [])).toEqual([]);
    expect(stages(1, [0, 1])).toEqual([
      ['stage-order-range', 'data.opportunity.stageInstances[0].stageOrder', 0],
    ]);
    expect(stages(0, [])).toEqual([['stage-order-range', 'data.opportunity.currentStage.stageOrder', 0]]);
    expect(stages(1001, [])).toEqual([
      ['stage-order-range', 'data.opportunity.currentStage.stageOrder', 1001],
    ]);
  });

  it('holds an address to the address types (A-25)', () => {
    const types = (...t: unknown[]) =>
      found('{ contact(id: "c") { addresses { type } } }', {
        contact: { addresses: t.map((type) => ({ type })) },
      });
    expect(types('Business', 'Home', 'Other', null)).toEqual([]);
    expect(types('Business', 'Personal')).toEqual([
      ['address-type', 'data.contact.addresses[1].type', 'Personal'],
    ]);
    expect(types('business')).toEqual([['address-type', 'data.contact.addresses[0].type', 'business']]);
  });
});
