import { type Pacer } from './rate.js';
import { backoffMs, BUSY_STATUSES, retryAfterMs } from './retry-after.js';
/** A GraphQL request as sent over HTTP (A-60: POST with a JSON envelope). */
export interface GraphQLRequest {
  url: string;
  headers: Record<string, string>;
  body: { query: string; variables?: Record<string, unknown> | null; operationName?: string };
  /** Sent instead of the JSON of `body` (a step asking for a body that is not JSON, A-564). */
  rawBody?: string;
  /**
   * `GET`: the envelope goes in the URL's query string (GraphQL over HTTP); POST by default. `PUT`,
   * `PATCH` and `DELETE` carry the envelope as POST does: methods GraphQL over HTTP does not serve.
   */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
}

/** What came back: a response (any status) or a network failure, which is not a contract difference. */
export type HttpOutcome =
  | {
      kind: 'response';
      status: number;
      contentType: string;
      /** Parsed JSON when the body is JSON, else undefined (see `text`). */
      body: unknown;
      text: string;
      durationMs: number;
      attempts: number;
      /** Time spent waiting for the target (rate pacing, `Retry-After`, backoff), included in `durationMs`. */
      waitedMs?: number;
      /** Busy answers (429/503) that were retried before this one. */
      busyRetries?: number;
      /** 429 answers among them (or this one) that said no `Retry-After`: a difference. */
      missingRetryAfter?: number;
      /** On a 401: the `WWW-Authenticate` challenge, null when the answer has none. */
      wwwAuthenticate?: string | null;
      /** The `Cache-Control` header, when the answer has one. */
      cacheControl?: string;
      /** On a 405: the `Allow` header, null when the answer has none. */
      allow?: string | null;
      /** The body began with a UTF-8 byte order mark (dropped from `text`, A-613). */
      byteOrderMark?: boolean;
      /** Set when the target still answered busy (429/503) after every retry: not a verdict on the API. */
      unavailable?: string;
    }
  | { kind: 'network-error'; message: string; durationMs: number; attempts: number };

/** Per-request limits: `timeoutMs` for each attempt, `retries` extra attempts on network failures. */
export interface HttpOptions {
  timeoutMs: number;
  retries: number;
  /** Extra attempts after a busy answer (429/503); {@link BUSY_DEFAULTS} by default. */
  busyRetries?: number;
  /** Longest single wait after a busy answer; a `Retry-After` beyond it ends the retries. */
  maxWaitMs?: number;
  /** First backoff delay after a busy answer without `Retry-After`; doubles per retry up to `maxWaitMs`. */
  backoffMs?: number;
  /** Called before every attempt (`--rate`); resolves with the time it waited. */
  pace?: Pacer;
  /** Injectable for tests; the global fetch by default. */
  fetchFn?: typeof fetch;
  /** Injectable for tests: waits `ms`. */
  sleep?: (ms: number) => Promise<void>;
}

/** Busy-answer retry defaults: 5 retries, waits of at most 60 s, backoff from 500 ms. */
export const BUSY_DEFAULTS = { busyRetries: 5, maxWaitMs: 60_000, backoffMs: 500 } as const;

const sleepFor = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function networkMessage(error: unknown, timeoutMs: number): string {
  // Duck-typed rather than instanceof: fetch's errors may come from another realm (e.g. jest's vm).
  const e = error as {
    name?: unknown;
    message?: unknown;
    cause?: { code?: unknown; message?: unknown };
  } | null;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
  if (typeof e?.cause?.code === 'string') return e.cause.code;
  if (typeof e?.cause?.message === 'string' && e.cause.message) return e.cause.message;
  return typeof e?.message === 'string' ? e.message : String(error);
}

/**
 * Sends an HTTP request with a timeout; retries network failures (`retries`) and busy answers (429/503,
 * honouring `Retry-After` with capped exponential backoff and jitter); never throws. Waiting is reported
 * in `waitedMs`; a target still busy after the last retry gives a response marked `unavailable`.
 */
