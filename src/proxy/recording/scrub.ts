// An import list (boilerplate): it names what other files import too.
import {
  getNamedType,
  getNullableType,
  getOperationAST,
  isInputObjectType,
  isListType,
  Kind,
  parse,
  print,
  typeFromAST,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type StringValueNode,
} from 'graphql';
import { mapLeaves, type JsonPath } from '../json-walk.js';
import { walkResponse } from '../typed-walk.js';
import { PERSONAL_FILTER_FIELDS, personalField, scrubPatterns } from './personal-data.js';
import { personalKindOf, type PersonalKind, type Pseudonymizer } from './pseudonymize.js';

/** A GraphQL request body as the scrubber takes and gives it. */
export interface ScrubbableRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** A scrubbed request, and whether any personal value in it was replaced (replays must not expect it). */
export interface ScrubbedRequest {
  body: ScrubbableRequest;
  /** True when a variable or literal was replaced: the target holds the real value, not the pseudonym. */
  replaced: boolean;
}

const key = (path: JsonPath): string => path.join('\u0000');

/** A filter entry's `field`, when the object is one (`{ field: lastName, value: "…" }`). */
function filterKind(owner: Record<string, unknown> | undefined, k: string): PersonalKind | undefined {
  if (!owner || (k !== 'value' && k !== 'values') || typeof owner['field'] !== 'string') return undefined;
  return PERSONAL_FILTER_FIELDS[owner['field']];
}

/**
 * The string literals that are the `value`/`values` of a filter entry naming a personal field
 * (`{ field: lastName, value: "Smith" }`), with the kind that field holds; variables used there are
 * added to `usage`.
 */
function literalFilterKinds(
  document: DocumentNode,
  usage: Map<string, PersonalKind>,
): Map<StringValueNode, PersonalKind> {
  const out = new Map<StringValueNode, PersonalKind>();
  visit(document, {
    ObjectValue: (node) => {
      const field = node.fields.find((f) => f.name.value === 'field')?.value;
      const name =
        field && (field.kind === Kind.ENUM || field.kind === Kind.STRING) ? field.value : undefined;
      const kind = name === undefined ? undefined : PERSONAL_FILTER_FIELDS[name];
      if (!kind) return;
      for (const f of node.fields) {
        if (f.name.value !== 'value' && f.name.value !== 'values') continue;
        const values = f.value.kind === Kind.LIST ? f.value.values : [f.value];
        for (const v of values) {
          if (v.kind === Kind.STRING) out.set(v, kind);
          else if (v.kind === Kind.VARIABLE) usage.set(v.name.value, kind);
        }
      }
    },
  });
  return out;
}

/**
 * Personal data out of recordings and reports by meaning: each value is typed through the
 * document's selections and the schema (aliases and fragments resolved to their fields) and replaced
 * when the catalogue of personal-data.ts lists its (type, field); every other string has its e-mail
 * addresses and phone numbers replaced by pattern. Credentials are not this class's job: the secrets
 * masker runs after it.
 */
