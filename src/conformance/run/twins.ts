import type { Finding } from '../assert/explicit.js';
import { getUrl, type GraphQLRequest, type HttpOutcome } from '../target/http-client.js';

/** What the transport twins rest on (A-582). */
export const TWIN_BASIS: readonly string[] = ['A-582'];

/**
 * The header every twin carries, naming its way (`get`, `anonymous`, …): a server's log tells the run's
 * twins from its steps.
 */
export const TWIN_HEADER = 'x-rm-harness-twin';

const marked = (request: GraphQLRequest, way: string): GraphQLRequest => ({
  ...request,
  headers: { ...request.headers, [TWIN_HEADER]: way },
});

/** What the anonymous twin rests on: every call acts as the firm's API user (§5.2), refused 401 without one (A-58). */
export const ANONYMOUS_BASIS: readonly string[] = ['§5.2', 'A-58', 'A-423', 'A-582'];

/**
 * The ways GraphQL over HTTP and HTTP let a client send the same query, each of which a service must
 * answer as it answers the plain POST (A-582): with GET, its envelope in the URL; typed
 * `application/json; charset=utf-8`; typed with the media type and charset in other letter case;
 * accepting only `application/json`, only `application/graphql-response+json`, or anything (`*∕*`);
 * with an empty `extensions` map in the envelope; with the bearer scheme written in lower case. And to
 * the other revision's endpoint, where the document is valid there too: the revisions differ in their
 * schema only (§9.3), so they answer the same data.
 */
export type TwinVariant =
  | 'get'
  | 'json-charset'
  | 'json-cased'
  | 'accept-json'
  | 'accept-graphql-response'
  | 'accept-any'
  | 'extensions'
  | 'lowercase-scheme'
  | 'other-revision';

/** Every variant, in the order a run takes them. */
export const TWIN_VARIANTS: readonly TwinVariant[] = [
  'get',
  'json-charset',
  'accept-json',
  'extensions',
  'lowercase-scheme',
  'accept-graphql-response',
  'json-cased',
  'accept-any',
  'other-revision',
];

/** How each variant reads in a difference: "the same query sent …". */
const SENT: Readonly<Record<TwinVariant, string>> = {
  get: 'with GET, its envelope in the URL',
  'json-charset': 'typed "application/json; charset=utf-8"',
  'json-cased': 'typed "Application/JSON;charset=UTF-8" (media types and charsets ignore case)',
  'accept-json': 'accepting only application/json',
  'accept-graphql-response': 'accepting only application/graphql-response+json',
  'accept-any': 'accepting */*',
  extensions: 'with an empty "extensions" map in its envelope',
  'lowercase-scheme': 'with its bearer token under the scheme written "bearer"',
  'other-revision': "to the other revision's endpoint",
};

/** The media types a twin's answer may come as. */
const ANSWER_TYPES: Readonly<Partial<Record<TwinVariant, readonly string[]>>> = {
  'accept-json': ['application/json'],
  'accept-graphql-response': ['application/graphql-response+json'],
};
const JSON_TYPES: readonly string[] = ['application/graphql-response+json', 'application/json'];

/** Twins per revision and set of root fields: enough for each operation to meet several variants. */
const TWINS_PER_KEY = 3;

/** Keys remembered: the planner's memory stays bounded however many documents a run sends. */
const MAX_KEYS = 5_000;

/**
 * URLs longer than this are not tried with GET: servers and proxies may refuse a long URL (414), which is
 * no difference about the API.
 */
const MAX_GET_URL = 2_000;

/** A twin to send: the variant, the request that carries it, and how a difference names the way. */
export interface Twin {
  variant: TwinVariant;
  request: GraphQLRequest;
  sent: string;
}

/** The same request to another revision's endpoint, where its document is valid (the caller knows). */
export interface Elsewhere {
  version: string;
  request: GraphQLRequest;
}

const withoutHeader = (headers: Record<string, string>, name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== name));

const headerOf = (headers: Record<string, string>, name: string): string | undefined =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

/**
 * The request sent the variant's way, or undefined where the variant cannot carry this request (for
 * `other-revision`: where no other revision is run, or the document is not valid there).
 */
