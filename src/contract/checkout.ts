import { existsSync } from 'node:fs';
import type * as Typegen from './typegen.js';

/**
 * Whether this code runs from a checkout of the repository (the TypeScript sources beside it) rather
 * than from the installed package, which ships only dist/. From src/contract/ and dist/contract/ alike
 * the path below names the sources' own folder, which the package does not contain.
 */
export function inCheckout(): boolean {
  return existsSync(new URL('../../src/contract/typegen.ts', import.meta.url));
}

/** Why a command that writes or checks the repository's generated files cannot run from the package. */
export const CHECKOUT_ONLY =
  'works only in a checkout of the rm-api-harness repository (it generates files kept in the repository; the installed package ships them generated)';

/**
 * Loads the TypeScript type generator, whose @graphql-codegen packages are development dependencies: only
 * a checkout has them, so nothing imports this module statically and the package never loads it.
 */
export async function loadTypegen(): Promise<typeof Typegen> {
  return import('./typegen.js');
}
