import { describe, expect, it } from '@jest/globals';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { withinRecordFindings } from '../../../src/conformance/joins/within-record.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const found = (document: string, data: unknown) =>
  withinRecordFindings(typedHolders(schema, { document }, data)).map((f) => [
    f.finding.expectationId,
    f.finding.path,
    f.finding.actual,
  ]);

describe('withinRecordFindings', () => {
  const SCORE = '{ contact(id: "c") { relationshipScore { value maxValue } } }';

  it('holds a score to 0..maxValue, and nothing where either side is null (A-595)', () => {
    const score = (value: unknown, maxValue: unknown) =>
      found(SCORE, { contact: { relationshipScore: { value, maxValue } } });
    expect(score(0, 100)).toEqual([]);
    expect(score(100, 100)).toEqual([]);
    expect(score(null, 100)).toEqual([]);
    expect(score(7, null)).toEqual([]);
    expect(score(101, 100)).toEqual([['within-scale', 'data.contact.relationshipScore.value', 101]]);
    expect(score(-1, 100)).toEqual([['within-scale', 'data.contact.relationshipScore.value', -1]]);
  });

  it("holds a co-worker's strength level to its scale (A-595)", () => {
    const document =
      '{ employeeRelationshipsTo(toCompanyId: "a", contactId: "b") { models { strengthLevel strengthLevelMax } } }';
    const rows = (models: unknown[]) => found(document, { employeeRelationshipsTo: { models } });
    expect(rows([{ strengthLevel: 3, strengthLevelMax: 5 }])).toEqual([]);
    expect(
      rows([
        { strengthLevel: 3, strengthLevelMax: 5 },
        { strengthLevel: 6, strengthLevelMax: 5 },
      ]),
    ).toEqual([['within-scale', 'data.employeeRelationshipsTo.models[1].strengthLevel', 6]]);
  });

  it("holds a person's fullName to hold the first and last name, in any order and case (A-596)", () => {
    const document = '{ person(id: "p") { firstName lastName fullName } }';
    const person = (firstName: unknown, lastName: unknown, fullName: unknown) =>
      found(document, { person: { firstName, lastName, fullName } });
    expect(person('Jane', 'Smith', 'Dr. Jane  Q. Smith Jr.')).toEqual([]);
    expect(person('Jane', 'Smith', 'SMITH, Jane')).toEqual([]);
    expect(person('', 'Smith', 'Smith')).toEqual([]);
    expect(person('Jane', null, 'Jane')).toEqual([]);
    expect(person('Jane', 'Smith', 'Jane')).toEqual([['full-name-parts', 'data.person.fullName', 'Jane']]);
    expect(person('Jane', 'Smith', 'Smith')).toEqual([['full-name-parts', 'data.person.fullName', 'Smith']]);
  });

  it('holds a named person and a named sponsor to a full name, and nothing without names (A-596, A-74)', () => {
    const document = '{ person(id: "p") { firstName lastName fullName } }';
    const person = (firstName: unknown, lastName: unknown, fullName: unknown) =>
      found(document, { person: { firstName, lastName, fullName } });
    expect(person('Jane', 'Smith', null)).toEqual([['full-name-present', 'data.person.fullName', null]]);
    expect(person(null, 'Smith', null)).toEqual([['full-name-present', 'data.person.fullName', null]]);
    expect(person(null, ' ', null)).toEqual([]);
    const sponsors = (displayName: unknown, fullName: unknown) =>
      found('{ list(id: "l") { contacts { models { sponsors { displayName fullName } } } } }', {
        list: { contacts: { models: [{ sponsors: [{ displayName, fullName }] }] } },
      });
    expect(sponsors('Ann Lee', 'Ann Lee')).toEqual([]);
    expect(sponsors(null, null)).toEqual([]);
    expect(sponsors('Ann Lee', null)).toEqual([
      ['full-name-present', 'data.list.contacts.models[0].sponsors[0].fullName', null],
    ]);
  });

  it('holds a relationship type with a former form to name it, and nothing else (A-611)', () => {
    const document = '{ relationshipTypes { formerInd formerName } }';
    const types = (models: unknown[]) => found(document, { relationshipTypes: models });
    expect(
      types([
        { formerInd: true, formerName: 'Former colleague' },
        { formerInd: false, formerName: null },
        { formerInd: null, formerName: null },
      ]),
    ).toEqual([]);
    expect(
      types([
        { formerInd: false, formerName: null },
        { formerInd: true, formerName: null },
        { formerInd: true, formerName: '  ' },
      ]),
    ).toEqual([
      ['former-named', 'data.relationshipTypes[1].formerName', null],
      ['former-named', 'data.relationshipTypes[2].formerName', '  '],
    ]);
  });

  it('holds a confidential opportunity the user is not involved in to shouldBeHidden (A-47)', () => {
    const document = '{ opportunities { models { isConfidential isCurrentUserInvolved shouldBeHidden } } }';
    const opportunities = (models: unknown[]) => found(document, { opportunities: { models } });
    expect(
      opportunities([
        { isConfidential: true, isCurrentUserInvolved: false, shouldBeHidden: true },
        { isConfidential: true, isCurrentUserInvolved: true, shouldBeHidden: false },
        { isConfidential: false, isCurrentUserInvolved: false, shouldBeHidden: false },
        { isConfidential: true, isCurrentUserInvolved: null, shouldBeHidden: false },
      ]),
    ).toEqual([]);
    expect(
      opportunities([{ isConfidential: true, isCurrentUserInvolved: false, shouldBeHidden: false }]),
    ).toEqual([['confidential-hidden', 'data.opportunities.models[0].shouldBeHidden', false]]);
  });

  it('holds every country to its administrative divisions (A-608)', () => {
    const document = '{ countries { models { name administrativeDivisions { stateLabel states { id } } } } }';
    const countries = (models: unknown[]) => found(document, { countries: { models } });
    expect(
      countries([{ name: 'Monaco', administrativeDivisions: { stateLabel: 'State', states: [] } }]),
    ).toEqual([]);
    expect(countries([{ name: 'Monaco', administrativeDivisions: null }])).toEqual([
      ['country-divisions', 'data.countries.models[0].administrativeDivisions', null],
    ]);
  });

  it('finds a closed objective that says it can be closed, and nothing for an open one (A-43)', () => {
    const document = '{ objectives { models { status canClose } } }';
    const objectives = (models: unknown[]) => found(document, { objectives: { models } });
    expect(
      objectives([
        { status: 'open', canClose: true },
        { status: 'closed', canClose: false },
        { status: 'open', canClose: false },
      ]),
    ).toEqual([]);
    expect(objectives([{ status: 'closed', canClose: true }])).toEqual([
      ['closed-cannot-close', 'data.objectives.models[0].canClose', true],
    ]);
  });

  it('finds an open opportunity or objective with a close date, and nothing once closed (A-43)', () => {
    const document =
      '{ opportunities { models { status actualCloseDate } } objectives { models { status closedDate } } }';
    const both = (opportunity: unknown, objective: unknown) =>
      found(document, {
        opportunities: { models: [opportunity] },
        objectives: { models: [objective] },
      });
    expect(
      both(
        { status: 'closed', actualCloseDate: '2026-01-02' },
        { status: 'closed', closedDate: '2026-01-02' },
      ),
    ).toEqual([]);
    expect(both({ status: 'open', actualCloseDate: null }, { status: 'open', closedDate: null })).toEqual([]);
    expect(
      both({ status: 'open', actualCloseDate: '2026-03-01' }, { status: 'open', closedDate: '2026-03-01' }),
    ).toEqual([
      ['open-without-close-date', 'data.opportunities.models[0].actualCloseDate', '2026-03-01'],
      ['open-without-close-date', 'data.objectives.models[0].closedDate', '2026-03-01'],
    ]);
  });

  it("holds a note's lastEditedDate to the UTC day of its changeDate, whatever the offset it is written with (A-71)", () => {
    const document = '{ contact(id: "c") { notes { allNotes { models { lastEditedDate changeDate } } } } }';
    const note = (lastEditedDate: unknown, changeDate: unknown) =>
      found(document, { contact: { notes: { allNotes: { models: [{ lastEditedDate, changeDate }] } } } });
    expect(note('2026-03-01', '2026-03-01T23:30:00.000Z')).toEqual([]);
    expect(note('2026-03-01', '2026-03-02T08:30:00+10:00')).toEqual([]);
    expect(note(null, '2026-03-01T10:00:00Z')).toEqual([]);
    expect(note('2026-03-02', '2026-03-01T15:00:00.000Z')).toEqual([
      ['note-edit-date', 'data.contact.notes.allNotes.models[0].lastEditedDate', '2026-03-02'],
    ]);
  });

  it("finds a principal's account name that is a whole e-mail address (A-47)", () => {
    const document = '{ opportunities { models { associatedPrincipals { accountName } } } }';
    const principal = (accountName: unknown) =>
      found(document, { opportunities: { models: [{ associatedPrincipals: [{ accountName }] }] } });
    expect(principal('ada.lovelace')).toEqual([]);
    expect(principal(null)).toEqual([]);
    expect(principal('ada.lovelace@example.com')).toEqual([
      [
        'account-name-local-part',
        'data.opportunities.models[0].associatedPrincipals[0].accountName',
        'ada.lovelace@example.com',
      ],
    ]);
  });

  it('finds pick-list options out of the order their ids number them (A-75)', () => {
    const document =
      '{ list(id: "l") { additionalFieldDefinitions { models { listDataType { options { id name } } } } } }';
    const options = (...ids: string[]) =>
      found(document, {
        list: {
          additionalFieldDefinitions: {
            models: [{ listDataType: { options: ids.map((id) => ({ id, name: id })) } }],
          },
        },
      });
    expect(options('f.0', 'f.1', 'f.2')).toEqual([]);
    expect(options('f.1', 'f.0', 'f.2')).toEqual([
      ['option-order', 'data.list.additionalFieldDefinitions.models[0].listDataType.options[1]', 'f.0'],
    ]);
  });

  it("finds a data type display name that is the raw key, and a date field's value that is not a date (A-37, A-70)", () => {
    const definitions = (fieldDataType: string, dataTypeDisplayName: string) =>
      found(
        '{ list(id: "l") { additionalFieldDefinitions { models { fieldDataType dataTypeDisplayName } } } }',
        {
          list: { additionalFieldDefinitions: { models: [{ fieldDataType, dataTypeDisplayName }] } },
        },
      );
    expect(definitions('integer', 'Whole Number')).toEqual([]);
    expect(definitions('integer', 'integer')).toEqual([
      [
        'data-type-display-name',
        'data.list.additionalFieldDefinitions.models[0].dataTypeDisplayName',
        'integer',
      ],
    ]);
    const value = (format: string, v: string, item: string) =>
      found(
        '{ contact(id: "c") { additionalFieldValues { models { format value valueItems { value } } } } }',
        {
          contact: {
            additionalFieldValues: { models: [{ format, value: v, valueItems: [{ value: item }] }] },
          },
        },
      );
    expect(value('YYYY-MM-DD', '2025-09-12', '2025-09-12')).toEqual([]);
    expect(value('Decimal', '12.5', '12.5')).toEqual([]);
    expect(value('YYYY-MM-DD', '2025-09-12', '2025-09-12T00:00:00Z')).toEqual([
      [
        'date-field-value',
        'data.contact.additionalFieldValues.models[0].valueItems[0].value',
        '2025-09-12T00:00:00Z',
      ],
    ]);
  });

  it('leaves fields of another type that share the names alone', () => {
    // An activity's person has a fullName but no first and last name to hold it to.
    const document =
      '{ activity(id: "a") { linkedActivityContacts { ... on ActivityPerson { fullName } } } }';
    expect(found(document, { activity: { linkedActivityContacts: [{ fullName: 'x' }] } })).toEqual([]);
  });

  it('finds a list of activity types flagging two as the default, and not one per list (A-597)', () => {
    const document =
      '{ a: activityTypes { models { id isDefault } } b: activityTypes(skip: 1) { models { id isDefault } } }';
    const page = (...flags: boolean[]) => ({
      models: flags.map((isDefault, i) => ({ id: `t${i}`, isDefault })),
    });
    expect(found(document, { a: page(true, false, false), b: page(false, true) })).toEqual([]);
    expect(found(document, { a: page(true, false, true), b: page(false, false) })).toEqual([
      ['one-default-type', 'data.a.models[2]', 2],
    ]);
  });

  it('finds a contact flagging two of its addresses as the mailing one, and not one per contact (A-25)', () => {
    const document =
      '{ a: person(id: "p") { addresses { id isMailingAddress } } b: company(id: "c") { addresses { id isMailingAddress } } }';
    const contact = (...flags: boolean[]) => ({
      addresses: flags.map((isMailingAddress, i) => ({ id: `a${i}`, isMailingAddress })),
    });
    expect(found(document, { a: contact(true, false), b: contact(false, true) })).toEqual([]);
    expect(found(document, { a: contact(true, false, true), b: contact(true) })).toEqual([
      ['one-mailing-address', 'data.a.addresses[2].isMailingAddress', 2],
    ]);
  });

  it('finds a member with two primary sponsors, and not one per list (A-73)', () => {
    const document = '{ list(id: "l") { contacts { models { id sponsors { id isPrimary } } } } }';
    const members = (...rows: boolean[][]) =>
      found(document, {
        list: {
          contacts: {
            models: rows.map((flags, m) => ({
              id: `c${m}`,
              sponsors: flags.map((isPrimary, i) => ({ id: `u${i}`, isPrimary })),
            })),
          },
        },
      });
    expect(members([true, false], [true], [false])).toEqual([]);
    expect(members([true], [true, true])).toEqual([
      ['one-primary-sponsor', 'data.list.contacts.models[1].sponsors[1].isPrimary', 2],
    ]);
  });

  it('finds an employee without an employer, and nothing for others or where the employer is not asked (A-26)', () => {
    const document = '{ people(ids: ["a", "b"]) { id isEmployee currentEmployer { id } } }';
    const people = (...rows: unknown[]) => found(document, { people: rows });
    expect(
      people(
        { id: 'a', isEmployee: true, currentEmployer: { id: 'firm' } },
        { id: 'b', isEmployee: false, currentEmployer: null },
      ),
    ).toEqual([]);
    expect(people({ id: 'a', isEmployee: true, currentEmployer: null })).toEqual([
      ['employee-employer', 'data.people[0].currentEmployer', null],
    ]);
    expect(
      found('{ people(ids: ["a"]) { id isEmployee } }', { people: [{ id: 'a', isEmployee: true }] }),
    ).toEqual([]);
  });

  it("finds a list member naming its company without the company's id, and nothing else (A-598)", () => {
    const document = '{ list(id: "l") { contacts { models { id companyName companyId } } } }';
    const rows = (...models: unknown[]) => found(document, { list: { contacts: { models } } });
    expect(
      rows({ id: 'p', companyName: 'Acme', companyId: 'c' }, { id: 'q', companyName: null, companyId: null }),
    ).toEqual([]);
    expect(rows({ id: 'p', companyName: 'Acme', companyId: null })).toEqual([
      ['member-company-id', 'data.list.contacts.models[0].companyId', null],
    ]);
  });

  it('finds firm settings naming another default type than the one flagged in the same answer (A-21, A-597)', () => {
    const document =
      '{ firm { settings { defaultNewActivityTypeId } } activityTypes { models { id isDefault } } }';
    const answer = (named: string | null, flagged: string | null) => ({
      firm: { settings: { defaultNewActivityTypeId: named } },
      activityTypes: { models: ['t1', 't2'].map((id) => ({ id, isDefault: id === flagged })) },
    });
    expect(found(document, answer('t1', 't1'))).toEqual([]);
    expect(found(document, answer(null, null))).toEqual([]);
    expect(found(document, answer('t2', 't1'))).toEqual([
      ['settings-default-type', 'data.firm.settings.defaultNewActivityTypeId', 't2'],
    ]);
    expect(found(document, answer(null, 't1'))).toEqual([
      ['settings-default-type', 'data.firm.settings.defaultNewActivityTypeId', null],
    ]);
    // The type the settings name is listed, but no type is flagged: that type answers isDefault false.
    expect(found(document, answer('t2', null))).toEqual([
      ['settings-default-type', 'data.activityTypes.models[1].isDefault', false],
    ]);
    // A named type the answer does not list holds nothing.
    expect(found(document, answer('t9', null))).toEqual([]);
  });
});
