import { describe, expect, it } from '@jest/globals';
import {
  searchTermsFindings,
  textFilterArgument,
  textFilterFindings,
} from '../../../src/conformance/assert/text-filters.js';

const VIEW = 'Query.employeesWithRelationshipsToView';
const found = (filters: unknown, models: unknown[]) =>
  textFilterFindings(VIEW, filters, 'data.view', { models }).map((f) => [f.finding.path, f.finding.actual]);

describe('textFilterFindings', () => {
  it('names the argument of the views it holds, and no other', () => {
    expect(textFilterArgument(VIEW)).toBe('filters');
    expect(textFilterArgument('Query.lists')).toBe('filter');
    expect(textFilterArgument('Query.searchFirmContacts')).toBeUndefined();
  });

  it('finds nothing where every row holds each filter text, case-insensitively (A-52)', () => {
    const filters = [
      { field: 'office', value: 'o' },
      { field: 'displayName', value: 'ann' },
    ];
    expect(found(filters, [{ office: 'London', displayName: 'Anna Smith' }])).toEqual([]);
    // A field the answer does not select, a filter it does not know, a blank text: nothing to hold.
    expect(found(filters, [{ displayName: 'Joanne' }])).toEqual([]);
    expect(found([{ field: 'minimumStrengthLevel', value: '3' }], [{ office: null }])).toEqual([]);
    expect(found([{ field: 'office', value: ' ' }], [{ office: null }])).toEqual([]);
  });

  it('finds a row without the text, or with the field null, once per row', () => {
    const filters = [
      { field: 'office', value: 'O' },
      { field: 'displayName', value: 'x' },
    ];
    expect(
      found(filters, [
        { office: 'Boston', displayName: 'Max' },
        { office: null, displayName: 'Rex' },
        { office: 'Sydney', displayName: 'Bob' },
      ]),
    ).toEqual([
      ['data.view.models[1].office', null],
      ['data.view.models[2].office', 'Sydney'],
    ]);
  });

  it("holds a list filtered by its owner's name to that owner, not to its creator (A-32)", () => {
    const filters = [{ field: 'ownerName', value: 'ada' }];
    const rows = [
      { id: 'l1', ownerName: 'Ada King', creatorName: 'Ada King' },
      { id: 'l2', ownerName: 'Tom Li', creatorName: 'Ada King' },
    ];
    const findings = textFilterFindings('Query.lists', filters, 'data.lists', { models: rows });
    expect(findings.map((f) => [f.finding.path, f.finding.actual, f.basis])).toEqual([
      ['data.lists.models[1].ownerName', 'Tom Li', ['§4.1', 'A-32']],
    ]);
    // A folder type option is not a text: it holds nothing here.
    expect(
      textFilterFindings('Query.lists', [{ field: 'listTypeIds', values: ['t'] }], 'data.lists', {
        models: rows,
      }),
    ).toEqual([]);
  });

  it('holds searchTerms to echo each text option as given, the fields the answer selects (A-33)', () => {
    const filters = [
      { field: 'term', value: 'Ada' },
      { field: 'firstName', value: 'Ada' },
      { field: 'lastName', value: 'King' },
      { field: 'city', value: 'London' },
    ];
    const echoed = (searchTerms: unknown) =>
      searchTermsFindings(filters, 'data.s', { searchTerms }).map((f) => [f.finding.path, f.finding.actual]);
    expect(echoed({ term: 'Ada', firstName: 'Ada', lastName: 'King', company: null })).toEqual([]);
    // Only the echo fields selected are held; a search without the echo selected holds nothing.
    expect(echoed({ term: 'Ada' })).toEqual([]);
    expect(searchTermsFindings(filters, 'data.s', { totalModels: 1 })).toEqual([]);
    expect(echoed({ term: 'Ada', firstName: null, lastName: 'king' })).toEqual([
      ['data.s.searchTerms.firstName', null],
      ['data.s.searchTerms.lastName', 'king'],
    ]);
    expect(echoed(null)).toEqual([['data.s.searchTerms', null]]);
  });
});
