import type { RuleVerificationReport } from '../outcome/rule-verification.js';
import { escapeHtml as e, escapeXml } from './text.js';

/** `spec rules verified 22/22 (cited 29/29; 7 state an absence)`. */
export function ruleVerificationLine(v: RuleVerificationReport): string {
  const absent = v.total - v.breakable;
  return `spec rules verified ${v.verified}/${v.breakable} (cited ${v.cited}/${v.total}; ${absent} state an absence and are not counted)`;
}

/** The console lines of rules that are neither verified nor absence rules. */
export function unverifiedLines(v: RuleVerificationReport): string[] {
  return v.rules
    .filter((r) => r.status !== 'verified' && r.status !== 'absence')
    .map((r) => `${r.rule}: ${r.status}${r.note ? ` (${r.note})` : ''}`);
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The Markdown section: one row per rule. */
export function ruleVerificationMarkdown(v: RuleVerificationReport): string[] {
  return [
    '',
    '### Spec rules proven (rule broken in the simulator)',
    '',
    ruleVerificationLine(v),
    '',
    '| rule | status | cited by | evidence or note |',
    '|---|---|---|---|',
    ...v.rules.map(
      (r) =>
        `| ${cell(r.rule)} | ${r.status} | ${r.citedBy.length} | ${cell(r.evidence[0] ?? r.note ?? '')} |`,
    ),
  ];
}

/** The HTML section: one row per rule. */
export function ruleVerificationHtml(v: RuleVerificationReport): string {
  const rows = v.rules
    .map(
      (r) =>
        `<tr class="${r.status === 'verified' ? 'passed' : r.status === 'absence' ? '' : 'failed'}"><td>${e(r.rule)}</td><td>${e(r.status)}</td><td>${r.citedBy.length}</td><td>${e(r.evidence[0] ?? r.note ?? '')}</td></tr>`,
    )
    .join('');
  return `<h2>Spec rules proven</h2><p>${e(ruleVerificationLine(v))}</p><table><tr><th>rule</th><th>status</th><th>cited by</th><th>evidence or note</th></tr>${rows}</table>`;
}

/** A JUnit testsuite: one testcase per rule, failing when a breakable rule is not verified. */
export function ruleVerificationJunit(v: RuleVerificationReport): string {
  const cases = v.rules.map((r) => {
    const attrs = `name="${escapeXml(r.rule)}" classname="rules"`;
    if (r.status === 'verified') return `    <testcase ${attrs}/>`;
    if (r.status === 'absence')
      return `    <testcase ${attrs}>\n      <skipped message="${escapeXml(`states an absence: ${r.note ?? ''}`)}"/>\n    </testcase>`;
    return `    <testcase ${attrs}>\n      <failure message="${escapeXml(`${r.status}: ${r.note ?? ''}`)}" type="rule"/>\n    </testcase>`;
  });
  const failures = v.rules.filter((r) => r.status !== 'verified' && r.status !== 'absence').length;
  return [
    `  <testsuite name="spec rules proven" tests="${v.total}" failures="${failures}" errors="0" skipped="${v.total - v.breakable}">`,
    ...cases,
    '  </testsuite>',
  ].join('\n');
}
