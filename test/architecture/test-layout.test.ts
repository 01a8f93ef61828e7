// test/ mirrors src/ folder by folder, so the tests of a module are found where the module is.
//
// The rule, as this test checks it (paths relative to test/ and src/):
// 1. Folders: no test file lies directly in test/, and every folder under test/ that holds files has a
//    folder of the same path under src/, except
//    - the cross-cutting folders at the top (CROSS_CUTTING: tests of the whole product rather than of one
//      folder, and tests of the repository's folders beside src/),
//    - support folders anywhere (SUPPORT: helpers, fixtures, jest's __snapshots__) and all they hold.
// 2. Names: a test `P/x.test.ts` whose name is not a module of its own folder (`src/P/x.ts`) but names a
//    module or a folder deeper down (`src/P/…/x.ts` or `src/P/…/x/`) belongs in that deeper folder.
// 3. Imports: a test in `P/` that imports (as values, not only types) modules of `src/P/`, none of them
//    in `src/P/` itself and all of them under one deeper folder `src/P/S/`, belongs in `P/S/`. A test
//    that imports modules of several subfolders of `src/P/` stays in `P/`: it is about their meeting.
// Rules 2 and 3 apply to test files in mirrored folders only.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

const ROOT = path.resolve('.');
const TEST = path.join(ROOT, 'test');
const SRC = path.join(ROOT, 'src');

/**
 * Top folders of test/ whose tests are about the whole product rather than one folder of src/, and
 * those of the repository's folders beside src/ (bench/, bin/, scripts/).
 */
const CROSS_CUTTING = [
  'architecture',
  'browser',
  'docs',
  'helpers',
  'package',
  'reliability',
  'bench',
  'bin',
  'scripts',
  'deploy',
];

/** Folders that hold what tests use rather than tests of a module, wherever they are. */
const SUPPORT = ['fixtures', 'helpers', '__snapshots__'];

/** Whether a folder holds a file at any depth (git keeps no empty folder; a checkout may). */
function holdsFiles(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some(
    (e) => e.isFile() || (e.isDirectory() && holdsFiles(path.join(dir, e.name))),
  );
}

/** Folders under `dir` (relative to it) that hold files, not descending into support folders. */
function mirroredFolders(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    if (!e.isDirectory() || SUPPORT.includes(e.name)) return [];
    const sub = path.posix.join(rel, e.name);
    if (rel === '' && CROSS_CUTTING.includes(e.name)) return [];
    if (!holdsFiles(path.join(dir, sub))) return [];
    return [sub, ...mirroredFolders(dir, sub)];
  });
}

/** Test files directly in a folder of test/ (relative to test/). */
function testFilesIn(folder: string): string[] {
  return readdirSync(path.join(TEST, folder))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.posix.join(folder, name));
}

const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();
const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

/** Folders under src/`folder` (relative to src/), at any depth below it. */
function srcFoldersBelow(folder: string): string[] {
  return readdirSync(path.join(SRC, folder), { withFileTypes: true }).flatMap((e) => {
    if (!e.isDirectory()) return [];
    const sub = path.posix.join(folder, e.name);
    return [sub, ...srcFoldersBelow(sub)];
  });
}

/** Rule 2: the deeper src folders a test's name points at, when its own folder has no such module. */
function namedDeeper(testFile: string): string[] {
  const folder = path.posix.dirname(testFile);
  const name = path.posix.basename(testFile, '.test.ts');
  if (isFile(path.join(SRC, folder, `${name}.ts`))) return [];
  return srcFoldersBelow(folder).filter(
    (sub) => path.posix.basename(sub) === name || isFile(path.join(SRC, sub, `${name}.ts`)),
  );
}

/** Modules of src/ a file imports as values (imports and re-exports with something not type-only, `import()`). */
function valueImportsOf(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      path
        .relative(SRC, path.resolve(path.dirname(file), s))
        .split(path.sep)
        .join('/'),
    )
    .filter((rel) => !rel.startsWith('..'))
    .map((rel) => rel.replace(/\.js$/, '.ts'));
}

/** Rule 3: the one deeper folder of src/ all of a test's imports of its own folder lie in, if any. */
function importedDeeper(testFile: string): string | undefined {
  const folder = path.posix.dirname(testFile);
  const own = valueImportsOf(path.join(TEST, testFile))
    .filter((m) => m.startsWith(`${folder}/`))
    .map((m) => path.posix.dirname(m));
  if (own.length === 0 || own.includes(folder)) return undefined;
  const subfolders = new Set(own.map((dir) => dir.slice(folder.length + 1).split('/')[0]));
  return subfolders.size === 1 ? `${folder}/${[...subfolders][0]!}` : undefined;
}

/** Every place the layout breaks the rule, as one line each. */
function layoutViolations(): string[] {
  const folders = mirroredFolders(TEST);
  const out: string[] = [];
  for (const file of testFilesIn('.'))
    out.push(`test/${file} is in no folder: put it in the one of what it tests`);
  for (const folder of folders)
    if (!isDir(path.join(SRC, folder))) out.push(`test/${folder}/ has no src/${folder}/`);
  for (const folder of folders.filter((f) => isDir(path.join(SRC, f)))) {
    for (const file of testFilesIn(folder)) {
      const named = namedDeeper(file);
      if (named.length > 0)
        out.push(`test/${file} names src/${named.join(', src/')}: move it to test/${named[0]!}/`);
      const imported = importedDeeper(file);
      if (imported && named.length === 0)
        out.push(`test/${file} imports only src/${imported}/ of its folder: move it to test/${imported}/`);
    }
  }
  return out;
}

describe('test/ mirrors src/', () => {
  it('has a src/ folder for every test folder, and every test file at the depth of what it tests', () => {
    expect(layoutViolations()).toEqual([]);
  });

  it('exempts no folder that src/ has', () => {
    // An exemption named like a folder of src/ would hide the tests of that folder from the rule.
    for (const name of [...CROSS_CUTTING, ...SUPPORT]) expect(isDir(path.join(SRC, name))).toBe(false);
    expect(mirroredFolders(TEST)).toContain('conformance/run');
    expect(mirroredFolders(TEST).some((f) => f.split('/').some((part) => SUPPORT.includes(part)))).toBe(
      false,
    );
  });
});
