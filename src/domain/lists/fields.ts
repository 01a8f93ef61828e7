import type {
  ListContactsArgs,
  PersonAdditionalFieldValuesArgs,
  PersonListsArgs,
} from '../../contract/types.generated.js';
import type { ContactRecord } from '../contacts/model.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { page, sortItems, type Page, type PagingArgs } from '../shared/paging.js';
import {
  DEFINITIONS_BY_LIST,
  FIELD_DEFINITIONS,
  FOLDER_TYPES,
  LISTS,
  LIST_MEMBERS,
  MEMBERS_BY_CONTACT,
  MEMBERS_BY_LIST,
  VALUES_BY_CONTACT,
  type FieldDefinitionRecord,
  type FieldValueRecord,
  type FolderTypeRecord,
  type ListMemberRecord,
  type ListRecord,
  memberId,
} from './model.js';
import { classOfList } from './list-classes.js';
import {
  apiUserSponsors,
  filterMembers,
  listContactFields,
  membersPage,
  sponsorsOf,
  type MemberRow,
} from './member-view.js';
import { byName, listSort, visibleLists } from './queries.js';
import { listDataTypeOf, valueView } from './value-items.js';
import { acceptsEntity, effectivePermissions } from './rules.js';
import { findContact } from '../contacts/model.js';

/** `List.contacts`: the members, filtered by sponsor and sorted (default by display name, A-73). */
function members(list: ListRecord, args: ListContactsArgs, ctx: RequestContext): Page<MemberRow> {
  const rows: MemberRow[] = [];
  for (const m of ctx.store.lookup<ListMemberRecord>(MEMBERS_BY_LIST, list.id)) {
    const contact = findContact(ctx.store, m.contactId);
    if (contact) rows.push({ id: contact.id, contact, member: m });
  }
  return membersPage(ctx.store, filterMembers(ctx.store, rows, args.filter), args.sort, args);
}

/** Ids of the lists a contact is a member of (pending removals included: they are still members). */
function listIdsOf(contactId: string, ctx: RequestContext): Set<string> {
  return new Set(ctx.store.lookup<ListMemberRecord>(MEMBERS_BY_CONTACT, contactId).map((m) => m.listId));
}

/** A list read through one of its members (`Contact.lists`): `sponsors` and `userIsSponsor` refer to it. */
type ListParent = ListRecord & { viaContactId?: string };

/** `Contact.lists`: the (unarchived) lists the contact is in, sorted and narrowed to `listIds`. */
function contactLists(contact: ContactRecord, args: PersonListsArgs, ctx: RequestContext): Page<ListParent> {
  const only = args.listIds
    ? new Set(args.listIds.filter((id): id is string => typeof id === 'string'))
    : null;
  const lists: ListParent[] = [];
  for (const id of listIdsOf(contact.id, ctx)) {
    const list = ctx.store.get<ListRecord>(LISTS, id);
    if (list && !list.archived && (!only || only.has(id))) lists.push({ ...list, viaContactId: contact.id });
  }
  return page(args.sort ? sortItems(lists, listSort(args.sort)) : byName(lists), args);
}

/**
 * `Contact.notIncludedInTheLists`: the lists the contact is not in and could be linked into: the
 * user may link into them and they accept the contact's kind.
 */
function notIncluded(contact: ContactRecord, args: PagingArgs, ctx: RequestContext): Page<ListRecord> {
  const included = listIdsOf(contact.id, ctx);
  const lists = visibleLists(ctx.store).filter(
    (l) => !included.has(l.id) && effectivePermissions(l).allowedLinkInto && acceptsEntity(l, contact.kind),
  );
  return page(byName(lists), args);
}

/** A contact's list-specific values, of one list when `listId` is given, by field name. */
function fieldValues(
  contactId: string,
  listId: string | null | undefined,
  args: PagingArgs,
  ctx: RequestContext,
) {
  const values = ctx.store.lookup<FieldValueRecord>(VALUES_BY_CONTACT, contactId).flatMap((v) => {
    if (listId && v.listId !== listId) return [];
    const def = ctx.store.get<FieldDefinitionRecord>(FIELD_DEFINITIONS, v.fieldId);
    return def ? [valueView(def, v)] : [];
  });
  return page(sortItems(values, [{ value: (v) => v.fieldName }]), args);
}

/** The list fields of a contact type (Person or Company). */
const contactFields = {
  lists: (c: ContactRecord, args: PersonListsArgs, ctx: RequestContext) => contactLists(c, args, ctx),
  notIncludedInTheLists: (c: ContactRecord, args: PagingArgs, ctx: RequestContext) =>
    notIncluded(c, args, ctx),
  additionalFieldValues: (c: ContactRecord, args: PersonAdditionalFieldValuesArgs, ctx: RequestContext) =>
    fieldValues(c.id, args.listId, args, ctx),
};

/** The membership a list was read through, if any. */
function viaMember(l: ListParent, ctx: RequestContext): ListMemberRecord | undefined {
  return l.viaContactId
    ? ctx.store.get<ListMemberRecord>(LIST_MEMBERS, memberId(l.id, l.viaContactId))
    : undefined;
}

/** Field resolvers of `List`, `FolderType` and the list fields of `Person` and `Company`. */
export const typeResolvers: AreaResolvers = {
  List: {
    listType: (l: ListRecord, _: unknown, ctx: RequestContext) =>
      ctx.store.get<FolderTypeRecord>(FOLDER_TYPES, l.folderTypeId) ?? null,
    allowedLinkInto: (l: ListRecord) => effectivePermissions(l).allowedLinkInto,
    allowedRemoveFrom: (l: ListRecord) => effectivePermissions(l).allowedRemoveFrom,
    addAllowed: (l: ListRecord) => effectivePermissions(l).addAllowed,
    deleteAllowed: (l: ListRecord) => effectivePermissions(l).deleteAllowed,
    addActivityAllowed: (l: ListRecord) => effectivePermissions(l).addActivityAllowed,
    addNoteAllowed: (l: ListRecord) => effectivePermissions(l).addNoteAllowed,
    contacts: (l: ListRecord, args: ListContactsArgs, ctx: RequestContext) => members(l, args, ctx),
    listClass: (l: ListRecord) => classOfList(l),
    type: (l: ListRecord, _: unknown, ctx: RequestContext) =>
      ctx.store.get<FolderTypeRecord>(FOLDER_TYPES, l.folderTypeId)?.name ?? null,
    userIsSponsor: (l: ListParent, _: unknown, ctx: RequestContext) =>
      apiUserSponsors(ctx.store, viaMember(l, ctx)),
    sponsors: (l: ListParent, _: unknown, ctx: RequestContext) => {
      const member = viaMember(l, ctx);
      return member ? sponsorsOf(ctx.store, member) : [];
    },
    additionalFieldDefinitions: (l: ListRecord, args: PagingArgs, ctx: RequestContext) =>
      page(
        sortItems(ctx.store.lookup<FieldDefinitionRecord>(DEFINITIONS_BY_LIST, l.id), [
          { value: (d) => d.name },
        ]),
        args,
      ),
  },
  ListContact: {
    ...listContactFields,
    additionalFieldValues: (r: MemberRow, args: PagingArgs, ctx: RequestContext) =>
      fieldValues(r.contact.id, r.member.listId, args, ctx),
  },
  AdditionalFieldDefinition: {
    listDataType: (d: FieldDefinitionRecord) => listDataTypeOf(d),
  },
  Person: contactFields,
  Company: contactFields,
};
