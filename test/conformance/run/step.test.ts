// runStep's decide hook: expectations known only from the answer are judged with the step's own.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JoinLedger } from '../../../src/conformance/joins/ledger.js';
import { runStep } from '../../../src/conformance/run/step.js';
import type { Expectation, Step } from '../../../src/conformance/scenario/types.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { emptyContext, UNIT_HTTP, unitScenario, unitTarget } from '../helpers/step.js';

const schema = buildRevisionSchema('1.4.0');
const scenario = unitScenario('step.hook');
const http = UNIT_HTTP;
const ctx = emptyContext;
const targetAt = (url: string) => unitTarget(url, { 'content-type': 'application/json' }, true);

/** A node:http server on 127.0.0.1, port 0, and the URL it answers at. */
async function listening(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` };
}

describe('runStep with a decide hook', () => {
  let sim: TestServer;
  let failing: Server;
  let failingUrl: string;
  beforeAll(async () => {
    sim = await startTestServer();
    ({ server: failing, url: failingUrl } = await listening((_req, res) =>
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'),
    ));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => failing.close(() => resolve()));
    await sim.close();
  });
  const run = (
    step: Step,
    decide: (body: unknown) => Expectation[],
    url = `${sim.url}/us/1.4.0/public-api/graphql`,
  ) => runStep(scenario, step, '1.4.0', { target: targetAt(url), http }, schema, ctx(), { decide });

  it('judges what decide returns together with the step’s own expectations', async () => {
    const step: Step = {
      id: 'read',
      document: 'query { r: list(id: "none") { id } }',
      expect: [{ path: 'data.r', equals: null }],
    };
    const seen: unknown[] = [];
    const held = await run(step, (body) => (seen.push(body), [{ path: 'data', exists: true }]));
    expect(seen).toEqual([{ data: { r: null } }]);
    expect(held).toMatchObject({ status: 'passed', differences: [] });
    const broken = await run(step, () => [{ path: 'data.r', equals: 'x' }]);
    expect(broken.status).toBe('failed');
    expect(broken.differences.map((d) => d.path)).toEqual(['data.r']);
    const ownBroken = await run({ ...step, expect: [{ path: 'data.r', equals: 'own' }] }, () => []);
    expect(ownBroken.status).toBe('failed');
  });

  it('holds a decided error to the error instead of the data shape', async () => {
    const step: Step = {
      id: 'refused',
      document: 'query Q($id: ID!) { r: list(id: $id) { id } }',
      variables: { id: null },
    };
    expect(await run(step, () => [{ error: {} }])).toMatchObject({ status: 'passed', differences: [] });
    expect((await run(step, () => [])).status).toBe('failed');
  });

  it('does not ask about a server error: the 5xx is the finding', async () => {
    let asked = false;
    const result = await run(
      { id: 'boom', document: '{ __typename }' },
      () => ((asked = true), [{ error: {} }]),
      failingUrl,
    );
    expect(asked).toBe(false);
    expect(result.status).toBe('failed');
  });
});

describe('runStep sends what a step asks of the protocol', () => {
  let sim: TestServer;
  let jsonOnly: Server;
  let jsonOnlyUrl: string;
  const bodies: string[] = [];
  const contentTypes: (string | undefined)[] = [];
  beforeAll(async () => {
    sim = await startTestServer();
    // Answers every request as application/json, whatever it accepted (an answer cache without Vary),
    // and keeps the bodies it was sent.
    ({ server: jsonOnly, url: jsonOnlyUrl } = await listening((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        contentTypes.push(req.headers['content-type']);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"__typename":"Query"}}');
      });
    }));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => jsonOnly.close(() => resolve()));
    await sim.close();
  });
  const send = (step: Step, url = `${sim.url}/us/1.4.0/public-api/graphql`) =>
    runStep(scenario, step, '1.4.0', { target: targetAt(url), http }, schema, ctx());

  it('names only the media type of `accept` and holds the answer to it (A-575)', async () => {
    const asJson = await send({ id: 'json', document: '{ __typename }', accept: 'json' });
    expect(asJson.request?.headers.accept).toBe('application/json');
    expect(asJson.response?.contentType).toMatch(/^application\/json/);
    expect(asJson).toMatchObject({ status: 'passed', differences: [] });
    const asNew = await send({ id: 'new', document: '{ __typename }', accept: 'graphql-response' });
    expect(asNew.response?.contentType).toMatch(/^application\/graphql-response\+json/);
    expect(asNew.status).toBe('passed');
    const wrong = await send(
      { id: 'new', document: '{ __typename }', accept: 'graphql-response' },
      jsonOnlyUrl,
    );
    expect(wrong.status).toBe('failed');
    expect(wrong.differences.map((d) => d.kind)).toEqual(['http-header']);
  });

  it('sends `method: get` with the envelope in the URL, and `body: cut-document` as a query that does not parse', async () => {
    const got = await send({
      id: 'get',
      method: 'get',
      document: 'query Q($id: ID!) { r: list(id: $id) { id } }',
      variables: { id: 'none' },
      expect: [{ path: 'data.r', equals: null }],
    });
    expect(got.request?.method).toBe('GET');
    expect(got).toMatchObject({ status: 'passed', response: { status: 200 } });
    const refused = await send({
      id: 'getMutation',
      method: 'get',
      document: 'mutation { removeActivity(id: "none") { isSuccessful } }',
      expect: [{ httpStatus: 405 }, { error: { code: 'METHOD_NOT_ALLOWED' } }],
    });
    expect(refused).toMatchObject({ status: 'passed', differences: [] });
    const cut = await send({
      id: 'cut',
      body: 'cut-document',
      document: '{ __typename }',
      expect: [{ httpStatus: 400 }, { error: { code: 'GRAPHQL_PARSE_FAILED' } }],
    });
    expect(cut).toMatchObject({ status: 'passed', differences: [] });
  });

  it('sends `as: lowercase-scheme` and `body: with-extensions` as the standards allow them (A-578)', async () => {
    const lower = await send({
      id: 'lower',
      as: 'lowercase-scheme',
      document: '{ __typename }',
      expect: [{ path: 'data.__typename', equals: 'Query' }],
    });
    expect(lower.request?.headers.authorization).toMatch(/^bearer /);
    expect(lower).toMatchObject({ status: 'passed', differences: [] });
    const extended = await send({
      id: 'extensions',
      body: 'with-extensions',
      document: '{ __typename }',
      expect: [{ path: 'data.__typename', equals: 'Query' }],
    });
    expect(extended).toMatchObject({ status: 'passed', differences: [] });
    // What went on the wire carries the entry (the simulator serves the envelope with or without it).
    await send({ id: 'extensions', body: 'with-extensions', document: '{ __typename }' }, jsonOnlyUrl);
    expect(JSON.parse(bodies[bodies.length - 1] ?? '{}')).toEqual({
      query: '{ __typename }',
      extensions: {},
    });
  });

  it('sends `as: bare-token` with the own token and no scheme, which the simulator refuses 401 (A-56)', async () => {
    const bare = await send({
      id: 'bare',
      as: 'bare-token',
      document: '{ __typename }',
      expect: [{ httpStatus: 401 }, { error: { code: 'UNAUTHENTICATED' } }],
    });
    expect(bare.request?.headers.authorization).not.toMatch(/^bearer/i);
    expect(bare.request?.headers.authorization?.length).toBeGreaterThan(0);
    expect(bare).toMatchObject({ status: 'passed', differences: [] });
  });

  it('types a `contentType: json-utf8` body with the charset parameter, which the simulator serves (A-581)', async () => {
    const typed = await send({
      id: 'charset',
      contentType: 'json-utf8',
      document: '{ __typename }',
      expect: [{ httpStatus: 200 }, { path: 'data.__typename', equals: 'Query' }],
    });
    expect(typed.request?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(typed).toMatchObject({ status: 'passed', differences: [] });
    await send({ id: 'plain', document: '{ __typename }' }, jsonOnlyUrl);
    await send({ id: 'charset', contentType: 'json-utf8', document: '{ __typename }' }, jsonOnlyUrl);
    expect(contentTypes.slice(-2)).toEqual(['application/json', 'application/json; charset=utf-8']);
  });
});

describe('runStep and the state the join ledger holds answers in (A-580)', () => {
  let sim: TestServer;
  beforeAll(async () => {
    sim = await startTestServer();
  });
  afterAll(() => sim.close());
  // A mutation the service refuses: an unknown list id changes nothing.
  const refused: Step = {
    id: 'refused',
    document: 'mutation { removeContactsFromList(listId: "none", contactIds: ["none"]) { resultText } }',
  };
  const stateAfter = async (tags: string[], step: Step) => {
    const joins = new JoinLedger();
    const before = joins.stateNow();
    await runStep(
      { ...unitScenario('step.state'), tags },
      step,
      '1.4.0',
      { target: targetAt(`${sim.url}/us/1.4.0/public-api/graphql`), http, joins },
      schema,
      ctx(),
    );
    return joins.stateNow() === before;
  };

  it("moves the state on a mutation of a scenario that writes, not on a read-only scenario's refusal", async () => {
    expect(await stateAfter(['mutates'], refused)).toBe(false);
    expect(await stateAfter([], refused)).toBe(true);
    expect(await stateAfter(['mutates'], { id: 'read', document: '{ __typename }' })).toBe(true);
  });
});

describe('runStep on an answer that begins with a byte order mark', () => {
  let bom: Server;
  let url: string;
  let withMark = true;
  beforeAll(async () => {
    ({ server: bom, url } = await listening((_req, res) => {
      const json = Buffer.from(JSON.stringify({ data: { r: null } }));
      const mark = Buffer.from([0xef, 0xbb, 0xbf]);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(withMark ? Buffer.concat([mark, json]) : json);
    }));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => bom.close(() => resolve()));
  });
  const step: Step = { id: 'read', document: 'query { r: list(id: "none") { id } }', expect: [] };
  const run = () => runStep(scenario, step, '1.4.0', { target: targetAt(url), http }, schema, ctx());

  it('reads the JSON but reports the mark, which JSON text must not carry (A-613)', async () => {
    withMark = true;
    const marked = await run();
    expect(marked.status).toBe('failed');
    expect(marked.differences.map((d) => [d.expectationId, d.actual])).toEqual([
      ['http', 'a body beginning with the UTF-8 byte order mark (EF BB BF)'],
    ]);
    withMark = false;
    const plain = await run();
    expect(plain).toMatchObject({ status: 'passed', differences: [] });
  });
});
