import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exitCodeOf } from '../../../src/conformance/run/conform.js';
import { renderConsole } from '../../../src/conformance/report/console.js';
import { renderMarkdown } from '../../../src/conformance/report/markdown.js';
import { sendHttp } from '../../../src/conformance/target/http-client.js';
import { createPacer } from '../../../src/conformance/target/rate.js';
import { backoffMs, retryAfterMs } from '../../../src/conformance/target/retry-after.js';
import { differencesOf, runShipped } from '../helpers/run.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** How the gatekeeper in front of the test server answers the n-th request (1-based); undefined: forward. */
type Gate = (n: number) => { status: number; retryAfter?: string } | undefined;

interface Gatekeeper {
  endpoint: string;
  /** Requests seen, and the most that were in flight at once. */
  stats: { requests: number; inFlight: number; maxInFlight: number };
  setGate(gate: Gate): void;
  close(): Promise<void>;
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });
}

/** A rate-limiting front: answers busy when the gate says so, else forwards to the upstream server. */
async function startGatekeeper(upstream: string): Promise<Gatekeeper> {
  let gate: Gate = () => undefined;
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0 };
  const server: Server = createServer((req, res) => {
    const n = ++stats.requests;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    void (async () => {
      const body = await bodyOf(req);
      const busy = gate(n);
      if (busy) {
        res.writeHead(busy.status, {
          'content-type': 'application/json',
          ...(busy.retryAfter !== undefined ? { 'retry-after': busy.retryAfter } : {}),
        });
        res.end(JSON.stringify({ errors: [{ message: 'Too many requests' }] }));
      } else {
        const headers = Object.fromEntries(
          Object.entries(req.headers).flatMap(([k, v]) =>
            typeof v === 'string' && k !== 'host' && k !== 'content-length' ? [[k, v]] : [],
          ),
        );
        const answer = await fetch(`${upstream}${req.url ?? ''}`, {
          method: req.method ?? 'GET',
          headers,
          ...(req.method === 'POST' ? { body } : {}),
        });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
        res.end(await answer.text());
      }
      stats.inFlight -= 1;
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/us/{version}/public-api/graphql`,
    stats,
    setGate: (g) => {
      gate = g;
      stats.requests = 0;
      stats.maxInFlight = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('Retry-After and backoff', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-25T01:00:00Z');
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 01:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Wed, 25 Nov 2026 00:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffMs(1, 500, 60_000, () => 0)).toBe(250);
    expect(backoffMs(1, 500, 60_000, () => 0.999)).toBe(500);
    expect(backoffMs(3, 500, 60_000, () => 0.999)).toBe(1999);
    expect(backoffMs(20, 500, 4000, () => 0.999)).toBe(3998);
  });

  it('paces requests at the --rate', async () => {
    const pace = createPacer(20);
    const started = performance.now();
    for (let i = 0; i < 5; i += 1) await pace();
    // Five requests at 20/s: the last goes out at least 4 × 50 ms after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});

describe('a rate-limited target', () => {
  let upstream: TestServer;
  let front: Gatekeeper;
  beforeAll(async () => {
    upstream = await startTestServer({ simulator: true });
    front = await startGatekeeper(upstream.url);
  });
  afterAll(async () => {
    await front.close();
    await upstream.close();
  });

  it('still conforms when its first requests answer 429 with Retry-After: 1, and reports the wait', async () => {
    front.setGate((n) => (n <= 2 ? { status: 429, retryAfter: '1' } : undefined));
    const result = await runShipped(front.endpoint, { revisions: ['1.4.0'] });
    expect(differencesOf(result)).toEqual([]);
    expect(result.summary.conforms).toBe(true);
    expect(exitCodeOf(result)).toBe(0);
    expect(result.summary.waiting.busyRetries).toBe(2);
    expect(result.summary.waiting.waitedMs).toBeGreaterThanOrEqual(2000);
    const first = result.scenarios.flatMap((s) => s.steps).find((s) => s.response?.busyRetries === 2);
    expect(first?.response).toMatchObject({ status: 200, attempts: 3 });
    expect(renderConsole(result)).toMatch(
      /waited 2\.\d s for the target .*2 busy answers \(429\/503\) retried/,
    );
    expect(renderMarkdown(result)).toContain('2 busy answers (429/503) retried');
  });

  it('reports a target busy after every retry as unavailable, not as a difference', async () => {
    front.setGate(() => ({ status: 503, retryAfter: '0' }));
    const result = await runShipped(front.endpoint, {
      revisions: ['1.4.0'],
      http: { timeoutMs: 2000, retries: 0, busyRetries: 1, backoffMs: 1 },
    });
    expect(differencesOf(result)).toEqual([]);
    expect(new Set(result.scenarios.map((s) => s.status))).toEqual(new Set(['unavailable']));
    expect(result.summary.unavailable).toBe(result.scenarios.length);
    expect(result.summary.conforms).toBe(false);
    const step = result.scenarios[0]?.steps[0];
    expect(step?.note).toBe('target unavailable: HTTP 503 after 2 attempts');
  });

  it('gives up at once when Retry-After asks for longer than the longest wait', async () => {
    front.setGate(() => ({ status: 429, retryAfter: '3600' }));
    const started = performance.now();
    const outcome = await sendHttp(
      front.endpoint.replace('{version}', '1.4.0'),
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{__typename}"}' },
      { timeoutMs: 2000, retries: 0 },
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(outcome).toMatchObject({
      kind: 'response',
      status: 429,
      attempts: 1,
      unavailable: 'HTTP 429 asking to retry after 3600 s, more than the 60 s limit',
    });
  });

  it('runs scenarios one at a time by default and overlaps them with --concurrency', async () => {
    front.setGate(() => undefined);
    await runShipped(front.endpoint, { revisions: ['1.4.0'] });
    expect(front.stats.maxInFlight).toBe(1);
    front.setGate(() => undefined);
    const result = await runShipped(front.endpoint, { revisions: ['1.4.0'], concurrency: 4 });
    expect(front.stats.maxInFlight).toBeGreaterThan(1);
    expect(result.summary.conforms).toBe(true);
  });
});
