import type { Version } from '../../contract/versions.js';

/** How strongly the spec words an expectation (graphql-http's audit levels). */
export type Level = 'MUST' | 'SHOULD' | 'MAY';

/** What an expectation rests on: spec clauses (`§8`) and assumption ids (`A-30`). */
export interface Basis {
  spec: string[];
  assumptions: string[];
}

/** When a step runs: setup and teardown bracket the test steps so a real tenant is left as found. */
export type Phase = 'setup' | 'test' | 'teardown';

/** Fields every explicit expectation may carry. */
export interface ExpectationCommon {
  /** Stable id within the step; defaults to `<kind>:<path>`. */
  id?: string;
  level?: Level;
  /** Spec clauses and/or assumption ids; defaults to the scenario's `spec` and `assumptions`. */
  basis?: string[];
  /** Revisions the expectation applies to; all of the scenario's by default. */
  revisions?: Version[];
}

/** A count: exact or a range. */
export type CountSpec = number | { min?: number; max?: number };

/** JSON types a `type` expectation can name. */
export type JsonTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** Values at a JSON path of the response body. */
export interface PathExpectation extends ExpectationCommon {
  path: string;
  equals?: unknown;
  type?: JsonTypeName;
  matches?: string;
  count?: CountSpec;
  contains?: unknown;
  exists?: boolean;
  /** The list repeats no item (compared as JSON): pages of one answer are disjoint only then. */
  distinct?: true;
  /** Every item of the list holds these values (as `contains` matches one item): a filter kept to. */
  every?: unknown;
  /** No item of the list holds these values: another tenant's record is not in this tenant's page. */
  none?: unknown;
}

/** Business-rule failures expected by `propertyName` (§7.1), in `validationErrors` or an A-10 error. */
export interface ValidationErrorsExpectation extends ExpectationCommon {
  validationErrors: string[];
  /** Path of the `validationErrors` list; by default the root field's list and the errors' extensions. */
  at?: string;
  /** When true, no other propertyName may be reported. */
  only?: boolean;
}

/** A GraphQL error expected in `errors` (e.g. a 1.4.0-only operation asked of 1.2.0). */
export interface ErrorExpectation extends ExpectationCommon {
  error: { code?: string; message?: string };
}

/** An HTTP status expected of the response. */
export interface HttpStatusExpectation extends ExpectationCommon {
  httpStatus: number;
}

/** One explicit expectation of a step. */
export type Expectation =
  PathExpectation | ValidationErrorsExpectation | ErrorExpectation | HttpStatusExpectation;

/** Rules of the differential mode: which paths compare by value, by JSON type only, or not at all. */
export interface CompareRules {
  value?: string[];
  type?: string[];
  ignore?: string[];
}

/**
 * Whose credentials a step runs with besides the main tenant's: the limited tenant's, none at all, or a
 * well-formed token no tenant has.
 */
export type Tenant =
  'limited' | 'anonymous' | 'unknown-token' | 'extended-token' | 'lowercase-scheme' | 'bare-token';

/** The skip reason of a scenario with an `as: limited` step where no limited tenant is configured. */
export const NO_LIMITED_TENANT = 'no limited tenant configured';

/** The skip reason of a scenario with a per-step `region` on a target whose URL cannot name another region. */
export const NO_REGIONS = 'the target has no endpoint per region (put {region} in its URL)';

/** The skip reason of a scenario with a `revisionPath` step on a target whose URL names no revision. */
export const NO_REVISION_PATH = "the target's URL names no revision (/1.4.0/) to replace";

/** Whether a scenario sends a step to a revision path of its own. */
export function usesRevisionPath(scenario: Scenario): boolean {
  return scenario.steps.some((s) => s.revisionPath !== undefined);
}

/** Whether a scenario sends a step to another region. */
export function usesRegions(scenario: Scenario): boolean {
  return scenario.steps.some((s) => s.region !== undefined);
}

/** Whether any step of the scenario runs as the limited tenant. */
export function usesLimitedTenant(scenario: Scenario): boolean {
  return scenario.steps.some((s) => s.as === 'limited');
}

/** A media type a step's `Accept` header can name alone. */
export type AcceptAsked = 'json' | 'graphql-response';

/** The media type each `accept` value names. */
export const ACCEPT_MEDIA_TYPES: Readonly<Record<AcceptAsked, string>> = {
  json: 'application/json',
  'graphql-response': 'application/graphql-response+json',
};

