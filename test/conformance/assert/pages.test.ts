import { describe, expect, it } from '@jest/globals';
import { pageFindings } from '../../../src/conformance/assert/pages.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

const schema = buildRevisionSchema('1.4.0');
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `a${from + i}` }));
const kinds = (document: string, data: unknown, variables?: Record<string, unknown>) =>
  pageFindings(schema, { document, variables }, data).map(
    (f) => `${f.finding.expectationId} ${f.finding.path}`,
  );

describe('pageFindings', () => {
  it('finds nothing in pages that keep skip, limit, totalModels and order', () => {
    const doc =
      'query($s: Int) { activities(skip: $s, limit: 3, sort: [{ field: Date, direction: Descending }]) { totalModels models { id date } } }';
    const models = [
      { id: 'a', date: '2026-05-03' },
      { id: 'b', date: '2026-05-02' },
      { id: 'c', date: '2026-05-02' },
    ];
    expect(kinds(doc, { activities: { totalModels: 10, models } }, { s: 7 })).toEqual([]);
    expect(kinds(doc, { activities: { totalModels: 8, models: models.slice(0, 1) } }, { s: 7 })).toEqual([]);
    expect(
      kinds('{ activities { totalModels models { id } } }', {
        activities: { totalModels: 300, models: ids(100) },
      }),
    ).toEqual([]);
  });

  it("reads a variable the request leaves out at the operation's default, and one sent as null at the field's default", () => {
    const doc = 'query($l: Int = 2) { activities(limit: $l) { totalModels models { id } } }';
    expect(kinds(doc, { activities: { totalModels: 9, models: ids(2) } })).toEqual([]);
    expect(kinds(doc, { activities: { totalModels: 9, models: ids(3) } })).toEqual([
      'page-arithmetic data.activities.models',
    ]);
    // An explicit null limit is the field's default, 100.
    expect(kinds(doc, { activities: { totalModels: 9, models: ids(9) } }, { l: null })).toEqual([]);
  });

  it('holds a page without limit to the default of 100', () => {
    expect(
      kinds('{ activities { totalModels models { id } } }', {
        activities: { totalModels: 300, models: ids(50) },
      }),
    ).toEqual(['page-arithmetic data.activities.models']);
  });

  it('finds a page whose totalModels counts only the page', () => {
    const doc = '{ page: activities(skip: 1, limit: 2) { totalModels models { id } } }';
    expect(kinds(doc, { page: { totalModels: 2, models: ids(2) } })).toEqual([
      'page-arithmetic data.page.models',
    ]);
  });

  it('holds a page that says its skip and limit to the ones asked for, or the defaults', () => {
    const doc =
      'query($s: Int) { a: lists(skip: $s, limit: 2) { skip limit totalModels models { id } } b: lists { skip limit totalModels models { id } } }';
    const page = (skip: number, limit: number, n: number) => ({
      skip,
      limit,
      totalModels: 9,
      models: ids(n),
    });
    expect(kinds(doc, { a: page(3, 2, 2), b: page(0, 100, 9) }, { s: 3 })).toEqual([]);
    expect(kinds(doc, { a: page(0, 2, 2), b: page(0, 25, 9) }, { s: 3 })).toEqual([
      'page-arithmetic data.a.skip',
      'page-arithmetic data.b.limit',
    ]);
  });

  it('holds pages of one question with other skip or limit to one totalModels, nested ones too', () => {
    const doc = `{ searchFirmContacts(limit: 1) { totalModels models { id ... on Person {
      first: lists(limit: 2) { totalModels models { id } }
      beyond: lists(skip: 50, limit: 2) { totalModels models { id } }
      other: notIncludedInTheLists(limit: 0) { totalModels models { id } } } } } }`;
    const contact = (beyondTotal: number) => ({
      searchFirmContacts: {
        totalModels: 1,
        models: [
          {
            id: 'p',
            __typename: 'Person',
            first: { totalModels: 4, models: ids(2) },
            beyond: { totalModels: beyondTotal, models: [] },
            other: { totalModels: 7, models: [] },
          },
        ],
      },
    });
    expect(kinds(doc, contact(4))).toEqual([]);
    expect(kinds(doc, contact(0))).toEqual([
      'page-arithmetic data.searchFirmContacts.models[0].beyond.totalModels',
    ]);
  });

  it('holds two pages of one sorted question to the same values where they overlap, ties trading places', () => {
    const doc = `{ a: activities(limit: 4, sort: [{ field: Date, direction: Descending }]) { totalModels models { id date } }
      b: activities(skip: 1, limit: 2, sort: [{ field: Date, direction: Descending }]) { totalModels models { id date } } }`;
    const item = (id: string, date: string) => ({ id, date });
    const a = [
      item('w', '2026-05-04'),
      item('x', '2026-05-03'),
      item('y', '2026-05-03'),
      item('z', '2026-05-01'),
    ];
    expect(
      kinds(doc, { a: { totalModels: 9, models: a }, b: { totalModels: 9, models: [a[2], a[1]] } }),
    ).toEqual([]);
    // Sorted after the cut: the page from skip 1 is items 1 and 2 of the ascending order, reversed.
    const late = [item('q', '2026-01-02'), item('r', '2026-01-01')];
    expect(kinds(doc, { a: { totalModels: 9, models: a }, b: { totalModels: 9, models: late } })).toEqual([
      'page-overlap data.b.models[0].date',
    ]);
  });

  it('finds an id twice in one page, through aliases and fragments', () => {
    const doc =
      'query { searchFirmContacts(limit: 3) { totalModels models { ...C } } } fragment C on Contact { id }';
    expect(
      kinds(doc, { searchFirmContacts: { totalModels: 3, models: [{ id: 'x' }, { id: 'y' }, { id: 'x' }] } }),
    ).toEqual(['page-distinct data.searchFirmContacts.models[2]']);
  });

  it('finds a page out of the order its sort asked for', () => {
    const doc =
      '{ activities(limit: 2, sort: [{ field: Date, direction: Ascending }]) { totalModels models { id date } } }';
    const models = [
      { id: 'a', date: '2026-05-03' },
      { id: 'b', date: '2026-05-02' },
    ];
    expect(kinds(doc, { activities: { totalModels: 2, models } })).toEqual([
      'page-order data.activities.models[1].date',
    ]);
  });

  it('holds names to the order every collation agrees on: first letters, case-insensitive and ordinal', () => {
    const doc = (direction: string) =>
      `{ searchFirmContacts(limit: 5, sort: { field: "displayName", direction: "${direction}" }) { totalModels models { id displayName } } }`;
    const page = (...names: (string | null)[]) => ({
      searchFirmContacts: {
        totalModels: names.length,
        models: names.map((displayName, i) => ({ id: `c${i}`, displayName })),
      },
    });
    // Case-insensitive (Zed after abc), ordinal (Zed before abc), accents, punctuation and nulls: all correct.
    expect(kinds(doc('Ascending'), page('abc', 'Émile', 'Zed', "'quoted", null))).toEqual([]);
    expect(kinds(doc('Ascending'), page('Zed', 'abc', 'bcd'))).toEqual([]);
    expect(kinds(doc('Descending'), page('zed', 'Émile', 'Abc'))).toEqual([]);
    // Reversed, or not sorted at all: out of order both ways.
    expect(kinds(doc('Ascending'), page('zed', 'abc'))).toEqual([
      'page-order data.searchFirmContacts.models[1].displayName',
    ]);
    expect(kinds(doc('Descending'), page('abc', '1st', 'zed'))).toEqual([
      'page-order data.searchFirmContacts.models[2].displayName',
    ]);
    // An enum or an id may sort by anything: only String fields are held to it.
    const statuses =
      '{ opportunities(limit: 2, sort: [{ field: status, direction: Ascending }]) { totalModels models { id status } } }';
    expect(
      kinds(statuses, {
        opportunities: {
          totalModels: 2,
          models: [
            { id: 'b', status: 'open' },
            { id: 'a', status: 'closed' },
          ],
        },
      }),
    ).toEqual([]);
  });

  it('holds a page sorted by an enum or an id to equal values next to each other, in any order of the values', () => {
    const doc =
      '{ opportunities(limit: 4, sort: [{ field: status, direction: Descending }]) { totalModels models { id status title } } }';
    const page = (...statuses: (string | null)[]) => ({
      opportunities: {
        totalModels: statuses.length,
        models: statuses.map((status, i) => ({ id: `o${i}`, status, title: `t${i}` })),
      },
    });
    expect(kinds(doc, page('won', 'won', 'open', null))).toEqual([]);
    expect(kinds(doc, page('open', 'won', 'lost', 'lost'))).toEqual([]);
    // In title order: statuses come back after others followed them.
    expect(kinds(doc, page('open', 'won', 'open', 'lost'))).toEqual([
      'page-order data.opportunities.models[2].status',
    ]);
    expect(kinds(doc, page(null, 'won', null, 'won'))).toEqual([
      'page-order data.opportunities.models[2].status',
    ]);
  });

  it('holds the items a sort leaves tied to the next sort entry', () => {
    const doc =
      '{ opportunities(limit: 3, sort: [{ field: status, direction: Ascending }, { field: title, direction: Descending }]) { totalModels models { id status title } } }';
    const page = (...models: [string, string][]) => ({
      opportunities: {
        totalModels: models.length,
        models: models.map(([status, title], i) => ({ id: `o${i}`, status, title })),
      },
    });
    // Ties on status ordered by title descending; across statuses (an enum) anything goes.
    expect(kinds(doc, page(['open', 'Zeta'], ['open', 'alpha'], ['closed', 'zulu']))).toEqual([]);
    expect(kinds(doc, page(['open', 'alpha'], ['open', 'zeta'], ['closed', 'beta']))).toEqual([
      'page-order data.opportunities.models[1].title',
    ]);
    const events =
      '{ firmContactEventViews(limit: 3, sort: [{ field: eventType, direction: Ascending }, { field: eventDate, direction: Descending }]) { totalModels models { eventType eventDate } } }';
    const at = (eventType: string, day: number) => ({ eventType, eventDate: `2026-05-0${day}T10:00:00Z` });
    const data = (...models: object[]) => ({ firmContactEventViews: { totalModels: 3, models } });
    expect(
      kinds(events, data(at('ContactCreated', 1), at('ContactUpdated', 3), at('ContactUpdated', 2))),
    ).toEqual([]);
    expect(
      kinds(events, data(at('ContactCreated', 1), at('ContactUpdated', 2), at('ContactUpdated', 3))),
    ).toEqual(['page-order data.firmContactEventViews.models[2].eventDate']);
    // Sorted by eventType alone: events of one type keep the default order, oldest first.
    const byType =
      '{ firmContactEventViews(limit: 3, sort: [{ field: eventType }]) { totalModels models { eventType eventDate } } }';
    expect(
      kinds(byType, data(at('ContactCreated', 3), at('ContactUpdated', 1), at('ContactUpdated', 2))),
    ).toEqual([]);
    expect(
      kinds(byType, data(at('ContactCreated', 1), at('ContactUpdated', 3), at('ContactUpdated', 2))),
    ).toEqual(['page-order data.firmContactEventViews.models[2].eventDate']);
  });

  it('holds a list field with a limit (relationshipTypes) to its limit, its default, distinct ids and its sort', () => {
    const types = (...names: string[]) => names.map((name, i) => ({ id: `t${i}`, name }));
    const doc = '{ relationshipTypes(limit: 2, sort: { field: name, direction: Ascending }) { id name } }';
    expect(kinds(doc, { relationshipTypes: types('Alumni', 'Board') })).toEqual([]);
    expect(kinds(doc, { relationshipTypes: types('Alumni', 'Board', 'Client') })).toEqual([
      'page-arithmetic data.relationshipTypes',
    ]);
    expect(kinds(doc, { relationshipTypes: types('board', 'alumni') })).toEqual([
      'page-order data.relationshipTypes[1].name',
    ]);
    const many = Array.from({ length: 501 }, (_, i) => ({ id: `t${i}` }));
    expect(kinds('{ relationshipTypes { id } }', { relationshipTypes: many })).toEqual([
      'page-arithmetic data.relationshipTypes',
    ]);
    expect(kinds('{ relationshipTypes { id } }', { relationshipTypes: many.slice(0, 500) })).toEqual([]);
  });

  it('holds an event page without a sort to eventDate, oldest first', () => {
    const doc = '{ firmContactEventViews(limit: 2) { totalModels models { eventType eventDate } } }';
    const older = { eventType: 'ContactCreated', eventDate: '2026-05-01T10:00:00.000Z' };
    const newer = { eventType: 'ContactUpdated', eventDate: '2026-05-02T10:00:00.000Z' };
    expect(kinds(doc, { firmContactEventViews: { totalModels: 5, models: [older, newer] } })).toEqual([]);
    expect(kinds(doc, { firmContactEventViews: { totalModels: 5, models: [newer, older] } })).toEqual([
      'page-order data.firmContactEventViews.models[1].eventDate',
    ]);
  });

  it("holds pages of activities without a sort to A-34's default order: a contact's newest first, the root's oldest first", () => {
    const older = {
      id: 'a',
      activityStartDate: '2026-05-01T10:00:00.000Z',
      date: '2026-05-01T10:00:00.000Z',
    };
    const newer = {
      id: 'b',
      activityStartDate: '2026-05-02T10:00:00.000Z',
      date: '2026-05-02T10:00:00.000Z',
    };
    const nested =
      '{ person(id: "p") { activities(limit: 2) { totalModels models { id activityStartDate } } } }';
    const page = (models: unknown[]) => ({ person: { activities: { totalModels: 2, models } } });
    expect(kinds(nested, page([newer, older]))).toEqual([]);
    expect(kinds(nested, page([older, newer]))).toEqual([
      'page-order data.person.activities.models[1].activityStartDate',
    ]);
    const root = '{ activities(limit: 2) { totalModels models { id date } } }';
    expect(kinds(root, { activities: { totalModels: 2, models: [older, newer] } })).toEqual([]);
    expect(kinds(root, { activities: { totalModels: 2, models: [newer, older] } })).toEqual([
      'page-order data.activities.models[1].date',
    ]);
  });

  it("holds a list's members without a sort to their display names (A-73), a given sort to itself", () => {
    const doc = (sort: string) =>
      `{ list(id: "l") { contacts(limit: 3${sort}) { totalModels models { id displayName } } } }`;
    const members = (...names: string[]) => ({
      list: {
        contacts: { totalModels: 3, models: names.map((displayName, i) => ({ id: `c${i}`, displayName })) },
      },
    });
    expect(kinds(doc(''), members('Ada King', 'bo Li', 'Cy Vance'))).toEqual([]);
    expect(kinds(doc(''), members('Cy Vance', 'Ada King', 'Bo Li'))).toEqual([
      'page-order data.list.contacts.models[1].displayName',
    ]);
    expect(
      kinds(doc(', sort: { field: "displayName", direction: "Descending" }'), members('Cy', 'Bo', 'Ada')),
    ).toEqual([]);
  });

  it("holds a contact's notes to the most recently edited first (A-614), ties in any order", () => {
    const doc =
      '{ person(id: "p") { notes { allNotes(limit: 3) { totalModels models { id lastEditedDate } } } } }';
    const notes = (...dates: string[]) => ({
      person: {
        notes: {
          allNotes: {
            totalModels: 3,
            models: dates.map((lastEditedDate, i) => ({ id: `n${i}`, lastEditedDate })),
          },
        },
      },
    });
    expect(kinds(doc, notes('2026-05-02', '2026-05-02', '2026-04-30'))).toEqual([]);
    expect(kinds(doc, notes('2026-04-30', '2026-05-02', '2026-05-03'))).toEqual([
      'page-order data.person.notes.allNotes.models[1].lastEditedDate',
    ]);
  });

  it('holds a search, lists, opportunities, objectives and initiatives without a sort to A-34 and A-42', () => {
    const page = (field: string, key: string, values: string[]) => ({
      totalModels: values.length,
      models: values.map((v, i) => ({ id: `${field}${i}`, [key]: v })),
    });
    const cases: Array<[string, string, string]> = [
      [
        'searchFirmContacts',
        'displayName',
        '{ searchFirmContacts(limit: 3) { totalModels models { id displayName } } }',
      ],
      ['lists', 'name', '{ lists(limit: 3) { totalModels models { id name } } }'],
      ['opportunities', 'title', '{ opportunities(limit: 3) { totalModels models { id title } } }'],
      ['objectives', 'name', '{ objectives(limit: 3) { totalModels models { id name } } }'],
      ['initiatives', 'name', '{ initiatives(limit: 3) { totalModels models { id name } } }'],
    ];
    for (const [field, key, doc] of cases) {
      expect(kinds(doc, { [field]: page(field, key, ['Abshire', 'bauch', 'Zulauf']) })).toEqual([]);
      expect(kinds(doc, { [field]: page(field, key, ['Zulauf', 'Abshire', 'bauch']) })).toEqual([
        `page-order data.${field}.models[1].${key}`,
      ]);
    }
    const nested = '{ objective(id: "o") { initiatives(limit: 3) { totalModels models { id name } } } }';
    expect(kinds(nested, { objective: { initiatives: page('i', 'name', ['B', 'A', 'C']) } })).toEqual([
      'page-order data.objective.initiatives.models[1].name',
    ]);
    // a sort given is held instead of the default
    const sorted =
      '{ searchFirmContacts(limit: 3, sort: { field: "displayName", direction: "Descending" }) { totalModels models { id displayName } } }';
    expect(
      kinds(sorted, { searchFirmContacts: page('c', 'displayName', ['Zulauf', 'bauch', 'Abshire']) }),
    ).toEqual([]);
  });

  it('holds activity types without a sort to their names, A-05', () => {
    const doc = '{ activityTypes(limit: 3) { totalModels models { id name } } }';
    const types = (...names: string[]) => ({
      activityTypes: { totalModels: 3, models: names.map((name, i) => ({ id: `t${i}`, name })) },
    });
    expect(kinds(doc, types('Call', 'email', 'Meeting'))).toEqual([]);
    expect(kinds(doc, types('Meeting', 'Call', 'Email'))).toEqual([
      'page-order data.activityTypes.models[1].name',
    ]);
  });

  it('holds countries and the look-up lists, which have no paging, to their names and nothing else, A-20', () => {
    const doc = '{ countries { totalModels models { id name isoCode } } industries { models { id name } } }';
    const answer = (...names: string[]) => ({
      // totalModels beyond the items: an unpaged result is not counted by a skip and limit it has none of.
      countries: {
        totalModels: 300,
        models: names.map((name, i) => ({ id: `c${i}`, name, isoCode: `C${i}` })),
      },
      industries: {
        models: [
          { id: 'i1', name: 'Banking' },
          { id: 'i2', name: 'Retail' },
        ],
      },
    });
    expect(kinds(doc, answer('Albania', 'austria', 'Belgium'))).toEqual([]);
    expect(kinds(doc, answer('Belgium', 'Albania', 'Cuba'))).toEqual([
      'page-order data.countries.models[1].name',
    ]);
  });

  it('checks nested pages with their own arguments', () => {
    const doc =
      'query($id: ID!) { person(id: $id) { id activities(limit: 2) { totalModels models { id } } } }';
    expect(
      kinds(doc, { person: { id: 'p', activities: { totalModels: 9, models: ids(3) } } }, { id: 'p' }),
    ).toEqual(['page-arithmetic data.person.activities.models']);
  });
});
