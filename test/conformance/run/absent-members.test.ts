import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { conformSummary } from '../../../src/cli/output/conform-summary.js';
import { renderReports } from '../../../src/conformance/report/write.js';
import { mergeShards } from '../../../src/conformance/results/merge.js';
import type { RunResult } from '../../../src/conformance/results/run-result.js';
import { runShipped } from '../helpers/run.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// conform() and the `--json` summary leave what a run did not have undefined rather than absent
// (exactOptionalPropertyTypes is off; docs/architecture.md). That may not show where it is read: the
// JSON report and the summary must still have no such key at all, and no `allowPartial: false`.

const OPTIONAL = ['compare', 'shard', 'baseline', 'skips', 'ruleVerification', 'gate'];

describe('members a run did not have', () => {
  let server: TestServer;
  let result: RunResult;
  beforeAll(async () => {
    server = await startTestServer({ simulator: true });
    result = await runShipped(server.endpoint, { revisions: ['1.4.0'] });
  });
  afterAll(() => server.close());

  it('are absent from the JSON report, as are an unasked allowPartial and an unlearned noise', () => {
    const json = JSON.parse(renderReports(result, []).json) as Record<string, unknown> & {
      options: Record<string, unknown>;
    };
    expect(OPTIONAL.filter((key) => key in json)).toEqual([]);
    expect(Object.keys(json.options).sort()).toEqual(['allowMutations', 'scenarios', 'tags']);
  });

  it('are absent from the JSON report of merged shards', async () => {
    const shards = await Promise.all(
      [1, 2].map((index) =>
        runShipped(server.endpoint, { revisions: ['1.4.0'], shard: { index, count: 2 } }),
      ),
    );
    const merged = mergeShards(shards.map((result, i) => ({ file: `shard-${i + 1}.json`, result })));
    if (!merged.ok) throw new Error(merged.error);
    const json = JSON.parse(renderReports(merged.result, []).json) as object;
    expect(OPTIONAL.filter((key) => key in json)).toEqual([]);
  });

  it('are absent from the --json summary', () => {
    const summary = JSON.parse(JSON.stringify(conformSummary(result, renderReports(result, [])))) as object;
    expect(['compare', 'baseline', 'skips', 'gate'].filter((key) => key in summary)).toEqual([]);
  });

  it('show in both when the run had them: a gate and a shard', async () => {
    const gated = await runShipped(server.endpoint, {
      revisions: ['1.4.0'],
      shard: { index: 1, count: 2 },
      gate: { requireRules: false, minOperationCoverage: 1 },
    });
    const json = JSON.parse(renderReports(gated, []).json) as { shard?: { gate?: object } };
    expect(json.shard).toEqual({
      index: 1,
      count: 2,
      gate: { requireRules: false, minOperationCoverage: 1 },
    });
  });
});
