#!/usr/bin/env node
// A checkout (src/ beside bin/) runs its TypeScript sources (no build step, never a stale dist/); the
// installed package has no src/ and runs the compiled dist/ with plain node.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// npx and npm exec run a bin through `sh -c`: on SIGTERM npm relays the signal to that shell, which dies
// without passing it on, and node, now an orphan, would keep serving. So under npm (which sets
// npm_lifecycle_event) a change of parent means the one who started us is gone: stop as on SIGTERM
// (serve and proxy stop cleanly on it; other commands end). Outside npm a parent may exit on purpose
// (`rm-harness serve &` in a script that ends), so nothing is watched there.
if (process.env.npm_lifecycle_event !== undefined) {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.kill(process.pid, 'SIGTERM');
  }, 250);
  watch.unref();
}

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
