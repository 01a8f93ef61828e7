import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import ts from 'typescript';
import { AREAS } from '../../src/domain/registry.js';

/**
 * One dialect for mutations (issue 34, item 7): every mutation resolver of every area has graphql-js's own
 * field-resolver shape `(parent, args, ctx)`, so it goes into the `Mutation` map as it is, without an
 * adapter that reorders `(args, ctx)` or `(ctx, args)`.
 */

const DOMAIN = path.resolve('src/domain');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** A generated mutation arguments type (`MutationAddPersonArgs`), not a part of one (`…Args['input']`). */
const MUTATION_ARGS = /^Mutation\w+Args$/;

/**
 * The functions of a source text that take a `Mutation…Args` but not as `(_: unknown, args, ctx)`:
 * three parameters, the arguments second, an `unknown` parent first.
 */
function otherDialects(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) {
      const params = node.parameters;
      const at = params.findIndex((p) => p.type !== undefined && MUTATION_ARGS.test(p.type.getText(sf)));
      const parent = params[0]?.type?.kind;
      if (at >= 0 && !(at === 1 && params.length === 3 && parent === ts.SyntaxKind.UnknownKeyword)) {
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
        found.push(`${fileName}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('mutation resolvers speak one dialect: (parent, args, ctx)', () => {
  it('every area registers each mutation as a three-parameter field resolver', () => {
    const mutations = AREAS.flatMap((area) =>
      Object.entries((area.resolvers['Mutation'] ?? {}) as Record<string, unknown>).map(([name, fn]) => ({
        name: `${area.name}.${name}`,
        arity: typeof fn === 'function' ? fn.length : -1,
      })),
    );
    expect(mutations.length).toBeGreaterThan(50);
    expect(mutations.filter((m) => m.arity !== 3)).toEqual([]);
  });

  it('no function in src/domain takes mutation arguments in another order', () => {
    const files = sourceFiles(DOMAIN);
    const offenders = files.flatMap((file) =>
      otherDialects(path.relative(DOMAIN, file), readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('the source check catches (args, ctx) and (ctx, args), and passes (_, args, ctx)', () => {
    const text = `
      export function a(args: MutationAddPersonArgs, ctx: RequestContext) {}
      export const b = async (ctx: RequestContext, { input }: MutationAddMatterArgs) => input;
      export function c(_: unknown, args: MutationAddListArgs, ctx: RequestContext) {}
      function d(input: MutationAddListArgs['input']) {}
    `;
    expect(otherDialects('planted.ts', text)).toEqual(['planted.ts:2', 'planted.ts:3']);
  });
});

/** Every `export const NAME = 'text'` of src/domain: the collection, index and meta-key names, by value. */
function declaredNames(): Map<string, string[]> {
  const byValue = new Map<string, string[]>();
  for (const file of sourceFiles(DOMAIN)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^export const ([A-Z][A-Z0-9_]*) = '([^']+)';$/gm)) {
      const where = `${path.relative(DOMAIN, file)} ${m[1]}`;
      byValue.set(m[2]!, [...(byValue.get(m[2]!) ?? []), where]);
    }
  }
  return byValue;
}

describe('store names and contact look-ups are declared once', () => {
  it('no collection, index or meta key name is declared by two constants in src/domain', () => {
    const names = declaredNames();
    expect(names.get('contacts')).toEqual(['contacts/model.ts CONTACTS']);
    expect([...names].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('one findContact: the contacts area declares it, the other areas import it', () => {
    const declaring = sourceFiles(DOMAIN)
      .filter((file) => /\bfunction findContact\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(DOMAIN, file));
    expect(declaring).toEqual(['contacts/model.ts']);
  });
});
