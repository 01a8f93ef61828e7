// Raw HTTP requests of the fuzz test, what a well-formed GraphQL answer is, and how to tell whether a
// mutation was rejected (so the store must be exactly as before) from its response.
import type { GeneratedRequest } from './documents.js';
import type { Rng } from './random.js';

export type Region = 'us' | 'eu' | 'au';
export type Version = '1.4.0' | '1.2.0';

/** One HTTP request as the fuzz test sends it. */
export interface Wire {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The store the request may touch: from the token and the path (none for 401s and 404s). */
  target?: { tenant: string; region: Region };
  /** Root fields of a mutation (their verdict decides whether the store may change). */
  mutationRoots?: Array<{ key: string; field: string }>;
}

/** A response as read back. */
export interface Answer {
  status: number;
  text: string;
  json?: unknown;
}

export const TENANT_OF_TOKEN: Record<string, string> = {
  'dev-token': 'dev-firm',
  'dev-token-limited': 'limited-firm',
};

export function graphqlPath(region: Region, version: Version): string {
  return `/${region}/${version}/public-api/graphql`;
}

/** A JSON POST of a generated document. */
export function postGenerated(
  gen: GeneratedRequest,
  version: Version,
  region: Region,
  token: string,
  phase: string,
): Wire {
  const payload: Record<string, unknown> = { query: gen.query };
  if (gen.variables !== undefined) payload['variables'] = gen.variables;
  if (gen.operationName !== undefined) payload['operationName'] = gen.operationName;
  return {
    label: `${phase}/${gen.label}`,
    method: 'POST',
    path: graphqlPath(region, version),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(payload),
    target: TENANT_OF_TOKEN[token] ? { tenant: TENANT_OF_TOKEN[token], region } : undefined,
    mutationRoots: gen.kind === 'mutation' ? gen.roots : undefined,
  };
}

