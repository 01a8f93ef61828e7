import type {
  MutationAddCompanyArgs,
  MutationAddPersonArgs,
  MutationAddPublicLocationArgs,
  MutationChangePublicContactLocationArgs,
  MutationEditPersonEmploymentInformationArgs,
  MutationUpdateContactAdditionalFieldsArgs,
  MutationUpdatePublicCompanyArgs,
  MutationUpdatePublicPersonArgs,
} from '../../contract/types.generated.js';
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
    addPerson: (_: unknown, args: MutationAddPersonArgs, ctx: RequestContext) => addPerson(args, ctx),
    addCompany: (_: unknown, args: MutationAddCompanyArgs, ctx: RequestContext) => addCompany(args, ctx),
    updatePublicPerson: (_: unknown, args: MutationUpdatePublicPersonArgs, ctx: RequestContext) =>
      updatePublicPerson(args, ctx),
    updatePublicCompany: (_: unknown, args: MutationUpdatePublicCompanyArgs, ctx: RequestContext) =>
      updatePublicCompany(args, ctx),
    editPersonEmploymentInformation: (
      _: unknown,
      args: MutationEditPersonEmploymentInformationArgs,
      ctx: RequestContext,
    ) => editPersonEmploymentInformation(args, ctx),
    addPublicLocation: (_: unknown, args: MutationAddPublicLocationArgs, ctx: RequestContext) =>
      addPublicLocation(args, ctx),
    changePublicContactLocation: (
      _: unknown,
      args: MutationChangePublicContactLocationArgs,
      ctx: RequestContext,
    ) => changePublicContactLocation(args, ctx),
    updateContactAdditionalFields: (
      _: unknown,
      args: MutationUpdateContactAdditionalFieldsArgs,
      ctx: RequestContext,
    ) => updateContactAdditionalFields(args, ctx),
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
