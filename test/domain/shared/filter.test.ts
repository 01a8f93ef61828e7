import { describe, expect, it } from '@jest/globals';
import { GraphQLError } from 'graphql';
import { dateRange, idSet } from '../../../src/domain/shared/filter.js';
import { Validator } from '../../../src/domain/shared/validation.js';

describe('the filter helpers the areas share', () => {
  it('idSet: null ids are dropped, and an empty list constrains nothing', () => {
    expect(idSet(['a', null, 'b', 'a'])).toEqual(new Set(['a', 'b']));
    expect(idSet([null])).toBeUndefined();
    expect(idSet(undefined)).toBeUndefined();
  });

  it('dateRange: open ends are null, a reversed range is a BAD_USER_INPUT naming the filter field', () => {
    expect(dateRange(undefined, 'filter.date')).toEqual({ from: null, to: null });
    expect(dateRange({ from: '2021-01-01' }, 'filter.date')).toEqual({ from: '2021-01-01', to: null });
    let error: unknown;
    try {
      dateRange({ from: '2021-01-02', to: '2021-01-01' }, 'filter.dateOpened');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).message).toBe(
      'filter.dateOpened.from (2021-01-02) must not be after filter.dateOpened.to (2021-01-01).',
    );
    expect((error as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('Validator.patchedText', () => {
  it('keeps an omitted field, clears an empty one, trims and checks a given one', () => {
    const v = new Validator();
    expect(v.patchedText('description', undefined)).toBeUndefined();
    expect(v.patchedText('description', null)).toBeNull();
    expect(v.patchedText('description', '  ')).toBeNull();
    expect(v.patchedText('description', ' kept ')).toBe('kept');
    expect(v.ok).toBe(true);
    expect(v.patchedText('description', 'x'.repeat(6), 5)).toBeNull();
    expect(v.errors.map((e) => e.propertyName)).toEqual(['description']);
  });
});
