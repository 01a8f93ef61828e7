import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dataOf, startTestServer, type TestServer } from '../../helpers/server.js';
import {
  allContacts,
  CONTACT_FIELDS,
  CONTACT_FRAGMENT,
  errorCode,
  search,
  searchRaw,
  type ContactView,
} from './helpers.js';

const VERSIONS = ['1.4.0', '1.2.0'] as const;

let server: TestServer;
let contacts: ContactView[];

// The default profile has more than 100 contacts, so the paging defaults are observable.
beforeAll(async () => {
  server = await startTestServer({ profile: 'default' });
  contacts = await allContacts(server);
});

afterAll(async () => {
  await server.close();
});

function employed(): ContactView & { currentEmployer: { id: string; name: string } } {
  const person = contacts.find((c) => c.currentEmployer && !c.isEmployee && c.emailAddresses.length > 0);
  if (!person?.currentEmployer) throw new Error('no employed person seeded');
  return person as ContactView & { currentEmployer: { id: string; name: string } };
}

function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base' });
}

describe('seeded contacts', () => {
  it('hold the firm company, its employees and the API user, with realistic sub-records', async () => {
    const firm = contacts.find((c) => c.contactEntity === 'Company' && c.name === 'Harbour & Finch LLP');
    expect(firm).toBeDefined();
    const employees = contacts.filter((c) => c.currentEmployer?.id === firm?.id);
    expect(employees.length).toBeGreaterThan(10);
    expect(employees.every((e) => e.isEmployee === true)).toBe(true);
    const people = contacts.filter((c) => c.contactEntity === 'Person');
    expect(people.some((p) => !p.currentEmployer)).toBe(true);
    for (const c of contacts) {
      expect(c.addresses.length).toBeGreaterThanOrEqual(1);
      expect(c.addresses.length).toBeLessThanOrEqual(3);
      expect(c.addresses.filter((a) => a.isMailingAddress)).toHaveLength(1);
      expect(c.addresses.every((a) => a.owningContactId === c.id && a.city && a.country)).toBe(true);
      expect(c.phoneNumbers.every((p) => p.owningContactId === c.id)).toBe(true);
    }
    // E-mail addresses follow the names: first.last@ the employer's domain.
    const p = employed();
    const local = `${p.firstName}.${p.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    expect(p.emailAddresses.some((e) => e.address.startsWith(local))).toBe(true);
    expect(contacts.some((c) => c.visibility === 'unknown')).toBe(true);
    expect(contacts.filter((c) => c.visibility === 'public').length).toBeGreaterThan(contacts.length / 2);
  });
});

describe('searchFirmContacts', () => {
  it.each(VERSIONS)(
    'pages with skip 0 and limit 100 by default, sorted by displayName (%s)',
    async (version) => {
      const first = await search(server, {}, version);
      expect(first.totalModels).toBe(contacts.length);
      expect(first.totalModels).toBeGreaterThan(100);
      expect(first.models).toHaveLength(100);
      expect(first.resultsFrom).toBe('Filter');
      const names = first.models.map((c) => c.displayName);
      for (let i = 1; i < names.length; i++)
        expect(compareText(names[i - 1]!, names[i]!)).toBeLessThanOrEqual(0);
      const second = await search(server, { skip: 100, limit: 5 }, version);
      expect(second.models.map((c) => c.id)).toEqual(contacts.slice(100, 105).map((c) => c.id));
    },
  );

  it('sorts by lastName descending', async () => {
    const res = await search(server, {
      filter: [{ field: 'contactEntity', value: 'Person' }],
      sort: { field: 'lastName', direction: 'Descending' },
      limit: 1000,
    });
    const last = res.models.map((c) => c.lastName ?? '');
    for (let i = 1; i < last.length; i++)
      expect(compareText(last[i - 1]!, last[i]!)).toBeGreaterThanOrEqual(0);
  });

  it('filters by name, company, e-mail, city, country, tag and entity (AND)', async () => {
    const p = employed();
    const byFirst = await search(server, {
      filter: [{ field: 'firstName', value: p.firstName!.toUpperCase() }],
    });
    expect(byFirst.models.map((c) => c.id)).toContain(p.id);
    expect(byFirst.models.every((c) => c.firstName?.toLowerCase().includes(p.firstName!.toLowerCase()))).toBe(
      true,
    );
    expect(byFirst.searchTerms.firstName).toBe(p.firstName!.toUpperCase());

    const both = await search(server, {
      filter: [
        { field: 'firstName', value: p.firstName },
        { field: 'lastName', value: p.lastName },
      ],
    });
    expect(both.models.every((c) => c.lastName === p.lastName || c.lastName?.includes(p.lastName!))).toBe(
      true,
    );
    expect(both.models.map((c) => c.id)).toContain(p.id);

    const byCompany = await search(server, {
      filter: [{ field: 'company', value: p.currentEmployer.name }],
      limit: 1000,
    });
    expect(byCompany.models.map((c) => c.id)).toEqual(expect.arrayContaining([p.id, p.currentEmployer.id]));
    const expectedEmployees = contacts.filter((c) => c.currentEmployer?.id === p.currentEmployer.id);
    expect(byCompany.models.filter((c) => c.currentEmployer?.id === p.currentEmployer.id)).toHaveLength(
      expectedEmployees.length,
    );

    const email = p.emailAddresses[0]!.address;
    const byEmail = await search(server, { filter: [{ field: 'emailAddress', value: email }] });
    expect(byEmail.models.map((c) => c.id)).toContain(p.id);
    expect(byEmail.models.every((c) => c.emailAddresses.some((e) => e.address.includes(email)))).toBe(true);

    const city = p.addresses[0]!.city!;
    const byCity = await search(server, { filter: [{ field: 'city', value: city }], limit: 1000 });
    expect(byCity.totalModels).toBe(
      contacts.filter((c) => c.addresses.some((a) => a.city?.includes(city))).length,
    );

    const country = p.addresses[0]!.country!;
    const byCountry = await search(server, {
      filter: [{ field: 'country', value: country.toLowerCase() }],
      limit: 1,
    });
    expect(byCountry.totalModels).toBe(
      contacts.filter((c) =>
        c.addresses.some((a) => a.country?.toLowerCase().includes(country.toLowerCase())),
      ).length,
    );

    const tagged = contacts.find((c) => c.tags.length > 0)!;
    const tag = tagged.tags[0]!;
    const byTag = await search(server, { filter: [{ field: 'tag', value: tag.toLowerCase() }], limit: 1000 });
    expect(byTag.totalModels).toBe(contacts.filter((c) => c.tags.includes(tag)).length);

    const companies = await search(server, {
      filter: [{ field: 'contactEntity', value: 'Company' }],
      limit: 1000,
    });
    expect(companies.totalModels).toBe(contacts.filter((c) => c.contactEntity === 'Company').length);
    expect(companies.models.every((c) => c.contactEntity === 'Company')).toBe(true);
  });

  it('finds exactly the people whose name contains the text, and pages them in the full order', async () => {
    const people = contacts.filter((c) => c.contactEntity === 'Person');
    for (const [field, text] of [
      ['lastName', 'AN'],
      ['firstName', 'e'],
      ['lastName', employed().lastName!.slice(1, 4)],
    ] as const) {
      const expected = people.filter((c) => (c[field] ?? '').toLowerCase().includes(text.toLowerCase()));
      for (const direction of ['Ascending', 'Descending']) {
        const sort = { field: 'displayName', direction };
        const all = await search(server, { filter: [{ field, value: text }], sort, limit: 1000 });
        expect(all.models.map((c) => c.id).sort()).toEqual(expected.map((c) => c.id).sort());
        expect(all.totalModels).toBe(expected.length);
        // Consecutive pages are consecutive slices of the whole ordered result.
        const pages: string[] = [];
        for (let skip = 0; skip < all.totalModels; skip += 7) {
          const page = await search(server, { filter: [{ field, value: text }], sort, skip, limit: 7 });
          expect(page.totalModels).toBe(all.totalModels);
          pages.push(...page.models.map((c) => c.id));
        }
        expect(pages).toEqual(all.models.map((c) => c.id));
      }
    }
    const none = await search(server, { filter: [{ field: 'lastName', value: 'no such name' }] });
    expect(none.totalModels).toBe(0);
  });

  it('filters by ids, contactTypeIds and industryIds (values)', async () => {
    const ids = [contacts[3]!.id, contacts[7]!.id, 'no-such-id'];
    const byIds = await search(server, { filter: [{ field: 'ids', values: ids }] });
    expect(byIds.models.map((c) => c.id).sort()).toEqual([contacts[3]!.id, contacts[7]!.id].sort());

    const typed = contacts.find((c) => c.contactTypes.length > 0)!;
    const typeId = typed.contactTypes[0]!.id;
    const byType = await search(server, {
      filter: [{ field: 'contactTypeIds', values: [typeId] }],
      limit: 1000,
    });
    expect(byType.totalModels).toBe(
      contacts.filter((c) => c.contactTypes.some((t) => t.id === typeId)).length,
    );

    const industries = dataOf(
      await server.gql<{ industries: { models: Array<{ id: string }> } }>('{ industries { models { id } } }'),
    ).industries.models;
    const byIndustry = await search(server, {
      filter: [{ field: 'industryIds', values: industries.map((i) => i.id) }],
      limit: 1000,
    });
    expect(byIndustry.totalModels).toBeGreaterThan(0);
    expect(byIndustry.models.every((c) => c.contactEntity === 'Company')).toBe(true);
    const none = await search(server, { filter: [{ field: 'industryIds', values: ['no-such-industry'] }] });
    expect(none.totalModels).toBe(0);
  });

  it.each(VERSIONS)(
    'searches a free-text term over names and e-mails, reporting resultsFrom Term (%s)',
    async (v) => {
      const p = employed();
      const res = await search(server, { filter: [{ field: 'term', value: p.lastName }], limit: 1000 }, v);
      expect(res.resultsFrom).toBe('Term');
      expect(res.searchTerms.term).toBe(p.lastName);
      expect(res.models.map((c) => c.id)).toContain(p.id);
      const local = p.emailAddresses[0]!.address.split('@')[0]!;
      const byMail = await search(server, { filter: [{ field: 'term', value: local }] }, v);
      expect(byMail.models.map((c) => c.id)).toContain(p.id);
    },
  );

  it.each(VERSIONS)('rejects wrong value/values use, unknown sort fields and bad paging (%s)', async (v) => {
    const cases = [
      { filter: [{ field: 'ids', value: contacts[0]!.id }] },
      { filter: [{ field: 'firstName', values: ['x'] }] },
      { filter: [{ field: 'contactEntity', value: 'Robot' }] },
      { sort: { field: 'createdAt' } },
      { limit: -1 },
    ];
    for (const args of cases) expect(errorCode(await searchRaw(server, args, v))).toBe('BAD_USER_INPUT');
    // An unknown filter field is a GraphQL validation error of the variables.
    const res = await searchRaw(server, { filter: [{ field: 'bogus', value: 'x' }] }, v);
    expect(res.errors?.length).toBeGreaterThan(0);
  });

  it.each(VERSIONS)(
    'a filter with a field but neither value nor values filters nothing (A-260, %s)',
    async (v) => {
      const all = await searchRaw(server, { limit: 0 }, v);
      for (const filter of [
        [{ field: 'city' }],
        [{ field: 'lastName', value: null }],
        [{ field: 'ids', values: null }],
      ]) {
        const res = await searchRaw(server, { limit: 0, filter }, v);
        expect(res.errors).toBeUndefined();
        expect(res.data).toEqual(all.data);
      }
    },
  );
});

describe('contact, person, company, people', () => {
  it.each(VERSIONS)('read one contact by id through every query (%s)', async (version) => {
    const p = employed();
    const res = dataOf(
      await server.gql<Record<string, ContactView | null>>(
        `query ($p: ID!, $c: ID!) {
          contact(id: $p) { ${CONTACT_FIELDS} }
          person(id: $p) { ${CONTACT_FIELDS} }
          company(id: $c) { ${CONTACT_FIELDS} }
          personAsCompany: company(id: $p) { id }
          companyAsPerson: person(id: $c) { id }
          unknown: contact(id: "00000000-0000-4000-8000-000000000000") { id }
        }
        ${CONTACT_FRAGMENT}`,
        { p: p.id, c: p.currentEmployer.id },
        { version },
      ),
    );
    expect(res['contact']).toEqual(p);
    expect(res['person']).toEqual(p);
    expect(res['person']?.fullName).toContain(p.lastName);
    expect(res['company']?.name).toBe(p.currentEmployer.name);
    expect(res['company']?.contactEntity).toBe('Company');
    expect(res['personAsCompany']).toBeNull();
    expect(res['companyAsPerson']).toBeNull();
    expect(res['unknown']).toBeNull();
  });

  it.each(VERSIONS)('people returns the people among the ids, in order (%s)', async (version) => {
    const people = contacts.filter((c) => c.contactEntity === 'Person');
    const company = contacts.find((c) => c.contactEntity === 'Company')!;
    const res = dataOf(
      await server.gql<{ people: Array<{ id: string; lastName: string }> }>(
        'query ($ids: [ID!]!) { people(ids: $ids) { id lastName } }',
        { ids: [people[5]!.id, 'missing', people[2]!.id, company.id, people[5]!.id] },
        { version },
      ),
    );
    expect(res.people).toEqual([
      { id: people[5]!.id, lastName: people[5]!.lastName },
      { id: people[2]!.id, lastName: people[2]!.lastName },
    ]);
    const tooMany = await server.gql('query ($ids: [ID!]!) { people(ids: $ids) { id } }', {
      ids: Array.from({ length: 1001 }, (_, i) => `id-${i}`),
    });
    expect(errorCode(tooMany)).toBe('BAD_USER_INPUT');
    const missingArg = await server.gql('{ people { id } }', {}, { version });
    expect(missingArg.errors?.length).toBeGreaterThan(0);
    const missingId = await server.gql('{ contact { id } }', {}, { version });
    expect(missingId.errors?.length).toBeGreaterThan(0);
  });

  it('resolves relationshipScore with value <= maxValue in 1.4.0 and without value in 1.2.0', async () => {
    type Scored = {
      id: string;
      relationshipScore: { strength: number; value?: number; maxValue?: number } | null;
    };
    const res = dataOf(
      await server.gql<{ searchFirmContacts: { models: Scored[] } }>(
        '{ searchFirmContacts(limit: 1000) { models { id relationshipScore { strength value maxValue description } } } }',
      ),
    ).searchFirmContacts.models;
    const scored = res.filter((c) => c.relationshipScore);
    expect(scored.length).toBeGreaterThan(10);
    for (const c of scored) {
      const s = c.relationshipScore!;
      expect(s.strength).toBeGreaterThanOrEqual(1);
      expect(s.strength).toBeLessThanOrEqual(5);
      expect(s.value!).toBeLessThanOrEqual(s.maxValue!);
    }
    const old = await server.gql(
      '{ contact(id: "x") { relationshipScore { value } } }',
      {},
      { version: '1.2.0' },
    );
    expect(old.errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    const ok = dataOf(
      await server.gql<{ contact: { relationshipScore: { strength: number; description: string } } }>(
        'query ($id: ID!) { contact(id: $id) { relationshipScore { strength description } } }',
        { id: scored[0]!.id },
        { version: '1.2.0' },
      ),
    );
    expect(ok.contact.relationshipScore.strength).toBe(scored[0]!.relationshipScore!.strength);
  });

  it('pages a contact’s notes and shows its language and gender', async () => {
    const p = employed();
    type NotesView = {
      contact: {
        notes: {
          allNotes: { totalModels: number; models: Array<{ id: string; subject: string; text: string }> };
        };
        one: { allNotes: { totalModels: number; models: unknown[] } };
        contactAdditionalFieldValues: {
          totalModels: number;
          models: Array<{ fieldName: string; value: string }>;
        };
      };
    };
    const res = dataOf(
      await server.gql<NotesView>(
        `query ($id: ID!) { contact(id: $id) {
          notes { allNotes { totalModels models { id subject text creatorName lastEditedDate } } }
          one: notes { allNotes(skip: 1, limit: 1) { totalModels models { id } } }
          contactAdditionalFieldValues { totalModels models { fieldId fieldName valueId value } }
        } }`,
        { id: p.id },
      ),
    ).contact;
    expect(res.notes.allNotes.totalModels).toBe(2);
    expect(res.notes.allNotes.models[0]!.text.length).toBeGreaterThan(10);
    expect(res.one.allNotes).toEqual({ totalModels: 2, models: [{ id: res.notes.allNotes.models[1]!.id }] });
    const withFields = contacts.filter((c) => c.contactEntity === 'Person').slice(0, 40);
    const values = await Promise.all(
      withFields.map(
        async (c) =>
          dataOf(
            await server.gql<NotesView>(
              'query ($id: ID!) { contact(id: $id) { contactAdditionalFieldValues { totalModels models { fieldName value } } } }',
              { id: c.id },
            ),
          ).contact.contactAdditionalFieldValues,
      ),
    );
    const names = new Set(values.flatMap((v) => v.models.map((m) => m.fieldName)));
    expect(names).toEqual(new Set(['Language', 'Gender']));
  });
});

describe('contactTypes', () => {
  it.each(VERSIONS)('lists contact types and filters by entity, name and folder (%s)', async (version) => {
    type Types = { contactTypes: { totalModels: number; models: Array<Record<string, string>> } };
    const q = `query ($input: GetContactTypeInput, $skip: Int, $limit: Int) {
      contactTypes(input: $input, skip: $skip, limit: $limit) {
        totalModels models { id name pluralName folderId folderType allowedContactEntity }
      }
    }`;
    const all = dataOf(await server.gql<Types>(q, {}, { version })).contactTypes;
    expect(all.totalModels).toBeGreaterThanOrEqual(5);
    expect(all.models.map((t) => t.name)).toEqual(expect.arrayContaining(['Client', 'Prospect', 'Vendor']));
    const persons = dataOf(
      await server.gql<Types>(q, { input: { allowedContactEntity: 'Person' } }, { version }),
    ).contactTypes;
    expect(persons.totalModels).toBeGreaterThan(0);
    expect(persons.totalModels).toBeLessThan(all.totalModels);
    expect(persons.models.every((t) => t.allowedContactEntity === 'Person')).toBe(true);
    const named = dataOf(await server.gql<Types>(q, { input: { name: 'CLIEN' } }, { version })).contactTypes;
    expect(named.models.map((t) => t.name)).toEqual(['Client']);
    const folderId = named.models[0]!.folderId!;
    const inFolder = dataOf(await server.gql<Types>(q, { input: { folderId } }, { version })).contactTypes;
    expect(
      inFolder.models.every((t) => t.folderId === folderId && t.folderType === named.models[0]!.folderType),
    ).toBe(true);
    const paged = dataOf(await server.gql<Types>(q, { skip: 1, limit: 2 }, { version })).contactTypes;
    expect(paged.models.map((t) => t.id)).toEqual(all.models.slice(1, 3).map((t) => t.id));
    // A seeded contact's types are real contact types.
    const typeIds = new Set(all.models.map((t) => t.id));
    expect(contacts.flatMap((c) => c.contactTypes).every((t) => typeIds.has(t.id))).toBe(true);

    expect(
      (await server.gql(q, { input: { allowedContactEntity: 'Robot' } }, { version })).errors?.length,
    ).toBe(1);
    expect(errorCode(await server.gql(q, { limit: -5 }, { version }))).toBe('BAD_USER_INPUT');
  });
});

describe('profile', () => {
  it.each(VERSIONS)('returns the profiles of a contact with their items (%s)', async (version) => {
    type Profiles = {
      totalModels: number;
      models: Array<{
        profileId: string;
        name: string;
        listingType: string;
        contactTypeIds: string[];
        profileItems: Array<{ name: string; value: string; displayOrder: number }>;
      }>;
    } | null;
    const q = `query ($id: ID!) { profile(contactId: $id) {
      totalModels models { profileId name displayOrder listingType userCriterionIds groupCriterionIds contactTypeIds
        profileItems { id name value displayOrder } }
    } }`;
    let found: Profiles = null;
    for (const c of contacts.filter((x) => x.contactTypes.some((t) => t.name === 'Client'))) {
      const res = dataOf(await server.gql<{ profile: Profiles }>(q, { id: c.id }, { version })).profile;
      expect(res).not.toBeNull();
      if (res && res.totalModels > 0) {
        found = res;
        break;
      }
    }
    expect(found).not.toBeNull();
    const profile = found!.models[0]!;
    expect(profile.name).toMatch(/Profile$/);
    expect(profile.profileItems.length).toBeGreaterThanOrEqual(3);
    expect(profile.profileItems.every((i) => i.value.length > 0)).toBe(true);
    expect(profile.profileItems.map((i) => i.displayOrder)).toEqual(
      [1, 2, 3, 4].slice(0, profile.profileItems.length),
    );

    const unknown = dataOf(
      await server.gql<{ profile: Profiles }>(q, { id: 'no-such-contact' }, { version }),
    );
    expect(unknown.profile).toBeNull();
    const missing = await server.gql('{ profile { totalModels } }', {}, { version });
    expect(missing.errors?.length).toBeGreaterThan(0);
  });
});
