import { readFileSync } from 'node:fs';
import type { RunResult } from './run-result.js';

/**
 * A run read back from its JSON report (`conformance.json`), or why the file is not one. The report's
 * masked values (`<run-id>`, `<generated-n>`, times) stay masked.
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
  return { ok: true, result: result as RunResult };
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
