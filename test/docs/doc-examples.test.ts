// Every example of README.md and of every page under docs/ runs, so the docs cannot rot (issue 10, item 5;
// issue 34, item 10). Each fenced block is tagged in its info string: `example` blocks run (sh with bash,
// ts saved as the file they name and run by a later `npx tsx` example) against a simulator started with
// `npm start` in a sandbox checkout (one per page, its examples in page order), and the `output` block
// after each must match what it printed; `server` blocks are the `npm start` the test runs itself;
// `scenario` and `include` blocks are validated; `package` blocks run in test/package/packed.test.ts
// against the installed package; `no-run` blocks say why they do not run. Pages are found by listing
// docs/, so a new page is covered without being named here.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseScenario } from '../../src/conformance/scenario/load.js';
import { outputMismatch } from './expected-output.js';
import type { CodeBlock } from './markdown-blocks.js';
import { docPages, pageBlocks } from './pages.js';
import {
  makeSandbox,
  PROJECT_ROOT,
  removeSandbox,
  runBash,
  startNpmServer,
  type StartedServer,
} from './sandbox.js';

/** The address the README uses; the test's simulator listens on a free port instead. */
const README_BASE = 'http://127.0.0.1:4000';
const EXAMPLE_TIMEOUT_MS = 240_000;

const pages = docPages();

describe('the docs pages', () => {
  it('are README.md and every Markdown page under docs/', () => {
    expect(pages[0]).toBe('README.md');
    expect(pages.length).toBeGreaterThan(5);
  });

  it('have runnable examples at all', () => {
    const all = pages.flatMap((page) => pageBlocks(page));
    expect(all.filter((b) => b.kind === 'example' && b.lang === 'sh').length).toBeGreaterThan(10);
    expect(all.filter((b) => b.kind === 'example' && b.lang === 'ts').length).toBeGreaterThan(1);
    expect(all.filter((b) => b.kind === 'server').length).toBeGreaterThan(0);
    expect(all.filter((b) => b.kind === 'scenario').length).toBeGreaterThan(0);
    expect(all.filter((b) => b.kind === 'include').length).toBeGreaterThan(0);
  });
});

