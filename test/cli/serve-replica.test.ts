import { describe, expect, it } from '@jest/globals';
import { cli } from '../helpers/cli-io.js';

describe('serve --replica-id and --release-idle', () => {
  it.each([
    [['--replica-id', 'two words'], '--replica-id must be 1 to 64 visible ASCII characters'],
    [['--replica-id', 'x'.repeat(65)], '--replica-id must be 1 to 64 visible ASCII characters'],
    [['--release-idle', '0'], '--release-idle must be a positive integer (seconds)'],
    [['--release-idle', '1.5'], '--release-idle must be a positive integer (seconds)'],
  ])('refuse %j before anything listens (exit 2, one line)', async (args, message) => {
    const r = await cli(['serve', '--no-config', '--in-memory', '--port', '0', ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
