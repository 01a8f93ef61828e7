import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { VERSIONS } from '../../../src/contract/versions.js';
import { inShard, parseShard } from '../../../src/conformance/run/shard.js';
import { cli } from '../../helpers/cli-io.js';

const ids = Array.from({ length: 60 }, (_, i) => `area.scenario-${i}`);

describe('--shard i/n', () => {
  it('reads i/n and refuses anything else', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '3', 'a/b', '1/0'])
      expect(parseShard(bad)).toEqual({ error: expect.stringContaining(`got "${bad}"`) });
  });

  it('puts every scenario × revision run in exactly one shard, independent of the other scenarios', () => {
    for (const id of ids) {
      for (const v of VERSIONS) {
        const owners = [1, 2, 3].filter((index) => inShard({ index, count: 3 }, id, v));
        expect(owners).toHaveLength(1);
      }
    }
    // No shard is empty or holds nearly everything on a suite of this size.
    for (const index of [1, 2, 3]) {
      const n = ids.filter((id) => inShard({ index, count: 3 }, id, '1.4.0')).length;
      expect(n).toBeGreaterThan(5);
      expect(n).toBeLessThan(40);
    }
  });
});

describe('conform --shard + report merge', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'rm-shard-'));
  afterAll(() => (process.env.KEEP_SHARD ? undefined : rmSync(root, { recursive: true, force: true })));
  const run = (dir: string, ...extra: string[]) =>
    cli([
      'conform',
      '--target',
      'sim',
      '--tag',
      'settings',
      '--tag',
      'versioning',
      '--min-operation-coverage',
      '15',
      '--report-dir',
      path.join(root, dir),
      ...extra,
    ]);
  // Values that change from run to run even at equal results.
  const masked = (dir: string, file: string): string =>
    readFileSync(path.join(root, dir, file), 'utf8')
      .replace(/<generated-\d+>/g, '<generated>')
      .replace(/time="[\d.]+"/g, 'time="0"')
      .replace(/\d+ ms/g, '0 ms')
      .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>');

  /** The JSON report without what the target sent back verbatim (requests and response bodies). */
  const judged = (dir: string): unknown => {
    const report = JSON.parse(masked(dir, 'conformance.json')) as {
      scenarios: { steps: { request?: unknown; response?: unknown }[] }[];
    };
    for (const s of report.scenarios) {
      for (const step of s.steps) {
        delete step.request;
        delete step.response;
      }
    }
    return report;
  };

  it('writes the same verdict, differences and coverage as one full run', async () => {
    const full = await run('full');
    expect(full.stderr).toBe('');
    const shards = [];
    for (const i of [1, 2, 3]) shards.push(await run(`shard-${i}`, '--shard', `${i}/3`));
    expect(shards.map((s) => s.code)).toEqual([0, 0, 0]);
    const perShard = shards.map(
      (_, i) =>
        (JSON.parse(masked(`shard-${i + 1}`, 'conformance.json')) as { scenarios: unknown[] }).scenarios
          .length,
    );
    // Each shard ran part of the runs, and no run twice.
    expect(perShard.every((n) => n > 0)).toBe(true);
    const fullJson = JSON.parse(masked('full', 'conformance.json')) as { scenarios: unknown[] };
    expect(perShard.reduce((a, b) => a + b, 0)).toBe(fullJson.scenarios.length);

    const merged = await cli([
      'report',
      'merge',
      ...[1, 2, 3].map((i) => path.join(root, `shard-${i}`, 'conformance.json')),
      '--report-dir',
      path.join(root, 'merged'),
    ]);
    expect(merged.code).toBe(full.code);
    expect(merged.stdout).toContain('Merged 3 shard report(s)');
    // Response bodies hold ids the simulator generates and counts of what earlier scenarios on the same
    // simulator wrote; everything judged from them must be equal.
    expect(judged('merged')).toEqual(judged('full'));
    for (const file of ['conformance.junit.xml', 'conformance.md'])
      expect(masked('merged', file)).toEqual(masked('full', file));
    const verdict = (dir: string): string | undefined =>
      /<h1>.*<\/h1>/.exec(masked(dir, 'conformance.html'))?.[0];
    expect(verdict('merged')).toEqual(verdict('full'));

    // The JSON reports mask timings; the merged JUnit report has each run's time from its shard's JUnit.
    const times = (dir: string, element: string): Map<string, string> =>
      new Map(
        [
          ...readFileSync(path.join(root, dir, 'conformance.junit.xml'), 'utf8').matchAll(
            new RegExp(`<${element} name="([^"]*)"[^>]* time="([\\d.]+)"`, 'g'),
          ),
        ].map((m) => [m[1] as string, m[2] as string]),
      );
    const fromShards = new Map([1, 2, 3].flatMap((i) => [...times(`shard-${i}`, 'testcase')]));
    expect(fromShards.size).toBe(fullJson.scenarios.length);
    expect(times('merged', 'testcase')).toEqual(fromShards);
    expect([...fromShards.values()].some((t) => Number(t) > 0)).toBe(true);
    const suiteTimes = [...times('merged', 'testsuite').values()].map(Number);
    expect(suiteTimes.length).toBeGreaterThan(0);
    for (const t of suiteTimes) expect(t).toBeGreaterThan(0);
  }, 240_000);

  it('refuses a set of reports missing a shard, or a report that is not a shard', async () => {
    const missing = await cli([
      'report',
      'merge',
      path.join(root, 'shard-1', 'conformance.json'),
      path.join(root, 'shard-3', 'conformance.json'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('shard 2/3 missing');
    const notShard = await cli(['report', 'merge', path.join(root, 'full', 'conformance.json')]);
    expect(notShard.code).toBe(2);
    expect(notShard.stderr).toContain('is not the report of a shard');
  });
});
