import { getOperationAST, parse, type GraphQLSchema } from 'graphql';
import { randomUUID } from 'node:crypto';
import type { Version } from '../../contract/versions.js';
import { isErrorExpectation, type Finding } from '../assert/explicit.js';
import { pageFindings } from '../assert/pages.js';
import { observeJoins } from '../joins/joins.js';
import type { JoinLedger } from '../joins/ledger.js';
import { getAtPath } from '../scenario/json-path.js';
import { differenceOf, judge, type ShapeJudgement } from '../judge/judge.js';
import { maskHeaders } from '../results/mask.js';
import type {
  RecordedRequest,
  RecordedResponse,
  Status,
  StepResult,
  TwinExchange,
} from '../results/run-result.js';
import { interpolate, type InterpolationContext } from '../scenario/interpolate.js';
import {
  ACCEPT_MEDIA_TYPES,
  writesTenant,
  type Expectation,
  type Find,
  type Scenario,
  type Step,
} from '../scenario/types.js';
import { compiledShapeOf } from '../shape/cache.js';
import { getUrl, postGraphQL, type GraphQLRequest, type HttpOutcome } from '../target/http-client.js';
import type { Target } from '../target/target.js';
import type { ConformSettings } from '../settings.js';
import {
  ANONYMOUS_BASIS,
  credentialTwins,
  TWIN_BASIS,
  TWIN_HEADER,
  type Elsewhere,
  type TwinPlanner,
  UNKNOWN_TOKEN,
} from './twins.js';
import { ALONE, judgeAnonymous, judgeTwin, lowerCased } from './twin-verdicts.js';
import { ALONE_BASIS, aloneQueries, aloneRequest } from './alone.js';
import { CASED, CASED_BASIS, casedQuery, WIDENED, WIDENED_BASIS, widenedQuery } from './filter-twins.js';
import { judgeShorter, SHORTER_BASIS, shorterQuery } from './page-twins.js';
import type { AnswerMemory } from './answers.js';

/** The media type each step `contentType` types its POST body with. */
const CONTENT_TYPES: Readonly<Record<NonNullable<Step['contentType']>, string>> = {
  'json-utf8': 'application/json; charset=utf-8',
  'text-plain': 'text/plain',
};

/** What `as: extended-token` steps add after the target's own token: a token that only starts with it (A-560). */
export const TOKEN_EXTENSION = '-rm-harness-extended';

const withoutAuthorization = (headers: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'authorization'));

/**
 * The target's own credentials with characters after the token: a server that compares only a
 * prefix, or reads the token up to its known length, takes it for the real one. A target configured
 * without a bearer token gets the unknown token extended, which is no tenant's either.
 */
function extendedTokenHeaders(headers: Record<string, string>): Record<string, string> {
  const own = Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  const bearer = own !== undefined && /^Bearer\s+\S/i.test(own) ? own : `Bearer ${UNKNOWN_TOKEN}`;
  return { ...withoutAuthorization(headers), authorization: `${bearer.trimEnd()}${TOKEN_EXTENSION}` };
}

/**
 * The target's own credentials with the scheme written in lower case (`bearer …`): HTTP compares
 * authentication schemes case-insensitively (A-578), so the same token must be served.
 */
function lowercaseSchemeHeaders(headers: Record<string, string>): Record<string, string> {
  const own = Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  if (own === undefined || !/^Bearer\s/i.test(own)) return headers;
  return { ...withoutAuthorization(headers), authorization: `bearer${own.slice('Bearer'.length)}` };
}

/**
 * The target's own token with no scheme before it (`Authorization: <token>`): not a bearer credential
 * (§5.2, A-56), so no tenant's; a server that strips an optional "Bearer " serves it. A target without
 * a bearer token sends the unknown token bare.
 */
function bareTokenHeaders(headers: Record<string, string>): Record<string, string> {
  const own = Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  const token =
    own !== undefined && /^Bearer\s+\S/i.test(own) ? own.replace(/^Bearer\s+/i, '') : UNKNOWN_TOKEN;
  return { ...withoutAuthorization(headers), authorization: token.trim() };
}

