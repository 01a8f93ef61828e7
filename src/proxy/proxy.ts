import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST } from 'graphql';
import { buildRevisionSchema } from '../contract/generate.js';
import type { Version } from '../contract/versions.js';
import {
  onlyMediaTypeAsked,
  renderReports,
  type Reports,
  writeReports,
  type Difference,
  type JudgedResponse,
  type RunResult,
} from '../conformance/index.js';
import { MAX_NESTING } from '../simulator/index.js';
import { maskHeaders, sameToken, secretValues } from '../secrets/index.js';
import {
  bearerOf,
  DEFAULT_ADMIN_TOKEN,
  listen,
  readBodyBytes,
  refusalAnswer,
  sendAnswer,
  type ByteBudget,
  type HttpAnswer,
} from '../server/index.js';
import { checkExchange } from './check-exchange.js';
import { nestsDeeperThan } from './json-walk.js';
import { forward, forwardedHeaders, type UpstreamTooLarge } from './forward.js';
import {
  DEFAULT_JOURNAL_ENTRY_BYTES,
  ProxyJournal,
  scenarioIdOf,
  stepIdOf,
  type JournalEntry,
} from './journal.js';
import { Pseudonymizer } from './recording/pseudonymize.js';
import type { RawExchange, Recorder } from './recording/recorder.js';
import { PersonalDataScrubber } from './recording/scrub.js';
import { checkRequest, type InvalidRequest, type ValidRequest } from './request-check.js';
import { CODE, type ErrorCode } from '../contract/error-codes.js';
import { envelopeAnswer, errorAnswer, type EnvelopeError } from '../contract/error-envelope.js';

/** Which differences turn the upstream's answer into an HTTP 502. */
export type FailOn = 'breaking' | 'any';

/** Where the proxy's own control endpoint lives (outside any GraphQL path). */
export const PROXY_REPORTS_PATH = '/__proxy/reports';

/** Every control route of the proxy starts here; all of them take the admin token (A-223). */
export const PROXY_CONTROL_PREFIX = '/__proxy/';

/** Default largest request body the proxy reads, in bytes: the simulator's own default (A-59, A-220). */
export const DEFAULT_PROXY_BODY_BYTES = 1024 * 1024;

/** Default budget of request bytes being read or handled at once; beyond it requests get 503 (A-220). */
export const DEFAULT_PROXY_IN_FLIGHT_BYTES = 128 * 1024 * 1024;

/** How a validating proxy is started. */
export interface ProxyOptions {
  /** The upstream GraphQL endpoint, e.g. `https://rm.example.com/public-api/graphql`. */
  upstream: string;
  /** How reports name the upstream (default: its URL). */
  upstreamLabel?: string;
  /** Whether the upstream is the simulator (shown in the reports). */
  isSimulator?: boolean;
  revision: Version;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** The path the proxy answers GraphQL at; the upstream's path by default. */
  listenPath?: string;
  failOn?: FailOn;
  /** Folder of the four reports. */
  reportDir: string;
  /** Saves every exchange, scrubbed. */
  recorder?: Recorder;
  /** Per upstream request. */
  timeoutMs?: number;
  /** Largest request body accepted, in bytes; default {@link DEFAULT_PROXY_BODY_BYTES}. */
  maxBodyBytes?: number;
  /** Request bytes handled at once before new requests get 503; default {@link DEFAULT_PROXY_IN_FLIGHT_BYTES}. */
  maxInFlightBytes?: number;
  /** Most bytes of an upstream answer read, decoded; beyond it the client gets 502; default {@link DEFAULT_PROXY_ANSWER_BYTES}. */
  maxAnswerBytes?: number;
  /** Bearer token of the `/__proxy/*` routes; default the simulator's default admin token. */
  adminToken?: string;
  /** Bounds of the exchanges kept for the reports (see {@link ProxyJournal}). */
  journal?: { maxEntries?: number; maxBytes?: number; maxEntryBytes?: number };
  /** Told after each exchange (console output). */
  onExchange?: (entry: JournalEntry) => void;
  /** Told when an exchange could not be recorded; the exchange itself goes on. */
  onWarning?: (message: string) => void;
  fetchFn?: typeof fetch;
}

/** The 502's message for an upstream answer longer than the proxy reads (A-524). */
function tooLargeMessage(answer: UpstreamTooLarge): string {
  return `the upstream's answer is longer than ${answer.tooLarge} bytes (decoded), the most the proxy reads (--max-answer-bytes); it was not passed on`;
}

/** A running proxy. */
export interface RunningProxy {
  /** Base address, e.g. `http://127.0.0.1:4100`. */
  url: string;
  /** Where clients send GraphQL: the base address plus the listen path. */
  endpoint: string;
  /** The exchanges so far, as the reports' run result. */
  result(): RunResult;
  /** Writes the four reports of the exchanges so far and returns their paths. */
  writeReports(): string[];
  /** Stops accepting requests and waits for the open ones. */
  close(): Promise<void>;
}

