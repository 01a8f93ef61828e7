import { secondaryFailuresOf } from '../results/summary.js';
import type { Difference } from '../outcome/differences.js';
import type { RunResult } from '../results/run-result.js';
import { verdictOf, verdictText } from '../results/verdict.js';
import { leftOutLines, partialLines } from './skips-text.js';
import { smallestDiff } from './smallest-diff.js';
import { coverageLine, gateChecks } from './coverage-text.js';
import { ruleVerificationLine, unverifiedLines } from './rules-text.js';
import { basisText, compareDataText, passRate, PLAIN, waitingText, when, type TextStyle } from './text.js';

const MAX_LINES = 40;

/** ` [spec: §8]`: what a difference rests on; nothing for a transport failure or an injected fault. */
function restsOnText(d: Difference): string {
  return d.cause === 'transport' || d.cause === 'injected-fault'
    ? ''
    : ` [${d.restsOn}: ${basisText(d.basis)}]`;
}

/**
 * The readable summary the CLI prints after a run; `style` colours verdicts (conforming green, breaking
 * red, warnings yellow) and changes nothing else.
 */
export function renderConsole(result: RunResult, style: TextStyle = PLAIN): string {
  const s = result.summary;
  const c = style;
  const lines: string[] = [
    c.bold(`Conformance of ${result.target.label}${result.target.isSimulator ? ' (simulator)' : ''}`),
  ];
  for (const [revision, t] of Object.entries(s.byRevision)) {
    const errors = t.errors + t.networkErrors;
    const ran = t.total - t.skipped;
    const passed = `${t.passed}/${ran} passed (${passRate(t)})`;
    const unavailable = t.unavailable > 0 ? `, ${c.red(`${t.unavailable} unavailable`)}` : '';
    lines.push(
      `  ${revision}: ${t.passed === ran && ran > 0 ? c.green(passed) : passed}, ${when(t.failed, c.red, `${t.failed} failed`)}, ${when(errors, c.red, `${errors} errors`)}${unavailable}, ${when(t.skipped, c.yellow, `${t.skipped} skipped`)}`,
    );
  }
  let shown = 0;
  for (const r of result.scenarios) {
    if (r.status === 'passed' || r.status === 'skipped') continue;
    lines.push(`  ${c.red(r.status.toUpperCase())} ${r.scenarioId} [${r.revision}]`);
    for (const st of r.steps) {
      if (st.note && st.status !== 'passed')
        lines.push(
          `    ${st.stepId}: ${(st.status === 'skipped' ? c.yellow : c.red)(st.status)}: ${st.note}`,
        );
      for (const d of st.differences.filter((x) => x.severity === 'breaking')) {
        if (shown++ >= MAX_LINES) continue;
        lines.push(
          `    ${st.stepId} ${d.path || '(response)'}: ${d.cause ? `${d.cause}: ` : ''}${d.kind}: ${smallestDiff(d.expected, d.actual, 80)}${restsOnText(d)}`,
        );
      }
    }
  }
  if (shown > MAX_LINES) lines.push(`  … ${shown - MAX_LINES} more differences in the reports`);
  for (const d of result.drift) {
    if (d.status === 'unavailable')
      lines.push(`  drift ${d.revision}: ${c.yellow('not checked')} (${d.reason})`);
    else {
      const n = (k: string): number => d.changes.filter((x) => x.criticality === k).length;
      lines.push(
        `  drift ${d.revision}: ${when(n('BREAKING'), c.red, `${n('BREAKING')} breaking`)}, ${when(n('DANGEROUS'), c.yellow, `${n('DANGEROUS')} dangerous`)}, ${n('NON_BREAKING')} safe`,
      );
    }
  }
  if (result.compare) {
    lines.push(
      `  compared with ${result.compare.secondaryTarget}: ${when(result.compare.differences.length, c.red, `${result.compare.differences.length} structural difference(s)`)}${result.compare.noiseLearnedFrom !== undefined ? `, ${when(result.compare.noise?.length ?? 0, c.yellow, `${result.compare.noise?.length ?? 0} noise`)} (differences also seen between the primary and ${result.compare.noiseLearnedFrom}; not failures)` : ''}`,
    );
    const data = compareDataText(result.compare.data);
    if (data) lines.push(`    ${data}`);
    const failed = secondaryFailuresOf(result.compare);
    if (failed.length > 0) {
      lines.push(
        `  ${c.red(`${result.compare.secondaryTarget} did not pass ${failed.length} scenario run(s):`)}`,
      );
      for (const f of failed.slice(0, MAX_LINES)) {
        lines.push(`    ${c.red(`${f.status.toUpperCase()} ${f.run}`)}`);
        for (const why of f.why) lines.push(`      ${why}`);
      }
      if (failed.length > MAX_LINES) lines.push(`    … ${failed.length - MAX_LINES} more in the reports`);
    }
  }
  if (result.baseline)
    lines.push(
      `  baseline ${result.baseline.file}: ${when(result.baseline.newFailures.length, c.red, `${result.baseline.newFailures.length} new`)}, ${when(result.baseline.fixed.length, c.green, `${result.baseline.fixed.length} fixed`)}`,
    );
  const wait = waitingText(s.waiting);
  if (wait) lines.push(`  ${wait}`);
  lines.push(`  ${coverageLine(result.coverage)}`);
  if (result.ruleVerification) {
    const v = result.ruleVerification;
    lines.push(`  ${when(v.breakable - v.verified, c.red, ruleVerificationLine(v))}`);
    for (const line of unverifiedLines(v).slice(0, MAX_LINES)) lines.push(`    ${c.red(line)}`);
  }
  const verdict = verdictOf(result);
  for (const line of leftOutLines(result.skips)) lines.push(`  ${line}`);
  if (verdict === 'partial') for (const line of partialLines(result.skips)) lines.push(`  ${c.yellow(line)}`);
  const colour = verdict === 'conforms' ? c.green : verdict === 'partial' ? c.yellow : c.red;
  lines.push(
    `  ${when(s.breaking, c.red, `${s.breaking} breaking`)}, ${when(s.nonBreaking, c.yellow, `${s.nonBreaking} non-breaking`)} difference(s): ${c.bold(colour(verdictText(result)))}`,
  );
  if (result.gate) {
    const n = result.gate.failures.length;
    lines.push(
      `  coverage gate (${gateChecks(result.gate)}): ${result.gate.passed ? c.green('passed') : c.red(`FAILED, ${n} check${n === 1 ? '' : 's'}`)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