export class PersonalDataScrubber {
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly pseudonyms: Pseudonymizer,
  ) {}

  /** One string: its catalogued kind replaced whole, else its e-mail addresses and phones. */
  private string(value: string, kind: PersonalKind | undefined): string {
    if (kind) return this.pseudonyms.replace(kind, value);
    return scrubPatterns(value, (k, v) => this.pseudonyms.replace(k, v));
  }

  /** Any JSON value: strings at typed paths by their kind, the rest by pattern (and, untyped, by key). */
  private json(value: unknown, kinds: Map<string, PersonalKind> | undefined): unknown {
    return mapLeaves(value, (leaf, where) => {
      if (typeof leaf !== 'string') return leaf;
      const typed = kinds?.get(key(where.path()));
      // Without types (a request the contract refuses) the key is the only hint left.
      const kind =
        typed ??
        filterKind(where.owner, where.key) ??
        (kinds === undefined ? personalKindOf(where.key, leaf) : undefined);
      return this.string(leaf, kind);
    });
  }

  /** The kinds of a request's variables, by path, from the operation's variable definitions. */
  private variableKinds(
    document: DocumentNode | undefined,
    body: ScrubbableRequest,
    usage: Map<string, PersonalKind>,
  ): Map<string, PersonalKind> | undefined {
    const operation = document ? getOperationAST(document, body.operationName) : undefined;
    if (!operation || !body.variables) return undefined;
    const kinds = new Map<string, PersonalKind>();
    const stack: {
      value: unknown;
      type: GraphQLInputType | undefined;
      path: (string | number)[];
      kind?: PersonalKind;
    }[] = [];
    for (const def of operation.variableDefinitions ?? []) {
      const name = def.variable.name.value;
      const type = typeFromAST(this.schema, def.type) as GraphQLInputType | undefined;
      const kind = usage.get(name);
      stack.push({ value: body.variables[name], type, path: [name], ...(kind ? { kind } : {}) });
    }
    while (stack.length > 0) {
      const f = stack.pop();
      if (!f) break;
      const type = f.type ? getNullableType(f.type) : undefined;
      if (typeof f.value === 'string') {
        if (f.kind) kinds.set(key(f.path), f.kind);
      } else if (Array.isArray(f.value)) {
        const item = type && isListType(type) ? (type.ofType as GraphQLInputType) : type;
        f.value.forEach((v, i) =>
          stack.push({ value: v, type: item, path: [...f.path, i], ...(f.kind ? { kind: f.kind } : {}) }),
        );
      } else if (f.value !== null && typeof f.value === 'object') {
        const record = f.value as Record<string, unknown>;
        const named = type ? getNamedType(type) : undefined;
        const fields = named && isInputObjectType(named) ? named.getFields() : {};
        for (const [k, v] of Object.entries(record)) {
          const kind = (named ? personalField([named.name], k) : undefined) ?? filterKind(record, k);
          stack.push({ value: v, type: fields[k]?.type, path: [...f.path, k], ...(kind ? { kind } : {}) });
        }
      }
    }
    return kinds;
  }

  /** The document with its personal string literals replaced; the text as sent when nothing changes. */
  private document(
    document: DocumentNode | undefined,
    query: string,
    usage: Map<string, PersonalKind>,
  ): { query: string; replaced: boolean } {
    if (!document) return { query, replaced: false };
    const info = new TypeInfo(this.schema);
    const filters = literalFilterKinds(document, usage);
    // The (input type, field) each literal sits under, innermost last; lists inherit their field's.
    const where: (PersonalKind | undefined)[] = [];
    let replaced = false;
    const next = visit(
      document,
      visitWithTypeInfo(info, {
        ObjectField: {
          enter: (node) => {
            const owner = info.getParentInputType();
            where.push(owner ? personalField([getNamedType(owner).name], node.name.value) : undefined);
          },
          leave: () => void where.pop(),
        },
        Argument: { enter: () => void where.push(undefined), leave: () => void where.pop() },
        // A scalar variable means what the field it is used in means (`firstName: $fn`).
        Variable: (node) => {
          const kind = where[where.length - 1];
          if (kind) usage.set(node.name.value, kind);
        },
        StringValue: (node) => {
          const kind = where[where.length - 1] ?? filters.get(node);
          const out = this.string(node.value, kind);
          if (out === node.value) return undefined;
          replaced = true;
          return { ...node, value: out, block: false };
        },
      }),
    );
    return replaced ? { query: print(next), replaced } : { query, replaced };
  }

  /** A request with its personal literals and variables replaced. */
  request(body: ScrubbableRequest): ScrubbedRequest {
    let document: DocumentNode | undefined;
    try {
      document = parse(body.query);
    } catch {
      document = undefined;
    }
    const usage = new Map<string, PersonalKind>();
    const doc = this.document(document, body.query, usage);
    let replaced = doc.replaced;
    let variables: Record<string, unknown> | undefined;
    if (body.variables) {
      const kinds = this.variableKinds(document, body, usage);
      variables = this.json(body.variables, kinds) as Record<string, unknown>;
      replaced ||= JSON.stringify(variables) !== JSON.stringify(body.variables);
    }
    return {
      body: {
        query: doc.query,
        ...(variables ? { variables } : {}),
        ...(body.operationName ? { operationName: this.string(body.operationName, undefined) } : {}),
      },
      replaced,
    };
  }

  /** A response body (data typed through the request's selections; errors and the rest by pattern). */
  response(body: unknown, request: ScrubbableRequest | undefined): unknown {
    let kinds: Map<string, PersonalKind> | undefined;
    if (request) {
      try {
        const document = parse(request.query);
        kinds = new Map();
        const found = kinds;
        walkResponse(
          this.schema,
          document,
          request.operationName,
          (body as { data?: unknown } | null)?.data,
          {
            field: ({ parentType, field, value, path }) => {
              const kind = personalField(
                [parentType.name, ...parentType.getInterfaces().map((i) => i.name)],
                field.name,
              );
              if (!kind) return;
              if (typeof value === 'string') found.set(key(path), kind);
              else if (Array.isArray(value))
                value.forEach((v, i) => {
                  if (typeof v === 'string') found.set(key([...path, i]), kind);
                });
            },
          },
          { guessAmbiguous: true },
        );
      } catch {
        kinds = undefined;
      }
    }
    return this.json(body, kinds);
  }

  /** Any other value (a difference's expected or actual, a note): patterns only. */
  value(value: unknown): unknown {
    return typeof value === 'string' ? this.string(value, undefined) : this.json(value, new Map());
  }
}