/** The headers a step is sent with: the target's own, or the credentials its `as` names. */
function credentialsFor(step: Step, target: Target): Record<string, string> {
  switch (step.as) {
    case 'limited':
      return target.limitedHeaders ?? target.headers;
    case 'anonymous':
      // No credentials at all: what a client without a token sends (a recorded exchange, A-226).
      return withoutAuthorization(target.headers);
    case 'unknown-token':
      // A well-formed bearer token no tenant was given: what a revoked or mistyped token looks like.
      return { ...withoutAuthorization(target.headers), authorization: `Bearer ${UNKNOWN_TOKEN}` };
    case 'extended-token':
      return extendedTokenHeaders(target.headers);
    case 'lowercase-scheme':
      return lowercaseSchemeHeaders(target.headers);
    case 'bare-token':
      return bareTokenHeaders(target.headers);
    default:
      return target.headers;
  }
}

/** Whether a step or expectation limited to some revisions applies to this one. */
export const appliesTo = (revisions: readonly Version[] | undefined, revision: Version): boolean =>
  revisions === undefined || revisions.includes(revision);

/** Where steps are sent (the run's open target) and how (the run's settings' `http`). */
export interface StepOptions extends Pick<ConformSettings, 'http'> {
  target: Target;
  /** The run's join ledger: answers are held against each other and read back once the run is over. */
  joins?: JoinLedger;
  /** The run's transport twins: some answered queries are sent again another way and held to the first answer (A-582). */
  twins?: TwinPlanner;
  /** The run's answers by their text: a failed step answered what another request was names the cache (A-540). */
  answers?: AnswerMemory;
  /** The other revision the run asks, with its schema: where a twin may ask the same document (A-582). */
  otherRevision?: (revision: Version) => { version: Version; schema: GraphQLSchema } | undefined;
}

/** A step ready to send: the request, its resolved expectations and how its shape is judged. */
interface PreparedStep {
  request: GraphQLRequest;
  expectations: Expectation[];
  shape: ShapeJudgement;
}

/**
 * What a caller adds to a step: `decide` gives the expectations a conforming answer meets when they are
 * known only from the answer itself (an input a target may accept or refuse: the fuzzer). It sees the
 * parsed body of every answer below 500; what it returns is judged with the step's own expectations,
 * and an error among them replaces the shape check as in a written step.
 */
export interface StepHooks {
  decide?: (body: unknown) => Expectation[];
}

/** Whether the step's document is a mutation: its answer describes no one state of the data. */
function isWrite(document: string, operationName: string | undefined): boolean {
  try {
    return getOperationAST(parse(document), operationName)?.operation === 'mutation';
  } catch {
    return false;
  }
}

/**
 * Whether a step's answer may be sent again another way: an operation sent plainly with credentials the
 * target serves, answered 200 with data and no errors (a mutation only without its credentials, which
 * a correct service refuses before anything runs). Steps that ask for a transport of their own, the
 * fuzzer's cases (`decide`) and teardowns are left as written.
 */
function twinnable(step: Step, hooks: StepHooks, outcome: { status: number; body: unknown }): boolean {
  if (hooks.decide || step.phase === 'teardown') return false;
  if (step.as !== undefined && step.as !== 'limited') return false;
  if (step.body || step.method || step.accept || step.contentType) return false;
  const body = outcome.body as { data?: unknown; errors?: unknown[] } | undefined;
  return (
    outcome.status === 200 && body?.data != null && !(Array.isArray(body.errors) && body.errors.length > 0)
  );
}

/**
 * The root fields a document's operation asks for, `__typename` left out: by the keys its answer holds
 * them under (aliases), or `by: 'name'` by the fields' own names (which operation a twin repeats).
 */
function rootFieldsOf(
  document: string,
  operationName: string | undefined,
  by: 'key' | 'name' = 'key',
): string[] {
  const op = getOperationAST(parse(document), operationName);
  return (op?.selectionSet.selections ?? []).flatMap((s) =>
    s.kind === 'Field' && s.name.value !== '__typename'
      ? [by === 'name' ? s.name.value : (s.alias?.value ?? s.name.value)]
      : [],
  );
}

