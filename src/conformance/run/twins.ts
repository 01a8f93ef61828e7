import { getUrl, type GraphQLRequest } from '../target/http-client.js';

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
export const ANONYMOUS_BASIS: readonly string[] = ['§5.2', 'A-58', 'A-423', 'A-582', 'A-584'];

/**
 * The ways GraphQL over HTTP and HTTP let a client send the same query, each of which a service must
 * answer as it answers the plain POST (A-582): with GET, its envelope in the URL; typed
 * `application/json; charset=utf-8`; typed with the media type and charset in other letter case;
 * accepting only `application/json` (also with a `charset` parameter, or after a type it does not
 * answer), only `application/graphql-response+json`, or anything (`*∕*`);
 * with an empty `extensions` map in the envelope; with `operationName` (and, without variables,
 * `variables`) sent as null; with the bearer scheme written in lower case, or two spaces before the
 * token. And to
 * the other revision's endpoint, where the document is valid there too: the revisions differ in their
 * schema only (§9.3), so they answer the same data.
 */
export type TwinVariant =
  | 'get'
  | 'json-charset'
  | 'json-cased'
  | 'accept-json'
  | 'accept-json-charset'
  | 'accept-list'
  | 'scheme-spaces'
  | 'accept-graphql-response'
  | 'accept-any'
  | 'extensions'
  | 'lowercase-scheme'
  | 'null-members'
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
  'null-members',
  'accept-json-charset',
  'scheme-spaces',
  'accept-list',
  'other-revision',
];

/** How each variant reads in a difference: "the same query sent …". */
export const SENT: Readonly<Record<TwinVariant, string>> = {
  get: 'with GET, its envelope in the URL',
  'json-charset': 'typed "application/json; charset=utf-8"',
  'json-cased': 'typed "Application/JSON;charset=UTF-8" (media types and charsets ignore case)',
  'accept-json': 'accepting only application/json',
  'accept-graphql-response': 'accepting only application/graphql-response+json',
  'accept-any': 'accepting */*',
  'accept-json-charset': 'accepting "application/json; charset=utf-8" (a media type with a parameter)',
  'accept-list': 'accepting "text/html, application/json" (a list whose first type the API does not answer)',
  'scheme-spaces': 'with two spaces between the Bearer scheme and its token',
  extensions: 'with an empty "extensions" map in its envelope',
  'lowercase-scheme': 'with its bearer token under the scheme written "bearer"',
  'null-members': 'with "operationName": null (and "variables": null when it has none) in its envelope',
  'other-revision': "to the other revision's endpoint",
};

/** Twins per revision and set of root fields: enough for each operation to meet several variants. */
const TWINS_PER_KEY = 3;

/** Times each root field of each revision is asked alone (A-602). */
const ALONE_PER_KEY = 3;

