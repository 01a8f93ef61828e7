import { randomUUID } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import pLimit from 'p-limit';
import { buildRevisionSchema } from '../../contract/generate.js';
import { VERSIONS, type Version } from '../../contract/versions.js';
import { checkDrift, type DriftResult } from '../drift/drift.js';
import type { ScenarioResult, Status, StepResult } from '../results/run-result.js';
import { READ_ONLY_SKIP } from '../results/skips.js';
import type { InterpolationContext } from '../scenario/interpolate.js';
import {
  writesTenant,
  NO_LIMITED_TENANT,
  NO_REGIONS,
  NO_REVISION_PATH,
  usesLimitedTenant,
  usesRegions,
  usesRevisionPath,
  type LoadedScenario,
  type Scenario,
} from '../scenario/types.js';
import type { Target } from '../target/target.js';
import type { ConformSettings } from '../settings.js';
import { keepAliveTransport } from '../target/transport.js';
import { postGraphQL } from '../target/http-client.js';
import { AnswerMemory } from './answers.js';
import { TwinPlanner, type TwinVariant } from './twins.js';
import { JoinLedger } from '../joins/ledger.js';
import type { Difference } from '../outcome/differences.js';
import { applyState, NO_PROVIDER_STATE, setsProviderState } from './provider-state.js';
import { appliesTo, missedFind, runStep, withResolvedPaths, type StepOptions } from './step.js';

/** What a run needs besides the scenarios: the run's settings (a `Pick`), its target and its id. */
export interface RunnerOptions
  extends StepOptions, Pick<ConformSettings, 'revisions' | 'allowMutations' | 'concurrency'> {
  runId: string;
  /** Fresh value per `${random.uuid}`; injectable so tests are deterministic. */
  uuid?: () => string;
  /** The contract schema of a revision; `buildRevisionSchema` by default. */
  schemaFor?: (version: Version) => GraphQLSchema;
  /** Called after each scenario × revision, for progress output. */
  onResult?: (result: ScenarioResult) => void;
  /** Only the scenario × revision runs this accepts (a shard's); all by default. */
  include?: (scenarioId: string, revision: Version) => boolean;
  /**
   * Why another target of the run cannot run a scenario (`--compare`): it is then skipped here too, so
   * both targets run in the same mode; undefined when it can.
   */
  skipWith?: (scenario: Scenario) => string | undefined;
  /** The ways answered queries are sent again; every way by default, none (nor without credentials) with `[]`. */
  twinVariants?: readonly TwinVariant[];
}

/**
 * Whether a scenario is run against this target at all: a copy made for another region
 * (`alsoInRegions`) is not where that region is the target's own, which the scenario itself covers.
 */
export function runsAgainst(scenario: Scenario, target: Target): boolean {
  return scenario.copyIn === undefined || scenario.copyIn !== (target.region ?? 'us');
}

/** Why a scenario cannot run against this target (it would be skipped), or undefined when it can. */
export function skipReasonOf(
  scenario: Scenario,
  target: Target,
  allowMutations: boolean,
): string | undefined {
  if (writesTenant(scenario) && !target.isSimulator && !allowMutations) return READ_ONLY_SKIP;
  if (usesLimitedTenant(scenario) && !target.limitedHeaders) return NO_LIMITED_TENANT;
  if (usesRegions(scenario) && !target.endpointIn) return NO_REGIONS;
  if (
    usesRevisionPath(scenario) &&
    !scenario.revisions.every((r) => target.endpointFor(r).includes(`/${r}/`))
  ) {
    return NO_REVISION_PATH;
  }
  if (setsProviderState(scenario.state) && !target.admin) return NO_PROVIDER_STATE;
  return undefined;
}

/** The scenario's id up to the first dot names its data area. */
export function areaOf(scenarioId: string): string {
  return scenarioId.split('.')[0] ?? scenarioId;
}

