import { mergeResolvers } from '@graphql-tools/merge';
import type {
  QueryInitiativeArgs,
  QueryInitiativesArgs,
  QueryObjectiveArgs,
  QueryObjectiveTypesArgs,
  QueryObjectivesArgs,
} from '../../contract/types.generated.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { planningFieldResolvers } from './fields.js';
import {
  addInitiative,
  addObjective,
  removeInitiative,
  removeObjective,
  updateInitiative,
  updateInitiativeStatus,
  updateObjective,
  updateObjectiveStatus,
} from './mutations.js';
import { patchObjectiveType } from './objective-type-mutations.js';
import { queryInitiatives, queryObjectiveTypes, queryObjectives } from './queries.js';
import { findInitiative, findObjective } from './rules.js';

type Ctx = RequestContext;

const operations: AreaResolvers = {
  Query: {
    objectives: (_: unknown, args: QueryObjectivesArgs, ctx: Ctx) => queryObjectives(ctx.store, args),
    // A look-up by id shows a removed item too, with isDeleted: true (§3).
    objective: (_: unknown, args: QueryObjectiveArgs, ctx: Ctx) => findObjective(ctx.store, args.id) ?? null,
    initiatives: (_: unknown, args: QueryInitiativesArgs, ctx: Ctx) => queryInitiatives(ctx.store, args),
    initiative: (_: unknown, args: QueryInitiativeArgs, ctx: Ctx) =>
      findInitiative(ctx.store, args.id) ?? null,
    objectiveTypes: (_: unknown, args: QueryObjectiveTypesArgs, ctx: Ctx) =>
      queryObjectiveTypes(ctx.store, args),
  },
  Mutation: {
    addObjective,
    updateObjective,
    updateObjectiveStatus,
    removeObjective,
    addInitiative,
    updateInitiative,
    updateInitiativeStatus,
    removeInitiative,
    patchObjectiveType,
  },
};

/** Queries, mutations and type fields of business planning (spec §2.5, §4). */
export const planningResolvers = mergeResolvers([operations, planningFieldResolvers]) as AreaResolvers;
