import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { JournalEntry } from '../../src/proxy/journal.js';
import { startProxy } from '../../src/proxy/proxy.js';
import { Pseudonymizer } from '../../src/proxy/recording/pseudonymize.js';
import { Recorder } from '../../src/proxy/recording/recorder.js';
import { startServer, type RunningServer } from '../../src/server/index.js';

let sim: RunningServer;
let dir: string;
let echo: Server;
let echoUrl: string;
let seenHeaders: IncomingHttpHeaders = {};

beforeAll(async () => {
  sim = await startServer({ port: 0, inMemory: true, log: () => {} });
  dir = mkdtempSync(path.join(tmpdir(), 'rm-proxy-hard-'));
  // An upstream that remembers the headers it was sent and answers a valid empty list page.
  echo = createServer((req, res) => {
    seenHeaders = req.headers;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { lists: { totalModels: 0, limit: 2, models: [] } } }));
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/public-api/graphql`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => echo.close(() => resolve()));
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const LISTS = '{ lists(limit: 2) { totalModels limit models { id name } } }';

/** A raw node:http POST, because fetch refuses to send hop-by-hop headers at all. */
function rawPost(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function post(
  url: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: { errors?: { extensions?: Record<string, unknown> }[] } }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

describe('headers', () => {
  it('does not forward hop-by-hop headers, proxy credentials, or headers the Connection header names', async () => {
    const proxy = await startProxy({ upstream: echoUrl, revision: '1.4.0', port: 0, reportDir: dir });
    try {
      const status = await rawPost(
        proxy.endpoint,
        {
          'content-type': 'application/json',
          authorization: 'Bearer dev-token',
          connection: 'keep-alive, X-Hop-Only',
          'keep-alive': 'timeout=5',
          'x-hop-only': 'secret-for-the-next-hop',
          'proxy-authorization': 'Basic cHJveHk6cGFzcw==',
          'proxy-authenticate': 'Basic',
          te: 'trailers',
          trailer: 'x-whatever',
          'x-kept': 'yes',
        },
        JSON.stringify({ query: LISTS }),
      );
      expect(status).toBe(200);
      expect(seenHeaders['x-kept']).toBe('yes');
      expect(seenHeaders['authorization']).toBe('Bearer dev-token');
      for (const name of [
        'x-hop-only',
        'proxy-authorization',
        'proxy-authenticate',
        'te',
        'trailer',
        'keep-alive',
      ])
        expect([name, seenHeaders[name]]).toEqual([name, undefined]);
    } finally {
      await proxy.close();
    }
  });
});

describe('operation labels', () => {
  it('escape control characters and replace personal data before any console line or report shows them', async () => {
    const seen: string[] = [];
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: dir,
      onExchange: (e) => seen.push(e.operation),
    });
    try {
      await post(proxy.endpoint, {
        query: LISTS,
        operationName: 'x\n#2 lists: HTTP 200 (1 ms) ok ann.smith@corp.example',
      });
      expect(seen).toHaveLength(1);
      expect(seen[0]).not.toMatch(/[\n\r]/);
      expect(seen[0]).toContain('\\u000a');
      expect(seen[0]).not.toContain('ann.smith@corp.example');
    } finally {
      await proxy.close();
    }
  });
});

describe('statuses say who broke it', () => {
  it('--fail-on: a request the contract refuses is the client’s (422 with the differences), not a 502', async () => {
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: dir,
      failOn: 'breaking',
    });
    try {
      const refused = await post(proxy.endpoint, { query: '{ lists(limit: 2) { nope } }' });
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.[0]?.extensions).toEqual(
        expect.objectContaining({
          code: 'CONTRACT_VIOLATION',
          kind: 'invalid-request',
          path: 'request.query',
        }),
      );
      const fine = await post(proxy.endpoint, { query: LISTS });
      expect(fine.status).toBe(200);
    } finally {
      await proxy.close();
    }
  });
});

describe('walks that do not overflow the stack', () => {
  it('answers a 5,000-fragment chain with a GraphQL error, not a 500', async () => {
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: dir,
    });
    try {
      const n = 5000;
      const fragments = Array.from({ length: n }, (_, i) =>
        i < n - 1
          ? `fragment F${i} on Query { ...F${i + 1} }`
          : `fragment F${i} on Query { lists(limit: 1) { totalModels } }`,
      );
      const answer = await post(proxy.endpoint, { query: `query { ...F0 } ${fragments.join(' ')}` });
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('LIMIT_EXCEEDED');
    } finally {
      await proxy.close();
    }
  });

  it('judges a fragment cycle as the simulator does: an invalid request validation names, forwarded', async () => {
    const seen: JournalEntry[] = [];
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: dir,
      onExchange: (e) => seen.push(e),
    });
    try {
      const query = '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }';
      const answer = await post(proxy.endpoint, { query });
      // The upstream's own answer: the simulator's validation error.
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(seen[0]?.differences).toEqual([
        expect.objectContaining({
          kind: 'invalid-request',
          message: expect.stringContaining('Cannot spread fragment "A" within itself'),
        }),
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('answers variables nested 100,000 deep with a GraphQL error, not a 500, and keeps serving reports', async () => {
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: dir,
    });
    try {
      const n = 100_000;
      const res = await fetch(proxy.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
        body: `{"query":"{ lists(limit: 1) { totalModels } }","variables":{"a":${'['.repeat(n)}${']'.repeat(n)}}}`,
      });
      expect(res.status).toBe(400);
      expect(
        ((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code,
      ).toBe('LIMIT_EXCEEDED');
      const reports = await fetch(`${proxy.url}/__proxy/reports`, {
        headers: { authorization: 'Bearer admin-token' },
      });
      expect(reports.status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('passes on an upstream answer nested 100,000 deep without a 500, and keeps serving reports', async () => {
    const n = 100_000;
    const deep = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"data":{"lists":{"totalModels":0,"x":${'['.repeat(n)}${']'.repeat(n)}}}}`);
      });
    });
    await new Promise<void>((resolve) => deep.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(deep.address() as AddressInfo).port}/public-api/graphql`;
    const warnings: string[] = [];
    const proxy = await startProxy({
      upstream,
      revision: '1.4.0',
      port: 0,
      reportDir: dir,
      recorder: new Recorder(path.join(dir, 'deep-rec'), upstream, '1.4.0', new Pseudonymizer('k')),
      onWarning: (w) => warnings.push(w),
    });
    try {
      const answer = await post(proxy.endpoint, { query: '{ lists(limit: 1) { totalModels } }' });
      expect(answer.status).toBe(200);
      const reports = await fetch(`${proxy.url}/__proxy/reports`, {
        headers: { authorization: 'Bearer admin-token' },
      });
      expect(reports.status).toBe(200);
      expect(proxy.writeReports()).toHaveLength(4);
      expect(warnings).toEqual([]);
    } finally {
      await proxy.close();
      await new Promise<void>((resolve) => deep.close(() => resolve()));
    }
  });

  it('records an exchange whose operationName is too long for a file name (hashed in the name)', async () => {
    const recDir = path.join(dir, 'long-name');
    const upstream = `${sim.url}/us/1.4.0/public-api/graphql`;
    const warnings: string[] = [];
    const proxy = await startProxy({
      upstream,
      revision: '1.4.0',
      port: 0,
      reportDir: dir,
      recorder: new Recorder(recDir, upstream, '1.4.0', new Pseudonymizer('k')),
      onWarning: (w) => warnings.push(w),
    });
    try {
      const name = `Q${'x'.repeat(240)}`;
      const answer = await post(proxy.endpoint, {
        query: `query ${name} { lists(limit: 1) { totalModels } }`,
        operationName: name,
      });
      expect(answer.status).toBe(200);
      expect(warnings).toEqual([]);
      const files = readdirSync(recDir).filter((f) => f.endsWith('.json'));
      expect(files).toHaveLength(1);
      expect(Buffer.byteLength(files[0] ?? '')).toBeLessThanOrEqual(120);
    } finally {
      await proxy.close();
    }
  });
});
