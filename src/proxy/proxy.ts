import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST } from 'graphql';
import { buildRevisionSchema } from '../contract/generate.js';
import type { Version } from '../contract/versions.js';
import type { JudgedResponse } from '../conformance/judge/judge.js';
import { renderReports, writeReports } from '../conformance/report/write.js';
import type { Difference } from '../conformance/results/differences.js';
import { maskHeaders, secretValues } from '../conformance/results/mask.js';
import type { RunResult } from '../conformance/results/run-result.js';
import { listen } from '../server/index.js';
import { checkExchange } from './check-exchange.js';
import { forward, forwardedHeaders } from './forward.js';
import { ProxyJournal, scenarioIdOf, stepIdOf, type JournalEntry } from './journal.js';
import type { RawExchange, Recorder } from './recording/recorder.js';
import { checkRequest, type InvalidRequest, type ValidRequest } from './request-check.js';

/** Which differences turn the upstream's answer into an HTTP 502. */
export type FailOn = 'breaking' | 'any';

/** Where the proxy's own control endpoint lives (outside any GraphQL path). */
export const PROXY_REPORTS_PATH = '/__proxy/reports';

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
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
  /** Told after each exchange (console output). */
  onExchange?: (entry: JournalEntry) => void;
  /** Told when an exchange could not be recorded; the exchange itself goes on. */
  onWarning?: (message: string) => void;
  fetchFn?: typeof fetch;
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

const MAX_BODY = 1024 * 1024 * 10;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function errorEnvelope(message: string, code: string, extra: Record<string, unknown> = {}): unknown {
  return { errors: [{ message, extensions: { code, ...extra } }] };
}

async function readBody(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The name reports file an exchange under: the operation's name, else its first root field. */
function operationLabel(request: ValidRequest | InvalidRequest): string {
  if (!request.ok) return request.body?.operationName ?? 'invalid-request';
  if (request.operationName) return request.operationName;
  const op = getOperationAST(request.document, undefined);
  const first = op?.selectionSet.selections.find((s) => s.kind === 'Field');
  return first?.kind === 'Field' ? first.name.value : 'anonymous';
}

function judgedResponse(status: number, headers: Record<string, string>, raw: Buffer): JudgedResponse {
  const text = raw.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, contentType: headers['content-type'] ?? '', body, text };
}

