import type { IncomingHttpHeaders } from 'node:http';

/**
 * Headers that belong to one connection (RFC 9110 §7.6.1), credentials meant for this proxy rather than
 * the upstream (§11.7), or headers the proxy must recompute.
 */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  // The body forwarded is the one the proxy read and judged, its content encoding undone.
  'content-encoding',
  // Asked for identity so the proxy can read the body it judges.
  'accept-encoding',
]);

/** The header names a `Connection` header lists: they too belong to this hop only (RFC 9110 §7.6.1). */
function namedInConnection(headers: IncomingHttpHeaders): Set<string> {
  const value = headers['connection'];
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(
    text
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
}

/**
 * A request's headers as one string each (repeated ones joined), without the hop-by-hop ones, the
 * proxy credentials, and any header the `Connection` header names.
 */
export function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const hopOnly = namedInConnection(headers);
  for (const [k, v] of Object.entries(headers)) {
    const name = k.toLowerCase();
    if (v === undefined || NOT_FORWARDED.has(name) || hopOnly.has(name)) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

/** Upstream answer headers the proxy does not pass back: this hop's, and what fetch has already undone. */
const NOT_RETURNED = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-connection',
  'trailer',
  'upgrade',
  'te',
]);

/** The upstream's answer, read whole. */
export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  durationMs: number;
}

/** An upstream answer whose body, decoded, was longer than the proxy reads: it was cut off unread. */
export interface UpstreamTooLarge {
  tooLarge: number;
}

/** Default of the most bytes of an upstream answer the proxy reads, decoded. */
export const DEFAULT_PROXY_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * The body of `res`, decoded, read chunk by chunk and given up (the connection closed) as soon as it
 * passes `maxBytes`: neither a long answer nor a small compressed one that inflates to gigabytes is
 * ever held beyond the budget.
 */
async function boundedBody(res: Response, maxBytes: number): Promise<Buffer | UpstreamTooLarge> {
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: maxBytes };
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Sends the request on unchanged (method, headers, body) and reads the answer, at most `maxBytes` of it
 * decoded; a string is a network failure. Asks for the answer uncompressed: fetch would ask for
 * gzip otherwise, and the proxy judges the bytes it reads.
 */
export async function forward(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
  fetchFn: typeof fetch = fetch,
  maxBytes = DEFAULT_PROXY_ANSWER_BYTES,
): Promise<UpstreamResponse | UpstreamTooLarge | string> {
  const started = performance.now();
  try {
    const res = await fetchFn(url, {
      method,
      headers: { ...headers, 'accept-encoding': 'identity' },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = await boundedBody(res, maxBytes);
    if (!Buffer.isBuffer(bytes)) return bytes;
    const out: Record<string, string> = {};
    const hopOnly = new Set(
      (res.headers.get('connection') ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== ''),
    );
    res.headers.forEach((v, k) => {
      // fetch has decoded the body already; its length and encoding no longer apply.
      if (!NOT_RETURNED.has(k) && !hopOnly.has(k)) out[k] = v;
    });
    return {
      status: res.status,
      headers: out,
      body: bytes,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}
