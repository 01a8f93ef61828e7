// Differences show the smallest diff, not two ~60-character prefixes that may be identical.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderConsole } from '../../../src/conformance/report/console.js';
import { renderMarkdown } from '../../../src/conformance/report/markdown.js';
import { smallestDiff } from '../../../src/conformance/report/smallest-diff.js';
import type { Difference } from '../../../src/conformance/outcome/differences.js';
import type { RunResult } from '../../../src/conformance/results/run-result.js';
import { runShipped } from '../helpers/run.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const contacts = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ id: `c-${from + i}`, displayName: `Contact ${from + i}` }));

describe('smallest diff', () => {
  it('names the ids a list misses, adds or moves', () => {
    expect(smallestDiff(contacts(10), contacts(100), 60)).toBe(
      'lists differ (10 vs 100 items): 90 extra: c-11, c-12, c-13, c-14, c-15, … (85 more)',
    );
    const moved = [...contacts(4)].reverse();
    expect(smallestDiff(contacts(4), moved.slice(1), 10)).toBe(
      'lists differ (4 vs 3 items): 1 missing: c-4; moved: c-1, c-2',
    );
  });

  it('shows the differing span of two long strings with a little context', () => {
    const base = 'The quick brown fox jumps over the lazy dog and keeps running through the forest';
    expect(smallestDiff(base, base.replace('lazy', 'sleepy'), 40)).toBe(
      'strings differ at character 35: expected "… over the [lazy] dog and k…", got "… over the [sleepy] dog and k…"',
    );
  });

  it('names the paths where two long objects differ', () => {
    const a = { name: 'x'.repeat(80), nested: { n: 1, s: 'same' } };
    const b = { name: 'x'.repeat(80), nested: { n: 2, s: 'same' }, extra: true };
    expect(smallestDiff(a, b, 40)).toBe(
      'objects differ at extra: expected absent, got true; nested.n: expected 1, got 2',
    );
  });

  it('keeps short values as they are', () => {
    expect(smallestDiff(0, 3, 60)).toBe('expected 0, got 3');
  });
});

describe('reports show the smallest diff', () => {
  let server: TestServer;
  let result: RunResult;
  beforeAll(async () => {
    server = await startTestServer({ simulator: true });
    result = await runShipped(server.endpoint, { revisions: ['1.4.0'] });
    // A list expectation that did not hold: 10 items expected, 100 answered.
    const step = result.scenarios.find((s) => s.steps.length > 0)?.steps[0];
    const difference: Difference = {
      scenarioId: 'contacts.search-paging',
      revision: '1.4.0',
      stepId: step?.stepId ?? 'x',
      expectationId: 'equals:data.searchFirmContacts.models',
      path: 'data.searchFirmContacts.models',
      kind: 'value-mismatch',
      severity: 'breaking',
      level: 'MUST',
      expected: contacts(10),
      actual: contacts(100),
      message: 'not equal',
      basis: { spec: ['§8'], assumptions: [] },
      restsOn: 'spec',
      cause: 'assertion',
    };
    step?.differences.push(difference);
    const run = result.scenarios.find((s) => s.steps[0] === step);
    if (run) run.status = 'failed';
  });
  afterAll(async () => {
    await server.close();
  });

  it('on the console and in Markdown', () => {
    for (const text of [renderConsole(result), renderMarkdown(result)]) {
      expect(text).toContain('lists differ (10 vs 100 items): 90 extra: c-11, c-12');
    }
  });
});
