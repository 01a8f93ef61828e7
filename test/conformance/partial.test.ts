import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { cliArgs } from '../helpers/cli-io.js';
import { startHiddenSimulator, type HiddenSimulator } from './helpers/hidden-admin.js';

const tmp = (): string => mkdtempSync(path.join(tmpdir(), 'partial-'));

interface Report {
  verdict: string;
  summary: { conforms: boolean };
  partialAcceptedBy?: string;
  skips?: {
    uncovered: { revision: string; operations: string[] }[];
    leftOut?: { revision: string; operations: string[] }[];
    runs: { scenarioId: string; revision: string; reason: string; operations: string[] }[];
  };
}

const read = (dir: string, file: string): string => readFileSync(path.join(dir, file), 'utf8');

// The shipped suite against a simulator whose admin API is hidden: mutating scenarios and provider
// states are skipped, which leaves operations of both revisions unexercised.
// Each test runs the whole read-only suite against it, on a shared two-core machine.
jest.setTimeout(240_000);
describe('conform against a target whose skips leave operations uncovered', () => {
  let hidden: HiddenSimulator;
  beforeAll(async () => {
    hidden = await startHiddenSimulator();
  });
  afterAll(async () => {
    await hidden.close();
  });
  const conform = (dir: string, ...flags: string[]) =>
    cliArgs(
      'conform',
      '--target',
      hidden.endpoint,
      '--token',
      'dev-token',
      '--version',
      'all',
      '--no-drift',
      '--report-dir',
      dir,
      ...flags,
    );

  it('ends PARTIAL with exit 3, naming what was skipped and why, in every report', async () => {
    const dir = tmp();
    const { code, stdout } = await conform(dir);
    expect(stdout).toContain('PARTIAL');
    expect(stdout).not.toContain(': CONFORMS');
    expect(code).toBe(3);
    const json = JSON.parse(read(dir, 'conformance.json')) as Report;
    expect(json.verdict).toBe('partial');
    // The run found nothing wrong: `conforms` keeps its meaning.
    expect(json.summary.conforms).toBe(true);
    // Writes a read-only run cannot send are left out by design; what else went uncovered is what
    // makes the run partial.
    const uncovered14 = json.skips?.uncovered.find((u) => u.revision === '1.4.0')?.operations ?? [];
    expect(uncovered14.length).toBeGreaterThan(0);
    expect(uncovered14).not.toContain('Mutation.addList');
    const leftOut14 = json.skips?.leftOut?.find((u) => u.revision === '1.4.0')?.operations ?? [];
    expect(leftOut14).toContain('Mutation.addList');
    const addList = json.skips?.runs.find(
      (s) => s.revision === '1.4.0' && s.operations.includes('Mutation.addList'),
    );
    expect(addList?.reason).toMatch(/--allow-mutations/);
    expect(json.partialAcceptedBy).toBeUndefined();
    expect(read(dir, 'conformance.md')).toContain('## Conformance: partial\n');
    expect(read(dir, 'conformance.md')).toContain(uncovered14[0]!);
    expect(read(dir, 'conformance.junit.xml')).toContain('<property name="verdict" value="partial"/>');
    expect(read(dir, 'conformance.html')).toContain('<h2>Partial run</h2>');
  });

  it('prints the verdict and exit code with --json', async () => {
    const { code, stdout } = await conform(tmp(), '--json');
    expect(code).toBe(3);
    const summary = JSON.parse(stdout) as { verdict: string; exitCode: number };
    expect(summary).toMatchObject({ verdict: 'partial', exitCode: 3 });
  });

  it('exits 0 when the user accepts partial coverage with --allow-partial', async () => {
    const dir = tmp();
    const { code, stdout } = await conform(dir, '--allow-partial');
    expect(code).toBe(0);
    expect(stdout).toContain('PARTIAL (accepted: --allow-partial)');
    const json = JSON.parse(read(dir, 'conformance.json')) as Report;
    expect(json.verdict).toBe('partial');
    expect(json.partialAcceptedBy).toBe('--allow-partial');
  });

  it('exits 0 when a --min-operation-coverage floor is met, 1 when it is not', async () => {
    const met = await conform(tmp(), '--min-operation-coverage', '20');
    expect(met.code).toBe(0);
    expect(met.stdout).toContain('PARTIAL (accepted: --min-operation-coverage 20)');
    const missed = await conform(tmp(), '--min-operation-coverage', '90');
    expect(missed.code).toBe(1);
    expect(missed.stdout).toContain('DOES NOT CONFORM');
  });

  it("report merge measures the shards' skips on the merged coverage: the same verdict as one run", async () => {
    // Tags whose read-only run leaves out more than writes (so it is partial, not only "left out by design").
    const tags = ['--tag', 'matters', '--tag', 'activities'];
    const fullDir = tmp();
    const full = await conform(fullDir, ...tags);
    const shardDirs = [tmp(), tmp()];
    for (const [i, dir] of shardDirs.entries()) await conform(dir, ...tags, '--shard', `${i + 1}/2`);
    const mergedDir = tmp();
    const merged = await cliArgs(
      'report',
      'merge',
      ...shardDirs.map((d) => path.join(d, 'conformance.json')),
      '--report-dir',
      mergedDir,
    );
    expect(full.code).toBe(3);
    expect(merged.code).toBe(3);
    const skipsOf = (dir: string) => (JSON.parse(read(dir, 'conformance.json')) as Report).skips?.uncovered;
    expect(skipsOf(mergedDir)).toEqual(skipsOf(fullDir));
    expect((JSON.parse(read(mergedDir, 'conformance.json')) as Report).verdict).toBe('partial');
  });
});
