import { describe, expect, it } from '@jest/globals';
import { startProgress } from '../../../src/cli/output/progress.js';
import { colorsFor } from '../../../src/cli/output/style.js';
import { ESC } from '../../helpers/cli-io.js';

function stream(isTTY: boolean) {
  const s = { text: '', write: (chunk: string) => (s.text += chunk), isTTY, columns: 100 };
  return s;
}

const colors = colorsFor({}, {});

describe('startProgress', () => {
  it('draws a bar with the count and label on a terminal, and clears it on stop', () => {
    const tty = stream(true);
    const bar = startProgress(tty, 4, { enabled: true, title: 'seeding', colors });
    bar.update(4, 'dev-firm-eu lists');
    bar.stop();
    bar.stop();
    expect(tty.text).toContain('seeding');
    expect(tty.text).toContain('4/4');
    expect(tty.text).toContain('dev-firm-eu lists');
    // Cursor hidden while drawing and shown again, the line cleared at the end.
    expect(tty.text).toContain(`${ESC}[?25l`);
    expect(tty.text).toContain(`${ESC}[?25h`);
    expect(tty.text.endsWith(`${ESC}[2K`)).toBe(true);
  });

  it('writes nothing to a stream that is not a terminal, when disabled, or with nothing to do', () => {
    const pipe = stream(false);
    const off = stream(true);
    const empty = stream(true);
    for (const [s, enabled, total] of [
      [pipe, true, 3],
      [off, false, 3],
      [empty, true, 0],
    ] as const) {
      const bar = startProgress(s, total, { enabled, title: 'conform', colors });
      bar.update(1, 'x');
      bar.stop();
    }
    expect([pipe.text, off.text, empty.text]).toEqual(['', '', '']);
  });
});
