import {
  checkExpectation,
  graphQLErrorsOf,
  isErrorExpectation,
  isHttpStatusExpectation,
  isValidationErrorsExpectation,
  unexpectedErrors,
  type Finding,
} from '../assert/explicit.js';
import { messageBasis, messageFindings } from '../assert/messages.js';
import type { Version } from '../../contract/versions.js';
import {
  basisOf,
  causeOf,
  INJECTED_FAULT_CODE,
  restsOnOf,
  severityOf,
  type Cause,
  type Difference,
} from '../outcome/differences.js';
import type { Expectation, Level } from '../scenario/types.js';
import { checkShape } from '../shape/check.js';
import type { JsonSchema } from '../shape/compile.js';

/** A response as judged: plain data, whoever sent the request (runner, proxy, fuzzer). */
export interface JudgedResponse {
  status: number;
  contentType: string;
  /** The parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  /** The raw body text (quoted when the body is not a GraphQL response). */
  text: string;
  /** 429 answers without `Retry-After` the sender retried before this answer (or this one). */
  missingRetryAfter?: number;
  /** On a 401, its `WWW-Authenticate` challenge (null: none); absent when the sender did not look. */
  wwwAuthenticate?: string | null;
  /** The answer's `Cache-Control` header, when it has one and the sender looked. */
  cacheControl?: string;
  /** On a 405, its `Allow` header (null: none); absent when the sender did not look. */
  allow?: string | null;
  /** The body began with a UTF-8 byte order mark; absent when the sender did not look. */
  byteOrderMark?: boolean;
  /** The one media type the request's `Accept` named, when it named only one the API serves. */
  mediaTypeAsked?: string;
}

/** Media types of a GraphQL response over HTTP. */
const GRAPHQL_MEDIA_TYPE = /^application\/(graphql-response\+json|json)\s*(;|$)/i;
/** The charset parameter of a Content-Type, and the names of UTF-8. */
const CHARSET = /;\s*charset\s*=\s*("?[^;\s"]+"?)/i;
const UTF8 = /^utf-?8$/i;
/** Cache-Control directives that let a shared cache store an answer to an authenticated request. */
const SHARED_CACHE_DIRECTIVE = /(^|,)\s*(public|s-maxage\s*=)/i;
const GRAPHQL_RESPONSE_MEDIA_TYPE = /^application\/graphql-response\+json\s*(;|$)/i;

/**
 * The media type an `Accept` header asks for when it names only one the API serves (application/json or
 * application/graphql-response+json, parameters aside); undefined for anything else (both, a wildcard,
 * none), where the server may choose.
 */
