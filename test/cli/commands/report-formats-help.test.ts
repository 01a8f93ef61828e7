import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { REPORT_FORMATS } from '../../../src/conformance/index.js';
import { cli } from '../../helpers/cli-io.js';

// The help texts of the commands that write a run's reports name the formats from the report registry
// (src/conformance/report/formats.ts), so a new format shows in them without touching the CLI.

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesOf(path.join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

describe('report formats in the CLI help', () => {
  it.each([['proxy'], ['report', 'merge'], ['fuzz']])(
    '%s --help names every registered format',
    async (...command) => {
      const { code, stdout } = await cli([...command, '--help']);
      expect(code).toBe(0);
      // yargs wraps help lines: compare the words alone.
      const words = stdout.replace(/\s+/g, ' ');
      for (const format of REPORT_FORMATS) expect(words).toContain(format.title);
    },
  );

  it('no CLI source lists the formats by hand', () => {
    const byHand = sourcesOf(path.resolve('src/cli')).filter((file) =>
      /JSON, JUnit|json,junit|four reports/.test(readFileSync(file, 'utf8')),
    );
    expect(byHand.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });
});
