import type {
  EditListDetailsInput,
  EditWorkingListDetailsInput,
  MutationAddListArgs,
  MutationAddWorkingListArgs,
  MutationEditListDetailsArgs,
  MutationEditWorkingListDetailsArgs,
  MutationRemoveWorkingListArgs,
} from '../../contract/types.generated.js';
import type { Transaction } from '../../store/index.js';
import type { RequestContext } from '../area.js';
import { recordEvents, type NewEvent } from '../shared/change-events.js';
import { businessRuleError, type ValidationError } from '../shared/errors.js';
import { newId, toIsoDateTime } from '../shared/time.js';
import { MAX_LONG_TEXT, Validator } from '../shared/validation.js';
import {
  allListPermissions,
  DEFINITIONS_BY_LIST,
  FIELD_DEFINITIONS,
  FIELD_VALUES,
  LIST_MEMBERS,
  LISTS,
  MEMBERS_BY_LIST,
  VALUES_BY_FIELD,
  type FieldDefinitionRecord,
  type FieldValueRecord,
  type ListKind,
  type ListMemberRecord,
  type ListRecord,
} from './model.js';
import {
  apiUserName,
  checkEditableList,
  checkFolderFlags,
  checkNewList,
  effectivePermissions,
  findList,
} from './rules.js';

// Resolvers open alike here (parent, args, ctx; a transaction; a Validator): the resolver form, not shared logic.

/** Outcome of a list write: the list id, or the failures (nothing written). */
type ListWrite = { id: string; errors?: undefined } | { id?: undefined; errors: ValidationError[] };

function createList(
  args: MutationAddListArgs | MutationAddWorkingListArgs,
  ctx: RequestContext,
  kind: ListKind,
): Promise<ListWrite> {
  return ctx.store.transact((tx): ListWrite => {
    const v = new Validator();
    const fields = checkNewList(v, tx, args.input, kind);
    if (!fields) return { errors: v.errors };
    const now = toIsoDateTime(ctx.now());
    const user = apiUserName(tx);
    const list: ListRecord = {
      id: newId(),
      name: fields.name,
      description: fields.description,
      listClass: kind,
      folderTypeId: fields.folderType.id,
      showFlags: fields.showFlags,
      newContactFlag: fields.newContactFlag,
      folderFlags: fields.folderFlags,
      ownerName: user,
      creatorName: user,
      allowedContactEntity: 'Any',
      // The creator of a list holds every right on it.
      isAdministrator: true,
      permissions: allListPermissions(),
      removalRequiresApproval: false,
      archived: false,
      frequentlyUsed: false,
      createdAt: now,
      updatedAt: now,
    };
    tx.put(LISTS, list);
    recordEvents(tx, ctx, [{ view: 'list', eventType: 'ListCreated', entityId: list.id }]);
    return { id: list.id };
  });
}

/** `addList`: creates a marketing list (A-29: its folder type must be of class marketingLists). */
export async function addList(_: unknown, args: MutationAddListArgs, ctx: RequestContext) {
  const outcome = await createList(args, ctx, 'marketingLists');
  if (outcome.errors) return { item: null, validationErrors: outcome.errors };
  return { item: findList(ctx.store, outcome.id) ?? null, validationErrors: [] };
}

/** `addWorkingList`: creates a working list; failures as `success: false` with `errorText` (§7.2). */
export async function addWorkingList(_: unknown, args: MutationAddWorkingListArgs, ctx: RequestContext) {
  const outcome = await createList(args, ctx, 'workingLists');
  if (outcome.errors) return { success: false, errorText: errorText(outcome.errors), item: null };
  return { success: true, errorText: null, item: findList(ctx.store, outcome.id) ?? null };
}

/** The failures of a working-list mutation as one `errorText`. */
function errorText(errors: readonly ValidationError[]): string {
  return errors.map((e) => e.message).join(' ');
}

