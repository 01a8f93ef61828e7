// The fuzz report's coverage shows what the sequences sent (it said "0/95 operations" after thousands).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openTarget } from '../../src/conformance/target/open.js';
import { renderMarkdown } from '../../src/conformance/report/markdown.js';
import { toRunResult } from '../../src/fuzz/report.js';
import { runFuzz } from '../../src/fuzz/run.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const http = { timeoutMs: 20000, retries: 0 };

describe('the fuzz report', () => {
  let sim: TestServer;
  beforeAll(async () => {
    sim = await startTestServer();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('counts the operations, sequences and checks per operation that ran, and covers what they sent', async () => {
    const opened = await openTarget(
      {
        target: `${sim.url}/{region}/{version}/public-api/graphql`,
        token: 'dev-token',
        limitedToken: 'dev-token-limited',
        headers: [],
        region: 'us',
      },
      ['1.4.0'],
      http,
      undefined,
    );
    if (!opened.ok) throw new Error(opened.error);
    const fuzz = await runFuzz({
      target: opened.open.target,
      revisions: ['1.4.0'],
      runs: 10,
      seed: 3,
      mutations: true,
      http,
    });
    const revision = fuzz.revisions[0];
    expect(revision?.sequences).toBe(10);
    const result = toRunResult(fuzz, { label: sim.url, isSimulator: true }, new Date().toISOString(), true);
    const coverage = result.coverage.revisions[0];
    expect(coverage?.operations.covered).toBeGreaterThan(5);
    const ran = coverage?.byOperation.filter((o) => o.hits > 0) ?? [];
    expect(ran.length).toBe(coverage?.operations.covered);
    // Every request selects at least one operation; the counts are the fuzzer's, not distinct requests.
    expect(ran.reduce((n, o) => n + o.hits, 0)).toBeGreaterThanOrEqual(revision?.operations ?? Infinity);
    expect(ran.every((o) => (o.checks ?? 0) >= o.hits)).toBe(true);
    expect(revision?.byOperation.map((c) => c.operation).sort()).toEqual(ran.map((o) => o.name).sort());
    expect(renderMarkdown(result)).toContain(`| 1.4.0 | ${coverage?.operations.covered}/95`);
  }, 120_000);
});
