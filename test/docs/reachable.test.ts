// A newcomer walks the docs from the README: every page under docs/ must be reachable from it through
// relative links, and every relative link must lead to a file that exists (a moved page breaks no link).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { docPages } from './pages.js';
import { PROJECT_ROOT } from './sandbox.js';

/** The relative link targets of a Markdown page (outside code blocks), as repository paths. */
function linksOf(page: string): string[] {
  const text = readFileSync(join(PROJECT_ROOT, page), 'utf8').replace(
    /^ {0,3}(`{3,}|~{3,})[\s\S]*?^ {0,3}\1/gm,
    '',
  );
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
    .map((target) => normalize(join(dirname(page), target)));
}

describe('the docs as a newcomer walks them', () => {
  const pages = docPages();

  it('link only to files that exist', () => {
    const broken = pages.flatMap((page) =>
      linksOf(page)
        .filter((target) => !existsSync(join(PROJECT_ROOT, target)))
        .map((target) => `${page} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('reach every page under docs/ from README.md', () => {
    const seen = new Set(['README.md']);
    const queue = ['README.md'];
    while (queue.length > 0) {
      for (const target of linksOf(queue.shift()!)) {
        if (target.endsWith('.md') && !seen.has(target) && existsSync(join(PROJECT_ROOT, target))) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    expect(pages.filter((page) => !seen.has(page))).toEqual([]);
  });

  it('keep the README short enough to scan (at most ~300 lines) with a table of contents', () => {
    const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    expect(readme).toMatch(/^## Contents$/m);
  });
});
