// The docs' lowdb example (open a store file with lowdb from a script) runs now, without the simulator
// the README-examples test starts: the script is saved in a sandbox checkout next to a freshly seeded
// store, the docs' command runs it, and it prints the output the docs show.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outputMismatch } from './expected-output.js';
import { codeBlocks } from './markdown-blocks.js';
import { docPages } from './pages.js';
import { makeSandbox, PROJECT_ROOT, removeSandbox, runBash } from './sandbox.js';

// The page that shows it (the partner guide today), wherever it moves.
const blocks =
  docPages()
    .map((page) => codeBlocks(readFileSync(join(PROJECT_ROOT, page), 'utf8')))
    .find((found) => found.some((b) => b.kind === 'example' && b.rest === 'inspect-store.ts')) ?? [];
const script = blocks.find((b) => b.kind === 'example' && b.rest === 'inspect-store.ts');
const command = blocks.find(
  (b) => b.kind === 'example' && b.lang === 'sh' && b.text.includes('tsx inspect-store.ts'),
);
const output = command && blocks[blocks.indexOf(command) + 1];

describe('docs: open a store file with lowdb from a script', () => {
  let sandbox = '';
  beforeAll(async () => {
    sandbox = await makeSandbox();
  });
  afterAll(async () => {
    if (sandbox) await removeSandbox(sandbox);
  });

  it('prints what the docs show for the seeded store', async () => {
    expect(script && command && output?.kind === 'output').toBe(true);
    const seeded = await runBash(
      'npx tsx src/cli/main.ts seed --quiet --tenant dev-firm --region us',
      sandbox,
      170_000,
    );
    expect(seeded).toMatchObject({ code: 0 });
    await writeFile(join(sandbox, 'inspect-store.ts'), script!.text);
    const finished = await runBash(command!.text, sandbox, 60_000);
    expect({ exit: finished.code, mismatch: outputMismatch(output!.text, finished.output) }).toEqual({
      exit: 0,
      mismatch: undefined,
    });
  }, 240_000);
});
