import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';

const SRC = path.resolve('src');

/**
 * The layers of src/, highest first: a folder may import only folders of a lower rank. Folders of one
 * rank do not import each other. A new top-level folder fails the test until it is placed here.
 */
const RANK: Readonly<Record<string, number>> = {
  // The package entry point (src/index.ts) re-exports the programmatic API, a top layer beside cli.
  'index.ts': 9,
  api: 8,
  cli: 8,
  config: 7,
  mock: 6,
  partner: 6,
  proxy: 6,
  fuzz: 6,
  server: 5,
  conformance: 5,
  simulator: 4,
  domain: 3,
  store: 2,
  contract: 1,
  // The one secrets module: below everything, importing nothing of the project.
  secrets: 0,
};

/** Layers whose index.ts is their only door: code outside them imports nothing else of theirs. */
const INDEX_ONLY = ['server', 'simulator', 'store', 'conformance'];

/**
 * Second doors of an index-only layer, each for a reason its file states: conformance/preflight.ts lets a
 * command check its arguments without loading the runner (a usage error answers as fast as `--help`).
 */
const LIGHT_DOORS = ['conformance/preflight.ts'];

/** Layers that must never see the HTTP adapter (the "Done when"). */
const BELOW_SERVER = ['simulator', 'domain', 'store', 'conformance', 'contract'];

