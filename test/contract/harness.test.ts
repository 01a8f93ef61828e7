import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { HARNESS_VERSION } from '../../src/contract/harness.js';
import { renderJson } from '../../src/conformance/report/json.js';
import type { RunResult } from '../../src/conformance/results/run-result.js';
import { renderDocumentJson } from '../../src/partner/report.js';
import { cli } from '../helpers/cli-io.js';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe('the harness version', () => {
  it("is package.json's", () => {
    expect(HARNESS_VERSION).toBe(version);
  });

  it('is what `rm-harness --version` prints, alone on the command line', async () => {
    expect(await cli(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('is recorded, beside the revisions, in the conformance JSON report', () => {
    const result = {
      runId: 'r1',
      revisions: ['1.2.0'],
      scenarios: [],
      drift: [],
      summary: { conforms: true },
    } as unknown as RunResult;
    const json = JSON.parse(renderJson(result)) as Record<string, unknown>;
    expect(json).toMatchObject({ harnessVersion: version, revisions: ['1.2.0'] });
  });

  it('is recorded, beside the revisions, in the check-documents JSON report', () => {
    const json = JSON.parse(
      renderDocumentJson({ revisions: ['1.4.0'], files: [], checks: [], syntaxErrors: [] }),
    ) as Record<string, unknown>;
    expect(json).toMatchObject({ harnessVersion: version, revisions: ['1.4.0'] });
  });
});
