import { mkdtempSync, rmSync } from 'node:fs';
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
  /** Live JS heap after the first request and a full GC, MB. */
  liveHeapMb: number;
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
 * Seeds each profile into a fresh temporary data dir (one tenant and region, as `rm-harness seed
 * --tenant --region` does) and starts the simulator on it, each `startupRuns` times in a fresh child
 * process (medians reported); the last data dir of each profile is reused by the load phase.
 */
export async function measureStartup(
  profiles: readonly string[],
  config: BenchConfig,
  contactsOf: (profile: string) => number,
): Promise<StartupFigures[]> {
  const figures: StartupFigures[] = [];
  for (const profile of profiles) {
    // Each seeding into a fresh data dir; the last one's is kept for the start-ups and the load phase.
    let dataDir = '';
    const seeds: ProbeResult[] = [];
    for (let i = 0; i < config.startupRuns; i += 1) {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      dataDir = mkdtempSync(join(tmpdir(), `rm-bench-${profile}-`));
      seeds.push(await probe('seed', profile, dataDir));
      log(`seeded ${profile} in ${seeds.at(-1)!.ms} ms (peak RSS ${seeds.at(-1)!.peakRssMb} MB)`);
    }
    const starts: ProbeResult[] = [];
    for (let i = 0; i < config.startupRuns; i += 1) starts.push(await probe('start', profile, dataDir));
    const pick = (f: (p: ProbeResult) => number | undefined) => median(starts.map((p) => f(p) ?? Number.NaN));
    figures.push({
      profile,
      contacts: contactsOf(profile),
      seedMs: median(seeds.map((p) => p.ms)),
      seedPeakRssMb: median(seeds.map((p) => p.peakRssMb)),
      startMs: pick((p) => p.ms),
      listenMs: pick((p) => p.listenMs),
      firstRequestMs: pick((p) => p.firstRequestMs),
      liveHeapMb: pick((p) => p.liveHeapMb),
      startPeakRssMb: pick((p) => p.peakRssMb),
      dataDir,
    });
    log(`started ${profile} in ${figures.at(-1)!.startMs} ms`);
  }
  return figures;
}
