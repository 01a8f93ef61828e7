import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reportFileName } from '../report/format.js';
import { durationOf, junitReport, junitTimes } from '../report/junit.js';
import type { RunResult } from './run-result.js';

/**
 * The JSON report masks each run's time (two runs' reports compare equal), but the JUnit report the same
 * run wrote beside it (`<base>.junit.xml` for `<base>.json`) has them: each scenario's `durationMs` from
 * there, left as read when there is no such file.
 */
function withJunitTimes(file: string, result: RunResult): RunResult {
  const junit = path.join(path.dirname(file), reportFileName(path.basename(file, '.json'), junitReport));
  let xml: string;
  try {
    xml = readFileSync(junit, 'utf8');
  } catch {
    return result;
  }
  const times = junitTimes(xml);
  return {
    ...result,
    scenarios: result.scenarios.map((s) => ({ ...s, durationMs: durationOf(times, s) ?? s.durationMs })),
  };
}

/**
 * A run read back from its JSON report (`conformance.json`), or why the file is not one. The report's
 * masked values (`<run-id>`, `<generated-n>`, start and finish times) stay masked; each scenario's time
 * comes from the JUnit report beside it when there is one.
 */
export function readRunReport(file: string): { ok: true; result: RunResult } | { ok: false; error: string } {
  const read = readJsonFile(file, file);
  if (!read.ok) return read;
  const report = read.parsed as Partial<RunResult> & { failures?: unknown };
  if (
    report === null ||
    typeof report !== 'object' ||
    report.tool !== 'rm-harness conform' ||
    report.formatVersion !== 1 ||
    !Array.isArray(report.scenarios) ||
    typeof report.coverage !== 'object'
  ) {
    return { ok: false, error: `${file} is not a conform JSON report (format 1)` };
  }
  const { failures: _failures, ...result } = report;
  return { ok: true, result: withJunitTimes(file, result as RunResult) };
}

/**
 * The parsed JSON of a report file, or why it cannot be read: `named` is how the messages name it
 * (`cannot read <named>: ENOENT`, `<named> is not JSON`).
 */
export function readJsonFile(
  file: string,
  named: string,
): { ok: true; parsed: unknown } | { ok: false; error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      error: `cannot read ${named}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    };
  }
  try {
    return { ok: true, parsed: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: `${named} is not JSON` };
  }
}
