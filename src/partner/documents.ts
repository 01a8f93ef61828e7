import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';
import {
  GraphQLError,
  Kind,
  Source,
  getLocation,
  parse,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';
import { glob } from 'tinyglobby';

/** Extensions of plain GraphQL documents. */
export const GRAPHQL_EXTENSIONS = ['.graphql', '.gql'] as const;
/** Extensions of code files whose `gql`/`graphql` tagged templates are read. */
export const CODE_EXTENSIONS = ['.ts', '.js', '.tsx', '.jsx', '.mts', '.cts', '.mjs', '.cjs'] as const;

const ALL_EXTENSIONS: readonly string[] = [...GRAPHQL_EXTENSIONS, ...CODE_EXTENSIONS];

/** A place in a partner's file: path relative to the working folder (with `/`), 1-based line and column. */
export interface FilePosition {
  file: string;
  line: number;
  column: number;
}

/** One GraphQL document found in a file: the whole `.graphql` file or one tagged template. */
export interface PartnerDocument {
  file: string;
  /** The document text; its `Source.locationOffset` is where it starts in the file (1-based line/column). */
  source: Source;
}

/** One operation of a partner document, with everything needed to validate and run it. */
export interface PartnerOperation {
  /** The operation name, or `(anonymous)`. */
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  /** Where the operation starts in its file. */
  position: FilePosition;
  node: OperationDefinitionNode;
  /** Fragments it can use: those of its own file first, then those of the other files read. */
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
}

/** A document that does not parse. */
export interface SyntaxProblem extends FilePosition {
  message: string;
}

/** What {@link readPartnerDocuments} found. */
export interface PartnerDocuments {
  /** Files read, relative to the working folder, sorted. */
  files: string[];
  operations: PartnerOperation[];
  syntaxErrors: SyntaxProblem[];
}

const toPosix = (p: string): string => p.split(path.sep).join('/');

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The files the globs match (a folder stands for every document and code file below it), with the
 * supported extensions only, `node_modules` excluded; relative to `cwd`, sorted.
 */
export async function findDocumentFiles(patterns: readonly string[], cwd: string): Promise<string[]> {
  const expanded = patterns.map((p) =>
    isDirectory(path.resolve(cwd, p))
      ? `${toPosix(p).replace(/\/+$/, '')}/**/*.{${ALL_EXTENSIONS.map((e) => e.slice(1)).join(',')}}`
      : toPosix(p),
  );
  const files = await glob(expanded, {
    cwd,
    ignore: ['**/node_modules/**'],
    onlyFiles: true,
    expandDirectories: false,
  });
  return [...new Set(files.map(toPosix))]
    .filter((f) => ALL_EXTENSIONS.includes(path.extname(f).toLowerCase()))
    .sort();
}

/** The GraphQL documents of one file: the file itself, or its `gql`/`graphql` tagged templates. */
export function extractDocuments(file: string, text: string): PartnerDocument[] {
  if ((GRAPHQL_EXTENSIONS as readonly string[]).includes(path.extname(file).toLowerCase())) {
    return text.trim() === '' ? [] : [{ file, source: new Source(text, file) }];
  }
  const plucked = gqlPluckFromCodeStringSync(file, text, {
    skipIndent: true,
    globalGqlIdentifierName: ['gql', 'graphql'],
  });
  return plucked.map((s) => ({
    file,
    // Babel gives the 1-based line and the 0-based column of the backtick; the text starts one after it.
    source: new Source(s.body, file, {
      line: s.locationOffset.line,
      column: s.locationOffset.column + 2,
    }),
  }));
}

/** Where offset `index` of a document's text lies in its file. */
export function positionIn(source: Source, index: number): FilePosition {
  const at = getLocation(source, index);
  const offset = source.locationOffset;
  return {
    file: source.name,
    line: offset.line + at.line - 1,
    column: at.line === 1 ? offset.column + at.column - 1 : at.column,
  };
}

/** Parses the documents of the given files into operations (fragments resolved by name) and syntax errors. */
export function collectOperations(documents: readonly PartnerDocument[]): Omit<PartnerDocuments, 'files'> {
  const syntaxErrors: SyntaxProblem[] = [];
  const parsed: { doc: PartnerDocument; ops: OperationDefinitionNode[]; frags: FragmentDefinitionNode[] }[] =
    [];
  for (const doc of documents) {
    try {
      const ast = parse(doc.source);
      parsed.push({
        doc,
        ops: ast.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION),
        frags: ast.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION),
      });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const at = error.positions?.[0];
      syntaxErrors.push({
        ...(at !== undefined ? positionIn(doc.source, at) : positionIn(doc.source, 0)),
        message: error.message,
      });
    }
  }
  // Fragments by name: the first definition wins, the operation's own file before any other.
  const byFile = new Map<string, Map<string, FragmentDefinitionNode>>();
  const everywhere = new Map<string, FragmentDefinitionNode>();
  for (const { doc, frags } of parsed) {
    const own = byFile.get(doc.file) ?? new Map<string, FragmentDefinitionNode>();
    byFile.set(doc.file, own);
    for (const f of frags) {
      if (!own.has(f.name.value)) own.set(f.name.value, f);
      if (!everywhere.has(f.name.value)) everywhere.set(f.name.value, f);
    }
  }
  const operations = parsed.flatMap(({ doc, ops }) =>
    ops.map((node): PartnerOperation => {
      const fragments = new Map(everywhere);
      for (const [name, f] of byFile.get(doc.file) ?? []) fragments.set(name, f);
      return {
        name: node.name?.value ?? '(anonymous)',
        type: node.operation as PartnerOperation['type'],
        position: positionIn(doc.source, node.loc?.start ?? 0),
        node,
        fragments,
      };
    }),
  );
  return { operations, syntaxErrors };
}

/** Finds the files, extracts their documents and parses them. */
export async function readPartnerDocuments(
  patterns: readonly string[],
  cwd: string = process.cwd(),
): Promise<PartnerDocuments> {
  const files = await findDocumentFiles(patterns, cwd);
  const documents: PartnerDocument[] = [];
  const syntaxErrors: SyntaxProblem[] = [];
  for (const file of files) {
    const text = readFileSync(path.resolve(cwd, file), 'utf8');
    try {
      documents.push(...extractDocuments(file, text));
    } catch (error) {
      // A code file Babel cannot parse: report it like a document syntax error.
      const loc = (error as { loc?: { line: number; column: number } }).loc;
      syntaxErrors.push({
        file,
        line: loc?.line ?? 1,
        column: (loc?.column ?? 0) + 1,
        message: `cannot read the file's code: ${(error as Error).message.split('\n')[0] ?? ''}`,
      });
    }
  }
  const collected = collectOperations(documents);
  return {
    files,
    operations: collected.operations,
    syntaxErrors: [...syntaxErrors, ...collected.syntaxErrors],
  };
}
