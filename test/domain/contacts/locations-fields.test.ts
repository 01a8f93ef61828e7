import { describe, expect, it } from '@jest/globals';
import { dataOf } from '../../helpers/server.js';
import {
  companies,
  contact,
  contacts,
  eventTypes,
  people,
  server,
  VERSIONS,
  type Result,
  useContactServer,
} from './fixture.js';
import { CONTACT_FIELDS, CONTACT_FRAGMENT, propertyNames, search } from './helpers.js';

useContactServer();

describe('addPublicLocation and changePublicContactLocation', () => {
  it.each(VERSIONS)('adds a mailing location with a phone and changes it (%s)', async (v) => {
    const c = contacts.find((x) => x.addresses.length === 1)!;
    const added = dataOf(
      await server.gql<{ addPublicLocation: Result }>(
        `mutation ($input: AddLocationInput!) { addPublicLocation(input: $input) {
          status validationErrors { propertyName message } item { ${CONTACT_FIELDS} } } } ${CONTACT_FRAGMENT}`,
        {
          input: {
            contactId: c.id,
            type: 'home',
            street: '22 Acacia Avenue',
            city: 'Melbourne',
            administrativeDivision: 'VIC',
            country: 'AU',
            postalCode: '3000',
            phoneNumber: '+61 3 9000 0000',
            isMailingAddress: true,
          },
        },
        { version: v },
      ),
    ).addPublicLocation;
    expect(added.status).toBe('Created');
    expect(added.validationErrors).toEqual([]);
    const location = added.item!.addresses.find((a) => a.street === '22 Acacia Avenue')!;
    expect(location).toMatchObject({
      type: 'Home',
      city: 'Melbourne',
      country: 'Australia',
      isMailingAddress: true,
    });
    expect(added.item!.addresses.filter((a) => a.isMailingAddress)).toEqual([location]);
    expect(added.item!.phoneNumbers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number: '+61 3 9000 0000', addressId: location.id }),
      ]),
    );
    expect(await contact(c.id)).toEqual(added.item);
    const byCity = await search(server, {
      filter: [
        { field: 'ids', values: [c.id] },
        { field: 'city', value: 'Melbourne' },
      ],
    });
    expect(byCity.totalModels).toBe(1);

    const change = (input: Record<string, unknown>) =>
      server.gql<{ changePublicContactLocation: Result }>(
        `mutation ($input: LocationChangeInput!) { changePublicContactLocation(input: $input) {
          status validationErrors { propertyName message } item { ${CONTACT_FIELDS} } } } ${CONTACT_FRAGMENT}`,
        { input: { contactId: c.id, addressId: location.id, ...input } },
        { version: v },
      );
    const changed = dataOf(await change({ city: 'Geelong', postalCode: null })).changePublicContactLocation;
    expect(changed.status).toBe('Updated');
    expect(changed.item!.addresses.find((a) => a.id === location.id)).toMatchObject({
      city: 'Geelong',
      postalCode: null,
      street: '22 Acacia Avenue',
    });
    const unchanged = dataOf(await change({ city: 'Geelong' })).changePublicContactLocation;
    expect(unchanged.status).toBe('NoChange');
    const original = c.addresses[0]!;
    const back = dataOf(
      await change({ addressId: original.id, isMailingAddress: true }),
    ).changePublicContactLocation;
    expect(back.item!.addresses.filter((a) => a.isMailingAddress).map((a) => a.id)).toEqual([original.id]);
    expect(
      (await search(server, { filter: [{ field: 'city', value: 'Geelong' }] })).models.map((x) => x.id),
    ).toEqual([c.id]);
    expect((await eventTypes(c.id)).filter((t) => t === 'ContactUpdated').length).toBeGreaterThanOrEqual(3);
  });

  it.each(VERSIONS)('rejects bad locations and writes nothing (%s)', async (v) => {
    const [c, other] = contacts.filter((x) => x.addresses.length > 0);
    const bad = dataOf(
      await server.gql<{ addPublicLocation: Result }>(
        'mutation ($input: AddLocationInput!) { addPublicLocation(input: $input) { status validationErrors { propertyName message } item { id } } }',
        { input: { contactId: 'nobody', type: 'Moon', country: 'Atlantis', phoneNumber: 'none' } },
        { version: v },
      ),
    ).addPublicLocation;
    expect(bad).toMatchObject({ status: 'NoChange', item: null });
    expect(propertyNames(bad).sort()).toEqual(['contactId', 'country', 'phoneNumber', 'type']);
    const empty = dataOf(
      await server.gql<{ addPublicLocation: Result }>(
        'mutation ($input: AddLocationInput!) { addPublicLocation(input: $input) { status validationErrors { propertyName } } }',
        { input: { contactId: c!.id, label: 'Nowhere' } },
        { version: v },
      ),
    ).addPublicLocation;
    expect(propertyNames(empty)).toEqual(['street']);
    const foreign = dataOf(
      await server.gql<{ changePublicContactLocation: Result }>(
        'mutation ($input: LocationChangeInput!) { changePublicContactLocation(input: $input) { status validationErrors { propertyName } item { id } } }',
        { input: { contactId: c!.id, addressId: other!.addresses[0]!.id, city: 'Nowhere' } },
        { version: v },
      ),
    ).changePublicContactLocation;
    expect(foreign).toMatchObject({ status: 'NoChange', item: null });
    expect(propertyNames(foreign)).toEqual(['addressId']);
    expect(await contact(c!.id)).toEqual(c);
    expect(await contact(other!.id)).toEqual(other);
  });
});

