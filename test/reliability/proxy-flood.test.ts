// Proxy flood (issue 29, item 4): the proxy's journal kept every exchange whole and the recorder wrote
// every exchange, pretty-printed, so ~115 requests of 8.6 MB crashed it and 1 GB sent became 6.3 GB of
// files. The bounds are asserted by behaviour, with small budgets: the journal is a ring (count and
// bytes) with big bodies cut, the recorder has a per-exchange and a total cap and says when it stops,
// and request bytes in flight have a budget beyond which the proxy answers 503.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startProxy } from '../../src/proxy/proxy.js';
import type { Recording } from '../../src/proxy/recording/format.js';
import { Pseudonymizer } from '../../src/proxy/recording/pseudonymize.js';
import { Recorder } from '../../src/proxy/recording/recorder.js';
import { startServer, type RunningServer } from '../../src/server/index.js';

let sim: RunningServer;
let root: string;
let upstream: string;

beforeAll(async () => {
  sim = await startServer({ port: 0, inMemory: true, log: () => {} });
  root = mkdtempSync(path.join(tmpdir(), 'rm-proxy-flood-'));
  upstream = `${sim.url}/us/1.4.0/public-api/graphql`;
});

afterAll(async () => {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const QUERY = 'query Big($pad: String) { lists(limit: 1) { totalModels } }';

/** A request of about `bytes` bytes: a valid query with a long (unused by the server) variable. */
function big(bytes: number): string {
  return JSON.stringify({ query: QUERY, variables: { pad: 'x'.repeat(bytes) } });
}

async function send(url: string, body: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

function dirBytes(dir: string): number {
  return readdirSync(dir).reduce((n, f) => n + statSync(path.join(dir, f)).size, 0);
}

describe('proxy flood', () => {
  it('keeps a bounded ring of exchanges, big bodies cut, and says how many it dropped', async () => {
    const proxy = await startProxy({
      upstream,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(root, 'ring'),
      journal: { maxEntries: 5, maxBytes: 8 * MB, maxEntryBytes: 64 * 1024 },
    });
    try {
      // Half a megabyte each: under the simulator's own body limit, far over the journal's per-entry cap.
      for (let i = 0; i < 12; i++) expect(await send(proxy.endpoint, big(MB / 2))).toBe(200);
      const result = proxy.result();
      const steps = result.scenarios.flatMap((s) => s.steps);
      expect(steps.length).toBe(5);
      // No body of half a megabyte is kept: the whole result is far smaller than one request.
      expect(JSON.stringify(result).length).toBeLessThan(256 * 1024);
      expect(JSON.stringify(steps[0]?.request?.body)).toContain('cut by the proxy');
      const bounds = result.scenarios.find((s) => s.scenarioId === 'proxy.__bounds');
      expect(bounds?.note).toMatch(/^7 earlier exchange\(s\) were dropped/);
    } finally {
      await proxy.close();
    }
  });

  it('caps each recorded exchange and the recording in total, and says so once when it stops', async () => {
    const dir = path.join(root, 'rec');
    const warnings: string[] = [];
    const cap = 96 * 1024;
    const proxy = await startProxy({
      upstream,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(root, 'rec-reports'),
      recorder: new Recorder(dir, upstream, '1.4.0', new Pseudonymizer('k'), undefined, {
        maxExchangeBytes: 16 * 1024,
        maxTotalBytes: cap,
      }),
      onWarning: (w) => warnings.push(w),
    });
    try {
      for (let i = 0; i < 3; i++) expect(await send(proxy.endpoint, big(MB / 2))).toBe(200);
      const afterBig = readdirSync(dir).map(
        (f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Recording,
      );
      expect(afterBig).toHaveLength(3);
      for (const r of afterBig) {
        expect(r.truncated).toEqual({ bytes: expect.any(Number), limit: 16 * 1024 });
        expect(r.request.body).toBeUndefined();
      }
      expect(dirBytes(dir)).toBeLessThan(3 * 16 * 1024);
      // Then ordinary exchanges until the total cap is reached; the proxy answers them all.
      for (let i = 0; i < 80; i++) expect(await send(proxy.endpoint, big(2000))).toBe(200);
      expect(dirBytes(dir)).toBeLessThanOrEqual(cap);
      const stops = warnings.filter((w) => w.startsWith('recording stopped'));
      expect(stops).toHaveLength(1);
      expect(stops[0]).toContain('--record-max-bytes');
      const bounds = proxy.result().scenarios.find((s) => s.scenarioId === 'proxy.__bounds');
      expect(bounds?.note).toMatch(/recording stopped: .*exchange\(s\) not recorded since/);
    } finally {
      await proxy.close();
    }
  });

  it('answers 503 beyond its in-flight byte budget and still serves small requests', async () => {
    // An upstream that holds every answer until released: the bodies the proxy read stay in flight.
    const held: (() => void)[] = [];
    const gate = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        held.push(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data: { lists: { totalModels: 0 } } }));
        }),
      );
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    const release = (): void => {
      for (const answer of held.splice(0)) answer();
    };
    const proxy = await startProxy({
      upstream: `http://127.0.0.1:${(gate.address() as AddressInfo).port}/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(root, 'busy'),
      maxInFlightBytes: 1.5 * MB,
      maxBodyBytes: 4 * MB,
    });
    try {
      const body = big(0.7 * MB);
      // At most two such bodies fit the budget: the other six must be refused while two are held.
      let answered = 0;
      let sixAnswered: () => void = () => {};
      const six = new Promise<void>((resolve) => (sixAnswered = resolve));
      const statuses = Array.from({ length: 8 }, () =>
        send(proxy.endpoint, body).then((status) => {
          if (++answered === 6) sixAnswered();
          return status;
        }),
      );
      // (The timer only turns a missing budget into a failed assertion instead of a hung test.)
      await Promise.race([six, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      const gateTimer = setInterval(release, 50);
      const all = await Promise.all(statuses);
      clearInterval(gateTimer);
      expect(all.filter((s) => s === 503)).toHaveLength(6);
      expect(all.filter((s) => s === 200)).toHaveLength(2);
      // Released until it is answered: under load the small request may reach the gate after any one release.
      const releasing = setInterval(release, 50);
      const small = await send(proxy.endpoint, big(10)).finally(() => clearInterval(releasing));
      expect(small).toBe(200);
      expect(await send(proxy.endpoint, big(5 * MB))).toBe(413);
    } finally {
      release();
      await proxy.close();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
    }
  });

  it('refuses a body over its default limit (1 MiB, the simulator’s) without forwarding it', async () => {
    let reached = 0;
    const counter = createServer((req, res) => {
      reached++;
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { lists: { totalModels: 0 } } }));
      });
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    const proxy = await startProxy({
      upstream: `http://127.0.0.1:${(counter.address() as AddressInfo).port}/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(root, 'limit'),
    });
    try {
      expect(await send(proxy.endpoint, big(2 * MB))).toBe(413);
      expect(reached).toBe(0);
      expect(await send(proxy.endpoint, big(MB - 1024))).toBe(200);
      expect(reached).toBe(1);
    } finally {
      await proxy.close();
      await new Promise<void>((resolve) => counter.close(() => resolve()));
    }
  });
});
