// The shape walk that spares compiling a validator for conforming answers must give ajv's yes or no on
// every shape the shipped scenarios compile, for answers that conform and for answers broken in every way
// a target can break them (a missing or extra key, null for non-null, a wrong type, an unknown enum
// value or __typename, an Int out of range, a malformed Date or DateTime).
import { describe, expect, it } from '@jest/globals';
import { compiledShapeOf } from '../../../src/conformance/shape/cache.js';
import { checkShape, validatorOf } from '../../../src/conformance/shape/check.js';
import type { JsonSchema } from '../../../src/conformance/shape/compile.js';
import { conformsTo, understands } from '../../../src/conformance/shape/conforms.js';
import { loadScenarios } from '../../../src/conformance/scenario/load.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';
import { VERSIONS } from '../../../src/contract/versions.js';

/** A small seeded PRNG (mulberry32): the same values on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BROKEN: unknown[] = [
  null,
  'x',
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  7,
  true,
  {},
  [],
  ['x'],
  '2024-13-01',
  '2024-01-01T00:00:00+01:00',
  'Nope',
];

/** Values of a shape, each node broken with probability `p`. */
function generator(seed: number, p: number) {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const value = (schema: JsonSchema): unknown => {
    if (random() < p) return pick(BROKEN);
    const conditional = (schema.allOf ?? []).filter((s) => s.then);
    if (conditional.length > 0) return value(pick(conditional).then as JsonSchema);
    if (schema.anyOf) return value(pick(schema.anyOf));
    if (schema.enum) return pick(schema.enum);
    if ('const' in schema) return schema.const;
    const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
    const type = types.includes('null') && random() < 0.15 ? 'null' : types.find((t) => t !== 'null');
    switch (type) {
      case 'null':
        return null;
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          const required = schema.required?.includes(key) ?? false;
          if (required ? random() < p : random() < 0.3) continue;
          out[key] = value(property);
        }
        if (random() < p) out[random() < 0.5 ? 'extra' : 'constructor'] = 1;
        return out;
      }
      case 'array':
        return Array.from({ length: Math.floor(random() * 3) }, () => value(schema.items ?? {}));
      case 'integer':
        return Math.floor(random() * 200) - 100;
      case 'number':
        return random() * 10;
      case 'boolean':
        return random() < 0.5;
      case 'string':
        if (schema.format === 'rm-date') return random() < 0.9 ? '2024-02-29' : '2023-02-29';
        if (schema.format === 'rm-date-time')
          return random() < 0.9 ? '2024-01-31T23:59:59.250Z' : '2024-01-31';
        return 's';
      default:
        return pick([1, 's', null, { a: 1 }]);
    }
  };
  return value;
}

/** Every distinct shape the shipped scenarios' documents compile to, on each revision. */
function shippedShapes(): JsonSchema[] {
  const { scenarios } = loadScenarios();
  const shapes = new Map<string, JsonSchema>();
  for (const version of VERSIONS) {
    const schema = buildRevisionSchema(version);
    for (const { scenario } of scenarios) {
      if (!scenario.revisions.includes(version)) continue;
      for (const step of scenario.steps) {
        let compiled;
        try {
          compiled = compiledShapeOf(schema, step.document, step.operationName);
        } catch {
          continue;
        }
        if (compiled.ok) shapes.set(JSON.stringify(compiled.schema), compiled.schema);
      }
    }
  }
  return [...shapes.values()];
}

describe('conformsTo', () => {
  const shapes = shippedShapes();

  it('says yes exactly when ajv does, for every shipped shape and many broken answers', () => {
    expect(shapes.length).toBeGreaterThan(300);
    let yes = 0;
    let no = 0;
    shapes.forEach((shape, i) => {
      expect(understands(shape)).toBe(true);
      const validate = validatorOf(shape);
      for (const [seed, p] of [
        [i, 0],
        [i + 1e6, 0.02],
        [i + 2e6, 0.08],
        [i + 3e6, 0.3],
      ] as const) {
        const value = generator(seed, p);
        for (let n = 0; n < 6; n += 1) {
          const data = value(shape);
          const ajv = validate(data);
          if (conformsTo(data, shape) !== ajv) {
            throw new Error(
              `differs from ajv (${ajv}) on ${JSON.stringify(data)} for ${JSON.stringify(shape)}`,
            );
          }
          if (ajv) yes += 1;
          else no += 1;
        }
      }
    });
    // Both answers were exercised, many times.
    expect(yes).toBeGreaterThan(1000);
    expect(no).toBeGreaterThan(1000);
  });

  it('still reports the findings of an answer that does not conform', () => {
    const compiled = compiledShapeOf(buildRevisionSchema('1.4.0'), '{ lists { totalModels } }');
    if (!compiled.ok) throw new Error(compiled.errors.join('; '));
    expect(checkShape({ lists: { totalModels: 'x' } }, compiled.schema).map((f) => f.kind)).toEqual([
      'wrong-type',
    ]);
    expect(checkShape({ lists: { totalModels: 2 } }, compiled.schema)).toEqual([]);
  });

  it('leaves to ajv what it does not model', () => {
    expect(understands({ type: 'string', pattern: '^a' } as JsonSchema)).toBe(false);
    expect(understands({ type: 'string', format: 'email' })).toBe(false);
    expect(understands({ enum: [{ a: 1 }] })).toBe(false);
    expect(understands({ anyOf: [] })).toBe(false);
    expect(understands({ type: 'object', properties: { a: { type: 'integer' } } })).toBe(true);
  });
});