/** How the step's answer is held to the contract, given its expectations. */
function shapeOf(
  step: Step,
  expects: readonly Expectation[],
  revision: Version,
  schema: GraphQLSchema,
): ShapeJudgement | { invalid: string } {
  const shapeLevel = typeof step.shape === 'object' ? step.shape : {};
  const shape: ShapeJudgement = {
    rootFields: [],
    level: shapeLevel.level,
    basis: shapeLevel.basis,
  };
  // An expected error replaces data, so there is no shape to hold it to.
  if (step.shape !== false && !expects.some(isErrorExpectation)) {
    const compiled = compiledShapeOf(schema, step.document, step.operationName);
    if (!compiled.ok) {
      return { invalid: `the step's document is not valid for ${revision}: ${compiled.errors.join('; ')}` };
    }
    shape.schema = compiled.schema;
    shape.rootFields = compiled.rootFields;
  } else {
    shape.rootFields = rootFieldsOf(step.document, step.operationName);
  }
  return shape;
}

/**
 * Resolves `${…}` in variables and expectations and compiles the response shape; a string says why
 * the step cannot be sent (an unresolved reference, a document invalid for the revision).
 */
function prepare(
  step: Step,
  revision: Version,
  options: StepOptions,
  schema: GraphQLSchema,
  ctx: InterpolationContext,
): PreparedStep | { unresolved: string } | { invalid: string } {
  const expectations = (step.expect ?? []).filter((e) => appliesTo(e.revisions, revision));
  const variables =
    step.variables === null ? ({ ok: true, value: null } as const) : interpolate(step.variables ?? {}, ctx);
  const resolved = interpolate(expectations, ctx);
  if (!variables.ok) return { unresolved: variables.error };
  if (!resolved.ok) return { unresolved: resolved.error };
  const expects = resolved.value as Expectation[];
  const shape = shapeOf(step, expects, revision, schema);
  if ('invalid' in shape) return shape;
  const headers = credentialsFor(step, options.target);
  const asked: Record<string, string> = {
    ...(step.accept ? { accept: ACCEPT_MEDIA_TYPES[step.accept] } : {}),
    ...(step.contentType ? { 'content-type': CONTENT_TYPES[step.contentType] } : {}),
  };
  const vars = variables.value as Record<string, unknown> | null;
  const endpoint =
    step.region !== undefined && options.target.endpointIn
      ? options.target.endpointIn(revision, step.region)
      : options.target.endpointFor(revision);
  const request: GraphQLRequest = {
    // The runner skips a scenario with a revision path where the URL names no revision (A-609).
    url:
      step.revisionPath === undefined
        ? endpoint
        : endpoint.replace(`/${revision}/`, `/${step.revisionPath}/`),
    headers: { ...headers, ...asked },
    body: {
      query: step.document,
      // An explicit null is sent as null (A-562); an empty object is no variables entry at all.
      ...(vars === null ? { variables: null } : Object.keys(vars).length > 0 ? { variables: vars } : {}),
      ...(step.operationName ? { operationName: step.operationName } : {}),
    },
  };
  if (step.method !== undefined && step.method !== 'post') {
    request.method = step.method.toUpperCase() as NonNullable<GraphQLRequest['method']>;
  }
  if (step.body === 'cut-short') request.rawBody = JSON.stringify(request.body).slice(0, -1);
  if (step.body === 'cut-document') {
    request.rawBody = JSON.stringify({ ...request.body, query: step.document.trimEnd().slice(0, -1) });
  }
  if (step.body === 'with-extensions') request.rawBody = JSON.stringify({ ...request.body, extensions: {} });
  if (step.body === 'no-query') {
    const { query: _query, ...rest } = request.body;
    request.rawBody = JSON.stringify(rest);
  }
  return { request, expectations: expects, shape };
}

function record(outcome: Extract<HttpOutcome, { kind: 'response' }>): RecordedResponse {
  return {
    status: outcome.status,
    contentType: outcome.contentType,
    ...(outcome.body !== undefined ? { body: outcome.body } : { text: outcome.text.slice(0, 2000) }),
    durationMs: outcome.durationMs,
    attempts: outcome.attempts,
    ...(outcome.waitedMs !== undefined ? { waitedMs: outcome.waitedMs } : {}),
    ...(outcome.busyRetries !== undefined ? { busyRetries: outcome.busyRetries } : {}),
  };
}

/**
 * Keeps a twin that gave the step a difference in its result, masked as the step's own request is, so
 * a report shows what to send to see the difference again.
 */
