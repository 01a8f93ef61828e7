// The browser explorer (GraphiQL served from the package) and the home page, over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../helpers/server.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A GET with the path sent as it is (fetch would normalise `..`). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('explorer and home page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves GraphiQL for the endpoint a browser opens, with local assets and the dev token', async () => {
    const endpoint = '/eu/1.2.0/public-api/graphql';
    const res = await fetch(server.url + endpoint, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`"endpoint":"${endpoint}"`);
    expect(html).toContain('Bearer dev-token');
    expect(html).not.toMatch(/(src|href)="https?:/);

    const assets = [...html.matchAll(/(?:src|href)="(\/__assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/react\.production\.min\.js$/),
        expect.stringMatching(/react-dom\.production\.min\.js$/),
        expect.stringMatching(/graphiql\.min\.js$/),
        expect.stringMatching(/graphiql\.min\.css$/),
        '/__assets/explorer.js',
      ]),
    );
    for (const asset of assets) {
      const answer = await fetch(server.url + asset);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(
        asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      );
      const bytes = (await answer.arrayBuffer()).byteLength;
      expect(bytes).toBeGreaterThan(asset.endsWith('explorer.js') ? 500 : 5000);
    }
  });

  it('serves the explorer on the unversioned endpoint too', async () => {
    const res = await fetch(`${server.url}/public-api/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"endpoint":"/public-api/graphql"');
  });

  it('answers a JSON GET without a query as GraphQL over HTTP, not HTML', async () => {
    const res = await fetch(`${server.url}/us/1.2.0/public-api/graphql`, {
      headers: { accept: 'application/json', authorization: 'Bearer dev-token' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { errors?: unknown[] };
    expect(body.errors?.length).toBeGreaterThan(0);
  });

  it('answers a browser GET with a query as GraphQL over HTTP', async () => {
    const res = await fetch(
      `${server.url}/us/1.2.0/public-api/graphql?query=${encodeURIComponent('{ __typename }')}`,
      {
        headers: { accept: BROWSER_ACCEPT, authorization: 'Bearer dev-token' },
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('lists every explorer, the tenants and the admin health on the home page', async () => {
    const res = await fetch(`${server.url}/`, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const region of ['us', 'eu', 'au']) {
      for (const version of ['1.4.0', '1.2.0'])
        expect(html).toContain(`href="/${region}/${version}/public-api/graphql"`);
    }
    expect(html).toContain('href="/public-api/graphql"');
    expect(html).toContain('Harbour &amp; Finch LLP');
    expect(html).toContain('Marlow Street Partners');
    expect(html).toContain('dev-token-limited');
    expect(html).toContain('href="/__admin/health"');
  });

  it('escapes tenant names and hides tokens that are not the dev tokens', async () => {
    const added = await server.admin('POST', '/tenants', {
      id: 'xss-firm',
      name: '<script>alert(1)</script>',
      token: 'secret-token-123',
    });
    expect(added.status).toBeLessThan(300);
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('secret-token-123');
  });

  it("names, while there are no reports, only a command an installed package has (none of a checkout's npm scripts)", async () => {
    // The reports folder is the working directory's `reports/` (the default of `serve`), resolved at
    // start: here one that holds nothing yet, under a path that needs quoting in a shell.
    const dir = mkdtempSync(path.join(tmpdir(), "rm-harness no reports '"));
    const empty = path.join(dir, 'reports');
    const cwd = process.cwd();
    process.chdir(dir);
    const bare = await startTestServer().finally(() => process.chdir(cwd));
    try {
      const html = await (await fetch(`${bare.url}/`)).text();
      const named = [...html.matchAll(/<code>((?:npm|npx|rm-harness) [^<]*)<\/code>/g)].map((m) =>
        m[1]!.replaceAll('&#39;', "'").replaceAll('&amp;', '&'),
      );
      const quoted = `'${empty.replaceAll("'", `'\\''`)}'`;
      expect(named).toEqual([`npx rm-harness conform --target sim --version all --report-dir ${quoted}`]);
    } finally {
      await bare.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves only the known report names', async () => {
    for (const path of [
      '/__reports/../package.json',
      '/__reports/..%2fpackage.json',
      '/__reports/%2e%2e%2fpackage.json',
      '/__reports/conformance.json',
    ]) {
      const res = await rawGet(server.url, path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body).not.toContain('"name": "rm-api-harness"');
    }
  });
});
