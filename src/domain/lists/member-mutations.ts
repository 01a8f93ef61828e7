import type {
  MutationAddContactsToListsArgs,
  MutationRemoveContactFromListsArgs,
  MutationRemoveContactsFromListArgs,
} from '../../contract/types.generated.js';
import type { StoreReader, Transaction } from '../../store/index.js';
import { META_API_USER_ID, findContact } from '../contacts/model.js';
import type { RequestContext } from '../area.js';
import { recordEvents, type NewEvent } from '../shared/change-events.js';
import { businessRuleError } from '../shared/errors.js';
import { toIsoDateTime } from '../shared/time.js';
import { Validator } from '../shared/validation.js';
import {
  FIELD_VALUES,
  LIST_MEMBERS,
  VALUES_BY_CONTACT,
  memberId,
  type FieldValueRecord,
  type ListMemberRecord,
  type ListRecord,
  type SponsorRecord,
} from './model.js';
import { acceptsEntity, effectivePermissions, findList } from './rules.js';

// Resolvers open alike here (parent, args, ctx; a transaction; a Validator): the resolver form, not shared logic.

/** The distinct non-empty ids of a list argument, in the order given. */
function distinct(ids: ReadonlyArray<string | null> | null | undefined): string[] {
  return [...new Set((ids ?? []).filter((id): id is string => typeof id === 'string' && id !== ''))];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The events of one membership added or removed: on the list view and on the contact view. */
function membershipEvents(listId: string, contactId: string, added: boolean): NewEvent[] {
  return [
    {
      view: 'list',
      eventType: added ? 'ListMemberAdded' : 'ListMemberRemoved',
      entityId: listId,
      data: { contactId },
    },
    {
      view: 'contact',
      eventType: added ? 'ContactAddedToList' : 'ContactRemovedFromList',
      entityId: contactId,
      data: { listId },
    },
  ];
}

/**
 * `addContactsToLists`: links every contact into every list (§7.3). Each contact/list pair is added,
 * already in place (counted as a success), or skipped: the contact does not exist, the user may not link
 * into the list (`allowedLinkInto`; archived lists are read-only) or the list does not accept the
 * contact's kind (`allowedContactEntity`). Counts are of pairs; `skippedContactIds` names each contact
 * with a skipped pair once. Unknown list ids or empty arguments are a GraphQL error.
 */
export function addContactsToLists(_: unknown, args: MutationAddContactsToListsArgs, ctx: RequestContext) {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    if (distinct(args.listIds).length === 0) v.fail('listIds', 'listIds must name at least one list.');
    if (distinct(args.contactIds).length === 0) {
      v.fail('contactIds', 'contactIds must name at least one contact.');
    }
    const lists = v.references('listIds', args.listIds, (id) => findList(tx, id) !== undefined, 'list');
    if (!v.ok) throw businessRuleError(v.errors);
    const listRecords = lists.map((id) => findList(tx, id) as ListRecord);
    const now = toIsoDateTime(ctx.now());
    const events: NewEvent[] = [];
    const skippedContactIds: string[] = [];
    let total = 0;
    let added = 0;
    let present = 0;
    for (const contactId of distinct(args.contactIds)) {
      const contact = findContact(tx, contactId);
      for (const list of listRecords) {
        total += 1;
        if (!contact || !effectivePermissions(list).allowedLinkInto || !acceptsEntity(list, contact.kind)) {
          if (!skippedContactIds.includes(contactId)) skippedContactIds.push(contactId);
          continue;
        }
        const id = memberId(list.id, contact.id);
        if (tx.has(LIST_MEMBERS, id)) {
          present += 1;
          continue;
        }
        tx.put(LIST_MEMBERS, {
          id,
          listId: list.id,
          contactId: contact.id,
          flag: list.showFlags ? list.newContactFlag : 'none',
          pendingRemoval: false,
          addedAt: now,
          // On a sponsorship list the user who adds a contact becomes its primary sponsor.
          ...(list.sponsorship ? { sponsors: apiUserSponsor(tx) } : {}),
        } satisfies ListMemberRecord);
        events.push(...membershipEvents(list.id, contact.id, true));
        added += 1;
      }
    }
    recordEvents(tx, ctx, events);
    const skipped = total - added - present;
    return {
      totalCount: total,
      successCount: added + present,
      skippedCount: skipped,
      skippedContactIds,
      resultText:
        `${plural(added, 'contact-list link')} added, ${present} already in place, ` +
        `${skipped} skipped of ${total}.`,
    };
  });
}