/** Sends the catalogue's error answer of a code: its envelope, its status unless told, its Retry-After. */
function sendError(res: ServerResponse, code: ErrorCode, message: string, status?: number): void {
  sendAnswer(res, errorAnswer(code, message, status === undefined ? {} : { status }));
}

/** A JSON answer of the control routes. */
function jsonAnswer(status: number, text: string): HttpAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: text };
}

/**
 * Sends an answer given without the request's body (a refusal, a control route): a body is not read
 * (the edge's reader with a limit of 0 refuses any), and when one was sent the connection is closed
 * after the answer instead of reading it to its end (A-400).
 */
async function answerBodyUnread(
  req: IncomingMessage,
  res: ServerResponse,
  answer: HttpAnswer,
): Promise<void> {
  const read = await readBodyBytes(req, 0);
  sendAnswer(res, answer, !read.ok);
}

/** Counts the request bytes the proxy holds at once, so a flood cannot outgrow its memory budget. */
class InFlight implements ByteBudget {
  private bytes = 0;
  constructor(private readonly max: number) {}
  /** Takes `n` more bytes; false (and nothing taken) when the budget would be exceeded. */
  take(n: number): boolean {
    if (this.bytes + n > this.max) return false;
    this.bytes += n;
    return true;
  }
  give(n: number): void {
    this.bytes -= n;
  }
}

/** Requests larger than this are handled one at a time (A-220). */
export const LARGE_REQUEST_BYTES = 256 * 1024;

