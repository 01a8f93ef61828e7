import type { ContactRecord } from '../contacts/model.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import { page, sortItems, type Page, type PagingArgs } from '../shared/paging.js';
import {
  DEFINITIONS_BY_LIST,
  FIELD_DEFINITIONS,
  FOLDER_TYPES,
  LISTS,
  MEMBERS_BY_CONTACT,
  MEMBERS_BY_LIST,
  VALUES_BY_CONTACT,
  type FieldDefinitionRecord,
  type FieldValueRecord,
  type FolderTypeRecord,
  type ListMemberRecord,
  type ListRecord,
} from './model.js';
import { byName, visibleLists } from './queries.js';
import { acceptsEntity, effectivePermissions, findContact } from './rules.js';

/** `List.contacts`: the members, by display name (ties by id). */
function members(list: ListRecord, args: PagingArgs, ctx: RequestContext): Page<ContactRecord> {
  const contacts: ContactRecord[] = [];
  for (const m of ctx.store.lookup<ListMemberRecord>(MEMBERS_BY_LIST, list.id)) {
    const contact = findContact(ctx.store, m.contactId);
    if (contact) contacts.push(contact);
  }
  return page(sortItems(contacts, [{ value: (c) => c.displayName }]), args);
}

/** Ids of the lists a contact is a member of (pending removals included: they are still members). */
function listIdsOf(contactId: string, ctx: RequestContext): Set<string> {
  return new Set(ctx.store.lookup<ListMemberRecord>(MEMBERS_BY_CONTACT, contactId).map((m) => m.listId));
}

/** `Contact.lists`: the (unarchived) lists the contact is in. */
function contactLists(contact: ContactRecord, args: PagingArgs, ctx: RequestContext): Page<ListRecord> {
  const lists: ListRecord[] = [];
  for (const id of listIdsOf(contact.id, ctx)) {
    const list = ctx.store.get<ListRecord>(LISTS, id);
    if (list && !list.archived) lists.push(list);
  }
  return page(byName(lists), args);
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

/** `Contact.additionalFieldValues`: the contact's list-specific values, by field name. */
function fieldValues(contact: ContactRecord, args: PagingArgs, ctx: RequestContext) {
  const values = ctx.store.lookup<FieldValueRecord>(VALUES_BY_CONTACT, contact.id).flatMap((v) => {
    const def = ctx.store.get<FieldDefinitionRecord>(FIELD_DEFINITIONS, v.fieldId);
    return def
      ? [
          {
            id: v.id,
            fieldId: v.fieldId,
            fieldName: def.name,
            listId: v.listId,
            value: v.value,
            secondaryValue: v.secondaryValue,
          },
        ]
      : [];
  });
  return page(sortItems(values, [{ value: (v) => v.fieldName }]), args);
}

/** The list fields of a contact type (Person or Company). */
const contactFields = {
  lists: (c: ContactRecord, args: PagingArgs, ctx: RequestContext) => contactLists(c, args, ctx),
  notIncludedInTheLists: (c: ContactRecord, args: PagingArgs, ctx: RequestContext) =>
    notIncluded(c, args, ctx),
  additionalFieldValues: (c: ContactRecord, args: PagingArgs, ctx: RequestContext) =>
    fieldValues(c, args, ctx),
};

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
    contacts: (l: ListRecord, args: PagingArgs, ctx: RequestContext) => members(l, args, ctx),
    additionalFieldDefinitions: (l: ListRecord, args: PagingArgs, ctx: RequestContext) =>
      page(
        sortItems(ctx.store.lookup<FieldDefinitionRecord>(DEFINITIONS_BY_LIST, l.id), [
          { value: (d) => d.name },
        ]),
        args,
      ),
  },
  Person: contactFields,
  Company: contactFields,
};
