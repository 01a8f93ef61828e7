// Transport twins: an answered query sent again another way must be answered alike.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JoinLedger } from '../../../src/conformance/joins/ledger.js';
import { runStep } from '../../../src/conformance/run/step.js';
import { judgeTwin } from '../../../src/conformance/run/twin-verdicts.js';
import { TWIN_VARIANTS, TwinPlanner, twinOf, type TwinVariant } from '../../../src/conformance/run/twins.js';
import type { Step } from '../../../src/conformance/scenario/types.js';
import type { GraphQLRequest, HttpOutcome } from '../../../src/conformance/target/http-client.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { emptyContext, UNIT_HTTP, unitScenario, unitTarget } from '../helpers/step.js';

const schema = buildRevisionSchema('1.4.0');
const scenario = unitScenario('twins.unit');
const http = UNIT_HTTP;
const ctx = emptyContext;
const targetAt = (url: string) => unitTarget(url);
const request: GraphQLRequest = {
  url: 'http://127.0.0.1:1/us/1.4.0/public-api/graphql',
  headers: { authorization: 'Bearer dev-token' },
  body: { query: '{ lists(limit: 2) { totalModels } }' },
};
const answer = (status: number, body: unknown, contentType = 'application/json'): HttpOutcome => ({
  kind: 'response',
  status,
  contentType,
  body,
  text: JSON.stringify(body),
  durationMs: 1,
  attempts: 1,
});

