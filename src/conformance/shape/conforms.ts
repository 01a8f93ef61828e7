import { isIsoDate, isIsoDateTimeUtc } from '../../contract/scalars.js';
import { DATE_FORMAT, DATE_TIME_FORMAT, type JsonSchema } from './compile.js';

/**
 * Whether `data` meets a compiled shape, answered by walking the shape: the same yes or no as the ajv
 * validator of check.ts (its options: not strict, so NaN and Infinity count as numbers; properties read
 * as `data[key]`, inherited ones included; object, array, number and string keywords only on values of
 * that type), without compiling one. Most documents of a fuzz run, and each step of a scenario, come
 * once; compiling a validator costs milliseconds where this costs microseconds. Only a "no" needs
 * ajv's detailed errors, and check.ts asks ajv then.
 */
export function conformsTo(data: unknown, schema: JsonSchema): boolean {
  if (schema.type !== undefined && !hasType(data, schema.type)) return false;
  if (data !== null && typeof data === 'object') {
    if (Array.isArray(data)) {
      if (schema.items) for (const item of data) if (!conformsTo(item, schema.items)) return false;
    } else if (!objectConforms(data as Record<string, unknown>, schema)) return false;
  } else if (typeof data === 'number') {
    if (schema.minimum !== undefined && data < schema.minimum) return false;
    if (schema.maximum !== undefined && data > schema.maximum) return false;
  } else if (typeof data === 'string' && schema.format !== undefined) {
    if (!(schema.format === DATE_FORMAT ? isIsoDate(data) : isIsoDateTimeUtc(data))) return false;
  }
  if (schema.enum && !schema.enum.some((v) => same(data, v))) return false;
  if ('const' in schema && !same(data, schema.const)) return false;
  if (schema.anyOf && !schema.anyOf.some((s) => conformsTo(data, s))) return false;
  if (schema.allOf && !schema.allOf.every((s) => conformsTo(data, s))) return false;
  if (schema.if && schema.then && conformsTo(data, schema.if) && !conformsTo(data, schema.then)) return false;
  return true;
}

function objectConforms(data: Record<string, unknown>, schema: JsonSchema): boolean {
  for (const key of schema.required ?? []) if (data[key] === undefined) return false;
  const properties = schema.properties;
  if (properties) {
    for (const key of Object.keys(properties)) {
      const value = data[key];
      const property = properties[key];
      if (value !== undefined && property && !conformsTo(value, property)) return false;
    }
  }
  if (schema.additionalProperties === false) {
    for (const key in data) if (!properties || !Object.hasOwn(properties, key)) return false;
  }
  return true;
}

function hasType(data: unknown, type: string | string[]): boolean {
  if (typeof type === 'string') return isOfType(data, type);
  for (const t of type) if (isOfType(data, t)) return true;
  return false;
}

function isOfType(data: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return data === null;
    case 'array':
      return Array.isArray(data);
    case 'object':
      return data !== null && typeof data === 'object' && !Array.isArray(data);
    case 'integer':
      return typeof data === 'number' && !(data % 1) && !Number.isNaN(data);
    default:
      return typeof data === type;
  }
}

/** ajv's equality for the primitive values shapes list (NaN equals NaN, as in fast-deep-equal). */
function same(a: unknown, b: unknown): boolean {
  return a === b || (a !== a && b !== b);
}

const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'format',
  'minimum',
  'maximum',
  'anyOf',
  'allOf',
  'if',
  'then',
  '$comment',
]);
const TYPES = new Set(['null', 'array', 'object', 'integer', 'number', 'string', 'boolean']);
const isPrimitive = (v: unknown): boolean => v === null || typeof v !== 'object';

const understood = new WeakMap<JsonSchema, boolean>();

/**
 * Whether {@link conformsTo} answers for this shape exactly as ajv would: only the keywords the shape
 * compiler emits, with primitive enum and const values and the two registered formats. Anything else
 * is left to ajv alone.
 */
export function understands(schema: JsonSchema): boolean {
  let known = understood.get(schema);
  if (known === undefined) {
    known = check(schema);
    understood.set(schema, known);
  }
  return known;
}

function check(schema: JsonSchema): boolean {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return false;
  for (const key of Object.keys(schema)) if (!KEYWORDS.has(key)) return false;
  const { type, properties, required, additionalProperties, items, format } = schema;
  if (type !== undefined && !(Array.isArray(type) ? type : [type]).every((t) => TYPES.has(t))) return false;
  if (required !== undefined && !(Array.isArray(required) && required.every((r) => typeof r === 'string')))
    return false;
  if (additionalProperties !== undefined && typeof additionalProperties !== 'boolean') return false;
  if (format !== undefined && format !== DATE_FORMAT && format !== DATE_TIME_FORMAT) return false;
  if (schema.enum !== undefined && !(Array.isArray(schema.enum) && schema.enum.every(isPrimitive)))
    return false;
  if ('const' in schema && !isPrimitive(schema.const)) return false;
  for (const n of ['minimum', 'maximum'] as const)
    if (schema[n] !== undefined && typeof schema[n] !== 'number') return false;
  // `then` without `if` and `if` without `then` mean nothing to ajv; both are checked when present.
  const subs = [
    ...Object.values(properties ?? {}),
    ...(items !== undefined ? [items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.allOf ?? []),
    ...(schema.if !== undefined ? [schema.if] : []),
    ...(schema.then !== undefined ? [schema.then] : []),
  ];
  if (properties !== undefined && (properties === null || typeof properties !== 'object')) return false;
  // ajv refuses an empty anyOf or allOf when it compiles the schema; leave that to it.
  for (const list of [schema.anyOf, schema.allOf])
    if (list !== undefined && !(Array.isArray(list) && list.length > 0)) return false;
  return subs.every(check);
}
