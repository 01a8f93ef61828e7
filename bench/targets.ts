/**
 * The targets of issue 33 ("At the floor") and the earlier ones still kept, judged against the figures one
 * bench run measured. A section provides its figures by name (see {@link FIGURES}); a target whose figure
 * is absent (its section was selected out, or did not run) is "not measured in this run", never "holds".
 */

/** The figures the targets read, by name, and which section provides each. */
export const FIGURES = {
  /** By-id read, simulator started as `serve` with its defaults (request log on): req/s ÷ (E)'s req/s. */
  readDefaultOfE: 'throughput',
  /** By-id read, `serve` with its defaults: req/s ÷ (F)'s req/s (fastify + mercurius + graphql-jit). */
  readDefaultOfF: 'throughput',
  /** By-id read, simulator as `serve --quiet` (`startServer` defaults): req/s ÷ (E)'s req/s. */
  readQuietOfE: 'throughput',
  /** `serve --port 0 --in-memory` to its first answer, compiled `dist/` (the installed package), ms. */
  firstAnswerInstalledMs: 'cli-startup',
  /** The same through `node bin/rm-harness.js` in the checkout (what `npm start` runs), ms. */
  firstAnswerCheckoutMs: 'cli-startup',
  /** `rm-harness --help`, compiled `dist/`, process start to exit, ms. */
  helpInstalledMs: 'cli-startup',
  /** `rm-harness --help` through `node bin/rm-harness.js` in the checkout, ms. */
  helpCheckoutMs: 'cli-startup',
  /** `seed --profile large` (every tenant and region), wall ms. */
  seedLargeMs: 'seeding',
  /** The same, peak RSS of the process with its workers, MB. */
  seedLargePeakRssMb: 'seeding',
  /** `fuzz --runs 300 --version all` against the in-process simulator: operations ÷ wall seconds. */
  fuzzOpsPerSecond: 'runner',
  /** `conform --target sim --version all`, wall ms. */
  conformMs: 'runner',
  /** `npm run conform:ci` (the gate: every scenario run and rule verification), wall ms. */
  gateMs: 'runner',
  /** 1 when the gate passed, 0 when it failed. */
  gatePassed: 'runner',
  /** `npm test` (the README's test command, the gate included), wall ms. */
  suiteMs: 'suite',
  /** 1 when `npm test` passed, 0 when it failed. */
  suitePassed: 'suite',
  /** 1 − median req/s with the request log on ÷ median req/s with it off. */
  logCost: 'log-cost',
  /** p99 of each request on the 100k store ÷ its p99 on the 1k store. */
  growthReadP99Ratio: 'growth',
  growthSearchP99Ratio: 'growth',
  growthMutationP99Ratio: 'growth',
  growthTermSearchP99Ratio: 'growth',
  growthPageP99Ratio: 'growth',
  growthMembersP99Ratio: 'growth',
  growthEventPageP99Ratio: 'growth',
  growthEventPollP99Ratio: 'growth',
  /** CPU µs per request of the soak's mixed load once the events grew tenfold ÷ the same at its start. */
  soakCpuPerRequestRatio: 'soak',
  /** Another tenant's read req/s with fault rules set for the first tenant ÷ the same with no rules. */
  faultIsolationRatio: 'fault-isolation',
  /** Peak RSS of `serve` (default budgets) once 1,000 default-profile tenants were each read once, MB. */
  manyTenantsPeakRssMb: 'many-tenants',
  /** Share of those tenants whose next read answered as their first. */
  manyTenantsAnsweredShare: 'many-tenants',
  /** Kept from earlier rounds: one 100k-contact store seeded by `seed --tenant --region`, ms. */
  storeSeedLargeMs: 'startup',
  /** `startServer({ dataDir })` on the 100k store plus its first request, ms. */
  startupLargeMs: 'startup',
  /** The store's checksums: share of write time, and of opening and first reading the large store. */
  checksumWriteShare: 'store-checksums',
  checksumOpenShare: 'store-checksums',
  // Shown beside the judged figures, never judged: the baseline's and the simulator's own figures, and CPU
  // time (user + system), which a loaded machine inflates far less than wall time.
  /** By-id read req/s of (E), of `serve` with defaults and of `serve --quiet`. */
  readERps: 'throughput',
  /** By-id read req/s of (F). */
  readFRps: 'throughput',
  readDefaultRps: 'throughput',
  readQuietRps: 'throughput',
  firstAnswerInstalledCpuMs: 'cli-startup',
  firstAnswerCheckoutCpuMs: 'cli-startup',
  helpInstalledCpuMs: 'cli-startup',
  helpCheckoutCpuMs: 'cli-startup',
  fuzzCpuMs: 'runner',
  conformCpuMs: 'runner',
  gateCpuMs: 'runner',
  suiteCpuMs: 'suite',
} as const;

