import type { NextFunction, Request, Response } from 'express';
import { storeFailureOf, storeUnavailable } from '../simulator/index.js';
import { sendError } from './http.js';

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
}

/**
 * The last-resort express error handler of the simulator and the mock: errors of express itself (body
 * too large, unreadable body) and of store opening, each answered with the GraphQL error envelope.
 */
export function lastResortHandler(maxBodyBytes: number, log: (message: string) => void) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const status = httpStatusOf(error);
    if (status === 413) {
      sendError(res, 413, `Request body is larger than ${maxBodyBytes} bytes (A-59).`, 'LIMIT_EXCEEDED');
    } else if (status >= 400 && status < 500) {
      sendError(res, status, `Bad request: ${(error as Error).message}`, 'BAD_REQUEST');
    } else if (storeFailureOf(error)) {
      const unavailable = storeUnavailable(error)!;
      log(`store failure: ${(error as Error).message}`);
      const retryAfter = unavailable.extensions['retryAfter'];
      if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
      res
        .status(503)
        .type('application/json')
        .send(JSON.stringify({ errors: [unavailable.toJSON()] }));
    } else {
      log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendError(res, 500, 'Internal server error.', 'INTERNAL_SERVER_ERROR');
    }
  };
}
