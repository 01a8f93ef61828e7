import { describe, expect, it } from '@jest/globals';
import { MembershipTally, membershipFacts } from '../../../src/conformance/joins/memberships.js';
import { typedHolders } from '../../../src/conformance/joins/typed-holders.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const facts = (document: string, data: unknown) => membershipFacts(typedHolders(schema, { document }, data));
const ids = (...list: string[]) => list.map((id) => ({ id }));

describe('membershipFacts', () => {
  it("reads a list's members and a contact's lists, whole when they hold totalModels items and no filter narrowed them", () => {
    const document =
      '{ lists { models { id contacts { totalModels models { id } } } } contact(id: "c1") { id lists(listIds: ["l1"]) { totalModels models { id } } notIncludedInTheLists { totalModels models { id } } } }';
    expect(
      facts(document, {
        lists: {
          models: [
            { id: 'l1', contacts: { totalModels: 2, models: ids('c1', 'c2') } },
            { id: 'l2', contacts: { totalModels: 5, models: ids('c3') } },
          ],
        },
        contact: {
          id: 'c1',
          lists: { totalModels: 1, models: ids('l1') },
          notIncludedInTheLists: { totalModels: 9, models: ids('l3') },
        },
      }).filter((f) => f.relation === 'list'),
    ).toEqual([
      {
        relation: 'list',
        kind: 'visible',
        of: '',
        ids: ['l1'],
        complete: false,
        path: 'data.lists.models[0]',
      },
      {
        relation: 'list',
        kind: 'members',
        of: 'l1',
        ids: ['c1', 'c2'],
        complete: true,
        path: 'data.lists.models[0].contacts',
      },
      {
        relation: 'list',
        kind: 'visible',
        of: '',
        ids: ['l2'],
        complete: false,
        path: 'data.lists.models[1]',
      },
      {
        relation: 'list',
        kind: 'members',
        of: 'l2',
        ids: ['c3'],
        complete: false,
        path: 'data.lists.models[1].contacts',
      },
      { relation: 'list', kind: 'lists', of: 'c1', ids: ['l1'], complete: false, path: 'data.contact.lists' },
      {
        relation: 'list',
        kind: 'not-in',
        of: 'c1',
        ids: ['l3'],
        complete: false,
        path: 'data.contact.notIncludedInTheLists',
      },
    ]);
  });
  it("reads an activity's links, whole unless a contact type narrowed them, and a contact's activities page", () => {
    const document =
      '{ person(id: "c1") { id activities { totalModels models { id linkedActivityContacts { id } } } } activity(id: "a2") { id linkedActivityContacts(contactType: Person) { id } } }';
    expect(
      facts(document, {
        person: {
          id: 'c1',
          activities: { totalModels: 1, models: [{ id: 'a1', linkedActivityContacts: ids('c1', 'k1') }] },
        },
        activity: { id: 'a2', linkedActivityContacts: ids('c1') },
      }).filter((f) => f.relation === 'activity'),
    ).toEqual([
      {
        relation: 'activity',
        kind: 'lists',
        of: 'c1',
        ids: ['a1'],
        complete: true,
        path: 'data.person.activities',
      },
      {
        relation: 'activity',
        kind: 'visible',
        of: '',
        ids: ['a1'],
        complete: false,
        path: 'data.person.activities.models[0]',
      },
      {
        relation: 'activity',
        kind: 'members',
        of: 'a1',
        ids: ['c1', 'k1'],
        complete: true,
        path: 'data.person.activities.models[0].linkedActivityContacts',
      },
      { relation: 'activity', kind: 'visible', of: '', ids: ['a2'], complete: false, path: 'data.activity' },
    ]);
  });
  it("reads an objective's initiatives, and an initiative's objective as whole, claimed only while the initiative is live", () => {
    const document =
      '{ objectives { models { id initiatives { totalModels models { id } } } } initiatives(filter: { includeDeleted: true }) { models { id isDeleted objective { id } } } }';
    expect(
      facts(document, {
        objectives: { models: [{ id: 'o1', initiatives: { totalModels: 1, models: ids('i1') } }] },
        initiatives: {
          models: [
            { id: 'i1', isDeleted: false, objective: { id: 'o1' } },
            { id: 'i2', isDeleted: true, objective: { id: 'o1' } },
            { id: 'i3', isDeleted: false, objective: null },
          ],
        },
      }).filter((f) => f.relation === 'initiative' && f.kind === 'lists'),
    ).toEqual([
      {
        relation: 'initiative',
        kind: 'lists',
        of: 'i1',
        ids: ['o1'],
        complete: true,
        path: 'data.initiatives.models[0].objective',
      },
      {
        relation: 'initiative',
        kind: 'lists',
        of: 'i2',
        ids: ['o1'],
        complete: true,
        claims: false,
        path: 'data.initiatives.models[1].objective',
      },
      {
        relation: 'initiative',
        kind: 'lists',
        of: 'i3',
        ids: [],
        complete: true,
        path: 'data.initiatives.models[2].objective',
      },
    ]);
  });
  it("reads a list's field definitions, and a value as its field's list and its contact's membership", () => {
    const document =
      '{ list(id: "l1") { id additionalFieldDefinitions { totalModels models { id } } contacts { models { id additionalFieldValues { models { listId fieldId contactId } } } } } }';
    const got = facts(document, {
      list: {
        id: 'l1',
        additionalFieldDefinitions: { totalModels: 1, models: ids('f1') },
        contacts: {
          models: [
            {
              id: 'c1',
              additionalFieldValues: { models: [{ listId: 'l1', fieldId: 'f1', contactId: 'c1' }] },
            },
          ],
        },
      },
    });
    const path = 'data.list.contacts.models[0].additionalFieldValues.models[0].listId';
    expect(got.filter((f) => f.kind !== 'visible' && f.path !== 'data.list.contacts')).toEqual([
      {
        relation: 'field',
        kind: 'members',
        of: 'l1',
        ids: ['f1'],
        complete: true,
        path: 'data.list.additionalFieldDefinitions',
      },
      { relation: 'field', kind: 'lists', of: 'f1', ids: ['l1'], complete: true, path },
      { relation: 'list', kind: 'members', of: 'l1', ids: ['c1'], complete: false, path },
    ]);
  });
  it("reads the contact type look-up as a whole page, and each contact's types as types it must hold", () => {
    const document =
      '{ contactTypes { totalModels models { id } } searchFirmContacts { models { id contactTypes { id } } } }';
    expect(
      facts(document, {
        contactTypes: { totalModels: 1, models: ids('k1') },
        searchFirmContacts: { models: [{ id: 'c1', contactTypes: ids('k1', 'k9') }] },
      }).filter((f) => f.relation === 'contactType'),
    ).toEqual([
      {
        relation: 'contactType',
        kind: 'members',
        of: 'contactTypes',
        ids: ['k1'],
        complete: true,
        path: 'data.contactTypes',
      },
      {
        relation: 'contactType',
        kind: 'lists',
        of: 'k1',
        ids: ['contactTypes'],
        complete: false,
        path: 'data.searchFirmContacts.models[0].contactTypes',
      },
      {
        relation: 'contactType',
        kind: 'lists',
        of: 'k9',
        ids: ['contactTypes'],
        complete: false,
        path: 'data.searchFirmContacts.models[0].contactTypes',
      },
    ]);
  });
});

