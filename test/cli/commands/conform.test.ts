import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cli, ESC } from '../../helpers/cli-io.js';
import { startTestServer, TEST_TOKEN, type TestServer } from '../../conformance/helpers/server.js';
import { FIXTURE_SCENARIOS } from '../../conformance/helpers/run.js';

const tmp = (): string => mkdtempSync(path.join(tmpdir(), 'conform-output-'));

/** One shipped scenario on one revision against the in-process simulator: a fast, real run. */
const one = (dir: string): string[] => [
  'conform',
  '--target',
  'sim',
  '--scenario',
  'relationships.relationship-types',
  '--version',
  '1.4.0',
  '--no-drift',
  '--report-dir',
  dir,
];

describe('rm-harness conform output', () => {
  it('prints a plain summary and no progress to buffers', async () => {
    const r = await cli(one(tmp()));
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toContain('1.4.0: 1/1 passed (100%)');
    expect(r.stdout).toContain('0 breaking, 0 non-breaking difference(s): CONFORMS');
  });

  it('draws progress over the scenario runs on a terminal stderr and colours the verdict green', async () => {
    const r = await cli(one(tmp()), { stdoutTty: true, stderrTty: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('conform');
    expect(r.stderr).toContain('1/1');
    expect(r.stderr).toContain('relationships.relationship-types [1.4.0]');
    expect(r.stdout).not.toContain('relationships.relationship-types [1.4.0]');
    expect(r.stdout).toContain(`${ESC}[32mCONFORMS${ESC}[39m`);
    expect(r.stdout).toContain(`${ESC}[32m1/1 passed (100%)${ESC}[39m`);
  });

  it('prints nothing with --quiet on success and still writes the reports', async () => {
    const dir = tmp();
    const r = await cli([...one(dir), '--quiet'], { stdoutTty: true, stderrTty: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8'))).toMatchObject({
      summary: { conforms: true },
    });
  });

  it('prints one JSON document with the verdict, the counts and the report paths with --json', async () => {
    const dir = tmp();
    const r = await cli([...one(dir), '--json']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({
      tool: 'rm-harness conform',
      target: { label: 'sim', isSimulator: true },
      revisions: ['1.4.0'],
      verdict: 'conforms',
      exitCode: 0,
      summary: { total: 1, passed: 1, failed: 0, breaking: 0, conforms: true },
      drift: [],
      failures: [],
      reports: {
        json: path.join(dir, 'conformance.json'),
        junit: path.join(dir, 'conformance.junit.xml'),
        markdown: path.join(dir, 'conformance.md'),
        html: path.join(dir, 'conformance.html'),
      },
    });
    // The summary is the JSON report's, not a second tally.
    const report = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      summary: unknown;
    };
    expect(doc['summary']).toEqual(report.summary);
  });
});

describe('rm-harness conform output on a failing run', () => {
  let bad: TestServer;
  beforeAll(async () => {
    bad = await startTestServer({ deviation: 'drop-field', simulator: true });
  });
  afterAll(async () => {
    await bad.close();
  });

  const failing = (dir: string): string[] => [
    'conform',
    '--scenarios-dir',
    FIXTURE_SCENARIOS,
    '--target',
    bad.endpoint,
    '--token',
    TEST_TOKEN,
    '--scenario',
    'settings.*',
    '--version',
    '1.4.0',
    '--no-drift',
    '--report-dir',
    dir,
  ];

  it('colours FAILED and DOES NOT CONFORM red on a terminal', async () => {
    const r = await cli(failing(tmp()), { stdoutTty: true });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${ESC}[31mFAILED${ESC}[39m settings.regional-settings [1.4.0]`);
    expect(r.stdout).toContain(`${ESC}[31mDOES NOT CONFORM${ESC}[39m`);
    expect(r.stdout).toContain(`${ESC}[31m1 breaking${ESC}[39m`);
  });

  it('keeps exit 1 with --quiet and says why in one stderr line, without the secret token', async () => {
    const r = await cli([...failing(tmp()), '--quiet']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^rm-harness: does not conform: 1 breaking difference\(s\), 1 failed, 0 errors; see .*conformance\.md\n$/,
    );
    expect(r.stderr).not.toContain(TEST_TOKEN);
  });

  it('reports the failure keys and exit code 1 with --json, and no token', async () => {
    const r = await cli([...failing(tmp()), '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain(TEST_TOKEN);
    const doc = JSON.parse(r.stdout) as { verdict: string; exitCode: number; failures: string[] };
    expect(doc.verdict).toBe('does-not-conform');
    expect(doc.exitCode).toBe(1);
    expect(doc.failures.some((f) => f.startsWith('settings.regional-settings@1.4.0/'))).toBe(true);
  });
});