/** The name of a figure a target reads. */
export type FigureName = keyof typeof FIGURES;

/** The figures of one run; a missing one was not measured. */
export type Figures = Partial<Record<FigureName, number>>;

/** What one run concluded about a target. */
export type Verdict = 'holds' | 'does not hold' | 'not measured in this run';

/** One limit: a figure at most (`max`) or at least (`min`) a value. */
export interface Limit {
  figure: FigureName;
  bound: 'max' | 'min';
  value: number;
}

/** A target as the issue states it. */
export interface TargetSpec {
  /** Stable name (bench.json, docs). */
  id: string;
  /** What is measured. */
  target: string;
  /** Every limit must hold. */
  limits: readonly Limit[];
  /** The threshold as the table shows it. */
  threshold: string;
  /** The figure(s) as the table shows them (called only when every judged figure is there). */
  show: (figures: Figures) => string;
}

/** Conditions a section was measured under. */
export interface Conditions {
  node: string;
  cores: number;
  /** 1-minute load average when the section started. */
  loadAverage: number;
}

/** A judged target: one row of the table. */
export interface TargetRow {
  id: string;
  target: string;
  figure: string;
  threshold: string;
  verdict: Verdict;
  /** Node version, cores, load average at the start of the section; absent when not measured. */
  conditions?: Conditions;
}

const pct = (r = NaN) => `${(r * 100).toFixed(0)}%`;
const seconds = (ms = NaN, digits = 2) => `${(ms / 1000).toFixed(digits)} s`;
const times = (r = NaN) => `${r.toFixed(2)}×`;
const rps = (r = NaN) => `${Math.round(r).toLocaleString('en-US')} req/s`;
/** A judged time with its CPU time beside it, when measured. */
const withCpu = (ms: number | undefined, cpuMs: number | undefined, digits = 2) =>
  cpuMs === undefined ? seconds(ms, digits) : `${seconds(ms, digits)} (CPU ${seconds(cpuMs, digits)})`;
/** A share of (E) with both req/s figures beside it, when measured. */
const share = (r: number | undefined, own: number | undefined, e: number | undefined) =>
  own === undefined || e === undefined ? `${pct(r)} of (E)` : `${pct(r)} of (E): ${rps(own)} vs ${rps(e)}`;

/** The targets, in the issue's order, then the ones kept from earlier rounds. */
/** A target that a time must stay under, shown with the CPU time measured beside it. */
const timeTarget = (
  id: string,
  target: string,
  figure: FigureName,
  cpuFigure: FigureName,
  maxMs: number,
  digits = 2,
): TargetSpec => ({
  id,
  target,
  limits: [{ figure, bound: 'max', value: maxMs }],
  threshold: `≤ ${maxMs / 1000} s`,
  show: (f) => withCpu(f[figure], f[cpuFigure], digits),
});

