#!/usr/bin/env node
// A checkout (src/ beside bin/) runs its TypeScript sources (no build step, never a stale dist/); the
// installed package has no src/ and runs the compiled dist/ with plain node.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { watchNpmParent } from './npm-parent.js';

// Under npx and npm exec, signals npm relays to its shell must still stop us (./npm-parent.js says how).
watchNpmParent();

if (existsSync(new URL('../src/cli/main.ts', import.meta.url))) {
  // The sources run from a mirror esbuild keeps current (./checkout.js says why: tsx's loader thread costs
  // every start); where the mirror cannot be written, or with RM_HARNESS_TSX=1, through tsx as before.
  const { checkoutEntry } = await import('./checkout.js');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const entry =
    process.env.RM_HARNESS_TSX === '1' ? undefined : await checkoutEntry(root).catch(() => undefined);
  if (entry !== undefined) await import(entry);
  else {
    const { register } = await import('tsx/esm/api');
    register();
    await import('../src/cli/main.ts');
  }
} else {
  // Node 22.1+ keeps compiled code between runs (as TypeScript's own bin does), so start-up after the
  // first run skips most compiling; older Node versions have no such API. NODE_DISABLE_COMPILE_CACHE=1 opts out.
  const { enableCompileCache } = await import('node:module');
  enableCompileCache?.();
  await import('../dist/cli/main.js');
}
