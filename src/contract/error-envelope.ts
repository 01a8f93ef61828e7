import { ERROR_CODES, type ErrorCode, type ErrorCodeInfo } from './error-codes.js';

/** One error of the envelope. */
export interface EnvelopeError {
  message: string;
  extensions: { code: ErrorCode } & Record<string, unknown>;
}

/** The GraphQL error envelope of an answer that is not an executed operation. */
export interface ErrorEnvelope {
  errors: EnvelopeError[];
}

/** An error answer as any HTTP layer sends it: status, headers and the JSON text of the envelope. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How an answer departs from what the catalogue says of its code. */
export interface ErrorAnswerOptions {
  /** The status, when the code's catalogue status is not the one (see its `statusNote`). */
  status?: number;
  /** More members of `extensions` (a limit's name, a store failure's cause …). */
  extensions?: Record<string, unknown>;
}

/** The envelope of one error with its code and, after it, any further `extensions`. */
export function errorEnvelope(
  code: ErrorCode,
  message: string,
  extensions: Record<string, unknown> = {},
): ErrorEnvelope {
  return { errors: [{ message, extensions: { code, ...extensions } }] };
}

/**
 * Seconds of the `Retry-After` an error asks for, or undefined: the catalogue's delay for its code; for a
 * code whose delay holds only when retrying can help, the error's own `extensions.retryAfter`.
 */
export function retryAfterOf(extensions: Readonly<Record<string, unknown>>): number | undefined {
  const code = extensions['code'];
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CODES, code)) return undefined;
  const retry = (ERROR_CODES[code as ErrorCode] as ErrorCodeInfo).retryAfter;
  if (!retry) return undefined;
  if (!retry.whenRetryable) return retry.seconds;
  const asked = extensions['retryAfter'];
  return typeof asked === 'number' ? asked : undefined;
}

/**
 * The one error answer of the HTTP layers (simulator, stateless mock, validating proxy): the envelope
 * of one error, the catalogue's status for its code unless told otherwise, and its `Retry-After`.
 */
export function errorAnswer(code: ErrorCode, message: string, options: ErrorAnswerOptions = {}): ErrorAnswer {
  return envelopeAnswer(errorEnvelope(code, message, options.extensions), options.status);
}

/**
 * The answer of an envelope of one or more errors (the proxy's contract violations): the first error's
 * code gives the status unless `status` is given; the longest `Retry-After` any error asks for is sent.
 */
export function envelopeAnswer(envelope: ErrorEnvelope, status?: number): ErrorAnswer {
  const first = envelope.errors[0];
  if (!first) throw new Error('an error envelope holds at least one error');
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const asked = envelope.errors.map((e) => retryAfterOf(e.extensions)).filter((s) => s !== undefined);
  if (asked.length > 0) headers['retry-after'] = String(Math.max(...asked));
  return {
    status: status ?? ERROR_CODES[first.extensions.code].status,
    headers,
    body: JSON.stringify(envelope),
  };
}
