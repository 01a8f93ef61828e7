import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scrubSecrets } from '../results/mask.js';
import type { RunResult } from '../results/run-result.js';
import { renderHtml } from './html.js';
import { renderJson, type Volatile } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';

/** File names of the four reports inside the report folder. */
export const REPORT_FILES = {
  json: 'conformance.json',
  junit: 'conformance.junit.xml',
  markdown: 'conformance.md',
  html: 'conformance.html',
} as const;

/** Renders the four reports, with every secret scrubbed as a last line of defence. */
export function renderReports(
  result: RunResult,
  secrets: readonly string[],
  volatile?: Volatile,
): Record<keyof typeof REPORT_FILES, string> {
  const scrub = (s: string): string => scrubSecrets(s, secrets);
  return {
    json: scrub(renderJson(result, volatile)),
    junit: scrub(renderJunit(result)),
    markdown: scrub(renderMarkdown(result)),
    html: scrub(renderHtml(result)),
  };
}

/** Writes the reports into `dir` (created if needed) and returns their paths. */
export function writeReports(dir: string, reports: Record<keyof typeof REPORT_FILES, string>): string[] {
  mkdirSync(dir, { recursive: true });
  return (Object.keys(REPORT_FILES) as (keyof typeof REPORT_FILES)[]).map((k) => {
    const file = path.join(dir, REPORT_FILES[k]);
    writeFileSync(file, reports[k]);
    return file;
  });
}
