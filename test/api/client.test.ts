import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { isScalarType, isSpecifiedScalarType } from 'graphql';
import { codegenScalars, possibleTypes } from '../../src/api/client.js';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { possibleTypesOfRevisions } from '../../src/contract/possible-types.js';
import { VERSIONS } from '../../src/contract/versions.js';

/** What a module imports or re-exports as values (type-only statements are erased from the build). */
function valueImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^(?:import|export) (?!type\b)[^;]*? from '([^']+)'/gms)].map((m) => m[1]!);
}

describe('the client kit (rm-api-harness/client)', () => {
  it('is the package export "./client", built from src/api/client.ts', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      exports: Record<string, { types: string; import: string }>;
    };
    expect(manifest.exports['./client']).toEqual({
      types: './dist/api/client.d.ts',
      import: './dist/api/client.js',
    });
  });

  it('carries the possibleTypes of every revision, as the contract defines them', () => {
    expect(Object.keys(possibleTypes)).toEqual([...VERSIONS]);
    expect(possibleTypes).toEqual(possibleTypesOfRevisions());
  });

  it.each(VERSIONS)('%s: maps every custom scalar of the revision for GraphQL Code Generator', (version) => {
    const custom = Object.values(buildRevisionSchema(version).getTypeMap())
      .filter((type) => isScalarType(type) && !isSpecifiedScalarType(type))
      .map((type) => type.name)
      .sort();
    expect(custom).toEqual(['Date', 'DateTime']);
    expect(Object.keys(codegenScalars).sort()).toEqual(custom);
    for (const name of custom) expect(codegenScalars[name as keyof typeof codegenScalars]).toBe('string');
  });

  it('loads nothing at run time but its own data modules, so a browser bundle can take it', () => {
    const seen = new Set<string>();
    const queue = [path.join('src', 'api', 'client.ts')];
    const outside: string[] = [];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of valueImports(file)) {
        if (specifier.startsWith('.'))
          queue.push(path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
        else outside.push(`${file}: ${specifier}`);
      }
    }
    expect(seen.size).toBe(3);
    expect(outside).toEqual([]);
  });
});
