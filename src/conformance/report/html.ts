import { secondaryFailuresOf } from '../results/summary.js';
import type { Difference } from '../outcome/differences.js';
import type {
  RunResult,
  ScenarioResult,
  StepResult,
  StructuralDifference,
  Tally,
} from '../results/run-result.js';
import { countsOf, countText, gateChecks } from './coverage-text.js';
import { ruleVerificationHtml } from './rules-text.js';
import { leftOutLines, partialLines } from './skips-text.js';
import { actualText } from './smallest-diff.js';
import { differenceSummary, operationOf, scenarioAnchor } from './html-summary.js';
import { verdictOf, verdictText } from '../results/verdict.js';
import { basisText, brief, compareDataText, escapeHtml as e, passRate, waitingText } from './text.js';
import type { ReportFormat } from './format.js';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d1d1f;max-width:1200px}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #ccd;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f0f2f7}.passed{color:#176b2c}.failed,.breaking{color:#b3261e}.skipped{color:#777}
.error,.network-error,.unavailable{color:#9a5b00}.non-breaking{color:#6b5b00}
details{margin:.3rem 0;border:1px solid #dde;border-radius:4px;padding:.3rem .6rem}summary{cursor:pointer}
.op{color:#555;font-size:12px}#filters{margin:.5rem 0}#filters label{margin-right:1rem}[hidden]{display:none!important}
pre{background:#f7f7fa;padding:.5rem;overflow:auto;max-height:24rem;font-size:12px}code{font-size:12px}
`;

function tallyTable(title: string, groups: Record<string, Tally>): string {
  const rows = Object.entries(groups)
    .map(
      ([k, t]) =>
        `<tr><td>${e(k)}</td><td>${t.total}</td><td>${t.passed}</td><td>${t.failed}</td><td>${t.errors + t.networkErrors}</td><td>${t.skipped}</td><td>${e(passRate(t))}</td></tr>`,
    )
    .join('');
  return `<table><tr><th>${e(title)}</th><th>scenarios</th><th>passed</th><th>failed</th><th>errors</th><th>skipped</th><th>pass rate</th></tr>${rows}</table>`;
}

function json(value: unknown): string {
  return e(JSON.stringify(value, null, 2) ?? 'undefined');
}

function differenceRow(d: Difference): string {
  return `<tr class="${d.severity}"><td>${e(d.severity)}</td><td><code>${e(d.path || '(response)')}</code></td><td>${e(d.cause ?? '')}</td><td>${e(d.kind)}</td><td>${e(d.message)}</td><td><code>${e(brief(d.expected))}</code></td><td><code>${e(actualText(d.expected, d.actual, 200))}</code></td><td>${e(d.level)}</td><td>${e(d.restsOn)}: ${e(basisText(d.basis))}</td></tr>`;
}

function step(s: StepResult): string {
  const diffs =
    s.differences.length === 0
      ? ''
      : `<table><tr><th>severity</th><th>path</th><th>cause</th><th>kind</th><th>message</th><th>expected</th><th>actual</th><th>level</th><th>rests on</th></tr>${s.differences.map(differenceRow).join('')}</table>`;
  const request = s.request
    ? `<p>Request <code>POST ${e(s.request.url)}</code></p><pre>${json({ headers: s.request.headers, body: s.request.body })}</pre>`
    : '';
  const response = s.response
    ? `<p>Response HTTP ${s.response.status} <code>${e(s.response.contentType)}</code></p><pre>${s.response.body !== undefined ? json(s.response.body) : e(s.response.text ?? '')}</pre>`
    : '';
  const twins = (s.twins ?? [])
    .map(
      (t) =>
        `<p>Twin <b>${e(t.way)}</b>: <code>${e(t.request.method)} ${e(t.request.url)}</code></p><pre>${json({ headers: t.request.headers, body: t.request.body })}</pre>${
          t.response
            ? `<p>Answered HTTP ${t.response.status} <code>${e(t.response.contentType)}</code></p><pre>${t.response.body !== undefined ? json(t.response.body) : e(t.response.text ?? '')}</pre>`
            : `<p>No answer: ${e(t.note ?? '')}</p>`
        }`,
    )
    .join('');
  // Steps stay collapsed (their request and response are the bulk of a large report); the
  // differences of a step show below its line without opening it.
  return `<details class="step"><summary><span class="${s.status}">${e(s.status)}</span> step <b>${e(s.stepId)}</b> (${e(s.phase)}) <span class="op">${e(operationOf(s))}</span>${s.note ? ` — ${e(s.note)}` : ''}</summary>${request}${response}${twins}</details>${diffs}`;
}

function scenario(r: ScenarioResult): string {
  const count = r.steps.reduce((n, s) => n + s.differences.length, 0);
  return `<details id="${e(scenarioAnchor(r))}" data-run="${e(scenarioAnchor(r))}" data-differences="${count}"${r.status === 'failed' || r.status === 'error' ? ' open' : ''}><summary><span class="${r.status}">${e(r.status)}</span> <b>${e(r.scenarioId)}</b> [${e(r.revision)}] ${e(r.title)}${count ? ` — ${count} difference(s)` : ''}${r.note ? ` — ${e(r.note)}` : ''}</summary><p>File <code>${e(r.file)}</code>, tags ${e(r.tags.join(', ') || 'none')}</p>${r.steps.map(step).join('')}</details>`;
}

function names(list: readonly string[]): string {
  return list.length === 0 ? 'none' : list.map((n) => `<code>${e(n)}</code>`).join(', ');
}

function coverage(result: RunResult): string {
  const c = result.coverage;
  const rows = c.revisions
    .map(
      (r) =>
        `<tr><td>${e(r.revision)}</td>${countsOf(r)
          .map(([, n]) => `<td class="${n.covered === n.total ? 'passed' : ''}">${e(countText(n))}</td>`)
          .join('')}<td>${r.withoutSuccessPath.length}</td><td>${r.withoutErrorPath.length}</td></tr>`,
    )
    .join('');
  const perRevision = c.revisions
    .map((r) => {
      const ops = r.byOperation
        .map(
          (o) =>
            `<tr><td><code>${e(o.name)}</code></td><td class="${o.hits > 0 ? 'passed' : 'failed'}">${o.hits}</td>${o.checks !== undefined ? `<td>${o.checks}</td>` : ''}<td>${o.successPath ? '✓' : '<span class="failed">✗</span>'}</td><td>${o.errorPath ? '✓' : '<span class="failed">✗</span>'}</td><td>${e(o.scenarios.join(', '))}</td></tr>`,
        )
        .join('');
      const gaps = countsOf(r)
        .map(
          ([label, n]) => `<li>${e(label)} not covered (${n.uncovered.length}): ${names(n.uncovered)}</li>`,
        )
        .join('');
      return `<details><summary>${e(r.revision)}: operations ${e(countText(r.operations))}</summary><ul>${gaps}</ul><table><tr><th>operation</th><th>hits</th>${r.byOperation.some((o) => o.checks !== undefined) ? '<th>checks</th>' : ''}<th>success path</th><th>error path</th><th>scenarios</th></tr>${ops}</table></details>`;
    })
    .join('');
  const cited = (title: string, cc: typeof c.specRules, none: string): string =>
    `<details><summary>${e(title)}: ${e(countText(cc))}${cc.uncited.length > 0 ? `, ${cc.uncited.length} ${e(none)}` : ''}</summary><p>${e(none)}: ${names(cc.uncited)}</p><table><tr><th>id</th><th>scenarios</th></tr>${Object.entries(
      cc.citedBy,
    )
      .map(([id, by]) => `<tr><td><code>${e(id)}</code></td><td>${e(by.join(', '))}</td></tr>`)
      .join('')}</table></details>`;
  const gate = result.gate
    ? `<p>Coverage gate <b class="${result.gate.passed ? 'passed' : 'failed'}">${result.gate.passed ? 'passed' : 'failed'}</b> (${e(gateChecks(result.gate))}).</p>${result.gate.failures.length > 0 ? `<ul>${result.gate.failures.map((f) => `<li class="failed">${e(f)}</li>`).join('')}</ul>` : ''}`
    : '';
  return `<h2>Coverage</h2><p>What the executed steps exercised of each revision's contract: operations (fields of Query and Mutation), arguments, input fields (in literals and variable values) and result fields. A success path has value assertions and expects no error; an error path expects a GraphQL error or validationErrors.</p>${gate}<table><tr><th>revision</th><th>operations</th><th>arguments</th><th>input fields</th><th>result fields</th><th>without success path</th><th>without error path</th></tr>${rows}</table>${perRevision}${cited('Spec rules of conformance/spec-rules.yaml cited', c.specRules, 'uncited')}${cited('Assumptions of contracts/ASSUMPTIONS.md with scenarios', c.assumptions, 'without scenarios')}`;
}

function compareTable(differences: readonly StructuralDifference[]): string {
  return `<table><tr><th>scenario</th><th>revision</th><th>step</th><th>path</th><th>kind</th><th>primary</th><th>secondary</th></tr>${differences.map((d) => `<tr><td>${e(d.scenarioId)}</td><td>${e(d.revision)}</td><td>${e(d.stepId)}</td><td><code>${e(d.path)}</code></td><td>${e(d.kind)}</td><td><code>${e(brief(d.primary))}</code></td><td><code>${e(brief(d.secondary))}</code></td></tr>`).join('')}</table>`;
}

function secondaryFailuresHtml(result: RunResult): string {
  const failed = secondaryFailuresOf(result.compare);
  return failed.length === 0
    ? ''
    : `<p class="failed">${e(result.compare?.secondaryTarget ?? '')} did not pass ${failed.length} scenario run(s):</p><ul>${failed.map((f) => `<li class="failed">${e(f.status)}: <code>${e(f.run)}</code>${f.why.length > 0 ? `<ul>${f.why.map((why) => `<li>${e(why)}</li>`).join('')}</ul>` : ''}</li>`).join('')}</ul>`;
}

function verdictClass(result: RunResult): string {
  const v = verdictOf(result);
  return v === 'conforms' ? 'passed' : v === 'partial' ? 'skipped' : 'failed';
}

function partialSection(result: RunResult): string {
  const lines = [
    ...leftOutLines(result.skips, 1000),
    ...(verdictOf(result) === 'partial' ? partialLines(result.skips, 1000) : []),
  ];
  return lines.length === 0
    ? ''
    : `<h2>${verdictOf(result) === 'partial' ? 'Partial run' : 'Left out'}</h2><p>These operations were not exercised because the scenarios that exercise them were skipped:</p><ul>${lines.map((l) => `<li>${e(l)}</li>`).join('')}</ul>`;
}

/** A self-contained HTML page (no external assets): pass rates, every difference with its request and response. */
export function renderHtml(result: RunResult): string {
  const s = result.summary;
  const drift = result.drift
    .map((d) =>
      d.status === 'unavailable'
        ? `<li>${e(d.revision)}: not checked (${e(d.reason)})</li>`
        : `<li>${e(d.revision)}: ${d.changes.length} change(s)<ul>${d.changes.map((c) => `<li class="${c.criticality === 'BREAKING' ? 'breaking' : ''}">${e(c.criticality)}: ${e(c.message)}</li>`).join('')}</ul></li>`,
    )
    .join('');
  const compare = result.compare
    ? `<h2>Differential mode against ${e(result.compare.secondaryTarget)}</h2>${compareDataText(result.compare.data) ? `<p>${e(compareDataText(result.compare.data) ?? '')}.</p>` : ''}${result.compare.noiseLearnedFrom !== undefined ? `<details><summary>${result.compare.noise?.length ?? 0} noise difference(s), not failures: the primary also differed there from ${e(result.compare.noiseLearnedFrom)}, an identical target</summary>${compareTable(result.compare.noise ?? [])}</details>` : ''}${compareTable(result.compare.differences)}${secondaryFailuresHtml(result)}`
    : '';
  const baseline = result.baseline
    ? `<h2>Against baseline ${e(result.baseline.file)}</h2><p>${result.baseline.newFailures.length} new, ${result.baseline.fixed.length} fixed.</p><ul>${result.baseline.newFailures.map((k) => `<li class="failed">new: <code>${e(k)}</code></li>`).join('')}${result.baseline.fixed.map((k) => `<li class="passed">fixed: <code>${e(k)}</code></li>`).join('')}</ul>`
    : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance report: ${e(result.target.label)}</title><style>${STYLE}</style></head>
<body>
<h1>Conformance report: <span class="${verdictClass(result)}">${e(verdictText(result, true))}</span></h1>
${partialSection(result)}
${differenceSummary(result)}
<p>Target <code>${e(result.target.label)}</code>${result.target.isSimulator ? ' (simulator)' : ''}; revisions ${e(result.revisions.join(', '))}; run ${e(result.runId)} started ${e(result.startedAt)}.</p>
<p>${s.passed} passed, ${s.failed} failed, ${s.errors} errors, ${s.networkErrors} network errors, ${s.unavailable} unavailable, ${s.skipped} skipped; ${s.breaking} breaking and ${s.nonBreaking} non-breaking differences.${waitingText(s.waiting) ? ` The run ${e(waitingText(s.waiting) ?? '')}.` : ''}</p>
<h2>Pass rate</h2>${tallyTable('revision', s.byRevision)}${tallyTable('data area', s.byArea)}
${coverage(result)}
${result.ruleVerification ? ruleVerificationHtml(result.ruleVerification) : ''}
${drift ? `<h2>Schema drift</h2><ul>${drift}</ul>` : ''}
${baseline}${compare}
<h2>Scenarios</h2>
${result.scenarios.map(scenario).join('\n')}
</body></html>
`;
}

/** The HTML report, as the registry (formats.ts) lists it. */
export const htmlReport = {
  id: 'html',
  title: 'HTML',
  extension: 'html',
  render: renderHtml,
} as const satisfies ReportFormat;
