import { secondaryFailuresOf } from '../results/summary.js';
import type { RunResult, Tally } from '../results/run-result.js';
import { countsOf, countText, gateChecks } from './coverage-text.js';
import { ruleVerificationMarkdown } from './rules-text.js';
import { basisText, brief, compareDataText, passRate, waitingText } from './text.js';
import { verdictOf, verdictText } from '../results/verdict.js';
import { leftOutLines, partialLines } from './skips-text.js';
import { actualText } from './smallest-diff.js';
import type { ReportFormat } from './format.js';

const MAX_ROWS = 50;
// A pull-request comment names a sample of what is not covered; a short run (a few proxied exchanges)
// leaves hundreds of fields uncovered, and the HTML and JSON reports list every one.
const MAX_NAMES = 10;

function nameList(names: readonly string[]): string {
  const shown = names
    .slice(0, MAX_NAMES)
    .map((n) => `\`${cell(n)}\``)
    .join(', ');
  return names.length > MAX_NAMES
    ? `${shown}, … and ${names.length - MAX_NAMES} more (see the HTML or JSON report)`
    : shown;
}

function coverageSection(result: RunResult): string[] {
  const c = result.coverage;
  const lines = [
    '',
    '### Coverage',
    '',
    "What the executed steps exercised of each revision's contract (operations are the fields of Query and Mutation; a success path has value assertions and expects no error; an error path expects a GraphQL error or validationErrors).",
    '',
    '| revision | operations | arguments | input fields | result fields | without success path | without error path |',
    '|---|---|---|---|---|---|---|',
    ...c.revisions.map(
      (r) =>
        `| ${r.revision} | ${countText(r.operations)} | ${countText(r.arguments)} | ${countText(r.inputFields)} | ${countText(r.resultFields)} | ${r.withoutSuccessPath.length} | ${r.withoutErrorPath.length} |`,
    ),
    '',
    `Spec rules of \`conformance/spec-rules.yaml\` cited by a scenario: ${countText(c.specRules)}${c.specRules.uncited.length > 0 ? `; uncited: ${nameList(c.specRules.uncited)}` : ''}.`,
    '',
    `Assumptions of \`contracts/ASSUMPTIONS.md\` with scenarios: ${countText(c.assumptions)}${c.assumptions.uncited.length > 0 ? `; without: ${nameList(c.assumptions.uncited)}` : ''}.`,
  ];
  for (const r of c.revisions) {
    const gaps: [string, readonly string[]][] = [
      ...countsOf(r).map(([label, count]): [string, readonly string[]] => [
        `${label} not covered`,
        count.uncovered,
      ]),
      ['operations without a success path', r.withoutSuccessPath],
      ['operations without an error path', r.withoutErrorPath],
    ];
    const shown = gaps.filter(([, names]) => names.length > 0);
    if (shown.length === 0) continue;
    lines.push('', `<details><summary>Not covered on ${r.revision}</summary>`, '');
    for (const [label, names] of shown) lines.push(`- ${label} (${names.length}): ${nameList(names)}`);
    lines.push('', '</details>');
  }
  if (result.gate) {
    lines.push(
      '',
      `**Coverage gate ${result.gate.passed ? 'passed' : 'failed'}** (${gateChecks(result.gate)}).`,
    );
    for (const f of result.gate.failures) lines.push(`- ${cell(f)}`);
  }
  return lines;
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function tallyRows(groups: Record<string, Tally>): string[] {
  return Object.entries(groups).map(
    ([k, t]) =>
      `| ${cell(k)} | ${t.total} | ${t.passed} | ${t.failed} | ${t.errors + t.networkErrors} | ${t.skipped} | ${passRate(t)} |`,
  );
}

/** A Markdown summary short enough for a pull-request comment. */
export function renderMarkdown(result: RunResult): string {
  const s = result.summary;
  const lines: string[] = [
    `## Conformance: ${verdictText(result, true)}`,
    '',
    `Target \`${result.target.label}\`${result.target.isSimulator ? ' (simulator)' : ''}, revisions ${result.revisions.join(', ')}: ${s.passed} passed, ${s.failed} failed, ${s.errors} errors, ${s.networkErrors} network errors, ${s.unavailable} unavailable, ${s.skipped} skipped; ${s.breaking} breaking and ${s.nonBreaking} non-breaking differences.${waitingText(s.waiting) ? ` The run ${waitingText(s.waiting)}.` : ''}`,
    '',
    '| revision | scenarios | passed | failed | errors | skipped | pass rate |',
    '|---|---|---|---|---|---|---|',
    ...tallyRows(s.byRevision),
    '',
    '| data area | scenarios | passed | failed | errors | skipped | pass rate |',
    '|---|---|---|---|---|---|---|',
    ...tallyRows(s.byArea),
  ];
  const partial = [
    ...leftOutLines(result.skips, 100),
    ...(verdictOf(result) === 'partial' ? partialLines(result.skips, 100) : []),
  ];
  if (partial.length > 0) {
    lines.push(
      '',
      verdictOf(result) === 'partial' ? '### Partial run' : '### Left out',
      '',
      'These operations were not exercised because the scenarios that exercise them were skipped:',
      '',
      ...partial.map((l) => `- ${cell(l)}`),
    );
  }
  lines.push(...coverageSection(result));
  if (result.ruleVerification) lines.push(...ruleVerificationMarkdown(result.ruleVerification));
  const diffs = result.scenarios.flatMap((r) => r.steps.flatMap((st) => st.differences));
  if (diffs.length > 0) {
    lines.push(
      '',
      '### Differences',
      '',
      '| severity | scenario | revision | step | path | cause | kind | expected | actual | rests on |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    const sorted = [...diffs].sort((a, b) =>
      a.severity === b.severity ? 0 : a.severity === 'breaking' ? -1 : 1,
    );
    for (const d of sorted.slice(0, MAX_ROWS)) {
      lines.push(
        `| ${d.severity} | ${cell(d.scenarioId)} | ${d.revision} | ${cell(d.stepId)} | \`${cell(d.path || '(response)')}\` | ${d.cause ?? ''} | ${d.kind} | ${cell(brief(d.expected, 60))} | ${cell(actualText(d.expected, d.actual, 60))} | ${d.restsOn}: ${cell(basisText(d.basis))} |`,
      );
    }
    if (sorted.length > MAX_ROWS)
      lines.push('', `… and ${sorted.length - MAX_ROWS} more; see the HTML or JSON report.`);
  }
  const troubled = result.scenarios.filter((r) => r.status === 'error' || r.status === 'network-error');
  if (troubled.length > 0) {
    lines.push('', '### Errors', '');
    for (const r of troubled) {
      const note =
        r.steps.find((st) => st.note && (st.status === 'error' || st.status === 'network-error'))?.note ??
        r.note ??
        '';
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
        lines.push(
          `- ${d.revision}: ${by('BREAKING')} breaking, ${by('DANGEROUS')} dangerous, ${by('NON_BREAKING')} safe`,
        );
        for (const c of d.changes.filter((x) => x.criticality === 'BREAKING').slice(0, 20))
          lines.push(`  - BREAKING: ${cell(c.message)}`);
      }
    }
  }
  if (result.compare) {
    lines.push(
      '',
      `### Differential mode against \`${result.compare.secondaryTarget}\``,
      '',
      `${result.compare.differences.length} structural difference(s).${result.compare.noiseLearnedFrom !== undefined ? ` ${result.compare.noise?.length ?? 0} more are noise: the primary also differed there from \`${cell(result.compare.noiseLearnedFrom)}\`, an identical target (not failures).` : ''}`,
    );
    const data = compareDataText(result.compare.data);
    if (data) lines.push('', `${data[0]?.toUpperCase() ?? ''}${data.slice(1)}.`);
    for (const d of result.compare.differences.slice(0, MAX_ROWS)) {
      lines.push(
        `- \`${d.scenarioId}\` [${d.revision}] ${d.stepId} \`${d.path}\`: ${d.kind} (${cell(brief(d.primary, 60))} vs ${cell(brief(d.secondary, 60))})`,
      );
    }
    const failed = secondaryFailuresOf(result.compare);
    if (failed.length > 0) {
      lines.push(
        '',
        `\`${cell(result.compare.secondaryTarget)}\` did not pass ${failed.length} scenario run(s):`,
        ...failed
          .slice(0, MAX_ROWS)
          .flatMap((f) => [`- ${f.status}: \`${f.run}\``, ...f.why.map((why) => `  - ${cell(why)}`)]),
      );
    }
  }
  if (result.baseline) {
    lines.push(
      '',
      `### Against baseline \`${result.baseline.file}\``,
      '',
      `${result.baseline.newFailures.length} new, ${result.baseline.fixed.length} fixed.`,
    );
    for (const k of result.baseline.newFailures) lines.push(`- new: \`${k}\``);
    for (const k of result.baseline.fixed) lines.push(`- fixed: \`${k}\``);
  }
  return `${lines.join('\n')}\n`;
}

/** The Markdown report, as the registry (formats.ts) lists it. */
export const markdownReport = {
  id: 'markdown',
  title: 'Markdown',
  extension: 'md',
  render: renderMarkdown,
} as const satisfies ReportFormat;
