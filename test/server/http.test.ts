// The server's own HTML pages (home, explorer, inspector) share one answer: never cached, never
// sniffed, locked down by a Content-Security-Policy; the explorer also varies by Accept.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function page(path: string): Promise<Response> {
  const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
  await res.text();
  return res;
}

describe('sendPage: the HTML pages of the server', () => {
  it.each([
    ['home', '/'],
    ['explorer', '/us/1.4.0/public-api/graphql'],
    ['inspector', '/__inspect'],
  ])('the %s page is HTML, not cached, not sniffed and under a CSP', async (_name, path) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src '(none|self)'.*base-uri 'none'/);
  });

  it('the explorer varies by Accept (the same URL answers JSON to clients)', async () => {
    expect((await page('/us/1.4.0/public-api/graphql')).headers.get('vary')).toMatch(/Accept/);
  });
});
