import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { escapeXml, PLAIN, when, type TextStyle } from '../conformance/index.js';
import { HARNESS_VERSION } from '../contract/harness.js';
import type { DocumentCheckResult, Finding, OperationCheck } from './check.js';

/** File names of the three reports inside the report folder. */
export const DOCUMENT_REPORT_FILES = {
  json: 'check-documents.json',
  junit: 'check-documents.junit.xml',
  markdown: 'check-documents.md',
} as const;

const at = (f: { file: string; line: number; column?: number }): string =>
  `${f.file}:${f.line}${f.column !== undefined ? `:${f.column}` : ''}`;

function findingLine(f: Finding): string {
  return `${at(f)} ${f.severity === 'warning' ? 'warning' : 'error'} [${f.kind}] ${f.message}`;
}

function runText(c: OperationCheck): string {
  if (!c.run) return '';
  const { status, messages } = c.run;
  return status === 'ok' ? 'ran ok' : `run ${status}${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`;
}

/** The counts every report of a check starts with. */
export interface Totals {
  operations: number;
  checks: number;
  valid: number;
  broken: number;
  warnings: number;
  runFailures: number;
}

/** Operations, checks (operation × revision) and how many are valid, broken, warned about or failed to run. */
export function totalsOf(result: DocumentCheckResult): Totals {
  const ops = new Set(result.checks.map((c) => `${c.file}\0${c.line}\0${c.operation}`));
  return {
    operations: ops.size,
    checks: result.checks.length,
    valid: result.checks.filter((c) => c.status === 'valid').length,
    broken: result.checks.filter((c) => c.status === 'broken').length,
    warnings: result.checks.reduce(
      (n, c) => n + c.findings.filter((f) => f.severity === 'warning').length,
      0,
    ),
    runFailures: result.checks.filter((c) => c.run?.status === 'errors' || c.run?.status === 'failed').length,
  };
}

/**
 * The console summary: one line per operation and revision, its problems indented below; `style`
 * colours valid green, broken and errors red, warnings yellow.
 */