export function twinOf(
  request: GraphQLRequest,
  variant: TwinVariant,
  elsewhere?: () => Elsewhere | undefined,
): GraphQLRequest | undefined {
  const headers = request.headers;
  switch (variant) {
    case 'other-revision':
      return elsewhere?.()?.request;
    case 'get': {
      const twin: GraphQLRequest = { ...request, method: 'GET' };
      return getUrl(twin).length <= MAX_GET_URL ? twin : undefined;
    }
    case 'json-charset':
      return {
        ...request,
        headers: {
          ...withoutHeader(headers, 'content-type'),
          'content-type': 'application/json; charset=utf-8',
        },
      };
    case 'json-cased':
      return {
        ...request,
        headers: {
          ...withoutHeader(headers, 'content-type'),
          'content-type': 'Application/JSON;charset=UTF-8',
        },
      };
    case 'accept-json':
      return { ...request, headers: { ...withoutHeader(headers, 'accept'), accept: 'application/json' } };
    case 'accept-graphql-response':
      return {
        ...request,
        headers: { ...withoutHeader(headers, 'accept'), accept: 'application/graphql-response+json' },
      };
    case 'accept-any':
      return { ...request, headers: { ...withoutHeader(headers, 'accept'), accept: '*/*' } };
    case 'extensions':
      return { ...request, rawBody: JSON.stringify({ ...request.body, extensions: {} }) };
    case 'lowercase-scheme': {
      const own = headerOf(headers, 'authorization');
      if (own === undefined || !/^Bearer\s/i.test(own)) return undefined;
      return {
        ...request,
        headers: {
          ...withoutHeader(headers, 'authorization'),
          authorization: `bearer${own.slice('Bearer'.length)}`,
        },
      };
    }
  }
}

/**
 * Chooses which answered queries of a run are sent again another way (A-582): the first few queries of
 * each revision and set of root fields, each with the next variant in turn, so every operation meets
 * several variants and every variant many operations, at a cost bounded by the contract's size.
 */
export class TwinPlanner {
  private turn = 0;
  private readonly sent = new Map<string, number>();
  private readonly anonymous = new Set<string>();

  /** `variants`: the variants taken in turn; every one by default; none (and no anonymous twin) with `[]`. */
  constructor(private readonly variants: readonly TwinVariant[] = TWIN_VARIANTS) {}

  /** Whether this key has not yet been asked without credentials (and now counts as asked). */
  firstAnonymous(key: string): boolean {
    if (this.variants.length === 0 || this.anonymous.has(key) || this.anonymous.size >= MAX_KEYS)
      return false;
    this.anonymous.add(key);
    return true;
  }

  /**
   * The twin of a query answered with data, or undefined when this one is not sent again; `elsewhere`
   * gives the request to the other revision's endpoint when there is one.
   */
  plan(key: string, request: GraphQLRequest, elsewhere?: () => Elsewhere | undefined): Twin | undefined {
    const count = this.sent.get(key) ?? 0;
    if (count >= TWINS_PER_KEY || (count === 0 && this.sent.size >= MAX_KEYS)) return undefined;
    // The other revision's request is validated once, and only when its turn comes.
    let other: Elsewhere | undefined;
    const once = (): Elsewhere | undefined => (other ??= elsewhere?.());
    for (let tried = 0; tried < this.variants.length; tried += 1) {
      const variant = this.variants[this.turn % this.variants.length]!;
      this.turn += 1;
      const twin = twinOf(request, variant, once);
      if (twin) {
        this.sent.set(key, count + 1);
        const sent =
          variant === 'other-revision' ? `to the ${other?.version ?? 'other'} endpoint` : SENT[variant];
        return { variant, request: marked(twin, variant), sent };
      }
    }
    return undefined;
  }
}

const mediaTypeOf = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

/** The bearer token of `as: unknown-token` steps and twins: well formed, and no tenant's (A-423). */
export const UNKNOWN_TOKEN = 'rm-harness-unknown-token-0000';

/** A request sent again with credentials no firm designated, and how a difference says it was sent. */
export interface CredentialTwin {
  request: GraphQLRequest;
  sent: string;
}

/**
 * The request without its bearer credentials and with a well-formed token no tenant has (A-423), once
 * per key (the first answered operation of each revision and set of root fields, queries and
 * mutations alike): every operation is asked once as a caller no firm designated. A service that skips
 * authentication on one path, or checks only that a token is present, serves it. Empty when this key
 * was asked so already, or the request carries no bearer token (credentials in a header the runner
 * does not know could not be taken away).
 */
export function credentialTwins(
  planner: TwinPlanner,
  key: string,
  request: GraphQLRequest,
): CredentialTwin[] {
  if (!/^Bearer\s/i.test(headerOf(request.headers, 'authorization') ?? '')) return [];
  if (!planner.firstAnonymous(key)) return [];
  const without = withoutHeader(request.headers, 'authorization');
  return [
    { request: marked({ ...request, headers: without }, 'anonymous'), sent: 'without credentials' },
    {
      request: marked(
        { ...request, headers: { ...without, authorization: `Bearer ${UNKNOWN_TOKEN}` } },
        'unknown-token',
      ),
      sent: 'with a bearer token no tenant has',
    },
  ];
}

/**
 * What the answer to an operation sent with credentials no firm designated shows: it must be refused
 * with 401 and carry no data (A-58, A-423); a service that serves some path without authenticating
 * answers it. `operation` names what was sent ("query" or "mutation"), `sent` how.
 */
