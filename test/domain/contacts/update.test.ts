import { describe, expect, it } from '@jest/globals';
import {
  companies,
  contact,
  eventTypes,
  mutate,
  people,
  server,
  VERSIONS,
  useContactServer,
} from './fixture.js';
import { propertyNames, search } from './helpers.js';

useContactServer();

describe('updatePublicPerson', () => {
  it.each(VERSIONS)(
    'changes given fields, keeps omitted ones and reports NoChange when nothing changes (%s)',
    async (v) => {
      const person = people().find((p) => p.middleName && !p.goesBy) ?? people()[0]!;
      const res = await mutate(
        'updatePublicPerson',
        'UpdatePublicPersonInput',
        { id: person.id, firstName: 'Zebedee', middleName: null, tags: ['Alpha'] },
        v,
      );
      expect(res.validationErrors).toEqual([]);
      expect(res.status).toBe('Updated');
      expect(res.item).toMatchObject({
        firstName: 'Zebedee',
        middleName: null,
        lastName: person.lastName,
        title: person.title,
        displayName: `Zebedee ${person.lastName}`,
        tags: ['Alpha'],
      });
      expect(await contact(person.id)).toEqual(res.item);
      const found = await search(server, { filter: [{ field: 'firstName', value: 'zebedee' }] });
      expect(found.models.map((c) => c.id)).toEqual([person.id]);
      const again = await mutate(
        'updatePublicPerson',
        'UpdatePublicPersonInput',
        { id: person.id, firstName: 'Zebedee' },
        v,
      );
      expect(again.status).toBe('NoChange');
      expect(again.item?.id).toBe(person.id);
      expect(await eventTypes(person.id)).toContain('ContactUpdated');
    },
  );

  it.each(VERSIONS)('rejects unknown people and removing both names, changing nothing (%s)', async (v) => {
    const company = companies()[1]!;
    const unknown = await mutate(
      'updatePublicPerson',
      'UpdatePublicPersonInput',
      { id: company.id, firstName: 'A' },
      v,
    );
    expect(unknown.status).toBe('NoChange');
    expect(propertyNames(unknown)).toEqual(['id']);
    const person = people()[3]!;
    const nameless = await mutate(
      'updatePublicPerson',
      'UpdatePublicPersonInput',
      { id: person.id, firstName: null, lastName: '' },
      v,
    );
    expect(nameless).toMatchObject({ status: 'NoChange', item: null });
    expect(propertyNames(nameless)).toEqual(['firstName']);
    expect(await contact(person.id)).toEqual(person);
  });
});

describe('updatePublicCompany', () => {
  it.each(VERSIONS)('renames a company; its employees see the new name (%s)', async (v) => {
    const employee = people().find((p) => p.currentEmployer && !p.isEmployee)!;
    const companyId = employee.currentEmployer!.id;
    const res = await mutate(
      'updatePublicCompany',
      'UpdatePublicCompanyInput',
      { id: companyId, companyName: 'Globex Holdings', alias: null },
      v,
    );
    expect(res.validationErrors).toEqual([]);
    expect(res.item).toMatchObject({ name: 'Globex Holdings', displayName: 'Globex Holdings', alias: null });
    expect((await contact(employee.id))?.currentEmployer).toEqual({ id: companyId, name: 'Globex Holdings' });
    const byCompany = await search(server, {
      filter: [{ field: 'company', value: 'globex holdings' }],
      limit: 1000,
    });
    expect(byCompany.models.map((c) => c.id)).toEqual(expect.arrayContaining([companyId, employee.id]));
    expect(await eventTypes(companyId)).toContain('ContactUpdated');
  });

  it.each(VERSIONS)('rejects an empty name and unknown companies (%s)', async (v) => {
    const company = companies()[2]!;
    const empty = await mutate(
      'updatePublicCompany',
      'UpdatePublicCompanyInput',
      { id: company.id, companyName: ' ', tags: [''] },
      v,
    );
    expect(propertyNames(empty).sort()).toEqual(['companyName', 'tags[0]']);
    expect(await contact(company.id)).toEqual(company);
    const unknown = await mutate(
      'updatePublicCompany',
      'UpdatePublicCompanyInput',
      { id: people()[0]!.id, companyName: 'X' },
      v,
    );
    expect(propertyNames(unknown)).toEqual(['id']);
  });
});

describe('editPersonEmploymentInformation', () => {
  it.each(VERSIONS)('moves a person to another employer and ends employment with null (%s)', async (v) => {
    const person = people().find((p) => p.currentEmployer && !p.isEmployee)!;
    const target = companies().find(
      (c) => c.id !== person.currentEmployer!.id && c.name !== 'Harbour & Finch LLP',
    )!;
    const moved = await mutate(
      'editPersonEmploymentInformation',
      'EditPersonEmploymentInformationInput',
      { personId: person.id, companyId: target.id, jobTitle: 'Chief Legal Officer' },
      v,
    );
    expect(moved.status).toBe('Updated');
    expect(moved.item).toMatchObject({
      currentEmployer: { id: target.id },
      currentJobTitle: 'Chief Legal Officer',
    });
    const atTarget = await search(server, {
      filter: [{ field: 'company', value: target.name }],
      limit: 1000,
    });
    expect(atTarget.models.map((c) => c.id)).toContain(person.id);
    const same = await mutate(
      'editPersonEmploymentInformation',
      'EditPersonEmploymentInformationInput',
      { personId: person.id, companyId: target.id },
      v,
    );
    expect(same.status).toBe('NoChange');
    const ended = await mutate(
      'editPersonEmploymentInformation',
      'EditPersonEmploymentInformationInput',
      { personId: person.id, companyId: null },
      v,
    );
    expect(ended).toMatchObject({
      status: 'Updated',
      item: { currentEmployer: null, currentJobTitle: null },
    });
    const stillThere = await search(server, {
      filter: [{ field: 'company', value: target.name }],
      limit: 1000,
    });
    expect(stillThere.models.map((c) => c.id)).not.toContain(person.id);
  });

  it.each(VERSIONS)('rejects unknown people and employers that are not companies (%s)', async (v) => {
    const [a, b] = people();
    const res = await mutate(
      'editPersonEmploymentInformation',
      'EditPersonEmploymentInformationInput',
      { personId: a!.id, companyId: b!.id },
      v,
    );
    expect(res).toMatchObject({ status: 'NoChange', item: null });
    expect(propertyNames(res)).toEqual(['companyId']);
    const unknown = await mutate(
      'editPersonEmploymentInformation',
      'EditPersonEmploymentInformationInput',
      { personId: 'nobody' },
      v,
    );
    expect(propertyNames(unknown)).toEqual(['personId']);
    expect(await contact(a!.id)).toEqual(a);
  });
});