export function onlyMediaTypeAsked(accept: string | undefined): string | undefined {
  const types = (accept ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter((type) => type !== '');
  const [only] = types;
  return types.length === 1 && (only === 'application/json' || only === 'application/graphql-response+json')
    ? only
    : undefined;
}

/** How the response's `data` is checked against the contract. */
export interface ShapeJudgement {
  /** The JSON Schema of `data` compiled from the document; absent when the shape is not checked. */
  schema?: JsonSchema;
  /** The response keys of the operation's root fields (aliases applied). */
  rootFields: readonly string[];
  /** Level of the automatic findings (shape, unexpected errors, HTTP status); MUST by default. */
  level?: Level;
  /** Spec clauses or assumption ids the automatic findings rest on, when not the scenario's own. */
  basis?: readonly string[];
}

/** One finding with the level it was judged at and what it rests on (undefined: the caller's default). */
export interface Judged {
  finding: Finding;
  level: Level;
  basis?: readonly string[];
  /** Set when the response itself says what caused every finding in it (an injected fault). */
  cause?: Cause;
}

/** Whether the body carries an error the simulator's fault injection produced. */
function hasInjectedFault(body: unknown): boolean {
  return graphQLErrorsOf(body).some(
    (e) =>
      e.extensions !== null &&
      typeof e.extensions === 'object' &&
      (e.extensions as Record<string, unknown>).code === INJECTED_FAULT_CODE,
  );
}

function isGraphQLBody(body: unknown): boolean {
  return (
    body !== null && typeof body === 'object' && !Array.isArray(body) && ('data' in body || 'errors' in body)
  );
}

/**
 * Everything wrong with one response, as plain data and without I/O: a 5xx or a body that is not a
 * GraphQL response (unless an expectation is about the HTTP status), errors nobody expected, `data`
 * that breaks the contract's shape, and each expectation that does not hold. Expectations must be
 * resolved already (no `${…}` left).
 */
export function judge(
  response: JudgedResponse,
  expectations: readonly Expectation[],
  shape: ShapeJudgement,
): Judged[] {
  const judged: Judged[] = [];
  // An injected fault replaces the whole answer: everything that then fails is the fault's doing.
  const injected = hasInjectedFault(response.body) ? ({ cause: 'injected-fault' } as const) : {};
  const auto = (finding: Finding): void => {
    judged.push({
      finding,
      level: shape.level ?? 'MUST',
      ...(shape.basis ? { basis: shape.basis } : {}),
      ...injected,
    });
  };
  const statusExpected = expectations.some(isHttpStatusExpectation);
  // An answer that holds data ran: several rules below hold only such answers.
  const holdsData =
    isGraphQLBody(response.body) && ((response.body as { data?: unknown }).data ?? null) !== null;
  if (response.status >= 500 && !statusExpected) {
    auto({
      expectationId: 'http',
      path: '',
      kind: 'http-status',
      expected: 'a GraphQL response (HTTP 2xx or 4xx)',
      actual: response.status,
      message: `HTTP ${response.status} from the endpoint`,
    });
    return judged;
  }
  if (!isGraphQLBody(response.body) && !statusExpected) {
    auto({
      expectationId: 'http',
      path: '',
      kind: 'invalid-response',
      expected: 'a JSON object with data or errors',
      actual: response.body ?? response.text.slice(0, 200),
      message: `the response (HTTP ${response.status}, ${response.contentType || 'no content type'}) is not a GraphQL response`,
    });
    return judged;
  }
  // A wrong media type or a 429 without Retry-After breaks clients that go by the headers.
  if (!GRAPHQL_MEDIA_TYPE.test(response.contentType)) {
    auto({
      expectationId: 'http',
      path: '',
      kind: 'http-header',
      expected: 'Content-Type application/graphql-response+json or application/json',
      actual: response.contentType || 'no content type',
      message: `a GraphQL response (HTTP ${response.status}) sent as ${response.contentType || 'no content type'}${response.text === '' ? ', with no body: the error envelope is missing' : ''}`,
    });
  }
  const charset = CHARSET.exec(response.contentType)?.[1]?.replace(/"/g, '');
  if (GRAPHQL_MEDIA_TYPE.test(response.contentType) && charset !== undefined && !UTF8.test(charset)) {
    // JSON between systems is UTF-8 (RFC 8259 section 8.1): a client that decodes by the declared charset
    // turns every name with an accent into other characters, and the runner, which reads UTF-8, would not.
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-header',
        expected: 'a GraphQL response in UTF-8 (no charset, or charset=utf-8)',
        actual: response.contentType,
        message: `a GraphQL response declared as charset ${charset} (JSON is UTF-8)`,
      },
      level: 'MUST',
      basis: ['§4', 'A-591'],
      ...injected,
    });
  }
  const sentAs = response.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (
    response.mediaTypeAsked !== undefined &&
    (response.status === 200 || response.status === 400) &&
    GRAPHQL_MEDIA_TYPE.test(response.contentType) &&
    sentAs !== response.mediaTypeAsked
  ) {
    // Only answers of the GraphQL layer (200, or 400 for a request error) are held to it: a gateway's 401
    // or 429 comes before any GraphQL and A-58 lets it keep one envelope.
    // GraphQL over HTTP: the server respects Accept. A client that accepts only application/json (one
    // written before graphql-response+json) must get it, and one that asks only for the new type gets its
    // status rules; an answer cache that does not vary on Accept hands one the other's answer.
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-header',
        expected: `Content-Type ${response.mediaTypeAsked} (the only media type the request accepted)`,
        actual: response.contentType,
        message: `answered as ${sentAs} to a request that accepted only ${response.mediaTypeAsked}`,
      },
      level: 'MUST',
      basis: ['§4', 'A-60', 'A-575'],
      ...injected,
    });
  }
  if ((response.missingRetryAfter ?? 0) > 0) {
    auto({
      expectationId: 'http',
      path: '',
      kind: 'http-header',
      expected: 'Retry-After on every HTTP 429',
      actual: `${response.missingRetryAfter} HTTP 429 answer(s) without Retry-After`,
      message: `HTTP 429 without Retry-After (${response.missingRetryAfter} time(s) for this request)`,
    });
  }
  if (
    response.status === 401 &&
    response.wwwAuthenticate !== undefined &&
    !/(^|,)\s*Bearer(\s|,|$)/i.test(response.wwwAuthenticate ?? '')
  ) {
    // HTTP itself: a 401 carries the challenge that says how to authenticate (RFC 9110 section 11.6.1), and the
    // API's credentials are bearer tokens, so the challenge names Bearer (RFC 6750 section 3, A-564).
    const header = response.wwwAuthenticate;
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-header',
        expected: 'WWW-Authenticate with a Bearer challenge on every HTTP 401',
        actual: header === null ? 'no WWW-Authenticate header' : `WWW-Authenticate: ${header}`,
        message:
          header === null
            ? 'HTTP 401 without a WWW-Authenticate challenge'
            : `HTTP 401 whose WWW-Authenticate challenge is not Bearer (${header})`,
      },
      level: 'MUST',
      basis: ['§5.4', 'A-564'],
      ...injected,
    });
  }
  if (response.byteOrderMark === true) {
    // JSON text: "Implementations MUST NOT add a byte order mark" (RFC 8259 section 8.1); a client that
    // parses the bytes as they come (JSON.parse of a Buffer's text) fails on it.
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-header',
        expected: 'a JSON body without a byte order mark',
        actual: 'a body beginning with the UTF-8 byte order mark (EF BB BF)',
        message: 'The answer begins with a UTF-8 byte order mark, which JSON text must not carry',
      },
      level: 'MUST',
      basis: ['A-60', 'A-613'],
      ...injected,
    });
  }
  if (
    response.status === 405 &&
    response.allow !== undefined &&
    !/\b(GET|POST)\b/i.test(response.allow ?? '')
  ) {
    // HTTP itself: a 405 names the methods the resource serves (RFC 9110 section 15.5.6), which for a
    // GraphQL endpoint are GET and POST.
    const header = response.allow;
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-header',
        expected: 'an Allow header naming the methods served on every HTTP 405',
        actual: header === null ? 'no Allow header' : `Allow: ${header}`,
        message:
          header === null
            ? 'HTTP 405 without an Allow header naming the methods the endpoint serves'
            : `HTTP 405 whose Allow header names neither GET nor POST (${header})`,
      },
      level: 'MUST',
      basis: ['A-583', 'A-607'],
      ...injected,
    });
  }
  if (
    GRAPHQL_RESPONSE_MEDIA_TYPE.test(response.contentType) &&
    isGraphQLBody(response.body) &&
    !('data' in (response.body as object)) &&
    response.status < 400
  ) {
    // GraphQL over HTTP: an application/graphql-response+json answer without data (a request error: a
    // document that does not parse or validate, a refused request) has a 4xx or 5xx status.
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-status',
        expected: 'HTTP 4xx or 5xx for an application/graphql-response+json answer without data',
        actual: response.status,
        message: `HTTP ${response.status} for an application/graphql-response+json answer without data (a request error)`,
      },
      level: 'MUST',
      basis: ['§4', 'A-564'],
      ...injected,
    });
  }
  if (
    GRAPHQL_RESPONSE_MEDIA_TYPE.test(response.contentType) &&
    holdsData &&
    (response.status < 200 || response.status > 299)
  ) {
    // The converse rule: an answer that holds data ran, so it is a 2xx whatever field errors stand beside
    // the data (GraphQL over HTTP, A-575); a 4xx makes clients drop the fields that did answer.
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-status',
        expected: 'HTTP 2xx for an application/graphql-response+json answer with data',
        actual: response.status,
        message: `HTTP ${response.status} for an application/graphql-response+json answer that holds data`,
      },
      level: 'MUST',
      basis: ['§4', 'A-575'],
      ...injected,
    });
  } else if (holdsData && response.status >= 201 && response.status <= 299) {
    // An executed request, a mutation included, is answered 200 whatever it did: no GraphQL server
    // answers 201 for a write, and clients that test for 200 drop such an answer.
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-status',
        expected: 'HTTP 200 for an answer that holds data',
        actual: response.status,
        message: `HTTP ${response.status} for a GraphQL answer that holds data (an executed request is answered 200)`,
      },
      level: 'MUST',
      basis: ['§4', 'A-588'],
      ...injected,
    });
  }
  if (holdsData && SHARED_CACHE_DIRECTIVE.test(response.cacheControl ?? '')) {
    // Every answer with data holds a tenant's records, asked for with its credentials (§5.2): a directive
    // that lets shared caches keep it (RFC 9111 section 3.5) hands one firm's data to whoever asks next.
    judged.push({
      finding: {
        expectationId: 'http',
        path: '',
        kind: 'http-header',
        expected: 'no Cache-Control directive that lets a shared cache keep an authenticated answer',
        actual: `Cache-Control: ${response.cacheControl ?? ''}`,
        message: `an answer holding a tenant's data is sent with Cache-Control: ${response.cacheControl ?? ''} (shared caches may keep it and serve it to others)`,
      },
      level: 'MUST',
      basis: ['§5.2', 'A-590'],
      ...injected,
    });
  }
  if (!expectations.some(isErrorExpectation)) {
    for (const f of unexpectedErrors(response.body, expectations.some(isValidationErrorsExpectation)))
      auto(f);
  }
  const data = (response.body as { data?: unknown } | undefined)?.data;
  if (
    isGraphQLBody(response.body) &&
    (data ?? null) === null &&
    graphQLErrorsOf(response.body).length === 0
  ) {
    // A null or absent `data` is only allowed alongside errors saying why (GraphQL over HTTP).
    auto({
      expectationId: 'data',
      path: 'data',
      kind: 'missing-data',
      expected: 'data, or errors explaining its absence',
      actual: data === null ? null : 'absent',
      message: `the response has ${data === null ? 'data: null' : 'no data'} and no errors`,
    });
  }
  const errors = (response.body as { errors?: unknown } | undefined)?.errors;
  if (holdsData && errors !== undefined && !(Array.isArray(errors) && errors.length > 0)) {
    // GraphQL's response format: an `errors` entry, when present, is a non-empty list; a client that
    // reads its presence as failure (many do) fails every answer that carries `errors: []` or null.
    auto({
      expectationId: 'errors',
      path: 'errors',
      kind: 'invalid-response',
      expected: 'no errors entry, or a non-empty list of errors',
      actual: errors,
      message: `the response carries errors: ${JSON.stringify(errors)} beside its data (an errors entry, when present, lists at least one error)`,
    });
  }
  // Whatever the request, an error says what went wrong and nothing of the server's inside.
  for (const f of messageFindings(response.body)) {
    judged.push({ finding: f, level: 'MUST', basis: messageBasis(f), ...injected });
  }
  if (shape.schema && data !== null && data !== undefined) {
    for (const s of checkShape(data, shape.schema)) auto({ expectationId: 'shape', ...s });
  }
  const checked = { status: response.status, body: response.body, rootFields: [...shape.rootFields] };
  for (const e of expectations) {
    for (const finding of checkExpectation(e, checked)) {
      judged.push({ finding, level: e.level ?? 'MUST', ...(e.basis ? { basis: e.basis } : {}), ...injected });
    }
  }
  return judged;
}

/** Where a judged response belongs in a report: the scenario (or exchange), step and revision. */
export interface JudgedAt {
  scenarioId: string;
  stepId: string;
  revision: Version;
}

/**
 * A judged finding as a report difference: its severity and the spec clauses or assumptions it rests on
 * (the finding's own basis, else `defaultBasis`, e.g. the scenario's). Runner, proxy and fuzzer share it.
 */
export function differenceOf(j: Judged, at: JudgedAt, defaultBasis: readonly string[] = []): Difference {
  const f = j.finding;
  const cited = basisOf(j.basis ?? defaultBasis);
  const cause = j.cause ?? causeOf(f.kind, cited);
  // A transport failure or an injected fault breaks no clause the scenario cites.
  const basis = cause === 'transport' || cause === 'injected-fault' ? basisOf([]) : cited;
  return {
    scenarioId: at.scenarioId,
    revision: at.revision,
    stepId: at.stepId,
    expectationId: f.expectationId,
    path: f.path,
    kind: f.kind,
    severity: severityOf(f.kind, j.level),
    level: j.level,
    expected: f.expected,
    actual: f.actual,
    message: f.message,
    basis,
    restsOn: restsOnOf(basis),
    cause,
  };
}
