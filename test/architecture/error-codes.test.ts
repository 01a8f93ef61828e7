// Every `extensions.code` is defined once, in the catalogue (src/contract/error-codes.ts); code elsewhere
// names it as `CODE.X`, so a typo fails the type-check and a new code cannot appear without its meaning,
// status and reference entry. Scenario YAML and tests keep literals: they are the contract users see.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { CODE, ERROR_CODES, isErrorCode } from '../../src/contract/error-codes.js';

const SRC = path.resolve('src');
const CATALOGUE = path.join(SRC, 'contract', 'error-codes.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * Codes of the catalogue written as strings in a file's code (quotes, backticks, in a type too);
 * comments may name codes, and a message that merely mentions one is not a code.
 */
function quotedCodes(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isErrorCode(node.text)) {
      const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      found.push(`${path.relative(process.cwd(), file)}:${line + 1} ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function quotedCodesUnder(dir: string, except: string): string[] {
  return sourceFiles(dir)
    .filter((file) => file !== except)
    .flatMap(quotedCodes);
}

/**
 * Calls that send a code with a literal status (`sendError(res, 404, …, CODE.NOT_FOUND)`) whose status is
 * neither the catalogue's for that code nor one its `statusNote` names.
 */
function statusesOffCatalogue(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const code = node.arguments.find(
        (a) =>
          ts.isPropertyAccessExpression(a) && a.expression.getText(sf) === 'CODE' && isErrorCode(a.name.text),
      ) as ts.PropertyAccessExpression | undefined;
      const status = node.arguments.find(ts.isNumericLiteral);
      if (code && status) {
        const info: { status: number; statusNote?: string } =
          ERROR_CODES[code.name.text as keyof typeof ERROR_CODES];
        const n = Number(status.text);
        if (n !== info.status && !new RegExp(`\\b${n}\\b`).test(info.statusNote ?? '')) {
          const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
          found.push(`${path.relative(process.cwd(), file)}:${line + 1} ${code.name.text} ${n}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('the error catalogue', () => {
  it('is the only place in src/ that writes a code as a string', () => {
    expect(quotedCodesUnder(SRC, CATALOGUE)).toEqual([]);
  });

  it('the check finds a planted literal, in any quotes, and not in comments or messages', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'error-codes-'));
    try {
      await writeFile(
        path.join(dir, 'planted.ts'),
        [
          '// `NOT_FOUND` in a comment is fine',
          "const message = 'say NOT_FOUND in a sentence';",
          "export const a = { code: 'NOT_FOUND' };",
          'export const b = "BAD_REQUEST";',
          'export const c = `LIMIT_EXCEEDED`;',
          "export type D = 'FORBIDDEN';",
          'export const e = message;',
        ].join('\n'),
      );
      expect(quotedCodesUnder(dir, CATALOGUE).map((hit) => hit.replace(/^.*planted\.ts:/, ''))).toEqual([
        '3 NOT_FOUND',
        '4 BAD_REQUEST',
        '5 LIMIT_EXCEEDED',
        '6 FORBIDDEN',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("is truthful about statuses: a code sent with a literal status is sent with the catalogue's", async () => {
    expect(sourceFiles(SRC).flatMap(statusesOffCatalogue)).toEqual([]);
    const dir = await mkdtemp(path.join(tmpdir(), 'error-statuses-'));
    try {
      const planted = path.join(dir, 'planted.ts');
      await writeFile(
        planted,
        [
          "sendError(res, 404, 'no such tenant', CODE.NOT_FOUND);",
          "sendError(res, 404, 'bad filter', CODE.BAD_REQUEST);",
          "sendError(res, CODE.LIMIT_EXCEEDED, 'too deep', 400);",
          "sendError(res, CODE.LIMIT_EXCEEDED, 'too deep', 401);",
        ].join('\n'),
      );
      expect(statusesOffCatalogue(planted).map((hit) => hit.replace(/^.*planted\.ts:/, ''))).toEqual([
        '2 BAD_REQUEST 404',
        '4 LIMIT_EXCEEDED 401',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives each code one sentence of meaning, an HTTP status, and names itself', () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(CODE[code as keyof typeof CODE]).toBe(code);
      expect(info.meaning).toMatch(/^[A-Z`].*\.$/);
      expect(info.status).toBeGreaterThanOrEqual(200);
      expect(info.status).toBeLessThan(600);
    }
    expect(Object.keys(CODE)).toEqual(Object.keys(ERROR_CODES));
  });
});