/** Times each way of rewriting a root field's set of filters is asked, per revision (A-604, A-605). */
const FILTER_TWINS_PER_KEY = 2;

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
    case 'accept-list':
      return {
        ...request,
        headers: { ...withoutHeader(headers, 'accept'), accept: 'text/html, application/json' },
      };
    case 'scheme-spaces': {
      const own = headerOf(headers, 'authorization');
      if (own === undefined || !/^Bearer\s/i.test(own)) return undefined;
      return {
        ...request,
        headers: {
          ...withoutHeader(headers, 'authorization'),
          authorization: `Bearer  ${own.replace(/^Bearer\s+/i, '')}`,
        },
      };
    }
    case 'accept-json-charset':
      return {
        ...request,
        headers: { ...withoutHeader(headers, 'accept'), accept: 'application/json; charset=utf-8' },
      };
    case 'extensions':
      return { ...request, rawBody: JSON.stringify({ ...request.body, extensions: {} }) };
    case 'null-members': {
      // Clients written against other servers send the envelope's optional members as null (A-562).
      const { query, variables, operationName } = request.body;
      const none = variables === undefined || variables === null || Object.keys(variables).length === 0;
      if (operationName !== undefined && !none) return undefined;
      return {
        ...request,
        rawBody: JSON.stringify({
          query,
          variables: none ? null : variables,
          operationName: operationName ?? null,
        }),
      };
    }
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
  private readonly alone = new Map<string, number>();
  private readonly filterTwins = new Map<string, number>();

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
   * Whether a root field (`key`: the revision and its name) is asked alone once more (and now counts as
   * asked): a few times each, so each meets data of several steps (A-602).
   */
  nextAlone(key: string): boolean {
    const count = this.alone.get(key) ?? 0;
    if (this.variants.length === 0 || count >= ALONE_PER_KEY) return false;
    if (count === 0 && this.alone.size >= MAX_KEYS) return false;
    this.alone.set(key, count + 1);
    return true;
  }

  /**
   * Whether a query is asked once more with its filters rewritten (`key`: the way, the revision, its
   * root fields and the filters rewritten), and now counts as asked: a few times each (A-604, A-605).
   */
  nextFilterTwin(key: string): boolean {
    const count = this.filterTwins.get(key) ?? 0;
    if (this.variants.length === 0 || count >= FILTER_TWINS_PER_KEY) return false;
    if (count === 0 && this.filterTwins.size >= MAX_KEYS) return false;
    this.filterTwins.set(key, count + 1);
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

/** The bearer token of `as: unknown-token` steps and twins: well formed, and no tenant's (A-423). */
export const UNKNOWN_TOKEN = 'rm-harness-unknown-token-0000';

/** The text with each letter's case turned over. */
const swapCase = (text: string): string =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');

/** A request sent again with credentials no firm designated, and how a difference says it was sent. */
export interface CredentialTwin {
  request: GraphQLRequest;
  sent: string;
}

/**
 * The request without its bearer credentials, with a well-formed token no tenant has (A-423), with
 * its own token in other letter case (A-584), with words after its token (A-560) and with its own token
 * under the Basic scheme (A-589), once
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
  const own = headerOf(request.headers, 'authorization') ?? '';
  const token = own.replace(/^Bearer\s+/i, '');
  const swapped = swapCase(token);
  return [
    // A token is compared whole and exactly (A-560, A-584): the same letters in other case are no tenant's.
    ...(swapped !== token
      ? [
          {
            request: marked(
              { ...request, headers: { ...without, authorization: `Bearer ${swapped}` } },
              'token-case',
            ),
            sent: 'with the bearer token in other letter case',
          },
        ]
      : []),
    { request: marked({ ...request, headers: without }, 'anonymous'), sent: 'without credentials' },
    // A token is the whole credential (A-560): words after it make it no tenant's, however a gateway
    // splits the header.
    {
      request: marked(
        { ...request, headers: { ...without, authorization: `Bearer ${token} extra` } },
        'token-words',
      ),
      sent: 'with words after its bearer token',
    },
    // The scheme with no token after it is no credential at all (A-423), however a gateway parses it.
    {
      request: marked({ ...request, headers: { ...without, authorization: 'Bearer' } }, 'empty-token'),
      sent: 'with the Bearer scheme and no token',
    },
    {
      request: marked(
        { ...request, headers: { ...without, authorization: `Bearer ${UNKNOWN_TOKEN}` } },
        'unknown-token',
      ),
      sent: 'with a bearer token no tenant has',
    },
    // The API's credential is a bearer token (A-56); the same token as a Basic password is no credential
    // (A-589): a gateway that accepts any scheme whose secret matches serves it.
    {
      request: marked(
        {
          ...request,
          headers: { ...without, authorization: `Basic ${Buffer.from(`api:${token}`).toString('base64')}` },
        },
        'basic-scheme',
      ),
      sent: 'with its token as the password of the Basic scheme',
    },
  ];
}