export async function sendHttp(
  url: string,
  init: {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers: Record<string, string>;
    body?: string;
  },
  options: HttpOptions,
): Promise<HttpOutcome> {
  const fetchFn = options.fetchFn ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const maxBusy = options.busyRetries ?? BUSY_DEFAULTS.busyRetries;
  const maxWait = options.maxWaitMs ?? BUSY_DEFAULTS.maxWaitMs;
  const base = options.backoffMs ?? BUSY_DEFAULTS.backoffMs;
  const started = performance.now();
  let lastError = '';
  let waited = 0;
  let busy = 0;
  let missingRetryAfter = 0;
  let failures = 0;
  for (let attempt = 1; ; attempt += 1) {
    if (options.pace) waited += await options.pace();
    try {
      const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
      // Read as bytes: text() drops a byte order mark without a trace, and JSON text must not carry one.
      const bytes = new Uint8Array(await res.arrayBuffer());
      const byteOrderMark = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      const text = new TextDecoder().decode(bytes);
      if (res.status === 429 && !res.headers.get('retry-after')) missingRetryAfter += 1;
      let body: unknown;
      try {
        body = text.length > 0 ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const response = {
        kind: 'response' as const,
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        body,
        text,
        attempts: attempt,
        ...(busy > 0 ? { busyRetries: busy } : {}),
        ...(missingRetryAfter > 0 ? { missingRetryAfter } : {}),
        ...(res.status === 401 ? { wwwAuthenticate: res.headers.get('www-authenticate') } : {}),
        ...(res.status === 405 ? { allow: res.headers.get('allow') } : {}),
        ...(byteOrderMark ? { byteOrderMark } : {}),
        ...(res.headers.has('cache-control') ? { cacheControl: res.headers.get('cache-control') ?? '' } : {}),
      };
      const finish = (extra: { unavailable?: string } = {}): HttpOutcome => ({
        ...response,
        durationMs: Math.round(performance.now() - started),
        ...(waited > 0 ? { waitedMs: waited } : {}),
        ...extra,
      });
      if (!BUSY_STATUSES.has(res.status)) return finish();
      const asked = retryAfterMs(res.headers.get('retry-after'));
      if (asked !== undefined && asked > maxWait) {
        return finish({
          unavailable: `HTTP ${res.status} asking to retry after ${Math.ceil(asked / 1000)} s, more than the ${Math.ceil(maxWait / 1000)} s limit`,
        });
      }
      if (busy >= maxBusy) {
        return finish({
          unavailable: `HTTP ${res.status} after ${busy + 1} attempt${busy === 0 ? '' : 's'}`,
        });
      }
      busy += 1;
      const delay = Math.max(asked ?? 0, backoffMs(busy, base, maxWait));
      await sleep(delay);
      waited += delay;
    } catch (error) {
      lastError = networkMessage(error, options.timeoutMs);
      if (failures >= options.retries) {
        return {
          kind: 'network-error',
          message: lastError,
          durationMs: Math.round(performance.now() - started),
          attempts: attempt,
        };
      }
      failures += 1;
      await sleep(100 * failures);
    }
  }
}

/** The URL of a GET request: the envelope's entries as URL parameters, variables as JSON. */
export function getUrl(request: GraphQLRequest): string {
  const url = new URL(request.url);
  url.searchParams.set('query', request.body.query);
  if (request.body.variables !== undefined)
    url.searchParams.set('variables', JSON.stringify(request.body.variables));
  if (request.body.operationName !== undefined)
    url.searchParams.set('operationName', request.body.operationName);
  return url.toString();
}

/** Sends a GraphQL request (a JSON envelope POSTed, or GET with URL parameters; graphql-response+json preferred). */
export function postGraphQL(request: GraphQLRequest, options: HttpOptions): Promise<HttpOutcome> {
  if (request.method === 'GET') {
    return sendHttp(
      getUrl(request),
      {
        method: 'GET',
        headers: { accept: 'application/graphql-response+json, application/json;q=0.9', ...request.headers },
      },
      options,
    );
  }
  return sendHttp(
    request.url,
    {
      method: request.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json;q=0.9',
        ...request.headers,
      },
      body: request.rawBody ?? JSON.stringify(request.body),
    },
    options,
  );
}
