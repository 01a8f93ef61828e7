import type { Request, Response } from 'express';
import type { ErrorCode } from '../contract/error-codes.js';
import { errorAnswer, errorEnvelope, type ErrorEnvelope } from '../contract/error-envelope.js';

/** The GraphQL error envelope of a response that is not a GraphQL execution (401, 404, 413 …). */
export function errorBody(message: string, code: ErrorCode): ErrorEnvelope {
  return errorEnvelope(code, message);
}

/**
 * Sends the error answer of the catalogue's builder (envelope, `Retry-After` where the code carries it)
 * with a status; `extensions` adds to the error's `extensions` after its code.
 */
export function sendError(
  res: Response,
  status: number,
  message: string,
  code: ErrorCode,
  extensions?: Record<string, unknown>,
): void {
  const answer = errorAnswer(code, message, { status, ...(extensions ? { extensions } : {}) });
  res.status(answer.status).set(answer.headers).send(answer.body);
}

/** The bearer token of the request's Authorization header, or undefined. */
export function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Answers 200 with one of the server's own HTML pages: never cached (they show live state), never
 * sniffed, and locked down by the page's Content-Security-Policy.
 */
export function sendPage(
  res: Response,
  html: string,
  csp: string,
  headers: Record<string, string> = {},
): void {
  res
    .status(200)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    })
    .send(html);
}
