import type {
  QueryCompanyArgs,
  QueryContactArgs,
  QueryContactTypesArgs,
  QueryPeopleArgs,
  QueryPersonArgs,
  QueryProfileArgs,
  QuerySearchFirmContactsArgs,
} from '../../contract/types.generated.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { badUserInput } from '../shared/errors.js';
import { containsText, MAX_IDS_PER_LOOKUP, page, sortItems } from '../shared/paging.js';
import {
  CONTACT_TYPES,
  PROFILES_BY_CONTACT,
  type ContactRecord,
  type ContactTypeRecord,
  type ProfileRecord,
  findContact,
} from './model.js';
import { searchFirmContacts } from './search.js';

/** `people(ids)`: the people among the ids, in the order asked, each once; unknown ids are left out. */
function people(args: QueryPeopleArgs, ctx: RequestContext): ContactRecord[] {
  const ids = args.ids ?? [];
  if (ids.length > MAX_IDS_PER_LOOKUP) {
    throw badUserInput(`ids may name at most ${MAX_IDS_PER_LOOKUP} people (got ${ids.length}).`);
  }
  const out: ContactRecord[] = [];
  for (const id of new Set(ids)) {
    const person = findContact(ctx.store, id, 'Person');
    if (person) out.push(person);
  }
  return out;
}

/** `contactTypes(input, skip, limit)`: filters combine with AND; sorted by name. */
function contactTypes(args: QueryContactTypesArgs, ctx: RequestContext) {
  const input = args.input ?? {};
  const matches = [...ctx.store.all<ContactTypeRecord>(CONTACT_TYPES)].filter(
    (t) =>
      (!input.folderId || t.folderId === input.folderId) &&
      (!input.allowedContactEntity || t.allowedContactEntity === input.allowedContactEntity) &&
      containsText(t.name, input.name),
  );
  return page(sortItems(matches, [{ value: (t) => t.name }]), args);
}

/** `profile(contactId)`: the contact's profiles by display order; null for an unknown contact. */
function profile(args: QueryProfileArgs, ctx: RequestContext) {
  if (!findContact(ctx.store, args.contactId)) return null;
  const profiles = sortItems(ctx.store.lookup<ProfileRecord>(PROFILES_BY_CONTACT, args.contactId), [
    { value: (p) => p.displayOrder },
  ]);
  return {
    totalModels: profiles.length,
    models: profiles.map((p) => ({
      ...p,
      profileItems: [...p.profileItems].sort((a, b) => a.displayOrder - b.displayOrder),
    })),
  };
}

/** Query resolvers of the contacts area. */
export const queryResolvers: AreaResolvers = {
  Query: {
    contact: (_: unknown, args: QueryContactArgs, ctx: RequestContext) =>
      findContact(ctx.store, args.id) ?? null,
    company: (_: unknown, args: QueryCompanyArgs, ctx: RequestContext) =>
      findContact(ctx.store, args.id, 'Company') ?? null,
    person: (_: unknown, args: QueryPersonArgs, ctx: RequestContext) =>
      findContact(ctx.store, args.id, 'Person') ?? null,
    people: (_: unknown, args: QueryPeopleArgs, ctx: RequestContext) => people(args, ctx),
    contactTypes: (_: unknown, args: QueryContactTypesArgs, ctx: RequestContext) => contactTypes(args, ctx),
    profile: (_: unknown, args: QueryProfileArgs, ctx: RequestContext) => profile(args, ctx),
    searchFirmContacts: (_: unknown, args: QuerySearchFirmContactsArgs, ctx: RequestContext) =>
      searchFirmContacts(args, ctx),
  },
};
