import { GraphQLError } from 'graphql';
import { storeFailureOf, StoreQuotaError } from '../../store/index.js';
import { CODE, ERROR_CODES } from '../../contract/error-codes.js';
import { retryAfterOf } from '../../contract/error-envelope.js';

/** Seconds a client should wait before retrying a store that failed for a reason that can pass (A-241). */
export const STORE_RETRY_AFTER_SECONDS = ERROR_CODES.STORE_UNAVAILABLE.retryAfter.seconds;

/**
 * The GraphQL error a store failure answers with: `STORE_UNAVAILABLE`, its cause, whether to retry (A-241);
 * `STORE_LOCKED` and when the owner's lease runs out for a store another process holds (A-460).
 */
export function storeUnavailable(err: unknown): GraphQLError | undefined {
  const failure = storeFailureOf(err);
  if (!failure) return undefined;
  if (failure.reason === 'locked') {
    // The owner (a host name, a pid) is the operator's business: the message goes to the server log.
    const seconds = failure.retryAfterSeconds ?? STORE_RETRY_AFTER_SECONDS;
    return new GraphQLError(
      `The tenant store is open in another process; nothing was written; retry after ${seconds} s.`,
      { extensions: { code: CODE.STORE_LOCKED, retryAfter: seconds } },
    );
  }
  const what = {
    'no-space': 'its disk is full',
    'read-only': 'its files cannot be written',
    corrupt: 'its files are damaged',
    io: 'a disk operation failed',
  }[failure.reason];
  const retry = failure.retryable ? `; retry after ${STORE_RETRY_AFTER_SECONDS} s` : '';
  return new GraphQLError(`The tenant store is unavailable: ${what}; nothing was written${retry}.`, {
    extensions: {
      code: CODE.STORE_UNAVAILABLE,
      cause: failure.reason,
      ...(failure.retryable ? { retryAfter: STORE_RETRY_AFTER_SECONDS } : {}),
    },
  });
}

/** Per request context: the `Retry-After` its executed result asks for (A-341). */
const retryAfters = new WeakMap<object, number>();

/**
 * Notes what an executed result's errors ask of a retry: a store failure that can pass asks for the
 * catalogue's delay. The answer keeps its status (it carries `data`, GraphQL over HTTP) and the HTTP
 * adapter adds `Retry-After` from {@link executedRetryAfter} (A-341).
 */
export function noteRetryAfter(context: unknown, errors: readonly GraphQLError[] | undefined): void {
  if (!errors || typeof context !== 'object' || context === null) return;
  let seconds: number | undefined;
  for (const error of errors) {
    const extensions = storeUnavailable(error.originalError)?.extensions;
    const asked = extensions ? retryAfterOf(extensions) : undefined;
    if (asked !== undefined) seconds = Math.max(seconds ?? 0, asked);
  }
  if (seconds !== undefined) retryAfters.set(context, seconds);
}

/** Seconds of the `Retry-After` the answer to the request of this context carries, if any (A-341). */
export function executedRetryAfter(context: unknown): number | undefined {
  return typeof context === 'object' && context !== null ? retryAfters.get(context) : undefined;
}

/** The answer to a write refused by a store quota: which quota, its maximum, and no `Retry-After` (A-522). */
function quotaExceeded(quota: StoreQuotaError, err: GraphQLError): GraphQLError {
  return new GraphQLError(
    `The tenant's store would pass its quota of ${quota.maximum} ${quota.quota}; nothing was written. Remove ${quota.quota === 'records' ? 'records' : 'data'} or ask for a larger quota.`,
    {
      path: err.path,
      nodes: err.nodes,
      extensions: { code: CODE.QUOTA_EXCEEDED, quota: quota.quota, maximum: quota.maximum },
    },
  );
}

/** graphql-js's request errors get the codes of A-58, so clients can branch without parsing messages. */
function withRequestCode(err: GraphQLError): GraphQLError {
  const code = err.message.startsWith('Syntax Error')
    ? CODE.GRAPHQL_PARSE_FAILED
    : err.message.startsWith('Variable "$')
      ? CODE.BAD_USER_INPUT
      : CODE.GRAPHQL_VALIDATION_FAILED;
  return new GraphQLError(err.message, {
    nodes: err.nodes,
    source: err.source,
    positions: err.positions,
    originalError: err.originalError,
    extensions: { ...err.extensions, code },
  });
}

/**
 * GraphQL errors the domain raised on purpose (they carry `extensions.code`) and graphql-js's own parse,
 * validation and coercion errors reach the client as they are (the latter with a code); an error thrown
 * by a resolver for any other reason is a bug: logged with its stack and masked (A-58).
 */
export function maskInternal(
  err: Readonly<GraphQLError | Error>,
  log: (message: string) => void,
): GraphQLError | Error {
  // graphql-http reports a malformed request (unparsable body, missing query …) as a plain Error; graphql-js
  // wraps everything a resolver throws in a GraphQLError. So a plain Error here is the client's.
  if (!(err instanceof GraphQLError)) {
    return new GraphQLError(`Bad request: ${err.message}.`, { extensions: { code: CODE.BAD_REQUEST } });
  }
  // graphql-jit's errors may come without `extensions`.
  const code: unknown = err.extensions?.['code'];
  if (!code && !err.path) return withRequestCode(err);
  const original = err.originalError;
  if (!original || original instanceof GraphQLError || code) return err;
  const path = err.path;
  if (original instanceof StoreQuotaError) return quotaExceeded(original, err);
  const unavailable = storeUnavailable(original);
  if (unavailable) {
    log(`store failure${path ? ` at ${path.join('.')}` : ''}: ${original.message}`);
    return new GraphQLError(unavailable.message, {
      path,
      nodes: err.nodes,
      extensions: unavailable.extensions,
    });
  }
  log(`internal error${path ? ` at ${path.join('.')}` : ''}: ${original.stack ?? original.message}`);
  return new GraphQLError('Internal server error.', {
    path,
    nodes: err.nodes,
    extensions: { code: CODE.INTERNAL_SERVER_ERROR },
  });
}
