import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { ErrorAnswer } from '../contract/error-envelope.js';

// The node:http helpers of every listener (the GraphQL edge, the mock, the proxy): no framework here.

/** The bearer token of an Authorization header's value, or undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Whether a presented token is the expected one, compared in constant time (of their SHA-256 digests, so
 * neither the content nor the length leaks through timing); an absent or empty token never is.
 */
export function sameToken(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || presented === '') return false;
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
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
