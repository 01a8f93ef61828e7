import { describe, expect, it } from '@jest/globals';
import { dataOf } from '../../helpers/server.js';
import {
  companies,
  contact,
  contacts,
  contactTypeIds,
  eventTypes,
  mutate,
  people,
  server,
  VERSIONS,
  useContactServer,
} from './fixture.js';
import { propertyNames, search } from './helpers.js';

useContactServer();

describe('addPerson', () => {
  it.each(VERSIONS)(
    'creates a person visible through every query and at the employer (%s)',
    async (version) => {
      const employer = companies().find((c) => c.name !== 'Harbour & Finch LLP')!;
      const types = await contactTypeIds();
      const res = await mutate(
        'addPerson',
        'AddPersonInput',
        {
          title: 'Dr.',
          firstName: ' Quintessa ',
          middleName: 'J.',
          lastName: 'Vandermeer',
          companyId: employer.id,
          jobTitle: 'General Counsel',
          emailAddress: 'quintessa.vandermeer@example.com',
          businessPhone: '+1 212 555-0199',
          mobilePhone: '+1 917 555-0100',
          tags: ['VIP', 'vip', 'Panel 2026'],
          folderContactTypes: [types['Client'], types['Referral Source']],
          businessAddress: {
            street: '1 Liberty Plaza',
            city: 'New York',
            administrativeDivision: 'NY',
            country: 'United States',
            postalCode: '10006',
            label: 'HQ',
          },
          otherAddress: { city: 'Boston', country: 'US' },
          mailingAddress: 'Other',
        },
        version,
      );
      expect(res.validationErrors).toEqual([]);
      expect(res.status).toBe('Created');
      const item = res.item!;
      expect(item).toMatchObject({
        displayName: 'Quintessa Vandermeer',
        contactEntity: 'Person',
        visibility: 'public',
        firstName: 'Quintessa',
        lastName: 'Vandermeer',
        fullName: 'Dr. Quintessa J. Vandermeer',
        currentJobTitle: 'General Counsel',
        currentEmployer: { id: employer.id, name: employer.name },
        isEmployee: false,
        tags: ['VIP', 'Panel 2026'],
      });
      expect(item.contactTypes.map((t) => t.name).sort()).toEqual(['Client', 'Referral Source']);
      expect(item.emailAddresses).toEqual([
        expect.objectContaining({ address: 'quintessa.vandermeer@example.com', owningContactId: item.id }),
      ]);
      const business = item.addresses.find((a) => a.type === 'Business')!;
      const other = item.addresses.find((a) => a.type === 'Other')!;
      expect(business).toMatchObject({
        city: 'New York',
        postalCode: '10006',
        label: 'HQ',
        isMailingAddress: false,
      });
      expect(other).toMatchObject({ city: 'Boston', country: 'United States', isMailingAddress: true });
      expect(item.phoneNumbers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ number: '+1 212 555-0199', type: 'Business', addressId: business.id }),
          expect.objectContaining({ number: '+1 917 555-0100', type: 'Mobile', addressId: null }),
        ]),
      );

      expect(await contact(item.id)).toEqual(item);
      const viaPeople = dataOf(
        await server.gql<{ people: Array<{ id: string }>; person: { lastName: string } }>(
          'query ($id: ID!) { people(ids: [$id]) { id } person(id: $id) { lastName } }',
          { id: item.id },
          { version },
        ),
      );
      expect(viaPeople.people).toEqual([{ id: item.id }]);
      expect(viaPeople.person.lastName).toBe('Vandermeer');
      const all = await search(server, { limit: 1000 }, version);
      expect(all.totalModels).toBe(contacts.length + 1);
      const byName = await search(server, { filter: [{ field: 'lastName', value: 'vandermeer' }] }, version);
      expect(byName.models.map((c) => c.id)).toEqual([item.id]);
      const atEmployer = await search(server, {
        filter: [{ field: 'company', value: employer.name }],
        limit: 1000,
      });
      expect(atEmployer.models.map((c) => c.id)).toContain(item.id);
      const byMail = await search(server, {
        filter: [{ field: 'emailAddress', value: 'quintessa.vandermeer@' }],
      });
      expect(byMail.models.map((c) => c.id)).toEqual([item.id]);
      const byCity = await search(server, {
        filter: [
          { field: 'city', value: 'boston' },
          { field: 'tag', value: 'panel 2026' },
        ],
      });
      expect(byCity.models.map((c) => c.id)).toEqual([item.id]);
      expect(await eventTypes(item.id)).toEqual(['ContactCreated']);
    },
  );

  it('makes a person employed by the firm a firm employee', async () => {
    const firm = companies().find((c) => c.name === 'Harbour & Finch LLP')!;
    const res = await mutate('addPerson', 'AddPersonInput', { lastName: 'Okonkwo', companyId: firm.id });
    expect(res.item).toMatchObject({
      displayName: 'Okonkwo',
      isEmployee: true,
      currentEmployer: { id: firm.id },
    });
    expect(res.item!.addresses).toEqual([]);
  });

  it.each(VERSIONS)('reports every invalid field and writes nothing (%s)', async (version) => {
    const types = await contactTypeIds();
    const person = people()[0]!;
    const res = await mutate(
      'addPerson',
      'AddPersonInput',
      {
        firstName: '  ',
        companyId: person.id,
        emailAddress: 'not-an-email',
        businessPhone: 'call me',
        tags: ['ok', ''],
        folderContactTypes: [types['Vendor'], 'no-such-type'],
        businessAddress: { city: 'Springfield', country: 'Atlantis' },
        mailingAddress: 'Other',
        jobTitle: 'x'.repeat(256),
      },
      version,
    );
    expect(res.status).toBe('NoChange');
    expect(res.item).toBeNull();
    expect(propertyNames(res).sort()).toEqual(
      [
        'firstName',
        'companyId',
        'emailAddress',
        'businessPhone',
        'tags[1]',
        'folderContactTypes[0]',
        'folderContactTypes[1]',
        'businessAddress.country',
        'mailingAddress',
        'jobTitle',
      ].sort(),
    );
    expect(res.validationErrors.every((e) => e.message.length > 10)).toBe(true);
    expect((await search(server, { limit: 1 })).totalModels).toBe(contacts.length);
    expect((await search(server, { filter: [{ field: 'city', value: 'Springfield' }] })).totalModels).toBe(0);
  });
});

