import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/run.js';

const F = 'test/partner/fixtures';
const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rm-check-docs-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function cli(argv: string[]) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (out.stdout += s) },
    stderr: { write: (s: string) => (out.stderr += s) },
  });
  return { code, ...out };
}

describe('rm-harness check-documents', () => {
  it('exits 1 when an operation breaks on a requested revision and writes the three reports', async () => {
    const dir = await tempDir();
    const r = await cli(['check-documents', F, '--report-dir', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `BROKEN  1.2.0  query Currencies  (${F}/src/api.ts:18)\n          ${F}/src/api.ts:19:5 error [unknown-field] Cannot query field "currencies" on type "Query": exists only in 1.4.0`,
    );
    expect(r.stdout).toContain(
      '10 operation(s) in 5 file(s) on 1.4.0, 1.2.0, 20 check(s) (operation × revision): 9 valid, 11 broken.',
    );
    const junit = await readFile(join(dir, 'check-documents.junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(20);
    expect(junit).toContain('<testsuites name="rm-harness check-documents" tests="20" failures="11"');
    expect(junit).toContain(
      `<testcase name="Currencies [1.2.0]" classname="documents.${F}/src/api.ts" file="${F}/src/api.ts" line="18">`,
    );
    const json = JSON.parse(await readFile(join(dir, 'check-documents.json'), 'utf8')) as {
      totals: { broken: number };
      checks: unknown[];
    };
    expect(json.totals.broken).toBe(11);
    expect(json.checks).toHaveLength(20);
    const md = await readFile(join(dir, 'check-documents.md'), 'utf8');
    expect(md).toContain(
      `| query \`ListTypes\` | \`${F}/opportunities.gql:12\` | ✅ valid | ❌ 1 problem(s) |`,
    );
  });

  it('exits 0 when every operation is valid on the requested revision', async () => {
    const dir = await tempDir();
    const r = await cli(['check-documents', `${F}/*.gql`, '--version', '1.4.0', '--report-dir', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '2 operation(s) in 1 file(s) on 1.4.0, 2 check(s) (operation × revision): 2 valid, 0 broken.',
    );
  });

  it('exits 2 with one line on usage errors', async () => {
    const none = await cli(['check-documents', 'no/such/dir/**/*.graphql']);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'rm-harness: no .graphql, .gql, .ts, .js, .tsx or .jsx file matches "no/such/dir/**/*.graphql". Run "rm-harness check-documents --help" for usage.\n',
    );
    const version = await cli(['check-documents', F, '--version', '1.3.0']);
    expect(version.code).toBe(2);
    expect(version.stderr.split('\n')[0]).toMatch(
      /^rm-harness: unknown version "1\.3\.0" \(expected 1\.4\.0 or 1\.2\.0 or all\)/,
    );
    const missing = await cli(['check-documents']);
    expect(missing.code).toBe(2);
  });

  it('with --run executes the valid operations against the simulator', async () => {
    const dir = await tempDir();
    const vars = join(dir, 'vars.json');
    await writeFile(vars, JSON.stringify({ PersonCard: { id: 'no-such-person' } }));
    const r = await cli([
      'check-documents',
      `${F}/contacts.graphql`,
      `${F}/src/api.ts`,
      '--run',
      '--target',
      'sim',
      '--variables',
      vars,
      '--report-dir',
      dir,
    ]);
    expect(r.stdout).toContain(`OK      1.2.0  query PersonCard  (${F}/contacts.graphql:2)  ran ok`);
    expect(r.stdout).toContain(`OK      1.4.0  query Currencies  (${F}/src/api.ts:18)  ran ok`);
    expect(r.code).toBe(1); // Currencies and AddList still break on 1.2.0
    const json = JSON.parse(await readFile(join(dir, 'check-documents.json'), 'utf8')) as {
      checks: { operation: string; revision: string; run?: { status: string } }[];
    };
    expect(
      json.checks.filter((c) => c.run).map((c) => `${c.operation} ${c.revision} ${c.run?.status}`),
    ).toEqual([
      'PersonCard 1.4.0 ok',
      'PersonCard 1.2.0 ok',
      'FirmSettings 1.4.0 ok',
      'FirmSettings 1.2.0 ok',
      'SearchContacts 1.4.0 ok',
      'SearchContacts 1.2.0 ok',
      'Currencies 1.4.0 ok',
    ]);
  }, 30000);

  it('with --run skips an operation whose required variables are not supplied', async () => {
    const dir = await tempDir();
    const r = await cli(['check-documents', `${F}/contacts.graphql`, '--run', '--report-dir', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'run skipped: no value for required variable(s) $id; add them under "PersonCard" in --variables FILE',
    );
  }, 30000);
});
