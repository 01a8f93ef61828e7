import type { Finding } from '../assert/explicit.js';
import type { HttpOutcome } from '../target/http-client.js';
import { SENT, type TwinVariant } from './twins.js';

/** The media types a twin's answer may come as. */
const ANSWER_TYPES: Readonly<Partial<Record<TwinVariant, readonly string[]>>> = {
  'accept-json': ['application/json'],
  'accept-graphql-response': ['application/graphql-response+json'],
};
const JSON_TYPES: readonly string[] = ['application/graphql-response+json', 'application/json'];

const mediaTypeOf = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

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

/**
 * The twins that ask another question whose answer must be the same: a root field alone (A-602), id
 * filters widened (A-604), text filters in other case (A-605), root pages one item shorter (A-606). The
 * transport twins ask the same question.
 */
export type RewrittenQuery = 'alone' | 'widened' | 'cased' | 'shorter';

const isTransport = (variant: TwinVariant | RewrittenQuery): variant is TwinVariant => variant in SENT;

/** How a root field asked alone reads in a difference (A-602). */
export const ALONE = 'alone and without its alias, in a document of its own';

/**
 * JSON with every text in lower case: how the cased twin's answer is compared, since a text filter's echo
 * (`searchTerms`, A-33) repeats the text as it was given, in the case asked.
 */
export function lowerCased(value: unknown): unknown {
  if (typeof value === 'string') return value.toLowerCase();
  if (Array.isArray(value)) return value.map(lowerCased);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowerCased(v)]));
  }
  return value;
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
 * A twin that never got an answer (a network failure, a target still busy) proves nothing. `seen` is how
 * both answers are read before they are compared (as they are, unless a twin changes what may be echoed).
 */
export function judgeTwin(
  variant: TwinVariant | RewrittenQuery,
  original: unknown,
  twin: HttpOutcome,
  sameState: boolean,
  way: string = isTransport(variant) ? SENT[variant] : ALONE,
  seen: (value: unknown) => unknown = (value) => value,
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
  const allowed = (isTransport(variant) && ANSWER_TYPES[variant]) || JSON_TYPES;
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
    const d = firstDifference(canonical(seen(original)), canonical(seen(body.data)), '');
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
