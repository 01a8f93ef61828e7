import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withTempDir } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
const probe = join(here, 'fixtures', 'startup-probe.ts');

async function runProbe(mode: 'seed' | 'open', dir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', probe, mode, dir], {
    cwd: resolve(here, '../..'),
    maxBuffer: 1024 * 1024,
  });
  return stdout;
}

describe('start-up', () => {
  it('opens ~100k contacts plus related entities in a fresh process, replays the WAL and answers from an index', async () => {
    await withTempDir(async (dir) => {
      await runProbe('seed', dir);
      expect((await stat(join(dir, 'big.json'))).size).toBeGreaterThan(50_000_000);
      expect((await stat(join(dir, 'big.wal'))).size).toBeGreaterThan(1_000_000);
      const result = JSON.parse(await runProbe('open', dir)) as {
        contacts: number;
        byCompany: number;
      };
      expect(result.contacts).toBe(100_000);
      expect(result.byCompany).toBe(5);
    });
  });
});
