// Turns a valid-ish generated operation into bad input: wrong variable types, nulls for non-null, huge
// strings, giant arrays, unknown fields, invalid enum values, prototype keys, deep nesting, broken
// declarations. Each mutator returns the request to send and a label naming what it did.
import { isEnumType, isInputObjectType, isListType, isNonNullType, type GraphQLInputType } from 'graphql';
import { printOperation, type GeneratedRequest, type Operation } from './documents.js';
import type { Rng } from './random.js';

/** One place in the variables where a value of a known input type sits. */
interface Slot {
  container: Record<string, unknown> | unknown[];
  key: string | number;
  type: GraphQLInputType;
}

function unwrap(type: GraphQLInputType): GraphQLInputType {
  return isNonNullType(type) ? type.ofType : type;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every typed slot of the operation's variables, depth first. */
function slots(op: Operation): Slot[] {
  const out: Slot[] = [];
  const visit = (container: Slot['container'], key: string | number, type: GraphQLInputType) => {
    out.push({ container, key, type });
    const value = (container as Record<string | number, unknown>)[key];
    const inner = unwrap(type);
    if (isListType(inner) && Array.isArray(value)) {
      value.forEach((_, i) => visit(value, i, inner.ofType));
    } else if (isInputObjectType(inner) && isRecord(value)) {
      const fields = inner.getFields();
      for (const k of Object.keys(value)) if (fields[k]) visit(value, k, fields[k].type);
    }
  };
  for (const def of op.varDefs) if (def.name in op.variables) visit(op.variables, def.name, def.type);
  return out;
}

function set(slot: Slot, value: unknown): void {
  (slot.container as Record<string | number, unknown>)[slot.key] = value;
}

function get(slot: Slot): unknown {
  return (slot.container as Record<string | number, unknown>)[slot.key];
}

/** An own, enumerable property named `key` (so `__proto__` survives into JSON.stringify). */
function defineOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

const POLLUTION = { polluted: 'yes', toString: 'polluted', length: 1e9 };

/** Sets `__proto__`, `constructor` and `prototype` as own keys of an object. */
function addPrototypeKeys(target: object): void {
  defineOwn(target, '__proto__', { ...POLLUTION });
  defineOwn(target, 'constructor', { prototype: { ...POLLUTION } });
  defineOwn(target, 'prototype', { ...POLLUTION });
}

function nested(depth: number, leaf: unknown, kind: 'array' | 'object'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

function wrongValueFor(rng: Rng, type: GraphQLInputType): unknown {
  const inner = unwrap(type);
  if (isListType(inner)) return rng.pick(['not-a-list', 7, { a: 1 }, [[['deep']]], [null]]);
  if (isInputObjectType(inner)) return rng.pick(['string', 42, [1, 2], true, [{}]]);
  const name = inner.name;
  if (name === 'Int') return rng.pick(['12', 1.5, 2 ** 31, -(2 ** 53), true, [1], {}, '']);
  if (name === 'Float') return rng.pick(['1.5', true, [], {}, 'Infinity']);
  if (name === 'Boolean') return rng.pick(['true', 0, 1, 'yes', [], {}]);
  if (isEnumType(inner)) return rng.pick([0, true, ['Ascending'], {}]);
  return rng.pick([123, 4.5, false, ['a'], { a: 'b' }, [[]]]);
}

/** Names that find something on Object.prototype when a resolver looks them up in a plain object. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

const DECLARED_TYPES = [
  'Int',
  'String!',
  '[Boolean]',
  'NoSuchType',
  'ID',
  '[[ID!]!]!',
  'Float!',
  'SortDirection',
];

/** Every String or ID value in the variables set to `name` (undefined when there is none). */
export function prototypeStrings(op: Operation, name: string): GeneratedRequest | undefined {
  const strings = slots(op).filter((s) => typeof get(s) === 'string' && !isEnumType(unwrap(s.type)));
  if (strings.length === 0) return undefined;
  for (const slot of strings) set(slot, name);
  return request(op, `prototype-strings-${name}`);
}

type Mutator = (rng: Rng, op: Operation) => GeneratedRequest | undefined;

function request(
  op: Operation,
  label: string,
  variables: unknown = op.variables,
  body = op.body,
): GeneratedRequest {
  return {
    label,
    query: printOperation({ ...op, body }),
    variables,
    roots: op.roots,
    kind: op.kind,
  };
}

function pickSlot(rng: Rng, op: Operation, pred: (s: Slot) => boolean): Slot | undefined {
  const candidates = slots(op).filter(pred);
  return candidates.length ? rng.pick(candidates) : undefined;
}

/** The mutators by name; each works on its own copy of the operation. */
export const MUTATORS: Record<string, Mutator> = {
  'wrong-type': (rng, op) => {
    const slot = pickSlot(rng, op, () => true);
    if (!slot) return undefined;
    set(slot, wrongValueFor(rng, slot.type));
    return request(op, 'wrong-type');
  },
  'null-for-non-null': (rng, op) => {
    const slot = pickSlot(rng, op, (s) => isNonNullType(s.type));
    if (!slot) return undefined;
    set(slot, null);
    return request(op, 'null-for-non-null');
  },
  'missing-required': (rng, op) => {
    const slot = pickSlot(rng, op, (s) => isNonNullType(s.type) && !Array.isArray(s.container));
    if (!slot) return undefined;
    delete (slot.container as Record<string, unknown>)[slot.key as string];
    return request(op, 'missing-required');
  },
  'huge-string': (rng, op) => {
    const slot = pickSlot(rng, op, (s) => typeof get(s) === 'string') ?? pickSlot(rng, op, () => true);
    if (!slot) return undefined;
    // 1 MB and more is over the body limit (413); the smaller ones reach the resolvers.
    set(slot, 'h'.repeat(rng.pick([20_000, 300_000, 900_000, 1_048_576, 1_200_000])));
    return request(op, 'huge-string');
  },
  'unknown-input-field': (rng, op) => {
    const slot = pickSlot(rng, op, (s) => isRecord(get(s)));
    if (slot)
      (get(slot) as Record<string, unknown>)[`bogus_${rng.int(0, 99)}`] = rng.pick([1, 'x', null, {}]);
    else op.variables[`undeclared_${rng.int(0, 99)}`] = 'x';
    return request(op, 'unknown-input-field');
  },
  'invalid-enum': (rng, op) => {
    const slot = pickSlot(rng, op, (s) => isEnumType(unwrap(s.type)));
    if (!slot) return undefined;
    const current = String(get(slot));
    set(
      slot,
      rng.pick(['NOT_A_VALUE', current.toLowerCase(), current.toUpperCase(), '', `${current} `, 'null']),
    );
    return request(op, 'invalid-enum');
  },
  'prototype-keys': (rng, op) => {
    const objects = slots(op).filter((s) => isRecord(get(s)));
    for (const slot of rng.some(objects, 3)) addPrototypeKeys(get(slot) as object);
    addPrototypeKeys(op.variables);
    const str = pickSlot(rng, op, (s) => typeof get(s) === 'string');
    if (str) set(str, rng.pick(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString']));
    return request(op, 'prototype-keys');
  },
  'giant-array': (rng, op) => {
    const slot = pickSlot(rng, op, (s) => isListType(unwrap(s.type)) && Array.isArray(get(s)));
    if (!slot) return undefined;
    const current = get(slot) as unknown[];
    const element = current[0] ?? rng.pick(['x', 1, null]);
    set(
      slot,
      Array.from({ length: rng.pick([1000, 20_000, 60_000]) }, (_, i) =>
        i % 7 === 0 ? element : (current[i % Math.max(current.length, 1)] ?? element),
      ),
    );
    return request(op, 'giant-array');
  },
  'deep-json-variable': (rng, op) => {
    const slot = pickSlot(rng, op, () => true);
    if (!slot) return undefined;
    set(slot, nested(rng.pick([30, 1000, 4000]), 'leaf', rng.chance(0.5) ? 'array' : 'object'));
    return request(op, 'deep-json-variable');
  },
  'prototype-strings': (rng, op) => prototypeStrings(op, rng.pick(PROTOTYPE_NAMES)),
  'unknown-field': (rng, op) => {
    const i = op.body.lastIndexOf('{');
    const name = rng.pick(['bogusField', '__proto__', 'constructor', '__schema', 'id']);
    return request(
      op,
      'unknown-field',
      op.variables,
      `${op.body.slice(0, i + 1)} ${name} ${op.body.slice(i + 1)}`,
    );
  },
  'unknown-argument': (rng, op) => {
    const root = op.roots[0];
    if (!root) return undefined;
    const at = op.body.indexOf(root.field) + root.field.length;
    const hasArgs = op.body[at] === '(';
    const extra = `${rng.pick(['bogusArg', '__proto__', 'constructor'])}: ${rng.pick(['1', '"x"', 'null', '{a: 1}'])}`;
    const body = hasArgs
      ? `${op.body.slice(0, at + 1)}${extra}, ${op.body.slice(at + 1)}`
      : `${op.body.slice(0, at)}(${extra})${op.body.slice(at)}`;
    return request(op, 'unknown-argument', op.variables, body);
  },
  'wrong-declaration': (rng, op) => {
    const def = op.varDefs.length ? rng.pick(op.varDefs) : undefined;
    if (!def) return undefined;
    const query = printOperation(op).replace(
      `$${def.name}: ${String(def.type)}`,
      `$${def.name}: ${rng.pick(DECLARED_TYPES)}`,
    );
    return { ...request(op, 'wrong-declaration'), query };
  },
  'undeclared-variables': (_rng, op) => ({
    ...request(op, 'undeclared-variables'),
    query: `${op.kind} ${op.body}`,
  }),
  'no-variables': (rng, op) => ({
    ...request(op, 'no-variables'),
    variables: rng.pick([undefined, null, {}]),
  }),
  'deep-fragments': (rng, op) => {
    const depth = rng.pick([10, 100, 1000, 5000]);
    const on = op.kind === 'query' ? 'Query' : 'Mutation';
    const inner = op.body.slice(1, -1);
    return request(
      op,
      `deep-fragments-${depth}`,
      op.variables,
      `{ ${`... on ${on} { `.repeat(depth)}${inner}${' }'.repeat(depth)} }`,
    );
  },
  'deep-list-literal': (rng, op) => {
    const depth = rng.pick([10, 100, 2000, 20_000]);
    const def = op.varDefs[0];
    if (!def) return undefined;
    const query = printOperation(op).replace(`: $${def.name}`, `: ${'['.repeat(depth)}1${']'.repeat(depth)}`);
    return { ...request(op, `deep-list-literal-${depth}`), query };
  },
  'alias-flood': (rng, op) => {
    if (op.kind !== 'query') return undefined;
    const inner = op.body.slice(1, -1);
    const n = rng.pick([10, 40]);
    const copies = Array.from({ length: n }, (_, i) => inner.replace(/\br(\d+):/g, `a${i}_r$1:`));
    return request(op, `alias-flood-${n}`, op.variables, `{ ${copies.join(' ')} }`);
  },
  'junk-directive': (rng, op) => {
    const directive = rng.pick([
      '@skip(if: "yes")',
      '@include(if: $nope)',
      '@unknown',
      '@deprecated',
      '@skip',
      '@include(if: true) @include(if: false)',
    ]);
    const i = op.body.indexOf('{');
    const j = op.body.indexOf('{', i + 1);
    const at = j > 0 ? j : op.body.length - 1;
    return request(
      op,
      'junk-directive',
      op.variables,
      `${op.body.slice(0, at)} ${directive} ${op.body.slice(at)}`,
    );
  },
};

/** Applies one random mutator (retrying others when it does not fit the operation). */
export function mutate(rng: Rng, op: Operation): GeneratedRequest {
  const names = rng.some(Object.keys(MUTATORS), Object.keys(MUTATORS).length);
  for (const name of names) {
    const copy: Operation = {
      ...op,
      variables: structuredClone(op.variables),
      roots: [...op.roots],
      varDefs: [...op.varDefs],
    };
    const out = MUTATORS[name]!(rng, copy);
    if (out) return out;
  }
  return request(op, 'none');
}

/** The operation as generated. */
export function unmutated(op: Operation): GeneratedRequest {
  return request(op, 'valid-ish');
}
