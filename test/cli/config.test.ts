// The config file through the CLI in-process: one-line errors with exit 2, the store settings of
// `seed`, and `conform` against a named target whose token comes from the environment.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resolveConformFlags } from '../../src/cli/resolve-conform.js';
import { resolveServeFlags } from '../../src/cli/resolve-serve.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { cliArgs as cli } from '../helpers/cli-io.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-config-cli-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Writes a config file into a fresh temp dir and returns its path. */
function configFile(config: unknown, dir = tempDir()): string {
  const file = path.join(dir, 'harness.json');
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return file;
}

describe('an unusable config file is exit 2 with one line naming the file and the JSON path', () => {
  it.each([
    ['serve', { serve: { port: 70000 } }, '/serve/port must be <= 65535'],
    ['serve', { serve: { limits: { maxPageSize: 10 } } }, '/serve/limits/maxPageSize must be >= 500'],
    ['seed', { serve: { dataDir: 3 } }, '/serve/dataDir must be string'],
    ['conform', { conform: { retries: -1 } }, '/conform/retries must be >= 0'],
    [
      'conform',
      { conform: { targets: { t: { url: 'sim', timeout: 'soon' } } } },
      '/conform/targets/t/timeout must be integer',
    ],
    ['serve', '{ "serve": { "port": 1, } }', 'not valid JSON: '],
  ])('%s: %j', async (command, config, message) => {
    const file = configFile(config);
    const { code, stdout, stderr } = await cli(command, '--config', file);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')).toEqual([expect.stringContaining(`rm-harness: ${file}: ${message}`), '']);
  });

  it('names an explicit file that does not exist', async () => {
    const missing = path.join(tempDir(), 'nope.json');
    expect(await cli('serve', '--config', missing)).toEqual({
      code: 2,
      stdout: '',
      stderr: `rm-harness: ${missing}: cannot read the config file (no such file)\n`,
    });
  });

  it('refuses a token in the file and points to the environment variable', async () => {
    const serve = await cli('serve', '--config', configFile({ serve: { adminToken: 'sekrit-admin' } }));
    expect(serve.code).toBe(2);
    expect(serve.stderr).toMatch(
      /^rm-harness: .*: \/serve\/adminToken: tokens are not read from the config file; set RM_HARNESS_ADMIN_TOKEN, or pass --admin-token\n$/,
    );
    const conform = await cli(
      'conform',
      '--config',
      configFile({ conform: { targets: { prod: { url: 'https://rm.example/x', token: 'sekrit' } } } }),
      '--target',
      'prod',
    );
    expect(conform.code).toBe(2);
    expect(conform.stderr).toMatch(/^rm-harness: .*: \/conform\/targets\/prod\/token: .*tokenEnv.*\n$/);
    expect(conform.stderr).not.toContain('sekrit');
  });
});

describe('precedence: flag, then (named target,) file, then default; tokens from flags or env', () => {
  it('serve', () => {
    const file = configFile({ serve: { host: '0.0.0.0', port: 4100, limits: { maxDepth: 9 } } });
    const env = { RM_HARNESS_ADMIN_TOKEN: 'from-env' };
    expect(resolveServeFlags({ config: file, port: 0 }, env)).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      maxDepth: 9,
      maxAliases: 200,
      dataDir: '.data',
      profile: 'default',
      inMemory: false,
      adminToken: 'from-env',
    });
    expect(resolveServeFlags({ config: file, adminToken: 'from-flag' }, env).adminToken).toBe('from-flag');
    expect(resolveServeFlags({ config: false }, { RM_HARNESS_ADMIN_TOKEN: '' }).adminToken).toBe(
      'admin-token',
    );
  });

  it('conform', () => {
    const dir = tempDir();
    const file = configFile(
      {
        conform: {
          timeout: 5000,
          retries: 3,
          region: 'au',
          targets: {
            stage: {
              url: 'https://stage.example/{version}/graphql',
              timeout: 7000,
              limitedTokenEnv: 'STAGE_LIMITED',
            },
          },
        },
      },
      dir,
    );
    const env = {
      RM_HARNESS_TOKEN: 'default-env-token',
      STAGE_LIMITED: 'stage-limited',
      RM_HARNESS_LIMITED_TOKEN: 'x',
    };
    expect(resolveConformFlags({ config: file, target: 'stage', retries: 0 }, env)).toMatchObject({
      target: {
        target: 'https://stage.example/{version}/graphql',
        region: 'au',
        token: 'default-env-token',
        limitedToken: 'stage-limited',
        headers: [],
      },
      http: { timeoutMs: 7000, retries: 0 },
      revisions: ['1.4.0', '1.2.0'],
      reportDir: 'reports',
      drift: true,
    });
    // The simulator has its own dev tokens: the default variables (meant for a real endpoint) are not sent to it.
    expect(resolveConformFlags({ config: file, target: 'sim' }, env).target).toMatchObject({
      token: undefined,
      limitedToken: undefined,
    });
    expect(resolveConformFlags({ config: false, target: 'sim', timeout: 1 }, env).http.timeoutMs).toBe(1);
  });
});