describe('updateContactAdditionalFields', () => {
  const fieldsQuery = `query ($id: ID!) { contact(id: $id) {
    contactAdditionalFieldValues { totalModels models { fieldId fieldName valueId value } } } }`;
  const op = `mutation ($input: UpdateContactAdditionalFieldsInput!) { updateContactAdditionalFields(input: $input) {
    status validationErrors { propertyName message } item { id } } }`;

  async function languages(): Promise<Array<{ id: string; name: string }>> {
    const res = await server.gql<{ regionalSettings: { languages: Array<{ id: string; name: string }> } }>(
      '{ regionalSettings { languages { id name } } }',
    );
    return dataOf(res).regionalSettings.languages;
  }

  it.each(VERSIONS)('sets language and gender, shown as contact additional field values (%s)', async (v) => {
    const person = people()[4]!;
    const [language] = await languages();
    const res = dataOf(
      await server.gql<{ updateContactAdditionalFields: Result }>(
        op,
        { input: { personId: person.id, languageId: language!.id, gender: 'female' } },
        { version: v },
      ),
    ).updateContactAdditionalFields;
    expect(res).toMatchObject({ status: 'Updated', validationErrors: [], item: { id: person.id } });
    const values = dataOf(
      await server.gql<{
        contact: { contactAdditionalFieldValues: { models: Array<Record<string, string>> } };
      }>(fieldsQuery, { id: person.id }, { version: v }),
    ).contact.contactAdditionalFieldValues.models;
    expect(values).toEqual([
      { fieldId: 'language', fieldName: 'Language', valueId: language!.id, value: language!.name },
      { fieldId: 'gender', fieldName: 'Gender', valueId: 'Female', value: 'Female' },
    ]);
    const cleared = dataOf(
      await server.gql<{ updateContactAdditionalFields: Result }>(op, {
        input: { personId: person.id, languageId: null },
      }),
    ).updateContactAdditionalFields;
    expect(cleared.status).toBe('Updated');
    const after = dataOf(
      await server.gql<{
        contact: { contactAdditionalFieldValues: { models: Array<Record<string, string>> } };
      }>(fieldsQuery, { id: person.id }),
    ).contact.contactAdditionalFieldValues.models;
    expect(after.map((m) => m['fieldName'])).toEqual(['Gender']);
    expect(await eventTypes(person.id)).toContain('ContactUpdated');
  });

  it.each(VERSIONS)('rejects unknown languages, genders and people (%s)', async (v) => {
    const person = people()[5]!;
    const res = dataOf(
      await server.gql<{ updateContactAdditionalFields: Result }>(
        op,
        { input: { personId: person.id, languageId: 'klingon', gender: 'Robot' } },
        { version: v },
      ),
    ).updateContactAdditionalFields;
    expect(res).toMatchObject({ status: 'NoChange', item: null });
    expect(propertyNames(res).sort()).toEqual(['gender', 'languageId']);
    const company = dataOf(
      await server.gql<{ updateContactAdditionalFields: Result }>(
        op,
        { input: { personId: companies()[0]!.id, gender: 'Male' } },
        { version: v },
      ),
    ).updateContactAdditionalFields;
    expect(propertyNames(company)).toEqual(['personId']);
    expect(await contact(person.id)).toEqual(person);
  });

  it('is rejected unless language-specific information is enabled', async () => {
    const person = people()[6]!;
    const before = dataOf(await server.gql<{ contact: unknown }>(fieldsQuery, { id: person.id })).contact;
    await server.admin('PATCH', '/tenants/dev-firm', { languageSpecificInformation: false });
    try {
      const res = dataOf(
        await server.gql<{ updateContactAdditionalFields: Result }>(op, {
          input: { personId: person.id, gender: 'Male' },
        }),
      ).updateContactAdditionalFields;
      expect(res).toMatchObject({ status: 'NoChange', item: null });
      expect(propertyNames(res)).toEqual(['languageId']);
      expect(res.validationErrors[0]!.message).toMatch(/not enabled/);
    } finally {
      await server.admin('PATCH', '/tenants/dev-firm', { languageSpecificInformation: true });
    }
    expect(dataOf(await server.gql<{ contact: unknown }>(fieldsQuery, { id: person.id })).contact).toEqual(
      before,
    );
    // The limited tenant has the switch off from the start.
    const limited = await server.gql<{ searchFirmContacts: { models: Array<{ id: string }> } }>(
      '{ searchFirmContacts(filter: [{ field: contactEntity, value: "Person" }], limit: 1) { models { id } } }',
      {},
      { token: 'dev-token-limited' },
    );
    const limitedPerson = dataOf(limited).searchFirmContacts.models[0]!;
    const rejected = dataOf(
      await server.gql<{ updateContactAdditionalFields: Result }>(
        op,
        { input: { personId: limitedPerson.id, gender: 'Male' } },
        { token: 'dev-token-limited' },
      ),
    ).updateContactAdditionalFields;
    expect(propertyNames(rejected)).toEqual(['languageId']);
  });
});
