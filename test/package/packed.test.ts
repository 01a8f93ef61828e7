import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { groupGoneWithin, query, refusedWithin, spawnServe } from '../helpers/process.js';

// The "Done when", literally: build, pack, install the tarball into an empty project, and use
// it there as a partner would — the bin, `serve`, and the README's jest example importing the package
// by name. Slow (a build and an install from npm's cache), so it is one file with long timeouts.

const run = promisify(execFile);
const ROOT = path.resolve('.');
const EXAMPLE = 'docs/examples/harness-api.test.mjs';
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const NPM_QUIET = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

describe('the packed package, installed into an empty project', () => {
  let dir = '';
  let project = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rm-harness-packed-'));
    project = path.join(dir, 'partner');
    await run('npm', ['run', 'build'], { cwd: ROOT });
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
    });
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    await run('mkdir', [project]);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'partner', private: true, type: 'module' }),
    );
    await run('npm', ['install', path.join(dir, filename), ...NPM_QUIET], { cwd: project });
  }, 300_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ships no TypeScript sources and no TypeScript runner', () => {
    const installed = path.join(project, 'node_modules');
    const manifest = JSON.parse(
      readFileSync(path.join(installed, 'rm-api-harness/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(() => readFileSync(path.join(installed, 'rm-api-harness/src/cli/main.ts'))).toThrow();
    expect(() => readFileSync(path.join(installed, 'typescript/package.json'))).toThrow();
  });

  it('prints its version with `npx rm-harness --version`', async () => {
    const { stdout } = await run('npx', ['--no-install', 'rm-harness', '--version'], { cwd: project });
    expect(stdout).toBe(`${VERSION}\n`);
  });

  it('answers a GraphQL query from `npx rm-harness serve --port 0 --in-memory`, and stops with its process group', async () => {
    // Own process group, so the test can signal npx, its shell and node at once, as Ctrl+C does.
    const serve = await spawnServe(
      'npx',
      ['--no-install', 'rm-harness', 'serve', '--port', '0', '--in-memory'],
      {
        cwd: project,
        detached: true,
      },
    );
    const group = serve.child.pid ?? 0;
    try {
      const answer = await query(serve.url, '{ regionalSettings { language { name } } }');
      expect(answer).toEqual({
        status: 200,
        body: { data: { regionalSettings: { language: { name: 'English' } } } },
      });
    } finally {
      process.kill(-group, 'SIGTERM');
    }
    await serve.exited;
    expect(await refusedWithin(serve.url, 10_000)).toBe(true);
    expect(await groupGoneWithin(group, 10_000)).toBe(true);
  }, 60_000);

  it('stops cleanly when the installed bin itself gets SIGTERM', async () => {
    const serve = await spawnServe(
      path.join(project, 'node_modules/.bin/rm-harness'),
      ['serve', '--port', '0', '--in-memory'],
      {
        cwd: project,
      },
    );
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(serve.output()).toContain('stopped; stores flushed');
    expect(await refusedWithin(serve.url, 10_000)).toBe(true);
  }, 60_000);

  it("passes the README's jest example, run by jest in that project", async () => {
    copyFileSync(EXAMPLE, path.join(project, path.basename(EXAMPLE)));
    const jest = path.join(ROOT, 'node_modules/jest/bin/jest.js');
    const result = await run(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--disable-warning=ExperimentalWarning',
        jest,
        '--config',
        '{"transform":{}}',
        '--ci',
      ],
      { cwd: project },
    ).catch((error: { stdout: string; stderr: string }) => error);
    expect(result.stderr).toMatch(/Tests:\s+5 passed, 5 total/);
  }, 180_000);
});
