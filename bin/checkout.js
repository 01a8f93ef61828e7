// How a checkout runs its TypeScript without a build step and without tsx's loader on every start.
//
// tsx registers its loader with `module.register`, which on Node 20 runs in a thread of its own: every
// one of the ~680 modules of a `serve` start is resolved and loaded through messages to that thread, and
// tsx and esbuild load there first (~0.2 s of CPU for `--help` alone, measured for issue 33). Instead, each
// source file under src/ is transformed once by esbuild (the transformer tsx itself uses) into a mirror
// under node_modules/.cache/, and node imports the mirror directly, as it imports dist/ when installed.
//
// A mirrored file is never served stale: its first line names the source's path and its stat data
// (inode, size, modification and change times: what git itself compares to notice an edit), the format of
// this transform and esbuild's version. Any difference, a missing or unreadable file, or a first line that
// is not ours rebuilds it; a mirrored file whose source is gone is removed. `import.meta.url` is replaced by
// the source's own URL, so every path computed from it (contracts/, fixtures/, the worker of `seed`)
// is what it is under tsx.
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bump when the transform's options change: every mirrored file is rebuilt. */
const FORMAT = 1;

/** The options tsx's esbuild transform takes from the project's tsconfig.json that change the output. */
const TSCONFIG = {
  compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true, target: 'ES2022' },
};

/** Every `.ts` file under `dir`, as paths relative to it. */
function sourcesUnder(dir, prefix = '', into = []) {
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix === '' ? entry.name : `${prefix}${sep}${entry.name}`;
    if (entry.isDirectory()) sourcesUnder(dir, rel, into);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) into.push(rel);
  }
  return into;
}

/** Every `.js` file under `dir` (relative paths); none when `dir` does not exist. */
function mirroredUnder(dir, prefix = '', into = []) {
  let entries;
  try {
    entries = readdirSync(join(dir, prefix), { withFileTypes: true });
  } catch {
    return into;
  }
  for (const entry of entries) {
    const rel = prefix === '' ? entry.name : `${prefix}${sep}${entry.name}`;
    if (entry.isDirectory()) mirroredUnder(dir, rel, into);
    else if (entry.name.endsWith('.js')) into.push(rel);
  }
  return into;
}

const statKey = (path) => {
  const s = statSync(path);
  return `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
};

/** The first line a mirrored file of `source` (with stat data `key`) must start with. */
const headerOf = (esbuildVersion, source, key) =>
  `// rm-harness checkout mirror ${FORMAT} esbuild ${esbuildVersion} ${pathToFileURL(source).href} ${key}\n`;

const probe = Buffer.alloc(1024);

/** Whether the file at `path` starts with `header` (false when it is missing or unreadable). */
function startsWith(path, header) {
  let fd;
  try {
    fd = openSync(path, 'r');
    const length = Buffer.byteLength(header);
    if (length > probe.length) return false;
    return readSync(fd, probe, 0, length, 0) === length && probe.toString('utf8', 0, length) === header;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Brings the mirror `outDir` of the TypeScript sources in `srcDir` up to date and returns what it did:
 * how many files it rebuilt and removed. Throws when the mirror cannot be written (the caller falls back
 * to tsx).
 */
export async function updateMirror(srcDir, outDir) {
  const esbuildPackage = createRequire(import.meta.url).resolve('esbuild/package.json');
  const esbuildVersion = JSON.parse(readFileSync(esbuildPackage, 'utf8')).version;
  const sources = sourcesUnder(srcDir);
  const stale = [];
  for (const rel of sources) {
    const source = join(srcDir, rel);
    const key = statKey(source);
    const header = headerOf(esbuildVersion, source, key);
    if (!startsWith(join(outDir, rel.replace(/\.ts$/, '.js')), header))
      stale.push({ rel, source, key, header });
  }
  const wanted = new Set(sources.map((rel) => rel.replace(/\.ts$/, '.js')));
  const orphans = mirroredUnder(outDir).filter((rel) => !wanted.has(rel));
  for (const rel of orphans) rmSync(join(outDir, rel), { force: true });
  if (stale.length > 0) {
    const { transform } = await import('esbuild');
    await Promise.all(
      stale.map(async ({ rel, source, key, header }) => {
        const code = readFileSync(source, 'utf8');
        const out = await transform(code, {
          loader: 'ts',
          format: 'esm',
          target: 'node20',
          sourcefile: source,
          sourcemap: 'inline',
          tsconfigRaw: TSCONFIG,
          define: { 'import.meta.url': JSON.stringify(pathToFileURL(source).href) },
        });
        const target = join(outDir, rel.replace(/\.ts$/, '.js'));
        mkdirSync(dirname(target), { recursive: true });
        const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
        writeFileSync(temporary, header + out.code);
        // Written aside and renamed in, so a reader never sees half a file; and only when the source is
        // still what was read (an edit meanwhile is the next start's to build).
        if (statKey(source) === key) renameSync(temporary, target);
        else rmSync(temporary, { force: true });
      }),
    );
  }
  return { sources: sources.length, rebuilt: stale.length, removed: orphans.length };
}

/**
 * The URL of the checkout's CLI entry in its mirror (node_modules/.cache/rm-api-harness/src/), brought
 * up to date first. `root` is the checkout's folder.
 */
export async function checkoutEntry(root) {
  const outDir = join(root, 'node_modules', '.cache', 'rm-api-harness', 'src');
  await updateMirror(join(root, 'src'), outDir);
  return pathToFileURL(join(outDir, 'cli', 'main.js')).href;
}
