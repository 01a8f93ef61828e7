import { mkdirSync, writeFileSync } from 'node:fs';
import { throughputLines } from './throughput.js';
import { join } from 'node:path';
import { BASELINES } from './baselines.js';
import { GROWTH_REQUEST_NAMES, REQUEST_LABELS, REQUEST_NAMES } from './queries.js';
import type { BenchResults } from './results.js';
import { targetsTable } from './targets.js';

const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a';
const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

function loadTable(results: BenchResults): string[] {
  const keys = Object.keys(results.load);
  if (keys.length === 0) return [];
  const lines = [
    '### Throughput and latency',
    '',
    `autocannon, ${results.settings.connections} connections, ${results.settings.duration} s per measurement, ` +
      `median of ${results.settings.runs} interleaved rounds (each round starting with the next request in ` +
      'turn); servers in their own processes on 127.0.0.1, ' +
      'the ones not being measured frozen (SIGSTOP); in every round each server gets 3 s of idle (the ' +
      `garbage collection its timers held back) and ${results.settings.warmup} s of unrecorded load before ` +
      'its measurements.',
    '',
    row(['request', 'server', 'req/s', 'p50 ms', 'p99 ms', 'p99 worst round ms', 'errors']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const name of GROWTH_REQUEST_NAMES) {
    for (const key of keys) {
      const r = results.load[key]![name];
      if (!r) continue;
      const cells = [fmt(r.rps), fmt(r.p50, 1), fmt(r.p99, 1), fmt(r.p99Worst, 1), r.errors];
      lines.push(row([REQUEST_LABELS[name], key, ...cells]));
    }
  }
  if (results.ratios) {
    lines.push('', ...BASELINES.map((b) => `- ${b.label}`), '');
    lines.push(row(['request', ...BASELINES.map((b) => `sim / ${b.key}`)]));
    lines.push(row(['---', ...BASELINES.map(() => '---:')]));
    for (const name of REQUEST_NAMES) {
      const r = results.ratios[name];
      lines.push(row([name, ...BASELINES.map((b) => `${fmt(r[b.key] * 100)}%`)]));
    }
  }
  if (results.growth) {
    const g = results.growth;
    lines.push('', row(['request', `p99 ${g.to} / p99 ${g.from}`]), row(['---', '---:']));
    for (const name of GROWTH_REQUEST_NAMES) {
      const r = g.p99Ratio[name];
      if (r !== undefined) lines.push(row([`${name}: ${REQUEST_LABELS[name]}`, fmt(r, 2)]));
    }
  }
  return lines;
}

function seedAllLines(results: BenchResults): string[] {
  const s = results.seedAll;
  if (!s) return [];
  return [
    '',
    `\`rm-harness seed --profile ${s.profile}\` (all ${s.stores} stores, every tenant and region, ${s.jobs} worker ` +
      `threads; fresh child process, median of ${results.settings.startupRuns}): ${fmt(s.ms / 1000, 1)} s wall, ` +
      `peak RSS ${fmt(s.peakRssMb)} MB (the process with its workers).`,
  ];
}

function startupTable(results: BenchResults): string[] {
  if (results.startup.length === 0) return seedAllLines(results);
  const lines = [
    '### Seeding and start-up',
    '',
    `Each in a fresh child process, median of ${results.settings.startupRuns}; seeding writes one (tenant, ` +
      'region) store file into a fresh data dir; start-up is ' +
      '`startServer({ dataDir })` plus the first request (which opens the store: reads the file, parses its ' +
      'first and last lines and the collections the request touches); the other collections stay bytes outside ' +
      'the JS heap, and the live heap column is what the JS heap holds after that request and a full GC.',
    '',
    row([
      'profile',
      'contacts',
      'seed s',
      'seed peak RSS MB',
      'start-up s',
      'of which load on 1st request s',
      'live heap after 1st request MB',
      'start peak RSS MB',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const s of results.startup) {
    lines.push(
      row([
        s.profile,
        fmt(s.contacts),
        fmt(s.seedMs / 1000, 1),
        fmt(s.seedPeakRssMb),
        fmt(s.startMs / 1000, 2),
        fmt(s.firstRequestMs / 1000, 2),
        fmt(s.liveHeapMb),
        fmt(s.startPeakRssMb),
      ]),
    );
  }
  return [...lines, ...seedAllLines(results)];
}

function runnerLines(results: BenchResults): string[] {
  const r = results.runner;
  const lines: string[] = [];
  if (r && !r.measured) lines.push(`\`conform --target sim --version all\` not measured: ${r.reason}`);
  if (r?.measured)
    lines.push(
      `\`rm-harness conform --target sim --version all\` (child process, in-process simulator): ` +
        `${fmt(r.wallMs / 1000, 1)} s wall${r.cpuMs === undefined ? '' : `, CPU ${fmt(r.cpuMs / 1000, 1)} s`}, for ` +
        `${r.scenarioRuns} scenario runs / ${r.steps} steps ` +
        `(${r.conforms ? 'conforms' : 'does not conform'}); fixed cost (one scenario) ${fmt(r.fixedMs / 1000, 1)} s; ` +
        `per-step overhead ${fmt(r.perStepMs, 1)} ms.`,
    );
  const f = results.fuzz;
  if (f && !f.measured) lines.push(`\`fuzz\` not measured: ${f.reason}`);
  if (f?.measured)
    lines.push(
      `\`rm-harness fuzz --target sim --runs 300 --version all --seed ${f.seed}\`: ${fmt(f.operations)} operations in ` +
        `${fmt(f.wallMs / 1000, 1)} s wall${f.cpuMs === undefined ? '' : ` (CPU ${fmt(f.cpuMs / 1000, 1)} s)`}, ` +
        `${fmt(f.opsPerSecond)} operations/s.`,
    );
  const g = results.gate;
  if (g && !g.measured) lines.push(`The gate not measured: ${g.reason}`);
  if (g?.measured)
    lines.push(
      `The gate, \`npm run conform:ci\`: ${fmt(g.wallMs / 1000, 1)} s wall` +
        `${g.cpuMs === undefined ? '' : ` (CPU ${fmt(g.cpuMs / 1000, 1)} s)`}, ${g.passed ? 'passed' : `FAILED (exit ${g.code})`}.`,
    );
  const t = results.suite;
  if (t)
    lines.push(
      `\`npm test\`: ${fmt(t.wallMs / 60_000, 1)} min wall` +
        `${t.cpuMs === undefined ? '' : ` (CPU ${fmt(t.cpuMs / 60_000, 1)} min)`}, ${t.passed ? 'passed' : 'FAILED'}.`,
    );
  return lines.length === 0
    ? []
    : ['### Conformance runner, fuzzer, gate and test suite', '', ...lines.flatMap((l) => [l, ''])];
}

function cliStartupLines(results: BenchResults): string[] {
  const c = results.cliStartup;
  if (!c) return [];
  const cpu = (ms: number | undefined) => (ms === undefined ? '' : fmt(ms, 0));
  return [
    '### CLI start-up',
    '',
    `Median of ${c.runs} runs, wall and CPU (user + system of the process and its children); \`dist\` is ` +
      'what the installed package runs (`node dist/cli/main.js`, no compile cache), `checkout` is ' +
      '`node bin/rm-harness.js --help` and `npm start -- --port 0 --in-memory` in the checkout.',
    '',
    row(['path', '`--help` ms', 'CPU ms', '`serve` to first answer ms', 'CPU ms']),
    row(['---', '---:', '---:', '---:', '---:']),
    ...c.paths.map((p) =>
      row([p.name, fmt(p.helpMs, 0), cpu(p.helpCpuMs), fmt(p.firstAnswerMs, 0), cpu(p.firstAnswerCpuMs)]),
    ),
  ];
}

function storeChecksumLines(results: BenchResults): string[] {
  const c = results.storeChecksums;
  if (!c) return [];
  return [
    '### Store checksums',
    '',
    'The CRC-32 work timed on its own against the whole operation (in process, medians; no A/B switch).',
    '',
    row(['operation', 'whole (ms)', 'checksums (ms)', 'share']),
    row(['---', '---', '---', '---']),
    row([
      `${c.writes} writes, 32 in flight`,
      fmt(c.writeMs, 0),
      fmt(c.writeCrcMs, 1),
      `${fmt((c.writeCrcMs / c.writeMs) * 100, 1)}%`,
    ]),
    row([`open ${c.profile} (${fmt(c.snapshotMb, 0)} MB), lazy`, fmt(c.openMs, 0), '≈0 (first line)', '']),
    row([
      `open ${c.profile} + first read of every collection`,
      fmt(c.openReadAllMs, 0),
      fmt(c.snapshotCrcMs, 1),
      `${fmt((c.snapshotCrcMs / c.openReadAllMs) * 100, 1)}%`,
    ]),
  ];
}

/** The Markdown report (also what the README's Performance section shows). */
export function renderMarkdown(results: BenchResults): string {
  const targets = [
    '### Targets',
    '',
    'Each target of issue 33 (and those kept from earlier rounds) with the figure this run measured, the ' +
      'threshold, the verdict and the conditions its section started under. A target whose section did not ' +
      'run (`BENCH_SECTIONS`) is "not measured in this run". A verdict from a loaded machine (load average ' +
      'at or above the cores) is no claim: times there are inflated, CPU times much less.',
    '',
    ...targetsTable(results.targets),
  ];
  const m = results.machine;
  return [
    '## Benchmark',
    '',
    `${results.generatedAt}, Node ${m.node}, ${m.cpus} CPUs, load average at start ${m.loadAverage.map((l) => l.toFixed(1)).join(' ')}.`,
    '',
    ...targets,
    '',
    ...loadTable(results),
    ...(results.throughput ? throughputLines(results.throughput) : []),
    '',
    ...startupTable(results),
    '',
    ...runnerLines(results),
    '',
    ...cliStartupLines(results),
    '',
    ...storeChecksumLines(results),
    '',
    ...soakLines(results),
    ...faultIsolationLines(results),
    ...manyTenantsLines(results),
  ].join('\n');
}

/** The fault-isolation section: another tenant's reads, rounds with and without the first tenant's rules. */
function faultIsolationLines(results: BenchResults): string[] {
  const s = results.faultIsolation;
  if (!s) return [];
  return [
    `Fault isolation (rules for dev-firm, reads of limited-firm): ${fmt(s.withoutRules)} req/s without rules, ` +
      `${fmt(s.withRules)} with them (${fmt(s.ratio * 100, 0)}%); rounds in order: ` +
      s.rounds.map((r) => `${r.rules ? 'rules' : 'none'} ${fmt(r.rps)}`).join(', ') +
      '.',
    '',
  ];
}

/** The many-tenants section: RSS of `serve` over a thousand tenants' stores. */
function manyTenantsLines(results: BenchResults): string[] {
  const s = results.manyTenants;
  if (!s) return [];
  return [
    `Many tenants (${fmt(s.tenants)}, default profile, one region, \`serve\` with its default budgets): RSS ` +
      `${fmt(s.rssMb)} MB after each was read once (peak ${fmt(s.peakRssMb)} MB; first round ${fmt(s.firstRoundSeconds)} s); ` +
      `${fmt(s.answeredAgain)} answered their next read as their first.`,
    '',
  ];
}

/** The soak section: CPU per request at the start and once the events grew tenfold. */
function soakLines(results: BenchResults): string[] {
  const s = results.soak;
  if (!s) return [];
  const w = (label: string, x: typeof s.start) =>
    row([label, fmt(x.requests), fmt(x.cpuMs), fmt(x.cpuPerRequestUs), fmt(x.errors)]);
  return [
    `Soak (profile ${s.profile}, ${s.tenants} tenants, seeded events per store ${s.seededEvents.min}–` +
      `${s.seededEvents.max}; ${s.writesPerTenant} writes per tenant between the windows, events ×${s.growthFactor}, ` +
      `${fmt(s.growMs / 1000, 0)} s): CPU per request ${fmt(s.cpuPerRequestRatio, 2)}× the start's.`,
    '',
    row(['window', 'requests', 'server CPU ms', 'CPU µs per request', 'errors']),
    row(['---', '---:', '---:', '---:', '---:']),
    w('start', s.start),
    w('end (events ×10)', s.end),
    '',
  ];
}

/** Writes `bench.json` and `bench.md` into `dir`; returns their paths. */
export function writeReports(dir: string, results: BenchResults): string[] {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, 'bench.json');
  const md = join(dir, 'bench.md');
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(md, renderMarkdown(results));
  return [json, md];
}
