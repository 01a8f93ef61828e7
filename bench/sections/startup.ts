import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild } from '../child.js';
import type { BenchConfig } from '../config.js';
import { log } from '../log.js';
import type { ProbeResult } from '../probe.js';
import { median } from '../stats.js';

/** Seeding and start-up figures of one profile (medians when repeated). */
export interface StartupFigures {
  profile: string;
  contacts: number;
  seedMs: number;
  seedPeakRssMb: number;
  /** `startServer` plus the first request on the seeded data dir. */
  startMs: number;
  listenMs: number;
  firstRequestMs: number;
  /** After the first answer, until the background warm-up has parsed every collection. */
  warmMs: number;
  startPeakRssMb: number;
  /** The seeded data dir (temporary), reused by the load phase. */
  dataDir: string;
}

async function probe(mode: 'seed' | 'start', profile: string, dataDir: string): Promise<ProbeResult> {
  const run = await runChild('probe.ts', [mode, profile, dataDir]);
  if (run.code !== 0) throw new Error(`probe ${mode} ${profile} exited with ${run.code}`);
  return JSON.parse(run.lastLine) as ProbeResult;
}

/**
 * Seeds each profile into a fresh temporary data dir (one tenant and region, as `rm-harness seed --tenant
 * --region` does) and starts the simulator on it, each in a fresh child process; the data dirs are then
 * reused by the load phase.
 */
export async function measureStartup(
  profiles: readonly string[],
  config: BenchConfig,
  contactsOf: (profile: string) => number,
): Promise<StartupFigures[]> {
  const figures: StartupFigures[] = [];
  for (const profile of profiles) {
    const dataDir = mkdtempSync(join(tmpdir(), `rm-bench-${profile}-`));
    const seeded = await probe('seed', profile, dataDir);
    log(`seeded ${profile} in ${seeded.ms} ms (peak RSS ${seeded.peakRssMb} MB)`);
    const starts: ProbeResult[] = [];
    for (let i = 0; i < config.startupRuns; i += 1) starts.push(await probe('start', profile, dataDir));
    const pick = (f: (p: ProbeResult) => number | undefined) => median(starts.map((p) => f(p) ?? Number.NaN));
    figures.push({
      profile,
      contacts: contactsOf(profile),
      seedMs: seeded.ms,
      seedPeakRssMb: seeded.peakRssMb,
      startMs: pick((p) => p.ms),
      listenMs: pick((p) => p.listenMs),
      firstRequestMs: pick((p) => p.firstRequestMs),
      warmMs: pick((p) => p.warmMs),
      startPeakRssMb: pick((p) => p.peakRssMb),
      dataDir,
    });
    log(`started ${profile} in ${figures.at(-1)!.startMs} ms`);
  }
  return figures;
}
