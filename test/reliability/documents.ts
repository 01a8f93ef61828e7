// Schema-derived GraphQL documents for the fuzz test: walks a revision's schema to build valid-ish
// operations (selections, arguments as variables or literals, values from the store's real ids), and the
// mutators that turn them into bad input.
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { Rng } from './random.js';

/** Ids the generator draws from: the tenant's own entities by collection, and another tenant's. */
export interface IdPools {
  byCollection: ReadonlyMap<string, readonly string[]>;
  foreign: readonly string[];
}

/** A generated operation, before any mutator. */
export interface Operation {
  kind: 'query' | 'mutation';
  /** The variable definitions (`$v1: ID!`) and their declared types. */
  varDefs: Array<{ name: string; type: GraphQLInputType }>;
  variables: Record<string, unknown>;
  /** Root fields: response key and schema field name. */
  roots: Array<{ key: string; field: string }>;
  /** The selection set of the operation, without the `query`/`mutation` header. */
  body: string;
}

/** What goes over the wire: a document, its variables, and how it was made. */
export interface GeneratedRequest {
  label: string;
  query: string;
  variables?: unknown;
  operationName?: string;
  roots: Operation['roots'];
  kind: 'query' | 'mutation';
}

/** Prints the operation as a document. */
export function printOperation(op: Operation, name = 'Fuzz'): string {
  const defs = op.varDefs.length
    ? `(${op.varDefs.map((d) => `$${d.name}: ${String(d.type)}`).join(', ')})`
    : '';
  return `${op.kind} ${name}${defs} ${op.body}`;
}

const STRINGS = [
  '',
  ' ',
  'Alice',
  'Smith',
  'Harbour & Finch',
  '   padded   ',
  'x'.repeat(255),
  'x'.repeat(256),
  'y'.repeat(4001),
  '\u0000',
  'a\nb\tc',
  '😀 emoji',
  'Ünïcødé',
  '<script>alert(1)</script>',
  "'; DROP TABLE contacts; --",
  '__proto__',
  'constructor',
  'prototype',
  '{"__proto__":{"polluted":true}}',
  '${jndi:ldap://x}',
  '\ud800',
  'NaN',
  'null',
  '-1',
  'true',
];
const EMAILS = ['a@example.com', 'not-an-email', '@', 'a@b', 'x'.repeat(300) + '@example.com'];
const DATES = [
  '2026-06-01',
  '2024-02-29',
  '2024-02-30',
  '2026-13-01',
  '01/06/2026',
  '',
  '2026-06-01T12:00:00Z',
];
const DATE_TIMES = [
  '2026-06-01T12:00:00Z',
  '2026-06-01T12:00:00.123Z',
  '2026-06-01T12:00:00+02:00',
  '2026-06-01 12:00:00',
  '2026-02-30T00:00:00Z',
  'yesterday',
];
const INTS = [0, 1, 2, 3, 5, 10, 100, 1000, 1001, -1, 2147483647, -2147483648];
const FLOATS = [0, 0.5, 1, -3.25, 100000, 1e308, 99.999];

/** Which collections an id argument or input field most likely names, from its name and parent type. */
const ID_HINTS: Array<[RegExp, string[]]> = [
  [/activitytype|typeid.*activit|activit.*typeid/, ['activityTypes']],
  [/objectivetype/, ['objectiveTypes']],
  [/opportunitytype|typeid.*opportunit/, ['opportunityTypes']],
  [/outcomereason|reason/, ['opportunityOutcomeReasons']],
  [/outcome/, ['opportunityOutcomes']],
  [/origination|source/, ['opportunityOriginationSources']],
  [/relationshiptype|typeid.*relationship/, ['relationshipTypes']],
  [/contacttype|foldercontact/, ['contactTypes']],
  [/foldertype|folder/, ['folderTypes']],
  [/fielddefinition|fieldid|additionalfield/, ['fieldDefinitions']],
  [/valueid/, ['fieldValues']],
  [/initiative/, ['initiatives']],
  [/objective/, ['objectives']],
  [/opportunit/, ['opportunities']],
  [/matter/, ['matters']],
  [/practice/, ['practiceGroups', 'matterPracticeGroups']],
  [/office/, ['matterOffices']],
  [/industr/, ['industries']],
  [/language/, ['languages']],
  [/countr/, ['countries']],
  [/currenc/, ['currencies']],
  [/location|address/, ['addresses']],
  [/email/, ['emailAddresses']],
  [/phone/, ['phoneNumbers']],
  [/relationship/, ['relationships']],
  [/list/, ['lists']],
  [/activit/, ['activities']],
  [/contact|person|people|company|employer|client|owner|target|member/, ['contacts']],
];

