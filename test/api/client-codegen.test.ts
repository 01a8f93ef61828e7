// GraphQL Code Generator over the contract with the client kit's scalar mapping, as a partner runs it on
// their own documents (typescript-operations 6 alone: it writes the input types it needs itself, and the
// `typescript` plugin beside it would declare them twice): the generated types compile with `tsc --strict`, and Date/DateTime come out as
// `string`. Without the mapping they come out `unknown` and the same client code does not compile.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { codegen } from '@graphql-codegen/core';
import * as operationsPlugin from '@graphql-codegen/typescript-operations';
import { parse } from 'graphql';
import { codegenScalars } from '../../src/api/client.js';
import { loadRevisionSdl } from '../../src/contract/generate.js';
import { VERSIONS, type Version } from '../../src/contract/versions.js';

const run = promisify(execFile);
const TSC = path.resolve('node_modules/typescript/bin/tsc');
const DOCUMENTS = new URL('./fixtures/partner-documents.graphql', import.meta.url);

/** Client code using the generated types: it compiles only if DateTime and Date are typed `string`. */
const USE = `import type { ContactsQuery, TagPersonMutationVariables } from './graphql.js';

export function activityDays(data: ContactsQuery): string[] {
  return (data.searchFirmContacts?.models ?? []).flatMap((model) =>
    model?.__typename === 'Person'
      ? (model.activities?.models ?? []).map((activity) => {
          const started: string = activity?.activityStartDate ?? '';
          const edited: string = activity?.lastEditedDate ?? '';
          return \`\${started.slice(0, 10)} \${edited}\`;
        })
      : [],
  );
}

export const tagging: TagPersonMutationVariables = { input: { id: 'p-1', tags: ['Key Client'] } };
`;

/** The plugins' configuration the client kits page shows, with `scalars` as given. */
const pluginConfig = (scalars: Record<string, string>) => ({
  scalars,
  strictScalars: Object.keys(scalars).length > 0,
  nonOptionalTypename: true,
});

/** Generates `graphql.ts` for a revision and the partner documents. */
function generate(version: Version, scalars: Record<string, string>): Promise<string> {
  return codegen({
    filename: 'graphql.ts',
    schema: parse(loadRevisionSdl(version)),
    documents: [{ location: 'partner-documents.graphql', document: parse(readFileSync(DOCUMENTS, 'utf8')) }],
    plugins: [{ 'typescript-operations': {} }],
    pluginMap: { 'typescript-operations': operationsPlugin },
    config: pluginConfig(scalars),
  });
}

/** Type-checks the generated file and the client code with `tsc --strict` in a project of their own. */
async function compile(dir: string, generated: string): Promise<{ code: number; output: string }> {
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(path.join(dir, 'graphql.ts'), generated);
  writeFileSync(path.join(dir, 'use.ts'), USE);
  const args = ['--strict', '--noEmit', '--module', 'nodenext', '--target', 'es2022', 'graphql.ts', 'use.ts'];
  return run(process.execPath, [TSC, ...args], { cwd: dir }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, output: error.stdout ?? '' }),
  );
}

describe('GraphQL Code Generator with the client kit scalars', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rm-codegen-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it.each(VERSIONS)(
    '%s: types Date and DateTime as string, and the output compiles with tsc --strict',
    async (version) => {
      const generated = await generate(version, codegenScalars);
      expect(generated).toContain('activityStartDate: string | null, lastEditedDate: string | null');
      expect(generated).not.toMatch(/\w: unknown\b/);
      expect(await compile(tempDir(), generated)).toEqual({ code: 0, output: '' });
    },
    120_000,
  );

  it('without the mapping, types them unknown and the same client code does not compile', async () => {
    const generated = await generate('1.4.0', {});
    expect(generated).toContain('activityStartDate: unknown, lastEditedDate: unknown');
    const { code, output } = await compile(tempDir(), generated);
    expect(code).not.toBe(0);
    // `unknown ?? ''` is `{}`: the line that reads activityStartDate as a string.
    expect(output).toMatch(
      /^use\.ts\(7,17\): error TS2322: Type '\{\}' is not assignable to type 'string'\.$/m,
    );
  }, 120_000);

  it('refuses, with strictScalars, a custom scalar the mapping leaves out', async () => {
    await expect(generate('1.4.0', { Date: 'string' })).rejects.toThrow(/DateTime/);
  });
});
