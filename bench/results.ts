import type { BaselineKey } from './baselines.js';
import type { BenchRequestName, RequestName } from './queries.js';
import type { LoadTable } from './sections/load-phase.js';
import type { CliStartupFigures } from './sections/cli-startup.js';
import type { LogCostFigures } from './sections/log-cost.js';
import type { FuzzFigures, GateFigures, RunnerFigures } from './sections/runner.js';
import type { SeedAllFigures } from './sections/seeding.js';
import type { StartupFigures } from './sections/startup.js';
import type { StoreChecksumFigures } from './sections/store-checksums.js';
import type { FaultIsolationFigures } from './sections/fault-isolation.js';
import type { ManyTenantsFigures } from './sections/many-tenants.js';
import type { SoakFigures } from './sections/soak.js';
import type { SuiteFigures } from './sections/suite.js';
import type { Conditions, Figures, TargetRow } from './targets.js';
import type { ThroughputFigures } from './throughput.js';

/** Everything `reports/bench.json` holds. */
export interface BenchResults {
  generatedAt: string;
  machine: { node: string; cpus: number; platform: string; loadAverage: number[] };
  settings: { duration: number; runs: number; connections: number; warmup: number; startupRuns: number };
  /** Median figures (and worst round's p99) per server key (`L`, `E`, `C`, `M`, `sim@<profile>`) and request. */
  load: LoadTable;
  /** Profile of the side-by-side comparison (the smallest growth profile). */
  compareProfile?: string;
  /** Simulator throughput / each baseline's throughput, per request. */
  ratios?: Record<RequestName, Record<BaselineKey, number>>;
  /**
   * `rm-harness serve` children, default settings (log on) and `--quiet`, beside the baselines: req/s
   * and ratios per request (the throughput section).
   */
  throughput?: ThroughputFigures;
  /** p99 of the largest store / p99 of the smallest, per request (every read a partner polls or searches with). */
  growth?: { from: string; to: string; p99Ratio: Partial<Record<BenchRequestName, number>> };
  /** CPU per request of a mixed load over many tenants at the start and once the events have grown (soak). */
  soak?: SoakFigures;
  /** Another tenant's read throughput with fault rules set for the first tenant, against none (fault-isolation). */
  faultIsolation?: FaultIsolationFigures;
  /** A thousand tenants read once through `serve` with its default budgets: RSS and answers (many-tenants). */
  manyTenants?: ManyTenantsFigures;
  startup: StartupFigures[];
  /** `rm-harness seed --profile <large>`: every tenant and region at once. */
  seedAll?: SeedAllFigures;
  runner?: RunnerFigures;
  /** `rm-harness --help` and `serve`'s first answer, compiled (installed package) and through tsx. */
  cliStartup?: CliStartupFigures;
  /** The store's checksums: their share of write time and of opening a large store. */
  storeChecksums?: StoreChecksumFigures;
  /** Profile of the start-up section's large store (BENCH_LARGE_PROFILE). */
  largeProfile: string;
  /** `fuzz --runs 300 --version all` (runner section). */
  fuzz?: FuzzFigures;
  /** `npm run conform:ci` (runner section). */
  gate?: GateFigures;
  /** `npm test` (suite section). */
  suite?: SuiteFigures;
  /** Request log on vs off (log-cost section). */
  logCost?: LogCostFigures;
  /** The conditions each section that ran started under, by section. */
  conditions: Record<string, Conditions>;
  /** The named figures the targets read (bench/figures.ts). */
  figures: Figures;
  /** Every target, judged. */
  targets: TargetRow[];
}
