import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { readCatalogues } from '../coverage/catalogues.js';
import type { Reports } from '../report/formats.js';
import { renderReports, writeReports } from '../report/write.js';
import { readBaseline } from '../results/baseline.js';
import { secretValues } from '../results/mask.js';
import type { RunResult, ScenarioResult } from '../results/run-result.js';
import { formatScenarioFileError } from '../scenario/errors.js';
import { loadScenarios } from '../scenario/load.js';
import { selectScenarios } from '../scenario/select.js';
import { openTarget, preflight, type OpenTarget, type TargetSpec } from '../target/open.js';
import type { TargetFactory } from '../target/target.js';
import { conform } from './conform.js';
import { inShard } from './shard.js';
import type { ConformSettings } from '../settings.js';

/** What the caller's process provides to a run: how to start simulators, and progress callbacks. */
export interface ConformHooks {
  /** Starts the simulator for a `sim` target; without it `sim` is a setup error. */
  startSimulator?: () => Promise<TargetFactory | undefined>;
  /** The simulator `verifyRules` breaks rules in; without it `verifyRules` is a setup error. */
  startRuleBreakingSimulator?: () => Promise<TargetFactory | undefined>;
  /** Told how many scenario × revision runs are planned on all targets, once the targets are open. */
  onPlanned?: (runs: number) => void;
  /** Told after each scenario × revision on each target. */
  onResult?: (result: ScenarioResult) => void;
  /** Told when the verification of a rule starts. */
  onRule?: (rule: string) => void;
}

/** Why a run could not start: bad inputs (`usage`) or a target or file problem (`setup`); nothing was written. */
export interface ConformSetupError {
  kind: 'usage' | 'setup';
  message: string;
}

/** A finished run: the result, the report files, and the secrets the reports were scrubbed of. */
export interface ConformDone {
  result: RunResult;
  reports: Reports;
  /** Header values (tokens) that must not appear in anything printed from the result. */
  secrets: string[];
}

type Opened = { ok: true; open: OpenTarget } | { ok: false; error: ConformSetupError };

async function open(
  spec: TargetSpec,
  settings: Pick<ConformSettings, 'revisions' | 'http'>,
  hooks: ConformHooks,
): Promise<Opened> {
  const factory = spec.target === 'sim' ? await hooks.startSimulator?.() : undefined;
  const opened = await openTarget(spec, settings.revisions, settings.http, factory);
  return opened.ok ? opened : { ok: false, error: { kind: 'setup', message: opened.error } };
}

/**
 * Loads and selects the scenarios, opens and checks the target(s), runs them and writes the JSON,
 * JUnit, Markdown and HTML reports. Set-up problems are values; a run that finds differences is a
 * result, not an error.
 */
export async function runConformance(
  settings: ConformSettings,
  hooks: ConformHooks = {},
): Promise<{ ok: true; done: ConformDone } | { ok: false; error: ConformSetupError }> {
  const setup = (message: string) => ({ ok: false as const, error: { kind: 'setup' as const, message } });
  const load = loadScenarios(path.resolve(settings.scenariosDir));
  if (load.errors.length > 0) {
    const files = new Set(load.errors.map((e) => e.file)).size;
    return setup(
      `invalid scenario file${files === 1 ? '' : 's'}:\n${load.errors.map((e) => `  ${formatScenarioFileError(e)}`).join('\n')}`,
    );
  }
  const catalogues = readCatalogues();
  if (!catalogues.ok) return setup(catalogues.error);
  const scenarios = selectScenarios(load.scenarios, { globs: settings.scenarioGlobs, tags: settings.tags });
  if (scenarios.length === 0)
    return { ok: false, error: { kind: 'usage', message: 'no scenario matches --scenario/--tag' } };
  let baseline: { file: string; failures: string[] } | undefined;
  if (settings.baselineFile !== undefined) {
    const read = readBaseline(settings.baselineFile);
    if (!read.ok) return setup(read.error);
    baseline = { file: settings.baselineFile, failures: read.failures };
  }
  const opened: OpenTarget[] = [];
  try {
    for (const spec of settings.compare ? [settings.target, settings.compare] : [settings.target]) {
      const one = await open(spec, settings, hooks);
      if (!one.ok) return one;
      opened.push(one.open);
    }
    for (const t of opened) {
      const problem = await preflight(t.target, settings.revisions, settings.http);
      if (problem) return setup(problem);
    }
    const [primary, secondary] = opened as [OpenTarget, OpenTarget | undefined];
    let reference: OpenTarget['target'] | undefined;
    if (secondary && settings.learnNoise !== false) {
      if (settings.target.target === 'sim') {
        const again = await open(settings.target, settings, hooks);
        if (!again.ok) return again;
        opened.push(again.open);
        reference = again.open.target;
      } else reference = primary.target;
    }
    // One run per scenario × revision the runner will try (skipped ones included), on each target.
    const runs = settings.revisions.reduce(
      (n, v) =>
        n +
        scenarios.filter(
          (s) =>
            s.scenario.revisions.includes(v) &&
            (!settings.shard || inShard(settings.shard, s.scenario.id, v)),
        ).length,
      0,
    );
    hooks.onPlanned?.(runs * (opened.length + (reference === primary.target ? 1 : 0)));
    let verify: TargetFactory | undefined;
    if (settings.verifyRules) {
      verify = await hooks.startRuleBreakingSimulator?.();
      if (!verify) return setup('--verify-rules needs the simulator: src/server could not be loaded');
    }
    const generated: string[] = [];
    const result = await conform({
      ...settings,
      scenarios,
      target: primary.target,
      compareTarget: secondary?.target,
      noiseTarget: reference,
      verifyRules: verify && { startSimulator: verify, region: settings.target.region, onRule: hooks.onRule },
      baseline,
      catalogues: catalogues.catalogues,
      onResult: hooks.onResult,
      uuid: () => {
        const id = randomUUID();
        generated.push(id);
        return id;
      },
    });
    const secrets = opened.flatMap((t) => [
      ...secretValues(t.target.headers),
      ...secretValues(t.target.limitedHeaders ?? {}),
    ]);
    const dir = path.resolve(settings.reportDir);
    const reports = writeReports(dir, renderReports(result, secrets, { generated }));
    return { ok: true, done: { result, reports, secrets } };
  } finally {
    for (const t of opened.reverse()) await t.close();
  }
}
