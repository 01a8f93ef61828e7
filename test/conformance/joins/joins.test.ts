import { describe, expect, it } from '@jest/globals';
import { emptyObservation, observeJoins } from '../../../src/conformance/joins/joins.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const seen = (document: string, data: unknown) => observeJoins(schema, { document }, data);
const messages = (document: string, data: unknown) =>
  seen(document, data).findings.map((f) => `${f.finding.path}: ${f.finding.message}`);

describe('observeJoins', () => {
  it('finds a nested record that is not the one the id beside it names, and nothing where they agree', () => {
    const doc = '{ initiativeEventViews { models { initiativeId initiative { id } } } }';
    const views = (ids: [string, string][]) => ({
      initiativeEventViews: { models: ids.map(([a, b]) => ({ initiativeId: a, initiative: { id: b } })) },
    });
    expect(messages(doc, views([['i1', 'i1']]))).toEqual([]);
    const wrong = messages(
      doc,
      views([
        ['i1', 'i1'],
        ['i2', 'i9'],
      ]),
    );
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(
      /^data\.initiativeEventViews\.models\[1\]\.initiative\.id: .*InitiativeEventView\.initiative.*"i9".*initiativeId.*"i2"/,
    );
  });

  it('keeps a nested record answered null beside an id for a read by id, with aliases and typed joins', () => {
    const doc =
      '{ e: relationshipEventViews { models { b: baseContactId baseContact { id } relatedContactId relatedContact { id } } } opportunities { models { associatedContacts { contactId person { id } } } } }';
    const got = seen(doc, {
      e: { models: [{ b: 'c1', baseContact: null, relatedContactId: 'c2', relatedContact: { id: 'c2' } }] },
      opportunities: { models: [{ associatedContacts: [{ contactId: 'c3', person: null }] }] },
    });
    expect(got.findings).toEqual([]);
    expect(got.nullJoins).toEqual([
      {
        path: 'data.e.models[0].baseContact',
        field: 'RelationshipEventView.baseContact',
        id: 'c1',
        byId: 'contact',
        person: false,
      },
      {
        path: 'data.opportunities.models[0].associatedContacts[0].person',
        field: 'OpportunityContact.person',
        id: 'c3',
        byId: 'contact',
        person: true,
      },
    ]);
  });

  it('ignores a null nested record with no id beside it, and an id without the nested field selected', () => {
    const got = seen(
      '{ firmContactEventViews { models { contactId } } listEventViews { models { list { id } } } }',
      {
        firmContactEventViews: { models: [{ contactId: 'c1' }] },
        listEventViews: { models: [{ list: null }] },
      },
    );
    expect(got).toEqual(emptyObservation());
  });

  it('finds a record listed under its parent that does not refer back to it', () => {
    const doc =
      '{ objectives { models { id initiatives { models { id objective { id } } } } } initiatives { models { id objective { id } companies { id initiativeId } } } }';
    const data = (objective: unknown, initiativeId: string) => ({
      objectives: { models: [{ id: 'o1', initiatives: { models: [{ id: 'i1', objective }] } }] },
      initiatives: {
        models: [{ id: 'i1', objective: { id: 'o1' }, companies: [{ id: 'c1', initiativeId }] }],
      },
    });
    expect(messages(doc, data({ id: 'o1' }, 'i1'))).toEqual([]);
    const wrong = messages(doc, data(null, 'i7'));
    expect(wrong).toHaveLength(3);
    // The null objective is also a field an initiative cannot exist without.
    expect(wrong[0]).toMatch(
      /^data\.objectives\.models\[0\]\.initiatives\.models\[0\]\.objective: .*cannot be created/,
    );
    expect(wrong[1]).toMatch(
      /^data\.objectives\.models\[0\]\.initiatives\.models\[0\]\.objective: .*Initiative\.objective.* is null.*Objective "o1"/,
    );
    expect(wrong[2]).toMatch(
      /^data\.initiatives\.models\[0\]\.companies\[0\]\.initiativeId: .*"i7".*Initiative "i1"/,
    );
  });

  it("finds a contact's address, e-mail address or phone number that names another owning contact, and keeps each as a record", () => {
    const doc =
      '{ person(id: "p1") { id addresses { id type owningContactId } emailAddresses { id owningContactId } phoneNumbers { id owningContactId } } }';
    const data = (owner: string) => ({
      person: {
        id: 'p1',
        addresses: [{ id: 'a1', type: 'Business', owningContactId: 'p1' }],
        emailAddresses: [{ id: 'e1', owningContactId: owner }],
        phoneNumbers: [{ id: 'n1', owningContactId: 'p1' }],
      },
    });
    expect(messages(doc, data('p1'))).toEqual([]);
    expect(messages(doc, data('e1'))).toEqual([
      expect.stringMatching(
        /^data\.person\.emailAddresses\[0\]\.owningContactId: .*EmailAddress\.owningContactId.*"e1".*Contact "p1"/,
      ),
    ]);
    expect(
      seen(doc, data('p1'))
        .records.filter((r) => r.family === 'Address')
        .map((r) => [r.id, r.values.get('type')]),
    ).toEqual([['a1', 'Business']]);
  });

  it("reads what an answer says of persons' employers: claims and the views that show them", () => {
    const got = seen(
      '{ searchFirmContacts { models { id ... on Person { currentEmployer { id } } } } lists { models { contacts { models { id companyId } } } } activities { models { linkedActivityContacts { id ... on ActivityPerson { company { id } } } } } }',
      {
        searchFirmContacts: {
          models: [
            { id: 'p1', currentEmployer: null },
            { id: 'k1' },
            { id: 'p2', currentEmployer: { id: 'k1' } },
          ],
        },
        // A company member names itself: no evidence of an employer.
        lists: {
          models: [
            {
              contacts: {
                models: [
                  { id: 'p1', companyId: 'k1' },
                  { id: 'k1', companyId: 'k1' },
                ],
              },
            },
          ],
        },
        activities: {
          models: [{ linkedActivityContacts: [{ id: 'p2', company: { id: 'k1' } }, { id: 'k2' }] }],
        },
      },
    );
    expect(got.employers.map((e) => `${e.role} ${e.personId} ${e.companyId}`)).toEqual([
      'claim p1 null',
      'claim p2 k1',
      'evidence p1 k1',
      'evidence p2 k1',
    ]);
  });

  it("reads what an answer says of contacts' e-mail addresses: every one, or one another view names", () => {
    const got = seen(
      '{ people(ids: ["p1", "p2"]) { id emailAddresses { address } } list(id: "l") { contacts { models { id emailAddress } } } activity(id: "a") { linkedActivityContacts { id ... on ActivityPerson { primaryEmail } } } }',
      {
        people: [
          { id: 'p1', emailAddresses: [{ address: 'a@x.example' }, { address: 'b@x.example' }] },
          // An address answered null: the list is not all of them.
          { id: 'p2', emailAddresses: [{ address: null }] },
        ],
        list: {
          contacts: {
            models: [
              { id: 'p1', emailAddress: 'b@x.example' },
              { id: 'p3', emailAddress: null },
            ],
          },
        },
        activity: { linkedActivityContacts: [{ id: 'p2', primaryEmail: 'c@x.example' }] },
      },
    );
    expect(got.emails.map((e) => `${e.role} ${e.contactId} ${e.addresses.join(',')}`)).toEqual([
      'all p1 a@x.example,b@x.example',
      'one p1 b@x.example',
      'one p2 c@x.example',
    ]);
  });

  it('finds nothing in an answer whose document does not parse or is not a query of the schema', () => {
    expect(seen('{ nope', {})).toEqual(emptyObservation());
    expect(seen('subscription { x }', {})).toEqual(emptyObservation());
  });

  it("keeps each record's scalar fields asked without arguments, a person and a company as contacts, not the fields of a context", () => {
    const got = seen(
      '{ contact(id: "c1") { id displayName tags ... on Person { firstName currentEmployer { id name } } activities(limit: 2) { totalModels } } lists { models { id name userIsSponsor contacts { models { id displayName } } } } }',
      {
        contact: {
          id: 'c1',
          displayName: 'Ada',
          tags: ['x'],
          firstName: 'Ada',
          currentEmployer: { id: 'k1', name: 'Acme' },
          activities: { totalModels: 3 },
        },
        lists: {
          models: [{ id: 'l1', name: 'Friends', contacts: { models: [{ id: 'c1', displayName: 'Ada' }] } }],
        },
      },
    );
    expect(got.records.map((r) => `${r.family} ${r.id} ${r.path} ${JSON.stringify([...r.values])}`)).toEqual([
      // The employer is one fact of the person, however it is read.
      'Contact c1 data.contact [["employer","k1"]]',
      'Contact c1 data.contact [["displayName","Ada"],["tags",["x"]],["firstName","Ada"]]',
      'Contact k1 data.contact.currentEmployer [["name","Acme"]]',
      'List l1 data.lists.models[0] [["name","Friends"]]',
      // A list member is a row of the list, but its display name is its contact's.
      'Contact c1 data.lists.models[0].contacts.models[0] [["displayName","Ada"]]',
    ]);
  });

  it("holds an activity person's company and the person's current employer as one fact, null included (A-05, A-580)", () => {
    const got = seen(
      '{ person(id: "p1") { id currentEmployer { id } } activity(id: "a") { linkedActivityContacts { ... on ActivityPerson { id company { id } } } } }',
      {
        person: { id: 'p1', currentEmployer: { id: 'k1' } },
        activity: { linkedActivityContacts: [{ id: 'p1', company: null }] },
      },
    );
    expect(
      got.records
        .filter((r) => r.values.has('employer'))
        .map(
          (r) =>
            `${r.id} ${r.path} ${JSON.stringify(r.values.get('employer'))} ${r.renamed?.get('employer')}`,
        ),
    ).toEqual([
      'p1 data.person "k1" currentEmployer.id',
      'p1 data.activity.linkedActivityContacts[0] null company.id',
    ]);
  });

  it("finds an opportunity's current stage that is not one of its stage instances, and stage instances of another opportunity", () => {
    const doc =
      '{ opportunities { models { id stageInstances { id opportunityId } currentStage { id opportunityId } } } }';
    const data = (currentStage: unknown, opportunityId = 'o1') => ({
      opportunities: {
        models: [
          {
            id: 'o1',
            stageInstances: [
              { id: 's1', opportunityId },
              { id: 's2', opportunityId: 'o1' },
            ],
            currentStage,
          },
          { id: 'o2', stageInstances: [], currentStage: null },
        ],
      },
    });
    expect(messages(doc, data({ id: 's2', opportunityId: 'o1' }))).toEqual([]);
    expect(messages(doc, data(null))).toEqual([
      expect.stringMatching(
        /^data\.opportunities\.models\[0\]\.currentStage: .*Opportunity\.currentStage\) is null, but .* 2 stageInstances/,
      ),
    ]);
    expect(messages(doc, data({ id: 's2', opportunityId: 'o1' }, 'o9'))).toEqual([
      expect.stringMatching(
        /^data\.opportunities\.models\[0\]\.stageInstances\[0\]\.opportunityId: .*"o9".*Opportunity "o1"/,
      ),
    ]);
  });

  it("reads an additional field value's data type and name as its definition's, where the answer puts them", () => {
    const got = seen(
      '{ contact(id: "c1") { id additionalFieldValues { models { fieldId dataType fieldName value } } } }',
      {
        contact: {
          id: 'c1',
          additionalFieldValues: {
            models: [{ fieldId: 'f1', dataType: 'text', fieldName: 'Hobby', value: 'x' }],
          },
        },
      },
    );
    const view = got.records.find((r) => r.family === 'AdditionalFieldDefinition');
    expect(view).toMatchObject({ id: 'f1', path: 'data.contact.additionalFieldValues.models[0]' });
    expect([...view!.values]).toEqual([
      ['fieldDataType', 'text'],
      ['name', 'Hobby'],
    ]);
    expect(view!.renamed?.get('fieldDataType')).toBe('dataType');
  });

  it("reads a contact's contact type and an activity person's full name as the records they name", () => {
    const got = seen(
      '{ contactTypes { models { id name } } person(id: "p1") { id fullName contactTypes { id name } } activity(id: "a1") { linkedActivityContacts { id ... on ActivityPerson { fullName } } } }',
      {
        contactTypes: { models: [{ id: 'k1', name: 'Client' }] },
        person: { id: 'p1', fullName: 'Ada Lovelace', contactTypes: [{ id: 'k1', name: 'Clients' }] },
        activity: { linkedActivityContacts: [{ id: 'p1', fullName: 'Lovelace' }] },
      },
    );
    const of = (family: string, field: string) =>
      got.records
        .filter((r) => r.family === family && r.values.has(field))
        .map((r) => [r.path, r.values.get(field)]);
    expect(of('ContactType', 'name')).toEqual([
      ['data.contactTypes.models[0]', 'Client'],
      ['data.person.contactTypes[0]', 'Clients'],
    ]);
    expect(of('Contact', 'fullName')).toEqual([
      ['data.person', 'Ada Lovelace'],
      ['data.activity.linkedActivityContacts[0]', 'Lovelace'],
    ]);
  });

  it("reads an activity's type as its activity type's name, in a page and in an activity view", () => {
    const got = seen(
      '{ activity(id: "a1") { id typeId type } activityTypes { models { id name } } activities { models { id typeId type } } }',
      {
        activity: { id: 'a1', typeId: 't1', type: 'Lunch' },
        activityTypes: { models: [{ id: 't1', name: 'Lunch' }] },
        activities: { models: [{ id: 'a2', typeId: 't1', type: 'Dinner' }] },
      },
    );
    const views = got.records.filter((r) => r.family === 'ActivityType');
    expect(views.map((v) => [v.id, v.path, v.values.get('name'), v.renamed?.get('name')])).toEqual([
      ['t1', 'data.activity', 'Lunch', 'type'],
      ['t1', 'data.activityTypes.models[0]', 'Lunch', undefined],
      ['t1', 'data.activities.models[0]', 'Dinner', 'type'],
    ]);
  });

  it("holds a contact's score as fields of the contact, where the contact's id is selected", () => {
    const got = seen('{ contact(id: "c1") { id relationshipScore { strength description } } }', {
      contact: { id: 'c1', relationshipScore: { strength: 3, description: 'Good' } },
    });
    expect(
      got.records.map((r) => [r.family, r.id, r.path, [...r.values], [...(r.renamed ?? new Map())]]),
    ).toEqual([
      [
        'Contact',
        'c1',
        'data.contact.relationshipScore',
        [
          ['relationshipScore.strength', 3],
          ['relationshipScore.description', 'Good'],
        ],
        [
          ['relationshipScore.strength', 'strength'],
          ['relationshipScore.description', 'description'],
        ],
      ],
    ]);
    const anonymous = seen('{ contact(id: "c1") { relationshipScore { strength } } }', {
      contact: { relationshipScore: { strength: 3 } },
    });
    expect(anonymous.records).toEqual([]);
  });
});
