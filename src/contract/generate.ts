import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildASTSchema,
  isTypeDefinitionNode,
  isTypeExtensionNode,
  Kind,
  parse,
  printSchema,
  validateSchema,
  visit,
  type ASTNode,
  type ConstDirectiveNode,
  type DocumentNode,
  type GraphQLSchema,
  type InputValueDefinitionNode,
  type FieldDefinitionNode,
  type NamedTypeNode,
  type TypeDefinitionNode,
  type TypeExtensionNode,
  type TypeNode,
} from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { scalarCoercions } from './scalars.js';
import {
  CONTRACTS_DIR,
  compareVersions,
  describeVersions,
  isVersion,
  VERSIONS,
  type Version,
} from './versions.js';

/** Name of the directive that marks contract parts added after the oldest revision. */
export const SINCE_DIRECTIVE = 'since';

/** First line of every generated revision file (printSchema drops comments, so it is prepended). */
export const GENERATED_HEADER =
  '# Generated from contracts/schema.graphql by `npm run contracts`. Do not edit.';

/** Why a revision could not be generated cleanly from the source. */
export type ContractProblemKind =
  /** A type that is not marked @since for a later revision is unreachable from the root types. */
  | 'orphaned-type'
  /** An unmarked field, argument or input field uses a type that does not exist in the revision. */
  | 'dangling-reference'
  /** A @since usage without a known version string. */
  | 'invalid-since'
  /** graphql-js rejected the generated schema (e.g. a type left without fields). */
  | 'invalid-schema';

/** One problem found while generating a revision. */
export interface ContractProblem {
  kind: ContractProblemKind;
  message: string;
}

/** Outcome of {@link generateRevision}: the SDL (absent if it could not be built) and every problem found. */
export interface RevisionGeneration {
  version: Version;
  sdl: string | undefined;
  problems: ContractProblem[];
}

/** Thrown by {@link generateRevisionSdl} and the file writers when the source is inconsistent for a revision. */
export class ContractGenerationError extends Error {
  constructor(
    readonly version: Version,
    readonly problems: readonly ContractProblem[],
  ) {
    super(
      `contracts/schema.graphql is inconsistent for ${version} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n` +
        problems.map((p) => `  - [${p.kind}] ${p.message}`).join('\n'),
    );
    this.name = 'ContractGenerationError';
  }
}

/** Definitions and extensions of named types: the nodes that carry a type name and members. */
type NamedTypeSystemNode = TypeDefinitionNode | TypeExtensionNode;

function isNamedTypeSystemNode(node: ASTNode): node is NamedTypeSystemNode {
  return isTypeDefinitionNode(node) || isTypeExtensionNode(node);
}

function namedTypeOf(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedTypeOf(type.type);
}

function hasDirectives(node: ASTNode): node is ASTNode & { directives?: readonly ConstDirectiveNode[] } {
  return 'directives' in node;
}

/**
 * Produces the SDL of one revision from the single source and reports every inconsistency.
 *
 * Drops each node whose `@since(version:)` is newer than `version`, strips `@since`, drops type
 * definitions no longer reachable from the root types, and reports (without throwing) any type not
 * marked for a later revision that became unreachable, since that means the source forgot a marker.
 */