function keepTwin(result: StepResult, request: GraphQLRequest, answer: HttpOutcome): void {
  const method = request.method ?? 'POST';
  const exchange: TwinExchange = {
    way: request.headers[TWIN_HEADER] ?? 'twin',
    request: {
      method,
      url: method === 'GET' ? getUrl(request) : request.url,
      headers: maskHeaders(request.headers),
      body: request.body,
    },
    ...(answer.kind === 'response' ? { response: record(answer) } : { note: answer.message }),
  };
  (result.twins ??= []).push(exchange);
}

/**
 * The step with `${…}` resolved in the paths of its finds and captures, so a find can name a value an
 * earlier step answered (`models[?id=${captures.personId}].sponsors`: the row of a record the scenario
 * made, wherever the page puts it); a string says which reference could not be resolved.
 */
export function withResolvedPaths(step: Step, ctx: InterpolationContext): Step | string {
  if (!step.find && !step.capture) return step;
  const paths = interpolate({ find: step.find ?? {}, capture: step.capture ?? {} }, ctx);
  if (!paths.ok) return paths.error;
  const { find, capture } = paths.value as Pick<Step, 'find' | 'capture'>;
  return { ...step, ...(step.find ? { find } : {}), ...(step.capture ? { capture } : {}) };
}

/** The first of the step's `find`s that finds nothing in this answer, if any. */
export function missedFind(step: Step, body: unknown): Find | undefined {
  return Object.values(step.find ?? {}).find((f) => {
    const got = getAtPath(body, f.path);
    return !got.found || got.value === undefined || got.value === null;
  });
}

/** Keeps the response for `${steps.<id>…}` and the step's captures and finds for later steps. */
function capture(step: Step, body: unknown, ctx: InterpolationContext): void {
  ctx.steps[step.id] = body;
  const paths = [
    ...Object.entries(step.capture ?? {}),
    ...Object.entries(step.find ?? {}).map(([name, f]): [string, string] => [name, f.path]),
  ];
  for (const [name, path] of paths) {
    const got = getAtPath(body, path);
    if (got.found) ctx.captures[name] = got.value;
  }
}