export const TARGETS: readonly TargetSpec[] = [
  {
    id: 'read-default',
    target: 'by-id read, default `npm start` settings (request log on), share of (E)',
    limits: [{ figure: 'readDefaultOfE', bound: 'min', value: 0.8 }],
    threshold: '≥ 80% of (E)',
    show: (f) => share(f.readDefaultOfE, f.readDefaultRps, f.readERps),
  },
  {
    id: 'read-default-of-mercurius',
    target:
      'by-id read, default `npm start` settings, share of (F) fastify + mercurius + graphql-jit, and never below (E)',
    limits: [
      { figure: 'readDefaultOfF', bound: 'min', value: 0.6 },
      { figure: 'readDefaultOfE', bound: 'min', value: 1 },
    ],
    threshold: '≥ 60% of (F) and ≥ 100% of (E)',
    show: (f) =>
      f.readDefaultRps === undefined || f.readFRps === undefined
        ? `${pct(f.readDefaultOfF)} of (F)`
        : `${pct(f.readDefaultOfF)} of (F): ${rps(f.readDefaultRps)} vs ${rps(f.readFRps)}; ${pct(f.readDefaultOfE)} of (E)`,
  },
  {
    id: 'read-quiet',
    target: 'by-id read, `--quiet`, share of (E)',
    limits: [{ figure: 'readQuietOfE', bound: 'min', value: 0.9 }],
    threshold: '≥ 90% of (E)',
    show: (f) => share(f.readQuietOfE, f.readQuietRps, f.readERps),
  },
  timeTarget(
    'first-answer-installed',
    'first answer, installed package (`dist/`, no compile cache), `serve --port 0`, default profile',
    'firstAnswerInstalledMs',
    'firstAnswerInstalledCpuMs',
    1000,
  ),
  timeTarget(
    'first-answer-checkout',
    'first answer, `npm start` in a checkout (`bin/rm-harness.js`)',
    'firstAnswerCheckoutMs',
    'firstAnswerCheckoutCpuMs',
    1500,
  ),
  timeTarget(
    'help-checkout',
    '`rm-harness --help` in a checkout',
    'helpCheckoutMs',
    'helpCheckoutCpuMs',
    300,
  ),
  timeTarget('help-installed', '`rm-harness --help` installed', 'helpInstalledMs', 'helpInstalledCpuMs', 300),
  {
    id: 'seed-large',
    target: '`seed --profile large` (6 × 100k-contact stores)',
    limits: [
      { figure: 'seedLargeMs', bound: 'max', value: 20_000 },
      { figure: 'seedLargePeakRssMb', bound: 'max', value: 1200 },
    ],
    threshold: '≤ 20 s and ≤ 1.2 GB',
    show: (f) => `${seconds(f.seedLargeMs, 1)}, ${Math.round(f.seedLargePeakRssMb ?? NaN)} MB`,
  },
  {
    id: 'fuzz-throughput',
    target: '`fuzz --runs 300 --version all`, operations per second of wall time',
    limits: [{ figure: 'fuzzOpsPerSecond', bound: 'min', value: 1000 }],
    threshold: '≥ 1,000 operations/s',
    show: (f) =>
      `${Math.round(f.fuzzOpsPerSecond ?? NaN).toLocaleString('en-US')} operations/s${f.fuzzCpuMs === undefined ? '' : ` (CPU ${seconds(f.fuzzCpuMs, 1)})`}`,
  },
  timeTarget('conform-sim', '`conform --target sim --version all`', 'conformMs', 'conformCpuMs', 5000, 1),
  {
    id: 'gate',
    target: 'the gate, `npm run conform:ci` (every scenario run + rule verification)',
    limits: [
      { figure: 'gateMs', bound: 'max', value: 10_000 },
      { figure: 'gatePassed', bound: 'min', value: 1 },
    ],
    threshold: '≤ 10 s, passing',
    show: (f) => `${withCpu(f.gateMs, f.gateCpuMs, 1)}${f.gatePassed === 1 ? '' : ', FAILED'}`,
  },
  {
    id: 'npm-test',
    target: "`npm test` (the README's test command)",
    limits: [
      { figure: 'suiteMs', bound: 'max', value: 360_000 },
      { figure: 'suitePassed', bound: 'min', value: 1 },
    ],
    threshold: '≤ 6 min, passing',
    show: (f) =>
      `${((f.suiteMs ?? NaN) / 60_000).toFixed(1)} min${f.suiteCpuMs === undefined ? '' : ` (CPU ${((f.suiteCpuMs ?? NaN) / 60_000).toFixed(1)} min)`}${f.suitePassed === 1 ? '' : ', FAILED'}`,
  },
  {
    id: 'log-cost',
    target: 'request log on vs off, throughput cost',
    limits: [{ figure: 'logCost', bound: 'max', value: 0.05 }],
    threshold: '≤ 5%',
    show: (f) => `${((f.logCost ?? NaN) * 100).toFixed(1)}%`,
  },
  ...(['read', 'search', 'termSearch', 'page', 'members', 'eventPage', 'eventPoll', 'mutation'] as const).map(
    (name): TargetSpec => {
      const figure = `growth${name[0]!.toUpperCase()}${name.slice(1)}P99Ratio` as FigureName;
      return {
        id: `growth-${name}`,
        target: `${name}: p99 on the 100k store ÷ p99 on the 1k store`,
        limits: [{ figure, bound: 'max', value: 2 }],
        threshold: '≤ 2×',
        show: (f) => times(f[figure]),
      };
    },
  ),
  {
    id: 'soak',
    target: 'soak: CPU per request with ten times the seeded events ÷ at the start (20 tenants, mixed load)',
    limits: [{ figure: 'soakCpuPerRequestRatio', bound: 'max', value: 1.2 }],
    threshold: '≤ 1.2×',
    show: (f) => times(f.soakCpuPerRequestRatio),
  },
  {
    id: 'fault-isolation',
    target: "fault rules for one tenant: another tenant's read throughput ÷ the same with no rules",
    limits: [{ figure: 'faultIsolationRatio', bound: 'min', value: 0.9 }],
    threshold: '≥ 90%',
    show: (f) => `${((f.faultIsolationRatio ?? NaN) * 100).toFixed(0)}%`,
  },
  {
    id: 'many-tenants',
    target:
      '1,000 tenants (default profile, one region) each read once: peak RSS of `serve`, every tenant answering again',
    limits: [
      { figure: 'manyTenantsPeakRssMb', bound: 'max', value: 1024 },
      { figure: 'manyTenantsAnsweredShare', bound: 'min', value: 1 },
    ],
    threshold: '< 1 GB, all',
    show: (f) =>
      `${(f.manyTenantsPeakRssMb ?? NaN).toFixed(0)} MB, ${((f.manyTenantsAnsweredShare ?? NaN) * 100).toFixed(0)}% answered`,
  },
  {
    id: 'store-seed-large',
    target: 'one 100k-contact store seeded by `seed --tenant --region`',
    limits: [{ figure: 'storeSeedLargeMs', bound: 'max', value: 10_000 }],
    threshold: '≤ 10 s',
    show: (f) => seconds(f.storeSeedLargeMs, 1),
  },
  {
    id: 'startup-large',
    target: 'start-up on the 100k store (`startServer({ dataDir })` + first request)',
    limits: [{ figure: 'startupLargeMs', bound: 'max', value: 3000 }],
    threshold: '≤ 3 s',
    show: (f) => seconds(f.startupLargeMs),
  },
  {
    id: 'checksums',
    target: "the store's checksums, share of write time / of opening and first reading the 100k store",
    limits: [
      { figure: 'checksumWriteShare', bound: 'max', value: 0.05 },
      { figure: 'checksumOpenShare', bound: 'max', value: 0.05 },
    ],
    threshold: '≤ 5% each',
    show: (f) =>
      `${((f.checksumWriteShare ?? NaN) * 100).toFixed(1)}% / ${((f.checksumOpenShare ?? NaN) * 100).toFixed(1)}%`,
  },
];