/** Runs one scenario on one revision; never throws for anything the target does. */
async function runScenario(
  loaded: LoadedScenario,
  revision: Version,
  options: RunnerOptions,
  schema: GraphQLSchema,
): Promise<ScenarioResult> {
  const { scenario, file } = loaded;
  const started = performance.now();
  const base = {
    scenarioId: scenario.id,
    title: scenario.title,
    file,
    area: areaOf(scenario.id),
    tags: [...scenario.tags],
    revision,
  };
  const skip = skipReasonOf(scenario, options.target, options.allowMutations) ?? options.skipWith?.(scenario);
  if (skip !== undefined) return { ...base, status: 'skipped', note: skip, steps: [], durationMs: 0 };
  // A provider state writes to the tenant: answers across it describe no one state of the data. A
  // scenario without one changes nothing by starting, so reads on either side of it are held together.
  const stateful = scenario.state !== undefined;
  if (stateful) options.joins?.writeStarted();
  const state = await applyState(scenario.state, options.target, options.http).finally(() => {
    if (stateful) options.joins?.writeEnded();
  });
  if (!state.ok) {
    const status = 'skip' in state ? 'skipped' : 'error';
    return { ...base, status, note: 'skip' in state ? state.skip : state.error, steps: [], durationMs: 0 };
  }
  const ctx: InterpolationContext = {
    steps: {},
    captures: {},
    runId: options.runId,
    uuid: options.uuid ?? randomUUID,
  };
  const steps: StepResult[] = [];
  let blocked: string | undefined;
  // The reason of a `find` that found nothing: the tenant lacks what the rest of the scenario needs.
  let nothingFound: string | undefined;
  for (const written of scenario.steps.filter((s) => appliesTo(s.revisions, revision))) {
    const phase = written.phase ?? 'test';
    if (blocked !== undefined && phase !== 'teardown') {
      steps.push({ stepId: written.id, phase, status: 'skipped', note: blocked, differences: [] });
      continue;
    }
    const step = withResolvedPaths(written, ctx);
    if (typeof step === 'string') {
      // As an unresolved variable: a teardown whose inputs were never made is skipped, others are errors.
      const status = phase === 'teardown' ? 'skipped' : 'error';
      steps.push({ stepId: written.id, phase, status, note: step, differences: [] });
      if (status === 'error') blocked = `step "${written.id}" ended with error`;
      continue;
    }
    const ran = await runStep(scenario, step, revision, options, schema, ctx);
    // A teardown of what was never created (its inputs unresolved) is skipped for the same reason.
    const result =
      nothingFound !== undefined && ran.status === 'skipped' && !ran.response
        ? { ...ran, note: nothingFound }
        : ran;
    steps.push(result);
    const missed = result.response ? missedFind(step, ctx.steps[step.id]) : undefined;
    if (missed) {
      // The tenant holds no item the rest needs: those steps are skipped for that reason, not failed.
      blocked = missed.skip;
      nothingFound = missed.skip;
    } else if (result.status !== 'passed' && result.status !== 'skipped' && phase === 'setup') {
      blocked = `setup step "${step.id}" did not pass`;
    } else if (
      result.status === 'network-error' ||
      result.status === 'unavailable' ||
      result.status === 'error'
    ) {
      blocked = `step "${step.id}" ended with ${result.status}`;
    }
  }
  if (stateful) options.joins?.writeStarted();
  await state.undo().finally(() => {
    if (stateful) options.joins?.writeEnded();
  });
  return { ...base, status: statusOf(steps), steps, durationMs: Math.round(performance.now() - started) };
}

/** A scenario's status from its steps' statuses: the worst wins. */
function statusOf(steps: readonly StepResult[]): Status {
  const has = (s: Status): boolean => steps.some((st) => st.status === s);
  return has('network-error')
    ? 'network-error'
    : has('unavailable')
      ? 'unavailable'
      : has('error')
        ? 'error'
        : has('failed')
          ? 'failed'
          : 'passed';
}

