import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs `npm run mutation-score -- ...args` as npm would (tsx), with its exit code and streams. */
function score(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', loader, path.join(root, 'scripts/mutation/score.ts'), ...args],
      { cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('mutation-score --set', () => {
  it('refuses an unknown set with exit 2 and one line naming the sets, before starting any server', async () => {
    const run = await score(['--set', 'holdout-typo', '--mode', 'read-only']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'mutation-score: unknown set "holdout-typo" (main, holdout, holdout2, holdout3, holdout4, holdout5, holdout6, holdout7, holdout8, holdout9, holdout10, holdout11, holdout12, holdout13, holdout14, holdout15, holdout16, holdout17, holdout18, holdout19, holdout20, holdout21, holdout22, holdout23, holdout24, holdout25, holdout26, holdout27, holdout28, holdout29, holdout30, all)\n',
    );
    expect(run.stdout).toBe('');
  });
});
