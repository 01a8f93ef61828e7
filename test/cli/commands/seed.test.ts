import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { cli, ESC } from '../../helpers/cli-io.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rm-seed-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** `rm-harness seed` of the small profile into `dir`, for one (tenant, region). */
const seedArgs = (dir: string, seedValue = '42'): string[] => [
  'seed',
  '--seed',
  seedValue,
  '--profile',
  'small',
  '--data-dir',
  dir,
  '--tenant',
  'dev-firm',
  '--region',
  'eu',
];

async function seed(dir: string, seedValue: string): Promise<Buffer> {
  const r = await cli(seedArgs(dir, seedValue));
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  expect(r.stdout).toMatch(/seeded .*dev-firm-eu\.json/);
  expect(await readdir(dir)).toEqual(['dev-firm-eu.json']);
  return readFile(join(dir, 'dev-firm-eu.json'));
}

describe('rm-harness seed', () => {
  it('writes byte-identical stores for the same seed and profile, and different ones for another seed', async () => {
    const first = await seed(await tempDir(), '42');
    const second = await seed(await tempDir(), '42');
    const other = await seed(await tempDir(), '43');
    expect(first.length).toBeGreaterThan(1000);
    expect(second.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
  });

  it('fails with one line and a non-zero exit when a store cannot be written, and leaves no partial file', async () => {
    const dir = await tempDir();
    // A folder where the last of the six stores goes: its snapshot is written aside, then cannot be put there.
    await mkdir(join(dir, 'limited-firm-au.json'));
    const r = await cli(['seed', '--seed', '42', '--profile', 'small', '--data-dir', dir, '--jobs', '2']);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('limited-firm-au.json');
    // Stores seeded before the failure are whole; nothing else is left: no staged, temp or spill file.
    const left = await readdir(dir);
    expect(left.filter((n) => n.startsWith('.'))).toEqual([]);
    expect((await stat(join(dir, 'limited-firm-au.json'))).isDirectory()).toBe(true);
  });

  it.each([
    [['seed', '--profile', 'huge'], /unknown profile "huge"/],
    [['seed', '--region', 'mars', '--data-dir', '/tmp/x'], /unknown region "mars"/],
    [['seed', '--seed', '-1'], /--seed must be a non-negative integer/],
    [['seed', '--tenants', '/nonexistent/tenants.json'], /cannot read tenants file/],
  ])('refuses %j with exit 2 and one line', async (argv, message) => {
    const r = await cli(argv as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('rm-harness seed output', () => {
  it('prints plain lines and a summary, and no progress, to buffers that are not terminals', async () => {
    const r = await cli(seedArgs(await tempDir()));
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toMatch(/^seeded .*dev-firm-eu\.json \(\d+ contacts, .*\) in \d+ ms$/m);
    expect(r.stdout).toMatch(/^1 store seeded in \d+ ms \(seed 42, profile small\)$/m);
  });

  it('draws a progress bar on a terminal stderr only, and colours stdout on a terminal', async () => {
    const r = await cli(seedArgs(await tempDir()), { stdoutTty: true, stderrTty: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('seeding');
    expect(r.stderr).toMatch(/\d+\/\d+/);
    expect(r.stderr).toContain('dev-firm-eu');
    expect(r.stdout).not.toContain('seeding');
    expect(r.stdout).toContain(`${ESC}[32m1 store seeded in`);
  });

  it('keeps a terminal stdout plain with NO_COLOR and colours a buffer with FORCE_COLOR=1', async () => {
    const noColor = await cli(seedArgs(await tempDir()), { stdoutTty: true, env: { NO_COLOR: '1' } });
    expect(noColor.stdout).not.toContain(ESC);
    const forced = await cli(seedArgs(await tempDir()), { env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain(`${ESC}[32m1 store seeded in`);
    // FORCE_COLOR is about colour: a buffer still gets no progress bar.
    expect(forced.stderr).toBe('');
  });

  it('prints nothing with --quiet, not even progress on a terminal, and still writes the store', async () => {
    const dir = await tempDir();
    const r = await cli([...seedArgs(dir), '--quiet'], { stdoutTty: true, stderrTty: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await readdir(dir)).toEqual(['dev-firm-eu.json']);
  });

  it('prints one JSON document with the stores written, their counts and times with --json', async () => {
    const dir = await tempDir();
    const r = await cli([...seedArgs(dir), '--json']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    const doc = JSON.parse(r.stdout) as {
      tool: string;
      seed: number;
      profile: string;
      dataDir: string;
      ms: number;
      stores: { tenant: string; region: string; file: string; counts: Record<string, number>; ms: number }[];
    };
    expect(doc).toMatchObject({ tool: 'rm-harness seed', seed: 42, profile: 'small', dataDir: dir });
    expect(doc.stores).toHaveLength(1);
    const [store] = doc.stores;
    expect(store).toMatchObject({ tenant: 'dev-firm', region: 'eu', file: join(dir, 'dev-firm-eu.json') });
    expect(Object.keys(store?.counts ?? {})).toEqual(['contacts', 'activities', 'lists', 'listMembers']);
    expect(store?.counts['contacts']).toBeGreaterThan(0);
    expect(typeof store?.ms).toBe('number');
    // The same seed prints the same counts in text mode.
    const text = await cli(seedArgs(await tempDir()));
    const c = store?.counts ?? {};
    expect(text.stdout).toContain(
      `(${c['contacts']} contacts, ${c['activities']} activities, ${c['lists']} lists, ${c['listMembers']} listMembers)`,
    );
  });
});
