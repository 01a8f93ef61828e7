// `rm-harness fuzz` end to end: the simulator in-process, reports in a temp folder, and misuse.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { cli } from '../../helpers/cli-io.js';

describe('rm-harness fuzz', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-fuzz-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fuzzes the simulator, prints the seed and writes the four reports', async () => {
    const out = await cli([
      'fuzz',
      '--target',
      'sim',
      '--version',
      '1.2.0',
      '--runs',
      '3',
      '--seed',
      '7',
      '--report-dir',
      dir,
    ]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Fuzz seed 7');
    expect(out.stdout).toMatch(/1\.2\.0: 3 sequences, \d+ operations, no failure/);
    for (const file of ['fuzz.json', 'fuzz.junit.xml', 'fuzz.md', 'fuzz.html']) {
      expect(existsSync(path.join(dir, file))).toBe(true);
    }
    const report = JSON.parse(readFileSync(path.join(dir, 'fuzz.json'), 'utf8')) as {
      summary: { conforms: boolean };
    };
    expect(report.summary.conforms).toBe(true);
  }, 120_000);

  it.each([
    [['--runs', '0'], /--runs must be an integer of at least 1/],
    [['--version', '9.9.9'], /unknown version "9.9.9"/],
    [['--rate', '-1'], /--rate must be an integer of at least 1/],
  ])('rejects %j with exit 2 and one line', async (flags, message) => {
    const out = await cli(['fuzz', '--target', 'sim', ...flags]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });
});
