import { describe, expect, it } from '@jest/globals';
import { compileOnFirstUse } from '../../src/contract/json-schema.js';

describe('compileOnFirstUse', () => {
  it('compiles on the first call, not before: a broken schema throws only then', () => {
    const validator = compileOnFirstUse({}, { type: 'no-such-type' });
    expect(validator).toThrow(/type/);
  });

  it('validates with the options given and compiles once', () => {
    const validator = compileOnFirstUse<{ n: number }>(
      { allErrors: true, useDefaults: true },
      { type: 'object', properties: { n: { type: 'integer', default: 3 } }, additionalProperties: false },
    );
    const validate = validator();
    expect(validator()).toBe(validate);
    const value: Record<string, unknown> = {};
    expect(validate(value)).toBe(true);
    expect(value).toEqual({ n: 3 });
    expect(validate({ n: 'x', extra: 1 })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword).sort()).toEqual(['additionalProperties', 'type']);
  });
});
