import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { CODE } from '../contract/error-codes.js';
import { errorAnswer, type ErrorAnswer } from '../contract/error-envelope.js';

/** Why a request body was not read: the HTTP status to answer and a one-line reason. */
export interface BodyRefusal {
  ok: false;
  status: 400 | 413 | 415 | 503;
  reason: string;
  /**
   * Whether bytes of the body may be left unread: the answer then closes the connection, so Node
   * does not read the rest of a body nobody wants to keep the connection usable.
   */
  unread: boolean;
}

/** A request body as text, or why it was not read. */
export type BodyRead = { ok: true; text: string } | BodyRefusal;

/** A request body as bytes, its content encoding undone, or why it was not read. */
export type BodyBytes = { ok: true; bytes: Buffer } | BodyRefusal;

/**
 * Bytes that requests being read or handled at once may hold together (the proxy's in-flight budget):
 * a read takes each chunk it keeps, and is refused with 503 when the budget has no room for it.
 */
export interface ByteBudget {
  /** Takes `n` more bytes; false (and nothing taken) when the budget would be exceeded. */
  take(n: number): boolean;
  give(n: number): void;
}

type Decoder = () => NodeJS.ReadWriteStream;

/** The decoder of a `Content-Encoding`, or undefined for one this reader does not know. */
function decoderOf(encoding: string): Decoder | null | undefined {
  switch (encoding) {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip;
    case 'deflate':
      return createInflate;
    case 'br':
      return createBrotliDecompress;
    default:
      return undefined;
  }
}

/** The charset a Content-Type names, lower case; UTF-8 when it names none. */
function charsetOf(contentType: string | undefined): string {
  const named = contentType ? /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType)?.[1] : undefined;
  return (named || 'utf-8').toLowerCase();
}

/** What the head alone decides: a declared length over `limit`, or an encoding this reader cannot undo. */
function fromHead(req: IncomingMessage, limit: number): { decoder: Decoder | null } | BodyRefusal {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit)
    return { ok: false, status: 413, reason: 'declared too large', unread: true };
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder = decoderOf(encoding);
  if (decoder === undefined)
    return { ok: false, status: 415, reason: `unsupported content encoding "${encoding}"`, unread: true };
  return { decoder };
}

/** Reads the body through `decoder`, answering as soon as the answer is known (see {@link readBody}). */
function collect(
  req: IncomingMessage,
  decoder: Decoder | null,
  limit: number,
  budget: ByteBudget | undefined,
): Promise<BodyBytes> {
  return new Promise((resolve) => {
    const source: Readable = req;
    const stream: Readable = decoder ? (req.pipe(decoder()) as unknown as Readable) : req;
    const chunks: Buffer[] = [];
    let sent = 0;
    let received = 0;
    let settled = false;
    const finish = (result: BodyBytes) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      source.off('data', onSent);
      source.off('close', onClose);
      chunks.length = 0;
      if (!result.ok) budget?.give(received);
      // Whatever still comes is discarded as it arrives (the answer closes the connection).
      if (!result.ok && decoder) source.unpipe();
      if (!result.ok) source.resume();
      resolve(result);
    };
    const tooLarge = () => finish({ ok: false, status: 413, reason: 'too large', unread: true });
    const onSent = (chunk: Buffer) => {
      sent += chunk.length;
      if (sent > limit) tooLarge();
    };
    const onData = (chunk: Buffer) => {
      if (received + chunk.length > limit) return tooLarge();
      if (budget && !budget.take(chunk.length))
        return finish({ ok: false, status: 503, reason: 'busy', unread: true });
      received += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
      finish({ ok: true, bytes });
    };
    const onError = (error: Error) =>
      finish({ ok: false, status: 400, reason: `unreadable body: ${error.message}`, unread: true });
    const onClose = () => {
      if (!req.complete) finish({ ok: false, status: 400, reason: 'request aborted', unread: true });
    };
    if (decoder) source.on('data', onSent);
    source.on('close', onClose);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

/**
 * Reads a request body as bytes with one bound, answering as soon as the answer is known, as
 * {@link readBody} does, and without decoding its charset (the proxy forwards the bytes it read). With a
 * `budget`, each chunk kept is taken from it and a chunk it has no room for refuses the read with 503;
 * what a refused read took is given back, what a read body holds is the caller's to give back.
 */
export function readBodyBytes(req: IncomingMessage, limit: number, budget?: ByteBudget): Promise<BodyBytes> {
  const head = fromHead(req, limit);
  if ('ok' in head) return Promise.resolve(head);
  return collect(req, head.decoder, limit, budget);
}

/**
 * Reads a request body as text with one bound, answering as soon as the answer is known: a declared
 * `Content-Length` over `limit` is refused before a byte is read, a body that grows past `limit` (as
 * sent, and once decoded) is refused at that byte, and what was read is dropped. Compressed bodies
 * (gzip, deflate, br) are decoded and any charset the WHATWG Encoding standard names is read; a byte
 * order mark is dropped. Errors are values: the caller answers them.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const head = fromHead(req, limit);
  if ('ok' in head) return head;
  const charset = charsetOf(req.headers['content-type']);
  let text: TextDecoder;
  try {
    text = new TextDecoder(charset);
  } catch {
    return { ok: false, status: 415, reason: `unsupported charset "${charset}"`, unread: true };
  }
  const read = await collect(req, head.decoder, limit, undefined);
  return read.ok ? { ok: true, text: text.decode(read.bytes) } : read;
}

/**
 * The answer of a body that was not read (too large, unsupported encoding or charset, aborted, no room
 * in the budget), the same from every listener that reads bodies with this reader.
 */
export function refusalAnswer(refusal: BodyRefusal, limit: number): ErrorAnswer {
  switch (refusal.status) {
    case 413:
      return errorAnswer(CODE.LIMIT_EXCEEDED, `Request body is larger than ${limit} bytes (A-59).`, {
        status: 413,
      });
    case 503:
      return errorAnswer(CODE.BUSY, 'Too many request bytes are being handled at once; retry shortly.');
    default:
      return errorAnswer(CODE.BAD_REQUEST, `Bad request: ${refusal.reason}`, { status: refusal.status });
  }
}