/** Runs tasks one after another, in arrival order. */
class Lane {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** Whether a request carries the admin token (compared in constant time). */
function hasAdminToken(req: IncomingMessage, adminToken: string): boolean {
  return sameToken(bearerOf(req.headers.authorization), adminToken);
}

/** The name reports file an exchange under: the operation's name, else its first root field. */
function operationLabel(request: ValidRequest | InvalidRequest): string {
  if (!request.ok) return request.body?.operationName ?? 'invalid-request';
  if (request.operationName) return request.operationName;
  const op = getOperationAST(request.document, undefined);
  const first = op?.selectionSet.selections.find((s) => s.kind === 'Field');
  return first?.kind === 'Field' ? first.name.value : 'anonymous';
}

/** A client-chosen label as one printable line of at most 200 characters. */
function printable(label: string): string {
  const escaped = label.replace(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > 200 ? `${escaped.slice(0, 200)}…` : escaped;
}

function judgedResponse(
  status: number,
  headers: Record<string, string>,
  raw: Buffer,
  accept: string | undefined,
): JudgedResponse {
  const text = raw.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  // An answer nested deeper than any selection can be is judged as text: no recursive code sees it.
  if (nestsDeeperThan(body, MAX_NESTING + 2)) body = undefined;
  // The client's Accept holds the answer to its one media type, as the runner's `accept` steps (A-575).
  const asked = onlyMediaTypeAsked(accept);
  return {
    status,
    contentType: headers['content-type'] ?? '',
    body,
    text,
    ...(asked ? { mediaTypeAsked: asked } : {}),
    ...(headers['cache-control'] !== undefined ? { cacheControl: headers['cache-control'] } : {}),
  };
}

/** One difference as the 422/502 answers of `--fail-on` carry it in `errors[].extensions`. */
function violationError(d: Difference): EnvelopeError {
  return {
    message: d.message,
    extensions: {
      code: CODE.CONTRACT_VIOLATION,
      path: d.path,
      kind: d.kind,
      severity: d.severity,
      level: d.level,
      expected: d.expected,
      actual: d.actual,
      basis: [...d.basis.spec, ...d.basis.assumptions],
      restsOn: d.restsOn,
    },
  };
}

/**
 * Starts a validating proxy (Prism's proxy mode, for GraphQL): every request to the listen path is
 * checked against the revision's contract, forwarded unchanged to the upstream, and its answer judged
 * as the runner judges a step. The answer goes back as the upstream gave it; with `failOn`, a request
 * the contract refuses is answered 422 without being forwarded (the client's problem) and an answer
 * that breaks the contract 502 (the upstream's), each carrying the differences (A-227).
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const listenPath = options.listenPath ?? upstream.pathname;
  const schema = buildRevisionSchema(options.revision);
  const adminToken = options.adminToken ?? DEFAULT_ADMIN_TOKEN;
  const maxEntryBytes = options.journal?.maxEntryBytes ?? DEFAULT_JOURNAL_ENTRY_BYTES;
  const recorder = options.recorder;
  const journal = new ProxyJournal({
    upstream: options.upstreamLabel ?? `${upstream.protocol}//${upstream.host}${upstream.pathname}`,
    isSimulator: options.isSimulator ?? false,
    revision: options.revision,
    ...options.journal,
    notes: () => (recorder?.stopped ? [`recording stopped: ${recorder.stopped}`] : []),
  });
  // Reports show what recordings show: personal data replaced (with the recording's key when recording).
  const scrubber = new PersonalDataScrubber(
    schema,
    recorder?.pseudonyms ?? new Pseudonymizer(randomBytes(32)),
  );
  const budget = new InFlight(options.maxInFlightBytes ?? DEFAULT_PROXY_IN_FLIGHT_BYTES);
  const largeLane = new Lane();
  if (recorder) recorder.onStop = (message) => options.onWarning?.(message);

  let seq = 0;
  const record = (exchange: RawExchange): void => {
    try {
      recorder?.record(exchange);
    } catch (error) {
      options.onWarning?.(`exchange ${exchange.seq} not recorded: ${(error as Error).message}`);
    }
  };

  const reports = (): Reports => renderReports(journal.result(), journal.secrets());

  /** A difference as the journal and the console show it: personal data in its values replaced. */
  const scrubbedDifference = (d: Difference): Difference => ({
    ...d,
    message: scrubber.value(d.message) as string,
    expected: scrubber.value(d.expected),
    actual: scrubber.value(d.actual),
  });

  const exchange = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    // The edge's reader: a body over the limit, or with no room in the in-flight budget, is answered
    // as soon as that is known and the connection closed rather than the rest read (A-400, A-550).
    const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_PROXY_BODY_BYTES;
    const read = await readBodyBytes(req, maxBodyBytes, budget);
    if (!read.ok) {
      sendAnswer(res, refusalAnswer(read, maxBodyBytes), read.unread);
      return;
    }
    const raw = read.bytes;
    try {
      // A large body is scanned, not parsed whole, but the variables its operation declares may still
      // be large once parsed (an array of empty objects: ~20x its bytes): large requests are handled one
      // at a time, so a flood holds at most one of them parsed (A-220).
      if (raw.length > LARGE_REQUEST_BYTES) await largeLane.run(() => handle(req, res, url, raw));
      else await handle(req, res, url, raw);
    } finally {
      budget.give(raw.length);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer): Promise<void> => {
    const method = req.method ?? 'GET';
    const headers = forwardedHeaders(req.headers);
    if (method !== 'GET' && method !== 'POST') {
      // CORS preflights and the like carry no GraphQL: passed through, neither checked nor journaled.
      const passed = await forward(
        `${upstream.origin}${upstream.pathname}${url.search}`,
        method,
        headers,
        raw,
        options.timeoutMs ?? 30_000,
        options.fetchFn,
        options.maxAnswerBytes,
      );
      if (typeof passed === 'string') {
        sendError(res, CODE.BAD_GATEWAY, `the upstream could not be reached: ${passed}`);
        return;
      }
      if ('tooLarge' in passed) {
        sendError(res, CODE.BAD_GATEWAY, tooLargeMessage(passed));
        return;
      }
      sendAnswer(res, passed);
      return;
    }
    const request = checkRequest(schema, method, url, raw);
    if (!request.ok && request.limit !== undefined) {
      // Not even checked, so not forwarded: the upstream is spared a document the proxy cannot walk.
      sendError(res, CODE.LIMIT_EXCEEDED, `the proxy refuses this request: ${request.limit}`, 400);
      return;
    }
    const n = ++seq;
    // The label is the client's text: personal data replaced, control characters escaped (a newline
    // would forge a line on the console), and cut, before any report or console line shows it.
    const operation = printable(scrubber.value(operationLabel(request)) as string);
    const ids = { scenarioId: scenarioIdOf(operation), stepId: stepIdOf(n) };
    const target = `${upstream.origin}${upstream.pathname}${url.search}`;
    const recorded = {
      method: 'POST' as const,
      url: `${upstream.origin}${upstream.pathname}`,
      headers: maskHeaders(headers),
      // Reports show the request as recordings do; a body over the journal's cap is cut there anyway.
      body:
        request.body && raw.length <= maxEntryBytes
          ? scrubber.request(request.body).body
          : (request.body ?? { query: '' }),
    };
    // Every exchange goes to the journal, to whoever listens, and (scrubbed) to the recording.
    const keep = (
      entry: JournalEntry,
      answered: Pick<RawExchange, 'response' | 'durationMs'>,
      responseBytes: number,
    ): void => {
      const shown: JournalEntry = { ...entry, differences: entry.differences.map(scrubbedDifference) };
      journal.add(shown, raw.length, responseBytes, secretValues(headers));
      options.onExchange?.(shown);
      record({
        seq: n,
        operation,
        method,
        requestHeaders: headers,
        ...(request.body ? { requestBody: request.body } : {}),
        ...answered,
        differences: entry.differences.length,
        wireBytes: raw.length + responseBytes,
      });
    };
    const failing = (differences: Difference[]): Difference[] =>
      options.failOn === 'any'
        ? differences
        : options.failOn === 'breaking'
          ? differences.filter((d) => d.severity === 'breaking')
          : [];
    if (!request.ok && options.failOn) {
      // The client's problem (Prism's 422): answered here with the differences, never forwarded.
      const refused = checkExchange(
        schema,
        options.revision,
        request,
        {
          status: 422,
          contentType: 'application/json',
          body: { errors: [{ message: 'refused' }] },
          text: '',
        },
        ids,
      );
      const shown = failing(refused);
      if (shown.length > 0) {
        keep({ seq: n, operation, request: recorded, differences: refused }, { durationMs: 0 }, 0);
        sendAnswer(res, envelopeAnswer({ errors: shown.map(scrubbedDifference).map(violationError) }));
        return;
      }
    }
    const answer = await forward(
      target,
      method,
      headers,
      raw,
      options.timeoutMs ?? 30_000,
      options.fetchFn,
      options.maxAnswerBytes,
    );
    if (typeof answer === 'string' || 'tooLarge' in answer) {
      const failure = typeof answer === 'string' ? answer : tooLargeMessage(answer);
      const entry: JournalEntry = {
        seq: n,
        operation,
        request: recorded,
        networkError: failure,
        differences: [],
      };
      keep(entry, { durationMs: 0 }, 0);
      sendError(
        res,
        CODE.BAD_GATEWAY,
        typeof answer === 'string' ? `the upstream could not be reached: ${answer}` : failure,
      );
      return;
    }
    const judged = judgedResponse(answer.status, answer.headers, answer.body, req.headers.accept);
    const differences = checkExchange(schema, options.revision, request, judged, ids);
    const small = answer.body.length <= maxEntryBytes;
    const entry: JournalEntry = {
      seq: n,
      operation,
      request: recorded,
      response: {
        status: answer.status,
        contentType: judged.contentType,
        // A long session keeps only the bodies of answers the reports need to show, scrubbed.
        ...(differences.length === 0
          ? {}
          : judged.body !== undefined
            ? { body: small ? scrubber.response(judged.body, request.body) : judged.body }
            : { text: scrubber.value(judged.text.slice(0, 2000)) as string }),
        durationMs: answer.durationMs,
        attempts: 1,
      },
      differences,
    };
    keep(
      entry,
      {
        response: {
          status: answer.status,
          headers: answer.headers,
          ...(judged.body !== undefined ? { body: judged.body } : {}),
        },
        durationMs: answer.durationMs,
      },
      answer.body.length,
    );
    const broken = failing(differences);
    if (broken.length > 0) {
      // A request the contract refuses is the client's (422) even when it was forwarded; the rest is the upstream's.
      const clients = broken.every((d) => d.kind === 'invalid-request');
      const errors = broken.map(scrubbedDifference).map(violationError);
      sendAnswer(res, envelopeAnswer({ errors }, clients ? 422 : 502));
      return;
    }
    sendAnswer(res, answer);
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const work = async (): Promise<void> => {
      if (url.pathname.startsWith(PROXY_CONTROL_PREFIX) && !hasAdminToken(req, adminToken)) {
        const refused = errorAnswer(
          CODE.UNAUTHENTICATED,
          "The proxy's control routes need the admin bearer token.",
        );
        refused.headers['www-authenticate'] = 'Bearer realm="rm-harness proxy"';
        await answerBodyUnread(req, res, refused);
        return;
      }
      if (url.pathname === PROXY_REPORTS_PATH) {
        const text =
          req.method === 'POST'
            ? JSON.stringify({
                files: Object.values(writeReports(options.reportDir, reports())),
                summary: journal.result().summary,
              })
            : reports().json;
        await answerBodyUnread(req, res, jsonAnswer(200, text));
        return;
      }
      if (url.pathname !== listenPath) {
        await answerBodyUnread(
          req,
          res,
          errorAnswer(
            CODE.NOT_FOUND,
            `no GraphQL endpoint at ${url.pathname} (the proxy answers at ${listenPath})`,
          ),
        );
        return;
      }
      await exchange(req, res, url);
    };
    work().catch((error: unknown) => {
      if (!res.headersSent)
        sendError(res, CODE.INTERNAL_SERVER_ERROR, `proxy failure: ${(error as Error).message}`);
      else res.destroy();
    });
  };

  const server = await listen(handler, options.host ?? '127.0.0.1', options.port ?? 4100);
  return {
    url: server.url,
    endpoint: `${server.url}${listenPath}`,
    result: () => journal.result(),
    writeReports: () => Object.values(writeReports(options.reportDir, reports())),
    close: () => server.close(),
  };
}
