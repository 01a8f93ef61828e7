import type { QueryOpportunitiesArgs, QueryOpportunityArgs } from '../../contract/types.generated.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { addOpportunity, addOpportunityActivity, removeOpportunity } from './add-mutations.js';
import { opportunityFields } from './fields.js';
import {
  patchOpportunityOriginationSource,
  patchOpportunityOutcomeReason,
  patchOpportunityType,
  updateOpportunityStageTemplates,
} from './lookup-mutations.js';
import { OPPORTUNITIES, type OpportunityRecord } from './model.js';
import { queryOpportunities } from './queries.js';
import {
  updateOpportunityConfidential,
  updateOpportunityDetails,
  updateOpportunityLinks,
  updateOpportunityLocations,
  updateOpportunityPeople,
  updateOpportunityStageInstances,
  updateOpportunityStatus,
  updateOpportunitySummary,
} from './update-mutations.js';

// The Mutation map names the imported resolvers again: a list of names (boilerplate), not logic.

type Ctx = RequestContext;

/** Queries, mutations and type fields of the opportunities area (spec §2.5, §4; ). */
export const opportunitiesResolvers: AreaResolvers = {
  Query: {
    opportunities: (_: unknown, args: QueryOpportunitiesArgs, ctx: Ctx) =>
      queryOpportunities(ctx.store, args),
    opportunity: (_: unknown, args: QueryOpportunityArgs, ctx: Ctx) =>
      ctx.store.get<OpportunityRecord>(OPPORTUNITIES, args.id) ?? null,
  },
  Mutation: {
    addOpportunity,
    addOpportunityActivity,
    removeOpportunity,
    updateOpportunityConfidential,
    updateOpportunityDetails,
    updateOpportunityLinks,
    updateOpportunityLocations,
    updateOpportunityPeople,
    updateOpportunityStageInstances,
    updateOpportunityStageTemplates,
    updateOpportunityStatus,
    updateOpportunitySummary,
    patchOpportunityType,
    patchOpportunityOriginationSource,
    patchOpportunityOutcomeReason,
  },
  ...opportunityFields,
};
