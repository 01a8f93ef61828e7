import type { RunResult } from '../result.js';
import { coverageLine, gateChecks } from './coverage-text.js';
import { basisText, brief, passRate } from './text.js';

const MAX_LINES = 40;

/** The readable summary the CLI prints after a run. */
export function renderConsole(result: RunResult): string {
  const s = result.summary;
  const lines: string[] = [
    `Conformance of ${result.target.label}${result.target.isSimulator ? ' (simulator)' : ''}`,
  ];
  for (const [revision, t] of Object.entries(s.byRevision)) {
    lines.push(
      `  ${revision}: ${t.passed}/${t.total - t.skipped} passed (${passRate(t)}), ${t.failed} failed, ${t.errors + t.networkErrors} errors, ${t.skipped} skipped`,
    );
  }
  let shown = 0;
  for (const r of result.scenarios) {
    if (r.status === 'passed' || r.status === 'skipped') continue;
    lines.push(`  ${r.status.toUpperCase()} ${r.scenarioId} [${r.revision}]`);
    for (const st of r.steps) {
      if (st.note && st.status !== 'passed') lines.push(`    ${st.stepId}: ${st.status}: ${st.note}`);
      for (const d of st.differences.filter((x) => x.severity === 'breaking')) {
        if (shown++ >= MAX_LINES) continue;
        lines.push(
          `    ${st.stepId} ${d.path || '(response)'}: ${d.kind}: expected ${brief(d.expected, 80)}, got ${brief(d.actual, 80)} [${d.restsOn}: ${basisText(d.basis)}]`,
        );
      }
    }
  }
  if (shown > MAX_LINES) lines.push(`  … ${shown - MAX_LINES} more differences in the reports`);
  for (const d of result.drift) {
    if (d.status === 'unavailable') lines.push(`  drift ${d.revision}: not checked (${d.reason})`);
    else {
      const n = (c: string): number => d.changes.filter((x) => x.criticality === c).length;
      lines.push(
        `  drift ${d.revision}: ${n('BREAKING')} breaking, ${n('DANGEROUS')} dangerous, ${n('NON_BREAKING')} safe`,
      );
    }
  }
  if (result.compare)
    lines.push(
      `  compared with ${result.compare.secondaryTarget}: ${result.compare.differences.length} structural difference(s)`,
    );
  if (result.baseline)
    lines.push(
      `  baseline ${result.baseline.file}: ${result.baseline.newFailures.length} new, ${result.baseline.fixed.length} fixed`,
    );
  lines.push(`  ${coverageLine(result.coverage)}`);
  lines.push(
    `  ${s.breaking} breaking, ${s.nonBreaking} non-breaking difference(s): ${s.conforms ? 'CONFORMS' : 'DOES NOT CONFORM'}`,
  );
  if (result.gate) {
    const n = result.gate.failures.length;
    lines.push(
      `  coverage gate (${gateChecks(result.gate)}): ${result.gate.passed ? 'passed' : `FAILED, ${n} check${n === 1 ? '' : 's'}`}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
