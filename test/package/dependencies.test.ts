import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

// The installed package has only its `dependencies`: a package the sources import at run time and that is
// only a devDependency breaks that command for every user (the `schema` commands did, even `--help`,
// through @graphql-codegen). Code generation the repository alone needs is loaded by
// src/contract/checkout.ts, only in a checkout.

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  name: string;
};
/** Modules only a checkout may load, each reached through a dynamic import guarded by `inCheckout()`. */
const CHECKOUT_ONLY = new Set(['src/contract/typegen.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));
}

/** The bare package names a file imports at run time (type-only imports are erased). */
function runtimeImports(text: string): string[] {
  const code = text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
  const specifiers = [
    ...code.matchAll(/^import (?!type\b)[^;]*? from '([^']+)'/gms),
    ...code.matchAll(/^export (?!type\b)[^;]*? from '([^']+)'/gms),
    ...code.matchAll(/^import '([^']+)'/gm),
    ...code.matchAll(/\bimport\('([^']+)'\)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

describe('what the package runs is in its dependencies', () => {
  const files = sources('src').filter((file) => !CHECKOUT_ONLY.has(file));

  it('every package src/ imports at run time is a dependency (not a devDependency)', () => {
    expect(files.length).toBeGreaterThan(100);
    const missing = files.flatMap((file) =>
      runtimeImports(readFileSync(file, 'utf8'))
        .filter((name) => !(name in manifest.dependencies) && name !== manifest.name)
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('no module imports a checkout-only module statically', () => {
    const direct = files.filter((file) =>
      /^(import|export) (?!type\b)[^;]*? from '[^']*\/typegen\.js'/ms.test(readFileSync(file, 'utf8')),
    );
    expect(direct).toEqual([]);
  });
});
