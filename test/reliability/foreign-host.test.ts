// Hostile pages (issue "hostile clients", class "foreign Host"): a request to the admin API or the
// inspector whose Host header names another site (DNS rebinding) is refused with the error envelope;
// loopback names and `--allowed-hosts` pass; the default admin token is never public beyond loopback.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_ADMIN_TOKEN } from '../../src/server/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A GET with a chosen Host header (fetch does not let one set it). */
function get(
  url: string,
  path: string,
  host: string,
  token?: string,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path,
        headers: { host, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('hostile: foreign Host header on the control surfaces', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['/__admin/requests', '/__admin/faults', '/__inspect'])(
    'refuses %s for Host evil.example, with the error envelope',
    async (path) => {
      const res = await get(server.url, path, 'evil.example:4000', server.adminToken);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
    },
  );

  it('answers loopback names, and GraphQL endpoints whatever the Host', async () => {
    const port = new URL(server.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'LOCALHOST.'])
      expect((await get(server.url, '/__admin/requests', host, server.adminToken)).status).toBe(200);
    expect((await get(server.url, '/__inspect', `localhost:${port}`)).status).toBe(200);
    expect((await get(server.url, '/__admin/health', 'lb.example')).status).toBe(200);
    const graphql = await get(
      server.url,
      '/public-api/graphql?query=%7B__typename%7D',
      'evil.example',
      'dev-token',
    );
    expect(graphql.status).toBe(200);
  });
});

describe('hostile: the lock can be opened and is shut beyond loopback', () => {
  it('--allowed-hosts lets a named host through, and * every host', async () => {
    const named = await startTestServer({ allowedHosts: ['sandbox.example'] });
    const any = await startTestServer({ allowedHosts: ['*'] });
    try {
      expect((await get(named.url, '/__admin/requests', 'sandbox.example', named.adminToken)).status).toBe(
        200,
      );
      expect((await get(named.url, '/__admin/requests', 'evil.example', named.adminToken)).status).toBe(403);
      expect((await get(any.url, '/__admin/requests', 'evil.example', any.adminToken)).status).toBe(200);
    } finally {
      await named.close();
      await any.close();
    }
  });

  it('listening beyond loopback, generates an admin token instead of the public default and presets none', async () => {
    const server = await startTestServer({ host: '0.0.0.0' });
    try {
      expect(server.adminToken).not.toBe(DEFAULT_ADMIN_TOKEN);
      expect(server.adminToken.length).toBeGreaterThanOrEqual(24);
      const url = server.url.replace('0.0.0.0', '127.0.0.1');
      const port = new URL(url).port;
      const refused = await get(url, '/__admin/requests', `localhost:${port}`, DEFAULT_ADMIN_TOKEN);
      expect(refused.status).toBe(401);
      expect((await get(url, '/__admin/requests', `localhost:${port}`, server.adminToken)).status).toBe(200);
      const page = await get(url, '/__inspect', `localhost:${port}`);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain(DEFAULT_ADMIN_TOKEN);
    } finally {
      await server.close();
    }
  });
});
