/** `npm run bench`: throughput, growth, seeding/start-up and runner figures into reports/bench.{json,md}. */
import { availableParallelism, loadavg, platform } from 'node:os';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findProfile } from '../src/domain/profile.js';
import { BASELINES, type BaselineKey } from './baselines.js';
import { benchConfig } from './config.js';
import { log } from './log.js';
import { GROWTH_REQUEST_NAMES, REQUEST_NAMES, type RequestName } from './queries.js';
import { writeReports } from './report.js';
import type { BenchResults } from './results.js';
import { runLoadPhase, type LoadTable, type ServerSpec } from './sections/load-phase.js';
import { measureCliStartup } from './sections/cli-startup.js';
import { measureHostileProxy, writeHostileProxyReport } from './sections/hostile-proxy.js';
import { measureHostile } from './sections/hostile.js';
import { measureFaultIsolation } from './sections/fault-isolation.js';
import { measureLogCost } from './sections/log-cost.js';
import { measureManyTenants } from './sections/many-tenants.js';
import { measureReplicas } from './sections/replicas.js';
import { measureFuzz, measureGate, measureRunner } from './sections/runner.js';
import { measureSeedAll } from './sections/seeding.js';
import { measureSoak } from './sections/soak.js';
import { measureStartup } from './sections/startup.js';
import { measureStoreChecksums } from './sections/store-checksums.js';
import { measureSuite } from './sections/suite.js';
import { ratio } from './stats.js';
import { figuresOf } from './figures.js';
import { checkTargets, targetLines, type Conditions } from './targets.js';
import { serveSpecs, throughputFigures } from './throughput.js';

function contactsOf(profile: string): number {
  const p = findProfile(profile);
  if (!p) throw new Error(`unknown profile "${profile}"`);
  return p.people + p.companies;
}

const perRequest = <T>(f: (name: RequestName) => T) =>
  Object.fromEntries(REQUEST_NAMES.map((n) => [n, f(n)])) as Record<RequestName, T>;

