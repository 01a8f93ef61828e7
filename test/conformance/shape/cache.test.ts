import { describe, expect, it } from '@jest/globals';
import { compiledShapeOf } from '../../../src/conformance/shape/cache.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';

describe('compiledShapeOf', () => {
  const schema = buildRevisionSchema('1.4.0');
  const doc = 'query A { lists(limit: 1) { totalModels } } query B { activities(limit: 1) { totalModels } }';

  it('compiles a document once per schema and operation, so the shape checker reuses its validator', () => {
    const a = compiledShapeOf(schema, doc, 'A');
    expect(a.ok && a.rootFields).toEqual(['lists']);
    expect(compiledShapeOf(schema, doc, 'A')).toBe(a);
    const b = compiledShapeOf(schema, doc, 'B');
    expect(b.ok && b.rootFields).toEqual(['activities']);
    expect(compiledShapeOf(buildRevisionSchema('1.2.0'), doc, 'A')).not.toBe(a);
  });

  it('keeps why a document does not compile, and throws as parse does on a syntax error', () => {
    expect(compiledShapeOf(schema, '{ nope }')).toMatchObject({ ok: false });
    expect(() => compiledShapeOf(schema, '{ lists(')).toThrow();
  });
});
