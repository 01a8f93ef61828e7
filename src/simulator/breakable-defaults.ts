import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '../domain/area.js';

/** Defaults a rule-verification run uses in place of the spec's when it breaks the paging rules. */
const BROKEN_SKIP = 1;
const BROKEN_LIMIT = 10;

/**
 * Test-only (`allowRuleBreaking`): the paging defaults of §8 (skip 0, limit 100) and §6 (event views)
 * are filled in by the schema, not by an area, so their switches sit here. When a request's context
 * says the rule is broken, an argument the document did not give gets a wrong default instead.
 */
export function withBreakablePagingDefaults(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      if (!field.args || !('skip' in field.args || 'limit' in field.args)) return field;
      const resolve = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve: (source, args: Record<string, unknown>, context: RequestContext, info) => {
          const broken = context.ruleBroken;
          if (!broken) return resolve(source, args, context, info);
          const given = new Set((info.fieldNodes[0]?.arguments ?? []).map((a) => a.name.value));
          const limitRule = info.fieldName.endsWith('EventViews') ? '§6/paging' : '§8/limit-default';
          const next = { ...args };
          if (!given.has('skip') && args.skip === 0 && broken('§8/skip-default')) next.skip = BROKEN_SKIP;
          if (!given.has('limit') && args.limit === 100 && broken(limitRule)) next.limit = BROKEN_LIMIT;
          return resolve(source, next, context, info);
        },
      };
    },
  });
}
