// The one body reader of the GraphQL edge (src/server/body.ts), on a real node:http server: it decodes
// compressed bodies and charsets as the express body parser did, drops a byte order mark, and answers
// the limit on the bytes sent and on the decoded bytes, as values.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readBody, readBodyBytes, type BodyRead, type ByteBudget } from '../../src/server/body.js';

const LIMIT = 1024;
/** The budget of the `/bytes` route: room for 1.5 bodies at the limit, and what is in use. */
const budget: ByteBudget & { inUse: number } = {
  inUse: 0,
  take(n) {
    if (this.inUse + n > 1.5 * LIMIT) return false;
    this.inUse += n;
    return true;
  },
  give(n) {
    this.inUse -= n;
  },
};
let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    const reading =
      req.url === '/bytes'
        ? readBodyBytes(req, LIMIT, budget).then((read) => {
            const kept = read.ok ? read.bytes.length : 0;
            budget.give(kept);
            return read.ok ? { ok: true, bytes: read.bytes.toString('hex'), inUse: budget.inUse } : read;
          })
        : readBody(req, LIMIT);
    void reading.then((read) => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(read));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * What the reader made of a body sent with these headers (to `path`: `/bytes` reads it as bytes); a body
 * given in parts is sent chunked, a part every 50 ms.
 */
function read<R = BodyRead>(
  body: Buffer | Buffer[],
  headers: Record<string, string> = {},
  path = '/',
): Promise<R> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(JSON.parse(text) as R));
    });
    req.on('error', reject);
    if (Buffer.isBuffer(body)) {
      req.end(body);
      return;
    }
    const parts = [...body];
    const next = () => {
      const part = parts.shift();
      if (part === undefined) req.end();
      else req.write(part, () => setTimeout(next, 50));
    };
    next();
  });
}

describe('the edge body reader', () => {
  it('reads UTF-8 and drops a byte order mark', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"q":"é"}')]);
    await expect(read(bom)).resolves.toEqual({ ok: true, text: '{"q":"é"}' });
  });

  it('decodes the charset the content type names', async () => {
    const latin1 = Buffer.from('{"q":"é"}', 'latin1');
    await expect(read(latin1, { 'content-type': 'application/json; charset=latin1' })).resolves.toEqual({
      ok: true,
      text: '{"q":"é"}',
    });
  });

  it('decodes a gzip body, and refuses one that inflates past the limit', async () => {
    await expect(read(gzipSync('{"q":1}'), { 'content-encoding': 'gzip' })).resolves.toEqual({
      ok: true,
      text: '{"q":1}',
    });
    const bomb = gzipSync('x'.repeat(100 * LIMIT));
    expect(bomb.length).toBeLessThan(LIMIT);
    await expect(read(bomb, { 'content-encoding': 'gzip' })).resolves.toMatchObject({
      ok: false,
      status: 413,
    });
  });

  it('answers 415 for an unknown encoding or charset, and 413 for a body over the limit', async () => {
    await expect(read(Buffer.from('{}'), { 'content-encoding': 'zstd-x' })).resolves.toMatchObject({
      ok: false,
      status: 415,
    });
    await expect(
      read(Buffer.from('{}'), { 'content-type': 'application/json; charset=klingon' }),
    ).resolves.toMatchObject({ ok: false, status: 415 });
    await expect(read(Buffer.alloc(LIMIT + 1, 'x'))).resolves.toMatchObject({
      ok: false,
      status: 413,
      unread: true,
    });
  });

  it('reads bytes without decoding their charset, its content encoding undone, within a budget', async () => {
    const latin1 = Buffer.from('{"q":"é"}', 'latin1');
    const headers = { 'content-type': 'application/json; charset=latin1' };
    await expect(read(latin1, headers, '/bytes')).resolves.toEqual({
      ok: true,
      bytes: latin1.toString('hex'),
      inUse: 0,
    });
    await expect(read(gzipSync('{"q":1}'), { 'content-encoding': 'gzip' }, '/bytes')).resolves.toEqual({
      ok: true,
      bytes: Buffer.from('{"q":1}').toString('hex'),
      inUse: 0,
    });
    // A body the budget has no room for is refused with 503, and what it took is given back.
    budget.inUse = LIMIT;
    try {
      const parts = [Buffer.alloc(LIMIT / 4, 'x'), Buffer.alloc(LIMIT / 2, 'x')];
      await expect(read(parts, {}, '/bytes')).resolves.toMatchObject({
        ok: false,
        status: 503,
        unread: true,
      });
      expect(budget.inUse).toBe(LIMIT);
    } finally {
      budget.inUse = 0;
    }
  });
});
