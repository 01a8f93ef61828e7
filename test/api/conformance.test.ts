import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { checkConformance } from '../../src/api/conformance.js';

describe('checkConformance', () => {
  it('runs a provider-state scenario on its simulator (no skip, so no partial verdict)', async () => {
    const check = await checkConformance({
      target: 'sim',
      scenarios: ['events.clock-date-filter'],
      versions: ['1.4.0'],
      drift: false,
      reportDir: mkdtempSync(path.join(tmpdir(), 'api-conform-')),
    });
    expect(check.ok && check.result.scenarios.map((s) => s.status)).toEqual(['passed']);
    expect(check.ok && check.passed).toBe(true);
  }, 60_000);
});
