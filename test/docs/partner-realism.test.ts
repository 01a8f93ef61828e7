// docs/partner-realism.md: its included examples are the files they name, and the jest example of
// verification (docs/examples/partner-verify.test.mjs) passes, run by jest with `rm-api-harness` mapped
// to this checkout's sources (test/package/packed.test.ts runs examples against the packed package).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { codeBlocks } from './markdown-blocks.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGE = 'docs/partner-realism.md';
const EXAMPLE = 'docs/examples/partner-verify.test.mjs';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm-partner-realism-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe(PAGE, () => {
  it('shows each included example exactly as its file', async () => {
    const includes = codeBlocks(await readFile(join(ROOT, PAGE), 'utf8')).filter((b) => b.kind === 'include');
    expect(includes.map((b) => b.rest)).toContain(EXAMPLE);
    for (const block of includes)
      expect({ file: block.rest, text: block.text }).toEqual({
        file: block.rest,
        text: await readFile(join(ROOT, block.rest), 'utf8'),
      });
  });

  it('its verification example passes under jest', async () => {
    const config = join(dir, 'jest.config.json');
    await writeFile(
      config,
      JSON.stringify({
        rootDir: ROOT,
        roots: ['<rootDir>/docs/examples'],
        testMatch: ['**/partner-verify.test.mjs'],
        testEnvironment: 'node',
        extensionsToTreatAsEsm: ['.ts'],
        moduleNameMapper: { '^rm-api-harness$': '<rootDir>/src/index.ts', '^(\\.{1,2}/.*)\\.js$': '$1' },
        transform: {
          '^.+\\.ts$': [
            '@swc/jest',
            { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } },
          ],
        },
      }),
    );
    const jest = join(ROOT, 'node_modules/jest/bin/jest.js');
    const args = [
      '--experimental-vm-modules',
      '--disable-warning=ExperimentalWarning',
      jest,
      '--config',
      config,
      '--ci',
    ];
    const run = await promisify(execFile)(process.execPath, args, { cwd: ROOT, timeout: 120_000 }).then(
      (r) => ({ code: 0, output: r.stdout + r.stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? 1,
        output: `${e.stdout}${e.stderr}`,
      }),
    );
    expect({ code: run.code, output: run.output }).toEqual({
      code: 0,
      output: expect.stringContaining('1 passed'),
    });
  }, 130_000);
});