describe('addCompany', () => {
  it.each(VERSIONS)('creates a company with its phones, e-mail and addresses (%s)', async (version) => {
    const types = await contactTypeIds();
    const res = await mutate(
      'addCompany',
      'AddCompanyInput',
      {
        companyName: 'Northwind Traders',
        alias: 'Northwind',
        website: 'https://northwind.example',
        primaryPhone: '+44 20 7946 0000',
        faxNumber: '+44 20 7946 0001',
        emailAddress: 'info@northwind.example',
        folderContactTypes: [types['Vendor']],
        businessAddress: {
          street: '10 Fleet Street',
          city: 'London',
          country: 'United Kingdom',
          postalCode: 'EC4Y 1AA',
        },
      },
      version,
    );
    expect(res.validationErrors).toEqual([]);
    const item = res.item!;
    expect(item).toMatchObject({
      displayName: 'Northwind Traders',
      name: 'Northwind Traders',
      alias: 'Northwind',
    });
    expect(item.contactTypes.map((t) => t.name)).toEqual(['Vendor']);
    expect(item.addresses).toEqual([expect.objectContaining({ city: 'London', isMailingAddress: true })]);
    expect(item.phoneNumbers.map((p) => p.type).sort()).toEqual(['Business', 'Fax']);
    expect(item.emailAddresses.map((e) => e.address)).toEqual(['info@northwind.example']);
    expect(await contact(item.id)).toEqual(item);
    const found = await search(server, {
      filter: [
        { field: 'contactEntity', value: 'Company' },
        { field: 'company', value: 'northwind' },
      ],
    });
    expect(found.models.map((c) => c.id)).toEqual([item.id]);
    expect(await eventTypes(item.id)).toEqual(['ContactCreated']);
  });

  it.each(VERSIONS)('requires a company name and an allowed contact type (%s)', async (version) => {
    const types = await contactTypeIds();
    const res = await mutate(
      'addCompany',
      'AddCompanyInput',
      { companyName: '   ', folderContactTypes: [types['Alumni']], emailAddress: 'x@' },
      version,
    );
    expect(res.item).toBeNull();
    expect(propertyNames(res).sort()).toEqual(['companyName', 'emailAddress', 'folderContactTypes[0]']);
    expect((await search(server, { limit: 1 })).totalModels).toBe(contacts.length);
  });
});
