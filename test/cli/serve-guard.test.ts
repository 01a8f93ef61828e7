// `rm-harness serve`'s locks and budgets from the command line: misuse of --allowed-hosts and
// --journal-max-bytes is exit 2 with one line; beyond loopback the banner names a generated admin token.
import { describe, expect, it } from '@jest/globals';
import { fakeIo } from '../helpers/cli-io.js';
import { runCli } from '../../src/cli/run.js';

describe('serve: the guard flags', () => {
  it.each([
    [['--allowed-hosts', ' , '], /--allowed-hosts needs at least one host name/],
    [['--journal-max-bytes', '10'], /--journal-max-bytes must be an integer of at least \d+/],
  ])('refuses %j with exit 2 and an rm-harness: message', async (flags, message) => {
    const { io, out } = fakeIo();
    expect(await runCli(['serve', '--port', '0', '--in-memory', '--no-config', ...flags], io)).toBe(2);
    expect(out.stderr).toMatch(/^rm-harness: /);
    expect(out.stderr).toMatch(message);
    expect(out.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('listening on 0.0.0.0 with the default admin token, prints a generated one once and accepts only it', async () => {
    const { io, out } = fakeIo();
    const running = runCli(
      [
        'serve',
        '--host',
        '0.0.0.0',
        '--port',
        '0',
        '--in-memory',
        '--profile',
        'small',
        '--no-config',
        '--quiet',
      ],
      io,
    );
    const deadline = Date.now() + 30_000;
    while (!out.stdout.includes('Press Ctrl+C to stop.') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const [, port, token] = /:(\d+)\/__admin\/ \(Bearer (\S+)\)/.exec(out.stdout) ?? [];
      expect(token).toBeDefined();
      expect(token).not.toBe('admin-token');
      expect(out.stdout).toContain('generated for this run');
      expect(out.stdout.split(token!).length - 1).toBe(1);
      const admin = (bearer: string) =>
        fetch(`http://127.0.0.1:${port}/__admin/requests`, {
          headers: { authorization: `Bearer ${bearer}` },
        });
      expect((await admin('admin-token')).status).toBe(401);
      expect((await admin(token!)).status).toBe(200);
    } finally {
      process.emit('SIGINT');
      expect(await running).toBe(0);
    }
  });
});
