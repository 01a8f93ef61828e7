// Proxy reports without a token (issue 29, item 4): `GET /__proxy/reports` answered every client's
// variables to anyone, and `POST` wrote files for anyone. Every `/__proxy/*` route now takes the admin
// token, as the simulator's admin API does; a tenant token is not enough.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { handleProxy, type ProxyArgs } from '../../src/cli/commands/proxy.js';
import { startProxy, type RunningProxy } from '../../src/proxy/proxy.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { fakeIo } from '../helpers/cli-io.js';

let sim: RunningServer;
let root: string;

beforeAll(async () => {
  sim = await startServer({ port: 0, inMemory: true, log: () => {} });
  root = mkdtempSync(path.join(tmpdir(), 'rm-proxy-lock-'));
});

afterAll(async () => {
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

async function send(
  proxy: RunningProxy,
  method: string,
  token?: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${proxy.url}/__proxy/reports`, {
    method,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  return { status: res.status, text: await res.text() };
}

describe('the proxy’s control routes', () => {
  it('refuse GET and POST without the admin token (none, a tenant’s, a wrong one) and write nothing', async () => {
    const reportDir = path.join(root, 'reports');
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir,
    });
    try {
      await fetch(proxy.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer dev-token' },
        body: JSON.stringify({
          query: 'query S($f: [ContactFilterInput]) { searchFirmContacts(filter: $f) { totalModels } }',
          variables: { f: [{ field: 'emailAddress', value: 'victim@corp.example' }] },
        }),
      });
      for (const token of [undefined, 'dev-token', 'dev-token-limited', 'not-the-admin-token']) {
        for (const method of ['GET', 'POST']) {
          const answer = await send(proxy, method, token);
          expect([method, token, answer.status]).toEqual([method, token, 401]);
          expect(answer.text).not.toContain('victim');
          expect(JSON.parse(answer.text)).toEqual({
            errors: [expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } })],
          });
        }
      }
      expect(existsSync(reportDir)).toBe(false);
      const allowed = await send(proxy, 'GET', 'admin-token');
      expect(allowed.status).toBe(200);
      expect(allowed.text).not.toContain('victim@corp.example');
      expect((await send(proxy, 'POST', 'admin-token')).status).toBe(200);
      expect(existsSync(path.join(reportDir, 'conformance.json'))).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it('take the configured admin token instead of the default', async () => {
    const proxy = await startProxy({
      upstream: `${sim.url}/us/1.4.0/public-api/graphql`,
      revision: '1.4.0',
      port: 0,
      reportDir: path.join(root, 'custom'),
      adminToken: 'a-long-admin-secret',
    });
    try {
      expect((await send(proxy, 'GET', 'admin-token')).status).toBe(401);
      expect((await send(proxy, 'GET', 'a-long-admin-secret')).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('proxy on a non-loopback address with the default admin token refuses to start (exit 2)', async () => {
    const args: ProxyArgs = {
      upstream: 'sim',
      version: '1.4.0',
      host: '0.0.0.0',
      port: 0,
      reportDir: path.join(root, 'cli'),
      timeout: 1000,
    };
    const { io } = fakeIo();
    let started = false;
    await expect(
      handleProxy(
        args,
        { io, exitCode: 0 },
        {
          env: {},
          untilStopped: async () => {
            started = true;
          },
        },
      ),
    ).rejects.toMatchObject({ name: 'CliUsageError', message: expect.stringMatching(/--admin-token/) });
    expect(started).toBe(false);
  });
});
