import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '../domain/area.js';
import type { BreakableRule } from '../domain/shared/rule-switch.js';

/** Defaults a rule-verification run uses in place of the spec's when it breaks the paging rules. */
const BROKEN_SKIP = 1;
const BROKEN_LIMIT = 10;

/** Result-envelope fields of §7.2 and §7.3 and what a run breaking the rule serves instead. */
const ENVELOPE: Readonly<Record<string, { rule: BreakableRule; broken: unknown }>> = {
  success: { rule: '§7.2', broken: null },
  isSuccessful: { rule: '§7.2', broken: null },
  skippedContactIds: { rule: '§7.3', broken: [] },
  failedIds: { rule: '§7.3', broken: [] },
  skippedCount: { rule: '§7.3', broken: 0 },
};

/**
 * Test-only (`allowRuleBreaking`): switches for rules no single area owns. The paging defaults of §8
 * (skip 0, limit 100, 500 for relationshipTypes) and §6 (event views) are filled in by the schema:
 * when a request's context says the rule is broken, an argument the document did not give gets a
 * wrong default instead. The result
 * envelope of §7.1 (`validationErrors`), §7.2 (`success`, `isSuccessful`) and §7.3 (per-item outcomes)
 * is served by every area's payloads: a broken rule empties those fields where they are served.
 */
export function withBreakableSchemaRules(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field, fieldName) => {
      const envelope =
        fieldName === 'validationErrors' ? { rule: '§7.1' as const, broken: [] } : ENVELOPE[fieldName];
      if (envelope) {
        const resolve = field.resolve ?? defaultFieldResolver;
        return {
          ...field,
          resolve: (source, args, context: RequestContext, info) =>
            context.ruleBroken?.(envelope.rule) ? envelope.broken : resolve(source, args, context, info),
        };
      }
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
          // relationshipTypes' own default (500) broken: the common default of 100 applies instead.
          if (
            !given.has('limit') &&
            args.limit === 500 &&
            info.fieldName === 'relationshipTypes' &&
            broken('§8/limit-relationshipTypes')
          )
            next.limit = 100;
          return resolve(source, next, context, info);
        },
      };
    },
  });
}