export function generateRevision(sourceSdl: string, version: Version): RevisionGeneration {
  const problems: ContractProblem[] = [];
  const source = parse(sourceSdl, { noLocation: true });

  // @since values that are malformed are reported once per node; such nodes are kept (no guessing).
  const invalidSinceSeen = new Set<ConstDirectiveNode>();
  const sinceOf = (node: ASTNode, where: string): string | undefined => {
    if (!hasDirectives(node)) return undefined;
    const directive = node.directives?.find((d) => d.name.value === SINCE_DIRECTIVE);
    if (!directive) return undefined;
    const arg = directive.arguments?.find((a) => a.name.value === 'version');
    if (arg?.value.kind === Kind.STRING && isVersion(arg.value.value)) return arg.value.value;
    if (!invalidSinceSeen.has(directive)) {
      invalidSinceSeen.add(directive);
      problems.push({
        kind: 'invalid-since',
        message: `${where}: @${SINCE_DIRECTIVE} needs version: one of ${describeVersions()}`,
      });
    }
    return undefined;
  };
  const isNewer = (node: ASTNode, where: string): boolean => {
    const since = sinceOf(node, where);
    return since !== undefined && compareVersions(since, version) > 0;
  };

  // Pass 1: named types that do not exist in this revision at all.
  const removedTypes = new Map<string, string>();
  for (const def of source.definitions) {
    if (isTypeDefinitionNode(def)) {
      const since = sinceOf(def, def.name.value);
      if (since !== undefined && compareVersions(since, version) > 0) removedTypes.set(def.name.value, since);
    }
  }
  const keepName = (n: NamedTypeNode): boolean => !removedTypes.has(n.name.value);

  // Pass 2: remove newer members, references that cannot carry a marker (union members, implemented
  // interfaces, root operation types, extensions of removed types), and every @since usage.
  const ownerStack: string[] = [];
  const where = (name: string): string => [...ownerStack, name].join('.');
  const pruned = visit(source, {
    enter(node) {
      switch (node.kind) {
        case Kind.DIRECTIVE:
          return node.name.value === SINCE_DIRECTIVE ? null : undefined;
        case Kind.DIRECTIVE_DEFINITION:
          if (node.name.value === SINCE_DIRECTIVE) return null;
          ownerStack.push(`@${node.name.value}`);
          return undefined;
        case Kind.SCHEMA_DEFINITION:
        case Kind.SCHEMA_EXTENSION: {
          if (isNewer(node, 'schema')) return null;
          const operationTypes = node.operationTypes?.filter((op) => keepName(op.type));
          return operationTypes?.length === node.operationTypes?.length
            ? undefined
            : { ...node, operationTypes };
        }
        case Kind.FIELD_DEFINITION:
        case Kind.INPUT_VALUE_DEFINITION:
        case Kind.ENUM_VALUE_DEFINITION:
          if (isNewer(node, where(node.name.value))) return null;
          ownerStack.push(node.name.value);
          return undefined;
        default:
          break;
      }
      if (!isNamedTypeSystemNode(node)) return undefined;
      const name = node.name.value;
      if (removedTypes.has(name) || isNewer(node, name)) return null;
      ownerStack.push(name);
      if ('interfaces' in node && node.interfaces?.some((n) => !keepName(n))) {
        return { ...node, interfaces: node.interfaces.filter(keepName) };
      }
      if (node.kind === Kind.UNION_TYPE_DEFINITION || node.kind === Kind.UNION_TYPE_EXTENSION) {
        if (node.types?.some((n) => !keepName(n))) return { ...node, types: node.types.filter(keepName) };
      }
      return undefined;
    },
    leave(node) {
      if (
        node.kind === Kind.DIRECTIVE_DEFINITION ||
        node.kind === Kind.FIELD_DEFINITION ||
        node.kind === Kind.INPUT_VALUE_DEFINITION ||
        node.kind === Kind.ENUM_VALUE_DEFINITION ||
        isNamedTypeSystemNode(node)
      ) {
        ownerStack.pop();
      }
      return undefined;
    },
  });

  // Unmarked members that use a removed type cannot be built; say which marker is missing.
  const checkReference = (owner: string, member: FieldDefinitionNode | InputValueDefinitionNode): void => {
    const typeName = namedTypeOf(member.type);
    const since = removedTypes.get(typeName);
    if (since !== undefined) {
      problems.push({
        kind: 'dangling-reference',
        message: `${owner}.${member.name.value} uses ${typeName}, which only exists from ${since}; mark ${owner}.${member.name.value} @${SINCE_DIRECTIVE}(version: "${since}")`,
      });
    }
  };
  for (const def of pruned.definitions) {
    if (def.kind === Kind.DIRECTIVE_DEFINITION) {
      for (const arg of def.arguments ?? []) checkReference(`@${def.name.value}`, arg);
    }
    if (!isNamedTypeSystemNode(def)) continue;
    const owner = def.name.value;
    if ('fields' in def) {
      for (const field of def.fields ?? []) {
        checkReference(owner, field);
        if ('arguments' in field)
          for (const arg of field.arguments ?? []) checkReference(`${owner}.${field.name.value}`, arg);
      }
    }
  }

  // Pass 3: keep only types reachable from the roots (and from kept directive definitions' arguments).
  const reachable = reachableTypes(pruned);
  const orphans = pruned.definitions.filter(
    (def) => isTypeDefinitionNode(def) && !reachable.has(def.name.value),
  );
  for (const def of orphans) {
    if (!isNamedTypeSystemNode(def)) continue;
    problems.push({
      kind: 'orphaned-type',
      message: `${def.name.value} is not reachable from the root types in ${version} but is not marked @${SINCE_DIRECTIVE} for a later revision; mark it (if only newer fields use it) or remove it`,
    });
  }
  const document: DocumentNode = {
    ...pruned,
    definitions: pruned.definitions.filter(
      (def) => !isNamedTypeSystemNode(def) || reachable.has(def.name.value),
    ),
  };

  if (problems.some((p) => p.kind === 'dangling-reference')) return { version, sdl: undefined, problems };
  let schema: GraphQLSchema;
  try {
    schema = buildASTSchema(document);
  } catch (error) {
    problems.push({ kind: 'invalid-schema', message: errorMessage(error) });
    return { version, sdl: undefined, problems };
  }
  const invalid = validateSchema(schema);
  for (const error of invalid) problems.push({ kind: 'invalid-schema', message: error.message });
  return { version, sdl: invalid.length > 0 ? undefined : printSchema(schema), problems };
}

