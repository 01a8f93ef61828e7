import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { ErrorCode } from '../contract/error-codes.js';
import { errorAnswer, type ErrorAnswer } from '../contract/error-envelope.js';

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

/**
 * Writes an answer on a node:http response, the one way every answer of the edge leaves: with its
 * length (Node then sends the head and the body in one write), and with `close` the connection is closed
 * after it, so a body left unread is never read to its end.
 */
export function sendAnswer(
  res: ServerResponse,
  answer: ErrorAnswer & { statusText?: string },
  close = false,
): void {
  const headers: Record<string, string> = { ...answer.headers };
  headers['content-length'] ??= String(Buffer.byteLength(answer.body));
  if (close) headers['connection'] = 'close';
  if (answer.statusText === undefined) res.writeHead(answer.status, headers);
  else res.writeHead(answer.status, answer.statusText, headers);
  res.end(answer.body);
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
