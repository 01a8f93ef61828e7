// The generators of invalid inputs and random selections, judged by graphql-js itself: a variant
// classed as a type error is refused by variable coercion and no other is; a selection validates.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { getOperationAST, parse, validate } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { invalidVariant, type InvalidVariant } from '../../src/fuzz/invalid.js';
import { generateSelection } from '../../src/fuzz/selection.js';

const schema = buildRevisionSchema('1.4.0');
const RULES = { references: ['folderTypeId', 'typeId'], formatted: ['activityDate'] };
const VALID = { input: { typeId: 'type-1', activityDate: '2026-03-04 05:06:07', subject: 'a subject' } };
const DOCUMENT = parse('mutation Add($input: AddActivityInput!) { addActivity(input: $input) { id } }');

function variants(): InvalidVariant[] {
  const field = schema.getMutationType()?.getFields().addActivity;
  if (!field) throw new Error('no addActivity');
  return fc
    .sample(
      fc.gen().map((g) => invalidVariant(g, field, VALID, RULES)),
      { numRuns: 300, seed: 4 },
    )
    .flatMap((v) => (v ? [v] : []));
}

describe('invalidVariant', () => {
  const all = variants();
  const coerces = (args: Record<string, unknown>): boolean => {
    const op = getOperationAST(DOCUMENT);
    if (!op) throw new Error('no operation');
    return getVariableValues(schema, op.variableDefinitions ?? [], args).errors === undefined;
  };

  it('classes as a type error exactly what GraphQL refuses', () => {
    expect(coerces(VALID)).toBe(true);
    expect(new Set(all.map((v) => v.kind))).toEqual(new Set(['graphql', 'reject', 'either']));
    for (const v of all)
      expect([v.description, coerces(v.args)]).toEqual([v.description, v.kind !== 'graphql']);
  });

  it('refuses by rule only what the rules name: made-up references and malformed formats', () => {
    const rejected = all.filter((v) => v.kind === 'reject').map((v) => v.description.split(':')[0]);
    expect(new Set(rejected)).toEqual(new Set(['input.typeId', 'input.activityDate']));
    expect(
      all.filter((v) => v.kind === 'either').every((v) => v.description.startsWith('input.subject')),
    ).toBe(true);
  });

  it('changes one value of a copy and leaves the valid arguments alone', () => {
    expect(VALID.input.subject).toBe('a subject');
    for (const v of all) expect(v.args).not.toEqual(VALID);
  });
});

describe('generateSelection', () => {
  const type = schema.getType('Opportunity');
  const selections = fc.sample(
    fc.gen().map((g) => generateSelection(g, schema, type as never)),
    { numRuns: 150, seed: 5 },
  );

  it('is a valid selection of the type', () => {
    for (const s of selections) {
      const errors = validate(schema, parse(`query Q($id: ID!) { r: opportunity(id: $id) ${s.text} }`));
      expect([s.text, errors.map((e) => e.message)]).toEqual([s.text, []]);
    }
  });

  it('names as absent a path for each field excluded by a directive, and only then', () => {
    for (const s of selections) {
      const excluded = (s.text.match(/@skip\(if: true\)|@include\(if: false\)/g) ?? []).length;
      // Fields inside fragments are not tracked: a key there may be selected twice.
      expect(s.absent.length).toBeLessThanOrEqual(excluded);
      if (excluded === 0) expect(s.absent).toEqual([]);
      for (const path of s.absent) {
        const key =
          path
            .replace(/(\[0\])+$/, '')
            .split('.')
            .pop() ?? '';
        const directive = new RegExp(
          `\\b${key}(: \\w+)?(\\([^)]*\\))? @(skip\\(if: true\\)|include\\(if: false\\))`,
        );
        expect([path, directive.test(s.text)]).toEqual([path, true]);
      }
    }
    expect(selections.some((s) => s.absent.length > 0)).toBe(true);
  });
});
