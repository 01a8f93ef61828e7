import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { AREAS } from '../../src/domain/registry.js';
import { SEEDING_AREAS } from '../../src/domain/seeding-registry.js';

/** The modules a file loads when it runs: imports and re-exports, type-only ones left out. */
function runtimeSpecifiersOf(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const node of sf.statements) {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

/** Every source file and package `entry` loads, following relative imports (`.js` names a `.ts` source). */
function loadedBy(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of runtimeSpecifiersOf(file)) {
      if (!spec.startsWith('.')) packages.add(spec);
      else visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
    }
  };
  visit(path.resolve(entry));
  return {
    files: new Set([...files].map((f) => path.relative(path.resolve('src'), f).split(path.sep).join('/'))),
    packages,
  };
}

describe('the seeding registry', () => {
  it('is every area of the registry, in the same order, with the same seeder, indexes and reads', () => {
    expect(SEEDING_AREAS.map((a) => a.name)).toEqual(AREAS.map((a) => a.name));
    for (const [i, area] of AREAS.entries()) {
      const seeding = SEEDING_AREAS[i]!;
      expect(area.seed).toBe(seeding.seed);
      expect(area.indexes).toBe(seeding.indexes);
      expect(area.seedReads).toBe(seeding.seedReads);
    }
  });

  it('lets a seeding worker start without the API layer: no resolvers, no registry, no graphql-tools', () => {
    const { files, packages } = loadedBy('src/simulator/seed-worker.ts');
    expect(files).toContain('domain/seeding-registry.ts');
    expect([...files].filter((f) => f.endsWith('resolvers.ts') || f === 'domain/registry.ts')).toEqual([]);
    expect([...packages].filter((p) => p.startsWith('@graphql-tools/'))).toEqual([]);
  });
});