/** Builds valid-ish operations of one revision's schema. */
export class DocumentGenerator {
  private readonly queryFields: GraphQLField<unknown, unknown>[];
  private readonly mutationFields: GraphQLField<unknown, unknown>[];

  constructor(
    readonly schema: GraphQLSchema,
    private readonly pools: IdPools,
  ) {
    this.queryFields = Object.values(schema.getQueryType()!.getFields());
    this.mutationFields = Object.values(schema.getMutationType()?.getFields() ?? {});
  }

  /** Names of the mutation fields. */
  get mutationNames(): string[] {
    return this.mutationFields.map((f) => f.name);
  }

  /** Chance that an optional input field is given a value, and that an argument is passed as a variable. */
  private inputChance = 0.45;
  private variableChance = 0.7;
  private onlyArg: string | undefined;

  /** Names of the query fields that take arguments. */
  get queryNamesWithArgs(): string[] {
    return this.queryFields.filter((f) => f.args.length > 0).map((f) => f.name);
  }

  /** The optional arguments of a root field. */
  optionalArgs(kind: 'query' | 'mutation', name: string): string[] {
    const field = (kind === 'query' ? this.queryFields : this.mutationFields).find((f) => f.name === name);
    return (field?.args ?? []).filter((a) => !isNonNullType(a.type)).map((a) => a.name);
  }

  /**
   * An operation calling one root field with every input field given, all as variables; with `only`, the
   * required arguments and that one optional argument, otherwise every argument.
   */
  everyArgument(rng: Rng, kind: 'query' | 'mutation', name: string, only?: string): Operation {
    this.inputChance = 1;
    this.variableChance = 1;
    this.onlyArg = only;
    try {
      if (kind === 'mutation') return this.mutation(rng, name);
      const field = this.queryFields.find((f) => f.name === name)!;
      const op: Operation = {
        kind: 'query',
        varDefs: [],
        variables: {},
        roots: [{ key: name, field: name }],
        body: '',
      };
      const args = this.args(rng, op, field.args, 'Query', 1);
      const inner = this.innerSelection(rng, op, field.type, 2, 2);
      op.body = `{ ${name}${args}${inner.length ? ` { ${inner.join(' ')} }` : ''} }`;
      return op;
    } finally {
      this.inputChance = 0.45;
      this.variableChance = 0.7;
      this.onlyArg = undefined;
    }
  }

  /** A query with one to three root fields. */
  query(rng: Rng): Operation {
    const op: Operation = { kind: 'query', varDefs: [], variables: {}, roots: [], body: '' };
    const parts: string[] = [];
    const n = rng.chance(0.75) ? 1 : rng.int(2, 3);
    for (let i = 0; i < n; i += 1) {
      const field = rng.pick(this.queryFields);
      const key = `r${i}`;
      op.roots.push({ key, field: field.name });
      parts.push(`${key}: ${this.fieldCall(rng, op, field, 1, 3)}`);
    }
    op.body = `{ ${parts.join(' ')} }`;
    return op;
  }

  /** A mutation with exactly one root field (so the verdict of the response is the verdict of the request). */
  mutation(rng: Rng, name?: string): Operation {
    const field = name ? this.mutationFields.find((f) => f.name === name)! : rng.pick(this.mutationFields);
    const op: Operation = { kind: 'mutation', varDefs: [], variables: {}, roots: [], body: '' };
    const args = this.args(rng, op, field.args, 'Mutation', 0.6);
    const type = getNamedType(field.type);
    let sel = '';
    if (!isLeafType(type)) {
      // The verdict fields (validationErrors, success …) are always asked for, so the test can tell a
      // rejected mutation from an accepted one.
      const inner = [verdictSelection(type), ...this.innerSelection(rng, op, field.type, 2, 3)].filter(
        Boolean,
      );
      sel = ` { ${inner.join(' ') || '__typename'} }`;
    }
    op.roots.push({ key: field.name, field: field.name });
    op.body = `{ ${field.name}${args}${sel} }`;
    return op;
  }

