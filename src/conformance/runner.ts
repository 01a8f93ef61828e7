import { randomUUID } from 'node:crypto';
import { getOperationAST, parse, type GraphQLSchema } from 'graphql';
import { buildRevisionSchema } from '../contract/generate.js';
import type { Version } from '../contract/versions.js';
import {
  checkExpectation,
  isErrorExpectation,
  isHttpStatusExpectation,
  isValidationErrorsExpectation,
  unexpectedErrors,
  type Finding,
} from './assert/explicit.js';
import { getAtPath } from './assert/json-path.js';
import { basisOf, restsOnOf, severityOf, type Difference } from './differences.js';
import { checkDrift, type DriftResult } from './drift/drift.js';
import { postGraphQL, type HttpOptions } from './http/client.js';
import { maskHeaders } from './mask.js';
import type { RecordedResponse, ScenarioResult, Status, StepResult } from './result.js';
import { interpolate, type InterpolationContext } from './scenario/interpolate.js';
import {
  MUTATES_TAG,
  NO_LIMITED_TENANT,
  usesLimitedTenant,
  type Expectation,
  type Level,
  type LoadedScenario,
  type Scenario,
  type Step,
} from './scenario/types.js';
import { compileShape } from './shape/compile.js';
import { checkShape } from './shape/check.js';
import type { Target } from './target.js';

/** What a run needs besides the scenarios. */
export interface RunnerOptions {
  target: Target;
  revisions: readonly Version[];
  allowMutations: boolean;
  http: HttpOptions;
  runId: string;
  /** Fresh value per `${random.uuid}`; injectable so tests are deterministic. */
  uuid?: () => string;
  /** The contract schema of a revision; `buildRevisionSchema` by default. */
  schemaFor?: (version: Version) => GraphQLSchema;
  /** Called after each scenario × revision, for progress output. */
  onResult?: (result: ScenarioResult) => void;
}

/** The scenario's id up to the first dot names its data area. */
export function areaOf(scenarioId: string): string {
  return scenarioId.split('.')[0] ?? scenarioId;
}

const appliesTo = (revisions: readonly Version[] | undefined, revision: Version): boolean =>
  revisions === undefined || revisions.includes(revision);

function rootFieldsOf(document: string, operationName: string | undefined): string[] {
  const op = getOperationAST(parse(document), operationName);
  return (op?.selectionSet.selections ?? []).flatMap((s) =>
    s.kind === 'Field' && s.name.value !== '__typename' ? [s.alias?.value ?? s.name.value] : [],
  );
}

function record(outcome: {
  status: number;
  contentType: string;
  body: unknown;
  text: string;
  durationMs: number;
  attempts: number;
}): RecordedResponse {
  return {
    status: outcome.status,
    contentType: outcome.contentType,
    ...(outcome.body !== undefined ? { body: outcome.body } : { text: outcome.text.slice(0, 2000) }),
    durationMs: outcome.durationMs,
    attempts: outcome.attempts,
  };
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
  if (scenario.tags.includes(MUTATES_TAG) && !options.target.isSimulator && !options.allowMutations) {
    return {
      ...base,
      status: 'skipped',
      note: 'writes to the tenant; pass --allow-mutations to run it against a non-simulator target',
      steps: [],
      durationMs: 0,
    };
  }
  if (usesLimitedTenant(scenario) && !options.target.limitedHeaders) {
    return { ...base, status: 'skipped', note: NO_LIMITED_TENANT, steps: [], durationMs: 0 };
  }
  const ctx: InterpolationContext = {
    steps: {},
    captures: {},
    runId: options.runId,
    uuid: options.uuid ?? randomUUID,
  };
  const steps: StepResult[] = [];
  let blocked: string | undefined;
  for (const step of scenario.steps.filter((s) => appliesTo(s.revisions, revision))) {
    const phase = step.phase ?? 'test';
    if (blocked !== undefined && phase !== 'teardown') {
      steps.push({ stepId: step.id, phase, status: 'skipped', note: blocked, differences: [] });
      continue;
    }
    const result = await runStep(scenario, step, revision, options, schema, ctx);
    steps.push(result);
    if (result.status !== 'passed' && result.status !== 'skipped' && phase === 'setup') {
      blocked = `setup step "${step.id}" did not pass`;
    } else if (result.status === 'network-error' || result.status === 'error') {
      blocked = `step "${step.id}" ended with ${result.status}`;
    }
  }
  const has = (s: Status): boolean => steps.some((st) => st.status === s);
  const status: Status = has('network-error')
    ? 'network-error'
    : has('error')
      ? 'error'
      : has('failed')
        ? 'failed'
        : 'passed';
  return { ...base, status, steps, durationMs: Math.round(performance.now() - started) };
}

function toDifference(
  f: Finding,
  scenario: Scenario,
  step: Step,
  revision: Version,
  level: Level,
  basisList: readonly string[] | undefined,
): Difference {
  const basis = basisOf(basisList ?? [...scenario.spec, ...scenario.assumptions]);
  return {
    scenarioId: scenario.id,
    revision,
    stepId: step.id,
    expectationId: f.expectationId,
    path: f.path,
    kind: f.kind,
    severity: severityOf(f.kind, level),
    level,
    expected: f.expected,
    actual: f.actual,
    message: f.message,
    basis,
    restsOn: restsOnOf(basis),
  };
}

