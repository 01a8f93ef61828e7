import { describe, expect, it } from '@jest/globals';
import { figuresOf, LOAD_KEYS } from '../../bench/figures.js';
import type { BenchResults } from '../../bench/results.js';
import { checkTargets, targetsTable, TARGETS, verdictOf, type Limit } from '../../bench/targets.js';

const at = (value: number, bound: Limit['bound']): { limits: Limit[] } => ({
  limits: [{ figure: 'gateMs', bound, value }],
});

describe('the verdict on a target', () => {
  it('a figure over a ceiling does not hold, under or at it holds, absent is not measured', () => {
    expect(verdictOf(at(10_000, 'max'), { gateMs: 10_001 })).toBe('does not hold');
    expect(verdictOf(at(10_000, 'max'), { gateMs: 9_999 })).toBe('holds');
    expect(verdictOf(at(10_000, 'max'), { gateMs: 10_000 })).toBe('holds');
    expect(verdictOf(at(10_000, 'max'), {})).toBe('not measured in this run');
    expect(verdictOf(at(10_000, 'max'), { gateMs: Number.NaN })).toBe('not measured in this run');
  });

  it('a figure under a floor does not hold, over or at it holds', () => {
    expect(verdictOf(at(1000, 'min'), { gateMs: 999 })).toBe('does not hold');
    expect(verdictOf(at(1000, 'min'), { gateMs: 1001 })).toBe('holds');
    expect(verdictOf(at(1000, 'min'), { gateMs: 1000 })).toBe('holds');
  });

  it('a target of two limits holds only when both do, and is not measured when either figure is absent', () => {
    const seed = TARGETS.find((t) => t.id === 'seed-large')!;
    expect(verdictOf(seed, { seedLargeMs: 19_000, seedLargePeakRssMb: 900 })).toBe('holds');
    expect(verdictOf(seed, { seedLargeMs: 21_000, seedLargePeakRssMb: 900 })).toBe('does not hold');
    expect(verdictOf(seed, { seedLargeMs: 19_000, seedLargePeakRssMb: 1300 })).toBe('does not hold');
    expect(verdictOf(seed, { seedLargeMs: 19_000 })).toBe('not measured in this run');
  });
});

/** A run's results with nothing measured but what `extra` adds. */
function results(extra: Partial<BenchResults> = {}): Omit<BenchResults, 'targets' | 'figures'> {
  return {
    generatedAt: '2026-11-25T00:00:00.000Z',
    machine: { node: '20.20.2', cpus: 2, platform: 'linux', loadAverage: [0.5, 0.5, 0.5] },
    settings: { duration: 3, runs: 3, connections: 10, warmup: 1, startupRuns: 3 },
    load: {},
    startup: [],
    largeProfile: 'large',
    conditions: {},
    ...extra,
  };
}

const summary = (rps: number) => {
  const one = { rps, p50: 1, p99: 2, p99Worst: 3, errors: 0, non2xx: 0 };
  return { read: one, search: one, mutation: one } as unknown as BenchResults['load'][string];
};

describe('the targets table of a run', () => {
  it('says "not measured in this run" for every target of a run that measured nothing', () => {
    const rows = checkTargets(figuresOf(results()), () => undefined);
    expect(rows.map((r) => r.verdict)).toEqual(TARGETS.map(() => 'not measured in this run'));
    expect(rows.every((r) => r.figure === '—' && r.conditions === undefined)).toBe(true);
    expect(
      targetsTable(rows)
        .slice(2)
        .every((line) => line.includes('not measured in this run')),
    ).toBe(true);
  });

  it('reads the default-settings read from the `serve@<profile>` load key, and leaves it unmeasured without it', () => {
    const base = { compareProfile: 'bench-1k', load: { E: summary(10_000), 'sim@bench-1k': summary(9_500) } };
    const without = checkTargets(figuresOf(results(base)), () => undefined);
    expect(without.find((r) => r.id === 'read-default')!.verdict).toBe('not measured in this run');
    expect(without.find((r) => r.id === 'read-quiet')!.verdict).toBe('holds');

    const load = { ...base.load, [LOAD_KEYS.serveDefault('bench-1k')]: summary(7_000) };
    const conditions = { node: '20.20.2', cores: 2, loadAverage: 0.4 };
    const rows = checkTargets(figuresOf(results({ ...base, load })), () => conditions);
    const read = rows.find((r) => r.id === 'read-default')!;
    expect(read).toMatchObject({ verdict: 'does not hold', conditions });
    expect(read.figure).toBe('70% of (E): 7,000 req/s vs 10,000 req/s');
  });

  it('judges the default-settings read against (F) mercurius and (E) express together', () => {
    const verdict = (own: number, f: number, e: number) => {
      const load = {
        E: summary(e),
        [LOAD_KEYS.mercurius]: summary(f),
        [LOAD_KEYS.serveDefault('bench-1k')]: summary(own),
      };
      const rows = checkTargets(figuresOf(results({ compareProfile: 'bench-1k', load })), () => undefined);
      return rows.find((r) => r.id === 'read-default-of-mercurius')!;
    };
    expect(verdict(24_000, 37_000, 20_000).verdict).toBe('holds');
    expect(verdict(24_000, 37_000, 20_000).figure).toBe(
      '65% of (F): 24,000 req/s vs 37,000 req/s; 120% of (E)',
    );
    expect(verdict(10_700, 37_000, 9_000).verdict).toBe('does not hold');
    expect(verdict(24_000, 37_000, 25_000).verdict).toBe('does not hold');
    expect(
      checkTargets(figuresOf(results()), () => undefined).find((r) => r.id === 'read-default-of-mercurius')!
        .verdict,
    ).toBe('not measured in this run');
  });

  it('a failed `npm test` does not hold however fast it was; a passing one holds within 6 minutes', () => {
    const verdict = (suite: BenchResults['suite']) =>
      checkTargets(figuresOf(results({ suite })), () => undefined).find((r) => r.id === 'npm-test')!.verdict;
    expect(verdict({ wallMs: 60_000, passed: false })).toBe('does not hold');
    expect(verdict({ wallMs: 300_000, passed: true })).toBe('holds');
    expect(verdict({ wallMs: 400_000, passed: true })).toBe('does not hold');
    expect(verdict(undefined)).toBe('not measured in this run');
  });
});
