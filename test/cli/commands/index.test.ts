import { describe, expect, it } from '@jest/globals';
import { lazyCommands } from '../../../src/cli/commands/index.js';
import type { CliContext } from '../../../src/cli/context.js';
import { cli, fakeIo } from '../../helpers/cli-io.js';

describe('the lazily loaded commands', () => {
  it.each(lazyCommands.map((c) => [c.command, c] as const))(
    '%s names itself and describes itself as its module does',
    async (_name, lazy) => {
      const ctx: CliContext = { io: fakeIo().io, exitCode: 0 };
      const module = (await lazy.load())(ctx);
      expect({ command: lazy.command, describe: lazy.describe }).toEqual({
        command: module.command,
        describe: module.describe,
      });
    },
  );

  it('still reject a bad option value of a command with exit 2 and the hint for that command', async () => {
    const r = await cli(['seed', '--profile', 'huge']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^rm-harness: unknown profile "huge" .*\. Run "rm-harness seed --help" for usage\.\n$/,
    );
  });
});
