// `rm-harness fuzz` end to end: the simulator in-process, reports in a temp folder, and misuse.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from '@jest/globals';
import { cli } from '../../helpers/cli-io.js';
import { startTestServer } from '../../helpers/server.js';

/** A real-looking endpoint: forwards GraphQL to the simulator, hides its admin API, counts mutations. */
async function startRealLooking(upstream: string) {
  const seen = { mutations: 0, requests: 0 };
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      void (async () => {
        if (!req.url?.includes('/public-api/graphql')) return void res.writeHead(404).end();
        seen.requests += 1;
        if (/^\s*mutation\b/.test((JSON.parse(text) as { query: string }).query)) seen.mutations += 1;
        const up = await fetch(upstream + req.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: String(req.headers.authorization) },
          body: text,
        });
        res.writeHead(up.status, { 'content-type': 'application/json' }).end(await up.text());
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

describe('rm-harness fuzz', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-fuzz-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('fuzzes the simulator, prints the seed and writes the four reports', async () => {
    const out = await cli([
      'fuzz',
      '--target',
      'sim',
      '--version',
      '1.2.0',
      '--runs',
      '3',
      '--seed',
      '7',
      '--rate',
      '500',
      '--report-dir',
      dir,
    ]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('Fuzz seed 7');
    expect(out.stdout).toMatch(/1\.2\.0: 3 sequences, \d+ operations, no failure/);
    for (const file of ['fuzz.json', 'fuzz.junit.xml', 'fuzz.md', 'fuzz.html']) {
      expect(existsSync(path.join(dir, file))).toBe(true);
    }
    const report = JSON.parse(readFileSync(path.join(dir, 'fuzz.json'), 'utf8')) as {
      summary: { conforms: boolean };
    };
    expect(report.summary.conforms).toBe(true);
  }, 120_000);

  it('sends no mutation to a target that is not the simulator without --allow-mutations', async () => {
    const sim = await startTestServer();
    const real = await startRealLooking(sim.url);
    try {
      const out = await cli([
        'fuzz',
        '--target',
        `${real.url}/us/1.4.0/public-api/graphql`,
        '--token',
        'dev-token',
        '--version',
        '1.4.0',
        '--runs',
        '5',
        '--seed',
        '3',
        '--report-dir',
        path.join(dir, 'real'),
      ]);
      expect(out.code).toBe(0);
      expect(out.stdout).toContain('Read-only sequences');
      expect(real.seen.requests).toBeGreaterThan(5);
      expect(real.seen.mutations).toBe(0);
    } finally {
      await real.close();
      await sim.close();
    }
  }, 120_000);

  it.each([
    [['--runs', '0'], /--runs must be an integer of at least 1/],
    [['--version', '9.9.9'], /unknown version "9.9.9"/],
    [['--rate', '-1'], /--rate must be an integer of at least 1/],
  ])('rejects %j with exit 2 and one line', async (flags, message) => {
    const out = await cli(['fuzz', '--target', 'sim', ...flags]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });
});
