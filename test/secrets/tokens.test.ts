// Bearer tokens are compared and looked up in one module, by their digests (no comparison of token text).
import { describe, expect, it } from '@jest/globals';
import { sameToken, TokenIndex } from '../../src/secrets/index.js';

describe('sameToken', () => {
  it('accepts the expected token only, and never an absent or empty one', () => {
    expect(sameToken('admin-token', 'admin-token')).toBe(true);
    expect(sameToken('admin-toke', 'admin-token')).toBe(false);
    expect(sameToken('admin-token-and-more', 'admin-token')).toBe(false);
    expect(sameToken(undefined, 'admin-token')).toBe(false);
    expect(sameToken('', '')).toBe(false);
  });
});

describe('TokenIndex', () => {
  const index = new TokenIndex([
    ['dev-token', 'dev-firm'],
    ['dev-token-limited', 'limited-firm'],
    ['dev-token', 'a second tenant with the same token'],
  ] as const);

  it('finds the value of a presented token, the first when two share it', () => {
    expect(index.get('dev-token')).toBe('dev-firm');
    expect(index.get('dev-token-limited')).toBe('limited-firm');
    expect(index.has('dev-token-limited')).toBe(true);
  });

  it('finds nothing for an unknown, a partial, an absent or an empty token', () => {
    for (const token of ['nope', 'dev-toke', 'dev-token ', undefined, '']) {
      expect(index.get(token)).toBeUndefined();
      expect(index.has(token)).toBe(false);
    }
    expect(new TokenIndex([['', 'empty']]).get('')).toBeUndefined();
  });
});
