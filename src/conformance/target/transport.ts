import http from 'node:http';
import https from 'node:https';

/** A fetch for the fuzzer's requests and the agents that keep its connections open, to close at the end. */
export interface KeepAliveTransport {
  fetch: typeof fetch;
  close(): void;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** The error fetch rejects with, so the HTTP client's messages (ECONNREFUSED, timed out) stay the same. */
function asFetchError(error: unknown): unknown {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError' || name === 'TimeoutError') return error;
  return Object.assign(new TypeError('fetch failed'), { cause: error });
}

/**
 * The fetch subset the HTTP client uses (method, headers, string body, signal) over node:http with
 * keep-alive agents. A fuzz run sends thousands of small requests one after another; profiled on
 * `fuzz --target sim`, the global fetch (undici: request cloning, web streams, an agent per call
 * chain) cost about a third of the run's CPU, this path a fraction of it.
 */
export function keepAliveTransport(): KeepAliveTransport {
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  const send = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: init.method ?? 'GET',
          headers: init.headers as Record<string, string> | undefined,
          agent,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => reject(asFetchError(init.signal?.aborted ? init.signal.reason : e)));
          res.on('end', () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
            const status = res.statusCode ?? 0;
            resolve(
              new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
                status,
                statusText: res.statusMessage ?? '',
                headers,
              }),
            );
          });
        },
      );
      // An aborted request fails with the signal's reason (a TimeoutError), as fetch does.
      request.on('error', (e) => reject(asFetchError(init.signal?.aborted ? init.signal.reason : e)));
      request.end(typeof init.body === 'string' ? init.body : undefined);
    });
  return {
    fetch: send as typeof fetch,
    close: () => {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
