// The second target of the differential mode failing its runs is a finding: every report format names
// those runs and why they failed, and the exit code is 1, even where the structural comparison finds nothing to report.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exitCodeOf } from '../../../src/conformance/run/conform.js';
import { renderReports } from '../../../src/conformance/report/write.js';
import { renderConsole } from '../../../src/conformance/report/console.js';
import { verdictOf } from '../../../src/conformance/results/verdict.js';
import { runShipped, targetOf } from '../helpers/run.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('conform --compare with a second target that fails runs', () => {
  let good: TestServer;
  let broken: TestServer;
  beforeAll(async () => {
    good = await startTestServer();
    // A 500 on regionalSettings: settings.regional-settings fails there, and only there.
    broken = await startTestServer({ deviation: 'http-500' });
  });
  afterAll(async () => {
    await good.close();
    await broken.close();
  });

  it('shows the failed runs in the console, JSON, Markdown, HTML and JUnit reports and exits 1', async () => {
    const result = await runShipped(good.endpoint, {
      compareTarget: { ...targetOf(broken.endpoint), label: 'secondary-target' },
    });
    // The primary itself passes everything.
    expect(result.scenarios.filter((s) => s.status !== 'passed' && s.status !== 'skipped')).toEqual([]);
    const failedThere = Object.entries(result.compare?.secondaryStatuses ?? {}).filter(
      ([, s]) => s !== 'passed' && s !== 'skipped',
    );
    expect(failedThere.map(([run]) => run)).toContain('settings.regional-settings@1.4.0');
    const run = 'settings.regional-settings@1.4.0';
    expect(renderConsole(result)).toMatch(
      new RegExp(
        `secondary-target did not pass ${failedThere.length} scenario run\\(s\\)[\\s\\S]*FAILED ${run}`,
      ),
    );
    const reports = renderReports(result, []);
    const json = JSON.parse(reports.json) as { summary: { conforms: boolean }; failures: string[] };
    expect(json.summary.conforms).toBe(false);
    expect(json.failures).toContain(`compare:${run}/secondary-failed`);
    expect(reports.markdown).toContain(`- failed: \`${run}\``);
    expect(reports.html).toMatch(
      new RegExp(`secondary-target did not pass[\\s\\S]*failed: <code>${run}</code>`),
    );
    expect(reports.junit).toMatch(
      new RegExp(
        `<testsuite name="compare secondary-target"[\\s\\S]*<testcase name="${run}" classname="compare.secondary">\\s*<failure`,
      ),
    );
    // Each format says why, from the second target's own run: its first differences or notes.
    const why = result.compare?.secondaryFailures?.[run] ?? [];
    expect(why.length).toBeGreaterThan(0);
    expect(why.join('\n')).toMatch(/HTTP 500/);
    expect(renderConsole(result)).toMatch(new RegExp(`FAILED ${run}\\s+[^\\n]*HTTP 500`));
    const again = renderReports(result, []);
    expect(
      (JSON.parse(again.json) as { compare: { secondaryFailures: Record<string, string[]> } }).compare
        .secondaryFailures[run],
    ).toEqual(why);
    expect(again.markdown).toMatch(new RegExp(`- failed: \`${run}\`\\n  - [^\\n]*HTTP 500`));
    expect(again.html).toMatch(new RegExp(`failed: <code>${run}</code><ul><li>[^<]*HTTP 500`));
    expect(again.junit).toMatch(
      new RegExp(`<testcase name="${run}" classname="compare.secondary">\\s*<failure[^>]*>[^<]*HTTP 500`),
    );
    expect(verdictOf(result)).toBe('does-not-conform');
    expect(exitCodeOf(result)).toBe(1);
  });
});