/**
 * The canonical, directive-free SDL of one revision (source order kept).
 *
 * @throws ContractGenerationError listing every problem when the source is inconsistent for `version`
 *   (including an unmarked type orphaned in that revision); use {@link generateRevision} to inspect them.
 */
export function generateRevisionSdl(sourceSdl: string, version: Version): string {
  const result = generateRevision(sourceSdl, version);
  if (result.problems.length > 0 || result.sdl === undefined) {
    throw new ContractGenerationError(version, result.problems);
  }
  return result.sdl;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Names of the types reachable from the root operation types, following implementations of interfaces. */
function reachableTypes(doc: DocumentNode): Set<string> {
  const references = new Map<string, Set<string>>();
  const implementations = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, value: string): void => {
    const set = map.get(key) ?? new Set<string>();
    set.add(value);
    map.set(key, set);
  };
  const roots: string[] = [];
  let hasSchemaNode = false;
  for (const def of doc.definitions) {
    if (def.kind === Kind.SCHEMA_DEFINITION || def.kind === Kind.SCHEMA_EXTENSION) {
      hasSchemaNode = true;
      for (const op of def.operationTypes ?? []) roots.push(op.type.name.value);
    } else if (def.kind === Kind.DIRECTIVE_DEFINITION) {
      for (const arg of def.arguments ?? []) roots.push(namedTypeOf(arg.type));
    } else if (isNamedTypeSystemNode(def)) {
      const name = def.name.value;
      if ('interfaces' in def) {
        for (const i of def.interfaces ?? []) {
          add(references, name, i.name.value);
          // An interface's implementations are possible runtime types, so reaching it reaches them.
          add(implementations, i.name.value, name);
        }
      }
      if (def.kind === Kind.UNION_TYPE_DEFINITION || def.kind === Kind.UNION_TYPE_EXTENSION) {
        for (const member of def.types ?? []) add(references, name, member.name.value);
      }
      if ('fields' in def) {
        for (const field of def.fields ?? []) {
          add(references, name, namedTypeOf(field.type));
          if ('arguments' in field)
            for (const arg of field.arguments ?? []) add(references, name, namedTypeOf(arg.type));
        }
      }
    }
  }
  if (!hasSchemaNode) roots.push('Query', 'Mutation', 'Subscription');
  const seen = new Set<string>();
  const queue = [...roots];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...(references.get(name) ?? []), ...(implementations.get(name) ?? []));
  }
  return seen;
}

/** Path of the single source file (`contracts/schema.graphql`). */
export function sourceFilePath(contractsDir: string = CONTRACTS_DIR): string {
  return path.join(contractsDir, 'schema.graphql');
}

/** Path of the generated file of one revision (`contracts/<version>/schema.graphql`). */
export function revisionFilePath(version: Version, contractsDir: string = CONTRACTS_DIR): string {
  return path.join(contractsDir, version, 'schema.graphql');
}

/** A revision file's path for messages, relative to the contracts folder's parent (`contracts/1.2.0/schema.graphql`). */
export function revisionDisplayPath(version: Version, contractsDir: string = CONTRACTS_DIR): string {
  const file = revisionFilePath(version, contractsDir);
  return path
    .relative(path.dirname(path.resolve(contractsDir)), file)
    .split(path.sep)
    .join('/');
}

/** Reads the single source SDL (`contracts/schema.graphql`). */
export function loadSourceSdl(contractsDir: string = CONTRACTS_DIR): string {
  return readFileSync(sourceFilePath(contractsDir), 'utf8');
}

