// End-to-end: the HTML conformance report of a deviating target shows its pass rates and differences in Chromium.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { passRate } from '../../src/conformance/report/text.js';
import { renderReports } from '../../src/conformance/report/write.js';
import type { RunResult } from '../../src/conformance/results/run-result.js';
import { runShipped } from '../conformance/helpers/run.js';
import { startTestServer, TEST_TOKEN } from '../conformance/helpers/server.js';
import { describeWithChromium, launchChromium } from './chromium.js';

describeWithChromium('HTML conformance report in a browser', () => {
  let browser: Browser;
  let result: RunResult;
  let dir: string;
  let reportUrl: string;

  beforeAll(async () => {
    // A target whose regionalSettings.language.code is a number: one breaking difference per revision.
    const server = await startTestServer({ deviation: 'wrong-type', simulator: true });
    try {
      [result, browser] = await Promise.all([runShipped(server.endpoint), launchChromium()]);
    } finally {
      await server.close();
    }
    dir = mkdtempSync(path.join(tmpdir(), 'rm-report-'));
    const file = path.join(dir, 'conformance.html');
    writeFileSync(file, renderReports(result, [TEST_TOKEN]).html);
    reportUrl = pathToFileURL(file).href;
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the pass rate of each revision and the breaking difference with its JSON path', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(reportUrl);
      expect(await page.locator('h1').innerText()).toContain('does not conform');

      // The first table after "Pass rate" is by revision: scenarios, passed, failed, errors, skipped, pass rate.
      const byRevision = page.locator('h2:has-text("Pass rate") + table');
      for (const revision of result.revisions) {
        const tally = result.summary.byRevision[revision]!;
        expect(tally.failed).toBeGreaterThan(0);
        const row = byRevision.locator('tr', { has: page.locator(`td:first-child:text-is("${revision}")`) });
        await row.waitFor({ state: 'visible' });
        const cells = await row.locator('td').allInnerTexts();
        expect(cells).toEqual([
          revision,
          String(tally.total),
          String(tally.passed),
          String(tally.failed),
          String(tally.errors + tally.networkErrors),
          String(tally.skipped),
          passRate(tally),
        ]);
        expect(cells[6]).toMatch(/^\d+(\.\d)?%$/);
      }

      // The difference row sits in an opened scenario (open on failure) below its collapsed step, so it is visible.
      const difference = page
        .locator('details[data-run] tr.breaking', { hasText: 'data.regionalSettings.language.code' })
        .first();
      await difference.waitFor({ state: 'visible' });
      const cells = await difference.locator('td').allInnerTexts();
      expect(cells[0]).toBe('breaking');
      expect(cells[1]).toBe('data.regionalSettings.language.code');
      expect(cells[2]).toBe('shape');
      expect(cells[3]).toBe('wrong-type');
      expect(await page.locator('details.step[open]').count()).toBe(0);
      expect(await page.content()).not.toContain(TEST_TOKEN);
    } finally {
      await page.close();
    }
  });

  it('opens on a summary of differences by scenario, operation, severity and cause, with filters', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(reportUrl);
      // The summary is the first section after the verdict.
      expect(await page.locator('h2').first().innerText()).toBe('Differences');
      const rows = page.locator('#summary tr[data-run]');
      const groups = await rows.count();
      expect(groups).toBe(result.revisions.length);
      const first = await rows.first().locator('td').allInnerTexts();
      expect(first.slice(0, 6)).toEqual([
        'settings.regional-settings',
        '1.2.0',
        'query regionalSettings',
        'breaking',
        'shape',
        '1',
      ]);
      await page.locator('#filters').waitFor({ state: 'visible' });
      // A cause no difference has hides every row and every run; "all" brings them back.
      await page.selectOption('#f-severity', 'non-breaking');
      expect(await page.locator('#summary tr[data-run]:visible').count()).toBe(0);
      expect(await page.locator('details[data-run]:visible').count()).toBe(0);
      await page.selectOption('#f-severity', '');
      await page.fill('#f-text', '1.2.0');
      expect(await page.locator('#summary tr[data-run]:visible').count()).toBe(1);
      expect(await page.locator('details[data-run]:visible').count()).toBe(1);
      await page.fill('#f-text', '');
      await page.check('#f-only');
      expect(await page.locator('details[data-run]:visible').count()).toBe(groups);
      // The link of a row leads to its run.
      await rows.first().locator('a').click();
      expect(page.url()).toContain('#run-settings-regional-settings-1-2-0');
    } finally {
      await page.close();
    }
  });

  it('stays usable at 3 MB: summary and filters over many runs', async () => {
    const runs = result.scenarios;
    const many: RunResult = { ...result, scenarios: [] };
    for (let i = 0; many.scenarios.length === 0 || JSON.stringify(many).length < 3_000_000; i += 1)
      many.scenarios.push(...runs.map((r) => ({ ...r, scenarioId: `${r.scenarioId}-${i}` })));
    const html = renderReports(many, []).html;
    expect(html.length).toBeGreaterThan(3_000_000);
    const file = path.join(dir, 'large.html');
    writeFileSync(file, html);
    const page = await browser.newPage();
    try {
      await page.goto(pathToFileURL(file).href);
      const failing = many.scenarios.filter((r) => r.status === 'failed').length;
      expect(await page.locator('#summary tr[data-run]').count()).toBe(failing);
      await page.fill('#f-text', 'regional-settings-3 1.2.0');
      expect(await page.locator('#summary tr[data-run]:visible').count()).toBe(1);
      expect(await page.locator('details[data-run]:visible').count()).toBe(1);
    } finally {
      await page.close();
    }
  });
});
