import fc, { type GeneratorValue } from 'fast-check';
import {
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';

/**
 * How an invalid variant must be answered: `graphql` breaks the contract's types (a GraphQL error is
 * the only answer), `reject` breaks a rule the spec states (a GraphQL error or `validationErrors`),
 * `either` may be accepted or refused but never half-written.
 */
export type InvalidKind = 'graphql' | 'reject' | 'either';

/** One invalid variant of an operation's arguments. */
export interface InvalidVariant {
  kind: InvalidKind;
  /** What was made invalid, e.g. `input.name: empty string`. */
  description: string;
  args: Record<string, unknown>;
}

/** Rules of values the spec fixes but the type system does not, by input field name. */
export interface ValueRules {
  /** Fields that must name an existing entity (a made-up id must be refused). */
  references: readonly string[];
  /** Fields with a fixed text format (§8's `YYYY-MM-DD HH:mm:ss`), refused when malformed. */
  formatted: readonly string[];
}

interface Leaf {
  path: (string | number)[];
  type: GraphQLInputType;
  value: unknown;
}

function leavesOf(type: GraphQLInputType, value: unknown, path: (string | number)[], out: Leaf[]): void {
  out.push({ path, type, value });
  const inner = getNullableType(type);
  if (isInputObjectType(inner) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const fields = inner.getFields();
    for (const [k, v] of Object.entries(value)) {
      const f = fields[k];
      if (f) leavesOf(f.type, v, [...path, k], out);
    }
  } else if (isListType(inner) && Array.isArray(value)) {
    value.forEach((v, i) => leavesOf(inner.ofType, v, [...path, i], out));
  }
}

function setAt(
  root: Record<string, unknown>,
  path: (string | number)[],
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(root);
  let node: Record<string | number, unknown> = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last === undefined) return copy;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

const HUGE = 'x'.repeat(20_000);

/** The mutations a leaf of this type allows, each with the answer the contract or spec demands. */
function mutationsOf(leaf: Leaf, rules: ValueRules): { kind: InvalidKind; what: string; value: unknown }[] {
  const out: { kind: InvalidKind; what: string; value: unknown }[] = [];
  const inner = getNullableType(leaf.type);
  const name = String(leaf.path[leaf.path.length - 1] ?? '');
  if (isNonNullType(leaf.type)) {
    out.push({ kind: 'graphql', what: 'null for a non-null value', value: null });
    if (typeof leaf.path[leaf.path.length - 1] === 'string')
      out.push({ kind: 'graphql', what: 'required value left out', value: undefined });
  }
  if (isInputObjectType(inner)) {
    out.push({ kind: 'graphql', what: 'a string for an input object', value: 'not an object' });
    if (leaf.value !== null && typeof leaf.value === 'object')
      out.push({ kind: 'graphql', what: 'an unknown input field', value: { ...leaf.value, noSuchField: 1 } });
  } else if (isListType(inner)) {
    if (isNonNullType(inner.ofType))
      out.push({ kind: 'graphql', what: 'null inside a list of non-null', value: [null] });
    out.push({ kind: 'graphql', what: 'an object for a list', value: { not: 'a list' } });
  } else if (isEnumType(inner)) {
    out.push({ kind: 'graphql', what: 'an unknown enum value', value: 'NoSuchEnumValue' });
  } else if (isScalarType(inner)) {
    switch (inner.name) {
      case 'Int':
        out.push({ kind: 'graphql', what: 'an Int out of the 32-bit range', value: 2 ** 31 });
        out.push({ kind: 'graphql', what: 'a fraction for an Int', value: 1.5 });
        out.push({ kind: 'graphql', what: 'a string for an Int', value: 'seven' });
        break;
      case 'Boolean':
        out.push({ kind: 'graphql', what: 'a string for a Boolean', value: 'yes' });
        break;
      case 'ID':
        out.push({ kind: 'graphql', what: 'a Boolean for an ID', value: true });
        if (rules.references.includes(name))
          out.push({ kind: 'reject', what: 'an id of nothing', value: `no-such-id-${name}` });
        break;
      default:
        out.push({ kind: 'graphql', what: 'an object for a scalar', value: { a: 1 } });
        if (inner.name === 'String') {
          if (rules.formatted.includes(name)) {
            out.push({ kind: 'reject', what: 'a malformed date', value: '2026-02-30 25:61:00' });
            out.push({
              kind: 'reject',
              what: 'an ISO date-time instead of the §8 format',
              value: '2026-01-02T03:04:05Z',
            });
          } else {
            out.push({ kind: 'either', what: 'an empty string', value: '' });
            out.push({ kind: 'either', what: 'a huge string', value: HUGE });
            out.push({
              kind: 'either',
              what: 'control and bidi characters',
              value: 'a\u0000b\u0007c\u202ed\uFEFF',
            });
            out.push({ kind: 'either', what: 'astral and combining characters', value: 'Zoë 😀 ñ\u0301 𝔘' });
          }
        }
    }
  }
  return out;
}

/**
 * One invalid variant of valid arguments of `field`, derived from the contract: a leaf is picked and
 * given a value of the wrong type, out of range, null where non-null, an unknown enum value or field,
 * a missing required value, or a value the spec's rules refuse (made-up ids, malformed dates); strings
 * also get empty, huge and unusual-character values.
 */
export function invalidVariant(
  g: GeneratorValue,
  field: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
  rules: ValueRules,
): InvalidVariant | undefined {
  const leaves: Leaf[] = [];
  for (const arg of field.args) {
    if (arg.name in args) leavesOf(arg.type, args[arg.name], [arg.name], leaves);
  }
  const options = leaves.flatMap((leaf) => mutationsOf(leaf, rules).map((m) => ({ leaf, ...m })));
  if (options.length === 0) return undefined;
  const chosen = options[g(fc.nat, { max: options.length - 1 })];
  if (!chosen) return undefined;
  return {
    kind: chosen.kind,
    description: `${chosen.leaf.path.join('.')}: ${chosen.what}`,
    args: setAt(args, chosen.leaf.path, chosen.value),
  };
}
