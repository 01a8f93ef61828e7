import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { handleConform } from '../../src/cli/commands/conform.js';
import type { ConformArgs } from '../../src/cli/resolve-conform.js';
import { startTestServer, TEST_TOKEN, unreachableUrl, type TestServer } from './helpers/server.js';
import { FIXTURE_SCENARIOS } from './helpers/run.js';
import { cliArgs as cli } from '../helpers/cli-io.js';

const tmp = (): string => mkdtempSync(path.join(tmpdir(), 'conform-'));

/** `rm-harness conform` over the fixture scenarios against `target`, with more flags after it. */
const conform = (target: string, ...flags: string[]) =>
  cli('conform', '--scenarios-dir', FIXTURE_SCENARIOS, '--target', target, ...flags);

describe('rm-harness conform', () => {
  let good: TestServer;
  let bad: TestServer;
  beforeAll(async () => {
    good = await startTestServer({ simulator: true });
    bad = await startTestServer({ deviation: 'drop-field', simulator: true });
  });
  afterAll(async () => {
    await good.close();
    await bad.close();
  });

  it('exits 0 on a conforming target, prints a summary and writes the four reports', async () => {
    const dir = tmp();
    const { code, stdout, stderr } = await conform(good.endpoint, '--token', TEST_TOKEN, '--report-dir', dir);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('1.4.0: 5/5 passed (100%)');
    expect(stdout).toContain('drift 1.2.0: 0 breaking, 0 dangerous, 0 safe');
    expect(stdout).toContain('CONFORMS');
    for (const f of ['conformance.json', 'conformance.junit.xml', 'conformance.md', 'conformance.html']) {
      expect(readFileSync(path.join(dir, f), 'utf8')).not.toContain(TEST_TOKEN);
    }
  });

  it('exits 1 on differences, and a baseline turns known failures into passes and lists fixed ones', async () => {
    const dir = tmp();
    const first = await conform(bad.endpoint, '--token', TEST_TOKEN, '--report-dir', dir, '--no-drift');
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('FAILED settings.regional-settings [1.4.0]');
    expect(first.stdout).toContain('read data.regionalSettings.languages: shape: missing-field');
    const baseline = path.join(dir, 'baseline.json');
    writeFileSync(baseline, readFileSync(path.join(dir, 'conformance.json')));
    const again = await conform(
      bad.endpoint,
      '--token',
      TEST_TOKEN,
      '--report-dir',
      dir,
      '--no-drift',
      '--baseline',
      baseline,
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('baseline');
    expect(again.stdout).toContain('0 new, 0 fixed');
    const fixed = await conform(
      good.endpoint,
      '--token',
      TEST_TOKEN,
      '--report-dir',
      dir,
      '--no-drift',
      '--baseline',
      baseline,
    );
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain('0 new, 2 fixed');
    const md = readFileSync(path.join(dir, 'conformance.md'), 'utf8');
    expect(md).toContain(
      '- fixed: `settings.regional-settings@1.2.0/read/shape/missing-field/data.regionalSettings.languages`',
    );
  });

  it('skips mutating scenarios against a non-simulator URL unless --allow-mutations', async () => {
    const plain = await startTestServer({ simulator: false });
    try {
      const dir = tmp();
      const skipped = await conform(plain.endpoint, '--token', TEST_TOKEN, '--report-dir', dir, '--no-drift');
      // The skipped scenarios alone exercise addList, which a read-only run cannot cover: it is named as
      // left out by design, and the run is not partial.
      expect(skipped.code).toBe(0);
      expect(skipped.stdout).toContain('1.4.0: 3/3 passed (100%), 0 failed, 0 errors, 2 skipped');
      expect(skipped.stdout).toContain('left out by design');
      expect(skipped.stdout).toContain('addList');
      expect(skipped.stdout).not.toContain('PARTIAL');
      const allowed = await conform(
        plain.endpoint,
        '--token',
        TEST_TOKEN,
        '--report-dir',
        dir,
        '--no-drift',
        '--allow-mutations',
        '--version',
        '1.4.0',
      );
      expect(allowed.stdout).toContain('1.4.0: 5/5 passed');
    } finally {
      await plain.close();
    }
  });

  it('reports structural differences between two targets in --compare mode', async () => {
    const dir = tmp();
    const { code, stdout } = await conform(
      good.endpoint,
      '--compare',
      bad.endpoint,
      '--token',
      TEST_TOKEN,
      '--report-dir',
      dir,
      '--no-drift',
      '--scenario',
      'settings.*',
    );
    expect(code).toBe(1);
    expect(stdout).toContain('2 structural difference(s)');
    const json = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      compare: { differences: { path: string; kind: string }[] };
    };
    expect(json.compare.differences.map((d) => `${d.path} ${d.kind}`)).toEqual([
      'data.regionalSettings.languages only-in-primary',
      'data.regionalSettings.languages only-in-primary',
    ]);
  });

  it('runs --target sim through the injected simulator factory', async () => {
    const dir = tmp();
    let out = '';
    const args: ConformArgs = {
      target: { target: 'sim', headers: [], region: 'us' },
      revisions: ['1.4.0'],
      scenarioGlobs: ['settings.*'],
      tags: [],
      allowMutations: false,
      reportDir: dir,
      http: { timeoutMs: 5000, retries: 0 },
      scenariosDir: FIXTURE_SCENARIOS,
      drift: false,
    };
    let closed = false;
    const code = await handleConform(
      args,
      { io: { stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true } }, exitCode: 0 },
      {
        startSimulator: async () => async () => {
          const sim = await startTestServer({
            simulator: true,
            token: 'dev-token',
            limitedToken: 'dev-token-limited',
          });
          return {
            baseUrl: sim.url,
            close: async () => {
              closed = true;
              await sim.close();
            },
          };
        },
      },
    );
    expect(code).toBe(0);
    expect(out).toContain('Conformance of sim (simulator)');
    expect(closed).toBe(true);
  });

  it('says "simulator not available" with exit 2 when the simulator cannot be loaded', async () => {
    const args: ConformArgs = {
      target: { target: 'sim', headers: [], region: 'us' },
      revisions: ['1.4.0'],
      scenarioGlobs: [],
      tags: [],
      allowMutations: false,
      reportDir: tmp(),
      http: { timeoutMs: 1000, retries: 0 },
      scenariosDir: FIXTURE_SCENARIOS,
      drift: false,
    };
    await expect(
      handleConform(
        args,
        { io: { stdout: { write: () => true }, stderr: { write: () => true } }, exitCode: 0 },
        { startSimulator: async () => undefined },
      ),
    ).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('simulator not available'),
    });
  });

  it('exits 2 with one clear line for setup and usage errors', async () => {
    const dir = tmp();
    const unreachable = await conform(await unreachableUrl(), '--token', 't', '--report-dir', dir);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(
      /^rm-harness: cannot reach the target http:\/\/127\.0\.0\.1:\d+\/us\/1\.4\.0\/public-api\/graphql: ECONNREFUSED\n$/,
    );
    const badToken = await conform(good.endpoint, '--token', 'wrong', '--report-dir', dir);
    expect(badToken).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('rejected the credentials (HTTP 401)'),
    });
    expect((await conform(good.endpoint, '--version', '1.3.0')).stderr).toContain('unknown version "1.3.0"');
    expect((await conform(good.endpoint, '--timeout', 'soon')).code).toBe(2);
    expect((await cli('conform', '--scenarios-dir', FIXTURE_SCENARIOS)).stderr).toContain(
      'missing required option --target',
    );
    expect((await conform('ftp://x')).stderr).toContain('not an http(s) URL');
    const noVersion = await conform('http://127.0.0.1:1/public-api/graphql', '--token', 't');
    expect(noVersion).toMatchObject({ code: 2, stderr: expect.stringContaining('names no revision') });
    expect((await conform(good.endpoint, '--token', TEST_TOKEN, '--scenario', 'nothing.*')).code).toBe(2);
    expect(
      (await conform(good.endpoint, '--token', TEST_TOKEN, '--baseline', path.join(dir, 'none.json'))).stderr,
    ).toContain('cannot read baseline');
  });

  it('exits 2 naming file, line and path of a malformed scenario', async () => {
    const scenarios = tmp();
    mkdirSync(path.join(scenarios, 'demo'));
    writeFileSync(
      path.join(scenarios, 'demo', 'bad.yaml'),
      'id: demo.bad\ntitle: Bad\nrevisions: [1.4.0]\ntags: []\nsteps:\n  - id: one\n    document: "{ firm }"\n    expect:\n      - path: data.firm\n        count: many\n',
    );
    const { code, stderr } = await cli(
      'conform',
      '--target',
      good.endpoint,
      '--token',
      TEST_TOKEN,
      '--scenarios-dir',
      scenarios,
    );
    expect(code).toBe(2);
    expect(stderr).toContain(
      'rm-harness: invalid scenario file:\n  demo/bad.yaml:10: steps[0].expect[0].count:',
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(scenarios, 'reports'))).toBe(false);
  });
});

