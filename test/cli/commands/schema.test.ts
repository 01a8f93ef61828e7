import { describe, expect, it } from '@jest/globals';
import { cli, ESC } from '../../helpers/cli-io.js';

describe('rm-harness schema check output', () => {
  it('prints nothing with --quiet and { upToDate: true } with --json on the checked-in contract', async () => {
    expect(await cli(['schema', 'check', '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const r = await cli(['schema', 'check', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ tool: 'rm-harness schema check', upToDate: true, stale: [] });
  });

  it('colours the verdict only on a terminal', async () => {
    const tty = await cli(['schema', 'check'], { stdoutTty: true });
    expect(tty.stdout).toBe(`${ESC}[32mgenerated contract files are up to date${ESC}[39m\n`);
    const pipe = await cli(['schema', 'check']);
    expect(pipe.stdout).toBe('generated contract files are up to date\n');
  });
});

describe('rm-harness schema diff output', () => {
  const diff = ['schema', 'diff', '--target', 'sim', '--version', '1.4.0'];

  it('prints nothing with --quiet when the simulator matches the contract', async () => {
    expect(await cli([...diff, '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('prints the counts and changes as one JSON document with --json', async () => {
    const r = await cli([...diff, '--json']);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toMatchObject({
      tool: 'rm-harness schema diff',
      version: '1.4.0',
      exitCode: 0,
      counts: { breaking: 0, dangerous: 0, safe: 0 },
      changes: [],
    });
  });
});
