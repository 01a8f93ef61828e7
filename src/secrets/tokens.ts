import { createHash, timingSafeEqual } from 'node:crypto';

// Presented bearer tokens are compared and looked up by their SHA-256 digest, never as text: how long a
// comparison takes then depends on digests a client cannot steer, not on how much of a token matched.

function digestOf(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Whether a presented token is the expected one, compared in constant time (of their SHA-256 digests, so
 * neither the content nor the length leaks through timing); an absent or empty token never is.
 */
export function sameToken(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || presented === '') return false;
  return timingSafeEqual(digestOf(presented), digestOf(expected));
}

/**
 * Values (tenants) by bearer token, looked up by the token's digest: one hash of the presented token
 * and one map lookup whatever the number of tokens, and no comparison of token text. When two entries
 * share a token the first is kept.
 */
export class TokenIndex<T> {
  private readonly byDigest = new Map<string, T>();

  constructor(entries: Iterable<readonly [token: string, value: T]>) {
    for (const [token, value] of entries) {
      const key = digestOf(token).toString('base64');
      if (!this.byDigest.has(key)) this.byDigest.set(key, value);
    }
  }

  /** The value of a presented token; undefined for an unknown, absent or empty one. */
  get(token: string | undefined): T | undefined {
    if (token === undefined || token === '') return undefined;
    return this.byDigest.get(digestOf(token).toString('base64'));
  }

  /** Whether a presented token is known. */
  has(token: string | undefined): boolean {
    return this.get(token) !== undefined;
  }
}
