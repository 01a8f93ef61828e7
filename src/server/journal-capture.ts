import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { getOperationAST, Kind, parse, type DocumentNode } from 'graphql';
import { MAX_KEPT_CHARS, type JournalEntry, type JournalOperation, type RequestJournal } from './journal.js';
import { maskSecrets, maskTokensIn } from './secrets.js';

/** Most tokens the journal parses of a document the route never executed (a rejected request). */
const MAX_TOKENS = 50_000;
/** Most ids an entry lists. */
const MAX_IDS = 100;

/** The operations the GraphQL route executed, by request: saves the journal a second parse. */
const executed = new WeakMap<Request, JournalOperation>();

/** What the journal needs to know about an endpoint and its requests. */
export interface CaptureOptions {
  region: string;
  revision: string;
  /** The tenant id of an authenticated request; undefined before authentication or after a 401. */
  tenantOf: (req: Request) => string | undefined;
  /** Tokens to mask wherever they appear (tenant tokens and the admin token), read per request. */
  tokens: () => ReadonlySet<string>;
  /** The change events the request's writes recorded; none unless given. */
  eventsOf?: (req: Request) => unknown[];
}

/** The operation of a document, named as graphql-js names it; unreadable parts are null. */
export function describeOperation(document: DocumentNode, operationName?: string | null): JournalOperation {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return { name: operationName ?? null, type: null, fields: [] };
  return {
    name: operation.name?.value ?? null,
    type: operation.operation,
    fields: operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : [])),
  };
}

/** Tells the journal which operation the route executed for `req` (the route's `onOperation` hook). */
export function noteOperation(req: Request, document: DocumentNode, operationName?: string | null): void {
  executed.set(req, describeOperation(document, operationName));
}

/**
 * Express middleware in front of a GraphQL endpoint: journals the request once its response is sent,
 * whatever answered it (the route, authentication's 401, an injected fault, the body limit).
 */
export function captureRequests(journal: RequestJournal, options: CaptureOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const time = new Date().toISOString();
    const id = journal.nextId();
    let body = '';
    let truncated = false;
    // The response body is collected as it is written (bounded), since express hands it to the socket.
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function' || truncated) return;
      const text =
        typeof chunk === 'string'
          ? chunk
          : Buffer.from(chunk as Uint8Array).toString(
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            );
      body += text;
      if (body.length > MAX_KEPT_CHARS) {
        body = body.slice(0, MAX_KEPT_CHARS);
        truncated = true;
      }
    };
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return (end as (...args: unknown[]) => Response)(chunk, ...rest);
    }) as Response['end'];
    res.once('close', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      // The answer has gone; a request the journal cannot describe must not take the server down.
      try {
        journal.add(
          entryOf(req, res, options, { id, time, durationMs, body, truncated, tokens: options.tokens() }),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`rm-harness: request ${id} left out of the journal: ${message}\n`);
      }
    });
    next();
  };
}

interface Finished {
  id: string;
  time: string;
  durationMs: number;
  body: string;
  truncated: boolean;
  tokens: ReadonlySet<string>;
}

function entryOf(req: Request, res: Response, options: CaptureOptions, done: Finished): JournalEntry {
  const params = requestParams(req);
  const response = responseOf(done.body, done.truncated);
  const operation =
    executed.get(req) ?? operationOf(params.query, params.operationName) ?? emptyOperation(params);
  return {
    id: done.id,
    time: done.time,
    method: req.method,
    path: req.originalUrl.split('?')[0] ?? req.originalUrl,
    tenant: options.tenantOf(req) ?? null,
    region: options.region,
    revision: options.revision,
    operation,
    variables: params.variables === undefined ? null : maskSecrets(params.variables, done.tokens),
    document:
      typeof params.query === 'string'
        ? maskTokensIn(params.query, done.tokens).slice(0, MAX_KEPT_CHARS)
        : null,
    status: res.statusCode,
    durationMs: Math.round(done.durationMs * 100) / 100,
    errorCodes: errorCodes(response),
    ids: idsOf(response),
    response: typeof response === 'string' ? response : maskSecrets(response, done.tokens),
    responseTruncated: done.truncated,
    events: options.eventsOf?.(req) ?? [],
  };
}

interface Params {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

/** The GraphQL-over-HTTP parameters of a request (GET query string or JSON body); empty when unreadable. */
function requestParams(req: Request): Params {
  if (req.method === 'GET') {
    const url = new URL(req.originalUrl, 'http://localhost').searchParams;
    let variables: unknown = url.get('variables') ?? undefined;
    try {
      if (typeof variables === 'string') variables = JSON.parse(variables);
    } catch {
      // Kept as sent: the route answered it with a 400.
    }
    return {
      query: url.get('query') ?? undefined,
      operationName: url.get('operationName') ?? undefined,
      variables,
    };
  }
  if (typeof req.body !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(req.body);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Params) : {};
  } catch {
    return {};
  }
}

/** The operation of a document the route did not execute (401, fault, invalid document). */
function operationOf(query: unknown, operationName: unknown): JournalOperation | undefined {
  if (typeof query !== 'string') return undefined;
  try {
    return describeOperation(
      parse(query, { maxTokens: MAX_TOKENS }),
      typeof operationName === 'string' ? operationName : undefined,
    );
  } catch {
    return undefined;
  }
}

function emptyOperation(params: Params): JournalOperation {
  return {
    name: typeof params.operationName === 'string' ? params.operationName : null,
    type: null,
    fields: [],
  };
}

function responseOf(body: string, truncated: boolean): unknown {
  if (truncated || body === '') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function errorCodes(response: unknown): string[] {
  const errors = (response as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const codes = errors.flatMap((error) => {
    const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
    return typeof code === 'string' ? [code] : [];
  });
  return [...new Set(codes)];
}

/** Every `id` field value in the data, each once, depth first. */
function idsOf(response: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (found.size >= MAX_IDS || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id' && (typeof item === 'string' || typeof item === 'number')) {
        if (found.size < MAX_IDS) found.add(String(item));
      } else walk(item);
    }
  };
  walk((response as { data?: unknown } | null)?.data);
  return [...found];
}
