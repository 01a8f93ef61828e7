// `npm pack` / `npm publish` hooks (prepack, postpack): the package ships npm-shrinkwrap.json, a copy of
// package-lock.json, so an installed harness (and the image) gets exactly the dependency tree the tests
// ran with, as npm recommends for command-line tools. The repository keeps one lockfile: the copy exists
// only while npm packs. Usage: node scripts/shrinkwrap.mjs write|remove
import { copyFileSync, rmSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const shrinkwrap = new URL('npm-shrinkwrap.json', root);
const action = process.argv[2];
if (action === 'write') copyFileSync(new URL('package-lock.json', root), shrinkwrap);
else if (action === 'remove') rmSync(shrinkwrap, { force: true });
else {
  process.stderr.write('usage: node scripts/shrinkwrap.mjs write|remove\n');
  process.exitCode = 2;
}
