// Differential mode between two correct simulators holding different data (other seeds): the answers
// are compared by shape, counts' arithmetic and behaviour, never by values that depend on the data,
// and the report says so. A target whose counts do not add up still differs.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VERSIONS } from '../../../src/contract/versions.js';
import { structuralDiff } from '../../../src/conformance/compare/structural.js';
import { conform } from '../../../src/conformance/run/conform.js';
import { renderReports } from '../../../src/conformance/report/write.js';
import { renderConsole } from '../../../src/conformance/report/console.js';
import { loadScenarios } from '../../../src/conformance/scenario/load.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { simulatorTargetOf } from '../helpers/any-data.js';

describe('conform --compare between correct servers with different data', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ profile: 'default' });
    b = await startTestServer({ profile: 'default', seed: 7 });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('finds no difference over the whole suite, and says the data differed', async () => {
    const result = await conform({
      scenarios: loadScenarios().scenarios,
      target: simulatorTargetOf(a, 'us'),
      compareTarget: { ...simulatorTargetOf(b, 'us'), label: 'seed-7' },
      revisions: [...VERSIONS],
      allowMutations: true,
      http: { timeoutMs: 60_000, retries: 0 },
      drift: false,
    });
    expect(result.compare?.differences.slice(0, 10)).toEqual([]);
    expect(result.compare?.data?.same).toBe(false);
    expect(renderConsole(result)).toMatch(
      /different data.*compared by shape, counts' arithmetic and behaviour/,
    );
    const reports = renderReports(result, []);
    expect(reports.markdown).toMatch(/different data/);
    expect(reports.html).toMatch(/different data/);
  }, 600_000);
});

describe('structuralDiff on different data', () => {
  const page = (models: unknown[], totalModels: number) => ({
    data: { p: { skip: 0, limit: 2, totalModels, models } },
  });
  it('compares shapes where both sides have a value, and the arithmetic of counts', () => {
    const one = page(
      [
        { id: 'a', score: null, n: 1 },
        { id: 'b', score: { s: 1 } },
      ],
      9,
    );
    const other = page(
      [
        { id: 'x', score: { s: 2 }, n: 5 },
        { id: 'y', score: null },
      ],
      4,
    );
    expect(structuralDiff(one, other, [], false)).toEqual([]);
    // A type that differs where both have a value, and a page longer than its limit, still differ.
    const wrong = page([{ id: 'x', score: { s: 2 }, n: '5' }, { id: 'y' }, { id: 'z' }], 4);
    expect(structuralDiff(one, wrong, [], false).map((d) => [d.path, d.kind])).toEqual([
      ['data.p', 'arithmetic-differs'],
      ['data.p.models[0].n', 'type-differs'],
    ]);
  });
});