/** The edited list, or undefined when the input changes nothing; omitted fields keep their value. */
function editedList(
  v: Validator,
  list: ListRecord,
  input: EditListDetailsInput | EditWorkingListDetailsInput,
): ListRecord | undefined {
  const next: ListRecord = { ...list };
  if (input.name !== null && input.name !== undefined) {
    const name = v.requiredText('name', input.name);
    if (name !== undefined) next.name = name;
  }
  // An explicit null clears the description; omitted keeps it.
  if (input.description !== undefined) {
    next.description = v.optionalText('description', input.description, MAX_LONG_TEXT) ?? null;
  }
  if ('showFlags' in input && input.showFlags !== null && input.showFlags !== undefined) {
    next.showFlags = input.showFlags;
  }
  if ('newContactFlag' in input && input.newContactFlag !== null && input.newContactFlag !== undefined) {
    next.newContactFlag = input.newContactFlag;
  }
  if ('folderFlags' in input && input.folderFlags !== null && input.folderFlags !== undefined) {
    next.folderFlags = checkFolderFlags(v, input.folderFlags);
  }
  const changed =
    next.name !== list.name ||
    next.description !== list.description ||
    next.showFlags !== list.showFlags ||
    next.newContactFlag !== list.newContactFlag ||
    JSON.stringify(next.folderFlags) !== JSON.stringify(list.folderFlags);
  return changed ? next : undefined;
}

function editList(
  input: EditListDetailsInput | EditWorkingListDetailsInput,
  ctx: RequestContext,
  kind: ListKind,
): Promise<ListWrite> {
  return ctx.store.transact((tx): ListWrite => {
    const v = new Validator();
    const list = checkEditableList(v, tx, input.id, kind);
    const next = list ? editedList(v, list, input) : undefined;
    if (!v.ok || !list) return { errors: v.errors };
    if (next) {
      tx.put(LISTS, { ...next, updatedAt: toIsoDateTime(ctx.now()) });
      recordEvents(tx, ctx, [{ view: 'list', eventType: 'ListUpdated', entityId: list.id }]);
    }
    return { id: list.id };
  });
}

/** `editListDetails`: edits a marketing list. */
export async function editListDetails(_: unknown, args: MutationEditListDetailsArgs, ctx: RequestContext) {
  const outcome = await editList(args.input, ctx, 'marketingLists');
  if (outcome.errors) return { item: null, validationErrors: outcome.errors };
  return { item: findList(ctx.store, outcome.id) ?? null, validationErrors: [] };
}

/** `editWorkingListDetails`: edits a working list; failures as `success: false` with `errorText`. */
export async function editWorkingListDetails(
  _: unknown,
  args: MutationEditWorkingListDetailsArgs,
  ctx: RequestContext,
) {
  const outcome = await editList(args.input, ctx, 'workingLists');
  if (outcome.errors) return { success: false, errorText: errorText(outcome.errors), item: null };
  return { success: true, errorText: null, item: findList(ctx.store, outcome.id) ?? null };
}

/**
 * Deletes a list with its memberships, field definitions and values, recording `ListDeleted` and a
 * `ContactRemovedFromList` per former member.
 */
function deleteListCascade(tx: Transaction, ctx: RequestContext, list: ListRecord): void {
  const events: NewEvent[] = [];
  for (const m of tx.lookup<ListMemberRecord>(MEMBERS_BY_LIST, list.id)) {
    tx.delete(LIST_MEMBERS, m.id);
    events.push({
      view: 'contact',
      eventType: 'ContactRemovedFromList',
      entityId: m.contactId,
      data: { listId: list.id },
    });
  }
  for (const def of tx.lookup<FieldDefinitionRecord>(DEFINITIONS_BY_LIST, list.id)) {
    for (const value of tx.lookup<FieldValueRecord>(VALUES_BY_FIELD, def.id))
      tx.delete(FIELD_VALUES, value.id);
    tx.delete(FIELD_DEFINITIONS, def.id);
  }
  tx.delete(LISTS, list.id);
  recordEvents(tx, ctx, [{ view: 'list', eventType: 'ListDeleted', entityId: list.id }, ...events]);
}

/**
 * `removeWorkingList(listId)` (A-36 for 1.2.0): true once deleted. An unknown id, a marketing list or a
 * list the user may not delete (`deleteAllowed`, §5.3; archived lists are read-only) is a GraphQL error
 * the result has no `validationErrors`).
 */
export async function removeWorkingList(
  _: unknown,
  args: MutationRemoveWorkingListArgs,
  ctx: RequestContext,
): Promise<boolean> {
  return ctx.store.transact((tx) => {
    const v = new Validator();
    const list = checkEditableList(v, tx, args.listId, 'workingLists', 'listId');
    if (list && !effectivePermissions(list).deleteAllowed) {
      v.fail('listId', `You are not allowed to delete list "${list.name}".`);
    }
    if (!v.ok || !list) throw businessRuleError(v.errors);
    deleteListCascade(tx, ctx, list);
    return true;
  });
}
