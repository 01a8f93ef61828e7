import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isIsoDate, isIsoDateTimeUtc } from '../../contract/scalars.js';
import type { DifferenceKind } from '../outcome/differences.js';
import { formatPath, type PathSegment } from '../scenario/json-path.js';
import { DATE_FORMAT, DATE_TIME_FORMAT, TYPENAME_COMMENT, type JsonSchema } from './compile.js';
import { conformsTo, understands } from './conforms.js';

/** One way a response's data deviates from its compiled shape. */
export interface ShapeFinding {
  /** Path from the response body, starting at `data`. */
  path: string;
  kind: DifferenceKind;
  expected: unknown;
  actual: unknown;
  message: string;
}

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, code: { optimize: false } });
ajv.addFormat(DATE_FORMAT, { type: 'string', validate: (s: string) => isIsoDate(s) });
ajv.addFormat(DATE_TIME_FORMAT, { type: 'string', validate: (s: string) => isIsoDateTimeUtc(s) });

const cache = new WeakMap<JsonSchema, ValidateFunction>();
/**
 * Validators by the shape's text: different documents often have the same shape (a fuzz read with its
 * limit as a variable or a literal, the same selection under another alias-free root), and compiling
 * a validator costs milliseconds where checking costs microseconds. Bounded like the shape cache.
 */
const byText = new Map<string, ValidateFunction<unknown>>();
const TEXT_LIMIT = 2000;

/** The compiled validator of a shape, shared by every shape of the same content. */
export function validatorOf(schema: JsonSchema): ValidateFunction {
  let validate = cache.get(schema);
  if (validate) return validate;
  const text = JSON.stringify(schema);
  validate = byText.get(text);
  if (!validate) {
    validate = ajv.compile(schema);
    if (byText.size >= TEXT_LIMIT) {
      const oldest = byText.entries().next();
      if (!oldest.done) {
        byText.delete(oldest.value[0]);
        // ajv keeps every compiled schema too; the one dropped here is not needed again.
        ajv.removeSchema(oldest.value[1].schema as JsonSchema);
      }
    }
    byText.set(text, validate);
  }
  cache.set(schema, validate);
  return validate;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function segmentsOf(instancePath: string): PathSegment[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function describeType(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : [String(type)];
  const nonNull = types.filter((t) => t !== 'null');
  return types.includes('null') ? `${nonNull.join(' or ')} or null` : `non-null ${nonNull.join(' or ')}`;
}

function finding(e: ErrorObject): ShapeFinding {
  const base = ['data', ...segmentsOf(e.instancePath)];
  const at = formatPath(base);
  const params = e.params as Record<string, unknown>;
  const parent = (e.parentSchema ?? {}) as JsonSchema;
  switch (e.keyword) {
    case 'required': {
      const path = formatPath([...base, String(params.missingProperty)]);
      return {
        path,
        kind: 'missing-field',
        expected: 'present',
        actual: 'absent',
        message: `${path} is missing`,
      };
    }
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const path = formatPath([...base, key]);
      const actual = (e.data as Record<string, unknown>)[key];
      return {
        path,
        kind: 'extra-field',
        expected: 'absent',
        actual,
        message: `${path} was not selected but is present`,
      };
    }
    case 'type': {
      const expected = describeType(parent.type);
      if (e.data === null) {
        return {
          path: at,
          kind: 'null-for-non-null',
          expected,
          actual: null,
          message: `${at} is null but the contract makes it non-null`,
        };
      }
      return {
        path: at,
        kind: 'wrong-type',
        expected,
        actual: e.data,
        message: `${at} is ${jsonType(e.data)}, expected ${expected}`,
      };
    }
    case 'enum':
    case 'const': {
      const allowed = e.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue];
      if (parent.$comment === TYPENAME_COMMENT) {
        return {
          path: at,
          kind: 'unknown-typename',
          expected: allowed,
          actual: e.data,
          message: `${at} names type ${JSON.stringify(e.data)}, expected one of ${allowed.join(', ')}`,
        };
      }
      return {
        path: at,
        kind: 'extra-enum-value',
        expected: allowed.filter((v) => v !== null),
        actual: e.data,
        message: `${at} has the enum value ${JSON.stringify(e.data)} the contract does not list`,
      };
    }
    case 'format':
      return {
        path: at,
        kind: 'invalid-format',
        expected: String(params.format) === DATE_FORMAT ? 'Date (YYYY-MM-DD)' : 'DateTime (UTC, ending in Z)',
        actual: e.data,
        message: `${at} is not a valid ${String(params.format) === DATE_FORMAT ? 'Date' : 'DateTime'}`,
      };
    case 'minimum':
    case 'maximum':
      return {
        path: at,
        kind: 'out-of-range',
        expected: '32-bit signed Int',
        actual: e.data,
        message: `${at} is outside the Int range`,
      };
    default:
      return {
        path: at,
        kind: 'wrong-type',
        expected: e.schema,
        actual: e.data,
        message: `${at} ${e.message ?? 'does not match the contract'}`,
      };
  }
}

/** Checks `data` of a response against its compiled shape; an empty list means it conforms. */
export function checkShape(data: unknown, schema: JsonSchema): ShapeFinding[] {
  // Conforming data needs no validator: a shape walk gives ajv's yes. Only a "no" compiles one, for
  // ajv's errors (and ajv has the last word: a yes from it is still no finding).
  if (understands(schema) && conformsTo(data, schema)) return [];
  const validate = validatorOf(schema);
  if (validate(data)) return [];
  const findings = (validate.errors ?? [])
    .filter((e) => !['if', 'allOf', 'anyOf'].includes(e.keyword))
    .map(finding);
  // A value of the wrong type also fails its enum or format; the type is the one thing to report.
  const mistyped = new Set(
    findings.filter((f) => f.kind === 'wrong-type' || f.kind === 'null-for-non-null').map((f) => f.path),
  );
  const seen = new Set<string>();
  return findings
    .filter((f) => {
      const key = `${f.path} ${f.kind}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return !mistyped.has(f.path) || f.kind === 'wrong-type' || f.kind === 'null-for-non-null';
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
