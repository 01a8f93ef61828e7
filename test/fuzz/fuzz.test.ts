// The fuzzer against the simulator (nothing to find) and against broken servers in front of it
// (each break found within the CI budget, and the written scenario fails `conform` there).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runConformance } from '../../src/conformance/run/session.js';
import type { Version } from '../../src/contract/versions.js';
import { toRunResult, writeFuzzOutput } from '../../src/fuzz/report.js';
import { runFuzz, type FuzzResult } from '../../src/fuzz/run.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { http, simulatorTargetAt } from './helpers.js';

/**
 * The CI budget: sequences per revision (each up to 12 commands, a few requests per command); with two
 * revisions that is over 2,000 requests per seed.
 */
const CI_RUNS = 200;
/** Requests a clean run with one seed must have sent (both revisions, clean-up included). */
const CI_OPERATIONS = 2000;

/** What a broken server does to a request body before forwarding, or to the response after. */
interface Breakage {
  /** Where the request goes instead (path and query of the URL). */
  path?: (url: string, body: { query: string }) => string;
  request?: (
    body: { query: string },
    auth: string,
  ) => { body: { query: string }; auth: string; fail?: boolean };
  response?: (body: { data?: unknown }) => unknown;
}

/** A proxy on a random port that forwards to the simulator and breaks what `breakage` says. */
async function startProxy(
  upstream: string,
  breakage: Breakage,
): Promise<{ url: string; close(): Promise<void> }> {
  const read = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const text = await read(req);
      let auth = String(req.headers.authorization ?? '');
      let body = text;
      if (req.method === 'POST' && breakage.request && text) {
        const changed = breakage.request(JSON.parse(text) as { query: string }, auth);
        if (changed.fail) {
          res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
          return;
        }
        auth = changed.auth;
        body = JSON.stringify(changed.body);
      }
      const headers: Record<string, string> = {
        'content-type': String(req.headers['content-type'] ?? 'application/json'),
      };
      if (auth) headers.authorization = auth;
      const to =
        breakage.path && req.method === 'POST' && text
          ? breakage.path(req.url ?? '/', JSON.parse(text) as { query: string })
          : (req.url ?? '/');
      const up = await fetch(upstream + to, {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'POST' ? { body } : {}),
      });
      let out = await up.text();
      if (breakage.response && up.headers.get('content-type')?.includes('json') && out) {
        out = JSON.stringify(breakage.response(JSON.parse(out) as { data?: unknown }));
      }
      res
        .writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' })
        .end(out);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function fuzzAt(baseUrl: string, seed: number, revisions: Version[]): Promise<FuzzResult> {
  const target = await simulatorTargetAt(baseUrl, revisions);
  return runFuzz({
    target,
    revisions,
    runs: CI_RUNS,
    seed,
    mutations: true,
    http,
    maxShrinks: 60,
  });
}

/** Writes the fuzz output into a temp folder and replays its scenarios with conform against `baseUrl`. */
async function replay(fuzz: FuzzResult, baseUrl: string, dir: string) {
  const result = toRunResult(fuzz, { label: baseUrl, isSimulator: true }, new Date().toISOString(), true);
  const written = writeFuzzOutput(dir, fuzz, result, []);
  const run = await runConformance({
    scenariosDir: path.join(dir, 'fuzz'),
    scenarioGlobs: [],
    tags: [],
    target: {
      target: `${baseUrl}/{region}/{version}/public-api/graphql`,
      token: 'dev-token',
      limitedToken: 'dev-token-limited',
      headers: [],
      region: 'us',
    },
    revisions: fuzz.revisions.map((r) => r.revision),
    allowMutations: true,
    http,
    drift: false,
    reportDir: path.join(dir, 'replay'),
  });
  if (!run.ok) throw new Error(run.error.message);
  return { written, summary: run.done.result.summary };
}

/**
 * The engine most of the budget runs on. A fuzz run sends nearly every document once, and graphql-jit
 * compiles each document it executes: per seed of this budget the simulator on graphql-js took 2.7–3.2 s
 * of CPU where jit took 3.8–5.6 s (docs/performance-runner.md). One clean seed still runs the whole
 * budget on the default engine, and test/api/engines.test.ts holds jit's answers to graphql-js' bytes.
 */
const FAST_ENGINE = 'graphql-js';

