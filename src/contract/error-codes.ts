/**
 * The error catalogue: every `extensions.code` the simulator, the admin API, the stateless mock and the
 * validating proxy put in a GraphQL error, each defined once with its meaning, the HTTP status of an
 * answer whose outcome it is, and whether that answer carries `Retry-After`. Code
 * elsewhere names a code through {@link CODE} (a typo fails the type-check), never as a string: the
 * architecture test `test/architecture/error-codes.test.ts` refuses a quoted code outside this file, and
 * `npm run docs:reference` writes `docs/reference/error-codes.md` from it.
 */

/** What the catalogue says of one code. */
export interface ErrorCodeInfo {
  /** One sentence: what the client did, or what failed. */
  readonly meaning: string;
  /**
   * HTTP status of an answer whose outcome is this error. Errors raised while an operation executes
   * travel in `errors[]` beside `data`, with 200 (GraphQL over HTTP); `statusNote` says when that happens.
   */
  readonly status: number;
  /** How the status varies, when it does (shown in the reference beside the status). */
  readonly statusNote?: string;
  /**
   * The `Retry-After` header the answer carries, in seconds, when it carries one; `whenRetryable`: only
   * when the error's `extensions.retryAfter` says retrying can help (a store failure's cause, A-241).
   */
  readonly retryAfter?: { readonly seconds: number; readonly whenRetryable?: true };
}

/** Every code, in the order the reference lists them. */
export const ERROR_CODES = {
  GRAPHQL_PARSE_FAILED: {
    meaning: 'The document is not valid GraphQL syntax.',
    status: 400,
    statusNote: '200 with `Accept: application/json`',
  },
  GRAPHQL_VALIDATION_FAILED: {
    meaning:
      "The document does not validate against the revision's schema (for example a 1.4.0-only field asked of 1.2.0).",
    status: 400,
    statusNote: '200 with `Accept: application/json`',
  },
  BAD_USER_INPUT: {
    meaning:
      'An argument or variable value the operation refuses (paging out of range, an unknown id where one is required, a malformed date), or a business rule a mutation without `validationErrors` breaks (A-10).',
    status: 200,
    statusNote: 'a variable that does not coerce: 400, or 200 with `Accept: application/json`',
  },
  BAD_REQUEST: {
    meaning:
      'A request the server cannot read (a malformed GraphQL-over-HTTP envelope or body), or in the admin API an invalid tenant, clock, filter or fault rule.',
    status: 400,
    statusNote: '415 for a body in a charset or content encoding the server does not read',
  },
  UNAUTHENTICATED: {
    meaning:
      'No `Authorization: Bearer` token, or one no tenant has; on the admin API and the proxy control routes, not the admin token.',
    status: 401,
  },
  FORBIDDEN: {
    meaning:
      'A tenant token used on the admin API, `breakRules` on a simulator not started with `--allow-rule-breaking`, or a Host header outside `--allowed-hosts` on the admin API or the inspector ([security](../security.md)).',
    status: 403,
  },
  NOT_FOUND: {
    meaning: 'A path, or an admin API tenant or journal entry, that does not exist.',
    status: 404,
  },
  CONFLICT: {
    meaning: 'The admin API was asked to add a tenant whose id or token another tenant has.',
    status: 409,
  },
  METHOD_NOT_ALLOWED: {
    meaning: 'A method other than POST (or GET for queries) on a GraphQL endpoint.',
    status: 405,
  },
  NOT_ACCEPTABLE: {
    meaning:
      'An `Accept` header that allows neither `application/graphql-response+json` nor `application/json`.',
    status: 406,
  },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'A POST body that is not `application/json`.',
    status: 415,
  },
  LIMIT_EXCEEDED: {
    meaning:
      'A request over a configured limit: body size, depth, aliases, complexity, page size or response size ([limits](limits.md)).',
    status: 413,
    statusNote:
      'for a body over the limit; a document over a limit: 400, or 200 with `Accept: application/json`; a document the proxy will not walk: 400',
  },
  RATE_LIMITED: {
    meaning: 'An injected fault rule answering "too many requests".',
    status: 429,
    retryAfter: { seconds: 1 },
  },
  INJECTED_FAULT: {
    meaning: 'An injected fault rule answering with a GraphQL error and no data.',
    status: 200,
  },
  SERVICE_UNAVAILABLE: {
    meaning: 'An injected fault rule answering "service unavailable".',
    status: 503,
  },
  STORE_UNAVAILABLE: {
    meaning:
      'The tenant store cannot serve: `extensions.cause` is `no-space`, `read-only`, `corrupt` or `io`, and `extensions.retryAfter` (seconds) is there when retrying can help ([durability](../durability.md)).',
    status: 503,
    statusNote: '200 when the failure happens inside an executed operation: A-241, A-341',
    retryAfter: { seconds: 5, whenRetryable: true },
  },
  BUSY: {
    meaning: 'The validating proxy is holding too many request bytes at once ([proxy](../proxy.md)).',
    status: 503,
    retryAfter: { seconds: 1 },
  },
  INTERNAL_SERVER_ERROR: {
    meaning: 'An unexpected failure; the message is masked and the details go to the server log.',
    status: 500,
    statusNote: '200 when a resolver fails inside an executed operation',
  },
  BAD_GATEWAY: {
    meaning: 'The validating proxy could not reach its upstream.',
    status: 502,
  },
  CONTRACT_VIOLATION: {
    meaning:
      'The validating proxy with `--fail-on` found a difference from the contract; the differences are in `errors[].extensions`.',
    status: 422,
    statusNote:
      "the client's request breaks the contract and is not forwarded; 502 when the upstream's answer does",
  },
  STORE_LOCKED: {
    meaning:
      "The tenant store is open in another process (another replica on the same data dir), or this process lost the store's lock after its lease ran out; nothing was read or written ([durability](../durability.md#one-owner-per-store)).",
    status: 503,
    statusNote:
      "200 when the lock is lost inside an executed operation (A-341); `Retry-After` is the seconds until the owner's lease runs out, at most the lease (15 s by default, A-460)",
    retryAfter: { seconds: 15, whenRetryable: true },
  },
  QUOTA_EXCEEDED: {
    meaning:
      "A write that would take the tenant's store over one of its quotas: `extensions.quota` is `records` or `bytes`, `extensions.maximum` the quota; nothing was written, and waiting does not help: remove records or ask for a larger quota ([limits](limits.md)).",
    status: 403,
    statusNote: '200 when the write is a field of an executed operation',
  },
} as const satisfies Readonly<Record<string, ErrorCodeInfo>>;

/** An `extensions.code` of the catalogue. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Each code by its own name, so code names a code as `CODE.NOT_FOUND` (checked) instead of a string. */
export const CODE = Object.freeze(
  Object.fromEntries(Object.keys(ERROR_CODES).map((code) => [code, code])),
) as { readonly [K in ErrorCode]: K };

/** Whether a value is a code of the catalogue (for codes read from answers and scenarios). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
