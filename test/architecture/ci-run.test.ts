// .ci/run runs the whole suite once (Node 22, with the gate), only a smoke tier on another Node (the
// machine's own, Node 20 here, which engines no longer names), and the packed-package test on Node 24.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';

const script = readFileSync('.ci/run', 'utf8');

describe('.ci/run', () => {
  it('runs the whole suite with the gate on Node 22 and nowhere else', () => {
    expect(script).toMatch(/PATH="\$node22:\$PATH" npm test\n/);
    // Commands only: not the comments, nor the names of steps.
    const commands = script
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('#') && !l.includes('step "'));
    expect(commands.filter((l) => l.includes('npm test'))).toHaveLength(1);
  });

  it('runs a smoke tier of named test files that exist on the machine’s Node when it is not 22', () => {
    const list = /SMOKE=\(\n([\s\S]*?)\n\)/.exec(script)?.[1] ?? '';
    const files = list.split('\n').map((l) => l.trim());
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.length).toBeLessThan(10);
    for (const file of files) expect({ file, exists: existsSync(file) }).toEqual({ file, exists: true });
    expect(script).toMatch(/if \[ "\$machine_major" != 22 \]; then[\s\S]*?jest "\$\{SMOKE\[@\]\}"\nfi/);
  });

  it('runs the packed-package test on Node 24', () => {
    expect(script).toMatch(/PATH="\$node24:\$PATH" jest test\/package\/packed\.test\.ts/);
  });
});
