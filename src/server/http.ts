import express, { type Request, type Response } from 'express';
import { CODE, type ErrorCode } from '../contract/error-codes.js';
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
  return bearerOf(req.get('authorization'));
}

/** The bearer token of an Authorization header's value, or undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The 401 of a request without a valid token, answered without reading more than `maxBodyBytes` of its
 * body: a small body is read (so a keep-alive connection stays usable), a larger announced one is
 * answered unread (Node discards the rest as it arrives), and one that grows too large while read is
 * answered alike. An unauthenticated client can never make the server hold a large body (issue
 * "hostile clients").
 */
export function unauthenticatedRefusal(
  maxBodyBytes: number,
): (req: Request, res: Response, token: string | undefined) => void {
  const readSmallBody = express.text({ type: () => true, limit: maxBodyBytes });
  return (req, res, token) => {
    const refuse = () => {
      res.setHeader('WWW-Authenticate', 'Bearer realm="rm-api-harness"');
      sendError(
        res,
        401,
        token === undefined ? 'Missing bearer token.' : 'Unknown bearer token.',
        CODE.UNAUTHENTICATED,
      );
    };
    const length = Number(req.get('content-length'));
    if (req.method === 'GET' || (Number.isFinite(length) && length > maxBodyBytes)) refuse();
    else readSmallBody(req, res, () => refuse());
  };
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
