import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/run.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rm-seed-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function io() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: { write: (s: string) => (out.stdout += s) },
      stderr: { write: (s: string) => (out.stderr += s) },
    },
  };
}

async function seed(dir: string, seedValue: string): Promise<Buffer> {
  const { io: streams, out } = io();
  const code = await runCli(
    [
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
    ],
    streams,
  );
  expect({ code, stderr: out.stderr }).toEqual({ code: 0, stderr: '' });
  expect(out.stdout).toMatch(/seeded .*dev-firm-eu\.json/);
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

  it.each([
    [['seed', '--profile', 'huge'], /unknown profile "huge"/],
    [['seed', '--region', 'mars', '--data-dir', '/tmp/x'], /unknown region "mars"/],
    [['seed', '--seed', '-1'], /--seed must be a non-negative integer/],
    [['seed', '--tenants', '/nonexistent/tenants.json'], /cannot read tenants file/],
  ])('refuses %j with exit 2 and one line', async (argv, message) => {
    const { io: streams, out } = io();
    expect(await runCli(argv as string[], streams)).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
  });
});
