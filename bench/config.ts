/** Settings of `npm run bench`, each overridable by an environment variable so a run stays bounded. */
export interface BenchConfig {
  /** Seconds of load per measurement (BENCH_DURATION). */
  duration: number;
  /** Repeated measurements whose median is reported (BENCH_RUNS). */
  runs: number;
  /** Concurrent connections of the load generator (BENCH_CONNECTIONS). */
  connections: number;
  /** Seconds of unrecorded warm-up load before each server's measurements (BENCH_WARMUP). */
  warmup: number;
  /**
   * Sections to run, comma-separated (BENCH_SECTIONS): throughput, growth, startup, seeding, runner, cli-startup, fault-isolation, many-tenants,
   * store-checksums, hostile (every flood: the simulator's and the proxy's), hostile-proxy, log-cost,
   * replicas (throughput through nginx to 1, 2 and 3 replicas; skipped without nginx), soak (20 tenants
   * under a mixed load until their events grew tenfold: minutes), suite
   * (`npm test`, minutes: leave it out for a quick run, and its target reads "not measured in this run").
   */
  sections: ReadonlySet<string>;
  /** Profiles of the growth section, smallest first (BENCH_GROWTH_PROFILES). */
  growthProfiles: readonly string[];
  /** Profile of the seeding and start-up section (BENCH_LARGE_PROFILE). */
  largeProfile: string;
  /** Tenants of the many-tenants section (BENCH_TENANTS, default 1,000; fewer are reported, not judged). */
  manyTenants: number;
  /** Repetitions of the seeding and start-up measurements (BENCH_STARTUP_RUNS). */
  startupRuns: number;
  /** Where the reports go (BENCH_REPORT_DIR). */
  reportDir: string;
}

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}

function listEnv(name: string, fallback: readonly string[]): string[] {
  const raw = process.env[name];
  return raw
    ? raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [...fallback];
}

/** The bench settings from the environment. */
export function benchConfig(): BenchConfig {
  return {
    duration: numberEnv('BENCH_DURATION', 3),
    runs: Math.round(numberEnv('BENCH_RUNS', 3)),
    connections: Math.round(numberEnv('BENCH_CONNECTIONS', 10)),
    warmup: numberEnv('BENCH_WARMUP', 1),
    sections: new Set(
      listEnv('BENCH_SECTIONS', [
        'throughput',
        'growth',
        'startup',
        'seeding',
        'runner',
        'cli-startup',
        'store-checksums',
        'hostile',
        'log-cost',
        'fault-isolation',
        'many-tenants',
        'replicas',
        'soak',
        'suite',
      ]),
    ),
    growthProfiles: listEnv('BENCH_GROWTH_PROFILES', ['bench-1k', 'bench-10k', 'large']),
    largeProfile: process.env['BENCH_LARGE_PROFILE'] || 'large',
    manyTenants: Math.round(numberEnv('BENCH_TENANTS', 1000)),
    startupRuns: Math.round(numberEnv('BENCH_STARTUP_RUNS', 3)),
    reportDir: process.env['BENCH_REPORT_DIR'] || 'reports',
  };
}
