import { describe, expect, it } from '@jest/globals';
import { buildRevisionSchema } from '../../../src/contract/generate.js';
import { dateFilterFindings } from '../../../src/conformance/assert/date-filters.js';
import { pageFindings } from '../../../src/conformance/assert/pages.js';

const paths = (field: string, filter: unknown, models: unknown[]) =>
  dateFilterFindings(field, filter, 'data.x', { models }).map((f) => [f.finding.path, f.finding.actual]);

describe('dateFilterFindings', () => {
  it('holds each activity and opportunity to the days of the range, both bounds inclusive (A-07)', () => {
    const models = [
      { date: '2024-01-31' },
      { date: '2024-02-01' },
      { date: '2024-02-29' },
      { date: '2024-03-01' },
    ];
    expect(paths('Query.activities', { date: { from: '2024-02-01', to: '2024-02-29' } }, models)).toEqual([
      ['data.x.models[0].date', '2024-01-31'],
      ['data.x.models[3].date', '2024-03-01'],
    ]);
    // Only the upper bound: the first three are within it.
    expect(paths('Query.activities', { date: { to: '2024-02-29' } }, models)).toEqual([
      ['data.x.models[3].date', '2024-03-01'],
    ]);
    expect(
      paths('Query.opportunities', { dateOpened: { from: '2024-03-01' } }, [
        { dateOpened: '2024-02-29' },
        { id: 'x' },
      ]),
    ).toEqual([['data.x.models[0].dateOpened', '2024-02-29']]);
  });

  it('holds events to their instants: from and to inclusive, after exclusive (A-41)', () => {
    const models = [
      { eventDate: '2024-01-01T10:00:00.000Z' },
      { eventDate: '2024-01-01T10:00:00.001Z' },
      { eventDate: '2024-01-01T11:00:00+01:00' },
    ];
    expect(
      paths('Query.listEventViews', { eventDate: { after: '2024-01-01T10:00:00.000Z' } }, models),
    ).toEqual([
      ['data.x.models[0].eventDate', '2024-01-01T10:00:00.000Z'],
      ['data.x.models[2].eventDate', '2024-01-01T11:00:00+01:00'],
    ]);
    expect(
      paths(
        'Query.listEventViews',
        { eventDate: { from: '2024-01-01T10:00:00Z', to: '2024-01-01T10:00:00Z' } },
        models,
      ),
    ).toEqual([['data.x.models[1].eventDate', '2024-01-01T10:00:00.001Z']]);
  });

  it('holds nothing without a bound, for other fields, or where the date is not selected', () => {
    expect(paths('Query.activities', {}, [{ date: '2024-01-01' }])).toEqual([]);
    expect(paths('Query.activities', { date: { from: 'soon' } }, [{ date: '2024-01-01' }])).toEqual([]);
    expect(paths('Query.lists', { date: { from: '2025-01-01' } }, [{ date: '2024-01-01' }])).toEqual([]);
    expect(paths('Query.activities', { date: { from: '2025-01-01' } }, [{ id: 'a' }])).toEqual([]);
  });

  it('is held on every answer through the page rules, with the variables the request sent', () => {
    const schema = buildRevisionSchema('1.4.0');
    const request = {
      document: 'query($f: ActivityFilterInput) { activities(filter: $f) { models { id date } } }',
      variables: { f: { date: { to: '2024-02-29' } } },
    };
    const data = {
      activities: {
        models: [
          { id: 'a', date: '2024-02-28' },
          { id: 'b', date: '2024-03-02' },
        ],
      },
    };
    expect(
      pageFindings(schema, request, data)
        .filter((p) => p.finding.expectationId === 'date-filter')
        .map((p) => p.finding.path),
    ).toEqual(['data.activities.models[1].date']);
  });
});
