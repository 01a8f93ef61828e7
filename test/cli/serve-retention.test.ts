// serve's event retention: the flags win over the config file, the file over the defaults, and a
// bound that is not positive is command-line misuse (exit 2, one line).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { fakeIo } from '../helpers/cli-io.js';
import { resolveServeFlags } from '../../src/cli/resolve-serve.js';
import { runCli } from '../../src/cli/run.js';

const dir = mkdtempSync(path.join(tmpdir(), 'serve-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serve: event retention', () => {
  it('takes the flag, else the config file, else the default (1,000,000 events, any age)', () => {
    expect(resolveServeFlags({ config: false })).toMatchObject({ eventRetentionCount: 1_000_000 });
    expect(resolveServeFlags({ config: false }).eventRetentionDays).toBeUndefined();
    const file = path.join(dir, 'rm-harness.config.json');
    writeFileSync(file, JSON.stringify({ serve: { eventRetention: { count: 500, days: 30 } } }));
    expect(resolveServeFlags({ config: file })).toMatchObject({
      eventRetentionCount: 500,
      eventRetentionDays: 30,
    });
    expect(resolveServeFlags({ config: file, eventRetentionCount: 7 })).toMatchObject({
      eventRetentionCount: 7,
      eventRetentionDays: 30,
    });
  });

  it.each([
    [['--event-retention-count', '0'], /--event-retention-count must be a positive integer/],
    [['--event-retention-count', '2.5'], /--event-retention-count must be a positive integer/],
    [['--event-retention-days', '-1'], /--event-retention-days must be a positive number/],
  ])('refuses %j with exit 2 and an rm-harness: message', async (flags, message) => {
    const { io, out } = fakeIo();
    expect(await runCli(['serve', '--port', '0', '--in-memory', '--no-config', ...flags], io)).toBe(2);
    expect(out.stderr).toMatch(/^rm-harness: /);
    expect(out.stderr).toMatch(message);
    expect(out.stdout).toBe('');
  });
});
