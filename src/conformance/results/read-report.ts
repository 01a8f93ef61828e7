import { readFileSync } from 'node:fs';
import type { RunResult } from './run-result.js';

/**
 * A run read back from its JSON report (`conformance.json`), or why the file is not one. The report's
 * masked values (`<run-id>`, `<generated-n>`, times) stay masked.
 */
export function readRunReport(file: string): { ok: true; result: RunResult } | { ok: false; error: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      ok: false,
      error: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: `${file} is not JSON` };
  }
  const report = parsed as Partial<RunResult> & { failures?: unknown };
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