export function renderDocumentConsole(result: DocumentCheckResult, style: TextStyle = PLAIN): string {
  const s = style;
  const lines: string[] = [];
  for (const e of result.syntaxErrors) lines.push(`${s.red('SYNTAX')}  ${at(e)} ${e.message}`);
  for (const c of result.checks) {
    const run = runText(c);
    const failedRun = c.run?.status === 'errors' || c.run?.status === 'failed';
    lines.push(
      `${c.status === 'valid' ? s.green('OK    ') : s.red('BROKEN')}  ${c.revision}  ${c.type} ${c.operation}  (${c.file}:${c.line})${run ? `  ${failedRun ? s.red(run) : run}` : ''}`,
    );
    for (const f of c.findings)
      lines.push(`          ${(f.severity === 'warning' ? s.yellow : s.red)(findingLine(f))}`);
  }
  const t = totalsOf(result);
  const syntax = result.syntaxErrors.length;
  lines.push(
    '',
    `${t.operations} operation(s) in ${result.files.length} file(s) on ${result.revisions.join(', ')}, ${t.checks} check(s) (operation × revision): ${when(t.valid, s.green, `${t.valid} valid`)}, ${when(t.broken, s.red, `${t.broken} broken`)}${t.warnings > 0 ? `, ${s.yellow(`${t.warnings} deprecation warning(s)`)}` : ''}${t.runFailures > 0 ? `, ${s.red(`${t.runFailures} failed run(s)`)}` : ''}${syntax > 0 ? `, ${s.red(`${syntax} syntax error(s)`)}` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The JSON report: the harness version, totals, then the revisions and every operation × revision with its findings. */
export function renderDocumentJson(result: DocumentCheckResult): string {
  return `${JSON.stringify({ tool: 'rm-harness check-documents', harnessVersion: HARNESS_VERSION, totals: totalsOf(result), ...result }, null, 2)}\n`;
}

function testcase(c: OperationCheck): string {
  const attrs = `name="${escapeXml(`${c.operation} [${c.revision}]`)}" classname="${escapeXml(`documents.${c.file}`)}" file="${escapeXml(c.file)}" line="${c.line}"`;
  const errors = c.findings.filter((f) => f.severity === 'error');
  const warnings = c.findings.filter((f) => f.severity === 'warning');
  const parts: string[] = [];
  if (c.status === 'broken') {
    parts.push(
      `<failure message="${escapeXml(`${errors.length} problem(s) on ${c.revision}: ${errors[0]?.message ?? ''}`)}" type="invalid">${escapeXml(errors.map(findingLine).join('\n'))}</failure>`,
    );
  } else if (c.run && (c.run.status === 'errors' || c.run.status === 'failed')) {
    parts.push(
      `<error message="${escapeXml(runText(c))}" type="run-${c.run.status}">${escapeXml(c.run.messages.join('\n'))}</error>`,
    );
  }
  const out = [...warnings.map(findingLine), ...(c.run?.status === 'skipped' ? [runText(c)] : [])];
  if (out.length > 0) parts.push(`<system-out>${escapeXml(out.join('\n'))}</system-out>`);
  return parts.length === 0
    ? `    <testcase ${attrs}/>`
    : `    <testcase ${attrs}>\n      ${parts.join('\n      ')}\n    </testcase>`;
}

/** JUnit XML: one testsuite per revision, one testcase per operation and revision (plus one per syntax error). */
export function renderDocumentJunit(result: DocumentCheckResult): string {
  const failed = (c: OperationCheck): boolean => c.status === 'broken';
  const errored = (c: OperationCheck): boolean =>
    !failed(c) && (c.run?.status === 'errors' || c.run?.status === 'failed');
  const suites = result.revisions.map((revision) => {
    const cases = result.checks.filter((c) => c.revision === revision);
    return [
      `  <testsuite name="check-documents ${revision}" tests="${cases.length}" failures="${cases.filter(failed).length}" errors="${cases.filter(errored).length}" skipped="0">`,
      ...cases.map(testcase),
      '  </testsuite>',
    ].join('\n');
  });
  if (result.syntaxErrors.length > 0) {
    suites.push(
      [
        `  <testsuite name="check-documents syntax" tests="${result.syntaxErrors.length}" failures="${result.syntaxErrors.length}" errors="0" skipped="0">`,
        ...result.syntaxErrors.map(
          (e) =>
            `    <testcase name="${escapeXml(`syntax ${at(e)}`)}" classname="${escapeXml(`documents.${e.file}`)}" file="${escapeXml(e.file)}" line="${e.line}">\n      <failure message="${escapeXml(e.message)}" type="syntax">${escapeXml(`${at(e)} ${e.message}`)}</failure>\n    </testcase>`,
        ),
        '  </testsuite>',
      ].join('\n'),
    );
  }
  const all = result.checks;
  const tests = all.length + result.syntaxErrors.length;
  const failures = all.filter(failed).length + result.syntaxErrors.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="rm-harness check-documents" tests="${tests}" failures="${failures}" errors="${all.filter(errored).length}" skipped="0">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The Markdown report: a table of operations × revisions, then the problems per operation. */
export function renderDocumentMarkdown(result: DocumentCheckResult): string {
  const t = totalsOf(result);
  const lines = [
    '## Partner documents check',
    '',
    `${t.operations} operation(s) in ${result.files.length} file(s), checked on ${result.revisions.join(', ')}, ${t.checks} check(s) (operation × revision): **${t.valid} valid, ${t.broken} broken**${t.warnings > 0 ? `, ${t.warnings} deprecation warning(s)` : ''}${t.runFailures > 0 ? `, ${t.runFailures} failed run(s)` : ''}.`,
    '',
    `| operation | file | ${result.revisions.join(' | ')} |`,
    `|---|---|${result.revisions.map(() => '---|').join('')}`,
  ];
  const byOp = new Map<string, OperationCheck[]>();
  for (const c of result.checks) {
    const key = `${c.file}\0${c.line}\0${c.operation}`;
    byOp.set(key, [...(byOp.get(key) ?? []), c]);
  }
  for (const checks of byOp.values()) {
    const first = checks[0] as OperationCheck;
    const status = result.revisions.map((r) => {
      const c = checks.find((x) => x.revision === r);
      if (!c) return '';
      const run = c.run && c.run.status !== 'ok' ? ` (run ${c.run.status})` : '';
      return `${c.status === 'valid' ? '✅ valid' : `❌ ${c.findings.filter((f) => f.severity === 'error').length} problem(s)`}${run}`;
    });
    lines.push(
      `| ${first.type} \`${cell(first.operation)}\` | \`${cell(first.file)}:${first.line}\` | ${status.join(' | ')} |`,
    );
  }
  if (result.syntaxErrors.length > 0) {
    lines.push('', '### Syntax errors', '');
    for (const e of result.syntaxErrors) lines.push(`- \`${cell(at(e))}\` ${cell(e.message)}`);
  }
  const withNotes = result.checks.filter((c) => c.findings.length > 0 || (c.run && c.run.status !== 'ok'));
  if (withNotes.length > 0) {
    lines.push('', '### Problems', '');
    for (const c of withNotes) {
      lines.push(`- **${cell(c.operation)}** on ${c.revision}:`);
      for (const f of c.findings)
        lines.push(`  - \`${cell(at(f))}\` ${f.severity} [${f.kind}] ${cell(f.message)}`);
      if (c.run && c.run.status !== 'ok') lines.push(`  - ${cell(runText(c))}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the three reports into `dir` (created if needed) and returns their paths. */
export function writeDocumentReports(dir: string, result: DocumentCheckResult): string[] {
  mkdirSync(dir, { recursive: true });
  const content: Record<keyof typeof DOCUMENT_REPORT_FILES, string> = {
    json: renderDocumentJson(result),
    junit: renderDocumentJunit(result),
    markdown: renderDocumentMarkdown(result),
  };
  return (Object.keys(DOCUMENT_REPORT_FILES) as (keyof typeof DOCUMENT_REPORT_FILES)[]).map((k) => {
    const file = path.join(dir, DOCUMENT_REPORT_FILES[k]);
    writeFileSync(file, content[k]);
    return file;
  });
}
