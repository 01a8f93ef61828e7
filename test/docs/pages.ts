// The documentation pages: README.md and every Markdown file under docs/, found by listing the folder,
// so a page someone adds is covered by the docs tests without being named anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeBlocks, type CodeBlock } from './markdown-blocks.js';
import { PROJECT_ROOT } from './sandbox.js';

/** Paths (relative to the repository) of README.md and of every docs/**\/*.md, README first. */
export function docPages(): string[] {
  const docs = readdirSync(join(PROJECT_ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name))
    .sort();
  return ['README.md', ...docs];
}

/** The code blocks of a page. */
export function pageBlocks(page: string): CodeBlock[] {
  return codeBlocks(readFileSync(join(PROJECT_ROOT, page), 'utf8'));
}
