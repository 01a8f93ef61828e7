import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cli } from '../../helpers/cli-io.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rm-router-'));
  await writeFile(
    join(dir, 'tenants.json'),
    JSON.stringify([
      { id: 'north', name: 'North LLP', token: 'north-token-1' },
      { id: 'south', name: 'South LLP', token: 'south-token-1' },
    ]),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const REPLICAS = ['--replicas', '127.0.0.1:4001,127.0.0.1:4002'];

describe('rm-harness router nginx', () => {
  it('prints the configuration for the tenants file', async () => {
    const r = await cli([
      'router',
      'nginx',
      '--no-config',
      '--tenants',
      join(dir, 'tenants.json'),
      ...REPLICAS,
    ]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(r.stdout).toContain('"\\\\north-token-1" north;');
    expect(r.stdout).toContain('"\\\\south-token-1" south;');
    expect(r.stdout).toContain('server 127.0.0.1:4002 max_fails=1 fail_timeout=10s;');
  });

  it('writes the file readable by its owner only (it holds the tokens)', async () => {
    const out = join(dir, 'rm.conf');
    const r = await cli([
      'router',
      'nginx',
      '--no-config',
      '--tenants',
      join(dir, 'tenants.json'),
      ...REPLICAS,
      '--listen',
      '127.0.0.1:9000',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `wrote ${out}: 2 tenant(s) over 2 replica(s); it holds their tokens, keep it secret\n`,
    );
    expect((await stat(out)).mode & 0o777).toBe(0o600);
    expect(await readFile(out, 'utf8')).toContain('listen 127.0.0.1:9000;');
  });

  it('uses the default tenants when none are named', async () => {
    const r = await cli(['router', 'nginx', '--no-config', ...REPLICAS]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('dev-firm;');
    expect(r.stdout).toContain('from the default tenants');
  });

  it.each([
    [['--replicas', '127.0.0.1'], '--replicas "127.0.0.1" is not host:port'],
    [[...REPLICAS, '--listen', 'x y'], '--listen must be a port or address:port'],
    [[...REPLICAS, '--fail-timeout', '0'], '--fail-timeout must be a positive number of seconds'],
    [[...REPLICAS, '--tenants', '/nonexistent/t.json'], 'cannot read tenants file /nonexistent/t.json'],
  ])('is misuse (exit 2, one line, nothing written) for %j', async (args, message) => {
    const r = await cli(['router', 'nginx', '--no-config', ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
