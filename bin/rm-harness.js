#!/usr/bin/env node
// A checkout (src/ beside bin/) runs the TypeScript sources through tsx, so it needs no build step and
// never runs a stale dist/; the installed package has no src/ and runs the compiled dist/ with plain node.
import { existsSync } from 'node:fs';

if (existsSync(new URL('../src/cli/main.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
} else {
  // Node 22.1+ keeps compiled code between runs (as TypeScript's own bin does), so start-up after the
  // first run skips most compiling; older Node versions have no such API. NODE_DISABLE_COMPILE_CACHE=1 opts out.
  const { enableCompileCache } = await import('node:module');
  enableCompileCache?.();
  await import('../dist/cli/main.js');
}
