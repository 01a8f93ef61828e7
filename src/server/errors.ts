import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { storeFailureOf, storeUnavailable } from '../simulator/index.js';
import { errorBody } from './http.js';

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
}

/** The answer to an error no route answered: status, extra headers and the GraphQL error envelope. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * What the last resort answers for an error of the HTTP layer (body too large, unreadable body) or of
 * store opening: the envelope with the matching code; anything else is logged and answered 500.
 */
export function errorAnswer(
  error: unknown,
  maxBodyBytes: number,
  log: (message: string) => void,
): ErrorAnswer {
  const status = httpStatusOf(error);
  const envelope = (code: number, message: string, name: string): ErrorAnswer => ({
    status: code,
    headers: {},
    body: JSON.stringify(errorBody(message, name)),
  });
  if (status === 413)
    return envelope(413, `Request body is larger than ${maxBodyBytes} bytes (A-59).`, 'LIMIT_EXCEEDED');
  if (status >= 400 && status < 500)
    return envelope(status, `Bad request: ${(error as Error).message}`, 'BAD_REQUEST');
  if (storeFailureOf(error)) {
    const unavailable = storeUnavailable(error)!;
    log(`store failure: ${(error as Error).message}`);
    const retryAfter = unavailable.extensions['retryAfter'];
    return {
      status: 503,
      headers: typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {},
      body: JSON.stringify({ errors: [unavailable.toJSON()] }),
    };
  }
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return envelope(500, 'Internal server error.', 'INTERNAL_SERVER_ERROR');
}

/**
 * The last-resort express error handler of the simulator and the mock: errors of express itself (body
 * too large, unreadable body) and of store opening, each answered with the GraphQL error envelope.
 */
export function lastResortHandler(maxBodyBytes: number, log: (message: string) => void) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const answer = errorAnswer(error, maxBodyBytes, log);
    res.set(answer.headers);
    // Through express's send (as before), so these answers keep its headers (ETag, content length).
    res.status(answer.status).type('application/json').send(answer.body);
  };
}

/**
 * Sends an {@link ErrorAnswer} with node:http alone (the GraphQL fast path, which has no express
 * response), with the headers express's send gives it (`etag` is the app's `etag fn`).
 */
export function sendErrorAnswer(
  res: ServerResponse,
  answer: ErrorAnswer,
  etag?: (body: string, encoding: BufferEncoding) => string,
): void {
  res.writeHead(answer.status, {
    ...answer.headers,
    ...(etag ? { ETag: etag(answer.body, 'utf8') } : {}),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(answer.body)),
  });
  res.end(answer.body);
}
