import { createRequire } from 'node:module';
import type * as Pino from 'pino';
import type * as PinoPretty from 'pino-pretty';
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

/** Most characters of log lines held before they are written at once. */
const MAX_HELD_CHARS = 64 * 1024;

/**
 * One write for the lines of one turn of the event loop: under load several requests finish per turn,
 * and a write to stdout (synchronous for files, pipes and terminals) per line cost more than the line.
 */
function batched(sink: LogSink): (text: string) => void {
  let held = '';
  const flush = () => {
    const text = held;
    held = '';
    if (text !== '') sink.write(text);
  };
  return (text) => {
    if (held === '') setImmediate(flush);
    held += text;
    if (held.length >= MAX_HELD_CHARS) flush();
  };
}

/**
 * One structured line per journaled request, through pino: `json` writes pino's NDJSON as is; `pretty`
 * formats each line with pino-pretty in the same thread (a synchronous stream, no worker transport).
 * The lines of one turn of the event loop go out together at its end, in order.
 */
export function requestLogger(format: LogFormat, sink: LogSink): (entry: JournalHead) => void {
  let log: ((entry: JournalHead) => void) | undefined;
  // pino and pino-pretty (~50 modules) load with the first line, which is written once its answer is
  // sent: `serve` answers its first request without waiting for them. Both are CommonJS, so a
  // synchronous require loads them inside the first call and no line is ever waiting on an import.
  return (entry) => (log ??= pinoLogger(format, sink))(entry);
}

function pinoLogger(format: LogFormat, sink: LogSink): (entry: JournalHead) => void {
  const { pino } = require('pino') as typeof Pino;
  const { prettyFactory } = require('pino-pretty') as typeof PinoPretty;
  const prettify =
    format === 'pretty'
      ? prettyFactory({
          colorize: false,
          singleLine: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
        })
      : undefined;
  const write = batched(sink);
  const logger = pino(
    { base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    { write: (line: string) => write(prettify ? prettify(line) : line) },
  );
  return (entry) => {
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
    const message = `${entry.method} ${entry.path} ${entry.operation.type ?? '?'} ${operation || '(none)'} → ${entry.status} in ${entry.durationMs} ms`;
    if (entry.status >= 500) logger.error(fields, message);
    else if (entry.status >= 400 || entry.errorCodes.length) logger.warn(fields, message);
    else logger.info(fields, message);
  };
}
