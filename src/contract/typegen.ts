import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { codegen } from '@graphql-codegen/core';
import * as typescriptPlugin from '@graphql-codegen/typescript';
import { parse } from 'graphql';
import { codegenScalars } from './codegen-scalars.js';
import { loadRevisionSdl } from './generate.js';
import { CURRENT_VERSION } from './versions.js';

/** Where the TypeScript types of the contract are generated (checked in, like the revision SDLs). */
export const TYPES_FILE = new URL('./types.generated.ts', import.meta.url);

const HEADER =
  '/* eslint-disable */\n// Generated from contracts/1.4.0/schema.graphql by `npm run contracts`. Do not edit.\n';

/** Renders the TypeScript types (inputs, arguments, enums, objects) of the current revision, a superset of the older one. */
export async function renderContractTypes(): Promise<string> {
  const schema = parse(loadRevisionSdl(CURRENT_VERSION));
  const output = await codegen({
    filename: 'types.generated.ts',
    schema,
    documents: [],
    plugins: [{ typescript: {} }],
    pluginMap: { typescript: typescriptPlugin },
    config: {
      enumsAsTypes: true,
      scalars: { ID: 'string', ...codegenScalars },
      maybeValue: 'T | null',
      inputMaybeValue: 'T | null | undefined',
      useTypeImports: true,
    },
  });
  return HEADER + output;
}

/** Writes the generated types file; returns whether it changed. */
export async function writeContractTypes(): Promise<boolean> {
  const text = await renderContractTypes();
  const before = existsSync(TYPES_FILE) ? readFileSync(TYPES_FILE, 'utf8') : undefined;
  if (before === text) return false;
  writeFileSync(TYPES_FILE, text);
  return true;
}

/** Whether the checked-in types file matches what the contract generates. */
export async function contractTypesCurrent(): Promise<boolean> {
  return existsSync(TYPES_FILE) && readFileSync(TYPES_FILE, 'utf8') === (await renderContractTypes());
}
