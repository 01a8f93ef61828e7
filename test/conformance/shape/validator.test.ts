// A validator is compiled once per shape content: documents that differ only in how they say the
// same thing (a literal limit or a variable) share it, and it still judges each answer.
import { describe, expect, it } from '@jest/globals';
import { compiledShapeOf } from '../../../src/conformance/shape/cache.js';
import { checkShape, validatorOf } from '../../../src/conformance/shape/check.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

describe('validatorOf', () => {
  const schema = buildRevisionSchema('1.4.0');
  const shape = (document: string) => {
    const compiled = compiledShapeOf(schema, document);
    if (!compiled.ok) throw new Error(compiled.errors.join('; '));
    return compiled.schema;
  };

  it('shares one validator between documents of the same shape', () => {
    const literal = shape('query A { r: lists(limit: 3) { totalModels } }');
    const variable = shape('query B($limit: Int) { r: lists(limit: $limit) { totalModels } }');
    expect(variable).not.toBe(literal);
    expect(validatorOf(variable)).toBe(validatorOf(literal));
    expect(validatorOf(shape('query C { r: lists(limit: 3) { models { id } } }'))).not.toBe(
      validatorOf(literal),
    );
  });

  it('judges each answer with the shared validator', () => {
    const literal = shape('query D { s: lists(limit: 3) { totalModels } }');
    const variable = shape('query E($limit: Int) { s: lists(limit: $limit) { totalModels } }');
    expect(checkShape({ s: { totalModels: 2 } }, literal)).toEqual([]);
    expect(checkShape({ s: {} }, variable)).toMatchObject([
      { path: 'data.s.totalModels', kind: 'missing-field' },
    ]);
    expect(checkShape({ s: { totalModels: 2 } }, variable)).toEqual([]);
  });
});
