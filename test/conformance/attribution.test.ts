// A difference names its cause first; an injected fault is not a violation of the clauses the
// scenario cites (it was attributed to §8/skip-default).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderConsole } from '../../src/conformance/report/console.js';
import { renderMarkdown } from '../../src/conformance/report/markdown.js';
import { conform } from '../../src/conformance/run/conform.js';
import { loadScenarios } from '../../src/conformance/scenario/load.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { differencesOf, targetOf } from './helpers/run.js';

describe('attribution by cause', () => {
  let sim: TestServer;
  beforeAll(async () => {
    sim = await startTestServer({
      faults: { rules: [{ operations: ['initiatives'], errorRate: 1, errorKind: 'graphqlError' }] },
    });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('calls an INJECTED_FAULT answer an injected fault, resting on no spec clause', async () => {
    const scenarios = loadScenarios(path.resolve('conformance')).scenarios.filter(
      (s) => s.scenario.id === 'planning.paging',
    );
    const result = await conform({
      scenarios,
      target: targetOf(`${sim.url}/us/{version}/public-api/graphql`, true, 'dev-token'),
      revisions: ['1.4.0'],
      allowMutations: false,
      http: { timeoutMs: 10000, retries: 0 },
      drift: false,
    });
    const diffs = differencesOf(result);
    expect(diffs.length).toBeGreaterThan(0);
    expect(diffs.map((d) => d.cause)).toEqual(diffs.map(() => 'injected-fault'));
    expect(diffs.flatMap((d) => d.basis.spec)).toEqual([]);
    const console = renderConsole(result);
    expect(console).toMatch(/defaults data\.initiatives\.skip: injected-fault: /);
    expect(console).not.toContain('§8/skip-default');
    expect(renderMarkdown(result)).toContain('| injected-fault |');
  });

  it('does not count steps skipped after a failure as skips of a partial run', async () => {
    const scenarios = loadScenarios(path.resolve('conformance')).scenarios.filter((s) =>
      s.scenario.id.startsWith('planning.'),
    );
    const result = await conform({
      scenarios,
      target: targetOf(`${sim.url}/us/{version}/public-api/graphql`, true, 'dev-token'),
      revisions: ['1.4.0'],
      allowMutations: false,
      http: { timeoutMs: 10000, retries: 0 },
      drift: false,
    });
    const blocked = result.scenarios.flatMap((r) => r.steps.filter((s) => s.status === 'skipped'));
    expect(blocked.length).toBeGreaterThan(0);
    expect(result.skips?.runs ?? []).toEqual([]);
    expect(renderMarkdown(result)).not.toContain('### Partial run');
  });
});
