import type { NextFunction, Request, Response } from 'express';
import { storeFailureOf, storeUnavailable } from '../simulator/index.js';
import { CODE } from '../contract/error-codes.js';
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
      sendError(res, 413, `Request body is larger than ${maxBodyBytes} bytes (A-59).`, CODE.LIMIT_EXCEEDED);
    } else if (status >= 400 && status < 500) {
      sendError(res, status, `Bad request: ${(error as Error).message}`, CODE.BAD_REQUEST);
    } else if (storeFailureOf(error)) {
      const unavailable = storeUnavailable(error)!;
      log(`store failure: ${(error as Error).message}`);
      // The code comes first, then the cause and `retryAfter` (which the builder turns into Retry-After).
      const { code: _code, ...extensions } = unavailable.extensions;
      sendError(res, 503, unavailable.message, CODE.STORE_UNAVAILABLE, extensions);
    } else {
      log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendError(res, 500, 'Internal server error.', CODE.INTERNAL_SERVER_ERROR);
    }
  };
}
