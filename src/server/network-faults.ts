import type { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import type { GraphqlAnswer } from './graphql-route.js';

/** Network faults: what a client sees of the connection or the body, rather than an HTTP status. */
export type NetworkFaultKind = 'reset' | 'hang' | 'slowBody' | 'truncate' | 'wrongContentType';

/** The network fault kinds, for schemas and checks. */
export const NETWORK_FAULT_KINDS: readonly NetworkFaultKind[] = [
  'reset',
  'hang',
  'slowBody',
  'truncate',
  'wrongContentType',
];

/** How one network fault is delivered; the rule fields that shape it. */
export interface NetworkFault {
  kind: NetworkFaultKind;
  /** `reset`: after the headers, or half way through the body (default). */
  resetAt?: 'headers' | 'body';
  /** `slowBody`: the body's pace (default {@link DEFAULT_BYTES_PER_SECOND}). */
  bytesPerSecond?: number;
  /** `wrongContentType`: the content type sent instead of JSON (default {@link DEFAULT_WRONG_CONTENT_TYPE}). */
  contentType?: string;
}

export const DEFAULT_BYTES_PER_SECOND = 1024;
export const DEFAULT_WRONG_CONTENT_TYPE = 'text/html; charset=utf-8';

/** Resets the connection (RST) once everything written so far has left. */
function resetAfterFlush(socket: Socket | null): void {
  if (!socket || socket.destroyed) return;
  // An empty write's callback runs once the writes before it are flushed; then the peer gets an RST.
  socket.write('', () => socket.resetAndDestroy());
}

/**
 * Sends `body` in slices at `bytesPerSecond`: each slice leaves no earlier than its share of the whole
 * (bytes sent so far / rate) after the first, so the whole takes at least length / rate. Deadlines are
 * checked against the clock, as timers may fire a little early by it.
 */
function sendSlowly(res: ServerResponse, body: Buffer, bytesPerSecond: number, held: Set<Socket>): void {
  // A slow body can outlast a stopping server's patience (1 byte/s): it is held like a hang until sent.
  const socket = res.socket;
  if (socket) {
    held.add(socket);
    res.once('close', () => held.delete(socket));
  }
  // Ten slices a second (at least one byte each), so a client sees a steady trickle.
  const slice = Math.max(1, Math.floor(bytesPerSecond / 10));
  const started = performance.now();
  let at = 0;
  let timer: NodeJS.Timeout | undefined;
  res.once('close', () => clearTimeout(timer));
  const next = () => {
    const piece = body.subarray(at, at + slice);
    const due = started + ((at + piece.length) / bytesPerSecond) * 1000;
    const wait = () => {
      const left = due - performance.now();
      if (left > 0) {
        timer = setTimeout(wait, Math.ceil(left));
        return;
      }
      at += piece.length;
      if (at >= body.length) res.end(piece);
      else {
        res.write(piece);
        next();
      }
    };
    wait();
  };
  if (body.length === 0) res.end();
  else next();
}

/** The head of an answer on `res`, the body length given. */
function head(res: ServerResponse, answer: GraphqlAnswer, length: number, contentType?: string): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('content-length', length);
  if (contentType !== undefined) res.setHeader('content-type', contentType);
  res.statusCode = answer.status;
  if (answer.statusText !== undefined) res.statusMessage = answer.statusText;
}

/**
 * Sends the route's answer through a network fault other than `hang` (which the caller holds): `reset`
 * cuts the connection after the headers or half way through the body, `slowBody` paces the body,
 * `truncate` sends only half of it (with a matching Content-Length, so the HTTP exchange is whole and
 * the JSON is not), `wrongContentType` labels it as something other than JSON.
 */
export function deliverNetworkFault(
  res: ServerResponse,
  fault: NetworkFault,
  answer: GraphqlAnswer,
  held: Set<Socket>,
): void {
  const body = Buffer.from(answer.body);
  switch (fault.kind) {
    case 'hang':
      return;
    case 'reset':
      head(res, answer, body.length);
      if (fault.resetAt === 'headers') res.flushHeaders();
      else res.write(body.subarray(0, Math.floor(body.length / 2)));
      resetAfterFlush(res.socket);
      return;
    case 'slowBody':
      head(res, answer, body.length);
      sendSlowly(res, body, fault.bytesPerSecond ?? DEFAULT_BYTES_PER_SECOND, held);
      return;
    case 'truncate': {
      const cut = body.subarray(0, Math.floor(body.length / 2));
      head(res, answer, cut.length);
      res.end(cut);
      return;
    }
    case 'wrongContentType':
      head(res, answer, body.length, fault.contentType ?? DEFAULT_WRONG_CONTENT_TYPE);
      res.end(body);
      return;
  }
}

/** Ends the requests a `hang` or `slowBody` fault holds, so a closing server does not wait for them. */
export function releaseHung(hung: Set<Socket>): void {
  for (const socket of hung) socket.destroy();
  hung.clear();
}
