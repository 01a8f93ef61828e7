import type {
  MutationAddMatterArgs,
  MutationAddMatterFinancialArgs,
  MutationRemoveMatterArgs,
  MutationRemoveMatterFinancialsArgs,
} from '../../contract/types.generated.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { addMatter, addMatterFinancial, removeMatter, removeMatterFinancials } from './mutations.js';

type Ctx = RequestContext;

/** The matter mutations (§4.2, A-50); there is no matter query, `Opportunity.associatedMatter` shows them. */
export const matterResolvers: AreaResolvers = {
  Mutation: {
    addMatter: (_: unknown, args: MutationAddMatterArgs, ctx: Ctx) => addMatter(ctx, args),
    addMatterFinancial: (_: unknown, args: MutationAddMatterFinancialArgs, ctx: Ctx) =>
      addMatterFinancial(ctx, args),
    removeMatter: (_: unknown, args: MutationRemoveMatterArgs, ctx: Ctx) => removeMatter(ctx, args),
    removeMatterFinancials: (_: unknown, args: MutationRemoveMatterFinancialsArgs, ctx: Ctx) =>
      removeMatterFinancials(ctx, args),
  },
};
