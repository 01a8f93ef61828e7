// The one GraphQL edge (issue "one edge"), tried as an attacker would, on the simulator and on the
// stateless mock: a body over the limit is refused as soon as that is known and the connection closed
// (a declared length: before a byte is read; a chunked body: at the limit), a body without a token is
// refused after at most 8 KiB and the connection closed, a fault rule for one tenant leaves another
// tenant's requests alone, and the home page and the reports answer only the allowed Host names and
// never follow a symbolic link out of the reports folder.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startMockServer, type RunningMock } from '../../src/mock/server.js';
import { feed, SLICE, TOTAL } from '../helpers/feed.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const LIMIT = 64 * 1024;

/** The edge behaviours every GraphQL path must show; `url` is an endpoint of the server under test. */
function earlyAnswers(endpoint: () => string) {
  it('answers a declared length over the limit with 413 before the body is read, and closes', async () => {
    const fed = await feed(endpoint(), { token: 'dev-token', declared: TOTAL, total: 10 });
    // Answered from the head alone: before the 10 bytes sent, or right after them, never after waiting.
    expect(fed.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(fed.sentBeforeAnswer).toBeLessThanOrEqual(10);
    expect(fed.closed).toBe(true);
  });

  it('answers a chunked body with 413 as soon as it passes the limit, and closes', async () => {
    const fed = await feed(endpoint(), { token: 'dev-token' });
    expect(fed.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(fed.sentBeforeAnswer).toBeLessThanOrEqual(LIMIT + 4 * SLICE);
    expect(fed.closed).toBe(true);
  });

  it('answers a declared body without a token with 401 before it is read, and closes', async () => {
    const fed = await feed(endpoint(), { declared: TOTAL });
    expect(fed.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(fed.sentBeforeAnswer).toBeLessThan(TOTAL);
    expect(fed.closed).toBe(true);
  });

  it('answers a chunked body without a token with 401 after at most 8 KiB, and closes', async () => {
    const fed = await feed(endpoint(), {});
    expect(fed.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(fed.sentBeforeAnswer).toBeLessThanOrEqual(8 * 1024 + 4 * SLICE);
    expect(fed.closed).toBe(true);
  });
}

describe('edge: the simulator answers as soon as it knows', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ limits: { maxBodyBytes: LIMIT } });
  });
  afterAll(() => server?.close());

  earlyAnswers(() => `${server.url}/us/1.4.0/public-api/graphql`);

  describe('with a fault rule set for another tenant', () => {
    beforeAll(() => {
      expect(server.setFaults({ rules: [{ tenant: 'someone-else', errorRate: 1 }] })).toBeUndefined();
    });
    afterAll(() => {
      server.setFaults({ rules: [] });
    });
    earlyAnswers(() => `${server.url}/eu/1.2.0/public-api/graphql`);
  });
});

describe('edge: the stateless mock answers as soon as it knows', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer({
      schemaFile: 'contracts/1.4.0/schema.graphql',
      port: 0,
      log: () => undefined,
      limits: { maxBodyBytes: LIMIT },
    });
  });
  afterAll(() => mock?.close());

  earlyAnswers(() => `${mock.url}/public-api/graphql`);
});

describe('edge: a fault rule for one tenant costs another nothing', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("never parses another tenant's body for the rules, and answers it as without rules", async () => {
    const query = '{ regionalSettings { language { name } } }';
    const before = await server.gql(query, undefined, { token: 'dev-token' });
    expect(
      server.setFaults({
        rules: [{ tenant: 'someone-else', operations: ['regionalSettings'], errorRate: 1 }],
      }),
    ).toBeUndefined();
    // The request body is parsed once, by graphql-http; the fault rules never look at it.
    const body = JSON.stringify({ query, variables: { marker: 'tenant-b' } });
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const res = await fetch(`${server.url}/us/1.4.0/public-api/graphql`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
        body,
      });
      expect(await res.json()).toEqual({ data: before.data });
      expect(parse.mock.calls.filter(([text]) => text === body)).toHaveLength(1);
    } finally {
      parse.mockRestore();
      server.setFaults({ rules: [] });
    }
  });
});

/** A GET with a chosen Host header (fetch does not let one set it). */
function get(url: string, pathname: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('edge: the home page and the reports', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-edge-reports-'));
  const reports = path.join(dir, 'reports');
  let server: TestServer;
  let cwd: string;
  beforeAll(async () => {
    writeFileSync(path.join(dir, 'secret.txt'), 'SECRET OUTSIDE THE REPORTS');
    // The reports folder is the working directory's `reports/` (the default of `serve`).
    mkdirSync(reports);
    writeFileSync(path.join(reports, 'conformance.md'), '# report');
    symlinkSync(path.join(dir, 'secret.txt'), path.join(reports, 'conformance.html'));
    cwd = process.cwd();
    process.chdir(dir);
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/__reports/conformance.md'])('refuses %s for a foreign Host (DNS rebinding)', async (at) => {
    const res = await get(server.url, at, 'evil.example');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
  });

  it('serves a report to a loopback Host, but never follows a symbolic link', async () => {
    const { port } = new URL(server.url);
    expect((await get(server.url, '/__reports/conformance.md', `localhost:${port}`)).body).toBe('# report');
    const linked = await get(server.url, '/__reports/conformance.html', `localhost:${port}`);
    expect(linked.status).toBe(404);
    expect(linked.body).not.toContain('SECRET');
  });
});