/** One difference as the 502 answer of `--fail-on` carries it in `errors[].extensions`. */
function violationError(d: Difference): unknown {
  return {
    message: d.message,
    extensions: {
      code: 'CONTRACT_VIOLATION',
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
 * as the runner judges a step. The answer goes back as the upstream gave it, or as HTTP 502 carrying
 * the differences when `failOn` says so.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const listenPath = options.listenPath ?? upstream.pathname;
  const schema = buildRevisionSchema(options.revision);
  const journal = new ProxyJournal({
    upstream: options.upstreamLabel ?? `${upstream.protocol}//${upstream.host}${upstream.pathname}`,
    isSimulator: options.isSimulator ?? false,
    revision: options.revision,
  });
  const secrets = new Set<string>();
  let seq = 0;
  const record = (exchange: RawExchange): void => {
    try {
      options.recorder?.record(exchange);
    } catch (error) {
      options.onWarning?.(`exchange ${exchange.seq} not recorded: ${(error as Error).message}`);
    }
  };

  const reports = (): Record<'json' | 'junit' | 'markdown' | 'html', string> =>
    renderReports(journal.result(), [...secrets]);

  const exchange = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const raw = await readBody(req, options.maxBodyBytes ?? MAX_BODY);
    if (raw === undefined) {
      sendJson(res, 413, errorEnvelope('the request body is too large for the proxy', 'LIMIT_EXCEEDED'));
      return;
    }
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
      );
      if (typeof passed === 'string') {
        sendJson(res, 502, errorEnvelope(`the upstream could not be reached: ${passed}`, 'BAD_GATEWAY'));
        return;
      }
      res.writeHead(passed.status, { ...passed.headers, 'content-length': passed.body.length });
      res.end(passed.body);
      return;
    }
    for (const s of secretValues(headers)) secrets.add(s);
    const request = checkRequest(schema, method, url, raw);
    const n = ++seq;
    const operation = operationLabel(request);
    const ids = { scenarioId: scenarioIdOf(operation), stepId: stepIdOf(n) };
    const target = `${upstream.origin}${upstream.pathname}${url.search}`;
    const recorded = {
      method: 'POST' as const,
      url: `${upstream.origin}${upstream.pathname}`,
      headers: maskHeaders(headers),
      body: request.body ?? { query: '' },
    };
    // Every exchange goes to the journal, to whoever listens, and (scrubbed) to the recording.
    const keep = (entry: JournalEntry, answered: Pick<RawExchange, 'response' | 'durationMs'>): void => {
      journal.add(entry);
      options.onExchange?.(entry);
      record({
        seq: n,
        operation,
        method,
        requestHeaders: headers,
        ...(request.body ? { requestBody: request.body } : {}),
        ...answered,
        differences: entry.differences.length,
      });
    };
    const answer = await forward(target, method, headers, raw, options.timeoutMs ?? 30_000, options.fetchFn);
    if (typeof answer === 'string') {
      const entry: JournalEntry = {
        seq: n,
        operation,
        request: recorded,
        networkError: answer,
        differences: [],
      };
      keep(entry, { durationMs: 0 });
      sendJson(res, 502, errorEnvelope(`the upstream could not be reached: ${answer}`, 'BAD_GATEWAY'));
      return;
    }
    const judged = judgedResponse(answer.status, answer.headers, answer.body);
    const differences = checkExchange(schema, options.revision, request, judged, ids);
    const entry: JournalEntry = {
      seq: n,
      operation,
      request: recorded,
      response: {
        status: answer.status,
        contentType: judged.contentType,
        // A long session keeps only the bodies of answers the reports need to show.
        ...(differences.length === 0
          ? {}
          : judged.body !== undefined
            ? { body: judged.body }
            : { text: judged.text.slice(0, 2000) }),
        durationMs: answer.durationMs,
        attempts: 1,
      },
      differences,
    };
    keep(entry, {
      response: {
        status: answer.status,
        headers: answer.headers,
        ...(judged.body !== undefined ? { body: judged.body } : {}),
      },
      durationMs: answer.durationMs,
    });
    const failing =
      options.failOn === 'any'
        ? differences
        : options.failOn === 'breaking'
          ? differences.filter((d) => d.severity === 'breaking')
          : [];
    if (failing.length > 0) {
      sendJson(res, 502, { errors: failing.map(violationError) });
      return;
    }
    res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    res.end(answer.body);
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const work = async (): Promise<void> => {
      if (url.pathname === PROXY_REPORTS_PATH) {
        if (req.method === 'POST') {
          sendJson(res, 200, {
            files: writeReports(options.reportDir, reports()),
            summary: journal.result().summary,
          });
        } else {
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(reports().json);
        }
        return;
      }
      if (url.pathname !== listenPath) {
        sendJson(
          res,
          404,
          errorEnvelope(
            `no GraphQL endpoint at ${url.pathname} (the proxy answers at ${listenPath})`,
            'NOT_FOUND',
          ),
        );
        return;
      }
      await exchange(req, res, url);
    };
    work().catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(
          res,
          500,
          errorEnvelope(`proxy failure: ${(error as Error).message}`, 'INTERNAL_SERVER_ERROR'),
        );
      else res.destroy();
    });
  };

  const server = await listen(handler, options.host ?? '127.0.0.1', options.port ?? 4100);
  return {
    url: server.url,
    endpoint: `${server.url}${listenPath}`,
    result: () => journal.result(),
    writeReports: () => writeReports(options.reportDir, reports()),
    close: () => server.close(),
  };
}
