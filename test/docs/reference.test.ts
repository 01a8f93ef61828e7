// The generated reference pages are what the code says now: the CLI reference is every command's --help
// from the yargs definitions, the admin API reference the admin API's own index. `npm run docs:reference`
// rewrites them. The error-code page is the error catalogue (src/contract/error-codes.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  renderAdminReference,
  renderCliReference,
  renderErrorCodes,
  withActionTables,
} from '../../scripts/reference.js';
import { ERROR_CODES } from '../../src/contract/error-codes.js';
import { PROJECT_ROOT } from './sandbox.js';

const page = (name: string): string => readFileSync(join(PROJECT_ROOT, 'docs/reference', name), 'utf8');

describe('docs/reference', () => {
  it('cli.md is current with the yargs definitions (run `npm run docs:reference`)', async () => {
    const rendered = await renderCliReference();
    expect(rendered).toContain('## rm-harness conform');
    expect(rendered).toContain('## rm-harness schema print');
    expect(page('cli.md')).toBe(rendered);
  }, 60_000);

  it('admin-api.md is current with the admin API index (run `npm run docs:reference`)', async () => {
    const rendered = await renderAdminReference();
    expect(rendered).toContain('`/__admin/health`');
    // Every route says what it does.
    const rows = rendered.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => /\|\s*\|$/.test(r))).toEqual([]);
    expect(page('admin-api.md')).toBe(rendered);
  }, 60_000);

  it("docs/qa-ci.md lists action.yml's inputs and outputs as they are (run `npm run docs:reference`)", () => {
    const guide = readFileSync(join(PROJECT_ROOT, 'docs/qa-ci.md'), 'utf8');
    expect(guide).toContain('| `fail-on` |');
    expect(guide).toBe(withActionTables(guide));
  });

  it('error-codes.md is current with the error catalogue (run `npm run docs:reference`)', () => {
    const rendered = renderErrorCodes();
    const listed = [...rendered.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(Object.keys(ERROR_CODES));
    expect(page('error-codes.md')).toBe(rendered);
  });
});