  /**
   * A query that goes `depth` levels down through object fields (paged ones with `limit: 1`, so the
   * result stays small however deep the document is).
   */
  deepQuery(rng: Rng, depth: number): Operation {
    const op: Operation = { kind: 'query', varDefs: [], variables: {}, roots: [], body: '' };
    const opening: string[] = [];
    let type: GraphQLNamedType = this.schema.getQueryType()!;
    let levels = 0;
    while (levels < depth) {
      if (!isObjectType(type) && !isInterfaceType(type)) break;
      const candidates: GraphQLField<unknown, unknown>[] = Object.values(type.getFields()).filter((f) => {
        const named = getNamedType(f.type);
        if (isLeafType(named)) return false;
        // A list without paging could multiply the result at every level.
        return !listOf(f.type) || f.args.some((a) => a.name === 'limit');
      });
      if (candidates.length === 0) break;
      const field: GraphQLField<unknown, unknown> = rng.pick(candidates);
      const args = this.args(rng, op, field.args, type.name, 0, true);
      opening.push(`${field.name}${args} {`);
      if (levels === 0) op.roots.push({ key: field.name, field: field.name });
      type = getNamedType(field.type);
      levels += 1;
    }
    const leaf = `__typename`;
    op.body = `{ ${opening.join(' ')} ${leaf} ${'}'.repeat(opening.length)} }`;
    return op;
  }

  /** `name(args) { selection }` for one field. */
  private fieldCall(
    rng: Rng,
    op: Operation,
    field: GraphQLField<unknown, unknown>,
    depth: number,
    maxDepth: number,
  ): string {
    const args = this.args(rng, op, field.args, 'Query', 0.35);
    const inner = this.innerSelection(rng, op, field.type, depth + 1, maxDepth);
    return inner.length ? `${field.name}${args} { ${inner.join(' ')} }` : `${field.name}${args}`;
  }

  /** The selections inside `{ }` of a field of `type`; empty for a leaf. */
  private innerSelection(
    rng: Rng,
    op: Operation,
    type: GraphQLOutputType,
    depth: number,
    maxDepth: number,
  ): string[] {
    const named = getNamedType(type);
    if (isLeafType(named)) return [];
    if (isUnionType(named)) {
      const out = ['__typename'];
      for (const member of rng.some(named.getTypes(), 2)) {
        const inner = this.innerSelection(rng, op, member, depth, maxDepth);
        out.push(`... on ${member.name} { ${inner.join(' ')} }`);
      }
      return out;
    }
    if (!isObjectType(named) && !isInterfaceType(named)) return ['__typename'];
    const fields = Object.values(named.getFields());
    const out: string[] = [];
    for (const field of rng.some(fields, rng.int(1, 5))) {
      const leaf = isLeafType(getNamedType(field.type));
      if (leaf) {
        const args = field.args.length ? this.args(rng, op, field.args, named.name, 0.3) : '';
        out.push(`${field.name}${args}`);
      } else if (depth < maxDepth) {
        out.push(this.fieldCall(rng, op, field, depth, maxDepth));
      }
    }
    if (isInterfaceType(named) && rng.chance(0.5)) {
      for (const impl of rng.some(this.schema.getPossibleTypes(named), 2)) {
        const inner = this.innerSelection(rng, op, impl, depth, maxDepth);
        if (inner.length) out.push(`... on ${impl.name} { ${inner.join(' ')} }`);
      }
    }
    if (out.length === 0) out.push('__typename');
    return out;
  }

  /** `(a: $v1, b: "literal")`: required arguments always, optional ones with probability `optional`. */
  private args(
    rng: Rng,
    op: Operation,
    args: readonly GraphQLArgument[],
    parent: string,
    optional: number,
    smallPages = false,
  ): string {
    const parts: string[] = [];
    for (const arg of args) {
      const paging = smallPages && arg.name === 'limit';
      const optionalArg = !isNonNullType(arg.type);
      if (optionalArg && this.onlyArg !== undefined && arg.name !== this.onlyArg) continue;
      if (!paging && optionalArg && !rng.chance(optional)) continue;
      const value = paging ? 1 : this.value(rng, arg.type, arg.name, parent, 0);
      if (rng.chance(this.variableChance)) {
        const name = `v${op.varDefs.length + 1}`;
        op.varDefs.push({ name, type: arg.type });
        op.variables[name] = value;
        parts.push(`${arg.name}: $${name}`);
      } else {
        parts.push(`${arg.name}: ${literal(value, arg.type)}`);
      }
    }
    return parts.length ? `(${parts.join(', ')})` : '';
  }

