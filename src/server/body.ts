import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** A request body as text, or why it was not read: the HTTP status to answer and a one-line reason. */
export type BodyRead =
  | { ok: true; text: string }
  | {
      ok: false;
      status: 400 | 413 | 415;
      reason: string;
      /**
       * Whether bytes of the body may be left unread: the answer then closes the connection, so Node
       * does not read the rest of a body nobody wants to keep the connection usable.
       */
      unread: boolean;
    };

/** The decoder of a `Content-Encoding`, or undefined for one this reader does not know. */
function decoderOf(encoding: string): (() => NodeJS.ReadWriteStream) | null | undefined {
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

/**
 * Reads a request body as text with one bound, answering as soon as the answer is known: a declared
 * `Content-Length` over `limit` is refused before a byte is read, a body that grows past `limit` (as
 * sent, and once decoded) is refused at that byte, and what was read is dropped. Compressed bodies
 * (gzip, deflate, br) are decoded and any charset the WHATWG Encoding standard names is read; a byte
 * order mark is dropped. Errors are values: the caller answers them.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit)
    return Promise.resolve({ ok: false, status: 413, reason: 'declared too large', unread: true });
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder = decoderOf(encoding);
  if (decoder === undefined)
    return Promise.resolve({
      ok: false,
      status: 415,
      reason: `unsupported content encoding "${encoding}"`,
      unread: true,
    });
  const charset = charsetOf(req.headers['content-type']);
  let text: TextDecoder;
  try {
    text = new TextDecoder(charset);
  } catch {
    return Promise.resolve({
      ok: false,
      status: 415,
      reason: `unsupported charset "${charset}"`,
      unread: true,
    });
  }
  return new Promise((resolve) => {
    const source: Readable = req;
    const stream: Readable = decoder ? (req.pipe(decoder()) as unknown as Readable) : req;
    const chunks: Buffer[] = [];
    let sent = 0;
    let received = 0;
    let settled = false;
    const finish = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      source.off('data', onSent);
      source.off('close', onClose);
      chunks.length = 0;
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
      received += chunk.length;
      if (received > limit) tooLarge();
      else chunks.push(chunk);
    };
    const onEnd = () => {
      const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
      finish({ ok: true, text: text.decode(buffer) });
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
