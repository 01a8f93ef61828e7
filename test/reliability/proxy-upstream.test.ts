// Issue 41 item 6, the proxy buffered whole upstream answers: a 3 GiB answer killed it, a 3 MB gzip body
// inflating to gigabytes held as much, and it asked upstreams for gzip although A-140 says identity.
// The proxy reads at most --max-answer-bytes of an answer, decoded, and answers 502 with a clear message
// past it; the heap after a full GC stays where it was.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startProxy, type RunningProxy } from '../../src/proxy/proxy.js';
import { heapAfterGcMb } from '../helpers/heap.js';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const HEAP_GROWTH_MB = 64;

/** Writes `total` bytes of one long JSON string, chunk by chunk as the socket drains: never held whole. */
function streamHuge(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(MiB, 'a');
  let sent = 0;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"data":{"__typename":"');
  const pump = (): void => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end('"}}');
  };
  pump();
}

/** 48 gzip members of 64 MiB of spaces each: about 3 MB on the wire, 3 GiB once inflated. */
function gzipBomb(): Buffer {
  const member = gzipSync(Buffer.alloc(64 * MiB, ' '), { level: 9 });
  return Buffer.concat(Array.from({ length: 48 }, () => member));
}

describe('the proxy reads upstream answers within a budget (issue 41 item 6)', () => {
  const seen: (string | undefined)[] = [];
  let mode: 'huge' | 'bomb' = 'huge';
  let bomb: Buffer;
  let upstream: Server;
  let proxy: RunningProxy;
  let reportDir: string;

  beforeAll(async () => {
    bomb = gzipBomb();
    upstream = createServer((req, res) => {
      seen.push(req.headers['accept-encoding']);
      req.resume();
      req.on('end', () => {
        if (mode === 'huge') return streamHuge(res, GiB);
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(bomb);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    reportDir = mkdtempSync(join(tmpdir(), 'rm-proxy-upstream-'));
    proxy = await startProxy({
      upstream: `http://127.0.0.1:${port}/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir,
    });
  });
  afterAll(async () => {
    await proxy.close();
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
    rmSync(reportDir, { recursive: true, force: true });
  });

  async function ask(): Promise<{
    status: number;
    body: { errors?: { message: string; extensions?: Record<string, unknown> }[] };
  }> {
    const res = await fetch(proxy.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    return { status: res.status, body: (await res.json()) as never };
  }

  const expectCut = (answer: Awaited<ReturnType<typeof ask>>) => {
    expect(answer.status).toBe(502);
    expect(answer.body.errors).toEqual([
      {
        message: `the upstream's answer is longer than ${64 * MiB} bytes (decoded), the most the proxy reads (--max-answer-bytes); it was not passed on`,
        extensions: { code: 'BAD_GATEWAY' },
      },
    ]);
  };

  it('answers 502 to an upstream answer of 1 GiB, having read 64 MiB of it, and asks for identity encoding', async () => {
    mode = 'huge';
    const before = heapAfterGcMb();
    expectCut(await ask());
    expect(heapAfterGcMb() - before).toBeLessThan(HEAP_GROWTH_MB);
    expect(seen.at(-1)).toBe('identity');
  }, 300_000);

  it('answers 502 to a 3 MB gzip body that inflates to 3 GiB', async () => {
    mode = 'bomb';
    const before = heapAfterGcMb();
    expectCut(await ask());
    expect(heapAfterGcMb() - before).toBeLessThan(HEAP_GROWTH_MB);
  }, 300_000);
});
