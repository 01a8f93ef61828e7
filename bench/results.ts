import type { BaselineKey } from './baselines.js';
import type { RequestName } from './queries.js';
import type { LoadSummary } from './sections/load-phase.js';
import type { CliStartupFigures } from './sections/cli-startup.js';
import type { RunnerFigures } from './sections/runner.js';
import type { SeedAllFigures } from './sections/seeding.js';
import type { StartupFigures } from './sections/startup.js';
import type { StoreChecksumFigures } from './sections/store-checksums.js';
import type { ThroughputFigures } from './throughput.js';

/** One checked target of the issue. */
export interface TargetCheck {
  target: string;
  figure: string;
  holds: boolean;
}

/** Everything `reports/bench.json` holds. */
export interface BenchResults {
  generatedAt: string;
  machine: { node: string; cpus: number; platform: string; loadAverage: number[] };
  settings: { duration: number; runs: number; connections: number; warmup: number; startupRuns: number };
  /** Median figures (and worst round's p99) per server key (`L`, `E`, `C`, `M`, `sim@<profile>`) and request. */
  load: Record<string, Record<RequestName, LoadSummary>>;
  /** Profile of the side-by-side comparison (the smallest growth profile). */
  compareProfile?: string;
  /** Simulator throughput / each baseline's throughput, per request. */
  ratios?: Record<RequestName, Record<BaselineKey, number>>;
  /**
   * `rm-harness serve` children, default settings (log on) and `--quiet`, beside the baselines: req/s
   * and ratios per request (the throughput section).
   */
  throughput?: ThroughputFigures;
  /** p99 of the largest store / p99 of the smallest, per request. */
  growth?: { from: string; to: string; p99Ratio: Record<RequestName, number> };
  startup: StartupFigures[];
  /** `rm-harness seed --profile <large>`: every tenant and region at once. */
  seedAll?: SeedAllFigures;
  runner?: RunnerFigures;
  /** `rm-harness --help` and `serve`'s first answer, compiled (installed package) and through tsx. */
  cliStartup?: CliStartupFigures;
  /** The store's checksums: their share of write time and of opening a large store. */
  storeChecksums?: StoreChecksumFigures;
  targets: TargetCheck[];
}
