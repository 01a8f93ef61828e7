// The one body reader of the GraphQL edge (src/server/body.ts), on a real node:http server: it decodes
// compressed bodies and charsets as the express body parser did, drops a byte order mark, and answers
// the limit on the bytes sent and on the decoded bytes, as values.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readBody, type BodyRead } from '../../src/server/body.js';

const LIMIT = 1024;
let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req, LIMIT).then((read) => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(read));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What the reader made of a body sent with these headers. */
function read(body: Buffer, headers: Record<string, string> = {}): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve(JSON.parse(text) as BodyRead));
    });
    req.on('error', reject);
    req.end(body);
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
});
