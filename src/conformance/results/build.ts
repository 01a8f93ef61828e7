import { buildRevisionSchema } from '../../contract/generate.js';
import type { Version } from '../../contract/versions.js';
import { readCatalogues } from '../coverage/catalogues.js';
import { computeCoverage, type CoverageCatalogues, type CoverageReport } from '../coverage/coverage.js';
import type { LoadedScenario } from '../scenario/types.js';
import type { RunResult, ScenarioResult } from './run-result.js';
import { summarize } from './summary.js';

/**
 * The spec-rule and assumption catalogues of conformance/. Empty when they cannot be read: a run still
 * reports, with nothing to cite (conform's `--require-rules` gate then fails on its own terms).
 */
export function shippedCatalogues(): CoverageCatalogues {
  const read = readCatalogues();
  return read.ok ? read.catalogues : { specRules: [], assumptions: [] };
}

/** Coverage of the contract of each revision by what ran (the loaded scenarios say what they assert). */
export function coverageOf(
  loaded: readonly LoadedScenario[],
  ran: readonly ScenarioResult[],
  revisions: readonly Version[],
  catalogues: CoverageCatalogues = shippedCatalogues(),
): CoverageReport {
  return computeCoverage(loaded, ran, revisions, buildRevisionSchema, catalogues);
}

/** What a tool knows of its run; the builder adds the format version and the summary derived from it. */
export type RunFacts = Omit<RunResult, 'formatVersion' | 'summary'>;

/**
 * The one way a run result is made, by conform, the proxy's journal and the fuzzer alike, so the
 * reports read the same model whichever tool produced it.
 */
export function buildRunResult(facts: RunFacts): RunResult {
  const unsummarized = { formatVersion: 1 as const, ...facts };
  return { ...unsummarized, summary: summarize(unsummarized) };
}
