import { describe, expect, it } from '@jest/globals';
import { CODE } from '../../src/contract/error-codes.js';
import {
  envelopeAnswer,
  errorAnswer,
  errorEnvelope,
  retryAfterOf,
} from '../../src/contract/error-envelope.js';

describe('errorAnswer: the error answer of every HTTP layer', () => {
  it("takes the catalogue's status for its code, the JSON envelope, and no Retry-After when the code has none", () => {
    const answer = errorAnswer(CODE.NOT_FOUND, 'No tenant "x".');
    expect(answer.status).toBe(404);
    expect(answer.headers).toEqual({ 'content-type': 'application/json; charset=utf-8' });
    expect(JSON.parse(answer.body)).toEqual({
      errors: [{ message: 'No tenant "x".', extensions: { code: 'NOT_FOUND' } }],
    });
  });

  it('keeps a status the caller gives (a code whose status varies) and puts further extensions after the code', () => {
    const answer = errorAnswer(CODE.LIMIT_EXCEEDED, 'too deep', {
      status: 400,
      extensions: { limit: 'depth' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(
      '{"errors":[{"message":"too deep","extensions":{"code":"LIMIT_EXCEEDED","limit":"depth"}}]}',
    );
  });

  it('carries Retry-After for the codes the catalogue gives one', () => {
    expect(errorAnswer(CODE.BUSY, 'busy').headers['retry-after']).toBe('1');
    expect(errorAnswer(CODE.RATE_LIMITED, 'slow down').headers['retry-after']).toBe('1');
    expect(errorAnswer(CODE.SERVICE_UNAVAILABLE, 'down').headers['retry-after']).toBeUndefined();
  });

  it('carries Retry-After for a store failure only when its extensions say retrying can help', () => {
    const transient = errorAnswer(CODE.STORE_UNAVAILABLE, 'full', {
      extensions: { cause: 'no-space', retryAfter: 5 },
    });
    expect(transient.status).toBe(503);
    expect(transient.headers['retry-after']).toBe('5');
    const lasting = errorAnswer(CODE.STORE_UNAVAILABLE, 'damaged', { extensions: { cause: 'corrupt' } });
    expect(lasting.headers['retry-after']).toBeUndefined();
  });
});

describe('retryAfterOf', () => {
  it('reads any error of an executed result, and ignores codes outside the catalogue', () => {
    expect(retryAfterOf({ code: 'STORE_UNAVAILABLE', retryAfter: 5 })).toBe(5);
    expect(retryAfterOf({ code: 'STORE_UNAVAILABLE', cause: 'corrupt' })).toBeUndefined();
    expect(retryAfterOf({ code: 'SOMETHING_ELSE', retryAfter: 5 })).toBeUndefined();
    expect(retryAfterOf({})).toBeUndefined();
  });

  it('errorEnvelope builds the body alone', () => {
    expect(errorEnvelope(CODE.CONFLICT, 'taken')).toEqual({
      errors: [{ message: 'taken', extensions: { code: 'CONFLICT' } }],
    });
  });
});

describe('envelopeAnswer: an envelope of several errors', () => {
  it("takes the first error's status unless told, and the longest Retry-After any error asks for", () => {
    const errors = [
      { message: 'a', extensions: { code: CODE.CONTRACT_VIOLATION, path: 'x' } },
      { message: 'b', extensions: { code: CODE.CONTRACT_VIOLATION, path: 'y' } },
    ];
    expect(envelopeAnswer({ errors }).status).toBe(422);
    expect(envelopeAnswer({ errors }, 502).status).toBe(502);
    expect(envelopeAnswer({ errors }).headers['retry-after']).toBeUndefined();
    const busy = envelopeAnswer({
      errors: [
        { message: 'busy', extensions: { code: CODE.BUSY } },
        { message: 'full', extensions: { code: CODE.STORE_UNAVAILABLE, retryAfter: 5 } },
      ],
    });
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
  });

  it('refuses an envelope without errors', () => {
    expect(() => envelopeAnswer({ errors: [] })).toThrow('at least one error');
  });
});
