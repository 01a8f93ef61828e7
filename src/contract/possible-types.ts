import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildASTSchema, isAbstractType, parse, type GraphQLSchema } from 'graphql';
import { loadRevisionSdl } from './generate.js';
import { CONTRACTS_DIR, VERSIONS, type Version } from './versions.js';

/**
 * Apollo Client's `possibleTypes` shape: each interface or union of a schema and the object types that can
 * stand for it. A normalized cache needs it to match a fragment on `Contact` against a `Person`.
 */
export type PossibleTypesMap = Record<string, string[]>;

/** Where the maps of every revision are generated (checked in; the client entry point re-exports them). */
export const POSSIBLE_TYPES_FILE = new URL('./possible-types.generated.ts', import.meta.url);

const HEADER =
  '/* eslint-disable */\n// Generated from contracts/<version>/schema.graphql by `npm run contracts`. Do not edit.\n';

/** The interfaces and unions of `schema` with their object types, both sorted by name so the output is stable. */
export function possibleTypesOf(schema: GraphQLSchema): PossibleTypesMap {
  const abstract = Object.values(schema.getTypeMap())
    .filter(isAbstractType)
    .filter((type) => !type.name.startsWith('__'))
    .sort((a, b) => a.name.localeCompare(b.name));
  return Object.fromEntries(
    abstract.map((type) => [
      type.name,
      schema
        .getPossibleTypes(type)
        .map((object) => object.name)
        .sort((a, b) => a.localeCompare(b)),
    ]),
  );
}

/** The map of every known revision, from its checked-in SDL. */
export function possibleTypesOfRevisions(
  contractsDir: string = CONTRACTS_DIR,
): Record<Version, PossibleTypesMap> {
  return Object.fromEntries(
    VERSIONS.map((version) => [
      version,
      possibleTypesOf(buildASTSchema(parse(loadRevisionSdl(version, contractsDir)))),
    ]),
  ) as Record<Version, PossibleTypesMap>;
}

/** The text of the generated module: one exported constant, no imports but a type, so a browser bundle can take it. */
export function renderPossibleTypes(contractsDir: string = CONTRACTS_DIR): string {
  const body = JSON.stringify(possibleTypesOfRevisions(contractsDir), null, 2);
  return (
    HEADER +
    "import type { Version } from './versions.js';\n\n" +
    '/** Apollo Client `possibleTypes` of each contract revision: every interface and union with its object types. */\n' +
    `export const possibleTypes: Readonly<Record<Version, Record<string, string[]>>> = ${body};\n`
  );
}

/** Writes the generated module; returns whether it changed. */
export function writePossibleTypes(): boolean {
  const text = renderPossibleTypes();
  const before = existsSync(POSSIBLE_TYPES_FILE) ? readFileSync(POSSIBLE_TYPES_FILE, 'utf8') : undefined;
  if (before === text) return false;
  writeFileSync(POSSIBLE_TYPES_FILE, text);
  return true;
}

/** Whether the checked-in module matches what the revisions' SDL generates. */
export function possibleTypesCurrent(): boolean {
  return (
    existsSync(POSSIBLE_TYPES_FILE) && readFileSync(POSSIBLE_TYPES_FILE, 'utf8') === renderPossibleTypes()
  );
}
