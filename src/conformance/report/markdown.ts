import type { RunResult, Tally } from '../result.js';
import { basisText, brief, passRate } from './text.js';

const MAX_ROWS = 50;

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function tallyRows(groups: Record<string, Tally>): string[] {
  return Object.entries(groups).map(
    ([k, t]) => `| ${cell(k)} | ${t.total} | ${t.passed} | ${t.failed} | ${t.errors + t.networkErrors} | ${t.skipped} | ${passRate(t)} |`,
  );
}

/** A Markdown summary short enough for a pull-request comment. */
export function renderMarkdown(result: RunResult): string {
  const s = result.summary;
  const lines: string[] = [
    `## Conformance: ${s.conforms ? 'conforms' : 'does not conform'}`,
    '',
    `Target \`${result.target.label}\`${result.target.isSimulator ? ' (simulator)' : ''}, revisions ${result.revisions.join(', ')}: ${s.passed} passed, ${s.failed} failed, ${s.errors} errors, ${s.networkErrors} network errors, ${s.skipped} skipped; ${s.breaking} breaking and ${s.nonBreaking} non-breaking differences.`,
    '',
    '| revision | scenarios | passed | failed | errors | skipped | pass rate |',
    '|---|---|---|---|---|---|---|',
    ...tallyRows(s.byRevision),
    '',
    '| data area | scenarios | passed | failed | errors | skipped | pass rate |',
    '|---|---|---|---|---|---|---|',
    ...tallyRows(s.byArea),
  ];
  const diffs = result.scenarios.flatMap((r) => r.steps.flatMap((st) => st.differences));
  if (diffs.length > 0) {
    lines.push('', '### Differences', '', '| severity | scenario | revision | step | path | kind | expected | actual | rests on |', '|---|---|---|---|---|---|---|---|---|');
    const sorted = [...diffs].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'breaking' ? -1 : 1));
    for (const d of sorted.slice(0, MAX_ROWS)) {
      lines.push(`| ${d.severity} | ${cell(d.scenarioId)} | ${d.revision} | ${cell(d.stepId)} | \`${cell(d.path || '(response)')}\` | ${d.kind} | ${cell(brief(d.expected, 60))} | ${cell(brief(d.actual, 60))} | ${d.restsOn}: ${cell(basisText(d.basis))} |`);
    }
    if (sorted.length > MAX_ROWS) lines.push('', `… and ${sorted.length - MAX_ROWS} more; see the HTML or JSON report.`);
  }
  const troubled = result.scenarios.filter((r) => r.status === 'error' || r.status === 'network-error');
  if (troubled.length > 0) {
    lines.push('', '### Errors', '');
    for (const r of troubled) {
      const note = r.steps.find((st) => st.note && (st.status === 'error' || st.status === 'network-error'))?.note ?? r.note ?? '';
      lines.push(`- \`${r.scenarioId}\` [${r.revision}] ${r.status}: ${cell(note)}`);
    }
  }
  const drift = result.drift;
  if (drift.length > 0) {
    lines.push('', '### Schema drift', '');
    for (const d of drift) {
      if (d.status === 'unavailable') lines.push(`- ${d.revision}: not checked (${cell(d.reason)})`);
      else {
        const by = (c: string): number => d.changes.filter((x) => x.criticality === c).length;
        lines.push(`- ${d.revision}: ${by('BREAKING')} breaking, ${by('DANGEROUS')} dangerous, ${by('NON_BREAKING')} safe`);
        for (const c of d.changes.filter((x) => x.criticality === 'BREAKING').slice(0, 20)) lines.push(`  - BREAKING: ${cell(c.message)}`);
      }
    }
  }
  if (result.compare) {
    lines.push('', `### Differential mode against \`${result.compare.secondaryTarget}\``, '', `${result.compare.differences.length} structural difference(s).`);
    for (const d of result.compare.differences.slice(0, MAX_ROWS)) {
      lines.push(`- \`${d.scenarioId}\` [${d.revision}] ${d.stepId} \`${d.path}\`: ${d.kind} (${cell(brief(d.primary, 60))} vs ${cell(brief(d.secondary, 60))})`);
    }
  }
  if (result.baseline) {
    lines.push('', `### Against baseline \`${result.baseline.file}\``, '', `${result.baseline.newFailures.length} new, ${result.baseline.fixed.length} fixed.`);
    for (const k of result.baseline.newFailures) lines.push(`- new: \`${k}\``);
    for (const k of result.baseline.fixed) lines.push(`- fixed: \`${k}\``);
  }
  return `${lines.join('\n')}\n`;
}
