import { describe, expect, it } from '@jest/globals';
import { cliArgs as cli } from '../helpers/cli-io.js';

const lines = (s: string): string[] => s.split('\n').filter(Boolean);

describe('rm-harness CLI misuse', () => {
  it('rejects an unknown version with exit 2 and one line, no stack', async () => {
    const { code, stdout, stderr } = await cli('schema', 'print', '--version', '9.9.9');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual([
      'rm-harness: unknown version "9.9.9" (expected 1.4.0 or 1.2.0). Run "rm-harness schema print --help" for usage.',
    ]);
    expect(stderr).not.toMatch(/\s+at /);
  });

  it.each([
    [['nope'], 'rm-harness: unknown command "nope". Run "rm-harness --help" for usage.'],
    [['schema', 'nope'], 'rm-harness: unknown command "nope". Run "rm-harness schema --help" for usage.'],
    [[], 'rm-harness: missing command. Run "rm-harness --help" for usage.'],
    // The list names every subcommand of the group (schema's once left out diff).
    [
      ['schema'],
      'rm-harness: missing schema command (print, generate, check or diff). Run "rm-harness schema --help" for usage.',
    ],
    [
      ['record'],
      'rm-harness: missing record command (to-scenarios or to-fixtures). Run "rm-harness record --help" for usage.',
    ],
    [['report'], 'rm-harness: missing report command (merge). Run "rm-harness report --help" for usage.'],
    [['store'], 'rm-harness: missing store command (check). Run "rm-harness store --help" for usage.'],
    [
      ['schema', 'print'],
      'rm-harness: missing required option --version. Run "rm-harness schema print --help" for usage.',
    ],
    [
      ['schema', 'print', '--version'],
      'rm-harness: --version needs a value (1.4.0 or 1.2.0). Run "rm-harness schema print --help" for usage.',
    ],
    [
      ['schema', 'print', '--version', '1.2.0', '--bogus'],
      'rm-harness: unknown option --bogus. Run "rm-harness schema print --help" for usage.',
    ],
    [
      ['schema', 'check', 'extra'],
      'rm-harness: unexpected argument "extra". Run "rm-harness schema check --help" for usage.',
    ],
  ])('%j exits 2 with one clear line', async (argv, message) => {
    const { code, stdout, stderr } = await cli(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual([message]);
  });
});

describe('rm-harness --help', () => {
  it('lists the commands on stdout and exits 0', async () => {
    const { code, stdout, stderr } = await cli('--help');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^rm-harness <command>/);
    expect(stdout).toContain('rm-harness schema');
  });

  it('documents the schema subcommands and their options', async () => {
    const schema = await cli('schema', '--help');
    expect(schema.code).toBe(0);
    for (const sub of ['print', 'generate', 'check'])
      expect(schema.stdout).toContain(`rm-harness schema ${sub}`);
    const print = await cli('schema', 'print', '--help');
    expect(print.code).toBe(0);
    expect(print.stdout).toMatch(/--version\s+Contract revision \(1\.4\.0 or 1\.2\.0\)/);
  });
});