/** Whether one figure meets one limit; undefined when the figure was not measured. */
function meets(limit: Limit, figures: Figures): boolean | undefined {
  const value = figures[limit.figure];
  if (value === undefined || !Number.isFinite(value)) return undefined;
  return limit.bound === 'max' ? value <= limit.value : value >= limit.value;
}

/**
 * The verdict on a target: not measured when any of its figures is absent; otherwise holds when every
 * limit holds.
 */
export function verdictOf(spec: Pick<TargetSpec, 'limits'>, figures: Figures): Verdict {
  const results = spec.limits.map((limit) => meets(limit, figures));
  if (results.some((r) => r === undefined)) return 'not measured in this run';
  return results.every(Boolean) ? 'holds' : 'does not hold';
}

/**
 * Judges every target against `figures`; `conditionsOf(section)` gives the conditions a section ran
 * under (undefined when it did not run).
 */
export function checkTargets(
  figures: Figures,
  conditionsOf: (section: string) => Conditions | undefined,
  specs: readonly TargetSpec[] = TARGETS,
): TargetRow[] {
  return specs.map((spec) => {
    const verdict = verdictOf(spec, figures);
    const conditions = conditionsOf(FIGURES[spec.limits[0]!.figure]);
    return {
      id: spec.id,
      target: spec.target,
      figure: verdict === 'not measured in this run' ? '—' : spec.show(figures),
      threshold: spec.threshold,
      verdict,
      ...(verdict !== 'not measured in this run' && conditions ? { conditions } : {}),
    };
  });
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The conditions as one table cell. */
export function conditionsText(c: Conditions | undefined): string {
  if (!c) return '';
  const loaded = c.loadAverage >= c.cores ? ' (loaded: other work held the cores)' : '';
  return `Node ${c.node}, ${c.cores} cores, load ${c.loadAverage.toFixed(1)}${loaded}`;
}

/** The targets as a Markdown table. */
export function targetsTable(rows: readonly TargetRow[]): string[] {
  return [
    '| target | figure | threshold | verdict | conditions |',
    '| --- | ---: | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${cell(r.target)} | ${r.figure} | ${r.threshold} | ${r.verdict === 'does not hold' ? '**does not hold**' : r.verdict} | ${conditionsText(r.conditions)} |`,
    ),
  ];
}

/** The targets as plain lines for the console: one per target, with the load its section started under. */
export function targetLines(rows: readonly TargetRow[]): string[] {
  return rows.map((r) => {
    const figure = r.figure === '—' ? '' : `${r.figure} `;
    const load = r.conditions
      ? ` [load ${r.conditions.loadAverage.toFixed(1)}, ${r.conditions.cores} cores]`
      : '';
    return `${r.verdict.padEnd(24)} ${r.id.padEnd(24)} ${figure}(${r.threshold})${load}`;
  });
}
