// One body reader and one depth walker: the listeners of src/ (the GraphQL edge, the mock, the proxy)
// read request bodies with src/server/body.ts alone, and the simulator's limits and the proxy measure a
// document's nesting with src/simulator/pipeline/nesting.ts alone. What the checks see, and so what
// they can miss:
// - a body reader is code of a listener's layer that listens to a stream's 'data' (or 'readable')
//   event, or imports a decompressor from node:zlib; one reading a body by async iteration or through
//   a library would pass unseen;
// - a depth walker is a function whose name speaks of depth or nesting and which takes a graphql
//   DocumentNode; one named otherwise would pass unseen.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

const SRC = path.resolve('src');

/** The layers of src/ that answer HTTP requests (every listener is started through server/listen.ts). */
const LISTENER_LAYERS = ['server', 'mock', 'proxy'];

/** The one body reader and the one depth walker, relative to src/. */
const BODY_READER = 'server/body.ts';
const DEPTH_WALKER = 'simulator/pipeline/nesting.ts';

/** Decompressors of node:zlib: a module importing one decodes a compressed stream itself. */
const DECOMPRESSOR =
  /^(createGunzip|createInflate|createInflateRaw|createUnzip|createBrotliDecompress|createZstdDecompress|gunzip|inflate|inflateRaw|unzip|brotliDecompress|zstdDecompress)(Sync)?$/;

/** A source file of src/, by its path relative to src/ (with `/`), and its text. */
interface Source {
  file: string;
  text: string;
}

function sources(dir = SRC): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    if (!e.name.endsWith('.ts')) return [];
    return [{ file: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

function parsed({ file, text }: Source): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

/** What in a file reads a stream's body: 'data' or 'readable' listeners and node:zlib decompressors. */
function bodyReading(source: Source): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      /^(node:)?zlib$/.test(node.moduleSpecifier.text)
    ) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) found.push(`${source.file}: import * from zlib`);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          if (DECOMPRESSOR.test((element.propertyName ?? element.name).text))
            found.push(`${source.file}: ${(element.propertyName ?? element.name).text}`);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      /^(on|once|addListener|prependListener|prependOnceListener)$/.test(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      /^(data|readable)$/.test(node.arguments[0].text)
    )
      found.push(`${source.file}: .${node.expression.name.text}('${node.arguments[0].text}')`);
    ts.forEachChild(node, visit);
  };
  visit(parsed(source));
  return found;
}

/** Functions of a file named for depth or nesting that take a DocumentNode. */
function depthWalkers(source: Source): string[] {
  const found: string[] = [];
  const takesDocument = (parameters: ts.NodeArray<ts.ParameterDeclaration>): boolean =>
    parameters.some((p) => p.type !== undefined && /\bDocumentNode\b/.test(p.type.getText()));
  const visit = (node: ts.Node): void => {
    let name: string | undefined;
    let parameters: ts.NodeArray<ts.ParameterDeclaration> | undefined;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
      name = node.name.getText();
      parameters = node.parameters;
    } else if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      name = node.name.getText();
      parameters = node.initializer.parameters;
    }
    if (name && parameters && /depth|nest/i.test(name) && takesDocument(parameters))
      found.push(`${source.file}: ${name}`);
    ts.forEachChild(node, visit);
  };
  visit(parsed(source));
  return found;
}

/** Body reading in the listeners' layers outside the one reader. */
function otherBodyReaders(all: readonly Source[]): string[] {
  return all
    .filter(({ file }) => LISTENER_LAYERS.includes(file.split('/')[0]!) && file !== BODY_READER)
    .flatMap(bodyReading);
}

/** Depth walkers anywhere in src/ outside the one walker. */
function otherDepthWalkers(all: readonly Source[]): string[] {
  return all.filter(({ file }) => file !== DEPTH_WALKER).flatMap(depthWalkers);
}

describe('one implementation of each edge job', () => {
  const all = sources();

  it('reads request bodies in one module: no other code of the listeners reads a stream or decodes one', () => {
    expect(bodyReading(all.find((s) => s.file === BODY_READER)!).length).toBeGreaterThan(0);
    expect(otherBodyReaders(all)).toEqual([]);
  });

  it('measures nesting with one depth walker', () => {
    expect(depthWalkers(all.find((s) => s.file === DEPTH_WALKER)!)).toEqual([
      `${DEPTH_WALKER}: documentNesting`,
    ]);
    expect(otherDepthWalkers(all)).toEqual([]);
  });
});

describe('the checks catch a second copy', () => {
  it('finds the reader the proxy had, and a decompressor imported elsewhere', () => {
    const proxy: Source = {
      file: 'proxy/proxy.ts',
      text: `function readBody(req: IncomingMessage) {
        return new Promise((resolve) => { req.on('data', (c: Buffer) => chunks.push(c)); });
      }`,
    };
    const mock: Source = {
      file: 'mock/body.ts',
      text: "import { createGunzip, crc32 } from 'node:zlib';",
    };
    const store: Source = { file: 'store/wal.ts', text: "import { crc32 } from 'node:zlib';" };
    expect(otherBodyReaders([proxy, mock, store])).toEqual([
      "proxy/proxy.ts: .on('data')",
      'mock/body.ts: createGunzip',
    ]);
  });

  it('finds the two walkers there were, exported or not', () => {
    const proxy: Source = {
      file: 'proxy/document-depth.ts',
      text: 'export function nestingDepth(document: DocumentNode, limit = 200): number { return 0; }',
    };
    const simulator: Source = {
      file: 'simulator/pipeline/limits-check.ts',
      text: 'const selectionNesting = (document: DocumentNode, limit: number): number => 0;',
    };
    const json: Source = {
      file: 'proxy/json-walk.ts',
      text: 'export function nestsDeeperThan(value: unknown, limit: number): boolean { return false; }',
    };
    expect(otherDepthWalkers([proxy, simulator, json])).toEqual([
      'proxy/document-depth.ts: nestingDepth',
      'simulator/pipeline/limits-check.ts: selectionNesting',
    ]);
  });
});