/** Runs one step: prepare → send → judge → capture. Never throws for anything the target does. */
export async function runStep(
  scenario: Scenario,
  step: Step,
  revision: Version,
  options: StepOptions,
  schema: GraphQLSchema,
  ctx: InterpolationContext,
  hooks: StepHooks = {},
): Promise<StepResult> {
  const phase = step.phase ?? 'test';
  const head = { stepId: step.id, phase };
  const prepared = prepare(step, revision, options, schema, ctx);
  if ('unresolved' in prepared) {
    // A teardown whose setup never produced its inputs has nothing to remove.
    const status = phase === 'teardown' ? 'skipped' : 'error';
    return { ...head, status, note: prepared.unresolved, differences: [] };
  }
  if ('invalid' in prepared) return { ...head, status: 'error', note: prepared.invalid, differences: [] };
  const { url, headers, body } = prepared.request;
  const request: RecordedRequest = {
    method: prepared.request.method ?? 'POST',
    url,
    headers: maskHeaders(headers),
    body,
  };
  const write = isWrite(step.document, step.operationName);
  // A scenario without the mutates tag runs in a read-only certification: it promises to leave the
  // tenant as it found it, so its mutations are refusals and do not move the run's state (A-580).
  const changes = write && writesTenant(scenario);
  const askedIn = options.joins?.stateNow();
  if (changes) options.joins?.writeStarted();
  let outcome: HttpOutcome;
  try {
    outcome = await postGraphQL(prepared.request, options.http);
  } finally {
    if (changes) options.joins?.writeEnded();
  }
  if (outcome.kind === 'network-error') {
    return {
      ...head,
      status: 'network-error',
      note: `${outcome.message} (after ${outcome.attempts} attempt${outcome.attempts === 1 ? '' : 's'})`,
      request,
      differences: [],
    };
  }
  if (outcome.unavailable !== undefined) {
    // The target never answered the question: no verdict on the API, and nothing to judge.
    return {
      ...head,
      status: 'unavailable',
      note: `target unavailable: ${outcome.unavailable}`,
      request,
      response: record(outcome),
      differences: [],
    };
  }
  let { expectations, shape } = prepared;
  // The expectations of a step that finds are about the item found: with none, only the shape is judged.
  const missed = missedFind(step, outcome.body);
  if (missed) expectations = [];
  if (hooks.decide && outcome.status < 500) {
    expectations = [...expectations, ...hooks.decide(outcome.body)];
    const decided = shapeOf(step, expectations, revision, schema);
    if ('invalid' in decided)
      return { ...head, status: 'error', note: decided.invalid, request, differences: [] };
    shape = decided;
  }
  const data = (outcome.body as { data?: unknown } | undefined)?.data;
  // Every page is held to the paging rules, whatever data the tenant holds (A-421).
  const pages =
    outcome.status < 500 && data !== null && data !== undefined
      ? pageFindings(
          schema,
          { document: step.document, operationName: step.operationName, variables: body.variables },
          data,
        )
      : [];
  const joins =
    outcome.status < 500 && data !== null && data !== undefined
      ? observeJoins(
          schema,
          { document: step.document, operationName: step.operationName },
          data,
          serverNow(scenario),
        )
      : undefined;
  const judged = [
    ...judge(
      step.accept ? { ...outcome, mediaTypeAsked: ACCEPT_MEDIA_TYPES[step.accept] } : outcome,
      expectations,
      shape,
    ),
    ...[...pages, ...(joins?.findings ?? [])].map((p) => ({
      finding: p.finding,
      level: 'MUST' as const,
      basis: p.basis,
    })),
  ];
  const differences = judged.map((j) =>
    differenceOf(j, { scenarioId: scenario.id, stepId: step.id, revision }, [
      ...scenario.spec,
      ...scenario.assumptions,
    ]),
  );
  capture(step, outcome.body, ctx);
  const failed = differences.some((d) => d.severity === 'breaking');
  if (outcome.body !== undefined && options.answers) {
    const where = `${scenario.id}/${step.id} [${revision}]`;
    const cached = options.answers.observe(where, prepared.request, outcome.body, failed);
    if (cached) {
      differences.push(
        differenceOf(
          { finding: cached, level: 'MUST', basis: ['A-540'] },
          { scenarioId: scenario.id, stepId: step.id, revision },
        ),
      );
    }
  }
  // A step that found nothing checked only the answer's shape: skipped, for the reason its author named.
  const status: Status = failed ? 'failed' : missed ? 'skipped' : 'passed';
  const result: StepResult = {
    ...head,
    status,
    ...(missed ? { note: missed.skip } : {}),
    request,
    response: record(outcome),
    differences,
  };
  if (joins && !write) {
    options.joins?.observe({ result, scenarioId: scenario.id, revision, url, headers }, askedIn, joins);
  }
  if (options.twins && twinnable(step, hooks, outcome)) {
    const roots = [...new Set(rootFieldsOf(step.document, step.operationName, 'name'))].sort().join(',');
    const elsewhere = (): Elsewhere | undefined => {
      // Introspection describes the revision's schema, which is what the revisions differ in (§9.3).
      if (/(^|,)__(schema|type)(,|$)/.test(roots)) return undefined;
      const other = options.otherRevision?.(revision);
      if (!other || !compiledShapeOf(other.schema, step.document, step.operationName).ok) return undefined;
      const target = options.target;
      const otherUrl =
        step.region !== undefined && target.endpointIn
          ? target.endpointIn(other.version, step.region)
          : target.endpointFor(other.version);
      return { version: other.version, request: { ...prepared.request, url: otherUrl } };
    };
    await sendTwin(options, prepared.request, roots, askedIn, {
      result,
      scenario,
      revision,
      data,
      elsewhere,
      write,
      changes,
    });
    if (!write) {
      await sendAlone(options, prepared.request, askedIn, { result, scenario, step, revision, data, schema });
      await sendFilterTwins(options, prepared.request, roots, askedIn, {
        result,
        scenario,
        revision,
        data,
        schema,
      });
      await sendShorter(options, prepared.request, roots, askedIn, {
        result,
        scenario,
        revision,
        data,
        schema,
      });
    }
  }
  return result;
}

/** The server's now when an answer came: the run's, unless the scenario moves the tenant's clock (A-55). */
const serverNow = (scenario: Scenario): number | undefined =>
  scenario.state?.clock === undefined ? Date.now() : undefined;

