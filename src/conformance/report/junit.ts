import type { Difference } from '../outcome/differences.js';
import type {
  CompareResult,
  RunResult,
  ScenarioResult,
  StructuralDifference,
} from '../results/run-result.js';
import { secondaryFailuresOf } from '../results/summary.js';
import { ruleVerificationJunit } from './rules-text.js';
import { basisText, brief, escapeXml } from './text.js';
import { verdictOf } from '../results/verdict.js';
import { smallestDiff } from './smallest-diff.js';
import type { ReportFormat } from './format.js';

function differenceLine(d: Difference): string {
  return `[${d.severity}] ${d.stepId} ${d.path || '(response)'}: ${d.cause ? `${d.cause}: ` : ''}${d.kind} - ${d.message}; ${smallestDiff(d.expected, d.actual, 200)} (${d.level}, rests on ${d.restsOn}: ${basisText(d.basis)})`;
}

function testcase(r: ScenarioResult): string {
  const name = escapeXml(`${r.scenarioId} [${r.revision}]`);
  const attrs = `name="${name}" classname="conformance.${escapeXml(r.area)}" time="${(r.durationMs / 1000).toFixed(3)}"`;
  const diffs = r.steps.flatMap((s) => s.differences);
  const breaking = diffs.filter((d) => d.severity === 'breaking');
  const warnings = diffs.filter((d) => d.severity === 'non-breaking');
  const notes = r.steps.filter((s) => s.note).map((s) => `${s.stepId}: ${s.status}: ${s.note ?? ''}`);
  const parts: string[] = [];
  if (r.status === 'skipped') parts.push(`<skipped message="${escapeXml(r.note ?? 'skipped')}"/>`);
  if (r.status === 'failed') {
    parts.push(
      `<failure message="${escapeXml(`${breaking.length} breaking difference(s): ${r.title}`)}" type="contract">${escapeXml(breaking.map(differenceLine).join('\n'))}</failure>`,
    );
  }
  if (r.status === 'network-error' || r.status === 'unavailable' || r.status === 'error') {
    parts.push(
      `<error message="${escapeXml(`${r.status}: ${notes[0] ?? r.title}`)}" type="${r.status}">${escapeXml(notes.join('\n'))}</error>`,
    );
  }
  if (warnings.length > 0)
    parts.push(`<system-out>${escapeXml(warnings.map(differenceLine).join('\n'))}</system-out>`);
  return parts.length === 0
    ? `    <testcase ${attrs}/>`
    : `    <testcase ${attrs}>\n      ${parts.join('\n      ')}\n    </testcase>`;
}

/**
 * The differential mode as CI test views show it: one testcase per scenario run of the second target,
 * failed or in error as it ended there, and one per step whose answers differ structurally.
 */
function compareSuite(compare: CompareResult): string {
  const target = escapeXml(compare.secondaryTarget);
  const failed = secondaryFailuresOf(compare);
  const runs = Object.entries(compare.secondaryStatuses).sort(([a], [b]) => a.localeCompare(b));
  const cases = runs.map(([run, status]) => {
    const attrs = `name="${escapeXml(run)}" classname="compare.secondary"`;
    if (status === 'failed')
      return `    <testcase ${attrs}>\n      <failure message="${escapeXml(`failed on ${compare.secondaryTarget}`)}" type="secondary"/>\n    </testcase>`;
    if (status === 'passed') return `    <testcase ${attrs}/>`;
    if (status === 'skipped') return `    <testcase ${attrs}>\n      <skipped/>\n    </testcase>`;
    return `    <testcase ${attrs}>\n      <error message="${escapeXml(`${status} on ${compare.secondaryTarget}`)}" type="${status}"/>\n    </testcase>`;
  });
  const byStep = new Map<string, StructuralDifference[]>();
  for (const d of compare.differences) {
    const key = `${d.scenarioId}@${d.revision}/${d.stepId}`;
    byStep.set(key, [...(byStep.get(key) ?? []), d]);
  }
  for (const [key, diffs] of byStep) {
    const text = diffs
      .map((d) => `${d.path}: ${d.kind} (${brief(d.primary)} vs ${brief(d.secondary)})`)
      .join('\n');
    cases.push(
      `    <testcase name="${escapeXml(key)}" classname="compare.structural">\n      <failure message="${escapeXml(`${diffs.length} structural difference(s)`)}" type="structural">${escapeXml(text)}</failure>\n    </testcase>`,
    );
  }
  const errors = failed.filter((f) => f.status !== 'failed').length;
  return [
    `  <testsuite name="compare ${target}" tests="${cases.length}" failures="${failed.length - errors + byStep.size}" errors="${errors}" skipped="${runs.filter(([, s]) => s === 'skipped').length}">`,
    ...cases,
    '  </testsuite>',
  ].join('\n');
}

/** JUnit XML: one testsuite per revision, one testcase per scenario and revision. */
export function renderJunit(result: RunResult): string {
  const suites = result.revisions.map((revision) => {
    const cases = result.scenarios.filter((r) => r.revision === revision);
    const count = (...s: ScenarioResult['status'][]): number =>
      cases.filter((c) => s.includes(c.status)).length;
    const time = cases.reduce((t, c) => t + c.durationMs, 0) / 1000;
    const uncovered = result.skips?.uncovered.find((u) => u.revision === revision)?.operations ?? [];
    return [
      `  <testsuite name="conformance ${revision}" tests="${cases.length}" failures="${count('failed')}" errors="${count('error', 'network-error', 'unavailable')}" skipped="${count('skipped')}" time="${time.toFixed(3)}">`,
      '    <properties>',
      `      <property name="verdict" value="${escapeXml(verdictOf(result))}"/>`,
      ...(uncovered.length > 0
        ? [`      <property name="uncovered-by-skips" value="${escapeXml(uncovered.join(', '))}"/>`]
        : []),
      '    </properties>',
      ...cases.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  const compared = result.compare ? [compareSuite(result.compare)] : [];
  const all = result.scenarios;
  const n = (s: ScenarioResult['status'][]): number => all.filter((c) => s.includes(c.status)).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="rm-harness conform" tests="${all.length}" failures="${n(['failed'])}" errors="${n(['error', 'network-error', 'unavailable'])}" skipped="${n(['skipped'])}">`,
    ...suites,
    ...compared,
    ...(result.ruleVerification ? [ruleVerificationJunit(result.ruleVerification)] : []),
    '</testsuites>',
    '',
  ].join('\n');
}

/** The JUnit XML report, as the registry (formats.ts) lists it. */
export const junitReport = {
  id: 'junit',
  title: 'JUnit',
  extension: 'junit.xml',
  render: renderJunit,
} as const satisfies ReportFormat;
