#!/usr/bin/env node
// A checkout (src/ beside bin/) runs the TypeScript sources through tsx, so it needs no build step and
// never runs a stale dist/; the installed package has no src/ and runs the compiled dist/ with plain node.
import { existsSync } from 'node:fs';

if (existsSync(new URL('../src/cli/main.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
} else {
  await import('../dist/cli/main.js');
}