/**
 * Asks each root field of an answered query that came with an alias or beside other root fields again,
 * alone and without its alias (A-602), a few times per field: a field's answer depends on its
 * arguments, not on its alias or its neighbours (GraphQL §6.3), and a client that asks one thing
 * writes it so. The answer must match the first one (with no write between, lists in any order), and
 * is held to the rules every answer is held to (pages, joins).
 */
async function sendAlone(
  options: StepOptions,
  request: GraphQLRequest,
  askedIn: number | undefined,
  at: {
    result: StepResult;
    scenario: Scenario;
    step: Step;
    revision: Version;
    data: unknown;
    schema: GraphQLSchema;
  },
): Promise<void> {
  const planner = options.twins;
  if (!planner || at.data === null || typeof at.data !== 'object') return;
  for (const alone of aloneQueries(at.step.document, at.step.operationName)) {
    if (!planner.nextAlone(`${at.revision} ${alone.name}`)) continue;
    const twin = aloneRequest(request, alone);
    const answer = await postGraphQL(twin, options.http);
    const sameState = askedIn !== undefined && options.joins?.stateNow() === askedIn;
    const original = { [alone.name]: (at.data as Record<string, unknown>)[alone.key] };
    const verdicts = judgeTwin('alone', original, answer, sameState).map((finding) => ({
      finding: { ...finding, expectationId: 'alone' },
      basis: ALONE_BASIS,
    }));
    const body = answer.kind === 'response' ? (answer.body as { data?: unknown } | undefined) : undefined;
    const data = answer.kind === 'response' && answer.status < 500 ? body?.data : undefined;
    const rules =
      data !== null && data !== undefined
        ? [
            ...pageFindings(
              at.schema,
              {
                document: alone.document,
                operationName: at.step.operationName,
                variables: twin.body.variables,
              },
              data,
            ),
            ...observeJoins(
              at.schema,
              { document: alone.document, operationName: at.step.operationName },
              data,
              serverNow(at.scenario),
            ).findings,
          ].map((p) => ({
            finding: { ...p.finding, message: `${p.finding.message} (${ALONE})` },
            basis: [...p.basis, ...ALONE_BASIS],
          }))
        : [];
    addTwinJudgements(at, twin, answer, [...verdicts, ...rules]);
  }
}

/**
 * Asks an answered query again with its filters rewritten so a correct service answers the same: a
 * fresh id that names nothing put first in each of its id filters (A-604), and the letter case of each
 * text it filters by turned over (A-605); a few times per revision, root fields and filters. The answer
 * must be the same data (with no write between, lists in any order).
 */
async function sendFilterTwins(
  options: StepOptions,
  request: GraphQLRequest,
  roots: string,
  askedIn: number | undefined,
  at: { result: StepResult; scenario: Scenario; revision: Version; data: unknown; schema: GraphQLSchema },
): Promise<void> {
  const planner = options.twins;
  if (!planner || at.data === null || typeof at.data !== 'object') return;
  const twins = [
    {
      id: 'widened',
      way: WIDENED,
      basis: WIDENED_BASIS,
      twin: widenedQuery(at.schema, request, randomUUID()),
    },
    { id: 'cased', way: CASED, basis: CASED_BASIS, twin: casedQuery(at.schema, request) },
  ] as const;
  for (const { id, way, basis, twin } of twins) {
    if (!twin || !planner.nextFilterTwin(`${id} ${at.revision} ${roots} ${twin.paths.join(',')}`)) continue;
    const answer = await postGraphQL(twin.request, options.http);
    const sameState = askedIn !== undefined && options.joins?.stateNow() === askedIn;
    const sent = `${way} (${twin.paths.join(', ')})`;
    const findings = judgeTwin(id, at.data, answer, sameState, sent, id === 'cased' ? lowerCased : undefined);
    addTwinFindings(at, twin.request, answer, findings, id, basis);
  }
}

/** A rewritten query's findings as the step's differences, under one id, with the twin kept for the report. */
function addTwinFindings(
  at: { result: StepResult; scenario: Scenario; revision: Version },
  request: GraphQLRequest,
  answer: HttpOutcome,
  findings: Finding[],
  expectationId: string,
  basis: readonly string[],
): void {
  addTwinJudgements(
    at,
    request,
    answer,
    findings.map((finding) => ({ finding: { ...finding, expectationId }, basis })),
  );
}

