import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { handleProxy, type ProxyArgs } from '../../../src/cli/commands/proxy.js';
import type { CliContext } from '../../../src/cli/context.js';
import { cliArgs, fakeIo } from '../../helpers/cli-io.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'rm-proxy-cli-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const args = (over: Partial<ProxyArgs>): ProxyArgs => ({
  upstream: 'sim',
  version: '1.4.0',
  host: '127.0.0.1',
  port: 0,
  reportDir: path.join(root, 'reports'),
  timeout: 10_000,
  ...over,
});

describe('rm-harness proxy', () => {
  it('--upstream sim: serves /public-api/graphql, prints each exchange, writes reports and recordings on stop', async () => {
    const { io, out } = fakeIo();
    const ctx: CliContext = { io, exitCode: 0 };
    const record = path.join(root, 'rec');
    let endpoint = '';
    const code = await handleProxy(args({ record, recordKey: 'k', failOn: 'breaking' }), ctx, {
      env: {},
      untilStopped: async (proxy) => {
        endpoint = proxy.endpoint;
        const res = await fetch(proxy.endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
          body: JSON.stringify({ query: '{ lists(limit: 2) { totalModels models { id name } } }' }),
        });
        expect(res.status).toBe(200);
      },
    });
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/public-api\/graphql$/);
    expect(code).toBe(0);
    expect(out.stdout).toContain('rm-harness proxy for the simulator (in-process), contract 1.4.0');
    expect(out.stdout).toMatch(/#1 lists: HTTP 200 \(\d+ ms\) ok/);
    expect(out.stdout).toContain('0 breaking and 0 non-breaking difference(s)');
    expect(existsSync(path.join(root, 'reports', 'conformance.json'))).toBe(true);
    expect(readdirSync(record)).toEqual(['000001-lists.json']);
    expect(readFileSync(path.join(record, '000001-lists.json'), 'utf8')).not.toContain('dev-token');
  });

  it('prints a difference as it happens and exits 1 when the exchanges broke the contract', async () => {
    const { io, out } = fakeIo();
    const code = await handleProxy(
      args({ reportDir: path.join(root, 'reports2') }),
      { io, exitCode: 0 },
      {
        env: {},
        untilStopped: async (proxy) => {
          // A field the contract does not have: the request is invalid for the revision.
          await fetch(proxy.endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
            body: JSON.stringify({ query: '{ lists { nope } }' }),
          });
        },
      },
    );
    expect(code).toBe(1);
    expect(out.stdout).toMatch(/#1 invalid-request: HTTP 200/);
    expect(out.stdout).toContain('[breaking] request.query: invalid-request');
  });

  it('misuse is exit 2 with one line', async () => {
    const bad = await cliArgs('proxy', '--upstream', 'ftp://x', '--version', '1.4.0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'rm-harness: --upstream must be an http(s) URL or "sim" (got "ftp://x"). Run "rm-harness proxy --help" for usage.\n',
    );
    const failOn = await cliArgs(
      'proxy',
      '--upstream',
      'sim',
      '--version',
      '1.4.0',
      '--fail-on',
      'sometimes',
    );
    expect(failOn.code).toBe(2);
    expect(failOn.stderr.split('\n')).toHaveLength(2);
    const version = await cliArgs('proxy', '--upstream', 'sim', '--version', '9.9.9');
    expect(version.code).toBe(2);
    const help = await cliArgs('proxy', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--fail-on');
    expect(help.stdout).toContain('--record');
  });
});

describe('rm-harness record', () => {
  it('misuse is exit 2 with one line', async () => {
    const none = await cliArgs('record');
    expect(none.code).toBe(2);
    const missing = await cliArgs('record', 'to-scenarios', path.join(root, 'does-not-exist'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /^rm-harness: recording folder .* does not exist\. Run "rm-harness record to-scenarios --help"/,
    );
  });
});

describe('rm-harness proxy as a process', () => {
  it('writes the reports when SIGTERM stops it', async () => {
    const reportDir = path.join(root, 'signal');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/main.ts',
        'proxy',
        '--upstream',
        'sim',
        '--version',
        '1.4.0',
        '--port',
        '0',
        '--report-dir',
        reportDir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
    );
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no endpoint line in: ${stdout}`)), 30_000);
        child.stdout.on('data', () => {
          const m = /GraphQL endpoint: (\S+)/.exec(stdout);
          if (m?.[1]) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
        body: JSON.stringify({ query: '{ lists(limit: 1) { totalModels } }' }),
      });
      expect(res.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(stdout).toContain('#1 lists: HTTP 200');
    const report = JSON.parse(readFileSync(path.join(reportDir, 'conformance.json'), 'utf8')) as {
      tool: string;
      summary: { total: number; conforms: boolean };
    };
    expect(report.tool).toBe('rm-harness proxy');
    expect(report.summary).toMatchObject({ total: 1, conforms: true });
  }, 60_000);
});
