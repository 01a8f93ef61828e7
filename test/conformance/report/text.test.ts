import { describe, expect, it } from '@jest/globals';
import { brief } from '../../../src/conformance/report/text.js';

describe('brief', () => {
  it('writes object keys in sorted order, so a value reads alike before and after a JSON report', () => {
    // The JSON report sorts keys; `report merge` renders differences read back from it.
    expect(brief({ message: 'Cannot query field', code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(
      '{"code":"GRAPHQL_VALIDATION_FAILED","message":"Cannot query field"}',
    );
    expect(brief([{ b: 1, a: { d: 2, c: 3 } }])).toBe('[{"a":{"c":3,"d":2},"b":1}]');
  });

  it('names an absent value, keeps a string as it is and cuts long text', () => {
    expect(brief(undefined)).toBe('absent');
    expect(brief('plain')).toBe('plain');
    expect(brief('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
