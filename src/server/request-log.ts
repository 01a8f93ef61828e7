import { createRequire } from 'node:module';
import type * as Pino from 'pino';
import type * as PinoPretty from 'pino-pretty';
import type { JournalEntry } from './journal.js';

const require = createRequire(import.meta.url);

/** How `serve` writes its per-request log lines. */
export type LogFormat = 'pretty' | 'json';

/** Log formats `--log-format` accepts. */
export const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

/** Where log lines go: anything with a `write` (stdout, a test's capture). */
export interface LogSink {
  write(text: string): unknown;
}

/**
 * One structured line per journaled request, through pino: `json` writes pino's NDJSON as is; `pretty`
 * formats each line with pino-pretty in the same thread (a synchronous stream, no worker transport),
 * so a line is out before the next request is handled.
 */
export function requestLogger(format: LogFormat, sink: LogSink): (entry: JournalEntry) => void {
  let log: ((entry: JournalEntry) => void) | undefined;
  // pino and pino-pretty (~50 modules) load with the first line, which is written once its answer is
  // sent: `serve` answers its first request without waiting for them. Both are CommonJS, so the
  // synchronous require keeps each line out before the next request is handled.
  return (entry) => (log ??= pinoLogger(format, sink))(entry);
}

function pinoLogger(format: LogFormat, sink: LogSink): (entry: JournalEntry) => void {
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
  const logger = pino(
    { base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    { write: (line: string) => sink.write(prettify ? prettify(line) : line) },
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