/** Reads the checked-in generated SDL of one revision (`contracts/<version>/schema.graphql`). */
export function loadRevisionSdl(version: Version, contractsDir: string = CONTRACTS_DIR): string {
  return readFileSync(revisionFilePath(version, contractsDir), 'utf8');
}

/** The exact text of a generated revision file: the header line, then the canonical SDL. */
export function renderRevisionFile(sourceSdl: string, version: Version): string {
  return `${GENERATED_HEADER}\n${generateRevisionSdl(sourceSdl, version)}\n`;
}

/** A generated revision file and whether writing/checking found it different from the source. */
export interface RevisionFileStatus {
  version: Version;
  /** Absolute path. */
  path: string;
  /** Path for messages, relative to the contracts folder's parent (e.g. `contracts/1.2.0/schema.graphql`). */
  displayPath: string;
  /** `missing` / `outdated` when the file on disk did not match the source; `current` otherwise. */
  state: 'current' | 'missing' | 'outdated';
}

function renderAll(contractsDir: string): Array<RevisionFileStatus & { text: string }> {
  const sourceSdl = loadSourceSdl(contractsDir);
  // Render every revision before touching the disk so an inconsistent source writes nothing.
  return VERSIONS.map((version) => {
    const file = revisionFilePath(version, contractsDir);
    const text = renderRevisionFile(sourceSdl, version);
    const onDisk = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    const state = onDisk === undefined ? 'missing' : onDisk === text ? 'current' : 'outdated';
    return { version, path: file, displayPath: revisionDisplayPath(version, contractsDir), state, text };
  });
}

/**
 * Writes `contracts/<version>/schema.graphql` for every known revision; returns each file's state
 * before writing. Throws {@link ContractGenerationError} (writing nothing) if the source is inconsistent.
 */
export function writeRevisionFiles(contractsDir: string = CONTRACTS_DIR): RevisionFileStatus[] {
  const rendered = renderAll(contractsDir);
  for (const file of rendered) {
    if (file.state === 'current') continue;
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.text);
  }
  return rendered.map(({ text: _text, ...status }) => status);
}

/** The generated revision files that are missing or differ from what the source generates (empty if all current). */
export function checkRevisionFiles(contractsDir: string = CONTRACTS_DIR): RevisionFileStatus[] {
  return renderAll(contractsDir)
    .filter((file) => file.state !== 'current')
    .map(({ text: _text, ...status }) => status);
}

const schemaCache = new Map<string, GraphQLSchema>();

/**
 * The executable `GraphQLSchema` of one revision, built from its checked-in generated file with the real
 * Date/DateTime coercion attached; cached per version (and contracts folder).
 */
export function buildRevisionSchema(version: Version, contractsDir: string = CONTRACTS_DIR): GraphQLSchema {
  const key = `${path.resolve(contractsDir)}\0${version}`;
  const cached = schemaCache.get(key);
  if (cached) return cached;
  const schema = newRevisionSchema(version, contractsDir);
  schemaCache.set(key, schema);
  return schema;
}

/**
 * A new executable `GraphQLSchema` of one revision, as {@link buildRevisionSchema} builds it but not
 * cached or shared: for a caller that attaches its resolvers in place instead of copying the schema.
 */
export function newRevisionSchema(version: Version, contractsDir: string = CONTRACTS_DIR): GraphQLSchema {
  return buildContractSchema(parse(loadRevisionSdl(version, contractsDir)));
}

/**
 * An executable `GraphQLSchema` of contract type definitions, with the real Date/DateTime coercion
 * attached (a revision's, one the simulator derives from the revisions, or the schema file a mock serves).
 */
export function buildContractSchema(typeDefs: DocumentNode): GraphQLSchema {
  const defined = new Set(
    typeDefs.definitions.filter((d) => d.kind === Kind.SCALAR_TYPE_DEFINITION).map((d) => d.name.value),
  );
  // Only coercion functions are attached, so the contract's own scalar descriptions (with A-ids) survive.
  // They are attached in place: the schema is new, and a copy would cost every start-up a rebuild.
  const resolvers = Object.fromEntries(
    Object.entries(scalarCoercions)
      .filter(([name]) => defined.has(name))
      .map(([name, coercion]) => [name, { ...coercion }]),
  );
  return makeExecutableSchema({ typeDefs, resolvers, updateResolversInPlace: true });
}

/** Forgets cached revision schemas (for tests that rewrite revision files). */
export function clearRevisionSchemaCache(): void {
  schemaCache.clear();
}
