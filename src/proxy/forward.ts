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

/** Sends the request on unchanged (method, headers, body) and reads the answer; a string is a network failure. */
export async function forward(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
  fetchFn: typeof fetch = fetch,
): Promise<UpstreamResponse | string> {
  const started = performance.now();
  try {
    const res = await fetchFn(url, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
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
