import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REPORT_FORMATS, type ReportFormat } from '../../../src/conformance/report/formats.js';
import {
  renderFormats,
  renderReports,
  writeFormats,
  writeReports,
} from '../../../src/conformance/report/write.js';
import type { RunResult } from '../../../src/conformance/results/run-result.js';
import { secretValues } from '../../../src/secrets/index.js';
import { runShipped, targetOf } from '../helpers/run.js';
import { startTestServer, TEST_TOKEN, type TestServer } from '../helpers/server.js';

const SRC = path.resolve('src');

/** Every .ts file under a folder, relative to src/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** Code naming a report format of a run: a `junit:`/`markdown:` key, a 'junit' literal, a `.junit.xml` name. */
const NAMES_A_FORMAT = /\b(junit|markdown)\??\s*:|['"](junit|markdown)['"]|\w\.junit\.xml/;

/**
 * The registry (report/formats.ts) and the format modules themselves. check-documents (partner/ and
 * its command) writes reports of document checks, not of a run: another model with its own three files.
 */
const MAY_NAME_FORMATS = [
  'conformance/report/formats.ts',
  'conformance/report/json.ts',
  'conformance/report/junit.ts',
  'conformance/report/markdown.ts',
  'conformance/report/html.ts',
  'partner/report.ts',
  'cli/commands/check-documents.ts',
];

/** A fifth format, as a new report would be added: one module, one entry in the list. */
const csv = {
  id: 'csv',
  title: 'CSV',
  extension: 'csv',
  render: (result: RunResult) =>
    [
      'scenario,revision,status',
      ...result.scenarios.map((s) => `${s.scenarioId},${s.revision},${s.status}`),
    ].join('\n') + `\n# ${TEST_TOKEN}\n`,
} as const satisfies ReportFormat;

describe('the report registry', () => {
  let server: TestServer;
  let result: RunResult;
  let dir: string;
  const secrets = secretValues(targetOf('x').headers);
  beforeAll(async () => {
    server = await startTestServer({ simulator: true });
    result = await runShipped(server.endpoint);
    dir = mkdtempSync(path.join(os.tmpdir(), 'formats-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders and writes one file per registered format, named from the registry', () => {
    const written = writeReports(path.join(dir, 'conform'), renderReports(result, secrets));
    expect(Object.keys(written)).toEqual(REPORT_FORMATS.map((f) => f.id));
    expect(Object.values(written).map((f) => path.basename(f))).toEqual([
      'conformance.json',
      'conformance.junit.xml',
      'conformance.md',
      'conformance.html',
    ]);
    for (const file of Object.values(written)) expect(existsSync(file)).toBe(true);
    const fuzz = writeReports(path.join(dir, 'fuzz'), renderReports(result, secrets), 'fuzz');
    expect(path.basename(fuzz.junit)).toBe('fuzz.junit.xml');
  });

  it('takes a new format as one more entry: rendered, scrubbed of secrets and written like the others', () => {
    const formats = [...REPORT_FORMATS, csv];
    const written = writeFormats(
      formats,
      path.join(dir, 'extra'),
      'conformance',
      renderFormats(formats, result, secrets),
    );
    expect(readdirSync(path.join(dir, 'extra')).sort()).toEqual([
      'conformance.csv',
      'conformance.html',
      'conformance.json',
      'conformance.junit.xml',
      'conformance.md',
    ]);
    const text = readFileSync(written.csv, 'utf8');
    expect(text).toContain('scenario,revision,status');
    expect(text).not.toContain(TEST_TOKEN);
  });

  it('is the one place that names the formats: no other file of src/ lists them', () => {
    const naming = sourceFiles(SRC)
      .filter((file) => !MAY_NAME_FORMATS.includes(file))
      .filter((file) => NAMES_A_FORMAT.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(naming).toEqual([]);
  });

  it('catches a planted list of the formats', () => {
    expect(NAMES_A_FORMAT.test("reports: Record<'json' | 'junit' | 'markdown' | 'html', string>")).toBe(true);
    expect(NAMES_A_FORMAT.test('  junit: path.join(dir, REPORT_FILES.junit),')).toBe(true);
    expect(NAMES_A_FORMAT.test("  junit: 'fuzz.junit.xml',")).toBe(true);
    expect(NAMES_A_FORMAT.test('const reports = writeReports(dir, rendered);')).toBe(false);
  });
});
