// Used by action.yml (it runs from the action's checkout, where scripts/ is): prints, as GitHub step
// outputs, whether the Node on the PATH satisfies package.json's engines (then the action keeps the
// caller's Node instead of setting one up) and a cache key for the built package (a hash of what the
// package is built from). Plain node, no dependencies, so it runs before anything is installed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Whether `version` (x.y.z) satisfies a range of the forms engines uses: `^x.y.z`, `>=x[.y.z]`, joined by `||`. */
export function satisfies(version, range) {
  const [major, minor, patch] = version.split('.').map(Number);
  const at = (text) => {
    const [a = 0, b = 0, c = 0] = text.split('.').map(Number);
    return [a, b, c];
  };
  const compare = ([a, b, c]) => major - a || minor - b || patch - c;
  return range.split('||').some((part) => {
    const p = part.trim();
    if (p.startsWith('^')) {
      const low = at(p.slice(1));
      return major === low[0] && compare(low) >= 0;
    }
    if (p.startsWith('>=')) return compare(at(p.slice(2))) >= 0;
    throw new Error(`engines range not understood: ${p}`);
  });
}

/** Every file of the package's inputs, for the cache key. */
function inputs(entry) {
  const full = path.join(root, entry);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true })
    .map((name) => path.join(entry, String(name)))
    .filter((name) => statSync(path.join(root, name)).isFile())
    .sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const hash = createHash('sha256');
  for (const file of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.build.json',
    'bin',
    'src',
    'contracts',
    'conformance',
    'fixtures',
  ].flatMap(inputs))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)));
  const ok = satisfies(process.versions.node, manifest.engines.node);
  process.stdout.write(
    `node-ok=${ok}\nnode=${process.versions.node}\nkey=${hash.digest('hex').slice(0, 24)}\n`,
  );
}
