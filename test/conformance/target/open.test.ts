import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openTarget, preflight } from '../../../src/conformance/target/open.js';

const http = { timeoutMs: 5000, retries: 0 };

/** An endpoint per revision path: `refuse(revision, token)` says which answer 401, `missing` which answer 404. */
let refuse: (revision: string, token: string) => boolean = () => false;
let missing: (revision: string) => boolean = () => false;
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const revision = /\/(\d+\.\d+\.\d+)\//.exec(req.url ?? '')?.[1] ?? '';
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const status = missing(revision) ? 404 : refuse(revision, token) ? 401 : 200;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(status === 200 ? { data: { __typename: 'Query' } } : { errors: [{ message: 'no' }] }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function check(): Promise<string | undefined> {
  const opened = await openTarget(
    {
      target: `${base}/{version}/public-api/graphql`,
      token: 'full',
      limitedToken: 'limited',
      headers: [],
      region: 'us',
    },
    ['1.4.0', '1.2.0'],
    http,
    undefined,
  );
  if (!opened.ok) throw new Error(opened.error);
  return preflight(opened.open.target, ['1.4.0', '1.2.0'], http);
}

describe('preflight', () => {
  it('stops a run whose token every revision refuses, or whose address answers 404 on every revision', async () => {
    refuse = () => true;
    missing = () => false;
    expect(await check()).toMatch(/rejected the credentials \(HTTP 401\); check --token/);
    refuse = () => false;
    missing = () => true;
    expect(await check()).toMatch(/answers 404: no GraphQL endpoint/);
  });

  it("runs when the main token is served and the limited tenant's is refused everywhere: its steps report it", async () => {
    refuse = (_revision, token) => token === 'limited';
    missing = () => false;
    expect(await check()).toBeUndefined();
  });

  it('runs when another revision serves the same credentials at the same address: the refusal is a finding', async () => {
    refuse = (revision) => revision === '1.2.0';
    missing = () => false;
    expect(await check()).toBeUndefined();
    refuse = () => false;
    missing = (revision) => revision === '1.2.0';
    expect(await check()).toBeUndefined();
  });
});
