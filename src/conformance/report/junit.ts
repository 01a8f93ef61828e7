import { readFileSync } from 'node:fs';
import path from 'node:path';
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
import { reportFileName, type ReportFormat } from './format.js';

function differenceLine(d: Difference): string {
  return `[${d.severity}] ${d.stepId} ${d.path || '(response)'}: ${d.cause ? `${d.cause}: ` : ''}${d.kind} - ${d.message}; ${smallestDiff(d.expected, d.actual, 200)} (${d.level}, rests on ${d.restsOn}: ${basisText(d.basis)})`;
}

/** The `name` attribute of a scenario × revision run's testcase, as written (escaped). */
function caseName(r: Pick<ScenarioResult, 'scenarioId' | 'revision'>): string {
  return escapeXml(`${r.scenarioId} [${r.revision}]`);
}

function testcase(r: ScenarioResult): string {
  const name = caseName(r);
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
    const why = (compare.secondaryFailures?.[run] ?? []).join('\n');
    const body = why ? `>${escapeXml(why)}</` : '/>';
    if (status === 'failed')
      return `    <testcase ${attrs}>\n      <failure message="${escapeXml(`failed on ${compare.secondaryTarget}`)}" type="secondary"${body === '/>' ? '/>' : `${body}failure>`}\n    </testcase>`;
    if (status === 'passed') return `    <testcase ${attrs}/>`;
    if (status === 'skipped') return `    <testcase ${attrs}>\n      <skipped/>\n    </testcase>`;
    return `    <testcase ${attrs}>\n      <error message="${escapeXml(`${status} on ${compare.secondaryTarget}`)}" type="${status}"${body === '/>' ? '/>' : `${body}error>`}\n    </testcase>`;
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

/**
 * The time of each scenario × revision run in a JUnit report this module wrote, in milliseconds, keyed
 * by testcase name. Only the attributes `renderJunit` writes, in its order, are read.
 */
function junitTimes(xml: string): Map<string, number> {
  const times = new Map<string, number>();
  for (const m of xml.matchAll(/<testcase name="([^"]*)" classname="[^"]*" time="(\d+(?:\.\d+)?)"/g))
    times.set(m[1] as string, Math.round(Number(m[2]) * 1000));
  return times;
}

/**
 * A run read back from its JSON report (`<base>.json`) with each scenario's time from the JUnit report
 * the same run wrote beside it (`<base>.junit.xml`): the JSON report masks timings, so that two runs'
 * reports compare equal. Left as read when there is no such file.
 */
export function withJunitTimes(jsonFile: string, result: RunResult): RunResult {
  const junit = path.join(
    path.dirname(jsonFile),
    reportFileName(path.basename(jsonFile, '.json'), junitReport),
  );
  let xml: string;
  try {
    xml = readFileSync(junit, 'utf8');
  } catch {
    return result;
  }
  const times = junitTimes(xml);
  return {
    ...result,
    scenarios: result.scenarios.map((s) => ({ ...s, durationMs: times.get(caseName(s)) ?? s.durationMs })),
  };
}

/** The JUnit XML report, as the registry (formats.ts) lists it. */
export const junitReport = {
  id: 'junit',
  title: 'JUnit',
  extension: 'junit.xml',
  render: renderJunit,
} as const satisfies ReportFormat;