describe('rm-harness fuzz', () => {
  let sim: TestServer;
  let jitSim: TestServer;
  let dir: string;
  beforeAll(async () => {
    sim = await startTestServer({ engine: FAST_ENGINE });
    jitSim = await startTestServer({ engine: 'jit' });
    dir = mkdtempSync(path.join(tmpdir(), 'rm-fuzz-'));
  });
  afterAll(async () => {
    await sim.close();
    await jitSim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [11, FAST_ENGINE],
    [29, 'jit'],
  ])(
    'finds nothing wrong with the simulator (seed %i, %s)',
    async (seed, engine) => {
      const fuzz = await fuzzAt((engine === 'jit' ? jitSim : sim).url, seed, ['1.4.0', '1.2.0']);
      const findings = fuzz.revisions.flatMap((r) => (r.finding ? [r.finding.violation] : []));
      expect(findings).toEqual([]);
      expect(fuzz.revisions.map((r) => r.sequences)).toEqual([CI_RUNS, CI_RUNS]);
      expect(fuzz.operations).toBe(fuzz.revisions.reduce((n, r) => n + r.operations, 0));
      expect(fuzz.operations).toBeGreaterThanOrEqual(CI_OPERATIONS);
    },
    240_000,
  );

  const broken: [string, Breakage, RegExp][] = [
    [
      'answers 500 to one operation (removeWorkingList)',
      { request: (body, auth) => ({ body, auth, fail: body.query.includes('removeWorkingList') }) },
      /HTTP 500/,
    ],
    [
      'drops a non-null field (totalModels of activities)',
      {
        response: (body) => {
          const data = body.data as Record<string, unknown> | null | undefined;
          for (const value of Object.values(data ?? {})) {
            if (value && typeof value === 'object' && 'models' in value && 'totalModels' in value)
              delete (value as Record<string, unknown>).totalModels;
          }
          return body;
        },
      },
      /totalModels is missing/,
    ],
    [
      'ignores @skip and @include',
      {
        request: (body, auth) => ({
          body: { ...body, query: body.query.replace(/@(skip|include)\(if: (true|false)\)/g, '') },
          auth,
        }),
      },
      /is present/,
    ],
    [
      "leaks one tenant's writes to the other (limited reads see the full tenant's data)",
      {
        request: (body, auth) => ({
          body,
          auth:
            auth === 'Bearer dev-token-limited' && /\b(list|activity)\(id/.test(body.query)
              ? 'Bearer dev-token'
              : auth,
        }),
      },
      /data\.(byId|named)/,
    ],
    [
      "leaks one region's writes to the others (by-id reads elsewhere answered from us)",
      {
        path: (url, body) => (/\(id: \$id\)/.test(body.query) ? url.replace(/^\/(eu|au)\//, '/us/') : url),
      },
      /data\.byId/,
    ],
    [
      'ignores the company an opportunity is created for (targetCompanyId)',
      {
        request: (body, auth) => {
          const vars = (body as { variables?: { input?: Record<string, unknown> } }).variables;
          if (body.query.includes('addOpportunity') && vars?.input) delete vars.input.targetCompanyId;
          return { body, auth };
        },
      },
      /data\.byId\.targetCompany/,
    ],
  ];

  it.each(broken)(
    'finds a server that %s, and conform replays it',
    async (_name, breakage, message) => {
      const proxy = await startProxy(sim.url, breakage);
      try {
        const fuzz = await fuzzAt(proxy.url, 5, ['1.4.0']);
        const finding = fuzz.revisions[0]?.finding;
        expect(finding?.violation.message).toMatch(message);
        const out = path.join(dir, _name.replace(/\W+/g, '-'));
        const { written, summary } = await replay(fuzz, proxy.url, out);
        expect(written.scenarios).toHaveLength(1);
        expect(summary.failed).toBe(1);
        // The same scenario passes against the simulator itself: it fails for the break, not by accident.
        const clean = await runConformance({
          scenariosDir: path.join(out, 'fuzz'),
          scenarioGlobs: [],
          tags: [],
          target: {
            target: `${sim.url}/{region}/{version}/public-api/graphql`,
            token: 'dev-token',
            limitedToken: 'dev-token-limited',
            headers: [],
            region: 'us',
          },
          revisions: ['1.4.0'],
          allowMutations: true,
          http,
          drift: false,
          reportDir: path.join(out, 'clean'),
        });
        expect(clean.ok && clean.done.result.summary.failed).toBe(0);
      } finally {
        await proxy.close();
      }
    },
    240_000,
  );
});
