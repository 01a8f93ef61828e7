// The user docs lint clean (markdownlint, with the repository's .markdownlint-cli2.jsonc), their relative
// links and anchors resolve (remark-validate-links, offline, with .remarkrc.json), and they cite no issue
// numbers. Both linters are also shown to fail on what they are there to catch.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { docPages } from './pages.js';
import { PROJECT_ROOT } from './sandbox.js';

const exec = promisify(execFile);
// eslint-disable-next-line no-control-regex
const plain = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');
const bin = (name: string): string => path.join(PROJECT_ROOT, 'node_modules/.bin', name);

/** Runs a linter; its exit code and output (colours off). */
async function lint(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  try {
    const done = await exec(command, args, { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    return { code: 0, output: plain(done.stdout + done.stderr) };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: plain(`${failed.stdout ?? ''}${failed.stderr ?? ''}`) };
  }
}

const markdownlint = (cwd: string) => lint(bin('markdownlint-cli2'), [], cwd);
const links = (cwd: string, ...files: string[]) =>
  lint(bin('remark'), ['--quiet', '--frail', '--no-stdout', ...files], cwd);

/** A folder with the repository's linter configuration and the given pages. */
function sandbox(pages: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rm-docs-lint-'));
  dirs.push(dir);
  for (const config of ['.markdownlint-cli2.jsonc', '.remarkrc.json'])
    copyFileSync(path.join(PROJECT_ROOT, config), path.join(dir, config));
  // The plugins a configuration names are resolved from the folder it is in.
  symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  for (const [name, text] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('markdownlint', () => {
  it('passes README.md and docs/', async () => {
    const done = await markdownlint(PROJECT_ROOT);
    expect({ code: done.code, output: done.code === 0 ? '' : done.output }).toEqual({ code: 0, output: '' });
  }, 60_000);

  it('fails on a heading repeated one level down and on a fence left open', async () => {
    const dir = sandbox({
      'README.md': '# Title\n\nText.\n',
      'docs/guide.md':
        '# Partner guide\n\nIntro.\n\n## Partner guide\n\nText.\n\n```sh\nnpm start\n\n## Later\n\nProse.\n',
    });
    const done = await markdownlint(dir);
    expect(done.code).toBe(1);
    expect(done.output).toContain('MD024/no-duplicate-heading');
  }, 60_000);
});

describe('links', () => {
  it('every relative link and anchor of README.md and docs/ resolves', async () => {
    const done = await links(PROJECT_ROOT, 'README.md', 'docs');
    expect({ code: done.code, output: done.code === 0 ? '' : done.output }).toEqual({ code: 0, output: '' });
  }, 120_000);

  it('a missing file, a missing heading in another page and a missing heading in the same page fail', async () => {
    const dir = sandbox({
      'README.md': '# Title\n\n## Usage\n\nText.\n',
      'docs/guide.md':
        '# Guide\n\n[a](nope.md), [b](../README.md#no-such-section), [c](#nothing), [d](../README.md#usage).\n',
    });
    const done = await links(dir, 'README.md', 'docs');
    expect(done.code).toBe(1);
    expect(done.output).toContain('Cannot find file `nope.md`');
    expect(done.output).toContain('Cannot find heading for `#no-such-section`');
    expect(done.output).toContain('Cannot find heading for `#nothing`');
    expect(done.output).not.toContain('#usage');
  }, 60_000);
});

it('the user docs cite no issue numbers', () => {
  const cited = docPages().flatMap((page) =>
    [...readFileSync(path.join(PROJECT_ROOT, page), 'utf8').matchAll(/\bissues? #?\d+/gi)].map(
      (m) => `${page}: ${m[0]}`,
    ),
  );
  expect(cited).toEqual([]);
});