describe('MembershipTally', () => {
  const fact = (
    kind: 'members' | 'lists' | 'not-in' | 'visible',
    of: string,
    list: string[],
    complete = false,
  ) => ({
    relation: 'list' as const,
    kind,
    of,
    ids: list,
    complete,
    path: `${kind}:${of}`,
  });

  it('finds nothing where the views agree, or where a page is not whole', () => {
    const tally = new MembershipTally<string>('list');
    tally.add('a', fact('visible', '', ['l1', 'l2']));
    tally.add('a', fact('members', 'l1', ['c1', 'c2'], true));
    tally.add('b', fact('lists', 'c1', ['l1'], true));
    tally.add('b', fact('not-in', 'c1', ['l2']));
    tally.add('c', fact('members', 'l2', ['c3']));
    tally.add('c', fact('lists', 'c3', ['l9'], false));
    expect(tally.contradictions()).toEqual([]);
  });

  it('holds no claim for a removed initiative, but its objective still rules other objectives out', () => {
    const tally = new MembershipTally<string>('initiative');
    tally.add('a', { ...fact('visible', '', ['o1', 'o2']), relation: 'initiative' });
    tally.add('a', { ...fact('members', 'o1', [], true), relation: 'initiative' });
    tally.add('b', { ...fact('lists', 'i2', ['o1'], true), relation: 'initiative', claims: false });
    expect(tally.contradictions()).toEqual([]);
    tally.add('c', { ...fact('members', 'o2', ['i2'], false), relation: 'initiative' });
    expect(tally.contradictions().map((c) => [c.listId, c.contactId, c.notInIt.how])).toEqual([
      ['o2', 'i2', 'left-out-of-lists'],
    ]);
  });

  it('finds a member another view leaves out of a whole page, or names among the lists it is not in', () => {
    const tally = new MembershipTally<string>('list');
    tally.add('a', fact('visible', '', ['l1', 'l2']));
    tally.add('a', fact('members', 'l1', ['c1'], true));
    tally.add('a', fact('members', 'l2', ['c2'], false));
    tally.add('b', fact('lists', 'c2', ['l1'], true));
    tally.add('c', fact('not-in', 'c1', ['l1']));
    // An archived list (never shown by a lists page) keeps members that Contact.lists leaves out.
    tally.add('d', fact('members', 'l7', ['c2'], false));
    expect(
      tally.contradictions().map((c) => [c.listId, c.contactId, c.inIt.at, c.notInIt.at, c.notInIt.how]),
    ).toEqual([
      ['l1', 'c1', 'a', 'c', 'not-included'],
      ['l2', 'c2', 'a', 'b', 'left-out-of-lists'],
      ['l1', 'c2', 'b', 'a', 'left-out-of-members'],
    ]);
  });
});
