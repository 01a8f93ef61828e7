// The store budget (#41 item 1, A-462): tenants of the default profile, each read once, under a budget of
// a few open stores: the heap after a full GC holds about the budget's stores, not every tenant's, and
// every tenant still answers its next read correctly. The same run without a budget is the yardstick.
// (1,000 tenants is the figure of the issue; here 40 keep the test short.)
import { afterAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const projectRoot = resolve(here, '../..');
const TENANTS = 40;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  heapGrowthMb: number;
  rssMb: number;
  openStores: number;
  answeredAgain: number;
}

async function run(maxOpenStores: number): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), 'store-budget-'));
  dirs.push(dir);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      join(here, 'fixtures', 'many-tenants.ts'),
      dir,
      String(TENANTS),
      String(maxOpenStores),
    ],
    { cwd: projectRoot, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Outcome;
}

describe('the store budget bounds memory', () => {
  it(`${TENANTS} tenants read once: heap after GC holds the budget's stores, and each tenant answers again`, async () => {
    const bounded = await run(4);
    const unbounded = await run(1_000);
    expect(bounded.openStores).toBeLessThanOrEqual(4);
    expect(unbounded.openStores).toBe(TENANTS);
    expect(bounded.answeredAgain).toBe(TENANTS);
    expect(unbounded.answeredAgain).toBe(TENANTS);
    // Every tenant's store stays in the heap without a budget; with one, about four of them.
    expect(bounded.heapGrowthMb).toBeLessThan(unbounded.heapGrowthMb / 3);
  }, 300_000);
});