async function runStep(
  scenario: Scenario,
  step: Step,
  revision: Version,
  options: RunnerOptions,
  schema: GraphQLSchema,
  ctx: InterpolationContext,
): Promise<StepResult> {
  const phase = step.phase ?? 'test';
  const head = { stepId: step.id, phase };
  const expectations = (step.expect ?? []).filter((e) => appliesTo(e.revisions, revision));
  const variables = interpolate(step.variables ?? {}, ctx);
  const resolved = interpolate(expectations, ctx);
  if (!variables.ok || !resolved.ok) {
    const note = !variables.ok ? variables.error : resolved.ok ? '' : resolved.error;
    // A teardown whose setup never produced its inputs has nothing to remove.
    return { ...head, status: phase === 'teardown' ? 'skipped' : 'error', note, differences: [] };
  }
  const expects = resolved.value as Expectation[];
  const expectsError = expects.some(isErrorExpectation);
  const shapeOn = step.shape !== false && !expectsError;
  let shape: ReturnType<typeof compileShape> | undefined;
  if (shapeOn) {
    shape = compileShape(schema, parse(step.document), step.operationName);
    if (!shape.ok) {
      return {
        ...head,
        status: 'error',
        note: `the step's document is not valid for ${revision}: ${shape.errors.join('; ')}`,
        differences: [],
      };
    }
  }
  const url = options.target.endpointFor(revision);
  const headers =
    step.as === 'limited' && options.target.limitedHeaders
      ? options.target.limitedHeaders
      : options.target.headers;
  const body = {
    query: step.document,
    ...(Object.keys(variables.value as object).length > 0
      ? { variables: variables.value as Record<string, unknown> }
      : {}),
    ...(step.operationName ? { operationName: step.operationName } : {}),
  };
  const request = { method: 'POST' as const, url, headers: maskHeaders(headers), body };
  const outcome = await postGraphQL({ url, headers, body }, options.http);
  if (outcome.kind === 'network-error') {
    return {
      ...head,
      status: 'network-error',
      note: `${outcome.message} (after ${outcome.attempts} attempt${outcome.attempts === 1 ? '' : 's'})`,
      request,
      differences: [],
    };
  }
  const response = record(outcome);
  const findings: { f: Finding; level: Level; basis?: string[] }[] = [];
  const shapeLevel = typeof step.shape === 'object' ? step.shape : {};
  const auto = (f: Finding): void => {
    findings.push({ f, level: shapeLevel.level ?? 'MUST', basis: shapeLevel.basis });
  };
  const isGraphQLBody =
    outcome.body !== null &&
    typeof outcome.body === 'object' &&
    !Array.isArray(outcome.body) &&
    ('data' in outcome.body || 'errors' in outcome.body);
  const statusExpected = expects.some(isHttpStatusExpectation);
  if (outcome.status >= 500 && !statusExpected) {
    auto({
      expectationId: 'http',
      path: '',
      kind: 'http-status',
      expected: 'a GraphQL response (HTTP 2xx or 4xx)',
      actual: outcome.status,
      message: `HTTP ${outcome.status} from the endpoint`,
    });
  } else if (!isGraphQLBody && !statusExpected) {
    auto({
      expectationId: 'http',
      path: '',
      kind: 'invalid-response',
      expected: 'a JSON object with data or errors',
      actual: outcome.body ?? outcome.text.slice(0, 200),
      message: `the response (HTTP ${outcome.status}, ${outcome.contentType || 'no content type'}) is not a GraphQL response`,
    });
  } else {
    if (!expectsError) {
      for (const f of unexpectedErrors(outcome.body, expects.some(isValidationErrorsExpectation))) auto(f);
    }
    const data = (outcome.body as { data?: unknown } | undefined)?.data;
    if (shape?.ok && data !== null && data !== undefined) {
      for (const s of checkShape(data, shape.schema)) auto({ expectationId: 'shape', ...s });
    }
    const rootFields = shape?.ok ? shape.rootFields : rootFieldsOf(step.document, step.operationName);
    for (const e of expects) {
      for (const f of checkExpectation(e, { status: outcome.status, body: outcome.body, rootFields })) {
        findings.push({ f, level: e.level ?? 'MUST', basis: e.basis });
      }
    }
  }
  const differences = findings.map(({ f, level, basis }) =>
    toDifference(f, scenario, step, revision, level, basis),
  );
  ctx.steps[step.id] = outcome.body;
  for (const [name, path] of Object.entries(step.capture ?? {})) {
    const got = getAtPath(outcome.body, path);
    if (got.found) ctx.captures[name] = got.value;
  }
  const status: Status = differences.some((d) => d.severity === 'breaking') ? 'failed' : 'passed';
  return { ...head, status, request, response, differences };
}

/** Results of every applicable scenario × revision, in scenario order then revision order. */
export async function runScenarios(
  scenarios: readonly LoadedScenario[],
  options: RunnerOptions,
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const schemaFor = options.schemaFor ?? buildRevisionSchema;
  for (const revision of options.revisions) {
    const schema = schemaFor(revision);
    for (const loaded of scenarios) {
      if (!loaded.scenario.revisions.includes(revision)) continue;
      const result = await runScenario(loaded, revision, options, schema);
      results.push(result);
      options.onResult?.(result);
    }
  }
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
    out.push(
      await checkDrift(
        revision,
        options.target.endpointFor(revision),
        options.target.headers,
        schemaFor(revision),
        options.http,
      ),
    );
  }
  return out;
}
