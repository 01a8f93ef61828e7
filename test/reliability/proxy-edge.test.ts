// The validating proxy answers a body it refuses as the GraphQL edge does, because it reads bodies with
// the edge's reader: a declared length over its limit is answered 413 before a byte is read, a chunked
// body 413 as soon as it passes the limit, a control route without the admin token 401 before its body
// is read; each time the connection is closed rather than the rest of the body read, and nothing is
// forwarded to the upstream.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PROXY_REPORTS_PATH, startProxy, type RunningProxy } from '../../src/proxy/proxy.js';
import { feed, SLICE, TOTAL } from '../helpers/feed.js';

const LIMIT = 64 * 1024;

let upstream: Server;
let reached = 0;
let proxy: RunningProxy;
let root: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    reached++;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { __typename: 'Query' } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  root = mkdtempSync(path.join(tmpdir(), 'rm-proxy-edge-'));
  proxy = await startProxy({
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/public-api/graphql`,
    revision: '1.4.0',
    port: 0,
    reportDir: root,
    maxBodyBytes: LIMIT,
  });
});

afterAll(async () => {
  await proxy?.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

describe('proxy edge: a refused body is answered as soon as it is known, unread', () => {
  it('answers a declared length over the limit with 413 before the body is read, and closes', async () => {
    const fed = await feed(proxy.endpoint, { declared: TOTAL, total: 10 });
    expect(fed.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(fed.sentBeforeAnswer).toBeLessThanOrEqual(10);
    expect(fed.closed).toBe(true);
    expect(reached).toBe(0);
  });

  it('answers a chunked body with 413 as soon as it passes the limit, and closes', async () => {
    const fed = await feed(proxy.endpoint, {});
    expect(fed.status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(fed.sentBeforeAnswer).toBeLessThanOrEqual(LIMIT + 4 * SLICE);
    expect(fed.closed).toBe(true);
    expect(reached).toBe(0);
  });

  it('answers a control route without the admin token with 401 before its body is read, and closes', async () => {
    const declared = await feed(`${proxy.url}${PROXY_REPORTS_PATH}`, { declared: TOTAL });
    expect(declared.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(declared.sentBeforeAnswer).toBeLessThan(TOTAL);
    expect(declared.closed).toBe(true);
    const chunked = await feed(`${proxy.url}${PROXY_REPORTS_PATH}`, { token: 'dev-token' });
    expect(chunked.status).toBe('HTTP/1.1 401 Unauthorized');
    expect(chunked.sentBeforeAnswer).toBeLessThan(TOTAL);
    expect(chunked.closed).toBe(true);
  });
});