/** Deletes a membership and the member's field values of that list; returns its events. */
function removeMembership(tx: Transaction, member: ListMemberRecord): NewEvent[] {
  tx.delete(LIST_MEMBERS, member.id);
  for (const value of tx.lookup<FieldValueRecord>(VALUES_BY_CONTACT, member.contactId)) {
    if (value.listId === member.listId) tx.delete(FIELD_VALUES, value.id);
  }
  return membershipEvents(member.listId, member.contactId, false);
}

/** Marks a membership's removal as waiting for approval; the contact stays a member. */
function markPending(tx: Transaction, member: ListMemberRecord): void {
  if (!member.pendingRemoval) tx.put(LIST_MEMBERS, { ...member, pendingRemoval: true });
}

/**
 * `removeContactFromLists`: removes one contact from several lists, reporting per list (§7.3):
 * `successIds` removed, `pendingIds` waiting for approval (the membership is kept), `failedIds` for an
 * unknown list, a list the contact is not in, or one the user may not remove from (`allowedRemoveFrom`;
 * archived lists are read-only). An unknown contact or no list ids is a validation failure.
 */
export function removeContactFromLists(
  _: unknown,
  args: MutationRemoveContactFromListsArgs,
  ctx: RequestContext,
) {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const contact = findContact(tx, args.input.contactId);
    if (!contact) v.fail('contactId', `No contact exists with id "${args.input.contactId}".`);
    const listIds = distinct(args.input.listIds);
    if (listIds.length === 0) v.fail('listIds', 'listIds must name at least one list.');
    if (!v.ok || !contact) return { item: null, validationErrors: v.errors };
    const successIds: string[] = [];
    const failedIds: string[] = [];
    const pendingIds: string[] = [];
    const events: NewEvent[] = [];
    for (const listId of listIds) {
      const list = findList(tx, listId);
      const member = tx.get<ListMemberRecord>(LIST_MEMBERS, memberId(listId, contact.id));
      if (!list || !member || !effectivePermissions(list).allowedRemoveFrom) {
        failedIds.push(listId);
      } else if (list.removalRequiresApproval) {
        markPending(tx, member);
        pendingIds.push(listId);
      } else {
        events.push(...removeMembership(tx, member));
        successIds.push(listId);
      }
    }
    recordEvents(tx, ctx, events);
    return {
      item: {
        successIds,
        failedIds,
        pendingIds,
        resultText:
          `Removed from ${plural(successIds.length, 'list')}; ${failedIds.length} failed; ` +
          `${pendingIds.length} pending approval.`,
      },
      validationErrors: [],
    };
  });
}

/**
 * `removeContactsFromList`: removes several contacts from one list (§7.3). `contactsEffected` counts the
 * removed members, `pendingContactsEffected` those whose removal waits for approval; ids that are not
 * members are not effected. The result has no `validationErrors`, so an unknown list, a list the user may
 * not remove from, or no contact ids is a GraphQL error.
 */
export function removeContactsFromList(
  _: unknown,
  args: MutationRemoveContactsFromListArgs,
  ctx: RequestContext,
) {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const list = findList(tx, args.listId);
    if (!list) v.fail('listId', `No list exists with id "${args.listId}".`);
    else if (list.archived) v.fail('listId', `List "${list.name}" is archived and cannot be changed.`);
    else if (!effectivePermissions(list).allowedRemoveFrom) {
      v.fail('listId', `You are not allowed to remove contacts from list "${list.name}".`);
    }
    const contactIds = distinct(args.contactIds);
    if (contactIds.length === 0) v.fail('contactIds', 'contactIds must name at least one contact.');
    if (!v.ok || !list) throw businessRuleError(v.errors);
    let removed = 0;
    let pending = 0;
    const events: NewEvent[] = [];
    for (const contactId of contactIds) {
      const member = tx.get<ListMemberRecord>(LIST_MEMBERS, memberId(list.id, contactId));
      if (!member) continue;
      if (list.removalRequiresApproval) {
        markPending(tx, member);
        pending += 1;
      } else {
        events.push(...removeMembership(tx, member));
        removed += 1;
      }
    }
    recordEvents(tx, ctx, events);
    const notMembers = contactIds.length - removed - pending;
    return {
      contactsEffected: removed,
      pendingContactsEffected: pending,
      resultText:
        `${plural(removed, 'contact')} removed, ${pending} pending approval, ` +
        `${notMembers} not in the list.`,
    };
  });
}

/** The API user as the only, primary sponsor (none when the store has no API user). */
function apiUserSponsor(store: StoreReader): SponsorRecord[] {
  const id = store.meta[META_API_USER_ID];
  return typeof id === 'string' ? [{ userId: id, isPrimary: true }] : [];
}