describe('rm-harness schema diff', () => {
  it('exits 0 without drift and 1 with a breaking change', async () => {
    const good = await startTestServer();
    const drifted = await startTestServer({
      schemaEdit: (sdl) =>
        sdl.replace(/^\s*"""ISO 4217 currency codes\."""\n\s*currencies: \[String\]\n/m, ''),
    });
    try {
      const ok = await cli(
        'schema',
        'diff',
        '--target',
        good.endpoint,
        '--version',
        '1.4.0',
        '--token',
        TEST_TOKEN,
      );
      expect(ok).toMatchObject({ code: 0, stderr: '' });
      expect(ok.stdout).toContain('0 breaking, 0 dangerous, 0 safe');
      const broken = await cli(
        'schema',
        'diff',
        '--target',
        drifted.endpoint,
        '--version',
        '1.4.0',
        '--token',
        TEST_TOKEN,
      );
      expect(broken.code).toBe(1);
      expect(broken.stdout).toContain("breaking   Field 'currencies' was removed from object type 'Query'");
      const run = await conform(
        drifted.endpoint,
        '--version',
        '1.4.0',
        '--token',
        TEST_TOKEN,
        '--report-dir',
        tmp(),
        '--scenario',
        'versioning.*',
      );
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('read errors[0]: shape: missing-operation: expected operation currencies');
      expect(run.stdout).toContain('drift 1.4.0: 1 breaking');
      const unreachable = await cli(
        'schema',
        'diff',
        '--target',
        await unreachableUrl(),
        '--version',
        '1.2.0',
        '--token',
        't',
      );
      expect(unreachable).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot reach') });
    } finally {
      await good.close();
      await drifted.close();
    }
  });
});
