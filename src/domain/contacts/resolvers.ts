import { mergeResolvers } from '@graphql-tools/merge';
import { ruleBroken } from '../shared/rule-switch.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { addCompany, addPerson } from './add-mutations.js';
import { addPublicLocation, changePublicContactLocation } from './location-mutations.js';
import { queryResolvers } from './queries.js';
import {
  editPersonEmploymentInformation,
  updateContactAdditionalFields,
  updatePublicCompany,
  updatePublicPerson,
} from './update-mutations.js';
import { typeResolvers } from './fields.js';

const mutationResolvers: AreaResolvers = {
  Mutation: {
    addPerson,
    addCompany,
    updatePublicPerson,
    updatePublicCompany,
    editPersonEmploymentInformation,
    addPublicLocation,
    changePublicContactLocation,
    updateContactAdditionalFields,
  },
};

/** §7.4: contact mutation results carry a status; a rule-verification run breaking the rule drops it. */
const status = (result: { status?: string | null }, _: unknown, ctx: RequestContext): string | null =>
  ruleBroken(ctx, '§7.4') ? null : (result.status ?? null);

const statusResolvers: AreaResolvers = {
  MutatePersonResults: { status },
  MutateCompanyResults: { status },
  MutateLocationResults: { status },
};

/** Every resolver of the contacts area. */
export const contactResolvers = mergeResolvers([
  queryResolvers,
  mutationResolvers,
  typeResolvers,
  statusResolvers,
]) as AreaResolvers;
