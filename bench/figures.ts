/**
 * The named figures the targets read (bench/targets.ts), taken from what the sections measured. A
 * section that did not run leaves its figures out, and its targets read "not measured in this run".
 */
import type { BenchResults } from './results.js';
import type { Figures } from './targets.js';

/**
 * Load-table keys of the throughput section the targets read, for the compared profile `p`: (E) is `E`;
 * the simulator started as `serve` with its defaults (request log on, JSON lines to a pipe) is
 * `serve@<p>`; as `serve --quiet`, `serve-quiet@<p>`, else `sim@<p>` (`startServer`'s defaults, the same
 * settings).
 */
export const LOAD_KEYS = {
  express: 'E',
  mercurius: 'F',
  serveDefault: (p: string) => `serve@${p}`,
  serveQuiet: (p: string) => `serve-quiet@${p}`,
  startServer: (p: string) => `sim@${p}`,
} as const;

type Input = Omit<BenchResults, 'targets' | 'figures' | 'conditions'>;

/** Sets `figures[name]` when `value` is a finite number. */
function put(figures: Figures, name: keyof Figures, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) figures[name] = value;
}

/** Every figure `results` holds, by name. */
export function figuresOf(results: Input): Figures {
  const f: Figures = {};
  const p = results.compareProfile;
  if (p !== undefined) {
    const e = results.load[LOAD_KEYS.express]?.read.rps;
    const def = results.load[LOAD_KEYS.serveDefault(p)]?.read.rps;
    const quiet = (results.load[LOAD_KEYS.serveQuiet(p)] ?? results.load[LOAD_KEYS.startServer(p)])?.read.rps;
    const mercurius = results.load[LOAD_KEYS.mercurius]?.read.rps;
    put(f, 'readERps', e);
    put(f, 'readFRps', mercurius);
    if (mercurius !== undefined && mercurius > 0)
      put(f, 'readDefaultOfF', def === undefined ? undefined : def / mercurius);
    put(f, 'readDefaultRps', def);
    put(f, 'readQuietRps', quiet);
    if (e !== undefined && e > 0) {
      put(f, 'readDefaultOfE', def === undefined ? undefined : def / e);
      put(f, 'readQuietOfE', quiet === undefined ? undefined : quiet / e);
    }
  }
  for (const path of results.cliStartup?.paths ?? []) {
    const installed = path.name === 'dist';
    put(f, installed ? 'firstAnswerInstalledMs' : 'firstAnswerCheckoutMs', path.firstAnswerMs);
    put(f, installed ? 'firstAnswerInstalledCpuMs' : 'firstAnswerCheckoutCpuMs', path.firstAnswerCpuMs);
    put(f, installed ? 'helpInstalledMs' : 'helpCheckoutMs', path.helpMs);
    put(f, installed ? 'helpInstalledCpuMs' : 'helpCheckoutCpuMs', path.helpCpuMs);
  }
  if (results.seedAll) {
    put(f, 'seedLargeMs', results.seedAll.ms);
    put(f, 'seedLargePeakRssMb', results.seedAll.peakRssMb);
  }
  if (results.runner?.measured) {
    put(f, 'conformMs', results.runner.wallMs);
    put(f, 'conformCpuMs', results.runner.cpuMs);
  }
  if (results.fuzz?.measured) {
    put(f, 'fuzzOpsPerSecond', results.fuzz.opsPerSecond);
    put(f, 'fuzzCpuMs', results.fuzz.cpuMs);
  }
  // A gate or suite that fails is not one passed in time: its target reads "does not hold" (passed 0).
  if (results.gate?.measured) {
    put(f, 'gateMs', results.gate.wallMs);
    put(f, 'gateCpuMs', results.gate.cpuMs);
    put(f, 'gatePassed', results.gate.passed ? 1 : 0);
  }
  if (results.suite) {
    put(f, 'suiteMs', results.suite.wallMs);
    put(f, 'suiteCpuMs', results.suite.cpuMs);
    put(f, 'suitePassed', results.suite.passed ? 1 : 0);
  }
  put(f, 'logCost', results.logCost?.cost);
  const large = results.startup.find((s) => s.profile === results.largeProfile);
  put(f, 'storeSeedLargeMs', large?.seedMs);
  put(f, 'startupLargeMs', large?.startMs);
  const c = results.storeChecksums;
  if (c) {
    put(f, 'checksumWriteShare', c.writeCrcMs / c.writeMs);
    put(f, 'checksumOpenShare', c.snapshotCrcMs / c.openReadAllMs);
  }
  if (results.growth) {
    put(f, 'growthReadP99Ratio', results.growth.p99Ratio.read);
    put(f, 'growthSearchP99Ratio', results.growth.p99Ratio.search);
    put(f, 'growthMutationP99Ratio', results.growth.p99Ratio.mutation);
    put(f, 'growthTermSearchP99Ratio', results.growth.p99Ratio.termSearch);
    put(f, 'growthPageP99Ratio', results.growth.p99Ratio.page);
    put(f, 'growthMembersP99Ratio', results.growth.p99Ratio.members);
    put(f, 'growthEventPageP99Ratio', results.growth.p99Ratio.eventPage);
    put(f, 'growthEventPollP99Ratio', results.growth.p99Ratio.eventPoll);
  }
  if (results.faultIsolation) put(f, 'faultIsolationRatio', results.faultIsolation.ratio);
  // Fewer tenants than a thousand (BENCH_TENANTS) are reported, not judged.
  if (results.manyTenants && results.manyTenants.tenants >= 1000) {
    put(f, 'manyTenantsPeakRssMb', results.manyTenants.peakRssMb);
    put(f, 'manyTenantsAnsweredShare', results.manyTenants.answeredAgain / results.manyTenants.tenants);
  }
  // A shorter soak (BENCH_SOAK_GROWTH below 10) is reported, not judged.
  if (results.soak && results.soak.growthFactor >= 10)
    put(f, 'soakCpuPerRequestRatio', results.soak.cpuPerRequestRatio);
  return f;
}
