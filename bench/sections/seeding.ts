import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TENANTS, defaultSeedJobs, REGIONS } from '../../src/simulator/index.js';
import { runChild } from '../child.js';
import type { BenchConfig } from '../config.js';
import { log } from '../log.js';
import type { ProbeResult } from '../probe.js';
import { median } from '../stats.js';

/** `rm-harness seed --profile <profile>` for every tenant and region (medians when repeated). */
export interface SeedAllFigures {
  profile: string;
  /** Store files written (tenants × regions). */
  stores: number;
  /** Worker threads the command used by default (the CPU cores, at most 4). */
  jobs: number;
  ms: number;
  /** Peak RSS of the process, its worker threads included, MB. */
  peakRssMb: number;
}

/**
 * Runs `rm-harness seed --profile <profile>` (every tenant and region, default `--jobs`) in a fresh child
 * process into a fresh temporary data dir, `startupRuns` times, and removes each data dir after it.
 */
export async function measureSeedAll(profile: string, config: BenchConfig): Promise<SeedAllFigures> {
  const stores = DEFAULT_TENANTS.length * REGIONS.length;
  const runs: ProbeResult[] = [];
  for (let i = 0; i < config.startupRuns; i += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), `rm-bench-seed-all-${profile}-`));
    try {
      const run = await runChild('probe.ts', ['seed-all', profile, dataDir]);
      if (run.code !== 0) throw new Error(`probe seed-all ${profile} exited with ${run.code}`);
      runs.push(JSON.parse(run.lastLine) as ProbeResult);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    log(
      `seeded all ${stores} stores of ${profile} in ${runs.at(-1)!.ms} ms (peak RSS ${runs.at(-1)!.peakRssMb} MB)`,
    );
  }
  return {
    profile,
    stores,
    jobs: Math.min(defaultSeedJobs(), stores),
    ms: median(runs.map((r) => r.ms)),
    peakRssMb: median(runs.map((r) => r.peakRssMb)),
  };
}
