import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/run.js';
import { fakeIo } from '../helpers/cli-io.js';

// Every misuse of the command line is exit 2 and one line naming the problem and the `--help` of the
// command that was run (not the top level's), as the issue "Works anywhere" asks.

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  const { io, out } = fakeIo();
  const code = await runCli(args, io);
  return { code, stderr: out.stderr };
}

describe('usage errors', () => {
  it.each([
    [['serve', '--port', 'abc'], '--port must be a number (got "abc")', 'serve'],
    [['serve', '--port=x1'], '--port must be a number (got "x1")', 'serve'],
    [['seed', '--seed', 'xyz'], '--seed must be a number (got "xyz")', 'seed'],
    [['fuzz', '--target', 'sim', '--runs', 'many'], '--runs must be a number (got "many")', 'fuzz'],
    [['serve', '--port', '70000'], '--port must be an integer from 0 to 65535', 'serve'],
    [['serve', '--tenants', '/nonexistent/tenants.json'], 'cannot read tenants file', 'serve'],
    [['seed', '--tenants', '/nonexistent/tenants.json'], 'cannot read tenants file', 'seed'],
    [['schema', 'print', '--version', '9'], 'unknown version "9"', 'schema print'],
    [['conform', '--target', 'sim', '--version', '9.9'], 'unknown version "9.9"', 'conform'],
    [['report', 'merge'], 'missing required argument', 'report merge'],
    // conform's own checks of its arguments, made before the runner is loaded (issue 32 item 9).
    [
      ['conform', '--target', 'http://127.0.0.1:1/public-api/graphql', '--token', 't'],
      'the target URL names no revision',
      'conform',
    ],
    [
      ['conform', '--target', 'sim', '--compare', 'http://127.0.0.1:1/public-api/graphql', '--token', 't'],
      'the target URL names no revision',
      'conform',
    ],
    [['conform', '--target', 'ftp://127.0.0.1:1/{version}/graphql'], '--target:', 'conform'],
    [
      ['conform', '--target', 'http://127.0.0.1:1/{version}/public-api/graphql'],
      '--token is needed',
      'conform',
    ],
    [
      ['conform', '--target', 'sim', '--header', 'no-equals'],
      '--header "no-equals" is not name=value',
      'conform',
    ],
    [['conform', '--target', 'sim', '--scenario', 'no-such-scenario*'], 'no scenario matches', 'conform'],
    [['conform', '--target', 'sim', '--tag', 'no-such-tag'], 'no scenario matches', 'conform'],
    [['conform', '--target', 'sim', '--shard', '5/3'], '--shard must be i/n', 'conform'],
  ])('%j: exit 2, "%s", and the hint names "rm-harness %s --help"', async (args, message, command) => {
    const { code, stderr } = await cli(args);
    expect({ code, lines: stderr.trimEnd().split('\n').length }).toEqual({ code: 2, lines: 1 });
    expect(stderr).toContain(message);
    expect(stderr).not.toContain('NaN');
    expect(stderr).toContain(`Run "rm-harness ${command} --help" for usage.`);
  });
});

describe('a port already in use', () => {
  let taken: Server;
  let port = 0;

  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  });

  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('is a usage error of serve: exit 2, naming the port and serve --help', async () => {
    const { code, stderr } = await cli(['serve', '--port', String(port), '--in-memory']);
    expect(code).toBe(2);
    expect(stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(stderr).toContain('Run "rm-harness serve --help" for usage.');
  }, 60_000);
});

// A single-value option given twice takes its last value, as `npm run conform:ci -- --report-dir X`
// gives it; before, the handler got an array and answered "internal error".
describe('an option given twice', () => {
  async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const { io, out } = fakeIo();
    const code = await runCli(args, io);
    return { code, stdout: out.stdout, stderr: out.stderr };
  }

  it('takes the last value', async () => {
    const once = await run(['schema', 'print', '--version', '1.2.0']);
    const twice = await run(['schema', 'print', '--version', '1.4.0', '--version', '1.2.0']);
    expect(once.code).toBe(0);
    expect(twice).toEqual(once);
    const wrongLast = await run(['schema', 'print', '--version', '1.4.0', '--version', '9']);
    expect(wrongLast.code).toBe(2);
    expect(wrongLast.stderr).toContain('unknown version "9"');
  });

  it('keeps every value of a repeatable option', async () => {
    const { code, stderr } = await run([
      'conform',
      '--target',
      'sim',
      '--header',
      'no-equals',
      '--header',
      'a=b',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('--header "no-equals" is not name=value');
  });
});

// An error of the file system (a report folder that is a file, a full disk) is the user's to fix: one line
// naming the path and the cause, exit 1, never "internal error".
describe('a file-system error', () => {
  it('is one line naming the path, without "internal error"', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'rm-fs-error-'));
    const file = join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    const { io, out } = fakeIo();
    const args = [
      'conform',
      '--target',
      'sim',
      '--version',
      '1.4.0',
      '--scenario',
      'activities.activity-types',
    ];
    const code = await runCli([...args, '--report-dir', join(file, 'reports')], io);
    expect(code).toBe(1);
    expect(out.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(out.stderr).not.toContain('internal error');
    expect(out.stderr).toContain(file);
  });
});
