import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { cli, ESC } from '../../helpers/cli-io.js';

const F = 'test/partner/fixtures';
const tmp = (): string => mkdtempSync(path.join(tmpdir(), 'check-docs-output-'));

describe('rm-harness check-documents output', () => {
  it('colours OK green and BROKEN red on a terminal, and is plain on a buffer', async () => {
    const dir = tmp();
    const coloured = await cli(['check-documents', F, '--report-dir', dir], { stdoutTty: true });
    expect(coloured.code).toBe(1);
    expect(coloured.stdout).toContain(`${ESC}[31mBROKEN${ESC}[39m  1.2.0  query Currencies`);
    expect(coloured.stdout).toContain(`${ESC}[32mOK    ${ESC}[39m`);
    const plain = await cli(['check-documents', F, '--report-dir', dir]);
    expect(plain.stdout).not.toContain(ESC);
  });

  it('prints nothing with --quiet when every operation is valid', async () => {
    const r = await cli([
      'check-documents',
      `${F}/*.gql`,
      '--version',
      '1.4.0',
      '--report-dir',
      tmp(),
      '--quiet',
    ]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('keeps exit 1 with --quiet and names the counts in one stderr line', async () => {
    const r = await cli(['check-documents', F, '--report-dir', tmp(), '--quiet']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^rm-harness: 11 broken check\(s\), 0 failed run\(s\), 0 syntax error\(s\); see .*check-documents\.md\n$/,
    );
  });

  it('prints one JSON document with the totals, the problems and the report paths with --json', async () => {
    const dir = tmp();
    const r = await cli(['check-documents', F, '--report-dir', dir, '--json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      tool: string;
      exitCode: number;
      files: number;
      totals: { checks: number; broken: number; valid: number };
      problems: { operation: string; revision: string; status: string }[];
      reports: Record<string, string>;
    };
    expect(doc).toMatchObject({
      tool: 'rm-harness check-documents',
      exitCode: 1,
      files: 5,
      totals: { checks: 20, valid: 9, broken: 11 },
      reports: {
        json: path.join(dir, 'check-documents.json'),
        junit: path.join(dir, 'check-documents.junit.xml'),
        markdown: path.join(dir, 'check-documents.md'),
      },
    });
    expect(doc.problems).toHaveLength(11);
    expect(doc.problems).toContainEqual(
      expect.objectContaining({ operation: 'Currencies', revision: '1.2.0', status: 'broken' }),
    );
  });
});
