// The keep-alive transport (fuzz and conform) answers as fetch does for everything the HTTP client reads:
// status, content type, body, and the same network-error messages (refused, timed out).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { postGraphQL, sendHttp } from '../../../src/conformance/target/http-client.js';
import { keepAliveTransport } from '../../../src/conformance/target/transport.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

describe('keepAliveTransport', () => {
  let sim: TestServer;
  let hanging: Server;
  let hangingUrl: string;
  const transport = keepAliveTransport();
  beforeAll(async () => {
    sim = await startTestServer();
    hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const address = hanging.address();
    hangingUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(async () => {
    transport.close();
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
    await sim.close();
  });

  it('gives the same outcome as fetch for a GraphQL request, over one kept connection', async () => {
    const request = {
      url: `${sim.url}/us/1.4.0/public-api/graphql`,
      headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
      body: { query: '{ lists(limit: 1) { totalModels } }' },
    };
    const viaFetch = await postGraphQL(request, { timeoutMs: 5000, retries: 0 });
    const first = await postGraphQL(request, { timeoutMs: 5000, retries: 0, fetchFn: transport.fetch });
    const second = await postGraphQL(request, { timeoutMs: 5000, retries: 0, fetchFn: transport.fetch });
    const comparable = (o: typeof viaFetch) =>
      o.kind === 'response'
        ? { status: o.status, contentType: o.contentType, body: o.body, text: o.text }
        : o;
    expect(comparable(first)).toEqual(comparable(viaFetch));
    expect(comparable(second)).toEqual(comparable(viaFetch));
    const unauthorized = await postGraphQL(
      { ...request, headers: { 'content-type': 'application/json' } },
      { timeoutMs: 5000, retries: 0, fetchFn: transport.fetch },
    );
    expect(unauthorized).toMatchObject({ kind: 'response', status: 401 });
  });

  it('sends a body with every method as fetch does: DELETE and PUT carry it with its length', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const request = {
        url: `${sim.url}/us/1.4.0/public-api/graphql`,
        headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
        body: { query: '{ __typename }' },
        method,
      };
      const viaFetch = await postGraphQL(request, { timeoutMs: 5000, retries: 0 });
      const viaTransport = await postGraphQL(request, {
        timeoutMs: 5000,
        retries: 0,
        fetchFn: transport.fetch,
      });
      expect(viaFetch).toMatchObject({ kind: 'response', status: 405 });
      expect(viaTransport).toMatchObject({
        kind: 'response',
        status: 405,
        body: (viaFetch as { body: unknown }).body,
      });
    }
  });

  it('reads status, headers and body as fetch does: a byte order mark, repeated headers, 204, 429', async () => {
    const odd = createServer((req, res) => {
      if (req.url === '/bom') {
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.writeHead(200, 'Fine', {
          'content-type': 'application/json; charset=utf-8',
          'x-two': ['1', '2'],
        });
        res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"data":{"é":"ü"}}')]));
      } else if (req.url === '/empty') {
        res.writeHead(204).end();
      } else {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'text/plain' }).end('busy');
      }
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const address = odd.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const read = async (res: Response) => ({
      status: res.status,
      statusText: res.statusText,
      ok: res.ok,
      contentType: res.headers.get('Content-Type'),
      two: res.headers.get('x-two'),
      cookies: res.headers.get('set-cookie'),
      retryAfter: res.headers.get('retry-after'),
      missing: res.headers.get('x-missing'),
      text: await res.text(),
    });
    try {
      for (const path of ['/bom', '/empty', '/busy']) {
        const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
        const ours = await read(await transport.fetch(base + path, init));
        expect({ path, ...ours }).toEqual({ path, ...(await read(await fetch(base + path, init))) });
        // The bytes, a byte order mark included, as fetch hands them over.
        const bytes = async (res: Response) => [...new Uint8Array(await res.arrayBuffer())];
        expect(await bytes(await transport.fetch(base + path, init))).toEqual(
          await bytes(await fetch(base + path, init)),
        );
      }
      // The client reads the mark and reports it, and the JSON after it all the same.
      const marked = await sendHttp(
        `${base}/bom`,
        { method: 'POST', headers: {}, body: '{}' },
        { timeoutMs: 2000, retries: 0, fetchFn: transport.fetch },
      );
      expect(marked).toMatchObject({ kind: 'response', byteOrderMark: true, body: { data: { é: 'ü' } } });
      const busy = await sendHttp(
        `${base}/busy`,
        { method: 'POST', headers: {}, body: '{}' },
        { timeoutMs: 2000, retries: 0, busyRetries: 1, fetchFn: transport.fetch, sleep: async () => {} },
      );
      expect(busy).toMatchObject({ kind: 'response', status: 429, busyRetries: 1, text: 'busy' });
    } finally {
      odd.closeAllConnections();
      await new Promise<void>((resolve) => odd.close(() => resolve()));
    }
  });

  it('reports a refused connection and a timeout as fetch does', async () => {
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refusedUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    const init = { method: 'POST' as const, headers: {}, body: '{}' };
    const refused = await sendHttp(refusedUrl, init, {
      timeoutMs: 2000,
      retries: 0,
      fetchFn: transport.fetch,
    });
    const refusedByFetch = await sendHttp(refusedUrl, init, { timeoutMs: 2000, retries: 0 });
    expect(refused).toMatchObject({ kind: 'network-error' });
    expect(refused).toMatchObject({ message: (refusedByFetch as { message: string }).message });
    const timedOut = await sendHttp(hangingUrl, init, {
      timeoutMs: 200,
      retries: 0,
      fetchFn: transport.fetch,
    });
    expect(timedOut).toMatchObject({ kind: 'network-error', message: 'timed out after 200 ms' });
  });
});