describe('seed reads the store settings of the serve section', () => {
  it('writes into the dataDir of the file (relative to the file), with its profile and seed; a flag wins', async () => {
    const dir = tempDir();
    const file = configFile({ serve: { dataDir: 'stores', profile: 'small', seed: 7 } }, dir);
    const seeded = await cli('seed', '--config', file, '--tenant', 'dev-firm', '--region', 'eu');
    expect(seeded).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(path.join(dir, 'stores'))).toEqual(['dev-firm-eu.json']);
    const fromFile = readFileSync(path.join(dir, 'stores', 'dev-firm-eu.json'));
    // The same seed and profile by flags give the same bytes; --data-dir beats the file.
    const flagged = path.join(dir, 'flagged');
    const byFlags = await cli(
      'seed',
      '--config',
      file,
      '--data-dir',
      flagged,
      '--seed',
      '7',
      '--tenant',
      'dev-firm',
      '--region',
      'eu',
    );
    expect(byFlags.code).toBe(0);
    expect(readFileSync(path.join(flagged, 'dev-firm-eu.json')).equals(fromFile)).toBe(true);
    const otherSeed = await cli(
      'seed',
      '--config',
      file,
      '--data-dir',
      flagged,
      '--seed',
      '8',
      '--tenant',
      'dev-firm',
      '--region',
      'eu',
    );
    expect(otherSeed.code).toBe(0);
    expect(readFileSync(path.join(flagged, 'dev-firm-eu.json')).equals(fromFile)).toBe(false);
  });
});

describe('conform against a named target of the config file', () => {
  const TOKEN = 'env-only-token-4711';
  const ENV = 'RM_CONFIG_TEST_TOKEN';
  let sim: TestServer;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    // A simulator that knows only a tenant whose token the config file cannot hold.
    sim = await startTestServer({
      tenants: [
        {
          id: 'env-firm',
          name: 'Env Firm LLP',
          token: TOKEN,
          fullCloud: true,
          languageSpecificInformation: true,
          auditFeature: true,
        },
      ],
    });
    dir = tempDir();
    file = configFile(
      {
        conform: {
          target: 'local',
          reportDir: 'section-reports',
          retries: 0,
          targets: {
            local: {
              url: `${sim.url}/{region}/{version}/public-api/graphql`,
              tokenEnv: ENV,
              version: '1.4.0',
              reportDir: 'target-reports',
            },
          },
        },
      },
      dir,
    );
  });
  afterAll(async () => {
    delete process.env[ENV];
    await sim.close();
  });

  const run = (...flags: string[]) =>
    cli('conform', '--config', file, '--scenario', 'settings.regional-settings', '--no-drift', ...flags);

  it('takes the token from the environment variable the target names, and its settings over the section', async () => {
    process.env[ENV] = TOKEN;
    const { code, stdout, stderr } = await run('--target', 'local');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('1.4.0: 1/1 passed');
    expect(stdout).not.toContain('1.2.0');
    const report = readFileSync(path.join(dir, 'target-reports', 'conformance.json'), 'utf8');
    expect(report).not.toContain(TOKEN);
    expect(existsSync(path.join(dir, 'section-reports'))).toBe(false);
  });

  it('uses conform.target when --target is absent, and flags beat the file', async () => {
    process.env[ENV] = TOKEN;
    const flagged = path.join(tempDir(), 'flag-reports');
    const { code, stdout } = await run('--report-dir', flagged, '--version', 'all');
    expect(code).toBe(0);
    expect(stdout).toContain('1.2.0: 1/1 passed');
    expect(existsSync(path.join(flagged, 'conformance.json'))).toBe(true);
  });

  it('says which variable is missing when the token is not set, and --token still works', async () => {
    delete process.env[ENV];
    const missing = await run('--target', 'local');
    expect(missing).toMatchObject({
      code: 2,
      stderr: `rm-harness: target "local" takes its token from $${ENV}, which is not set (or pass --token)\n`,
    });
    const wrong = await run('--target', 'local', '--token', 'not-the-tenant-token');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/rejected the credentials \(HTTP 401\)/);
    expect((await run('--target', 'local', '--token', TOKEN)).code).toBe(0);
  });

  it('refuses a --target that is neither sim, a URL nor a configured name', async () => {
    const { code, stderr } = await run('--target', 'staging');
    expect(code).toBe(2);
    expect(stderr).toContain(
      'unknown --target "staging" (expected sim, a URL or a target of the config file: local)',
    );
  });
});
