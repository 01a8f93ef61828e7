import { describe, expect, it } from '@jest/globals';
import { colorEnabled, colorsFor } from '../../../src/cli/output/style.js';
import { cli, ESC } from '../../helpers/cli-io.js';

const tty = { isTTY: true };
const pipe = {};

describe('colour decision', () => {
  it.each([
    ['a pipe', pipe, {}, false],
    ['a terminal', tty, {}, true],
    ['a dumb terminal', tty, { TERM: 'dumb' }, false],
    ['a terminal with NO_COLOR', tty, { NO_COLOR: '1' }, false],
    ['a terminal with an empty NO_COLOR (no-color.org: ignored)', tty, { NO_COLOR: '' }, true],
    ['a pipe with FORCE_COLOR=1', pipe, { FORCE_COLOR: '1' }, true],
    ['a pipe with an empty FORCE_COLOR', pipe, { FORCE_COLOR: '' }, true],
    ['a terminal with FORCE_COLOR=0', tty, { FORCE_COLOR: '0' }, true],
    ['a pipe with FORCE_COLOR=0', pipe, { FORCE_COLOR: '0' }, false],
    ['a pipe with FORCE_COLOR=false', pipe, { FORCE_COLOR: 'false' }, false],
    ['FORCE_COLOR and NO_COLOR together (NO_COLOR wins)', pipe, { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
  ])('%s: %s', (_name, stream, env, expected) => {
    expect(colorEnabled(stream, env)).toBe(expected);
  });

  it('gives picocolors formatters that colour only when enabled', () => {
    expect(colorsFor(tty, {}).red('x')).toBe(`${ESC}[31mx${ESC}[39m`);
    expect(colorsFor(pipe, {}).red('x')).toBe('x');
  });
});

describe('CLI error lines', () => {
  it('are plain on a buffer and start with a red name on a terminal', async () => {
    const plain = await cli(['seed', '--profile', 'huge']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^rm-harness: unknown profile "huge"/);
    expect(plain.stderr).not.toContain(ESC);

    const coloured = await cli(['seed', '--profile', 'huge'], { stderrTty: true });
    expect(coloured.code).toBe(2);
    expect(coloured.stderr.startsWith(`${ESC}[31mrm-harness:${ESC}[39m unknown profile "huge"`)).toBe(true);
  });
});
