import type { AreaResolvers } from '../area.js';
import { addMatter, addMatterFinancial, removeMatter, removeMatterFinancials } from './mutations.js';

/** The matter mutations (§4.2, A-50); there is no matter query, `Opportunity.associatedMatter` shows them. */
export const matterResolvers: AreaResolvers = {
  Mutation: { addMatter, addMatterFinancial, removeMatter, removeMatterFinancials },
};
