import { exitCodeOf, failureKeys, verdictOf, type Reports, type RunResult } from '../../conformance/index.js';

type Count = { covered: number; total: number; percent: number };

/** A coverage count without its lists of names (those are in the JSON report). */
function count(c: Count): Count {
  return { covered: c.covered, total: c.total, percent: c.percent };
}

/**
 * The document `conform --json` prints: the verdict, the JSON report's summary and the gate, drift and
 * coverage as counts, the failure keys and where the reports are. The full detail stays in the
 * reports; this is what a script branches on.
 */
export function conformSummary(result: RunResult, reports: Reports): Record<string, unknown> {
  const coverage = result.coverage;
  return {
    tool: result.tool,
    runId: result.runId,
    target: result.target,
    revisions: result.revisions,
    verdict: verdictOf(result),
    exitCode: exitCodeOf(result),
    summary: result.summary,
    drift: result.drift.map((d) =>
      d.status === 'unavailable'
        ? { revision: d.revision, status: d.status, reason: d.reason }
        : {
            revision: d.revision,
            status: d.status,
            breaking: d.changes.filter((c) => c.criticality === 'BREAKING').length,
            dangerous: d.changes.filter((c) => c.criticality === 'DANGEROUS').length,
            safe: d.changes.filter((c) => c.criticality === 'NON_BREAKING').length,
          },
    ),
    // Printed by JSON.stringify alone (Output.json), which leaves out an undefined member as an absent one.
    compare: result.compare && {
      secondaryTarget: result.compare.secondaryTarget,
      structuralDifferences: result.compare.differences.length,
    },
    baseline: result.baseline,
    coverage: {
      revisions: coverage.revisions.map((r) => ({
        revision: r.revision,
        operations: count(r.operations),
        arguments: count(r.arguments),
        inputFields: count(r.inputFields),
        resultFields: count(r.resultFields),
      })),
      specRules: count(coverage.specRules),
      assumptions: count(coverage.assumptions),
    },
    skips: result.skips?.uncovered,
    gate: result.gate,
    failures: failureKeys(result),
    reports,
  };
}