  /** A valid-ish JSON value of an input type. */
  value(rng: Rng, type: GraphQLInputType, name: string, parent: string, depth: number): unknown {
    if (isNonNullType(type)) return this.value(rng, type.ofType, name, parent, depth);
    if (isListType(type)) {
      const n = rng.pick([0, 1, 1, 1, 2, 3]);
      return Array.from({ length: n }, () => this.value(rng, type.ofType, name, parent, depth + 1));
    }
    if (isInputObjectType(type)) {
      const out: Record<string, unknown> = {};
      for (const field of Object.values(type.getFields())) {
        const required = isNonNullType(field.type) && field.defaultValue === undefined;
        if (!required && (depth > 3 || !rng.chance(this.inputChance))) continue;
        out[field.name] = this.value(rng, field.type, field.name, type.name, depth + 1);
      }
      return out;
    }
    if (isEnumType(type)) return rng.pick(type.getValues()).name;
    const hint = `${name} ${parent}`.toLowerCase();
    switch (type.name) {
      case 'ID':
        return this.id(rng, name.toLowerCase(), parent.toLowerCase());
      case 'Int':
        if (/limit/.test(hint)) return rng.pick([0, 1, 10, 100, 1000, 1001, -1]);
        if (/skip/.test(hint)) return rng.pick([0, 1, 5, 1000000, -1]);
        return rng.pick(INTS);
      case 'Float':
        return rng.pick(FLOATS);
      case 'Boolean':
        return rng.chance(0.5);
      case 'Date':
        return rng.pick(DATES);
      case 'DateTime':
        return rng.pick(DATE_TIMES);
      default:
        if (/email/.test(hint)) return rng.pick(EMAILS);
        if (/date/.test(hint)) return rng.pick([...DATES, '2026-06-01 12:00:00', '2026-06-01 25:00:00']);
        if (/currency|code/.test(hint)) return rng.pick(['USD', 'EUR', 'XXX', 'usd', '']);
        if (/ids?$/.test(name.toLowerCase())) return this.id(rng, name.toLowerCase(), parent.toLowerCase());
        return rng.pick(STRINGS);
    }
  }

  /** An id: usually one of the tenant's entities of the right kind, sometimes another tenant's or junk. */
  private id(rng: Rng, name: string, parent: string): string {
    const roll = rng.next();
    if (roll < 0.06 && this.pools.foreign.length) return rng.pick(this.pools.foreign);
    if (roll < 0.12)
      return rng.pick(['', ' ', 'not-an-id', '00000000-0000-0000-0000-000000000000', 'x'.repeat(300)]);
    const hinted =
      ID_HINTS.find(([re]) => re.test(name)) ??
      (roll < 0.8 ? ID_HINTS.find(([re]) => re.test(parent)) : undefined);
    const collections = hinted ? hinted[1] : [...this.pools.byCollection.keys()];
    const ids = collections.flatMap((c) => this.pools.byCollection.get(c) ?? []);
    return ids.length ? rng.pick(ids) : 'no-such-id';
  }
}

function listOf(type: GraphQLOutputType): boolean {
  return isNonNullType(type) ? listOf(type.ofType) : isListType(type);
}

/** Selections that tell whether a mutation was rejected (`validationErrors`, `success` …). */
function verdictSelection(type: GraphQLNamedType): string {
  if (!isObjectType(type)) return '';
  const fields = type.getFields();
  const out: string[] = [];
  for (const name of [
    'success',
    'isSuccessful',
    'status',
    'successCount',
    'contactsEffected',
    'pendingContactsEffected',
    'matterFinancialsAffected',
  ]) {
    if (fields[name] && isLeafType(getNamedType(fields[name].type))) out.push(name);
  }
  if (fields['validationErrors']) out.push('validationErrors { propertyName message }');
  const item = fields['item'] && getNamedType(fields['item'].type);
  if (item && isObjectType(item) && item.getFields()['successIds'])
    out.push('item { successIds pendingIds }');
  const models = fields['models'] && getNamedType(fields['models'].type);
  if (models && isObjectType(models) && models.getFields()['isSuccessful'])
    out.push('models { isSuccessful }');
  return out.join(' ');
}

/** A JSON value as a GraphQL literal of `type` (enum names bare). */
export function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'null';
  if (isNonNullType(type)) return literal(value, type.ofType);
  if (isListType(type)) {
    return Array.isArray(value)
      ? `[${value.map((v) => literal(v, type.ofType)).join(', ')}]`
      : literal(value, type.ofType);
  }
  if (isInputObjectType(type) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = type.getFields();
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
      const fieldType = fields[k]?.type;
      return `${k}: ${fieldType ? literal(v, fieldType) : (JSON.stringify(v) ?? 'null')}`;
    });
    return `{${parts.join(', ')}}`;
  }
  if (isEnumType(type) && typeof value === 'string' && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) return value;
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, type)).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([k]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(k))
      .map(([k, v]) => `${k}: ${literal(v, type)}`)
      .join(', ')}}`;
  }
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
