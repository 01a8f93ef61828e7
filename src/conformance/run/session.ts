import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Version } from '../../contract/versions.js';
import { readCatalogues } from '../coverage/catalogues.js';
import type { GateOptions } from '../coverage/gate.js';
import type { Reports } from '../report/formats.js';
import { renderReports, writeReports } from '../report/write.js';
import { readBaseline } from '../results/baseline.js';
import { secretValues } from '../results/mask.js';
import type { RunResult, ScenarioResult } from '../results/run-result.js';
import { formatScenarioFileError } from '../scenario/errors.js';
import { loadScenarios } from '../scenario/load.js';
import { selectScenarios } from '../scenario/select.js';
import type { HttpOptions } from '../target/http-client.js';
import { openTarget, preflight, type OpenTarget, type TargetSpec } from '../target/open.js';
import type { TargetFactory } from '../target/target.js';
import { conform } from './conform.js';
import { inShard, type Shard } from './shard.js';

/** One `conform` run from files to reports: what the CLI (or a partner's script) asks for. */
export interface ConformRequest {
  /** Folder of scenario YAML files. */
  scenariosDir: string;
  /** Only scenarios whose id or file matches one of these globs (none: all). */
  scenarioGlobs: string[];
  /** Only scenarios with one of these tags or data areas (none: all). */
  tags: string[];
  /** A previous JSON report: only new failures fail the run. */
  baselineFile?: string;
  target: TargetSpec;
  /** Differential mode: the second target. */
  compare?: TargetSpec;
  /**
   * Differential mode: learn noise by running the scenarios once more against a target identical to the
   * primary (a second same-seed simulator for `sim`, else the primary again); true by default.
   */
  learnNoise?: boolean;
  revisions: Version[];
  allowMutations: boolean;
  /** Accept a run whose skips leave operations uncovered (`--allow-partial`). */
  allowPartial?: boolean;
  http: HttpOptions;
  drift: boolean;
  gate?: GateOptions;
  /** Prove each spec rule by breaking it in a fresh simulator from this factory (`--verify-rules`). */
  verifyRules?: () => Promise<TargetFactory | undefined>;
  /** Told when the verification of a rule starts. */
  onRule?: (rule: string) => void;
  /** Run only this part of the scenario × revision runs (`--shard i/n`). */
  shard?: Shard;
  /** Scenario × revision runs in flight at once (`--concurrency`); 1 by default. */
  concurrency?: number;
  /** Where the four reports are written. */
  reportDir: string;
  /** Starts the simulator for a `sim` target; without it `sim` is a setup error. */
  startSimulator?: () => Promise<TargetFactory | undefined>;
  /** Told how many scenario × revision runs are planned on all targets, once the targets are open. */
  onPlanned?: (runs: number) => void;
  /** Told after each scenario × revision. */
  onResult?: (result: ScenarioResult) => void;
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

async function open(spec: TargetSpec, request: ConformRequest): Promise<Opened> {
  const factory = spec.target === 'sim' ? await request.startSimulator?.() : undefined;
  const opened = await openTarget(spec, request.revisions, request.http, factory);
  return opened.ok ? opened : { ok: false, error: { kind: 'setup', message: opened.error } };
}

/**
 * Loads and selects the scenarios, opens and checks the target(s), runs them and writes the JSON,
 * JUnit, Markdown and HTML reports. Set-up problems are values; a run that finds differences is a
 * result, not an error.
 */
export async function runConformance(
  request: ConformRequest,
): Promise<{ ok: true; done: ConformDone } | { ok: false; error: ConformSetupError }> {
  const setup = (message: string) => ({ ok: false as const, error: { kind: 'setup' as const, message } });
  const load = loadScenarios(path.resolve(request.scenariosDir));
  if (load.errors.length > 0) {
    const files = new Set(load.errors.map((e) => e.file)).size;
    return setup(
      `invalid scenario file${files === 1 ? '' : 's'}:\n${load.errors.map((e) => `  ${formatScenarioFileError(e)}`).join('\n')}`,
    );
  }
  const catalogues = readCatalogues();
  if (!catalogues.ok) return setup(catalogues.error);
  const scenarios = selectScenarios(load.scenarios, { globs: request.scenarioGlobs, tags: request.tags });
  if (scenarios.length === 0)
    return { ok: false, error: { kind: 'usage', message: 'no scenario matches --scenario/--tag' } };
  let baseline: { file: string; failures: string[] } | undefined;
  if (request.baselineFile !== undefined) {
    const read = readBaseline(request.baselineFile);
    if (!read.ok) return setup(read.error);
    baseline = { file: request.baselineFile, failures: read.failures };
  }
  const opened: OpenTarget[] = [];
  try {
    for (const spec of request.compare ? [request.target, request.compare] : [request.target]) {
      const one = await open(spec, request);
      if (!one.ok) return one;
      opened.push(one.open);
    }
    for (const t of opened) {
      const problem = await preflight(t.target, request.revisions, request.http);
      if (problem) return setup(problem);
    }
    const [primary, secondary] = opened as [OpenTarget, OpenTarget | undefined];
    let reference: OpenTarget['target'] | undefined;
    if (secondary && request.learnNoise !== false) {
      if (request.target.target === 'sim') {
        const again = await open(request.target, request);
        if (!again.ok) return again;
        opened.push(again.open);
        reference = again.open.target;
      } else reference = primary.target;
    }
    // One run per scenario × revision the runner will try (skipped ones included), on each target.
    const runs = request.revisions.reduce(
      (n, v) =>
        n +
        scenarios.filter(
          (s) =>
            s.scenario.revisions.includes(v) && (!request.shard || inShard(request.shard, s.scenario.id, v)),
        ).length,
      0,
    );
    request.onPlanned?.(runs * (opened.length + (reference === primary.target ? 1 : 0)));
    let verify: TargetFactory | undefined;
    if (request.verifyRules) {
      verify = await request.verifyRules();
      if (!verify) return setup('--verify-rules needs the simulator: src/server could not be loaded');
    }
    const generated: string[] = [];
    const result = await conform({
      ...(request.onResult ? { onResult: request.onResult } : {}),
      scenarios,
      target: primary.target,
      ...(secondary ? { compareTarget: secondary.target } : {}),
      ...(reference ? { noiseTarget: reference } : {}),
      revisions: request.revisions,
      allowMutations: request.allowMutations,
      ...(request.allowPartial ? { allowPartial: true } : {}),
      http: request.http,
      ...(request.concurrency ? { concurrency: request.concurrency } : {}),
      ...(request.shard ? { shard: request.shard } : {}),
      ...(verify
        ? {
            verifyRules: {
              startSimulator: verify,
              region: request.target.region,
              ...(request.onRule ? { onRule: request.onRule } : {}),
            },
          }
        : {}),
      drift: request.drift,
      ...(baseline ? { baseline } : {}),
      filters: { tags: request.tags, scenarios: request.scenarioGlobs },
      catalogues: catalogues.catalogues,
      ...(request.gate ? { gate: request.gate } : {}),
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
    const dir = path.resolve(request.reportDir);
    const reports = writeReports(dir, renderReports(result, secrets, { generated }));
    return { ok: true, done: { result, reports, secrets } };
  } finally {
    for (const t of opened.reverse()) await t.close();
  }
}