/** Adds the join ledger's differences to the steps they belong to, failing those steps and scenarios. */
function attach(results: ScenarioResult[], found: Map<StepResult, Difference[]>): void {
  if (found.size === 0) return;
  for (const result of results) {
    let changed = false;
    for (const step of result.steps) {
      const more = found.get(step);
      if (!more) continue;
      step.differences.push(...more);
      if (more.some((d) => d.severity === 'breaking')) {
        step.status = 'failed';
        changed = true;
      }
    }
    if (changed) result.status = statusOf(result.steps);
  }
}

/** Results of every applicable scenario × revision, in scenario order then revision order. */
export async function runScenarios(
  scenarios: readonly LoadedScenario[],
  options: RunnerOptions,
): Promise<ScenarioResult[]> {
  // Against a simulator, unless the caller brings its own fetch (a test, the fuzzer's), requests reuse
  // kept-alive connections: the global fetch (undici: request objects, web streams) cost a tenth of a
  // run against the in-process one. A URL target keeps fetch, which follows redirects as a client would.
  const transport = !options.http.fetchFn && options.target.isSimulator ? keepAliveTransport() : undefined;
  const http = transport ? { ...options.http, fetchFn: transport.fetch } : options.http;
  const joins = new JoinLedger();
  const twins = new TwinPlanner(options.twinVariants);
  const answers = new AnswerMemory();
  try {
    const schemaFor = options.schemaFor ?? buildRevisionSchema;
    // The revisions differ in their schema only (§9.3): a document valid in both is asked of both.
    const otherRevision = (revision: Version) => {
      const version = options.revisions.find((r) => r !== revision);
      return version === undefined ? undefined : { version, schema: schemaFor(version) };
    };
    const results = await runAll(scenarios, { ...options, http, joins, twins, answers, otherRevision });
    attach(results, await joins.settle((request) => postGraphQL(request, http)));
    return results;
  } finally {
    transport?.close();
  }
}

async function runAll(
  scenarios: readonly LoadedScenario[],
  options: RunnerOptions,
): Promise<ScenarioResult[]> {
  const schemaFor = options.schemaFor ?? buildRevisionSchema;
  // Steps of one scenario stay in order; only whole scenario × revision runs overlap.
  const limit = pLimit(options.concurrency ?? 1);
  const planned: { loaded: LoadedScenario; revision: Version }[] = [];
  for (const revision of options.revisions) {
    for (const loaded of scenarios) {
      if (!loaded.scenario.revisions.includes(revision)) continue;
      if (!runsAgainst(loaded.scenario, options.target)) continue;
      if (options.include && !options.include(loaded.scenario.id, revision)) continue;
      planned.push({ loaded, revision });
    }
  }
  // Scenarios that write nothing run first, both revisions together: with no write between them, every
  // answer of that part of the run is held against every other, as in a read-only run, so a
  // read-write run checks at least what the read-only one does before its writes begin.
  const writes = ({ scenario }: LoadedScenario): boolean =>
    writesTenant(scenario) || scenario.state !== undefined;
  planned.sort((a, b) => Number(writes(a.loaded)) - Number(writes(b.loaded)));
  const schemas = new Map(options.revisions.map((r) => [r, schemaFor(r)]));
  const runs = planned.map(({ loaded, revision }) =>
    limit(async () => {
      const result = await runScenario(loaded, revision, options, schemas.get(revision)!);
      options.onResult?.(result);
      return result;
    }),
  );
  const results = await Promise.all(runs);
  return results.sort(
    (a, b) =>
      a.scenarioId.localeCompare(b.scenarioId) ||
      options.revisions.indexOf(a.revision) - options.revisions.indexOf(b.revision),
  );
}

/** Schema drift of every revision of the run. */
export async function runDrift(options: RunnerOptions): Promise<DriftResult[]> {
  const schemaFor = options.schemaFor ?? buildRevisionSchema;
  const out: DriftResult[] = [];
  for (const revision of options.revisions) {
    const others = VERSIONS.filter((v) => v !== revision).map((v) => ({ version: v, schema: schemaFor(v) }));
    out.push(
      await checkDrift(
        revision,
        options.target.endpointFor(revision),
        options.target.headers,
        schemaFor(revision),
        options.http,
        others,
      ),
    );
  }
  return out;
}
