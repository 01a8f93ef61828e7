import { storeFailureOf, storeUnavailable } from '../simulator/index.js';
import { CODE } from '../contract/error-codes.js';
import { errorAnswer as catalogueAnswer, type ErrorAnswer } from '../contract/error-envelope.js';

export type { ErrorAnswer };

function httpStatusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
}

/**
 * What the edge and the last resort answer for an error of the HTTP layer (body too large, unreadable
 * body) or of store opening: the catalogue's envelope with the matching code (and its `Retry-After`); anything else is
 * logged and answered 500.
 */
export function failureAnswer(
  error: unknown,
  maxBodyBytes: number,
  log: (message: string) => void,
): ErrorAnswer {
  const status = httpStatusOf(error);
  if (status === 413)
    return catalogueAnswer(CODE.LIMIT_EXCEEDED, `Request body is larger than ${maxBodyBytes} bytes (A-59).`, {
      status: 413,
    });
  if (status >= 400 && status < 500)
    return catalogueAnswer(CODE.BAD_REQUEST, `Bad request: ${(error as Error).message}`, { status });
  if (storeFailureOf(error)) {
    const unavailable = storeUnavailable(error)!;
    log(`store failure: ${(error as Error).message}`);
    // The code comes first, then the cause and `retryAfter` (which the builder turns into Retry-After).
    const { code, ...extensions } = unavailable.extensions;
    const storeCode = code === CODE.STORE_LOCKED ? CODE.STORE_LOCKED : CODE.STORE_UNAVAILABLE;
    return catalogueAnswer(storeCode, unavailable.message, { status: 503, extensions });
  }
  log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return catalogueAnswer(CODE.INTERNAL_SERVER_ERROR, 'Internal server error.', { status: 500 });
}