/** One request of a scenario and what its response must look like. */
export interface Step {
  id: string;
  title?: string;
  phase?: Phase;
  /** Revisions the step runs on; all of the scenario's by default. */
  revisions?: Version[];
  /**
   * `limited`: the step runs with the second (limited) tenant's credentials; `anonymous`: without any;
   * `unknown-token`: with a bearer token no tenant has.
   * `extended-token`: with the target's own bearer token and characters after it (A-560).
   * `lowercase-scheme`: with the target's own token under the scheme written `bearer` (A-578).
   * `bare-token`: with the target's own token and no scheme before it (A-56).
   */
  as?: Tenant;
  /** Another region's endpoint (`eu`) this step is sent to instead of the target's own region. */
  region?: string;
  /** The endpoint's revision segment replaced by this text: a revision the API does not have (A-609). */
  revisionPath?: string;
  document: string;
  operationName?: string;
  /**
   * The variables sent; `null` sends `"variables": null`, which a GraphQL server reads as no variables
   * (A-562). Left out, the request has no `variables` entry.
   */
  variables?: Record<string, unknown> | null;
  /**
   * `cut-short`: the request's JSON envelope is sent without its last character, a body that is not
   * JSON, as a client cut off mid-write sends it (A-564); `no-query`: the envelope without its `query`
   * entry; `cut-document`: the document without its last character, a query that does not parse;
   * `with-extensions`: the envelope with an empty `extensions` map, which GraphQL over HTTP allows (A-578). The
   * report shows the envelope the body was made from.
   */
  body?: 'cut-short' | 'no-query' | 'cut-document' | 'with-extensions';
  /**
   * The only media type the step's `Accept` header names: `json` (application/json) or `graphql-response`
   * (application/graphql-response+json); the answer must come as that type (A-575). Left out, both are
   * accepted.
   */
  accept?: AcceptAsked;
  /**
   * `get` sends the document with GET, its envelope as URL parameters (GraphQL over HTTP, A-60): a
   * mutation sent so must be refused and not run (A-576). `put`, `patch` and `delete` send the envelope
   * as POST does, with a method GraphQL over HTTP does not serve: refused 405 (A-583). POST by default.
   */
  method?: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /**
   * `json-utf8` types a POST body `application/json; charset=utf-8`, a media type with a parameter, as
   * many clients send it; it must be served as plain `application/json` is (A-581). `text-plain` types it
   * `text/plain`, which a GraphQL endpoint refuses with 415 (A-585).
   */
  contentType?: 'json-utf8' | 'text-plain';
  /** Names for values of this step's response, usable later as `${captures.name}`. */
  capture?: Record<string, string>;
  /**
   * Captures the scenario cannot do without, each with the reason it is skipped when the tenant holds
   * no such item: a path with a find (`models[?relationshipScore].id`) picks an item that has what the
   * scenario needs instead of assuming the first one does.
   */
  find?: Record<string, Find>;
  /** The automatic response-shape check; on by default. */
  shape?: boolean | { level?: Level; basis?: string[] };
  expect?: Expectation[];
  compare?: CompareRules;
}

/**
 * A capture that must be found. When `path` finds nothing (no item meets its `[?…]`), the step's own
 * expectations (about the found item) are not judged, only its answer's shape, and the step and the
 * later ones but teardown are skipped with `skip` as their reason: what the tenant's data cannot show
 * is left uncovered (a skip the verdict counts), never reported as a difference.
 */
export interface Find {
  path: string;
  /** Why the scenario cannot run on this tenant, e.g. "no contact of the first page has a score". */
  skip: string;
}

/** One fault rule of `state.faults`, as `PUT /__admin/faults` takes it (the simulator checks the details). */
export interface FaultRuleState {
  operations?: string[];
  tenant?: string;
  errorRate?: number;
  errorKind?: string;
  [setting: string]: unknown;
}

/**
 * Provider states a scenario needs before its steps (set through the simulator's admin API, so such a
 * scenario runs only against `--target sim`): `clock` is a tenant clock change, as
 * `PUT /__admin/tenants/{id}/clock` takes it; `faults` a fault configuration, as `PUT /__admin/faults`
 * takes it.
 */
export interface ProviderState {
  clock?: { now: string } | { offsetSeconds: number } | { advanceSeconds: number };
  faults?: { seed?: number; rules?: FaultRuleState[]; eventFeed?: Array<Record<string, unknown>> };
}

/** A replayable scenario as written in `conformance/**.yaml`. */
export interface Scenario {
  id: string;
  title: string;
  description?: string;
  revisions: Version[];
  tags: string[];
  spec: string[];
  assumptions: string[];
  steps: Step[];
  compare?: CompareRules;
  /** Provider states set before the steps and undone after them. */
  state?: ProviderState;
  /**
   * Regions the scenario runs in again, each as `<id>@<region>` with every step that names no region of
   * its own sent there: one release can misroute one region's writes of one kind of record.
   */
  alsoInRegions?: string[];
  /** The region a copy made for `alsoInRegions` runs in (set when the copy is made, never in a file). */
  copyIn?: string;
}

/** A scenario with where it came from. */
export interface LoadedScenario {
  scenario: Scenario;
  /** Path relative to the scenario folder, with `/` separators. */
  file: string;
}

/** The tag that marks scenarios that write to the tenant. */
export const MUTATES_TAG = 'mutates';

/**
 * Whether a scenario writes to the tenant (tagged `mutates`): a read-only certification of a real
 * endpoint skips it, and only its mutations move what the run holds the tenant to (A-580).
 */
export function writesTenant(scenario: Pick<Scenario, 'tags'>): boolean {
  return scenario.tags.includes(MUTATES_TAG);
}

/**
 * The tag of a scenario that only asks whether operations are served (each refused before it runs): its
 * steps do not count as exercising an operation in the coverage report.
 */
export const PRESENCE_TAG = 'presence';
