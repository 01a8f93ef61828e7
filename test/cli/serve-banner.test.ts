// `rm-harness serve`'s banner (A-463): a few tenants are listed with their tokens (a developer's set-up);
// beyond five, only their count and where the tokens are, so a hosting vendor's logs never hold them.
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { fakeIo } from '../helpers/cli-io.js';

const dir = mkdtempSync(join(tmpdir(), 'serve-banner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `serve` with `n` tenants from a file, returns its banner once printed, and stops it. */
async function bannerWith(n: number): Promise<{ banner: string; tokens: string[]; file: string }> {
  const tokens = Array.from({ length: n }, (_, i) => `secret-token-number-${i}`);
  const file = join(dir, `tenants-${n}.json`);
  writeFileSync(file, JSON.stringify(tokens.map((token, i) => ({ id: `t${i}`, name: `Firm ${i}`, token }))));
  const { io, out } = fakeIo();
  const running = runCli(
    [
      'serve',
      '--port',
      '0',
      '--in-memory',
      '--profile',
      'small',
      '--no-config',
      '--quiet',
      '--tenants',
      file,
    ],
    io,
  );
  const deadline = Date.now() + 30_000;
  while (!out.stdout.includes('Press Ctrl+C to stop.') && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  process.emit('SIGINT');
  expect(await running).toBe(0);
  return { banner: out.stdout, tokens, file };
}

describe('serve: the banner', () => {
  it('lists five tenants with their tokens', async () => {
    const { banner, tokens } = await bannerWith(5);
    for (const token of tokens) expect(banner).toContain(token);
  }, 40_000);

  it('beyond five tenants, prints their count and the tenants file, and no token', async () => {
    const { banner, tokens, file } = await bannerWith(6);
    expect(banner).toContain(`Tenants: 6 (tokens not printed: they are in the tenants file ${file};`);
    for (const token of tokens) expect(banner).not.toContain(token);
  }, 40_000);
});