export async function send(baseUrl: string, wire: Wire): Promise<Answer> {
  const res = await fetch(baseUrl + wire.path, {
    method: wire.method,
    headers: wire.headers,
    body: wire.body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

type GqlError = { message?: unknown; path?: unknown; extensions?: { code?: unknown } };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What is wrong with an answer as a GraphQL-over-HTTP response: a 5xx, a body that is not a JSON object
 * with `data` and/or `errors` (each error an object with a string `message`), or an error with code
 * INTERNAL_SERVER_ERROR (a resolver or server bug the masking hid).
 */
export function responseProblems(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  const body = answer.json;
  if (!isRecord(body)) {
    problems.push(
      `HTTP ${answer.status} body is not a JSON object: ${JSON.stringify(answer.text.slice(0, 120))}`,
    );
    return problems;
  }
  const extra = Object.keys(body).filter((k) => !['data', 'errors', 'extensions'].includes(k));
  if (extra.length) problems.push(`unexpected top-level keys ${extra.join(', ')}`);
  if (!('data' in body) && !('errors' in body)) problems.push('neither data nor errors');
  if ('data' in body && body['data'] !== null && !isRecord(body['data']))
    problems.push('data is not an object');
  if ('errors' in body) {
    const errors = body['errors'];
    if (!Array.isArray(errors) || errors.length === 0) problems.push('errors is not a non-empty array');
    else {
      for (const e of errors as GqlError[]) {
        if (!isRecord(e) || typeof e.message !== 'string')
          problems.push(`malformed error ${JSON.stringify(e)}`);
        else if (e.extensions?.code === 'INTERNAL_SERVER_ERROR') {
          problems.push(`INTERNAL_SERVER_ERROR${Array.isArray(e.path) ? ` at ${e.path.join('.')}` : ''}`);
        }
      }
    }
  }
  return problems;
}

/** Whether one root result of a mutation says "nothing was written". */
function rootRejected(value: unknown): boolean | undefined {
  if (value === false) return true;
  if (value === true) return false;
  if (Array.isArray(value)) {
    const verdicts = value.map(rootRejected);
    return verdicts.length > 0 && verdicts.every((v) => v === true)
      ? true
      : verdicts.length === 0
        ? undefined
        : false;
  }
  if (!isRecord(value)) return undefined;
  const errors = value['validationErrors'];
  if (Array.isArray(errors) && errors.length > 0) return true;
  if (value['success'] === false || value['isSuccessful'] === false) return true;
  if (value['status'] === 'NoChange') return true;
  if (value['successCount'] === 0) return true;
  if (value['contactsEffected'] === 0 && !value['pendingContactsEffected']) return true;
  if (value['matterFinancialsAffected'] === 0) return true;
  const item = value['item'];
  if (isRecord(item) && Array.isArray(item['successIds']) && Array.isArray(item['pendingIds'])) {
    return item['successIds'].length === 0 && item['pendingIds'].length === 0;
  }
  const models = value['models'];
  if (
    Array.isArray(models) &&
    models.length > 0 &&
    models.every((m) => isRecord(m) && m['isSuccessful'] === false)
  ) {
    return true;
  }
  return false;
}

/**
 * 'unchanged' when the request cannot have written (not a mutation, refused before execution, or every
 * root field rejected); 'accepted' when some root field reports a write; 'unknown' otherwise.
 */
export function verdict(wire: Wire, answer: Answer): 'unchanged' | 'accepted' | 'unknown' {
  if (!wire.mutationRoots || answer.status !== 200 || !isRecord(answer.json)) return 'unchanged';
  const body = answer.json;
  const errors = (Array.isArray(body['errors']) ? body['errors'] : []) as GqlError[];
  // An error without a path (parse, validation, variables, limits) means nothing executed.
  if (errors.some((e) => !Array.isArray(e.path))) return 'unchanged';
  const data = body['data'];
  if (!isRecord(data)) return 'unchanged';
  let accepted = false;
  for (const root of wire.mutationRoots) {
    const failedAtRoot = errors.some(
      (e) => Array.isArray(e.path) && e.path.length === 1 && e.path[0] === root.key,
    );
    const v = failedAtRoot && data[root.key] === null ? true : rootRejected(data[root.key]);
    if (v === undefined) return 'unknown';
    if (!v) accepted = true;
  }
  return accepted ? 'accepted' : 'unchanged';
}

const TOKENS = [
  '{',
  '}',
  '(',
  ')',
  ':',
  '...',
  'on',
  'query',
  'mutation',
  'subscription',
  'fragment',
  '$v',
  '$v: ID!',
  '@skip',
  '@include(if: true)',
  '"str"',
  '"""block"""',
  '1',
  '-1.5e3',
  'true',
  'null',
  '[',
  ']',
  '=',
  '!',
  '|',
  '&',
  '#c\n',
  ',',
  'Int',
  '__typename',
  '__schema { types { name } }',
  'lists',
  'contact',
  'addPerson',
  'input',
  'models',
  'id',
  'limit: 5',
  '\u0000',
  '\ufeff',
  '😀',
  '\\u0041',
  '"unterminated',
  '0x1F',
  '1.',
  '.5',
  '__proto__',
];

/** A document that is mostly not GraphQL: token soup, or a valid one with characters broken. */
export function randomDocument(rng: Rng, valid: string): string {
  if (rng.chance(0.5)) {
    return Array.from({ length: rng.int(1, 60) }, () => rng.pick(TOKENS)).join(rng.pick([' ', '', '\n']));
  }
  let doc = valid;
  for (let i = rng.int(1, 4); i > 0; i -= 1) {
    const at = rng.int(0, Math.max(doc.length - 1, 0));
    const op = rng.int(0, 3);
    if (op === 0) doc = doc.slice(0, at) + doc.slice(at + rng.int(1, 5));
    else if (op === 1) doc = doc.slice(0, at) + rng.pick(TOKENS) + doc.slice(at);
    else if (op === 2) doc = doc.slice(0, at) + doc.slice(at, at + 10).repeat(rng.int(2, 20)) + doc.slice(at);
    else doc = doc.slice(0, at) + String.fromCharCode(rng.int(0, 0xffff)) + doc.slice(at + 1);
  }
  return doc;
}

/** Requests broken at the HTTP level: bodies, content types, methods, headers, paths. */
export function transportCases(version: Version): Array<(rng: Rng) => Wire> {
  const path = graphqlPath('us', version);
  const auth = { authorization: 'Bearer dev-token' };
  const target = { tenant: 'dev-firm', region: 'us' as const };
  const json = { ...auth, 'content-type': 'application/json' };
  const ok = JSON.stringify({ query: '{ __typename }' });
  const post = (label: string, body: string | Uint8Array, headers: Record<string, string> = json): Wire => ({
    label: `transport/${label}`,
    method: 'POST',
    path,
    headers,
    body,
    target,
  });
  const mutation = JSON.stringify({
    query: 'mutation($id: ID!) { removeActivity(id: $id) { isSuccessful validationErrors { message } } }',
    variables: { id: 'x' },
  });
  return [
    (rng) => post('malformed-json', ok.slice(0, rng.int(0, ok.length - 1))),
    (rng) => post('malformed-json-mutation', mutation.slice(0, rng.int(1, mutation.length - 2))),
    (rng) =>
      post('non-object-json', rng.pick(['null', '[]', '1', '"x"', 'true', '[{"query":"{ __typename }"}]'])),
    (rng) =>
      post('query-not-string', JSON.stringify({ query: rng.pick([1, null, {}, ['{ __typename }'], true]) })),
    (rng) =>
      post(
        'variables-not-object',
        `{"query":"{ __typename }","variables":${rng.pick(['"x"', '1', '[]', 'true'])}}`,
      ),
    (rng) =>
      post(
        'extensions-not-object',
        `{"query":"{ __typename }","extensions":${rng.pick(['"x"', '1', '[]'])}}`,
      ),
    (rng) =>
      post(
        'operation-name',
        JSON.stringify({
          query: 'query A { __typename } query B { __typename }',
          operationName: rng.pick([undefined, 'C', 5, null, '__proto__']),
        }),
      ),
    () => post('empty-body', ''),
    (rng) => post('whitespace-body', rng.pick([' ', '\n\n', '\t'])),
    (rng) =>
      post('wrong-content-type', ok, {
        ...auth,
        'content-type': rng.pick([
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'application/graphql',
          'image/png',
        ]),
      }),
    () => post('no-content-type', ok, auth),
    (rng) =>
      post('unacceptable-accept', ok, {
        ...json,
        accept: rng.pick(['application/xml', 'text/html', 'image/*']),
      }),
    (rng) => ({ ...post('wrong-method', ok), method: rng.pick(['PUT', 'DELETE', 'PATCH']) }),
    (rng) => ({
      label: 'transport/get',
      method: 'GET',
      path: `${path}?${rng.pick([
        `query=${encodeURIComponent('{ __typename }')}`,
        `query=${encodeURIComponent('mutation { removeWorkingList(listId: "x") }')}`,
        '',
        'query=',
        `query=${encodeURIComponent('{ __typename }')}&variables=%7Bbroken`,
        'query[]=1&query[]=2',
        '__proto__[polluted]=yes&query=%7B__typename%7D',
      ])}`,
      headers: auth,
      target,
    }),
    (rng) =>
      post(
        'bad-auth',
        ok,
        rng.pick<Record<string, string>>([
          { 'content-type': 'application/json' },
          { 'content-type': 'application/json', authorization: 'Bearer nope' },
          { 'content-type': 'application/json', authorization: 'Basic ZGV2OnRva2Vu' },
          { 'content-type': 'application/json', authorization: 'Bearer' },
          { 'content-type': 'application/json', authorization: 'Bearer admin-token' },
          { 'content-type': 'application/json', authorization: 'Bearer dev-token dev-token-limited' },
        ]),
      ),
    (rng) =>
      post(
        'bad-bytes',
        rng.pick([
          new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
          new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(ok)]),
          new Uint8Array([0, 0, 0, 0]),
        ]),
      ),
    (rng) =>
      post(
        'over-body-limit',
        JSON.stringify({
          query: '{ __typename }',
          variables: { pad: 'p'.repeat(rng.int(1_048_577, 1_300_000)) },
        }),
      ),
    (rng) => {
      const n = rng.pick([1000, 100_000]);
      return post(
        'deep-json-body',
        `{"query":"{ __typename }","variables":{"a":${'['.repeat(n)}${']'.repeat(n)}}}`,
      );
    },
    () => post('duplicate-keys', '{"query":"{ __schema { queryType { name } } }","query":"{ __typename }"}'),
    () =>
      post(
        'prototype-top-level',
        '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"query":"{ __typename }"}',
      ),
    () => post('gzip-claimed', ok, { ...json, 'content-encoding': 'gzip' }),
    (rng) => ({
      ...post('unknown-path', ok),
      path: rng.pick([
        '/xx/1.4.0/public-api/graphql',
        '/us/9.9.9/public-api/graphql',
        '/us/1.4.0/graphql',
        '/__proto__',
      ]),
      target: undefined,
    }),
  ];
}
