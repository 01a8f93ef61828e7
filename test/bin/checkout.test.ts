import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { updateMirror } from '../../bin/checkout.js';

// The checkout's bin runs the TypeScript sources from a mirror esbuild keeps (bin/checkout.js): what it
// serves must always be what the sources say now, never an older build.

let dir = '';
let src = '';
let out = '';

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rm-harness-mirror-'));
  src = path.join(dir, 'src');
  out = path.join(dir, 'mirror');
  mkdirSync(path.join(src, 'sub'), { recursive: true });
  writeFileSync(
    path.join(src, 'main.ts'),
    "import { value } from './sub/value.js';\nimport type { Note } from './sub/value.js';\n" +
      'const note: Note = { here: import.meta.url };\nexport const answer: number = value;\nexport const where = note.here;\n',
  );
  writeFileSync(
    path.join(src, 'sub', 'value.ts'),
    'export interface Note { here: string }\nexport const value: number = 1;\n',
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What the mirrored main module exports, imported by a fresh node process. */
function run(): { answer: number; where: string } {
  const url = pathToFileURL(path.join(out, 'main.js')).href;
  const text = execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `const m = await import(${JSON.stringify(url)}); console.log(JSON.stringify({ answer: m.answer, where: m.where }));`,
  ]);
  return JSON.parse(text.toString()) as { answer: number; where: string };
}

const valueFile = () => path.join(src, 'sub', 'value.ts');

describe('the checkout mirror', () => {
  it('runs the sources with plain node, import.meta.url being the source file', async () => {
    expect(await updateMirror(src, out)).toEqual({ sources: 2, rebuilt: 2, removed: 0 });
    expect(run()).toEqual({ answer: 1, where: pathToFileURL(path.join(src, 'main.ts')).href });
  });

  it('rewrites nothing when no source changed', async () => {
    await updateMirror(src, out);
    const before = statSync(path.join(out, 'main.js')).mtimeMs;
    expect(await updateMirror(src, out)).toEqual({ sources: 2, rebuilt: 0, removed: 0 });
    expect(statSync(path.join(out, 'main.js')).mtimeMs).toBe(before);
  });

  it('rebuilds an edited source, even one whose size and modification time were kept', async () => {
    // A whole second, so the time set back after the edit is exactly the one the mirror saw.
    utimesSync(valueFile(), 1_700_000_000, 1_700_000_000);
    await updateMirror(src, out);
    const { mtimeMs, size } = statSync(valueFile());
    // Same length, same mtime: only the change time (and the content) tell.
    writeFileSync(valueFile(), readFileSync(valueFile(), 'utf8').replace('= 1;', '= 7;'));
    utimesSync(valueFile(), 1_700_000_000, 1_700_000_000);
    expect(statSync(valueFile())).toMatchObject({ mtimeMs, size });
    expect((await updateMirror(src, out)).rebuilt).toBe(1);
    expect(run().answer).toBe(7);
  });

  it.each([
    ['truncated', (file: string) => writeFileSync(file, readFileSync(file).subarray(0, 40))],
    ['foreign', (file: string) => writeFileSync(file, 'export const value = 99;\n')],
    ['removed', (file: string) => rmSync(file)],
  ])('rebuilds a %s mirrored file', async (_kind, damage) => {
    await updateMirror(src, out);
    damage(path.join(out, 'sub', 'value.js'));
    expect((await updateMirror(src, out)).rebuilt).toBe(1);
    expect(run().answer).toBe(1);
  });

  it('removes the mirrored file of a deleted source', async () => {
    writeFileSync(path.join(src, 'sub', 'gone.ts'), 'export const gone = true;\n');
    await updateMirror(src, out);
    rmSync(path.join(src, 'sub', 'gone.ts'));
    expect(await updateMirror(src, out)).toEqual({ sources: 2, rebuilt: 0, removed: 1 });
    expect(() => statSync(path.join(out, 'sub', 'gone.js'))).toThrow();
  });

  it('rebuilds every file when the sources moved (their URLs are in the output)', async () => {
    await updateMirror(src, out);
    const moved = path.join(dir, 'moved');
    cpSync(src, moved, { recursive: true, preserveTimestamps: true });
    expect((await updateMirror(moved, out)).rebuilt).toBe(2);
    expect(run().where).toBe(pathToFileURL(path.join(moved, 'main.ts')).href);
  });
});
