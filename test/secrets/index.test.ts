// The one secrets module: tokens inside any string, credential headers by name, secret keys, control
// characters, and cutting with a visible marker.
import { describe, expect, it } from '@jest/globals';
import {
  cutText,
  escapeControl,
  MASK,
  maskHeaders,
  maskSecrets,
  maskTokensIn,
  safeText,
  scrubSecrets,
  secretValues,
} from '../../src/secrets/index.js';

const KNOWN: ReadonlySet<string> = new Set(['dev-token', 'dev-token-limited', 'admin-token']);

describe('secrets', () => {
  it('masks a known token wherever it stands in a string, the longest token first', () => {
    expect(maskTokensIn('key=dev-token-limited&x=1', KNOWN)).toBe(`key=${MASK}&x=1`);
    expect(maskTokensIn('dev-token dev-token', KNOWN)).toBe(`${MASK} ${MASK}`);
    expect(maskTokensIn('nothing here', KNOWN)).toBe('nothing here');
    expect(maskTokensIn('a.b*c', new Set(['.', 'b*']))).toBe(`a${MASK}${MASK}c`);
  });

  it('masks values under secret keys, bearer credentials and tokens inside nested strings', () => {
    const masked = maskSecrets(
      {
        filter: { note: 'key=dev-token' },
        password: 'hunter2',
        passphrase: 'open sesame',
        sessionCookie: 'abc',
        auth: 'Bearer anything',
        list: ['admin-token', 1, null],
        'dev-token': true,
      },
      KNOWN,
    );
    expect(masked).toEqual({
      filter: { note: `key=${MASK}` },
      password: MASK,
      passphrase: MASK,
      sessionCookie: MASK,
      auth: MASK,
      list: [MASK, 1, null],
      [MASK]: MASK, // the key is masked, and it looks like a secret's ("token")
    });
  });

  it('masks credential headers by name, keeping the scheme', () => {
    const headers = {
      Authorization: 'Bearer dev-token',
      'Proxy-Authorization': 'Basic dXNlcjpwYXNz',
      Cookie: 'sid=1',
      'Set-Cookie': 'sid=2; HttpOnly',
      'X-Api-Key': 'k-123',
      Accept: 'application/json',
    };
    expect(maskHeaders(headers)).toEqual({
      Authorization: `Bearer ${MASK}`,
      'Proxy-Authorization': `Basic ${MASK}`,
      Cookie: MASK,
      'Set-Cookie': MASK,
      'X-Api-Key': MASK,
      Accept: 'application/json',
    });
    const secrets = secretValues(headers);
    expect(scrubSecrets('sent dev-token and sid=2; HttpOnly', secrets)).toBe(`sent ${MASK} and ${MASK}`);
  });

  it('escapes control characters so a value cannot start a log line', () => {
    expect(escapeControl('A\nINFO: forged\r\t\u001b[31m\u2028')).toBe(
      'A\\nINFO: forged\\r\\t\\u001b[31m\\u2028',
    );
    expect(escapeControl('plain')).toBe('plain');
    expect(safeText('op\ndev-token', KNOWN)).toBe(`op\\n${MASK}`);
  });

  it('cuts long text with a visible marker', () => {
    expect(cutText('abcdef', 10)).toBe('abcdef');
    expect(cutText('abcdef', 3)).toBe('abc…[cut: 3 of 6 characters kept]');
  });
});
