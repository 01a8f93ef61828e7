// The GraphQL fast path (src/server/graphql-fast-path.ts) answers authenticated POSTs to an endpoint
// without express. Every answer must be the one the express route gives: the same status, headers and
// bytes, the same journal entry and log line; and what it hands over (faults, GETs, 401s) must still
// behave as before. The express route is forced here by a fault rule that matches no request.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JournalHead } from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const MAX_BODY = 4096;
const PATH = '/eu/1.2.0/public-api/graphql';

let server: TestServer;
const heads: JournalHead[] = [];
beforeAll(async () => {
  server = await startTestServer({ limits: { maxBodyBytes: MAX_BODY }, onRequestHead: (h) => heads.push(h) });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One raw HTTP request; `chunks` are written one by one (chunked transfer when no content-length is set). */
function send(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  chunks?: Array<string | Buffer>;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'POST',
        path: options.path ?? PATH,
        headers: options.headers ?? {},
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts).toString() }),
        );
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

const json = { 'content-type': 'application/json', authorization: 'Bearer dev-token' };
const body = (query: string, variables?: unknown) => JSON.stringify({ query, variables });

/** An answer without what differs between any two requests (the date). */
function comparable(answer: Answer) {
  const { date: _date, ...headers } = answer.headers;
  return { status: answer.status, headers, body: answer.body };
}

/** A journal head without what differs between any two requests. */
function headOf(head: JournalHead) {
  const { id: _id, time: _time, durationMs: _d, ...rest } = head;
  return rest;
}

/** Sends a request on the fast path, then again on the express route; returns both answers and heads. */
async function both(options: Parameters<typeof send>[0]) {
  // The heads of earlier tests' requests (journaled as their connections close) are not this one's.
  await new Promise((resolve) => setTimeout(resolve, 20));
  heads.length = 0;
  expect(server.setFaults({ rules: [] })).toBeUndefined();
  const fast = await send(options);
  await until(() => heads.length > 0);
  const fastHead = heads.splice(0)[0]!;
  expect(server.setFaults({ rules: [{ tenant: 'nobody', errorRate: 1 }] })).toBeUndefined();
  try {
    const routed = await send(options);
    await until(() => heads.length > 0);
    const routedHead = heads.splice(0)[0]!;
    return { fast, routed, fastHead, routedHead };
  } finally {
    server.setFaults({ rules: [] });
  }
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 5));
}

describe('the GraphQL fast path answers as the express route does', () => {
  it.each([
    ['a valid query', [body('{ regionalSettings { language { name } } }')], json],
    [
      'a query with variables',
      [body('query Q($l: Int) { searchFirmContacts(limit: $l) { totalModels } }', { l: 2 })],
      json,
    ],
    ['an invalid document', [body('{ noSuchField }')], json],
    ['a syntax error', [body('{ regionalSettings { ')], json],
    [
      'a document over the depth limit',
      [body(`{ ${'regionalSettings { '.repeat(1)}${'a { '.repeat(20)}b${' }'.repeat(21)} }`)],
      json,
    ],
    ['an empty body', [], json],
    ['a body that is not JSON', ['not json'], json],
    ['a JSON body that is not an object', ['[1,2]'], json],
    [
      'no content type',
      [body('{ regionalSettings { language { name } } }')],
      { authorization: 'Bearer dev-token' },
    ],
    ['a form content type', ['query=x'], { ...json, 'content-type': 'application/x-www-form-urlencoded' }],
    [
      'an Accept it cannot serve',
      [body('{ regionalSettings { language { name } } }')],
      { ...json, accept: 'text/plain' },
    ],
    [
      'the graphql-response media type',
      [body('{ regionalSettings { language { name } } }')],
      { ...json, accept: 'application/graphql-response+json' },
    ],
    ['a body sent in several chunks', ['{"query":"{ regionalSettings ', '{ language { name } } }"}'], json],
    [
      'a UTF-8 byte order mark',
      [
        Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from(body('{ regionalSettings { language { name } } }')),
        ]),
      ],
      json,
    ],
    ['a chunked body over the limit', ['{"query":"', 'x'.repeat(MAX_BODY), '"}'], json],
    ['a mutation', [body('mutation { updateRegionalSettings(input: {}) { status } }')], json],
  ])('%s: same status, headers, bytes and journal entry', async (_name, chunks, headers) => {
    const { fast, routed, fastHead, routedHead } = await both({ chunks, headers });
    expect(comparable(fast)).toEqual(comparable(routed));
    expect(headOf(fastHead)).toEqual(headOf(routedHead));
  });

  it('the whole journal entry of a fast-path request is what the express route records', async () => {
    const query = 'query Named($l: Int) { searchFirmContacts(limit: $l) { models { id } } }';
    const { fastHead, routedHead } = await both({ chunks: [body(query, { l: 3 })], headers: json });
    const entry = (id: string) => {
      const { id: _i, time: _t, durationMs: _d, ...rest } = server.journal.list().find((e) => e.id === id)!;
      return rest;
    };
    expect(entry(fastHead.id)).toEqual(entry(routedHead.id));
    expect(entry(fastHead.id)).toMatchObject({
      tenant: 'dev-firm',
      region: 'eu',
      revision: '1.2.0',
      operation: { name: 'Named', type: 'query', fields: ['searchFirmContacts'] },
      variables: { l: 3 },
      status: 200,
    });
  });
});

