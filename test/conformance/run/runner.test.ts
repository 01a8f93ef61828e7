import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exitCodeOf } from '../../../src/conformance/run/conform.js';
import { runsAgainst } from '../../../src/conformance/run/runner.js';
import { startTestServer, unreachableUrl, type Deviation, type TestServer } from '../helpers/server.js';
import { differencesOf, fixtureScenarios, runShipped, targetOf } from '../helpers/run.js';

describe('runner against a conforming server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ simulator: true });
  });
  afterAll(() => server.close());

  it('passes every shipped scenario on both revisions and exits 0', async () => {
    const result = await runShipped(server.endpoint, { drift: true });
    const notPassed = result.scenarios.filter((s) => s.status !== 'passed');
    expect(
      notPassed.map((s) => [s.scenarioId, s.revision, s.steps.map((st) => st.note ?? st.differences)]),
    ).toEqual([]);
    expect(differencesOf(result)).toEqual([]);
    expect(result.summary.byRevision['1.4.0']?.passed).toBe(5);
    expect(result.summary.byRevision['1.2.0']?.passed).toBe(4);
    expect(
      result.drift.map((d) => [d.revision, d.status, d.status === 'checked' ? d.changes.length : -1]),
    ).toEqual([
      ['1.4.0', 'checked', 0],
      ['1.2.0', 'checked', 0],
    ]);
    expect(exitCodeOf(result)).toBe(0);
  });

  it('interpolates captures and generated values, and runs teardown', async () => {
    const before = server.requests.length;
    await runShipped(server.endpoint, {
      scenarios: fixtureScenarios().filter((s) => s.scenario.id === 'lists.working-list-lifecycle'),
      revisions: ['1.4.0'],
      // The steps' own requests, in order: no query sent again another way between them.
      twinVariants: [],
    });
    const bodies = server.requests
      .slice(before)
      .map((r) => r.body as { variables?: Record<string, unknown> });
    expect(bodies[1]?.variables).toEqual({
      input: { name: 'rm-harness run-1 uuid-1', folderTypeId: 'ft-1' },
    });
    const listId = (bodies[2]?.variables as { id: string }).id;
    expect(listId).toMatch(/^l-\d+$/);
    expect(bodies[3]?.variables).toEqual({ id: listId });
  });

  it('runs the scenarios that write nothing first, both revisions, so their answers share one state (A-580)', async () => {
    const order: string[] = [];
    await runShipped(server.endpoint, {
      allowMutations: true,
      concurrency: 1,
      onResult: (r) => order.push(`${r.tags.includes('mutates') ? 'writes' : 'reads'} ${r.revision}`),
    });
    const firstWrite = order.findIndex((o) => o.startsWith('writes'));
    expect(firstWrite).toBeGreaterThan(0);
    expect(order.slice(firstWrite).every((o) => o.startsWith('writes'))).toBe(true);
    expect(new Set(order.slice(0, firstWrite))).toEqual(new Set(['reads 1.4.0', 'reads 1.2.0']));
  });

  it('skips mutating scenarios against a non-simulator unless mutations are allowed', async () => {
    const result = await runShipped(server.endpoint, { target: targetOf(server.endpoint, false) });
    const skipped = result.scenarios
      .filter((s) => s.status === 'skipped')
      .map((s) => `${s.scenarioId}@${s.revision}`);
    expect(skipped).toEqual([
      'lists.add-list-validation@1.4.0',
      'lists.add-list-validation@1.2.0',
      'lists.working-list-lifecycle@1.4.0',
    ]);
    const allowed = await runShipped(server.endpoint, {
      target: targetOf(server.endpoint, false),
      allowMutations: true,
    });
    expect(allowed.scenarios.filter((s) => s.status === 'skipped')).toEqual([]);
  });
});