interface Edge {
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module a file names: imports and re-exports (type-only ones too) and dynamic `import()`. */
function allSpecifiersOf(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every relative module a file names. */
function specifiersOf(file: string): string[] {
  return allSpecifiersOf(file).filter((s) => s.startsWith('.'));
}

/** The request pipeline: the in-process API runs it, so it must load without the HTTP side (issue 34). */
const PIPELINE = 'simulator/pipeline/';
const HTTP_PACKAGES = /^(express|graphql-http|body-parser)(\/|$)/;

/**
 * What the pipeline loads that belongs to HTTP: files of src/server it reaches (directly or through
 * other files) and HTTP packages imported by any file it reaches. `packagesOf` gives a file's bare imports.
 */
function pipelineHttpImports(edges: readonly Edge[], packagesOf: (file: string) => string[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const reached = new Set(edges.flatMap((e) => [e.from, e.to]).filter((f) => f.startsWith(PIPELINE)));
  const queue = [...reached];
  while (queue.length > 0) {
    for (const to of next.get(queue.pop()!) ?? []) {
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  return [...reached].sort().flatMap((file) => [
    ...(layerOf(file) === 'server' ? [file] : []),
    ...packagesOf(file)
      .filter((spec) => HTTP_PACKAGES.test(spec))
      .map((spec) => `${file} -> ${spec}`),
  ]);
}

/**
 * The modules that may import express: the admin API, the inspector, the explorer and home pages, their
 * shared helpers, the app that mounts them, and the mock's pages. Every GraphQL request goes through the
 * framework-free edge.
 */
const EXPRESS_MODULES = [
  'server/admin.ts',
  'server/admin-auth.ts',
  'server/admin-index.ts',
  'server/app.ts',
  'server/clock-admin.ts',
  'server/explorer.ts',
  'server/home.ts',
  'server/host-check.ts',
  'server/http.ts',
  'server/inspector.ts',
  'server/journal-admin.ts',
  'server/journal-verify.ts',
  'mock/server.ts',
];

/** The GraphQL edge's entry modules: nothing they reach, however indirectly, may load express. */
const EDGE = ['server/edge.ts', 'server/simulator-edge.ts', 'server/body.ts'];

/** Files of `files` that import express, and files reached from `start` that do (`reached: …`). */
function expressImports(
  files: readonly string[],
  edges: readonly Edge[],
  start: readonly string[],
  packagesOf: (file: string) => string[],
): string[] {
  const importsExpress = (file: string) => packagesOf(file).some((spec) => /^express(\/|$)/.test(spec));
  const reached = new Set(start);
  for (let grew = true; grew;) {
    grew = false;
    for (const { from, to } of edges)
      if (reached.has(from) && !reached.has(to)) {
        reached.add(to);
        grew = true;
      }
  }
  return [
    ...files.filter((file) => importsExpress(file) && !EXPRESS_MODULES.includes(file)),
    ...[...reached].filter(importsExpress).map((file) => `reached: ${file}`),
  ].sort();
}

/** The packages (bare specifiers) a file of src/ imports, by its path relative to src/. */
const packagesOf = (file: string): string[] =>
  allSpecifiersOf(path.join(SRC, file)).filter((s) => !s.startsWith('.') && !s.startsWith('node:'));

/** The import graph of a source folder, as paths relative to it (`server/app.ts`). */
function importGraph(root: string): Edge[] {
  return sourceFiles(root).flatMap((file) =>
    specifiersOf(file).map((spec) => ({
      from: path.relative(root, file),
      to: path.relative(root, path.resolve(path.dirname(file), spec)).replace(/\.js$/, '.ts'),
    })),
  );
}

/** Strongly connected components of more than one file (or a file importing itself): the cycles. */
function cyclesOf(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of new Set(edges.flatMap((e) => [e.from, e.to]))) if (!index.has(v)) connect(v);
  return cycles;
}

/** What defines a masker: a mask constant or a rule telling secret keys or headers. */
const MASKER = /const (MASK|SECRET_KEY|SECRET_HEADER)\b|=\s*'\*\*\*'/;

const layerOf = (file: string): string => file.split('/')[0] ?? file;

/** Imports that run from a layer to one of the same or a higher rank. */
function upwardImports(edges: readonly Edge[]): string[] {
  return edges
    .filter(({ from, to }) => layerOf(from) !== layerOf(to))
    .filter(({ from, to }) => !((RANK[layerOf(from)] ?? 0) > (RANK[layerOf(to)] ?? Infinity)))
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** Imports from outside a layer of INDEX_ONLY that reach past its index.ts. */
function sideDoorImports(edges: readonly Edge[]): string[] {
  return edges
    .filter(({ from, to }) => INDEX_ONLY.includes(layerOf(to)) && layerOf(from) !== layerOf(to))
    .filter(({ to }) => to !== `${layerOf(to)}/index.ts` && !LIGHT_DOORS.includes(to))
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** The graph between the areas of src/domain (folders; domain/shared and domain's own files excluded). */
function areaEdges(edges: readonly Edge[]): Edge[] {
  const areaOf = (file: string): string | undefined => {
    const [top, area, rest] = file.split('/');
    return top === 'domain' && rest !== undefined && area !== 'shared' ? area : undefined;
  };
  return edges.flatMap(({ from, to }) => {
    const a = areaOf(from);
    const b = areaOf(to);
    return a && b && a !== b ? [{ from: a, to: b }] : [];
  });
}

/** The graph between the folders of src/conformance (its index.ts, the door for outsiders, excluded). */
function conformanceFolderEdges(edges: readonly Edge[]): Edge[] {
  const folderOf = (file: string): string | undefined => {
    const [top, folder, rest] = file.split('/');
    return top === 'conformance' && rest !== undefined ? folder : undefined;
  };
  return edges.flatMap(({ from, to }) => {
    const a = folderOf(from);
    const b = folderOf(to);
    return a && b && a !== b ? [{ from: a, to: b }] : [];
  });
}

describe('the import graph of src/', () => {
  const edges = importGraph(SRC);

  it('is read whole: type-only imports and re-exports are edges', () => {
    // Guards the parser itself: if it missed these kinds of imports, every check below would pass vacuously.
    expect(edges).toContainEqual({ from: 'server/app.ts', to: 'simulator/index.ts' });
    expect(edges).toContainEqual({ from: 'simulator/index.ts', to: 'simulator/simulator.ts' });
    expect(edges.length).toBeGreaterThan(500);
  });

  it('places every top-level folder of src/ in a layer', () => {
    const folders = readdirSync(SRC, { withFileTypes: true }).map((e) => e.name);
    expect(folders.filter((f) => RANK[f] === undefined)).toEqual([]);
  });

  it('has no cycles, not even type-only ones', () => {
    expect(cyclesOf(edges)).toEqual([]);
  });

  it('points one way: cli → config → mock|partner → server|conformance → simulator → domain → store → contract', () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it('keeps src/server out of the simulator, domain, store, conformance and contract', () => {
    const intoServer = edges.filter(
      ({ from, to }) => layerOf(to) === 'server' && BELOW_SERVER.includes(layerOf(from)),
    );
    expect(intoServer).toEqual([]);
  });

  it('enters the server, simulator, store and conformance only through their index', () => {
    expect(sideDoorImports(edges)).toEqual([]);
  });

  it('keeps conformance/preflight.ts light: nothing it reaches loads the runner, judge, shapes or reports', () => {
    const reached = new Set(['conformance/preflight.ts']);
    for (let grew = true; grew;) {
      grew = false;
      for (const { from, to } of edges)
        if (reached.has(from) && !reached.has(to)) {
          reached.add(to);
          grew = true;
        }
    }
    const heavy = [...reached].filter((file) =>
      /^conformance\/(index\.ts|run\/(?!shard\.ts)|judge\/|shape\/|report\/|assert\/|verify\/)/.test(file),
    );
    expect(reached.size).toBeGreaterThan(5);
    expect(heavy).toEqual([]);
  });

  it('keeps the request pipeline free of express, graphql-http and src/server, however indirectly', () => {
    expect(edges.some((e) => e.from.startsWith(PIPELINE) && e.to === 'simulator/limits.ts')).toBe(true);
    expect(pipelineHttpImports(edges, packagesOf)).toEqual([]);
  });

  it('imports express only in the admin API and page modules; the GraphQL edge reaches none of them', () => {
    const files = sourceFiles(SRC).map((file) => path.relative(SRC, file));
    expect(edges.some((e) => e.from === 'server/edge.ts' && e.to === 'server/body.ts')).toBe(true);
    expect(expressImports(files, edges, EDGE, packagesOf)).toEqual([]);
  });

  it('has no cycle between the areas of src/domain', () => {
    const areas = areaEdges(edges);
    expect(areas.length).toBeGreaterThan(0);
    expect(cyclesOf(areas)).toEqual([]);
  });

  it('points one way between the folders of src/conformance: no folder loop, verify/ never calls run/', () => {
    const folders = conformanceFolderEdges(edges);
    expect(folders.length).toBeGreaterThan(0);
    expect(cyclesOf(folders)).toEqual([]);
    expect(folders.filter(({ from, to }) => from === 'verify' && to === 'run')).toEqual([]);
  });

  it('masks secrets in one module (src/secrets): no other file defines a mask or a secret rule', () => {
    const defining = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => layerOf(file) !== 'secrets')
      .filter((file) => MASKER.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(defining).toEqual([]);
  });

  it('keeps the judge pure: no I/O, no target, no HTTP', () => {
    const judgeFiles = sourceFiles(path.join(SRC, 'conformance/judge'));
    expect(judgeFiles.length).toBeGreaterThan(0);
    for (const file of judgeFiles) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toMatch(/from 'node:/);
      expect(specifiersOf(file).filter((s) => /target|report|run\//.test(s))).toEqual([]);
    }
  });
});

describe('the checks catch what they guard against', () => {
  it('finds a cycle, an upward import, a side door and an area cycle in a graph that has them', () => {
    const broken: Edge[] = [
      { from: 'domain/contacts/a.ts', to: 'domain/events/b.ts' },
      { from: 'domain/events/b.ts', to: 'domain/contacts/a.ts' },
      { from: 'store/store.ts', to: 'server/app.ts' },
      { from: 'cli/run.ts', to: 'simulator/simulator.ts' },
      { from: 'proxy/journal.ts', to: 'conformance/results/summary.ts' },
      { from: 'secrets/index.ts', to: 'contract/versions.ts' },
    ];
    expect(cyclesOf(broken)).toEqual([['domain/contacts/a.ts', 'domain/events/b.ts']]);
    expect(upwardImports(broken)).toEqual([
      'store/store.ts -> server/app.ts',
      'secrets/index.ts -> contract/versions.ts',
    ]);
    expect(sideDoorImports(broken)).toEqual([
      'store/store.ts -> server/app.ts',
      'cli/run.ts -> simulator/simulator.ts',
      'proxy/journal.ts -> conformance/results/summary.ts',
    ]);
    expect(cyclesOf(areaEdges(broken))).toEqual([['contacts', 'events']]);
    // The loop results/ and coverage/ had through merge.ts and gate.ts.
    const inner = conformanceFolderEdges([
      { from: 'conformance/results/merge.ts', to: 'conformance/coverage/gate.ts' },
      { from: 'conformance/coverage/gate.ts', to: 'conformance/results/differences.ts' },
      { from: 'conformance/index.ts', to: 'conformance/run/step.ts' },
    ]);
    expect(cyclesOf(inner)).toEqual([['coverage', 'results']]);
    // A second masker, as server/secrets.ts and conformance/results/mask.ts each were.
    expect(MASKER.test("export const MASK = '***';")).toBe(true);
    expect(MASKER.test('const SECRET_KEY = /token|secret/i;')).toBe(true);
    expect(MASKER.test("export { MASK } from '../secrets/index.js';")).toBe(false);
  });

  it('finds express outside the admin and page modules, and express reached from the edge', () => {
    const broken: Edge[] = [
      { from: 'server/edge.ts', to: 'server/helper.ts' },
      { from: 'server/helper.ts', to: 'server/http.ts' },
    ];
    const imports: Record<string, string[]> = {
      'server/http.ts': ['express'],
      'proxy/proxy.ts': ['express'],
      'server/admin.ts': ['express'],
    };
    const files = [
      'server/edge.ts',
      'server/helper.ts',
      'server/http.ts',
      'proxy/proxy.ts',
      'server/admin.ts',
    ];
    expect(expressImports(files, broken, EDGE, (file) => imports[file] ?? [])).toEqual([
      'proxy/proxy.ts',
      'reached: server/http.ts',
    ]);
  });

  it('finds HTTP reached from the pipeline: a server file through another file, and an HTTP package', () => {
    const broken: Edge[] = [
      { from: 'simulator/pipeline/pipeline.ts', to: 'simulator/helper.ts' },
      { from: 'simulator/helper.ts', to: 'server/http.ts' },
      { from: 'simulator/pipeline/pipeline.ts', to: 'simulator/pipeline/route.ts' },
      { from: 'simulator/seeding.ts', to: 'server/app.ts' },
    ];
    const imports: Record<string, string[]> = {
      'simulator/pipeline/route.ts': ['graphql', 'graphql-http/lib/use/express'],
      'simulator/seeding.ts': ['express'],
    };
    expect(pipelineHttpImports(broken, (file) => imports[file] ?? [])).toEqual([
      'server/http.ts',
      'simulator/pipeline/route.ts -> graphql-http/lib/use/express',
    ]);
  });
});
