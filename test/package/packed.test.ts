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
  let tarball = { filename: '', files: [] as string[] };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rm-harness-packed-'));
    project = path.join(dir, 'partner');
    await run('npm', ['run', 'build'], { cwd: ROOT });
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: ROOT,
    });
    const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
    const { filename } = packed;
    tarball = { filename, files: packed.files.map((f) => f.path) };
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

  describe('Dockerfile (no container engine here: checked against the tarball instead)', () => {
    // One instruction per entry: continuation lines joined, comments dropped.
    const instructions = (): { op: string; args: string }[] =>
      readFileSync('Dockerfile', 'utf8')
        .replace(/\\\n/g, ' ')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => {
          const [op = '', ...rest] = l.split(/\s+/);
          return { op: op.toUpperCase(), args: rest.join(' ') };
        });
    const finalStage = () => instructions().slice(instructions().findLastIndex((i) => i.op === 'FROM'));

    it('is multi-stage on a small node base and runs as a user other than root', () => {
      const bases = instructions().filter((i) => i.op === 'FROM');
      expect(bases.length).toBeGreaterThanOrEqual(2);
      for (const base of bases) expect(base.args).toMatch(/^node:\d+-alpine\b/);
      const user = finalStage()
        .filter((i) => i.op === 'USER')
        .at(-1);
      expect(user?.args).toBeDefined();
      expect(user?.args).not.toMatch(/^(root|0)$/);
    });

    it('copies only the packed tarball from the build context (.dockerignore lets nothing else in)', () => {
      const copies = instructions().filter((i) => i.op === 'COPY' && !i.args.startsWith('--from'));
      expect(copies.length).toBeGreaterThan(0);
      const allowed = readFileSync('.dockerignore', 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('!'))
        .map((l) => l.slice(1));
      for (const copy of copies) {
        const sources = copy.args.split(/\s+/).slice(0, -1);
        for (const source of sources) {
          expect(allowed).toContain(source);
          const pattern = new RegExp(`^${source.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
          expect(tarball.filename).toMatch(pattern);
        }
      }
    });

    it('enters through the packed bin, checks /__admin/health and keeps the stores in a volume', () => {
      const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
      const entry = JSON.parse(finalStage().find((i) => i.op === 'ENTRYPOINT')?.args ?? '[]') as string[];
      const script = entry.find((a) => a.includes('/node_modules/rm-api-harness/')) ?? '';
      const inPackage = script.split('/node_modules/rm-api-harness/')[1] ?? '';
      expect(inPackage).toBe(manifest.bin['rm-harness']);
      expect(tarball.files).toContain(inPackage);
      expect(finalStage().find((i) => i.op === 'HEALTHCHECK')?.args).toContain('/__admin/health');
      const volume = JSON.parse(finalStage().find((i) => i.op === 'VOLUME')?.args ?? '[]') as string[];
      const cmd = JSON.parse(finalStage().find((i) => i.op === 'CMD')?.args ?? '[]') as string[];
      expect(cmd[cmd.indexOf('--data-dir') + 1]).toBe(volume[0]);
      expect(cmd).toEqual(expect.arrayContaining(['serve', '--host', '0.0.0.0']));
    });
  });
});
