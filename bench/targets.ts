import { REQUEST_NAMES } from './queries.js';
import type { BenchResults, TargetCheck } from './results.js';

/** The targets, checked against the figures that were measured. */
export function checkTargets(results: Omit<BenchResults, 'targets'>, largeProfile: string): TargetCheck[] {
  const checks: TargetCheck[] = [];
  if (results.ratios) {
    const pct = (r: number) => `${Math.round(r * 100)}%`;
    for (const name of ['read', 'search'] as const) {
      const r = results.ratios[name];
      checks.push({
        target: `${name}: throughput ≥ 80% of express floor (E) and ≥ 90% of fair ceiling (C)`,
        figure: `${pct(r.E)} of E, ${pct(r.C)} of C (${pct(r.L)} of L, ${r.M.toFixed(2)}× M)`,
        holds: r.E >= 0.8 && r.C >= 0.9,
      });
    }
  }
  if (results.growth) {
    for (const name of REQUEST_NAMES) {
      const ratio = results.growth.p99Ratio[name];
      checks.push({
        target: `${name}: p99 at ${results.growth.to} ≤ 2× p99 at ${results.growth.from}`,
        figure: `${ratio.toFixed(2)}×`,
        holds: ratio <= 2,
      });
    }
  }
  const large = results.startup.find((s) => s.profile === largeProfile);
  if (large) {
    checks.push({
      target: `one ${largeProfile} store (${large.contacts.toLocaleString('en-US')} contacts) seeded by \`seed --tenant --region\` ≤ 10 s`,
      figure: `${(large.seedMs / 1000).toFixed(1)} s`,
      holds: large.seedMs <= 10_000,
    });
    checks.push({
      target: `start-up on the ${largeProfile} store ≤ 3 s`,
      figure: `${(large.startMs / 1000).toFixed(2)} s`,
      holds: large.startMs <= 3_000,
    });
  }
  if (results.seedAll) {
    const s = results.seedAll;
    checks.push({
      target: `\`seed --profile ${s.profile}\` (${s.stores} stores) ≤ 20 s wall and ≤ 1.2 GB peak RSS`,
      figure: `${(s.ms / 1000).toFixed(1)} s, ${s.peakRssMb} MB (${s.jobs} workers)`,
      holds: s.ms <= 20_000 && s.peakRssMb <= 1200,
    });
  }
  if (results.storeChecksums) {
    const c = results.storeChecksums;
    const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
    checks.push({
      target: 'checksums ≤ 5% of write time',
      figure: `${pct(c.writeCrcMs, c.writeMs)} (${c.writeCrcMs.toFixed(1)} of ${Math.round(c.writeMs)} ms for ${c.writes} writes)`,
      holds: c.writeCrcMs <= 0.05 * c.writeMs,
    });
    checks.push({
      target: `checksums ≤ 5% of opening and first reading the ${c.profile} store`,
      figure: `${pct(c.snapshotCrcMs, c.openReadAllMs)} (${c.snapshotCrcMs.toFixed(1)} of ${Math.round(c.openReadAllMs)} ms, ${c.snapshotMb.toFixed(0)} MB)`,
      holds: c.snapshotCrcMs <= 0.05 * c.openReadAllMs,
    });
  }
  if (results.runner) {
    checks.push(
      results.runner.measured
        ? {
            target: 'full conformance suite (both revisions) ≤ 60 s',
            figure: `${(results.runner.wallMs / 1000).toFixed(1)} s`,
            holds: results.runner.wallMs <= 60_000,
          }
        : { target: 'full conformance suite (both revisions) ≤ 60 s', figure: 'not measured', holds: false },
    );
  }
  return checks;
}
