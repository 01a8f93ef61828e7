import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { ConfigError } from '../../src/config/errors.js';
import { CONFIG_FILE_NAME, loadConfig, parseConfig } from '../../src/config/load.js';
import { CONFIG_SCHEMA } from '../../src/config/schema.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** The one-line message parseConfig gives for a config text, or 'valid'. */
function problem(config: unknown): string {
  try {
    parseConfig(JSON.stringify(config), 'c.json', '/base');
    return 'valid';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe('config schema', () => {
  it('is committed as rm-harness.config.schema.json, up to date (npm run config-schema writes it)', () => {
    expect(readJson('rm-harness.config.schema.json')).toEqual(JSON.parse(JSON.stringify(CONFIG_SCHEMA)));
  });

  it('accepts the example file, by the committed JSON Schema and by the loader', () => {
    const example = readJson('rm-harness.config.example.json');
    const validate = new Ajv({ allErrors: true }).compile(
      readJson('rm-harness.config.schema.json') as object,
    );
    const valid = validate(example);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    const loaded = loadConfig(path.join(root, 'rm-harness.config.example.json'), root);
    expect(loaded?.file).toBe('rm-harness.config.example.json');
    expect(loaded?.config.conform?.targets?.['staging']?.tokenEnv).toBe('RM_STAGING_TOKEN');
    // Relative paths are relative to the config file.
    expect(loaded?.config.serve?.dataDir).toBe(path.join(root, '.data'));
    expect(loaded?.config.conform?.targets?.['staging']?.reportDir).toBe(path.join(root, 'reports/staging'));
  });

  it('is shown whole in the configuration reference', () => {
    const readme = readFileSync(path.join(root, 'docs/reference/configuration.md'), 'utf8');
    const block =
      /### Configuration[\s\S]*?```json include rm-harness.config.example.json\n([\s\S]*?)```/.exec(
        readme,
      )?.[1];
    expect(JSON.parse(block ?? 'null')).toEqual(readJson('rm-harness.config.example.json'));
  });

  it('names the JSON path and the problem in one line', () => {
    expect(problem({ serve: { port: 70000 } })).toBe('c.json: /serve/port must be <= 65535');
    expect(problem({ serve: { prot: 1, limits: { maxDepth: 0 } } })).toBe(
      'c.json: /serve/prot is not a known setting; /serve/limits/maxDepth must be >= 1',
    );
    expect(problem({ serve: { profile: 'huge' } })).toMatch(
      /^c\.json: \/serve\/profile must be one of: small, /,
    );
    expect(problem({ serve: { tenants: 5 } })).toBe('c.json: /serve/tenants must be string or array');
    expect(problem({ serve: { tenants: [{ id: 'a', name: 'A' }] } })).toBe(
      'c.json: /serve/tenants/0 needs "token"',
    );
    expect(
      problem({
        serve: {
          tenants: [
            { id: 'a', name: 'A', token: 'token-one' },
            { id: 'a', name: 'B', token: 'token-two' },
          ],
        },
      }),
    ).toBe('c.json: /serve/tenants: duplicate tenant id "a"');
    expect(problem({ serve: { faults: { rules: [{ errorRate: 2 }] } } })).toBe(
      'c.json: /serve/faults/rules/0/errorRate must be <= 1',
    );
    expect(problem({ conform: { targets: { sim: { url: 'sim' } } } })).toMatch(
      /^c\.json: \/conform\/targets\/sim is not a valid target name .*"sim" is the simulator/,
    );
    expect(problem({ conform: { targets: { t: { url: 'ftp://x' } } } })).toMatch(
      /^c\.json: \/conform\/targets\/t\/url must match pattern/,
    );
    expect(problem({ conform: { target: 'nope' } })).toBe(
      'c.json: /conform/target names "nope", which is not in /conform/targets',
    );
    expect(problem([])).toBe('c.json: (root) must be object');
  });

  it('refuses tokens in the file and says which environment variable to use instead', () => {
    expect(problem({ serve: { adminToken: 'x' } })).toBe(
      'c.json: /serve/adminToken: tokens are not read from the config file; set RM_HARNESS_ADMIN_TOKEN, or pass --admin-token',
    );
    expect(problem({ conform: { token: 'x' } })).toMatch(
      /^c\.json: \/conform\/token: .*set RM_HARNESS_TOKEN/,
    );
    expect(problem({ conform: { targets: { prod: { url: 'https://h/x', token: 'x' } } } })).toMatch(
      /^c\.json: \/conform\/targets\/prod\/token: tokens are not read .*tokenEnv/,
    );
    expect(problem({ conform: { header: ['Authorization=Bearer x'] } })).toMatch(
      /^c\.json: \/conform\/header\/0: an authorization header is a token/,
    );
  });

  it('reports invalid JSON with its line and column', () => {
    expect(() => parseConfig('{\n  "serve": {,}\n}', 'c.json', '/')).toThrow(
      /^c\.json: not valid JSON: .*line 2 column 13/,
    );
  });

  it(`finds ./${CONFIG_FILE_NAME} only when present, and not with --no-config`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm-config-'));
    expect(loadConfig(undefined, dir)).toBeUndefined();
    writeFileSync(path.join(dir, CONFIG_FILE_NAME), '{ "serve": { "port": 4321 } }');
    expect(loadConfig(undefined, dir)).toEqual({ file: CONFIG_FILE_NAME, config: { serve: { port: 4321 } } });
    expect(loadConfig(false, dir)).toBeUndefined();
    expect(() => loadConfig('missing.json', dir)).toThrow(
      'missing.json: cannot read the config file (no such file)',
    );
  });
});
