import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { isRef, type IMockStore, type Ref } from '@graphql-tools/mock';
// An import list (boilerplate): it names what other files import too.
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isListType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { fieldScalarValue } from './mocks.js';
import type { MockOverrides } from './overrides.js';

/**
 * A mock that agrees with itself. Every value is a function of the seed, the object it belongs to
 * (its type and key) and the field (with its arguments), never of the request around it:
 * - an object read by id (`person(id: X)`, `people(ids: [X])`) has key and `id` X, and the same fields
 *   in every request; an object reached through a field has a key derived from its parent's and the
 *   field's, so it too is the same wherever it is read from;
 * - a paged result (`totalModels` + `models`) has `totalModels` items in all, of which `models` shows
 *   those from `skip`, at most `limit`; item `i` is the same whichever page shows it;
 * - `displayName` and `fullName` are composed from `firstName` and `lastName` where the type has them;
 * - overrides (a file of values per type and field) are served before anything is generated.
 * The @graphql-tools MockStore holds each request's objects as keyed refs (and resolves abstract types by
 * them); the values need no keeping, as they are derived again the same.
 */
export interface ConsistentMock {
  /** Resolvers for `addMocksToSchema`: every field of every object type. */
  resolvers: (store: IMockStore) => Record<string, Record<string, GraphQLFieldResolver<unknown, unknown>>>;
  /** Forgets the request's pages (call with `store.reset()` before each request). */
  reset(): void;
}

