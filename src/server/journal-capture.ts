import { getOperationAST, Kind, parse, type DocumentNode } from 'graphql';
import { MAX_KEPT_CHARS, type JournalHead, type JournalOperation, type RequestJournal } from './journal.js';
import { cutMarker, cutText, maskSecrets, maskTokensIn, safeText } from '../secrets/index.js';

/** Most tokens the journal parses of a document the route never executed (a rejected request). */
const MAX_TOKENS = 50_000;
/** Most ids an entry lists. */
const MAX_IDS = 100;

/** What the journal needs to know about an endpoint. */
export interface CaptureOptions {
  region: string;
  revision: string;
  /** Tokens to mask wherever they appear (tenant tokens and the admin token), read per request. */
  tokens: () => ReadonlySet<string>;
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

/**
 * Operations described, by document and operation name: the route's documents come from its cache, so
 * a client's repeated request is described once (entries share the description; nothing changes it).
 */
const described = new WeakMap<DocumentNode, Map<string | null | undefined, JournalOperation>>();

/**
 * The journal's description of the operation the route executes (heard in its `onOperation` hook):
 * saves the journal a second parse.
 */
export function describeExecuted(document: DocumentNode, operationName?: string | null): JournalOperation {
  let byName = described.get(document);
  if (!byName) {
    byName = new Map();
    described.set(document, byName);
  }
  let operation = byName.get(operationName);
  if (!operation) {
    operation = describeOperation(document, operationName);
    byName.set(operationName, operation);
  }
  return operation;
}

/** The response text an entry keeps: at most {@link MAX_KEPT_CHARS}, cut with the marker beyond. */
export interface KeptResponse {
  body: string;
  truncated: boolean;
}

/**
 * A copy of a text that holds only its own characters. V8 keeps a cut of a string as a view of the whole
 * (a 32 KiB cut of a 1 MiB body holds the 1 MiB alive), so a part the journal keeps is copied, and the
 * bytes it counts are the memory it holds. UTF-16 both ways: any string, lone surrogates too, survives.
 */
function own(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** A text cut at {@link MAX_KEPT_CHARS} (marked) as the journal keeps it: a copy when it was cut. */
function keptText(text: string): string {
  return text.length <= MAX_KEPT_CHARS ? text : own(cutText(text, MAX_KEPT_CHARS));
}

/** A response text as an entry keeps it (cut at {@link MAX_KEPT_CHARS}, marked). */
export function keptResponse(text: string): KeptResponse {
  if (text.length <= MAX_KEPT_CHARS) return { body: text, truncated: false };
  return {
    body: own(text.slice(0, MAX_KEPT_CHARS) + cutMarker(MAX_KEPT_CHARS, text.length)),
    truncated: true,
  };
}

/** What the journal needs of a request that has been answered, whichever path answered it. */
export interface AnsweredRequest {
  /** The operation the route executed ({@link describeExecuted}); absent when it executed none. */
  operation?: JournalOperation;
  method: string;
  /** The URL as the client sent it (path and query). */
  url: string;
  /** The request body as text; undefined for a GET. */
  body: string | undefined;
  tenant: string | null;
  status: number;
  events: unknown[];
}

/** When a request arrived and what the journal calls it: taken as it arrives. */
export interface Arrival {
  id: string;
  time: string;
  started: bigint;
}

/** Notes a request's arrival: its id, its time, the clock for its duration. */
export function arrival(journal: RequestJournal): Arrival {
  return { started: process.hrtime.bigint(), time: new Date().toISOString(), id: journal.nextId() };
}

/**
 * Journals an answered request (the GraphQL edge calls this once its response has closed). A request the journal cannot describe must not take the server down: it is left out,
 * and said so on stderr.
 */
export function journalAnswered(
  journal: RequestJournal,
  options: Pick<CaptureOptions, 'region' | 'revision' | 'tokens'>,
  came: Arrival,
  request: AnsweredRequest,
  response: KeptResponse,
): void {
  const durationMs = Number(process.hrtime.bigint() - came.started) / 1e6;
  try {
    record(journal, request, options, {
      id: came.id,
      time: came.time,
      durationMs,
      body: response.body,
      truncated: response.truncated,
      tokens: options.tokens(),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`rm-harness: request ${came.id} left out of the journal: ${message}\n`);
  }
}

interface Finished {
  id: string;
  time: string;
  durationMs: number;
  body: string;
  truncated: boolean;
  tokens: ReadonlySet<string>;
}

/** Largest request body whose parsing waits for a read; a longer one is parsed and cut now. */
const MAX_DEFERRED_CHARS = MAX_KEPT_CHARS;

/** The parts of an entry that come from the request body: masked, each cut at {@link MAX_KEPT_CHARS}. */
interface RequestParts {
  document: string | null;
  variables: unknown;
}

/** The document and variables of a request as an entry keeps them. */
function partsOf(given: Params, tokens: ReadonlySet<string>): RequestParts {
  let variables: unknown = null;
  if (given.variables !== undefined) {
    variables = maskSecrets(given.variables, tokens);
    // Variables are a client's JSON: kept as JSON while short, as cut text beyond the cap.
    const text = JSON.stringify(variables) ?? '';
    if (text.length > MAX_KEPT_CHARS) variables = keptText(text);
  }
  return {
    document: typeof given.query === 'string' ? keptText(maskTokensIn(given.query, tokens)) : null,
    variables,
  };
}

/** An operation as the head shows it: the client's name with tokens masked and control characters escaped. */
function shownOperation(operation: JournalOperation, tokens: ReadonlySet<string>): JournalOperation {
  const name = operation.name === null ? null : safeText(operation.name, tokens);
  const fields = operation.fields.map((field) => safeText(field, tokens));
  // The executed operation is shared by every request of its document: copied only when masking changed it.
  if (name === operation.name && fields.every((field, i) => field === operation.fields[i])) return operation;
  return { ...operation, name, fields };
}

/**
 * Journals a finished request: its head now (what filters and the log need, mostly known already), the
 * rest (parsing the body and the response, masking, ids) when the entry is first read. Only strings are
 * kept until then, never the request or the response; a request body longer than
 * {@link MAX_DEFERRED_CHARS} is parsed, masked and cut now, so the journal never holds more of it than
 * the cut parts.
 */
function record(
  journal: RequestJournal,
  request: AnsweredRequest,
  options: Pick<CaptureOptions, 'region' | 'revision'>,
  done: Finished,
): void {
  const { method, url: originalUrl, body: raw } = request;
  const executedOperation = request.operation;
  // A request the route did not execute (401, fault, invalid document) is described from its body.
  const params: Params | undefined =
    executedOperation && raw !== undefined ? undefined : requestParams(method, originalUrl, raw);
  const head: JournalHead = {
    id: done.id,
    time: done.time,
    method,
    path: escapeControlPath(originalUrl),
    tenant: request.tenant,
    region: options.region,
    revision: options.revision,
    operation: shownOperation(
      executedOperation ?? operationOf(params?.query, params?.operationName) ?? emptyOperation(params ?? {}),
      done.tokens,
    ),
    status: request.status,
    durationMs: Math.round(done.durationMs * 100) / 100,
    errorCodes: mayHaveErrors(done.body, done.truncated) ? errorCodes(responseOf(done.body, false)) : [],
  };
  const events = request.events;
  // A long body is cut now; a short one waits as text (the builder never sees a long one).
  let parts: RequestParts | undefined;
  if (params !== undefined || (raw !== undefined && raw.length > MAX_DEFERRED_CHARS))
    parts = partsOf(params ?? requestParams(method, originalUrl, raw), done.tokens);
  const deferred = parts === undefined ? raw : undefined;
  const kept = parts === undefined ? (deferred?.length ?? 0) : textSize(parts);
  journal.record(
    head,
    () => {
      const given = parts ?? partsOf(requestParams(method, originalUrl, deferred), done.tokens);
      const response = responseOf(done.body, done.truncated);
      return {
        ...head,
        variables: given.variables,
        document: given.document,
        ids: idsOf(response),
        response:
          typeof response === 'string'
            ? maskTokensIn(response, done.tokens)
            : maskSecrets(response, done.tokens),
        responseTruncated: done.truncated,
        events,
      };
    },
    // Events are the store's own records (referenced, not copied): counted by number, not serialised here.
    kept + done.body.length + events.length * 512,
  );
}

/** The characters of the kept parts of a request. */
function textSize(parts: RequestParts): number {
  const variables =
    parts.variables === null
      ? 0
      : typeof parts.variables === 'string'
        ? parts.variables.length
        : (JSON.stringify(parts.variables)?.length ?? 0);
  return (parts.document?.length ?? 0) + variables;
}

/** The path of a URL (its query left out), control characters escaped. */
function escapeControlPath(originalUrl: string): string {
  return safeText(originalUrl.split('?')[0] ?? originalUrl, NO_TOKENS);
}

const NO_TOKENS: ReadonlySet<string> = new Set();

/**
 * Whether a response may carry `errors`: a GraphQL response without the text `"errors"` has none, so
 * the common answer needs no parse to know it.
 */
function mayHaveErrors(body: string, truncated: boolean): boolean {
  return !truncated && body.includes('"errors"');
}

interface Params {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

/**
 * The GraphQL-over-HTTP parameters of a request (GET query string or JSON body); empty when unreadable.
 * `body` is the text express read, undefined for a GET.
 */
function requestParams(method: string, originalUrl: string, body: string | undefined): Params {
  if (method === 'GET') {
    const url = new URL(originalUrl, 'http://localhost').searchParams;
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
  if (body === undefined || body === '') return {};
  try {
    const parsed: unknown = JSON.parse(body);
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
