import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scrubSecrets } from '../../secrets/index.js';
import type { RunResult } from '../results/run-result.js';
import { reportFileName, type ReportFormat, type Volatile } from './format.js';
import { REPORT_FORMATS, type Reports } from './formats.js';

/** Renders each of `formats`, with every secret scrubbed as a last line of defence. */
export function renderFormats<F extends ReportFormat>(
  formats: readonly F[],
  result: RunResult,
  secrets: readonly string[],
  volatile?: Volatile,
): Record<F['id'], string> {
  return Object.fromEntries(
    formats.map((f) => [f.id, scrubSecrets(f.render(result, volatile), secrets)]),
  ) as Record<F['id'], string>;
}

/** Writes rendered `formats` into `dir` (created if needed) as `<base>.<extension>`; returns their paths. */
export function writeFormats<F extends ReportFormat>(
  formats: readonly F[],
  dir: string,
  base: string,
  rendered: Readonly<Record<F['id'], string>>,
): Record<F['id'], string> {
  mkdirSync(dir, { recursive: true });
  return Object.fromEntries(
    formats.map((f) => {
      const file = path.join(dir, reportFileName(base, f));
      writeFileSync(file, rendered[f.id as F['id']]);
      return [f.id, file];
    }),
  ) as Record<F['id'], string>;
}

/** Renders every registered report of a run. */
export const renderReports = (result: RunResult, secrets: readonly string[], volatile?: Volatile): Reports =>
  renderFormats(REPORT_FORMATS, result, secrets, volatile);

/** Writes every registered report into `dir` (`conformance.json`, … or `fuzz.json`, …); returns their paths. */
export const writeReports = (dir: string, reports: Readonly<Reports>, base = 'conformance'): Reports =>
  writeFormats(REPORT_FORMATS, dir, base, reports);
