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

/** Response headers as node:http gives them (names in lower case), read as `Headers#get` reads them. */
class ReceivedHeaders {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
}

/**
 * The part of a fetch `Response` the HTTP client reads (status, `headers.get`, `text`), over a body
 * already in memory. A WHATWG Response per answer (a body stream, a Headers object, the bytes copied in
 * and decoded back out) cost about a tenth of a conform run's CPU against the in-process simulator.
 */
class BufferedResponse {
  readonly ok: boolean;
  readonly headers: ReceivedHeaders;
  readonly redirected = false;

  constructor(
    readonly status: number,
    readonly statusText: string,
    headers: http.IncomingHttpHeaders,
    private readonly bytes: Buffer,
  ) {
    this.ok = status >= 200 && status <= 299;
    this.headers = new ReceivedHeaders(headers);
  }

  /** UTF-8 without a leading byte order mark, as `Response#text` decodes. */
  text(): Promise<string> {
    const text = this.bytes.toString('utf8');
    return Promise.resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  }

  /** The bytes as sent, a byte order mark included (the client looks for one, A-613). */
  arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.bytes;
    return Promise.resolve(buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }
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
          // node:http sends a body of GET, DELETE and the like neither chunked nor with a length unless
          // told: the length makes it a well-formed request whatever the method.
          headers: {
            ...(init.headers as Record<string, string> | undefined),
            ...(typeof init.body === 'string'
              ? { 'content-length': String(Buffer.byteLength(init.body)) }
              : {}),
          },
          agent,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => reject(asFetchError(init.signal?.aborted ? init.signal.reason : e)));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const body = NULL_BODY.has(status) ? Buffer.alloc(0) : Buffer.concat(chunks);
            // Only what a fetch Response offers the HTTP client is there (see BufferedResponse).
            resolve(
              new BufferedResponse(status, res.statusMessage ?? '', res.headers, body) as unknown as Response,
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
