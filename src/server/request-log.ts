import { createRequire } from 'node:module';
import type * as Pino from 'pino';
import type * as PinoPretty from 'pino-pretty';
import { escapeControl } from '../secrets/index.js';
import type { JournalHead } from './journal.js';

const require = createRequire(import.meta.url);

/** How `serve` writes its per-request log lines. */
export type LogFormat = 'pretty' | 'json';

/** Log formats `--log-format` accepts. */
export const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

/** Where log lines go: anything with a `write` (stdout, a test's capture). */
export interface LogSink {
  write(text: string): unknown;
}

/** The per-request log: call it with each finished request's head; `close` writes out what is held. */
export interface RequestLogger {
  (entry: JournalHead): void;
  /** Resolves once every line logged so far has been written (call before the process exits). */
  close(): Promise<void>;
  /**
   * Resolves once the lines logged so far have left for their sink, the log staying open: what a
   * process writes to the same stdout next then comes after them.
   */
  flush(): Promise<void>;
}

/** Most characters of log lines held before they are written at once (injected sinks). */
const MAX_HELD_CHARS = 64 * 1024;

/**
 * Bytes of JSON lines held before they are written to stdout at once (about a hundred lines): each write
 * is a round trip through libuv's thread pool, which cost more than the lines of 4 KiB it carried.
 */
const HELD_BYTES = 32 * 1024;

/** Longest a JSON line is held before it is written (a quiet server's line shows this late at most). */
const FLUSH_EVERY_MS = 100;

/** Longest wait for the pretty worker to finish when the log closes. */
const CLOSE_WAIT_MS = 5_000;

/** The options of pino-pretty: one line per request, the time of day, no pid or host. */
const PRETTY = {
  singleLine: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname',
} as const;

/**
 * One structured line per journaled request, through pino. On the process's stdout the lines leave the
 * request's thread: `json` through pino's asynchronous destination (sonic-boom), `pretty` through pino's
 * worker-thread transport running pino-pretty (colour when stdout is a terminal). An injected sink (a
 * test, a programmatic caller) gets the lines of one turn of the event loop in one write at its end,
 * `pretty` ones formatted then.
 */
export function requestLogger(format: LogFormat, sink: LogSink): RequestLogger {
  let logger: Built | undefined;
  // pino and pino-pretty (~50 modules) load with the first line, which is written once its answer is
  // sent: `serve` answers its first request without waiting for them. Both are CommonJS, so a
  // synchronous require loads them inside the first call and no line is ever waiting on an import.
  const log = ((entry: JournalHead) => {
    logger ??= build(format, sink);
    logLine(logger.pino, entry);
  }) as RequestLogger;
  log.close = () => logger?.close() ?? Promise.resolve();
  log.flush = () => logger?.flush() ?? Promise.resolve();
  return log;
}

interface Built {
  pino: Pino.Logger;
  close(): Promise<void>;
  flush(): Promise<void>;
}

function build(format: LogFormat, sink: LogSink): Built {
  const { pino } = require('pino') as typeof Pino;
  const options = { base: undefined, timestamp: isoTimeByMillisecond() };
  if (sink === process.stdout) {
    if (format === 'json') {
      // Buffer mode: a line joins the held ones as bytes. In text mode sonic-boom measures the byte length
      // of all the held text for every line, and it grows while a write to a slow pipe is under way: that
      // was two thirds of a line's cost under load. Each line is encoded once, here. Lines are held until
      // HELD_BYTES have gathered or for at most FLUSH_EVERY_MS.
      const destination = pino.destination({
        fd: 1,
        sync: false,
        contentMode: 'buffer',
        minLength: HELD_BYTES,
        maxWrite: 2 * HELD_BYTES,
        periodicFlush: FLUSH_EVERY_MS,
      });
      const bytes = { write: (line: string) => destination.write(Buffer.from(line) as unknown as string) };
      const flush = () =>
        new Promise<void>((resolve) => {
          // A flush while nothing is held would throw in sonic-boom; nothing to wait for then.
          try {
            destination.flush(() => resolve());
          } catch {
            resolve();
          }
        });
      return { pino: pino(options, bytes), close: flush, flush };
    }
    const transport = pino.transport({
      target: 'pino-pretty',
      options: { ...PRETTY, destination: 1, colorize: process.stdout.isTTY === true },
    });
    return {
      pino: pino(options, transport),
      close: () =>
        new Promise<void>((resolve) => {
          // The worker is unreferenced: referenced again so the process waits for it to write its last
          // lines and exit ('close'); a worker that never exits does not hold the process for long.
          const timer = setTimeout(resolve, CLOSE_WAIT_MS);
          transport.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          // thread-stream has ref(); pino's typings of the transport leave it out.
          (transport as unknown as { ref(): void }).ref();
          transport.end();
        }),
      // thread-stream's flush waits until the worker has taken every line written so far.
      flush: () =>
        new Promise<void>((resolve) => {
          (transport as unknown as { flush(cb: () => void): void }).flush(() => resolve());
        }),
    };
  }
  const { prettyFactory } = require('pino-pretty') as typeof PinoPretty;
  const prettify = format === 'pretty' ? prettyFactory({ ...PRETTY, colorize: false }) : undefined;
  const write = batched(sink);
  return {
    pino: pino(options, { write: (line: string) => write.line(prettify ? prettify(line) : line) }),
    close: async () => write.flush(),
    flush: async () => write.flush(),
  };
}

/**
 * One write for the lines of one turn of the event loop: under load several requests finish per turn,
 * and a write per line to an injected sink cost more than the line.
 */
function batched(sink: LogSink): { line(text: string): void; flush(): void } {
  let held = '';
  const flush = () => {
    const text = held;
    held = '';
    if (text !== '') sink.write(text);
  };
  return {
    line: (text) => {
      if (held === '') setImmediate(flush);
      held += text;
      if (held.length >= MAX_HELD_CHARS) flush();
    },
    flush,
  };
}

/**
 * pino's `isoTime`, formatted once per millisecond: under load several requests finish in the same one,
 * and formatting a date was a sixth of a line's cost.
 */
function isoTimeByMillisecond(): () => string {
  let last = -1;
  let text = '';
  return () => {
    const now = Date.now();
    if (now !== last) {
      last = now;
      text = `,"time":"${new Date(now).toISOString()}"`;
    }
    return text;
  };
}

function logLine(logger: Pino.Logger, entry: JournalHead): void {
  const operation = entry.operation.name ?? entry.operation.fields.join(',');
  const fields = {
    requestId: entry.id,
    tenant: entry.tenant,
    region: entry.region,
    revision: entry.revision,
    operation: entry.operation.name,
    operationType: entry.operation.type,
    rootFields: entry.operation.fields,
    status: entry.status,
    durationMs: entry.durationMs,
    ...(entry.errorCodes.length ? { errorCodes: entry.errorCodes } : {}),
  };
  // The journal escaped what the client chose; escaped again here so no caller can forge a line.
  const message = escapeControl(
    `${entry.method} ${entry.path} ${entry.operation.type ?? '?'} ${operation || '(none)'} → ${entry.status} in ${entry.durationMs} ms`,
  );
  if (entry.status >= 500) logger.error(fields, message);
  else if (entry.status >= 400 || entry.errorCodes.length) logger.warn(fields, message);
  else logger.info(fields, message);
}