/** A UUID-shaped key derived from its parts (so ids look like the contract's GUIDs). */
export function derivedId(...parts: readonly unknown[]): string {
  const hex = createHash('sha256').update(parts.map(String).join('\0')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function seedOf(...parts: readonly unknown[]): number {
  return createHash('sha256').update(parts.map(String).join('\0')).digest().readUInt32BE(0);
}

/** Whether a type is a page: `totalModels` and a list `models`. */
export function isPagedType(type: GraphQLNamedType): type is GraphQLObjectType {
  if (!isObjectType(type)) return false;
  const fields = type.getFields();
  return (
    fields['totalModels'] !== undefined &&
    fields['models'] !== undefined &&
    isListType(getNullableType(fields['models'].type))
  );
}

/** Arguments without the paging ones: what identifies a list, whichever page is read. */
function listArgs(args: Record<string, unknown>): string {
  const { skip: _skip, limit: _limit, ...rest } = args;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

interface Page {
  base: string;
  total: number;
  skip: number;
  limit: number;
}

/** Builds the resolvers of a consistent mock of `schema`. */
export function consistentMock(
  schema: GraphQLSchema,
  seed: number,
  faker: Faker,
  overrides: () => MockOverrides,
): ConsistentMock {
  const pages = new Map<string, Page>();

  /** A concrete type for an abstract one, chosen by the key (the same key, the same type). */
  const concrete = (type: GraphQLNamedType, key: string): string => {
    if (!isAbstractType(type)) return type.name;
    const possible = schema.getPossibleTypes(type);
    return possible[seedOf(seed, type.name, key) % possible.length]!.name;
  };

  const scalarOf = (
    parent: GraphQLObjectType,
    key: string,
    field: GraphQLField<unknown, unknown>,
    type: GraphQLOutputType,
    salt: string,
  ): unknown => {
    const nullable = getNullableType(type);
    faker.seed(seedOf(seed, parent.name, key, field.name, salt));
    if (isListType(nullable)) {
      const length = faker.number.int({ min: 2, max: 3 });
      return Array.from({ length }, (_, i) => scalarOf(parent, key, field, nullable.ofType, `${salt}.${i}`));
    }
    if (isEnumType(nullable)) return faker.helpers.arrayElement(nullable.getValues()).value;
    return fieldScalarValue((nullable as { name: string }).name, field.name, faker, parent.name);
  };

  return {
    reset: () => pages.clear(),
    resolvers: (store) => {
      const refTo = (typeName: string, key: string) => store.get(typeName, key) as Ref;

      /** A field's value for one object: overridden, composed, or generated, and kept in the store. */
      const valueOf = (
        parent: GraphQLObjectType,
        key: string,
        field: GraphQLField<unknown, unknown>,
        args: Record<string, unknown>,
      ): unknown => {
        const named = getNamedType(field.type);
        const fieldKey = Object.keys(args).length > 0 ? JSON.stringify(args) : '';
        const override = overrides().types?.[parent.name]?.[field.name];
        if (isScalarType(named) || isEnumType(named)) {
          if (override !== undefined) return override;
          if (field.name === 'id' && named.name === 'ID') return key;
          const fields = parent.getFields();
          if (
            (field.name === 'displayName' || field.name === 'fullName') &&
            fields['firstName'] &&
            fields['lastName']
          ) {
            const part = (name: string) => valueOf(parent, key, fields[name]!, {});
            return [part('firstName'), part('lastName')].filter((p) => typeof p === 'string' && p).join(' ');
          }
          return scalarOf(parent, key, field, field.type, fieldKey);
        }
        // Objects: read by id, a page, a list, or one object.
        const list = isListType(getNullableType(field.type));
        if (!list && typeof args['id'] === 'string' && isRootName(parent.name))
          return refTo(concrete(named, args['id']), args['id']);
        if (list && Array.isArray(args['ids']) && isRootName(parent.name))
          return (args['ids'] as unknown[]).map((id) => refTo(concrete(named, String(id)), String(id)));
        const base = derivedId(seed, parent.name, key, field.name, listArgs(args));
        if (isPagedType(named)) {
          const totalOverride = overrides().types?.[named.name]?.['totalModels'];
          faker.seed(seedOf(seed, 'total', base));
          const total =
            typeof totalOverride === 'number' ? totalOverride : faker.number.int({ min: 0, max: 20 });
          const skip = typeof args['skip'] === 'number' ? Math.max(0, args['skip']) : 0;
          const limit = typeof args['limit'] === 'number' ? Math.max(0, args['limit']) : 100;
          const pageKey = `${base}|${skip}|${limit}`;
          pages.set(pageKey, { base, total, skip, limit });
          return refTo(named.name, pageKey);
        }
        if (list) {
          faker.seed(seedOf(seed, 'length', base));
          const length = faker.number.int({ min: 2, max: 3 });
          return Array.from({ length }, (_, i) => {
            const itemKey = derivedId(base, i);
            return refTo(concrete(named, itemKey), itemKey);
          });
        }
        return refTo(concrete(named, base), base);
      };

      /** `models`, `totalModels`, `skip` and `limit` of a page, which agree with each other. */
      const pageField = (field: GraphQLField<unknown, unknown>, page: Page): unknown => {
        switch (field.name) {
          case 'totalModels':
            return page.total;
          case 'skip':
            return page.skip;
          case 'limit':
            return page.limit;
          case 'models': {
            const itemType = getNamedType(field.type);
            const count = Math.max(0, Math.min(page.limit, page.total - page.skip));
            return Array.from({ length: count }, (_, i) => {
              const itemKey = derivedId(page.base, page.skip + i);
              return refTo(concrete(itemType, itemKey), itemKey);
            });
          }
          default:
            return undefined;
        }
      };

      const resolvers: Record<string, Record<string, GraphQLFieldResolver<unknown, unknown>>> = {};
      for (const type of Object.values(schema.getTypeMap())) {
        if (!isObjectType(type) || type.name.startsWith('__')) continue;
        const paged = isPagedType(type);
        const fields: Record<string, GraphQLFieldResolver<unknown, unknown>> = {};
        for (const field of Object.values(type.getFields())) {
          fields[field.name] = (parent, args) => {
            const key = isRef(parent) ? String(parent.$ref.key) : type.name;
            const page = paged ? pages.get(key) : undefined;
            if (page) {
              const value = pageField(field, page);
              if (value !== undefined) return value;
            }
            return valueOf(type, key, field, args as Record<string, unknown>);
          };
        }
        resolvers[type.name] = fields;
      }
      return resolvers;
    },
  };

  function isRootName(name: string): boolean {
    return (
      name === schema.getQueryType()?.name ||
      name === schema.getMutationType()?.name ||
      name === schema.getSubscriptionType()?.name
    );
  }
}
