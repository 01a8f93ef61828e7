/** A GraphQL request as sent over HTTP (A-60: POST with a JSON envelope). */
export interface GraphQLRequest {
  url: string;
  headers: Record<string, string>;
  body: { query: string; variables?: Record<string, unknown>; operationName?: string };
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
    }
  | { kind: 'network-error'; message: string; durationMs: number; attempts: number };

/** Per-request limits: `timeoutMs` for each attempt, `retries` extra attempts on network failures only. */
export interface HttpOptions {
  timeoutMs: number;
  retries: number;
  /** Injectable for tests; the global fetch by default. */
  fetchFn?: typeof fetch;
}

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

/** Sends an HTTP request with a timeout and retries on network failures; never throws. */
export async function sendHttp(
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; headers: Record<string, string>; body?: string },
  options: HttpOptions,
): Promise<HttpOutcome> {
  const fetchFn = options.fetchFn ?? fetch;
  const started = performance.now();
  let lastError = '';
  for (let attempt = 1; attempt <= options.retries + 1; attempt += 1) {
    try {
      const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
      const text = await res.text();
      let body: unknown;
      try {
        body = text.length > 0 ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      return {
        kind: 'response',
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        body,
        text,
        durationMs: Math.round(performance.now() - started),
        attempts: attempt,
      };
    } catch (error) {
      lastError = networkMessage(error, options.timeoutMs);
      if (attempt <= options.retries) await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  return {
    kind: 'network-error',
    message: lastError,
    durationMs: Math.round(performance.now() - started),
    attempts: options.retries + 1,
  };
}

/** POSTs a GraphQL request (JSON envelope, graphql-response+json preferred). */
export function postGraphQL(request: GraphQLRequest, options: HttpOptions): Promise<HttpOutcome> {
  return sendHttp(
    request.url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json;q=0.9',
        ...request.headers,
      },
      body: JSON.stringify(request.body),
    },
    options,
  );
}
