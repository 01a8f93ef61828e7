// A fuzz case must hold only the bug: found on a server with a stale-read cache, the written scenario
// fails there and passes on a correct simulator, because it asserts relations between its own steps
// (count before + 1) instead of the numbers the broken server answered.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSimulatorTarget } from '../../src/cli/sim-target.js';
import { runConformance } from '../../src/conformance/run/session.js';
import { openTarget } from '../../src/conformance/target/open.js';
import { toRunResult, writeFuzzOutput } from '../../src/fuzz/report.js';
import { runFuzz } from '../../src/fuzz/run.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const http = { timeoutMs: 20000, retries: 0 };

/** A forwarder that answers a query it has seen before (same body) from its cache: stale reads. */
async function startStaleCache(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const cache = new Map<string, { status: number; type: string; text: string }>();
  const read = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const text = await read(req);
      const key = `${req.url ?? ''} ${String(req.headers.authorization ?? '')} ${text}`;
      const reads = req.method === 'POST' && /^\s*\{?\s*"query"\s*:\s*"\s*query\b/.test(text);
      const hit = reads ? cache.get(key) : undefined;
      if (hit) {
        res.writeHead(hit.status, { 'content-type': hit.type }).end(hit.text);
        return;
      }
      const headers: Record<string, string> = {
        'content-type': String(req.headers['content-type'] ?? 'application/json'),
      };
      if (req.headers.authorization) headers.authorization = String(req.headers.authorization);
      const up = await fetch(upstream + (req.url ?? '/'), {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'POST' ? { body: text } : {}),
      });
      const answer = {
        status: up.status,
        type: up.headers.get('content-type') ?? 'application/json',
        text: await up.text(),
      };
      if (reads && up.status === 200) cache.set(key, answer);
      res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.text);
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

const spec = (baseUrl: string) => ({
  target: `${baseUrl}/{region}/{version}/public-api/graphql`,
  token: 'dev-token',
  limitedToken: 'dev-token-limited',
  headers: [],
  region: 'us',
});

async function conformAt(baseUrl: string, scenariosDir: string, reportDir: string) {
  const run = await runConformance({
    scenariosDir,
    scenarioGlobs: [],
    tags: [],
    target: spec(baseUrl),
    revisions: ['1.4.0'],
    allowMutations: true,
    http,
    drift: false,
    reportDir,
  });
  if (!run.ok) throw new Error(run.error.message);
  return run.done.result.summary;
}

describe('a fuzz case found on a stale-read server', () => {
  let sim: TestServer;
  let dir: string;
  beforeAll(async () => {
    sim = await startTestServer();
    dir = mkdtempSync(path.join(tmpdir(), 'rm-fuzz-stale-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails there, passes on the simulator, and asserts a relation between its steps', async () => {
    const stale = await startStaleCache(sim.url);
    try {
      const opened = await openTarget(spec(stale.url), ['1.4.0'], http, undefined);
      if (!opened.ok) throw new Error(opened.error);
      const fuzz = await runFuzz({
        target: opened.open.target,
        revisions: ['1.4.0'],
        runs: 60,
        seed: 5,
        mutations: true,
        http,
        maxShrinks: 60,
        replayOn: startSimulatorTarget,
      });
      const finding = fuzz.revisions[0]?.finding;
      expect(finding?.violation.message).toMatch(/totalModels/);
      expect(finding?.replay).toEqual({ passed: true });
      const result = toRunResult(
        fuzz,
        { label: stale.url, isSimulator: true },
        new Date().toISOString(),
        true,
      );
      const written = writeFuzzOutput(dir, fuzz, result, []);
      expect(written.scenarios).toHaveLength(1);
      const yaml = readFileSync(written.scenarios[0] ?? '', 'utf8');
      expect(yaml).toMatch(/equals: \$\{steps\.s\d+-count\w+\.data\.\w+\.totalModels [+-] \d+\}/);
      expect(await conformAt(stale.url, path.join(dir, 'fuzz'), path.join(dir, 'stale'))).toMatchObject({
        failed: 1,
      });
      expect(await conformAt(sim.url, path.join(dir, 'fuzz'), path.join(dir, 'clean'))).toMatchObject({
        failed: 0,
        errors: 0,
        passed: 1,
      });
    } finally {
      await stale.close();
    }
  }, 240_000);
});