export function judgeAnonymous(
  twin: HttpOutcome,
  sent = 'without credentials',
  operation = 'query',
): Finding[] {
  if (twin.kind !== 'response' || twin.unavailable !== undefined) return [];
  const said = `The same ${operation} sent ${sent}`;
  const body = twin.body as { data?: unknown } | undefined;
  const findings: Finding[] = [];
  if (twin.status !== 401) {
    findings.push({
      expectationId: 'transport-anonymous',
      path: '$status',
      kind: 'http-status',
      expected: 401,
      actual: twin.status,
      message: `${said} was answered HTTP ${twin.status}, not 401 UNAUTHENTICATED: every call acts as the firm's API user, and a call that names none is refused`,
    });
  }
  if (body?.data !== undefined && body.data !== null) {
    findings.push({
      expectationId: 'transport-anonymous',
      path: 'data',
      kind: 'presence-mismatch',
      expected: 'no data',
      actual: clip(body.data),
      message: `${said} was answered with data: a caller without credentials sees nothing of the tenant`,
    });
  }
  return findings;
}

/** JSON with every list's items in one order: two answers that differ only in order compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .map(canonical)
      .map((v) => [JSON.stringify(v), v] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, v]) => v);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** The first place two canonical answers differ: its path and both values. */
function firstDifference(
  a: unknown,
  b: unknown,
  path: string,
): { path: string; a: unknown; b: unknown } | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i += 1) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
  }
  const objects = [a, b].every((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
  if (objects) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      const d = firstDifference(ao[k], bo[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
  }
  return { path, a, b };
}

const clip = (value: unknown): unknown => {
  const text = JSON.stringify(value);
  return text !== undefined && text.length > 300 ? `${text.slice(0, 300)}…` : value;
};

/** A value as a difference message quotes it: an entry the answer does not have reads as such. */
const quoted = (value: unknown): string =>
  value === undefined ? 'no such entry' : JSON.stringify(clip(value));

/**
 * What a twin's answer shows against the answer of the query as first sent (200, data, no errors): the
 * twin must be answered 200 with data and no errors, as the media type its Accept names, and, when no
 * write of the run was in flight across both (`sameState`), with the same data up to the order of lists.
 * A twin that never got an answer (a network failure, a target still busy) proves nothing.
 */
export function judgeTwin(
  variant: TwinVariant,
  original: unknown,
  twin: HttpOutcome,
  sameState: boolean,
  way: string = SENT[variant],
): Finding[] {
  if (twin.kind !== 'response' || twin.unavailable !== undefined) return [];
  const sent = `The same query sent ${way}`;
  const body = twin.body as
    { data?: unknown; errors?: { message?: unknown; extensions?: { code?: unknown } }[] } | undefined;
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  const first = errors[0];
  const said = first
    ? `: ${[first.extensions?.code, first.message].filter((v) => typeof v === 'string' && v).join(' ')}`
    : '';
  if (twin.status !== 200) {
    return [
      {
        expectationId: 'transport',
        path: '$status',
        kind: 'http-status',
        expected: 200,
        actual: twin.status,
        message: `${sent} was answered HTTP ${twin.status}${said}, where the request as first sent was answered 200 with data: a query is served however GraphQL over HTTP lets a client send it`,
      },
    ];
  }
  const findings: Finding[] = [];
  const allowed = ANSWER_TYPES[variant] ?? JSON_TYPES;
  if (!allowed.includes(mediaTypeOf(twin.contentType))) {
    findings.push({
      expectationId: 'transport',
      path: '$headers.content-type',
      kind: 'http-header',
      expected: allowed.join(' or '),
      actual: twin.contentType,
      message: `${sent} was answered as ${JSON.stringify(twin.contentType)}, not ${allowed.join(' or ')}`,
    });
  }
  if (errors.length > 0 || body?.data === undefined || body.data === null) {
    findings.push({
      expectationId: 'transport',
      path: errors.length > 0 ? 'errors' : 'data',
      kind: errors.length > 0 ? 'unexpected-error' : 'missing-data',
      expected: 'data and no errors, as the request as first sent was answered',
      actual: clip(errors.length > 0 ? errors : (body?.data ?? null)),
      message: `${sent} was answered ${errors.length > 0 ? `with errors${said}` : 'without data'}, where the request as first sent was answered with data and no errors`,
    });
    return findings;
  }
  if (sameState) {
    const d = firstDifference(canonical(original), canonical(body.data), '');
    if (d) {
      findings.push({
        expectationId: 'transport',
        path: d.path ? `data.${d.path}` : 'data',
        kind: 'value-mismatch',
        expected: clip(d.a),
        actual: clip(d.b),
        message: `${sent} was answered other data than the request as first sent, with no write between (lists compared in any order): at ${d.path || 'data'} ${quoted(d.b)} where the first answer says ${quoted(d.a)}`,
      });
    }
  }
  return findings;
}
