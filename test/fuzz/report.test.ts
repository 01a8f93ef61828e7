// The fuzz report's coverage shows what the sequences sent (it said "0/95 operations" after thousands).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Scenario } from '../../src/conformance/scenario/types.js';
import { openTarget } from '../../src/conformance/target/open.js';
import { renderMarkdown } from '../../src/conformance/report/markdown.js';
import { FUZZ_SCENARIO_DIR, FUZZER_BUG_DIR, toRunResult, writeFuzzOutput } from '../../src/fuzz/report.js';
import { runFuzz, type FuzzResult } from '../../src/fuzz/run.js';
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

describe('a finding whose shrunk case also fails on a fresh simulator', () => {
  /** A run with one finding on 1.2.0 whose replay on a fresh simulator failed. */
  const runWith = (fuzzerBug: boolean): FuzzResult => {
    const scenario: Scenario = {
      id: 'fuzz.v1-2-0-seed-5',
      title: 'Fuzz: judge at s5-otherRegion',
      revisions: ['1.2.0'],
      tags: ['fuzz'],
      spec: ['§7.1'],
      assumptions: [],
      steps: [],
    };
    return {
      runId: 'run1',
      seed: 5,
      operations: 12,
      revisions: [
        {
          revision: '1.2.0',
          sequences: 3,
          operations: 12,
          byOperation: [],
          requests: [],
          interrupted: false,
          durationMs: 10,
          finding: {
            revision: '1.2.0',
            violation: { invariant: 'judge', stepId: 's5-otherRegion', message: 'expected null' },
            commands: ['addList', 'region isolation [0]'],
            scenario,
            steps: [],
            seed: 5,
            path: '2:3',
            replay: { passed: false, message: 'failed on the simulator at s5-otherRegion' },
            ...(fuzzerBug ? { fuzzerBug: true } : {}),
          },
        },
      ],
    };
  };

  it('stays a failure of a target that is not the simulator, written where conform replays it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm-fuzz-report-'));
    try {
      const fuzz = runWith(false);
      const result = toRunResult(
        fuzz,
        { label: 'https://vendor.example', isSimulator: false },
        '2026-11-27T00:00:00.000Z',
        true,
      );
      const [scenario] = result.scenarios;
      expect(scenario?.status).toBe('failed');
      expect(scenario?.file).toBe(`${FUZZ_SCENARIO_DIR}/fuzz.v1-2-0-seed-5.yaml`);
      expect(scenario?.note).toContain('also fails on a fresh simulator');
      expect(scenario?.note).not.toContain('fuzzer bug');
      const written = writeFuzzOutput(dir, fuzz, result, []);
      expect(written.scenarios).toEqual([path.join(dir, FUZZ_SCENARIO_DIR, 'fuzz.v1-2-0-seed-5.yaml')]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is a fuzzer bug when the simulator itself was the target', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm-fuzz-report-'));
    try {
      const fuzz = runWith(true);
      const result = toRunResult(fuzz, { label: 'sim', isSimulator: true }, '2026-11-27T00:00:00.000Z', true);
      expect(result.scenarios[0]?.status).toBe('error');
      expect(result.scenarios[0]?.note).toContain('fuzzer bug');
      expect(writeFuzzOutput(dir, fuzz, result, []).scenarios).toEqual([
        path.join(dir, FUZZER_BUG_DIR, 'fuzz.v1-2-0-seed-5.yaml'),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
