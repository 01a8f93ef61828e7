import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

// A user's clone has nothing beside it: no file of the repository may read or link outside it. (Sessions
// worked beside a `../shared` folder, and a test once read the spec from there; `.ci/run` also runs the
// suite from a copy in an empty folder, which this test explains when it fails.)

const ROOT = path.resolve('.');
const SKIP = new Set(['node_modules', 'dist', 'reports', '.data', '.git', 'coverage']);
const TEXT = /\.(ts|js|mjs|cjs|md|json|ya?ml|graphql|sh)$|^(Dockerfile|run)$/;

/** Every text file of the repository (relative paths), outside build output and installed packages. */
function repositoryFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (SKIP.has(name)) return [];
    if (statSync(full).isDirectory()) return repositoryFiles(full);
    return TEXT.test(name) ? [path.relative(ROOT, full)] : [];
  });
}

/** Whether a path, resolved from a file's folder, stays inside the repository. */
function inside(file: string, target: string): boolean {
  const resolved = path.resolve(ROOT, path.dirname(file), target);
  return resolved === ROOT || resolved.startsWith(ROOT + path.sep);
}

describe('the repository is self-contained', () => {
  const files = repositoryFiles();

  it('names no folder of the workspace it was developed in', () => {
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) =>
      /shared\/spec\b|\/work\/(shared|main|wt)\b/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it("resolves every `new URL('…', import.meta.url)` of the code inside the repository", () => {
    const outside = files
      .filter((file) => /\.(ts|js|mjs|cjs)$/.test(file))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/new URL\(\s*'(\.{1,2}\/[^']*)',\s*import\.meta\.url/g)]
          .map((m) => m[1]!)
          .filter((target) => !inside(file, target))
          .map((target) => `${file}: ${target}`),
      );
    expect(outside).toEqual([]);
  });

  it('links every relative markdown target inside the repository', () => {
    const outside = files
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\]\((?!https?:|mailto:|#)([^)\s]+)\)/g)]
          .map((m) => m[1]!.split('#')[0]!)
          .filter((target) => target && !inside(file, target))
          .map((target) => `${file}: ${target}`),
      );
    expect(outside).toEqual([]);
  });
});
