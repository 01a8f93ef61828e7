// `rm-harness serve` as a real process started in a folder holding rm-harness.config.json: the file is
// found without --config, flags beat it, it beats the defaults, its tenants and faults are live from
// the start, and the admin token comes from RM_HARNESS_ADMIN_TOKEN.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const root = fileURLToPath(new URL('../../', import.meta.url));
const TENANT_TOKEN = 'config-file-token-1';
const ADMIN_TOKEN = 'env-admin-token-1';

/** A port that was free a moment ago (the config file needs a fixed one). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the CLI in `cwd` and resolves with its base URL and banner once it listens. */
function serve(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string; banner: string }> {
  const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(
    process.execPath,
    ['--import', loader, path.join(root, 'src/cli/main.ts'), 'serve', ...args],
    {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no banner within 30 s:\n${out}\n${err}`));
    }, 30_000);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/[\d.]+:\d+)[\s\S]*Press Ctrl\+C/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, banner: out });
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}) before listening:\n${out}\n${err}`));
    });
  });
}

describe('serve with rm-harness.config.json in the working directory', () => {
  let dir: string;
  let port: number;
  let child: ChildProcess;
  let url: string;
  let banner: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rm-config-serve-'));
    port = await freePort();
    writeFileSync(
      path.join(dir, 'rm-harness.config.json'),
      JSON.stringify({
        serve: {
          port,
          inMemory: true,
          profile: 'small',
          limits: { maxDepth: 2, maxAliases: 2 },
          tenants: [{ id: 'config-firm', name: 'Config File LLP', token: TENANT_TOKEN }],
          faults: { rules: [{ operations: ['firm'], errorRate: 1, errorKind: 'http503' }] },
        },
      }),
    );
    // --max-depth on the command line beats the file's maxDepth.
    ({ child, url, banner } = await serve(dir, ['--max-depth', '3'], {
      ...process.env,
      RM_HARNESS_ADMIN_TOKEN: ADMIN_TOKEN,
    }));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  async function gql(query: string, token = TENANT_TOKEN) {
    const res = await fetch(`${url}/us/1.4.0/public-api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    });
    return {
      status: res.status,
      body: (await res.json()) as { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] },
    };
  }

  it('listens on the port of the file and the default host', () => {
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(banner).toContain(TENANT_TOKEN);
    expect(banner).toContain('Faults: 1 rule(s) active from the start');
  });

  it('applies the flag over the file (maxDepth 3, not 2) and the file over the default (maxAliases 2, not 200)', async () => {
    const three = await gql('{ regionalSettings { locale { code } } }');
    expect(three.body).toEqual({ data: { regionalSettings: { locale: { code: expect.any(String) } } } });
    const four = await gql('{ searchFirmContacts(limit: 1) { models { addresses { city } } } }');
    expect(four.body.errors?.[0]?.extensions).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      limit: 'depth',
      maximum: 3,
    });
    const aliases = await gql(
      '{ a: regionalSettings { locale { code } } b: regionalSettings { locale { code } } c: regionalSettings { locale { code } } }',
    );
    expect(aliases.body.errors?.[0]?.extensions).toMatchObject({
      code: 'LIMIT_EXCEEDED',
      limit: 'aliases',
      maximum: 2,
    });
  });

  it('serves the tenants of the file only', async () => {
    expect((await gql('{ regionalSettings { locale { code } } }', 'dev-token')).status).toBe(401);
  });

  it('has the faults of the file active from the start', async () => {
    const firm = await gql('{ firm { settings { titles } } }');
    expect(firm.status).toBe(503);
    expect(firm.body.errors?.[0]?.extensions?.['code']).toBe('SERVICE_UNAVAILABLE');
  });

  it('takes the admin token from RM_HARNESS_ADMIN_TOKEN', async () => {
    const admin = (token: string) =>
      fetch(`${url}/__admin/faults`, { headers: { authorization: `Bearer ${token}` } });
    const res = await admin(ADMIN_TOKEN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      rules: [{ operations: ['firm'], errorRate: 1, errorKind: 'http503' }],
    });
    expect((await admin('admin-token')).status).toBe(401);
  });
});