/** What a twin's answer showed, as the step's differences (each MUST), with the twin kept for the report. */
function addTwinJudgements(
  at: { result: StepResult; scenario: Scenario; revision: Version },
  request: GraphQLRequest,
  answer: HttpOutcome,
  found: readonly { finding: Finding; basis: readonly string[] }[],
): void {
  if (found.length === 0) return;
  const judged = found.map(({ finding, basis }) =>
    differenceOf(
      { finding, level: 'MUST', basis },
      { scenarioId: at.scenario.id, stepId: at.result.stepId, revision: at.revision },
    ),
  );
  keepTwin(at.result, request, answer);
  at.result.differences.push(...judged);
  if (judged.some((d) => d.severity === 'breaking')) at.result.status = 'failed';
}

/**
 * Asks an answered query again with each root page that answered two items or more one item shorter
 * (A-606), from the same skip and from one further on, a few times per revision and root fields: with
 * no write between, each page holds the same total and that part of the first answer's items, in order.
 */
async function sendShorter(
  options: StepOptions,
  request: GraphQLRequest,
  roots: string,
  askedIn: number | undefined,
  at: { result: StepResult; scenario: Scenario; revision: Version; data: unknown; schema: GraphQLSchema },
): Promise<void> {
  const planner = options.twins;
  if (!planner) return;
  for (const shift of [0, 1] as const) {
    const shorter = shorterQuery(at.schema, request, at.data, shift);
    if (!shorter || !planner.nextFilterTwin(`shorter ${shift} ${at.revision} ${roots}`)) continue;
    const answer = await postGraphQL(shorter.request, options.http);
    const sameState = askedIn !== undefined && options.joins?.stateNow() === askedIn;
    const way = `with ${shorter.pages.map((p) => `${p.key}'s skip ${p.skip} and limit ${p.limit}`).join(', ')}`;
    // The transport is held as every twin's is; the data, by the page rule below (not as equal data).
    const transport = judgeTwin('shorter', undefined, answer, false, way);
    const body = answer.kind === 'response' ? (answer.body as { data?: unknown } | undefined) : undefined;
    const pages = transport.length === 0 && sameState ? judgeShorter(shorter, body?.data) : [];
    addTwinFindings(at, shorter.request, answer, [...transport, ...pages], 'shorter-page', SHORTER_BASIS);
  }
}

/**
 * Sends the twin the run's planner chooses for an answered query and adds what its answer shows to the
 * step's result (A-582): a refusal, another media type or other data is the step's difference.
 */
async function sendTwin(
  options: StepOptions,
  request: GraphQLRequest,
  roots: string,
  askedIn: number | undefined,
  at: {
    result: StepResult;
    scenario: Scenario;
    revision: Version;
    data: unknown;
    elsewhere: () => Elsewhere | undefined;
    write: boolean;
    changes: boolean;
  },
): Promise<void> {
  const planner = options.twins;
  if (!planner) return;
  const key = `${at.revision} ${roots}`;
  // A write is never sent twice with credentials: only its refusals are asked for.
  const twin = at.write ? undefined : planner.plan(key, request, at.elsewhere);
  const basedOn = (findings: Finding[], basis: readonly string[]) =>
    findings.map((finding) => ({ finding, basis }));
  if (twin) {
    const answer = await postGraphQL(twin.request, options.http);
    const sameState = askedIn !== undefined && options.joins?.stateNow() === askedIn;
    const findings = judgeTwin(twin.variant, at.data, answer, sameState, twin.sent);
    addTwinJudgements(at, twin.request, answer, basedOn(findings, TWIN_BASIS));
  }
  for (const credential of credentialTwins(planner, key, request)) {
    // A service that skips authentication on a write path applies it: the run's state moves with it.
    if (at.changes) options.joins?.writeStarted();
    let answer: HttpOutcome;
    try {
      answer = await postGraphQL(credential.request, options.http);
    } finally {
      if (at.changes) options.joins?.writeEnded();
    }
    const operation = at.write ? 'mutation' : 'query';
    const findings = judgeAnonymous(answer, credential.sent, operation);
    addTwinJudgements(at, credential.request, answer, basedOn(findings, ANONYMOUS_BASIS));
  }
}
