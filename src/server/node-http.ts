import type { ServerResponse } from 'node:http';

// The node:http helpers of every listener (the GraphQL edge, the mock, the proxy): no framework here.

/** The bearer token of an Authorization header's value, or undefined. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** An answer as a listener writes it: the error envelopes of the catalogue, or a body passed on. */
export interface HttpAnswer {
  status: number;
  statusText?: string;
  headers: Record<string, string>;
  body: string | Buffer;
}

/**
 * Writes an answer on a node:http response, the one way every answer of the edge and the proxy leaves:
 * with its length (Node then sends the head and the body in one write), and with `close` the
 * connection is closed after it, so a body left unread is never read to its end. Nothing is written on
 * a response already answered or whose client has gone (an aborted body's refusal has no reader).
 */
export function sendAnswer(res: ServerResponse, answer: HttpAnswer, close = false): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...answer.headers };
  headers['content-length'] ??= String(Buffer.byteLength(answer.body));
  if (close) headers['connection'] = 'close';
  if (answer.statusText === undefined) res.writeHead(answer.status, headers);
  else res.writeHead(answer.status, answer.statusText, headers);
  res.end(answer.body);
}
