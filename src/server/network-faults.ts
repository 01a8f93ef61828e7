import type { Socket } from 'node:net';
import type { OutgoingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';

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

/** A piece of body the route wrote, as bytes. */
function bytesOf(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}

/** Headers given to `writeHead`, as an object or as a flat list of names and values. */
function headersOf(args: unknown[]): OutgoingHttpHeaders | undefined {
  const headers = typeof args[0] === 'string' ? args[1] : args[0];
  if (Array.isArray(headers)) {
    const out: OutgoingHttpHeaders = {};
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i])] = headers[i + 1] as string;
    return out;
  }
  return headers as OutgoingHttpHeaders | undefined;
}

/**
 * Lets the route answer as usual but keeps what it writes (status, headers, body) until it ends, then
 * hands the whole body to `deliver` with the original `write`/`end` back in place. Whatever wrapped `res`
 * before (the journal's capture) sees what `deliver` actually sends.
 */
function holdBody(res: Response, deliver: (body: Buffer) => void): void {
  const { write, end, writeHead } = res;
  const chunks: Buffer[] = [];
  res.writeHead = ((status: number, ...args: unknown[]) => {
    res.statusCode = status;
    for (const [name, value] of Object.entries(headersOf(args) ?? {}))
      if (value !== undefined) res.setHeader(name, value);
    return res;
  }) as Response['writeHead'];
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    if (chunk !== undefined && chunk !== null) chunks.push(bytesOf(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as Response['write'];
  res.end = ((chunk?: unknown, encoding?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      chunks.push(bytesOf(chunk, encoding));
    res.write = write;
    res.end = end;
    res.writeHead = writeHead;
    deliver(Buffer.concat(chunks));
    return res;
  }) as Response['end'];
}

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
function sendSlowly(res: Response, body: Buffer, bytesPerSecond: number, held: Set<Socket>): void {
  res.setHeader('Content-Length', body.length);
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

/**
 * Answers a request with a network fault. `hang` never answers (the request waits in `hung` until the
 * client gives up or the server closes); the others let the route answer and change what reaches the
 * client: `reset` cuts the connection after the headers or half way through the body, `slowBody` paces
 * the body, `truncate` sends only half of it (with a matching Content-Length, so the HTTP exchange is
 * whole and the JSON is not), `wrongContentType` labels it as something other than JSON.
 */
export function deliverNetworkFault(
  req: Request,
  res: Response,
  fault: NetworkFault,
  hung: Set<Socket>,
  next: () => void,
): void {
  switch (fault.kind) {
    case 'hang': {
      const socket = req.socket;
      hung.add(socket);
      socket.once('close', () => hung.delete(socket));
      return;
    }
    case 'reset':
      holdBody(res, (body) => {
        res.setHeader('Content-Length', body.length);
        if (fault.resetAt === 'headers') res.flushHeaders();
        else res.write(body.subarray(0, Math.floor(body.length / 2)));
        resetAfterFlush(res.socket);
      });
      break;
    case 'slowBody':
      holdBody(res, (body) => sendSlowly(res, body, fault.bytesPerSecond ?? DEFAULT_BYTES_PER_SECOND, hung));
      break;
    case 'truncate':
      holdBody(res, (body) => {
        const cut = body.subarray(0, Math.floor(body.length / 2));
        res.setHeader('Content-Length', cut.length);
        res.end(cut);
      });
      break;
    case 'wrongContentType':
      holdBody(res, (body) => {
        res.setHeader('Content-Type', fault.contentType ?? DEFAULT_WRONG_CONTENT_TYPE);
        res.setHeader('Content-Length', body.length);
        res.end(body);
      });
      break;
  }
  next();
}

/** Ends the requests a `hang` or `slowBody` fault holds, so a closing server does not wait for them. */
export function releaseHung(hung: Set<Socket>): void {
  for (const socket of hung) socket.destroy();
  hung.clear();
}
