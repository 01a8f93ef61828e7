/**
 * The one door into src/conformance: code outside this folder imports only from here
 * (test/architecture/imports.test.ts enforces it), so the folders inside can be moved and split
 * without touching the CLI, the proxy, the fuzzer or the programmatic API.
 */

// Export lists only: runs that read like another folder's index are lists of names, not logic.
// Scenarios: their format, files and paths.
export { formatScenarioFileError } from './scenario/errors.js';
export { interpolate, type InterpolationContext } from './scenario/interpolate.js';
export { formatPath, getAtPath, type PathSegment } from './scenario/json-path.js';
export { parseScenario } from './scenario/load.js';
export { SCENARIO_DIR } from './scenario/paths.js';
export {
  MUTATES_TAG,
  type Expectation,
  type JsonTypeName,
  type LoadedScenario,
  type PathExpectation,
  type Scenario,
  type Step,
  type Tenant,
} from './scenario/types.js';

// Targets: where requests go and how.
export { postGraphQL, type HttpOptions } from './target/http-client.js';
export { keepAliveTransport, type KeepAliveTransport } from './target/transport.js';
export { openTarget, preflight, type OpenTarget, type TargetSpec } from './target/open.js';
export { createPacer, isValidRate } from './target/rate.js';
export type { Target, TargetFactory } from './target/target.js';

// Judging one response.
export { checkExpectation, type Finding } from './assert/explicit.js';
export { differenceOf, judge, onlyMediaTypeAsked, type Judged, type JudgedResponse } from './judge/judge.js';
export { compiledShapeOf } from './shape/cache.js';
export { compileShape } from './shape/compile.js';
export { diffSchemas, introspect } from './drift/drift.js';

// Results: the model of a run and what is derived from it.
export type { Difference } from './outcome/differences.js';
export type {
  RecordedRequest,
  RecordedResponse,
  RunResult,
  ScenarioResult,
  Status,
  StepResult,
} from './results/run-result.js';
export { failureKeys, summarize } from './results/summary.js';
export { buildRunResult, coverageOf, shippedCatalogues, type RunFacts } from './results/build.js';
export { verdictOf } from './results/verdict.js';
export { mergeShards, type ShardReport } from './results/merge.js';
export { readRunReport } from './results/read-report.js';
export { withJunitTimes } from './report/junit.js';
export { readCatalogues } from './coverage/catalogues.js';
export { computeCoverage, operationsOf } from './coverage/coverage.js';

// Reports.
export { renderConsole } from './report/console.js';
export { basisText, brief, escapeXml, PLAIN, when, type TextStyle } from './report/text.js';
export {
  REPORT_FORMATS,
  REPORT_TITLES,
  type ReportFormat,
  type ReportId,
  type Reports,
} from './report/formats.js';
export { renderReports, writeReports } from './report/write.js';

// Running.
export { exitCodeOf } from './run/conform.js';
export { runScenarios } from './run/runner.js';
export { runConformance, type ConformHooks } from './run/session.js';
export { parseShard, type Shard } from './run/shard.js';
export { CONFORM_DEFAULTS, gateOf, type ConformSettings } from './settings.js';
export { runStep, type StepHooks, type StepOptions } from './run/step.js';
