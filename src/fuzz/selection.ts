import fc, { type GeneratorValue } from 'fast-check';
import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  getNullableType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';

/** A random selection set and what the response must not contain because of `@skip`/`@include`. */
export interface GeneratedSelection {
  /** The selection set text, braces included. */
  text: string;
  /** Response paths below the selecting field that a directive excluded (lists stand as `[0]`). */
  absent: string[];
}

/** How deep and wide a generated selection may be. */
export interface SelectionLimits {
  /** Levels of object fields below the root field. */
  depth: number;
  /** Largest `limit` argument given to a paged sub-field, to keep responses small. */
  maxLimit: number;
}

const DEFAULT_LIMITS: SelectionLimits = { depth: 2, maxLimit: 3 };

function isLeaf(type: GraphQLNamedType): boolean {
  return isScalarType(type) || isEnumType(type);
}

/** A field can be selected without inventing values when none of its arguments is required. */
function selectable(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined);
}

function listDepthPath(type: GraphQLOutputType): string {
  let suffix = '';
  let t = getNullableType(type);
  while (isListType(t)) {
    suffix += '[0]';
    t = getNullableType(t.ofType);
  }
  return suffix;
}

class SelectionBuilder {
  readonly absent: string[] = [];
  private aliasCount = 0;

  constructor(
    private readonly g: GeneratorValue,
    private readonly schema: GraphQLSchema,
    private readonly limits: SelectionLimits,
  ) {}

  /** Arguments of a sub-field: paging limits only, as literals, so responses stay small. */
  private args(field: GraphQLField<unknown, unknown>): string {
    const parts: string[] = [];
    for (const arg of field.args) {
      if (arg.name === 'limit' && this.g(fc.boolean)) {
        parts.push(`limit: ${this.g(fc.integer, { min: 0, max: this.limits.maxLimit })}`);
      } else if (arg.name === 'skip' && this.g(fc.boolean)) {
        parts.push(`skip: ${this.g(fc.integer, { min: 0, max: 2 })}`);
      }
    }
    // A paged sub-field without a limit could return hundreds of items under every parent.
    if (field.args.some((a) => a.name === 'limit') && !parts.some((p) => p.startsWith('limit'))) {
      parts.push(`limit: ${this.limits.maxLimit}`);
    }
    return parts.length > 0 ? `(${parts.join(', ')})` : '';
  }

  /**
   * A selection set on `type`. `path` is the response path of its parent; `track` is false inside
   * fragments, where a key may be selected twice and a directive there does not decide presence.
   */
  set(type: GraphQLNamedType, depth: number, path: string, track: boolean): string {
    if (isAbstractType(type)) return this.abstract(type, depth);
    return this.fields(type, depth, path, track);
  }

  private fields(type: GraphQLNamedType, depth: number, path: string, track: boolean): string {
    if (!isObjectType(type) && !isInterfaceType(type)) return '{ __typename }';
    const fields = Object.values(type.getFields())
      .filter(selectable)
      .filter((f) => depth > 0 || isLeaf(getNamedType(f.type)));
    const chosen = fields.filter(() => this.g(fc.integer, { min: 0, max: 3 }) === 0);
    const first = fields[this.g(fc.nat, { max: Math.max(0, fields.length - 1) })];
    if (chosen.length === 0 && first) chosen.push(first);
    const parts: string[] = [];
    if (this.g(fc.integer, { min: 0, max: 4 }) === 0) parts.push('__typename');
    for (const field of chosen) parts.push(this.field(field, depth, path, track));
    if (parts.length === 0) parts.push('__typename');
    return `{ ${parts.join(' ')} }`;
  }

  private field(field: GraphQLField<unknown, unknown>, depth: number, path: string, track: boolean): string {
    const named = getNamedType(field.type);
    const alias = this.g(fc.integer, { min: 0, max: 5 }) === 0 ? `a${++this.aliasCount}` : undefined;
    const key = alias ?? field.name;
    const here = `${path}.${key}`;
    let directive = '';
    const roll = this.g(fc.integer, { min: 0, max: 11 });
    if (roll === 0) directive = ' @skip(if: true)';
    else if (roll === 1) directive = ' @include(if: false)';
    else if (roll === 2) directive = ' @skip(if: false)';
    else if (roll === 3) directive = ' @include(if: true)';
    if (track && roll <= 1) this.absent.push(here);
    const sub = isLeaf(named)
      ? ''
      : ` ${this.set(named, depth - 1, here + listDepthPath(field.type), track)}`;
    return `${alias ? `${alias}: ` : ''}${field.name}${this.args(field)}${directive}${sub}`;
  }

  /** Interfaces and unions: common fields (interfaces), `__typename` and inline fragments per type. */
  private abstract(type: GraphQLNamedType, depth: number): string {
    if (!isAbstractType(type)) return '{ __typename }';
    const parts: string[] = [];
    if (isInterfaceType(type)) parts.push(this.fields(type, depth, '', false).slice(2, -2));
    if (this.g(fc.boolean)) parts.push('__typename');
    for (const possible of this.schema.getPossibleTypes(type)) {
      if (!this.g(fc.boolean)) continue;
      // Fragment fields get their own aliases so they never collide with a key selected elsewhere.
      const inner = this.fragmentSet(possible, depth);
      parts.push(`... on ${possible.name} ${inner}`);
    }
    return `{ ${parts.join(' ')} }`;
  }

  private fragmentSet(type: GraphQLNamedType, depth: number): string {
    if (!isObjectType(type)) return '{ __typename }';
    const fields = Object.values(type.getFields())
      .filter(selectable)
      .filter((f) => isLeaf(getNamedType(f.type)) || depth > 0);
    const chosen = fields.filter(() => this.g(fc.integer, { min: 0, max: 3 }) === 0);
    const parts = chosen.map((f) => {
      const named = getNamedType(f.type);
      const alias = `${type.name.toLowerCase()}_${f.name}`;
      const sub = isLeaf(named) ? '' : ` ${this.set(named, depth - 1, '', false)}`;
      return `${alias}: ${f.name}${this.args(f)}${sub}`;
    });
    return `{ ${parts.length > 0 ? parts.join(' ') : '__typename'} }`;
  }
}

/**
 * A random, valid selection set for a field of output type `type`, drawn through `g` so fast-check
 * can shrink it: random subsets of fields, aliases, `__typename`, inline fragments on interfaces and
 * unions, and `@skip`/`@include` with literal conditions.
 */
export function generateSelection(
  g: GeneratorValue,
  schema: GraphQLSchema,
  type: GraphQLOutputType,
  limits: SelectionLimits = DEFAULT_LIMITS,
): GeneratedSelection {
  const named = getNamedType(type);
  if (isLeaf(named)) return { text: '', absent: [] };
  const builder = new SelectionBuilder(g, schema, limits);
  const text = builder.set(named, limits.depth, listDepthPath(type), true);
  return { text, absent: builder.absent };
}
