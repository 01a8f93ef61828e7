import { describe, expect, it } from '@jest/globals';
import { graphql, GraphQLNonNull, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { DateScalar, DateTimeScalar, isIsoDate, isIsoDateTimeUtc } from '../../src/contract/scalars.js';

/** A tiny schema that echoes its argument and returns whatever the root value holds. */
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      date: {
        type: DateScalar,
        args: { v: { type: new GraphQLNonNull(DateScalar) } },
        resolve: (_s, a) => a.v,
      },
      dateTime: {
        type: DateTimeScalar,
        args: { v: { type: new GraphQLNonNull(DateTimeScalar) } },
        resolve: (_s, a) => a.v,
      },
      outDate: { type: DateScalar },
      outDateTime: { type: DateTimeScalar },
    },
  }),
});

const run = (source: string, variableValues?: Record<string, unknown>, rootValue?: unknown) =>
  graphql({ schema, source, variableValues, rootValue });

const VALID_DATES = ['2024-02-29', '2000-02-29', '2023-12-31', '1999-01-01'];
const INVALID_DATES: unknown[] = [
  '2023-02-29', // not a leap year
  '1900-02-29', // century, not a leap year
  '2024-13-01', // month 13
  '2024-00-10',
  '2024-02-30',
  '2024-04-31',
  '2024-5-01',
  '2024-05-01T00:00:00Z',
  '',
  20240501,
  true,
  { y: 2024 },
];
const VALID_DATE_TIMES = [
  '2024-05-01T13:45:00Z',
  '2024-05-01T13:45:00.123Z',
  '2024-02-29T23:59:59Z',
  '2024-05-01T00:00:00.5Z',
];
const INVALID_DATE_TIMES: unknown[] = [
  '2024-05-01T13:45:00', // missing Z
  '2024-05-01T13:45:00+02:00', // offset
  '2024-05-01T13:45:00.123+00:00',
  '2024-05-01T13:45:00z',
  '2024-05-01 13:45:00Z',
  '2024-05-01',
  '2023-02-29T10:00:00Z', // not a real day
  '2024-05-01T24:00:00Z',
  '2024-05-01T13:60:00Z',
  '2024-05-01T13:45:60Z',
  1714571100000,
  null,
];

describe('pure validators', () => {
  it.each(VALID_DATES)('isIsoDate accepts %s', (s) => expect(isIsoDate(s)).toBe(true));
  it.each(INVALID_DATES)('isIsoDate rejects %p', (s) => expect(isIsoDate(s)).toBe(false));
  it.each(VALID_DATE_TIMES)('isIsoDateTimeUtc accepts %s', (s) => expect(isIsoDateTimeUtc(s)).toBe(true));
  it.each(INVALID_DATE_TIMES)('isIsoDateTimeUtc rejects %p', (s) => expect(isIsoDateTimeUtc(s)).toBe(false));
});

describe('Date through graphql()', () => {
  it.each(VALID_DATES)('accepts %s as variable and literal', async (s) => {
    expect(await run('query ($v: Date!) { date(v: $v) }', { v: s })).toEqual({ data: { date: s } });
    expect(await run(`{ date(v: "${s}") }`)).toEqual({ data: { date: s } });
  });

  it.each(INVALID_DATES)('rejects variable %p', async (v) => {
    const result = await run('query ($v: Date!) { date(v: $v) }', { v });
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]?.message).toMatch(
      /Date cannot represent .*: expected an ISO 8601 calendar date YYYY-MM-DD/,
    );
  });

  it('rejects a malformed literal with a clear message', async () => {
    const result = await run('{ date(v: "2024-13-01") }');
    expect(result.errors?.[0]?.message).toContain(
      'Date cannot represent "2024-13-01": expected an ISO 8601 calendar date YYYY-MM-DD',
    );
    const intLiteral = await run('{ date(v: 20240501) }');
    expect(intLiteral.errors?.[0]?.message).toContain(
      'Date cannot represent the non-string literal 20240501',
    );
  });

  it('serialises JS dates canonically and refuses invalid output', async () => {
    expect(await run('{ outDate }', undefined, { outDate: new Date('2024-05-01T23:30:00Z') })).toEqual({
      data: { outDate: '2024-05-01' },
    });
    const bad = await run('{ outDate }', undefined, { outDate: '2024-02-30' });
    expect(bad.data).toEqual({ outDate: null });
    expect(bad.errors?.[0]?.message).toBe(
      'Date cannot represent "2024-02-30": expected an ISO 8601 calendar date YYYY-MM-DD',
    );
    const invalidDate = await run('{ outDate }', undefined, { outDate: new Date(Number.NaN) });
    expect(invalidDate.errors?.[0]?.message).toMatch(/Date cannot represent Date\(Invalid Date\)/);
  });
});

describe('DateTime through graphql()', () => {
  it.each(VALID_DATE_TIMES)('accepts %s as variable and literal', async (s) => {
    expect(await run('query ($v: DateTime!) { dateTime(v: $v) }', { v: s })).toEqual({
      data: { dateTime: s },
    });
    expect(await run(`{ dateTime(v: "${s}") }`)).toEqual({ data: { dateTime: s } });
  });

  it.each(INVALID_DATE_TIMES)('rejects variable %p', async (v) => {
    const result = await run('query ($v: DateTime!) { dateTime(v: $v) }', { v });
    expect(result.data).toBeUndefined();
    // null is refused by the non-null wrapper before the scalar sees it.
    expect(result.errors?.[0]?.message).toMatch(
      v === null ? /non-null type "DateTime!"/ : /DateTime cannot represent/,
    );
  });

  it('rejects an offset literal with a clear message', async () => {
    const result = await run('{ dateTime(v: "2024-05-01T13:45:00+02:00") }');
    expect(result.errors?.[0]?.message).toContain(
      'DateTime cannot represent "2024-05-01T13:45:00+02:00": expected an ISO 8601 UTC date-time',
    );
  });

  it('serialises JS dates with toISOString', async () => {
    const instant = new Date('2024-05-01T13:45:00.123Z');
    expect(await run('{ outDateTime }', undefined, { outDateTime: instant })).toEqual({
      data: { outDateTime: '2024-05-01T13:45:00.123Z' },
    });
    const bad = await run('{ outDateTime }', undefined, { outDateTime: 42 });
    expect(bad.errors?.[0]?.message).toMatch(/^DateTime cannot represent 42: expected/);
  });
});
