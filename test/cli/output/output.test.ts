import { describe, expect, it } from '@jest/globals';
import { cli } from '../../helpers/cli-io.js';

describe('--quiet with --json', () => {
  it.each([
    [['seed'], 'seed'],
    [['conform', '--target', 'sim'], 'conform'],
    [['check-documents', 'test/partner/fixtures'], 'check-documents'],
    [['schema', 'diff', '--target', 'sim', '--version', '1.4.0'], 'schema diff'],
    [['schema', 'check'], 'schema check'],
  ])('is a usage error for %j: exit 2, one line naming the command, nothing run', async (argv, command) => {
    const r = await cli([...argv, '--quiet', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `rm-harness: --quiet and --json cannot be used together. Run "rm-harness ${command} --help" for usage.\n`,
    );
  });

  it('is allowed when --quiet is explicitly off', async () => {
    const r = await cli(['schema', 'check', '--json', '--no-quiet']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ upToDate: true });
  });

  it('shows both flags in --help', async () => {
    const r = await cli(['seed', '--help']);
    expect(r.stdout).toContain('--quiet');
    expect(r.stdout).toContain('--json');
  });
});