describe.each(pages)('%s', (page) => {
  const blocks = pageBlocks(page);
  const at = (b: CodeBlock): string => `${page}:${b.line}`;

  /** The `output` block right after `block`, if any. */
  function outputOf(block: CodeBlock): CodeBlock | undefined {
    const next = blocks[blocks.indexOf(block) + 1];
    return next?.kind === 'output' ? next : undefined;
  }

  const tsExamples = blocks.filter((b) => b.kind === 'example' && b.lang === 'ts');
  const shExamples = blocks.filter((b) => b.kind === 'example' && b.lang === 'sh');

  describe('code blocks', () => {
    it('tags every block with what the test does with it, so no example escapes silently', () => {
      const untagged = blocks.filter((b) => b.kind === undefined).map((b) => `${at(b)} "${b.kindWord}"`);
      expect(untagged).toEqual([]);
    });

    it('gives a reason for every block it does not run', () => {
      const bare = blocks.filter((b) => b.kind === 'no-run' && b.rest.length < 10).map(at);
      expect(bare).toEqual([]);
    });

    it('runs only sh and ts, and shows the output of every sh example right after it', () => {
      const wrongLang = blocks
        .filter(
          (b) =>
            (b.kind === 'example' && !['sh', 'ts'].includes(b.lang)) ||
            (b.kind === 'server' && b.lang !== 'sh') ||
            (b.kind === 'package' && b.lang !== 'sh'),
        )
        .map(at);
      expect(wrongLang).toEqual([]);
      expect(shExamples.filter((b) => !outputOf(b)).map(at)).toEqual([]);
      const orphans = blocks
        .filter(
          (b, i) =>
            b.kind === 'output' && !['example', 'server', 'package'].includes(blocks[i - 1]?.kind ?? ''),
        )
        .map(at);
      expect(orphans).toEqual([]);
    });

    it('names a file for every TypeScript example, and runs or imports each one later', () => {
      for (const block of tsExamples) {
        expect(`${at(block)} ${block.rest}`).toMatch(/ [\w-]+\.ts$/);
        const later = blocks.slice(blocks.indexOf(block) + 1).filter((b) => b.kind === 'example');
        const runs = later.some((b) => b.lang === 'sh' && b.text.includes(`tsx ${block.rest}`));
        const imported = later.some(
          (b) => b.lang === 'ts' && b.text.includes(`from './${block.rest.replace(/\.ts$/, '.js')}'`),
        );
        expect({ file: block.rest, used: runs || imported }).toEqual({ file: block.rest, used: true });
      }
    });

    it("imports nothing of a checkout's src/ (a reader's project has the package, not the sources)", () => {
      const fromSources = blocks
        .filter((b) => ['ts', 'js', 'mjs'].includes(b.lang))
        .filter((b) => /(?:from|import\()\s*['"](?:\.{1,2}\/)+src\//.test(b.text))
        .map(at);
      expect(fromSources).toEqual([]);
    });

    it('starts the simulator in server blocks with npm start', () => {
      for (const block of blocks.filter((b) => b.kind === 'server'))
        expect(block.text.trim()).toMatch(/^npm start$/m);
    });

    it('shows valid scenarios in scenario blocks', () => {
      const scenarios = blocks.filter((b) => b.kind === 'scenario');
      for (const block of scenarios) {
        const { scenario, errors } = parseScenario(block.text, at(block));
        expect(errors).toEqual([]);
        expect(scenario?.id).toMatch(/^[a-z]+\.[a-z0-9-]+$/);
      }
    });

    it('shows include blocks exactly as the file they name', () => {
      const includes = blocks.filter((b) => b.kind === 'include');
      for (const block of includes) {
        expect({ file: block.rest, text: block.text }).toEqual({
          file: block.rest,
          text: readFileSync(join(PROJECT_ROOT, block.rest), 'utf8'),
        });
      }
    });
  });

  const runs = shExamples.length > 0 || blocks.some((b) => b.kind === 'server');
  // A page with nothing to run registers no such tests (a skipped test proves nothing and hides nothing).
  if (runs)
    describe('examples, run in order against `npm start` in a sandbox checkout', () => {
      let sandbox = '';
      let server: StartedServer | undefined;
      const written = new Set<CodeBlock>();
      /** The README's text with its address replaced by the test simulator's. */
      const local = (text: string): string => text.replaceAll(README_BASE, server?.url ?? README_BASE);

      beforeAll(async () => {
        try {
          execFileSync('bash', ['-c', 'command -v curl'], { stdio: 'ignore' });
        } catch {
          throw new Error(
            'curl is not installed; the README examples use it (.ci/run installs it with apt-get)',
          );
        }
        sandbox = await makeSandbox();
        server = await startNpmServer(sandbox);
      }, 120_000);

      afterAll(async () => {
        await server?.stop(5_000);
        if (sandbox) await removeSandbox(sandbox);
      }, 30_000);

      for (const block of blocks.filter((b) => b.kind === 'server')) {
        it(`${at(block)}: npm start prints the banner shown after it`, () => {
          const shown = outputOf(block);
          expect(shown).toBeDefined();
          const output = server?.output() ?? '';
          expect({ mismatch: outputMismatch(local(shown?.text ?? ''), output), output }).toEqual({
            mismatch: undefined,
            output,
          });
        });
      }

      for (const block of shExamples) {
        it(
          `${at(block)}: ${block.text.split('\n')[0]}`,
          async () => {
            // A reader has saved every TypeScript file shown up to here.
            for (const file of tsExamples.filter((b) => b.line < block.line && !written.has(b))) {
              await writeFile(join(sandbox, file.rest), local(file.text));
              written.add(file);
            }
            const finished = await runBash(local(block.text), sandbox, EXAMPLE_TIMEOUT_MS);
            expect({ exit: finished.code, output: finished.output }).toEqual({
              exit: 0,
              output: finished.output,
            });
            const mismatch = outputMismatch(local(outputOf(block)?.text ?? ''), finished.output);
            expect({ mismatch, output: finished.output }).toEqual({
              mismatch: undefined,
              output: finished.output,
            });
          },
          EXAMPLE_TIMEOUT_MS + 10_000,
        );
      }

      // Only a page with TypeScript examples: tsc given no file type-checks the project of the tsconfig.json
      // it finds instead (the sandbox links this repository's), the separate `npm run typecheck` step, which
      // took 20-30 s of a loaded machine for each page without examples.
      if (tsExamples.length > 0)
        it('type-checks the TypeScript examples as strictly as the project code', async () => {
          const files = tsExamples.map((b) => b.rest);
          expect(files.length).toBeGreaterThan(0);
          expect(files.every((f) => [...written].some((b) => b.rest === f))).toBe(true);
          const tsc = [
            'node node_modules/typescript/bin/tsc --noEmit --strict --noUnusedLocals --noUnusedParameters',
            '--noImplicitReturns --target es2022 --lib es2023 --module nodenext --moduleResolution nodenext',
            '--types node --skipLibCheck --verbatimModuleSyntax --isolatedModules',
            ...files,
          ].join(' ');
          const finished = await runBash(tsc, sandbox, 120_000);
          expect({ exit: finished.code, output: finished.output }).toEqual({ exit: 0, output: '' });
        }, 130_000);

      it('stops the simulator cleanly on Ctrl+C (SIGINT), as the quick start says', async () => {
        // A loaded CI machine once took longer than 20 s to close and flush after the page's examples:
        // the grace before SIGKILL is generous, and a failure shows how the process ended.
        const finished = await server?.stop(45_000);
        server = undefined;
        // Ctrl+C reaches the whole process group: npm itself dies of the signal, the simulator under it
        // (which holds the output pipe until it exits) stops and flushes its stores.
        const ending = { code: finished?.code, signal: finished?.signal, output: finished?.output };
        expect({
          stopped: finished?.output.includes('SIGINT: stopping…\nstopped; stores flushed\n'),
          cleanly: finished?.code === 0 || finished?.signal === 'SIGINT',
          ending,
        }).toEqual({ stopped: true, cleanly: true, ending });
      }, 60_000);
    });
});
