import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  groupGoneWithin,
  query,
  refusedWithin,
  spawnServe,
  type ServingProcess,
} from '../helpers/process.js';
import { outputMismatch } from '../docs/expected-output.js';
import { docPages, pageBlocks } from '../docs/pages.js';
import { runBash } from '../docs/sandbox.js';
import { NPM_QUIET, packedProject, ROOT, type PackedProject } from './packed-project.js';

// The "Done when", literally: build, pack, install the tarball into an empty project, and use
// it there as a partner would: every command's --help and one real invocation of each, `serve` and its
// signals, and the README's jest example importing the package by name. The build, pack and install
// happen once per version of the sources (packed-project.ts) and are shared with the docs' tests.

const run = promisify(execFile);
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

/** How a finished command ended. */
interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

describe('the packed package, installed into an empty project', () => {
  let packed: PackedProject = { dir: '', project: '', tarball: '', files: [] };
  let project = '';
  let work = '';
  let bin = '';
  /** Runs the installed bin (as `npx rm-harness` would) in this test's own folder. */
  const cli = (args: readonly string[], timeout = 120_000): Promise<Ran> =>
    run(bin, args, {
      cwd: work,
      timeout,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: '1' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: typeof error.code === 'number' ? error.code : -1,
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );

  beforeAll(async () => {
    packed = await packedProject();
    project = packed.project;
    bin = path.join(project, 'node_modules/.bin/rm-harness');
    work = mkdtempSync(path.join(tmpdir(), 'rm-harness-packed-use-'));
  }, 600_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('ships no TypeScript sources and no TypeScript runner', () => {
    const installed = path.join(project, 'node_modules');
    const manifest = JSON.parse(
      readFileSync(path.join(installed, 'rm-api-harness/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(() => readFileSync(path.join(installed, 'rm-api-harness/src/cli/main.ts'))).toThrow();
    expect(() => readFileSync(path.join(installed, 'typescript/package.json'))).toThrow();
  });

  it('ships npm-shrinkwrap.json, the lockfile the tests ran with', () => {
    expect(packed.files).toContain('npm-shrinkwrap.json');
    const shipped = JSON.parse(
      readFileSync(path.join(project, 'node_modules/rm-api-harness/npm-shrinkwrap.json'), 'utf8'),
    ) as { packages: Record<string, unknown> };
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as typeof shipped;
    expect(shipped.packages).toEqual(lock.packages);
  });

  it('installs exactly the locked production tree with npm ci in the unpacked package (as the image does)', async () => {
    // npm 11 ignores a dependency's shrinkwrap when the dependency is a local tarball (npm/cli#5349), so
    // the image installs the way this test does: unpack, then npm ci --omit=dev inside the package.
    const locked = path.join(work, 'locked');
    mkdirSync(locked);
    await run('tar', ['-xzf', packed.tarball, '-C', locked, '--strip-components=1']);
    await run('npm', ['ci', '--omit=dev', '--ignore-scripts', ...NPM_QUIET], { cwd: locked });
    const { wanted, differing } = lockComparison(locked);
    expect(wanted).toBeGreaterThan(100);
    expect(differing).toEqual([]);
    expect(existsSync(path.join(locked, 'node_modules/typescript'))).toBe(false);
    const version = await run(process.execPath, [path.join(locked, 'bin/rm-harness.js'), '--version']);
    expect(version.stdout).toBe(`${VERSION}\n`);
  }, 300_000);

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
    // The stop handlers are installed once the banner is complete; a signal before that ends the process.
    expect(await bannerWithin(serve.output, 30_000)).toBe(true);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(serve.output()).toContain('stopped; stores flushed');
    expect(await refusedWithin(serve.url, 10_000)).toBe(true);
  }, 60_000);

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops when %s reaches npx alone (the server must not stay listening)',
    async (signal) => {
      const serve = await spawnServe(
        'npx',
        ['--no-install', 'rm-harness', 'serve', '--port', '0', '--in-memory'],
        {
          cwd: project,
        },
      );
      expect(await bannerWithin(serve.output, 30_000)).toBe(true);
      serve.child.kill(signal);
      await serve.exited;
      expect(await refusedWithin(serve.url, 10_000)).toBe(true);
      expect(serve.output()).toContain('stopped; stores flushed');
    },
    60_000,
  );

  it('answers --help for every command and subcommand, exit 0', async () => {
    /** The commands `rm-harness <words> --help` lists under "Commands:". */
    const subcommands = (help: string, words: string[]): string[][] => {
      const section = help.split('\n\n').find((block) => block.startsWith('Commands:')) ?? '';
      return [
        ...section.matchAll(new RegExp(`^  rm-harness ${[...words, ''].join(' ')}([a-z-]+)`, 'gm')),
      ].map((m) => [...words, m[1]!]);
    };
    const top = await cli(['--help']);
    expect(top.code).toBe(0);
    const queue = subcommands(top.stdout, []);
    const seen: string[] = [];
    while (queue.length > 0) {
      const words = queue.shift()!;
      const help = await cli([...words, '--help']);
      expect({ command: words.join(' '), code: help.code, stderr: help.stderr }).toEqual({
        command: words.join(' '),
        code: 0,
        stderr: '',
      });
      expect(help.stdout).toContain(`rm-harness ${words.join(' ')}`);
      seen.push(words.join(' '));
      queue.push(...subcommands(help.stdout, words));
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'serve',
        'seed',
        'schema',
        'schema print',
        'schema generate',
        'schema check',
        'schema diff',
        'conform',
        'check-documents',
        'proxy',
        'record',
        'record to-scenarios',
        'record to-fixtures',
        'fuzz',
        'report',
        'report merge',
      ]),
    );
  }, 240_000);

  describe('one real invocation of each command, against a served simulator', () => {
    let serve: ServingProcess | undefined;
    let graphql = '';

    beforeAll(async () => {
      serve = await spawnServe(bin, ['serve', '--port', '0', '--in-memory'], { cwd: work });
      graphql = `${serve.url}/us/{version}/public-api/graphql`;
    }, 60_000);

    afterAll(async () => {
      serve?.child.kill('SIGTERM');
      await serve?.exited;
    });

    it('names on its home page only commands the package has, and the one it names writes the reports it then links', async () => {
      const page = async (): Promise<string> => (await fetch(`${serve!.url}/`)).text();
      const named = [...(await page()).matchAll(/<code>((?:npm|npx|rm-harness) [^<]*)<\/code>/g)].map((m) =>
        m[1]!.replaceAll('&#39;', "'").replaceAll('&amp;', '&'),
      );
      expect(named.length).toBeGreaterThan(0);
      expect(named.filter((command) => !command.startsWith('npx rm-harness '))).toEqual([]);
      for (const command of named) {
        // As a reader would type it, in the project that installed the package.
        const ran = await runBash(command, project, 240_000);
        expect({ command, code: ran.code, output: ran.output }).toEqual({
          command,
          code: 0,
          output: ran.output,
        });
      }
      expect(await page()).toContain('href="/__reports/conformance.html"');
    }, 300_000);

    it('seed writes the store files of one tenant and region', async () => {
      const seeded = await cli([
        'seed',
        '--data-dir',
        'seeded',
        '--profile',
        'small',
        '--tenant',
        'dev-firm',
        '--region',
        'us',
      ]);
      expect(seeded).toMatchObject({ code: 0 });
      expect(readdirSync(path.join(work, 'seeded')).length).toBeGreaterThan(0);
    }, 120_000);

    it('schema print, check and diff work; schema generate says it needs a checkout', async () => {
      const printed = await cli(['schema', 'print', '--version', '1.2.0']);
      expect(printed.code).toBe(0);
      expect(printed.stdout).toContain('type Query');
      expect(await cli(['schema', 'check'])).toMatchObject({ code: 0 });
      const diff = await cli([
        'schema',
        'diff',
        '--target',
        graphql.replace('{version}', '1.2.0'),
        '--version',
        '1.2.0',
        '--token',
        'dev-token',
      ]);
      expect(diff).toMatchObject({ code: 0 });
      const generate = await cli(['schema', 'generate']);
      expect(generate.code).toBe(1);
      expect(generate.stderr).toMatch(/works only in a checkout/);
    }, 120_000);

    it('conform checks the served simulator in two shards, and report merge merges their JSON reports', async () => {
      for (const shard of ['1/2', '2/2']) {
        const conform = await cli([
          ...['conform', '--target', graphql, '--version', '1.4.0', '--tag', 'settings', '--shard', shard],
          ...[
            '--token',
            'dev-token',
            '--limited-token',
            'dev-token-limited',
            '--report-dir',
            `shard-${shard[0]}`,
          ],
        ]);
        expect({ shard, code: conform.code, stderr: conform.stderr }).toEqual({
          shard,
          code: 0,
          stderr: conform.stderr,
        });
      }
      const merged = await cli([
        ...['report', 'merge', 'shard-1/conformance.json', 'shard-2/conformance.json'],
        ...['--report-dir', 'merged'],
      ]);
      expect({ code: merged.code, stderr: merged.stderr }).toEqual({ code: 0, stderr: '' });
      expect(existsSync(path.join(work, 'merged/conformance.json'))).toBe(true);
    }, 240_000);

    it('check-documents checks a document against both revisions', async () => {
      writeFileSync(
        path.join(work, 'language.graphql'),
        'query Language { regionalSettings { language { name } } }\n',
      );
      expect(await cli(['check-documents', 'language.graphql'])).toMatchObject({ code: 0 });
    }, 60_000);

    it('proxy forwards and records, and record turns the recording into scenarios and fixtures', async () => {
      const proxy = spawn(
        bin,
        [
          'proxy',
          '--upstream',
          graphql.replace('{version}', '1.4.0'),
          '--version',
          '1.4.0',
          '--port',
          '0',
          '--record',
          'rec',
          '--report-dir',
          'proxy',
        ],
        { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let text = '';
      proxy.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      proxy.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => proxy.once('exit', (code) => resolve(code)));
      try {
        const endpoint = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`proxy did not start:\n${text}`)), 60_000);
          proxy.stdout.on('data', () => {
            const found = /GraphQL endpoint: (http:\S+)/.exec(text)?.[1];
            if (found) {
              clearTimeout(timer);
              resolve(found);
            }
          });
        });
        const answer = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ regionalSettings { language { name } } }' }),
        });
        expect(answer.status).toBe(200);
      } finally {
        proxy.kill('SIGTERM');
      }
      expect({ code: await exited, text }).toEqual({ code: 0, text });
      expect(await cli(['record', 'to-scenarios', 'rec', '--out', 'rec-scenarios'])).toMatchObject({
        code: 0,
      });
      const fixtures = await cli([
        'record',
        'to-fixtures',
        'rec',
        '--tenant',
        'dev-firm',
        '--region',
        'us',
        '--data-dir',
        'rec-data',
      ]);
      expect({ code: fixtures.code, stderr: fixtures.stderr }).toEqual({ code: 0, stderr: '' });
    }, 120_000);

    it('fuzz sends a few random sequences to the simulator', async () => {
      const fuzz = await cli([
        'fuzz',
        '--target',
        'sim',
        '--version',
        '1.4.0',
        '--runs',
        '3',
        '--report-dir',
        'fuzz',
      ]);
      expect({ code: fuzz.code, stderr: fuzz.stderr }).toEqual({ code: 0, stderr: fuzz.stderr });
    }, 180_000);
  });

  it('runs every `package` example of the docs, in order, in an empty project with only the tarball', async () => {
    // As a reader would: a fresh project, the tarball beside it under its own name, the files the page
    // shows (include blocks) saved by their base name; the page's port replaced by a free one.
    const reader = path.join(work, 'reader');
    mkdirSync(reader);
    writeFileSync(
      path.join(reader, 'package.json'),
      JSON.stringify({ name: 'partner', private: true, type: 'module' }),
    );
    copyFileSync(packed.tarball, path.join(reader, path.basename(packed.tarball)));
    const port = String(await freePort());
    const examples = docPages().flatMap((page) => {
      const blocks = pageBlocks(page);
      return blocks.map((block, i) => ({
        page,
        block,
        blocks,
        output: blocks[i + 1]?.kind === 'output' ? blocks[i + 1] : undefined,
      }));
    });
    const runnable = examples.filter((e) => e.block.kind === 'package');
    expect(runnable.length).toBeGreaterThanOrEqual(3);
    expect(runnable.some((e) => e.block.text.includes(`./${path.basename(packed.tarball)}`))).toBe(true);
    for (const { page, block, blocks, output } of runnable) {
      for (const include of blocks.filter((b) => b.kind === 'include' && b.line < block.line))
        copyFileSync(path.join(ROOT, include.rest), path.join(reader, path.basename(include.rest)));
      const local = (text: string): string =>
        text.replaceAll('127.0.0.1:4000', `127.0.0.1:${port}`).replaceAll('--port 4000', `--port ${port}`);
      const finished = await runBash(local(block.text), reader, 300_000);
      const where = `${page}:${block.line}`;
      expect({ where, exit: finished.code, output: finished.output }).toEqual({
        where,
        exit: 0,
        output: finished.output,
      });
      const mismatch = outputMismatch(local(output?.text ?? ''), finished.output);
      expect({ where, mismatch, output: finished.output }).toEqual({
        where,
        mismatch: undefined,
        output: finished.output,
      });
    }
    // The docs' way to the tested versions (a folder of its own, from the shrinkwrap) gives exactly them.
    const tested = runnable.find((e) => /npm ci --omit=dev/.test(e.block.text));
    const folder = /tar -xzf \S+ -C (\S+)/.exec(tested?.block.text ?? '')?.[1] ?? '';
    expect(folder).not.toBe('');
    const { wanted, differing } = lockComparison(path.join(reader, folder));
    expect(wanted).toBeGreaterThan(100);
    expect(differing).toEqual([]);
    expect(existsSync(path.join(reader, folder, 'node_modules/express/package.json'))).toBe(true);
  }, 900_000);

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
          expect(path.basename(packed.tarball)).toMatch(pattern);
        }
      }
    });

    it('enters through the packed bin, checks /__admin/health and keeps the stores in a volume', () => {
      const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
      const entry = JSON.parse(finalStage().find((i) => i.op === 'ENTRYPOINT')?.args ?? '[]') as string[];
      const script = entry.find((a) => a.includes('/node_modules/rm-api-harness/')) ?? '';
      const inPackage = script.split('/node_modules/rm-api-harness/')[1] ?? '';
      expect(inPackage).toBe(manifest.bin['rm-harness']);
      expect(packed.files).toContain(inPackage);
      const volume = JSON.parse(finalStage().find((i) => i.op === 'VOLUME')?.args ?? '[]') as string[];
      const cmd = JSON.parse(finalStage().find((i) => i.op === 'CMD')?.args ?? '[]') as string[];
      expect(cmd[cmd.indexOf('--data-dir') + 1]).toBe(volume[0]);
      expect(cmd).toEqual(expect.arrayContaining(['serve', '--host', '0.0.0.0']));
    });

    it('probes the port serve listens on: RM_HARNESS_PORT, which serve reads, not a number of its own', () => {
      const env = finalStage().find((i) => i.op === 'ENV' && i.args.startsWith('RM_HARNESS_PORT='));
      const port = env?.args.split('=')[1];
      expect(port).toMatch(/^\d+$/);
      const health = finalStage().find((i) => i.op === 'HEALTHCHECK')?.args ?? '';
      expect(health).toContain('http://127.0.0.1:${RM_HARNESS_PORT}/__admin/health');
      expect(finalStage().find((i) => i.op === 'EXPOSE')?.args).toBe(port);
      // A --port in CMD would win over the variable and leave the healthcheck probing another port.
      const cmd = JSON.parse(finalStage().find((i) => i.op === 'CMD')?.args ?? '[]') as string[];
      expect(cmd).not.toContain('--port');
    });

    it('installs with npm ci from the unpacked tarball (its npm-shrinkwrap.json), production dependencies only', () => {
      const install =
        instructions().find((i) => i.op === 'RUN' && i.args.includes('rm-api-harness-'))?.args ?? '';
      expect(install).toMatch(/tar -xzf \/tmp\/rm-api-harness-\*\.tgz --strip-components=1/);
      expect(install).toMatch(/npm ci --omit=dev --ignore-scripts/);
      expect(install).not.toMatch(/npm install/);
    });
  });
});

/**
 * The production packages of the lockfile (`wanted`), and those installed in `folder` at another version
 * than the lockfile's (`differing`; an optional package of another platform is not installed at all).
 */
function lockComparison(folder: string): { wanted: number; differing: string[] } {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; dev?: boolean }>;
  };
  const wanted = Object.entries(lock.packages).filter(([at, entry]) => at !== '' && !entry.dev);
  const differing = wanted.filter(([at, entry]) => {
    const manifest = path.join(folder, at, 'package.json');
    if (!existsSync(manifest)) return false;
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version !== entry.version;
  });
  return { wanted: wanted.length, differing: differing.map(([at]) => at) };
}

/** Resolves true once the serve banner is complete ("Press Ctrl+C to stop."), polling up to `ms`. */
async function bannerWithin(output: () => string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (output().includes('Press Ctrl+C to stop.')) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
