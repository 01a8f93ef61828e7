// The generated reference pages are what the code says now: the CLI reference is every command's --help
// from the yargs definitions, the admin API reference the admin API's own index. `npm run docs:reference`
// rewrites them. The error-code page lists every `extensions.code` the sources use.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { renderAdminReference, renderCliReference, withActionTables } from '../../scripts/reference.js';
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
    expect(page('admin-api.md')).toBe(rendered);
  }, 60_000);

  it("docs/qa-ci.md lists action.yml's inputs and outputs as they are (run `npm run docs:reference`)", () => {
    const guide = readFileSync(join(PROJECT_ROOT, 'docs/qa-ci.md'), 'utf8');
    expect(guide).toContain('| `fail-on` |');
    expect(guide).toBe(withActionTables(guide));
  });

  it('error-codes.md lists every extensions.code the sources use', () => {
    const sources = readdirSync(join(PROJECT_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => readFileSync(join(PROJECT_ROOT, 'src', name), 'utf8'))
      .join('\n');
    // A code is an UPPER_SNAKE string given as `code: '…'`, to sendError/errorEnvelope/graphqlError, or in a
    // status table; environment variable names and severities are not codes.
    const codes = new Set(
      [
        ...sources.matchAll(/\bcode: '([A-Z][A-Z_]+)'/g),
        ...sources.matchAll(/(?:sendError|errorEnvelope|graphqlError)\([^;]*?'([A-Z][A-Z_]+)'\)/g),
        ...sources.matchAll(/^\s+\d{3}: \['[^']*', '([A-Z][A-Z_]+)'\]/gm),
        ...sources.matchAll(/\? '([A-Z][A-Z_]+)'\s*:/g),
        ...[...sources.matchAll(/ErrorCode = ([^;]+);/g)].flatMap((m) => [...m[1]!.matchAll(/'([A-Z_]+)'/g)]),
      ].map((m) => m[1]!),
    );
    const listed = new Set([...page('error-codes.md').matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]!));
    expect(codes.size).toBeGreaterThan(8);
    expect([...codes].filter((code) => !listed.has(code)).sort()).toEqual([]);
  });
});
