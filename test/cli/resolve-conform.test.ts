import { describe, expect, it } from '@jest/globals';
import { resolveConformFlags } from '../../src/cli/resolve-conform.js';

// `conform`'s flags become one ConformSettings here, the object every layer down to a step takes.

const env = {};

describe('resolveConformFlags', () => {
  it('builds the target specs once: --compare inherits the tokens, headers and region unless given its own', () => {
    const settings = resolveConformFlags(
      {
        config: false,
        target: 'https://a.example/{version}/graphql',
        compare: 'sim',
        token: 'primary',
        limitedToken: 'primary-limited',
        header: ['x-trace=1'],
        region: 'eu',
      },
      env,
    );
    expect(settings.target).toEqual({
      target: 'https://a.example/{version}/graphql',
      token: 'primary',
      limitedToken: 'primary-limited',
      headers: ['x-trace=1'],
      region: 'eu',
    });
    expect(settings.compare).toEqual({ ...settings.target, target: 'sim' });
    const own = resolveConformFlags(
      {
        config: false,
        target: 'sim',
        compare: 'sim',
        token: 't',
        compareToken: 'c',
        compareLimitedToken: 'cl',
      },
      env,
    );
    expect(own.compare).toMatchObject({ token: 'c', limitedToken: 'cl' });
  });

  it('asks for a gate only when a gate flag is given, and paces requests only with --rate', () => {
    const plain = resolveConformFlags({ config: false, target: 'sim' }, env);
    expect(plain.gate).toBeUndefined();
    expect(plain.http.pace).toBeUndefined();
    expect(plain.compare).toBeUndefined();
    expect(resolveConformFlags({ config: false, target: 'sim', failOn: 'any' }, env).gate).toEqual({
      requireRules: false,
      failOn: 'any',
    });
    expect(resolveConformFlags({ config: false, target: 'sim', requireRules: true }, env).gate).toEqual({
      requireRules: true,
    });
    expect(resolveConformFlags({ config: false, target: 'sim', rate: 2 }, env).http.pace).toEqual(
      expect.any(Function),
    );
  });
});
