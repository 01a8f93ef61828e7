import type { IncomingHttpHeaders } from 'node:http';

/** Headers that belong to one connection (RFC 9110 §7.6.1) or that the proxy must recompute. */
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  // Asked for identity so the proxy can read the body it judges.
  'accept-encoding',
]);

/** A request's headers as one string each (repeated ones joined), without the hop-by-hop ones. */
export function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || NOT_FORWARDED.has(k.toLowerCase())) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

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
    res.headers.forEach((v, k) => {
      // fetch has decoded the body already; its length and encoding no longer apply.
      if (
        !['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)
      )
        out[k] = v;
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
