import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { CliCommand } from '../../src/cli/context.js';

// Loaded before the mock: importing it inside the factory, while run.js's graph is being linked, fails.
const { CliError, defineCommand } = await import('../../src/cli/context.js');

// A command list with one command whose handler fails unexpectedly, to see how runCli reports it.
jest.unstable_mockModule('../../src/cli/commands/index.js', async () => {
  const commands: CliCommand[] = [
    defineCommand<object>({
      command: 'explode',
      describe: 'fails unexpectedly',
      builder: (y) => y,
      handler: async () => {
        throw new TypeError('cannot read the thing\nsecond line');
      },
    }),
    defineCommand<object>({
      command: 'refuse',
      describe: 'fails expectedly',
      builder: (y) => y,
      handler: () => {
        throw new CliError('the thing is stale');
      },
    }),
    defineCommand<object>({
      command: 'half',
      describe: 'exits 3 without throwing',
      builder: (y) => y,
      handler: (_args, ctx) => {
        ctx.io.stdout.write('done\n');
        return 3;
      },
    }),
  ];
  return { commands, lazyCommands: [] };
});
const { runCli } = await import('../../src/cli/run.js');

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

describe('rm-harness error reporting', () => {
  afterEach(() => {
    delete process.env.RM_HARNESS_DEBUG;
  });

  it('reports an internal error as one line with exit 1', async () => {
    const { code, stderr } = await cli('explode');
    expect(code).toBe(1);
    expect(stderr).toBe('rm-harness: internal error: cannot read the thing\n');
  });

  it('adds the stack only with RM_HARNESS_DEBUG=1', async () => {
    process.env.RM_HARNESS_DEBUG = '1';
    const { code, stderr } = await cli('explode');
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^rm-harness: internal error: cannot read the thing\nTypeError: cannot read the thing/,
    );
    expect(stderr).toMatch(/\n\s+at /);
  });

  it('reports a CliError without the internal-error prefix', async () => {
    expect(await cli('refuse')).toEqual({ code: 1, stdout: '', stderr: 'rm-harness: the thing is stale\n' });
  });

  it("returns the handler's exit code", async () => {
    expect(await cli('half')).toEqual({ code: 3, stdout: 'done\n', stderr: '' });
  });
});
