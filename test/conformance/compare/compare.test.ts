import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { alignItems } from '../../../src/conformance/compare/structural.js';
import { renderConsole } from '../../../src/conformance/report/console.js';
import { renderHtml } from '../../../src/conformance/report/html.js';
import { cliArgs } from '../../helpers/cli-io.js';
import { fixtureScenarios, runShipped, targetOf } from '../helpers/run.js';
import { startHiddenSimulator, type HiddenSimulator } from '../helpers/hidden-admin.js';

interface Report {
  verdict: string;
  compare: {
    differences: { scenarioId: string; path: string; kind: string }[];
    noise?: unknown[];
    secondaryStatuses: Record<string, string>;
  };
  scenarios: { scenarioId: string; revision: string; status: string; note?: string }[];
}

// Two identical targets: the in-process simulator and a same-seed simulator whose admin API a forwarder
// hides, so the runner sees a real endpoint (read-only, no provider states).
describe('conform --compare between two identical targets', () => {
  let hidden: HiddenSimulator;
  beforeAll(async () => {
    hidden = await startHiddenSimulator();
  });
  afterAll(async () => {
    await hidden.close();
  });

  it('finds 0 differences over the whole suite and both revisions, and exits 0', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'compare-'));
    const { code, stdout } = await cliArgs(
      'conform',
      '--target',
      'sim',
      '--compare',
      hidden.endpoint,
      '--compare-token',
      'dev-token',
      '--version',
      'all',
      '--no-drift',
      '--allow-partial',
      '--report-dir',
      dir,
    );
    const json = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as Report;
    expect(json.compare.differences.slice(0, 5)).toEqual([]);
    expect(json.compare.differences).toHaveLength(0);
    expect(stdout).toContain('0 structural difference(s)');
    expect(code).toBe(0);
    // Both targets ran in the same mode: what the secondary could not run was not run on the primary.
    const mutating = json.scenarios.find((s) => s.scenarioId === 'activities.activity-lifecycle');
    expect(mutating?.status).toBe('skipped');
    expect(mutating?.note).toMatch(/--compare/);
    expect(json.compare.secondaryStatuses[`${mutating?.scenarioId}@${mutating?.revision}`]).toBe('skipped');
    // The whole read-only suite twice over, against two simulators on a shared two-core machine.
  }, 240_000);
});

/** A GraphQL endpoint whose every answer names a fresh __typename: a value that changes per request. */
async function startNoisyServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { __typename: randomUUID() } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/us/{version}/public-api/graphql`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('noise in differential mode', () => {
  it('reports a difference the primary also shows against an identical target as noise, never a failure', async () => {
    const a = await startNoisyServer();
    const b = await startNoisyServer();
    try {
      const scenarios = fixtureScenarios().filter((s) => s.scenario.id === 'settings.regional-settings');
      const compareTarget = { ...targetOf(b.endpoint, false), label: 'secondary' };
      const without = await runShipped(a.endpoint, { scenarios, compareTarget });
      expect(without.compare?.differences.map((d) => d.path)).toContain('data.__typename');
      const result = await runShipped(a.endpoint, {
        scenarios,
        compareTarget,
        noiseTarget: targetOf(a.endpoint, false),
      });
      expect(result.compare?.differences).toEqual([]);
      expect(result.compare?.noise?.map((d) => d.path)).toContain('data.__typename');
      expect(result.compare?.noiseLearnedFrom).toBe('test-target');
      expect(result.summary.structuralDifferences).toBe(0);
      const html = renderHtml(result);
      expect(html).toMatch(
        /<summary>\d+ noise difference\(s\), not failures: [^<]*<\/summary><table>.*data\.__typename/,
      );
      expect(renderConsole(result)).toMatch(/0 structural difference\(s\), \d+ noise/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('pairs list items by id, none when no id is shared, and by position only for lists without distinct ids', () => {
    const a = [{ id: '1' }, { id: '2' }, { id: '3' }];
    expect(alignItems(a, [{ id: 'new' }, { id: '1' }, { id: '2' }])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(alignItems([{ x: 1 }, { x: 2 }], [{ x: 3 }])).toEqual([[0, 0]]);
    // No id in common (two tenants' data): no pair; position would compare strangers.
    expect(alignItems(a, [{ id: 'x' }, { id: 'y' }])).toEqual([]);
  });
});