describe('runner against deliberately wrong servers', () => {
  const cases: {
    deviation: Deviation;
    scenario: string;
    path: string;
    kind: string;
    severity: string;
    restsOn: string;
  }[] = [
    {
      deviation: 'drop-field',
      scenario: 'settings.regional-settings',
      path: 'data.regionalSettings.languages',
      kind: 'missing-field',
      severity: 'breaking',
      restsOn: 'spec-and-assumption',
    },
    {
      deviation: 'wrong-type',
      scenario: 'settings.regional-settings',
      path: 'data.regionalSettings.language.code',
      kind: 'wrong-type',
      severity: 'breaking',
      restsOn: 'spec-and-assumption',
    },
    {
      deviation: 'null-non-null',
      scenario: 'contacts.search-paging',
      path: 'data.searchFirmContacts.totalModels',
      kind: 'null-for-non-null',
      severity: 'breaking',
      restsOn: 'spec-and-assumption',
    },
    {
      deviation: 'ignore-paging-default',
      scenario: 'contacts.search-paging',
      path: 'data.searchFirmContacts.models',
      kind: 'count-mismatch',
      severity: 'breaking',
      restsOn: 'spec',
    },
    {
      deviation: 'omit-validation-error',
      scenario: 'lists.add-list-validation',
      path: 'data.addList.validationErrors',
      kind: 'missing-validation-error',
      severity: 'breaking',
      restsOn: 'spec-and-assumption',
    },
    {
      deviation: 'http-500',
      scenario: 'settings.regional-settings',
      path: '',
      kind: 'http-status',
      severity: 'breaking',
      restsOn: 'spec-and-assumption',
    },
    {
      deviation: 'data-null',
      scenario: 'settings.regional-settings',
      path: 'data',
      kind: 'missing-data',
      severity: 'breaking',
      restsOn: 'spec-and-assumption',
    },
    {
      deviation: 'extra-field',
      scenario: 'settings.regional-settings',
      path: 'data.regionalSettings.legacyCode',
      kind: 'extra-field',
      severity: 'non-breaking',
      restsOn: 'spec-and-assumption',
    },
    {
      deviation: 'extra-enum-value',
      scenario: 'contacts.search-paging',
      path: 'data.searchFirmContacts.resultsFrom',
      kind: 'extra-enum-value',
      severity: 'breaking',
      restsOn: 'spec-and-assumption',
    },
  ];

  it.each(cases)('reports $deviation as $kind at $path ($severity)', async (c) => {
    const server = await startTestServer({ deviation: c.deviation, simulator: true });
    try {
      const result = await runShipped(server.endpoint);
      const diffs = differencesOf(result);
      // The injected deviation shows on both revisions; its knock-on effects stay in the same scenario.
      const key = (d: { path: string; kind: string; severity: string; restsOn: string }): string =>
        `${d.path} ${d.kind} ${d.severity} ${d.restsOn}`;
      const expected = `${c.path} ${c.kind} ${c.severity} ${c.restsOn}`;
      const hits = diffs.filter((d) => d.scenarioId === c.scenario && key(d) === expected);
      expect(new Set(hits.map((d) => d.revision))).toEqual(new Set(['1.4.0', '1.2.0']));
      expect(new Set(diffs.map((d) => d.scenarioId))).toEqual(new Set([c.scenario]));
      const scenario = result.scenarios.find((s) => s.scenarioId === c.scenario);
      expect(scenario?.status).toBe(c.severity === 'breaking' ? 'failed' : 'passed');
      expect(exitCodeOf(result)).toBe(c.severity === 'breaking' ? 1 : 0);
    } finally {
      await server.close();
    }
  });

  it('names expected and actual values of a difference', async () => {
    const server = await startTestServer({ deviation: 'wrong-type', simulator: true });
    try {
      const [d] = differencesOf(await runShipped(server.endpoint, { revisions: ['1.4.0'] }));
      expect(d).toMatchObject({
        scenarioId: 'settings.regional-settings',
        stepId: 'read',
        expectationId: 'shape',
        expected: 'string or null',
        actual: 42,
        level: 'MUST',
        basis: { spec: ['§2.3'], assumptions: ['A-01'] },
      });
    } finally {
      await server.close();
    }
  });

  it('reports an unreachable target as network errors, not differences', async () => {
    const result = await runShipped(await unreachableUrl(), { http: { timeoutMs: 1000, retries: 1 } });
    expect(new Set(result.scenarios.map((s) => s.status))).toEqual(new Set(['network-error']));
    expect(differencesOf(result)).toEqual([]);
    expect(result.scenarios[0]?.steps[0]?.note).toMatch(/ECONNREFUSED.*after 2 attempts/);
    expect(exitCodeOf(result)).toBe(1);
  });
});

describe('a scenario copy for another region', () => {
  it("is left out where that region is the target's own, and runs elsewhere", () => {
    const scenario = { ...fixtureScenarios()[0]!.scenario, copyIn: 'eu' };
    const target = targetOf('http://127.0.0.1:1/{region}/1.4.0/public-api/graphql');
    expect(runsAgainst(scenario, { ...target, region: 'eu' })).toBe(false);
    expect(runsAgainst(scenario, { ...target, region: 'us' })).toBe(true);
    expect(runsAgainst(scenario, target)).toBe(true);
    expect(runsAgainst({ ...scenario, copyIn: 'us' }, target)).toBe(false);
  });
});