describe('twinOf', () => {
  it('sends the request each way the standards allow, and nothing else changes', () => {
    const get = twinOf(request, 'get');
    expect(get).toEqual({ ...request, method: 'GET' });
    expect(twinOf(request, 'json-charset')?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(twinOf(request, 'json-cased')?.headers['content-type']).toBe('Application/JSON;charset=UTF-8');
    expect(twinOf(request, 'accept-json')?.headers.accept).toBe('application/json');
    expect(twinOf(request, 'accept-graphql-response')?.headers.accept).toBe(
      'application/graphql-response+json',
    );
    expect(twinOf(request, 'accept-any')?.headers.accept).toBe('*/*');
    expect(twinOf(request, 'accept-json-charset')?.headers.accept).toBe('application/json; charset=utf-8');
    expect(twinOf(request, 'accept-list')?.headers.accept).toBe('text/html, application/json');
    expect(twinOf(request, 'scheme-spaces')?.headers).toEqual({ authorization: 'Bearer  dev-token' });
    expect(JSON.parse(twinOf(request, 'extensions')?.rawBody ?? '{}')).toEqual({
      ...request.body,
      extensions: {},
    });
    expect(twinOf(request, 'lowercase-scheme')?.headers).toEqual({ authorization: 'bearer dev-token' });
    expect(JSON.parse(twinOf(request, 'null-members')?.rawBody ?? '{}')).toEqual({
      query: request.body.query,
      variables: null,
      operationName: null,
    });
  });

  it('sends null only for the envelope members a request leaves out (A-562)', () => {
    const named = { ...request, body: { ...request.body, operationName: 'Lists' } };
    expect(JSON.parse(twinOf(named, 'null-members')?.rawBody ?? '{}')).toEqual({
      query: request.body.query,
      variables: null,
      operationName: 'Lists',
    });
    const withVariables = { ...request, body: { ...request.body, variables: { limit: 2 } } };
    expect(JSON.parse(twinOf(withVariables, 'null-members')?.rawBody ?? '{}')).toEqual({
      query: request.body.query,
      variables: { limit: 2 },
      operationName: null,
    });
    const both = { ...request, body: { ...request.body, variables: { limit: 2 }, operationName: 'Lists' } };
    expect(twinOf(both, 'null-members')).toBeUndefined();
  });

  it('leaves out what a variant cannot carry: a long URL with GET, a scheme with no bearer token', () => {
    const long = { ...request, body: { query: `{ lists(limit: 2) { totalModels } }${' '.repeat(3000)}` } };
    expect(twinOf(long, 'get')).toBeUndefined();
    expect(twinOf({ ...request, headers: { 'x-api-key': 'k' } }, 'lowercase-scheme')).toBeUndefined();
  });
});

describe('TwinPlanner', () => {
  it('twins each operation a few times, each time the next variant, and every variant in turn', () => {
    const planner = new TwinPlanner();
    const elsewhere = () => ({
      version: '1.2.0',
      request: { ...request, url: 'http://127.0.0.1:1/us/1.2.0/g' },
    });
    const seen = Array.from({ length: 4 }, () => planner.plan('1.4.0 lists', request, elsewhere)?.variant);
    expect(seen).toEqual([...TWIN_VARIANTS.slice(0, 3), undefined]);
    const rest = TWIN_VARIANTS.slice(3).map((_, i) => planner.plan(`1.4.0 other${i}`, request, elsewhere));
    expect(rest.map((t) => t?.variant)).toEqual(TWIN_VARIANTS.slice(3));
    const other = rest.find((t) => t?.variant === 'other-revision');
    expect(other?.request.url).toBe('http://127.0.0.1:1/us/1.2.0/g');
    expect(other?.sent).toBe('to the 1.2.0 endpoint');
  });

  it('skips a variant the request cannot carry', () => {
    const planner = new TwinPlanner(['lowercase-scheme', 'other-revision', 'extensions']);
    const twin = planner.plan('k', { ...request, headers: { 'x-api-key': 'k' } }, () => undefined);
    expect(twin?.variant).toBe('extensions');
  });
});

describe('judgeTwin', () => {
  const data = { lists: { totalModels: 2, models: [{ id: 'a' }, { id: 'b' }] } };
  it('holds nothing against a twin answered alike, lists in any order', () => {
    const reordered = { lists: { models: [{ id: 'b' }, { id: 'a' }], totalModels: 2 } };
    expect(judgeTwin('get', data, answer(200, { data: reordered }), true)).toEqual([]);
  });
  it('names a refusal with its status and error', () => {
    const refused = answer(415, {
      errors: [{ message: 'Unsupported media type', extensions: { code: 'X' } }],
    });
    const [finding, ...more] = judgeTwin('json-charset', data, refused, true);
    expect(more).toEqual([]);
    expect(finding).toMatchObject({
      kind: 'http-status',
      expected: 200,
      actual: 415,
      expectationId: 'transport',
    });
    expect(finding?.message).toContain('charset=utf-8');
    expect(finding?.message).toContain('Unsupported media type');
  });
  it('holds the answer to the one media type accepted', () => {
    const asNew = answer(200, { data }, 'application/graphql-response+json; charset=utf-8');
    expect(judgeTwin('accept-json', data, asNew, true).map((f) => f.kind)).toEqual(['http-header']);
    expect(judgeTwin('accept-any', data, asNew, true)).toEqual([]);
  });
  it('names errors and other data, but compares data only with no write between', () => {
    const other = { lists: { totalModels: 3, models: [{ id: 'a' }, { id: 'b' }] } };
    const [changed] = judgeTwin('get', data, answer(200, { data: other }), true);
    expect(changed).toMatchObject({ kind: 'value-mismatch', path: 'data.lists.totalModels', actual: 3 });
    expect(judgeTwin('get', data, answer(200, { data: other }), false)).toEqual([]);
    const failed = answer(200, { data: null, errors: [{ message: 'no' }] });
    expect(judgeTwin('get', data, failed, false).map((f) => f.kind)).toEqual(['unexpected-error']);
  });
  it('proves nothing when the twin got no answer', () => {
    const lost: HttpOutcome = { kind: 'network-error', message: 'ECONNRESET', durationMs: 1, attempts: 1 };
    expect(judgeTwin('get', data, lost, true)).toEqual([]);
  });
});

/** A node:http server on 127.0.0.1, port 0, and the URL it answers at. */
async function listening(
  handler: (req: IncomingMessage, body: string) => { status: number; body: unknown },
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { status, body } = handler(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` };
}

describe('runStep with transport twins', () => {
  let sim: TestServer;
  let strict: Server;
  let strictUrl: string;
  const seen: { method?: string; contentType?: string; url?: string; anonymous: boolean }[] = [];
  const step: Step = { id: 'read', document: '{ lists(limit: 2) { totalModels models { id name } } }' };
  beforeAll(async () => {
    sim = await startTestServer();
    // A service that compares the media type whole and serves GET from the first GET it answered.
    let firstGet: unknown;
    ({ server: strict, url: strictUrl } = await listening((req) => {
      const anonymous = !['Bearer dev-token', 'bearer dev-token'].includes(req.headers.authorization ?? '');
      seen.push({ method: req.method, contentType: req.headers['content-type'], url: req.url, anonymous });
      if (anonymous) return { status: 401, body: { errors: [{ message: 'Unauthenticated' }] } };
      if (req.method === 'POST' && req.headers['content-type'] !== 'application/json') {
        return { status: 415, body: { errors: [{ message: 'Unsupported Media Type' }] } };
      }
      const body = {
        data: {
          lists: { totalModels: req.method === 'GET' ? 9 : req.url?.includes('1.2.0') ? 5 : 0, models: [] },
        },
      };
      firstGet ??= req.method === 'GET' ? body : undefined;
      return { status: 200, body: req.method === 'GET' ? firstGet : body };
    }));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => strict.close(() => resolve()));
    await sim.close();
  });
  const send = (s: Step, url: string, variants: readonly TwinVariant[], joins = new JoinLedger()) =>
    runStep(
      scenario,
      s,
      '1.4.0',
      {
        target: { ...targetAt(url), endpointFor: (v) => url.replace('1.4.0', v) },
        http,
        twins: new TwinPlanner(variants),
        joins,
        otherRevision: () => ({ version: '1.2.0', schema: buildRevisionSchema('1.2.0') }),
      },
      schema,
      ctx(),
    );

  it('finds nothing on the simulator, whichever way the twin is sent', async () => {
    for (const variant of TWIN_VARIANTS) {
      const result = await send(step, `${sim.url}/us/1.4.0/public-api/graphql`, [variant]);
      expect({ variant, status: result.status, differences: result.differences }).toEqual({
        variant,
        status: 'passed',
        differences: [],
      });
    }
  });

  it('fails the step whose twin a service refuses, naming the way it was sent', async () => {
    seen.length = 0;
    const result = await send(step, strictUrl, ['json-charset']);
    expect(seen.filter((s) => !s.anonymous).map((s) => s.contentType)).toEqual([
      'application/json',
      'application/json; charset=utf-8',
    ]);
    expect(result.status).toBe('failed');
    expect(result.differences).toEqual([
      expect.objectContaining({
        expectationId: 'transport',
        kind: 'http-status',
        severity: 'breaking',
        basis: expect.objectContaining({ assumptions: ['A-582'] }),
      }),
    ]);
  });

  it('holds a GET twin to the POST answer while no write is in flight, and only then', async () => {
    const result = await send(step, strictUrl, ['get']);
    expect(result.differences.map((d) => [d.kind, d.path])).toEqual([
      ['value-mismatch', 'data.lists.totalModels'],
    ]);
    const writing = new JoinLedger();
    writing.writeStarted();
    expect((await send(step, strictUrl, ['get'], writing)).differences).toEqual([]);
  });

  it('asks the other revision the same document where it is valid there, and holds it to the same data', async () => {
    seen.length = 0;
    const url = `${strictUrl}us/1.4.0/public-api/graphql`;
    const result = await send(step, url, ['other-revision']);
    expect(seen.filter((s) => !s.anonymous).map((s) => s.url)).toEqual([
      '/us/1.4.0/public-api/graphql',
      '/us/1.2.0/public-api/graphql',
    ]);
    expect(result.differences.map((d) => [d.kind, d.path])).toEqual([
      ['value-mismatch', 'data.lists.totalModels'],
    ]);
    expect(result.differences[0]?.message).toContain('sent to the 1.2.0 endpoint');
    seen.length = 0;
    await send({ id: 'planning', document: '{ objectives(limit: 1) { totalModels } }' }, url, [
      'other-revision',
    ]);
    expect(seen.filter((s) => !s.anonymous)).toHaveLength(1);
  });

  it('asks each operation without credentials, with the scheme and no token, with a token no tenant has, in other case, with words after it and as a Basic password, each refused 401 with no data', async () => {
    seen.length = 0;
    const planner = new TwinPlanner(['extensions']);
    const options = { target: targetAt(strictUrl), http, twins: planner };
    const first = await runStep(scenario, step, '1.4.0', options, schema, ctx());
    await runStep(scenario, step, '1.4.0', options, schema, ctx());
    expect(seen.filter((s) => s.anonymous)).toHaveLength(6);
    expect(first.differences).toEqual([]);
    const served = await runStep(
      scenario,
      step,
      '1.4.0',
      { target: targetAt(`${sim.url}/us/1.4.0/public-api/graphql`), http, twins: new TwinPlanner() },
      schema,
      ctx(),
    );
    expect(served.differences).toEqual([]);
    // A service that serves a path without authenticating answers the caller no firm designated.
    const lax = await listening(() => ({
      status: 200,
      body: { data: { lists: { totalModels: 0, models: [] } } },
    }));
    try {
      const leaked = await runStep(
        scenario,
        step,
        '1.4.0',
        { target: targetAt(lax.url), http, twins: new TwinPlanner(['extensions']) },
        schema,
        ctx(),
      );
      expect(leaked.status).toBe('failed');
      expect(leaked.differences.map((d) => [d.expectationId, d.kind, d.severity])).toEqual([
        ['transport-anonymous', 'http-status', 'breaking'],
        ['transport-anonymous', 'presence-mismatch', 'breaking'],
        ['transport-anonymous', 'http-status', 'breaking'],
        ['transport-anonymous', 'presence-mismatch', 'breaking'],
        ['transport-anonymous', 'http-status', 'breaking'],
        ['transport-anonymous', 'presence-mismatch', 'breaking'],
        ['transport-anonymous', 'http-status', 'breaking'],
        ['transport-anonymous', 'presence-mismatch', 'breaking'],
        ['transport-anonymous', 'http-status', 'breaking'],
        ['transport-anonymous', 'presence-mismatch', 'breaking'],
        ['transport-anonymous', 'http-status', 'breaking'],
        ['transport-anonymous', 'presence-mismatch', 'breaking'],
      ]);
      expect(leaked.differences.map((d) => d.message.split(' was ')[0])).toEqual([
        'The same query sent with the bearer token in other letter case',
        'The same query sent with the bearer token in other letter case',
        'The same query sent without credentials',
        'The same query sent without credentials',
        'The same query sent with words after its bearer token',
        'The same query sent with words after its bearer token',
        'The same query sent with the Bearer scheme and no token',
        'The same query sent with the Bearer scheme and no token',
        'The same query sent with a bearer token no tenant has',
        'The same query sent with a bearer token no tenant has',
        'The same query sent with its token as the password of the Basic scheme',
        'The same query sent with its token as the password of the Basic scheme',
      ]);
      // A write path that skips authentication applies the write for anyone: its refusal is asked too.
      const write = await runStep(
        scenario,
        { id: 'w', document: 'mutation { removeWorkingList(listId: "x") }' },
        '1.4.0',
        { target: targetAt(lax.url), http, twins: new TwinPlanner(['extensions']) },
        schema,
        ctx(),
      );
      const refusals = write.differences.filter((d) => d.expectationId === 'transport-anonymous');
      expect(refusals.map((d) => d.message.split(' was ')[0])).toEqual([
        'The same mutation sent with the bearer token in other letter case',
        'The same mutation sent with the bearer token in other letter case',
        'The same mutation sent without credentials',
        'The same mutation sent without credentials',
        'The same mutation sent with words after its bearer token',
        'The same mutation sent with words after its bearer token',
        'The same mutation sent with the Bearer scheme and no token',
        'The same mutation sent with the Bearer scheme and no token',
        'The same mutation sent with a bearer token no tenant has',
        'The same mutation sent with a bearer token no tenant has',
        'The same mutation sent with its token as the password of the Basic scheme',
        'The same mutation sent with its token as the password of the Basic scheme',
      ]);
    } finally {
      await new Promise<void>((resolve) => lax.server.close(() => resolve()));
    }
  });

  it('sends no twin for a step with a transport of its own or another asker, and a write only without credentials', async () => {
    seen.length = 0;
    await send({ ...step, method: 'get' }, strictUrl, ['json-charset']);
    await send({ ...step, as: 'anonymous' }, strictUrl, ['json-charset']);
    expect(seen).toHaveLength(2);
    seen.length = 0;
    await send({ id: 'w', document: 'mutation { removeWorkingList(listId: "x") }' }, strictUrl, [
      'json-charset',
    ]);
    expect(seen.map((s) => [s.contentType, s.anonymous])).toEqual([
      ['application/json', false],
      ['application/json', true],
      ['application/json', true],
      ['application/json', true],
      ['application/json', true],
      ['application/json', true],
      ['application/json', true],
    ]);
  });
});
