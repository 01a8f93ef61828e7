import type { NextFunction, Request, Response } from 'express';
import type { ErrorCode } from '../contract/error-codes.js';
import { errorAnswer } from '../contract/error-envelope.js';
import { failureAnswer } from './errors.js';
import { bearerOf } from './node-http.js';

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
  return bearerOf(req.get('authorization'));
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

/**
 * The last-resort express error handler of the simulator and the mock: errors of express itself (body
 * too large, unreadable body) and of store opening, each answered with the GraphQL error envelope.
 */
export function lastResortHandler(maxBodyBytes: number, log: (message: string) => void) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const answer = failureAnswer(error, maxBodyBytes, log);
    // Through express's send (as before), so these answers keep its headers (ETag, content length).
    res.status(answer.status).set(answer.headers).send(answer.body);
  };
}
