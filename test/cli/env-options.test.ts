// Every command option is also an RM_HARNESS_* variable: flag > variable > config file > default.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { envNameOf } from '../../src/cli/env-options.js';
import { cli } from '../helpers/cli-io.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rm-env-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** `seed` of one small store; where it lands shows which source of `data-dir` won. */
const seed = ['seed', '--seed', '3', '--profile', 'small', '--tenant', 'dev-firm', '--region', 'au'];

describe('RM_HARNESS_* variables for command options', () => {
  it('names the variable after the option', () => {
    expect(envNameOf('data-dir')).toBe('RM_HARNESS_DATA_DIR');
    expect(envNameOf('min-operation-coverage')).toBe('RM_HARNESS_MIN_OPERATION_COVERAGE');
  });

  it('takes an option from its variable, over the config file and under the flag', async () => {
    const [fromFile, fromEnv, fromFlag, configDir] = await Promise.all([
      tempDir(),
      tempDir(),
      tempDir(),
      tempDir(),
    ]);
    const config = join(configDir, 'rm-harness.config.json');
    await writeFile(config, JSON.stringify({ serve: { dataDir: fromFile } }));

    const onlyFile = await cli([...seed, '--config', config], { env: {} });
    expect(onlyFile.code).toBe(0);
    expect(await readdir(fromFile)).toEqual(['dev-firm-au.json']);

    const env = { RM_HARNESS_DATA_DIR: fromEnv, RM_HARNESS_DEBUG: '0' };
    const envOverFile = await cli([...seed, '--config', config], { env });
    expect({ code: envOverFile.code, stderr: envOverFile.stderr }).toEqual({ code: 0, stderr: '' });
    expect(await readdir(fromEnv)).toEqual(['dev-firm-au.json']);

    const flagOverEnv = await cli([...seed, '--config', config, '--data-dir', fromFlag], { env });
    expect(flagOverEnv.code).toBe(0);
    expect(await readdir(fromFlag)).toEqual(['dev-firm-au.json']);
  });

  it('refuses a variable whose value the option cannot take, in one line with exit code 2', async () => {
    const r = await cli(['seed', '--profile', 'small', '--in-memory'], { env: { RM_HARNESS_SEED: 'soon' } });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/RM_HARNESS_SEED must be a number, not "soon"/);
  });
});