describe('what the fast path hands to the express route behaves as before', () => {
  it('fault rules apply to GraphQL requests (latency and errors)', async () => {
    expect(
      server.setFaults({ rules: [{ operations: ['regionalSettings'], errorRate: 1, errorKind: 'http503' }] }),
    ).toBeUndefined();
    try {
      const answer = await send({
        chunks: [body('{ regionalSettings { language { name } } }')],
        headers: json,
      });
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({
        errors: [{ extensions: { code: 'SERVICE_UNAVAILABLE' } }],
      });
    } finally {
      server.setFaults({ rules: [] });
    }
  });

  it('an unauthenticated body larger than 8 KiB is refused unread (401)', async () => {
    const answer = await send({
      headers: { 'content-type': 'application/json', authorization: 'Bearer nobody' },
      chunks: ['{"query":"', 'x'.repeat(MAX_BODY - 20), '"}'],
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('a declared length over the body limit is answered 413 with the envelope', async () => {
    const text = body(`{ regionalSettings { language { name } } } #${'x'.repeat(MAX_BODY)}`);
    const answer = await send({
      headers: { ...json, 'content-length': String(Buffer.byteLength(text)) },
      chunks: [text],
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ extensions: { code: 'LIMIT_EXCEEDED' } }] });
  });

  it('a charset other than UTF-8 is read as the express route reads it', async () => {
    const { fast, routed, fastHead, routedHead } = await both({
      headers: { ...json, 'content-type': 'application/json; charset=latin1' },
      chunks: [Buffer.from(body('{ regionalSettings { é } }'), 'latin1')],
    });
    expect(comparable(fast)).toEqual(comparable(routed));
    // graphql-http answers 415 either way; the journal keeps the document as decoded.
    const documentOf = (id: string) => server.journal.get(id)?.document;
    expect(documentOf(fastHead.id)).toBe('{ regionalSettings { é } }');
    expect(documentOf(routedHead.id)).toBe('{ regionalSettings { é } }');
  });

  it('GET queries and unknown paths answer as before', async () => {
    const get = await send({
      method: 'GET',
      path: `${PATH}?query=${encodeURIComponent('{ regionalSettings { language { name } } }')}`,
      headers: { authorization: 'Bearer dev-token' },
    });
    expect(get.status).toBe(200);
    expect(JSON.parse(get.body)).toMatchObject({ data: { regionalSettings: { language: {} } } });
    const unknown = await send({ path: '/eu/9.9.9/public-api/graphql', headers: json, chunks: ['{}'] });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
  });
});