async function main(): Promise<void> {
  const config = benchConfig();
  const on = (section: string) => config.sections.has(section);
  const small = config.growthProfiles[0]!;
  const largest = config.growthProfiles.at(-1)!;
  const machine = {
    node: process.versions.node,
    cpus: availableParallelism(),
    platform: platform(),
    loadAverage: loadavg(),
  };
  const started = performance.now();
  // The conditions each section starts under: the table says them beside its figures.
  const conditions: Record<string, Conditions> = {};
  const starting = (...sections: string[]) => {
    for (const section of sections)
      if (on(section))
        conditions[section] = { node: machine.node, cores: machine.cpus, loadAverage: loadavg()[0]! };
  };

  const profiles = new Set<string>();
  if (on('throughput')) profiles.add(small);
  if (on('growth')) config.growthProfiles.forEach((p) => profiles.add(p));
  if (on('startup')) profiles.add(config.largeProfile);
  starting('startup');
  const startup = await measureStartup([...profiles], config, contactsOf);
  const dataDir = (profile: string) => startup.find((s) => s.profile === profile)!.dataDir;

  const specs: ServerSpec[] = [];
  if (on('throughput'))
    for (const b of BASELINES) specs.push({ key: b.key, args: [b.kind, small], profile: small });
  const simProfiles = [...(on('throughput') ? [small] : []), ...(on('growth') ? config.growthProfiles : [])];
  for (const profile of new Set(simProfiles))
    specs.push({
      key: `sim@${profile}`,
      args: ['sim', profile, dataDir(profile)],
      profile,
      ...(on('growth') ? { requests: GROWTH_REQUEST_NAMES } : {}),
    });
  // The simulator as users start it: `rm-harness serve` with its defaults (log on) and with --quiet.
  if (on('throughput')) specs.push(...serveSpecs(small, dataDir(small)));
  let load: LoadTable = {};
  starting('throughput', 'growth');
  try {
    load = specs.length > 0 ? await runLoadPhase(specs, config) : {};
  } finally {
    for (const s of startup) rmSync(s.dataDir, { recursive: true, force: true });
  }

  const sim = load[`sim@${small}`];
  // Each section is measured in turn (one at a time on the machine), its conditions taken as it starts.
  const measured = async <T>(section: string, measure: () => Promise<T>): Promise<T | undefined> => {
    if (!on(section)) return undefined;
    starting(section);
    return measure();
  };
  const seedAll = await measured('seeding', () => measureSeedAll(config.largeProfile, config));
  const runner = await measured('runner', async () => ({
    runner: await measureRunner(),
    fuzz: await measureFuzz(),
    gate: await measureGate(),
  }));
  const cliStartup = await measured('cli-startup', () => measureCliStartup());
  const storeChecksums = await measured('store-checksums', () =>
    measureStoreChecksums(config.largeProfile, config),
  );
  const logCost = await measured('log-cost', () => measureLogCost(config));
  const faultIsolation = await measured('fault-isolation', () => measureFaultIsolation(config));
  const manyTenants = await measured('many-tenants', () => measureManyTenants(config.manyTenants));
  const replicas = await measured('replicas', () => measureReplicas(config));
  const soak = await measured('soak', () => measureSoak(config));
  const suite = await measured('suite', () => measureSuite());
  const results: Omit<BenchResults, 'targets' | 'figures'> = {
    generatedAt: new Date().toISOString(),
    machine,
    settings: {
      duration: config.duration,
      runs: config.runs,
      connections: config.connections,
      warmup: config.warmup,
      startupRuns: config.startupRuns,
    },
    load,
    startup: on('startup') || on('growth') ? startup : [],
    largeProfile: config.largeProfile,
    conditions,
    ...(seedAll ? { seedAll } : {}),
    ...(on('throughput') && sim
      ? {
          compareProfile: small,
          ratios: perRequest((n) => {
            const over = BASELINES.map((b) => [b.key, ratio(sim[n].rps, load[b.key]![n].rps)]);
            return Object.fromEntries(over) as Record<BaselineKey, number>;
          }),
        }
      : {}),
    ...(on('throughput') && throughputFigures(load, small)
      ? { throughput: throughputFigures(load, small) }
      : {}),
    ...(on('growth') && config.growthProfiles.length > 1
      ? {
          growth: {
            from: small,
            to: largest,
            p99Ratio: Object.fromEntries(
              GROWTH_REQUEST_NAMES.map((n) => [
                n,
                ratio(load[`sim@${largest}`]![n]!.p99, load[`sim@${small}`]![n]!.p99),
              ]),
            ),
          },
        }
      : {}),
    ...(runner ?? {}),
    ...(cliStartup ? { cliStartup } : {}),
    ...(storeChecksums ? { storeChecksums } : {}),
    ...(logCost ? { logCost } : {}),
    ...(soak ? { soak } : {}),
    ...(faultIsolation ? { faultIsolation } : {}),
    ...(manyTenants ? { manyTenants } : {}),
    ...(suite ? { suite } : {}),
  };
  const figures = figuresOf(results);
  const targets = checkTargets(figures, (section) => conditions[section]);
  const full: BenchResults = { ...results, figures, targets };
  const files = writeReports(config.reportDir, full);
  process.stdout.write(`${targetLines(targets).join('\n')}\n`);
  // `hostile` is every flood of issue 29 (the proxy's here, in its own report file, and the simulator's two
  // below); `hostile-proxy` runs the proxy's alone.
  if (on('hostile') || on('hostile-proxy'))
    files.push(writeHostileProxyReport(config.reportDir, await measureHostileProxy()));
  // The hostile section says holds / does not hold on its own and keeps its figures apart (with the log
  // cost's, which the targets table reads too).
  const extra = {
    ...(on('hostile') ? { hostile: await measureHostile() } : {}),
    ...(logCost ? { logCost } : {}),
  };
  if (Object.keys(extra).length > 0) {
    const file = path.join(config.reportDir, 'bench-security.json');
    writeFileSync(
      file,
      `${JSON.stringify({ generatedAt: new Date().toISOString(), machine, ...extra }, null, 2)}\n`,
    );
    files.push(file);
  }
  // The replica set's figures are a report of their own (they are not targets: the machine decides them).
  if (replicas) {
    const file = path.join(config.reportDir, 'bench-replicas.json');
    writeFileSync(
      file,
      `${JSON.stringify({ generatedAt: new Date().toISOString(), machine, settings: results.settings, replicas }, null, 2)}\n`,
    );
    files.push(file);
  }
  log(`done in ${Math.round((performance.now() - started) / 1000)} s; wrote ${files.join(', ')}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
