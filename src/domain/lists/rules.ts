import type {
  AddListInput,
  ContactEntity,
  ContactFlag,
  FolderFlagInput,
  InputMaybe,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import { apiUserId, findContact, type ContactRecord } from '../contacts/model.js';
import { MAX_LONG_TEXT, type Validator } from '../shared/validation.js';
import {
  FOLDER_TYPES,
  LISTS,
  type FolderFlag,
  type FolderTypeRecord,
  type ListKind,
  type ListPermissions,
  type ListRecord,
} from './model.js';

// Checks share one form (v, propertyName, value → the cleaned value or undefined): alike in shape, not in rule.

/** The flags a member can carry, `none` aside. */
export const FLAG_COLOURS: readonly ContactFlag[] = ['red', 'yellow', 'green', 'blue'];

/** Default flag descriptions: the flag names capitalised. */
export function defaultFolderFlags(): FolderFlag[] {
  return FLAG_COLOURS.map((flag) => ({ flag, description: flag[0]!.toUpperCase() + flag.slice(1) }));
}

/** Human name of a list class, for messages. */
export function className(kind: ListKind): string {
  return kind === 'marketingLists' ? 'marketing list' : 'working list';
}

/** The rights the API user has on a list now: an archived list is read-only for everyone. */
export function effectivePermissions(list: ListRecord): ListPermissions {
  if (!list.archived) return list.permissions;
  return {
    allowedLinkInto: false,
    allowedRemoveFrom: false,
    addAllowed: false,
    deleteAllowed: false,
    addActivityAllowed: false,
    addNoteAllowed: false,
  };
}

/** Whether a contact of this kind may be a member of the list (`allowedContactEntity`). */
export function acceptsEntity(list: ListRecord, kind: ContactRecord['kind']): boolean {
  const allowed: ContactEntity = list.allowedContactEntity;
  return allowed === 'Any' || allowed === kind;
}

/** The list with `id`, or undefined. */
export function findList(store: StoreReader, id: string | null | undefined): ListRecord | undefined {
  return id ? store.get<ListRecord>(LISTS, id) : undefined;
}

/** Display name of the API user (owner and creator of lists it creates), from the contacts area's meta. */
export function apiUserName(store: StoreReader): string {
  return findContact(store, apiUserId(store))?.displayName ?? 'API User';
}

/**
 * Checks `folderFlags`: each flag once, not `none`, with a description. Missing or empty gives
 * the defaults; given flags replace the defaults of their colour.
 */
export function checkFolderFlags(
  v: Validator,
  flags: InputMaybe<ReadonlyArray<InputMaybe<FolderFlagInput>>>,
): FolderFlag[] {
  const result = defaultFolderFlags();
  const seen = new Set<ContactFlag>();
  (flags ?? []).forEach((entry, i) => {
    if (!entry) return;
    const path = `folderFlags[${i}]`;
    if (entry.flag === 'none') {
      v.fail(`${path}.flag`, `${path}.flag must be a colour; none carries no description.`);
      return;
    }
    if (seen.has(entry.flag)) {
      v.fail(`${path}.flag`, `The flag ${entry.flag} is described more than once.`);
      return;
    }
    seen.add(entry.flag);
    const description = v.requiredText(`${path}.description`, entry.description);
    if (description === undefined) return;
    const slot = result.find((f) => f.flag === entry.flag);
    if (slot) slot.description = description;
  });
  return result;
}

/** The cleaned fields of an `AddListInput`, once every check passed. */
export interface NewListFields {
  name: string;
  description: string | null;
  folderType: FolderTypeRecord;
  showFlags: boolean;
  newContactFlag: ContactFlag;
  folderFlags: FolderFlag[];
}

/**
 * Validates an `AddListInput` for a list of `kind` (A-29: the folder type must be of that class, active
 * and accessible to the API user). Returns undefined when anything failed (the failures are in `v`).
 */
export function checkNewList(
  v: Validator,
  store: StoreReader,
  input: AddListInput | null | undefined,
  kind: ListKind,
): NewListFields | undefined {
  const name = v.requiredText('name', input?.name);
  const description = v.optionalText('description', input?.description, MAX_LONG_TEXT);
  const folderType = checkFolderType(v, store, input?.folderTypeId, kind);
  const folderFlags = checkFolderFlags(v, input?.folderFlags);
  if (!v.ok || name === undefined || !folderType) return undefined;
  return {
    name,
    description: description ?? null,
    folderType,
    showFlags: input?.showFlags ?? false,
    newContactFlag: input?.newContactFlag ?? 'none',
    folderFlags,
  };
}

function checkFolderType(
  v: Validator,
  store: StoreReader,
  id: string | null | undefined,
  kind: ListKind,
): FolderTypeRecord | undefined {
  if (!id) {
    v.fail('folderTypeId', 'folderTypeId is required and cannot be empty.');
    return undefined;
  }
  const folderType = store.get<FolderTypeRecord>(FOLDER_TYPES, id);
  if (!folderType || !folderType.userHasAccess) {
    // A secured folder type the user cannot see is reported like an unknown one.
    v.fail('folderTypeId', `No folder type exists with id "${id}".`);
    return undefined;
  }
  if (folderType.listClass !== kind) {
    v.fail(
      'folderTypeId',
      `Folder type "${folderType.name}" is of class ${folderType.listClass}; a ${className(kind)} needs one of class ${kind}.`,
    );
    return undefined;
  }
  if (!folderType.isActive) {
    v.fail('folderTypeId', `Folder type "${folderType.name}" is inactive.`);
    return undefined;
  }
  return folderType;
}

/** Checks that `id` names an editable list of `kind`; propertyName `id` as in the edit inputs. */
export function checkEditableList(
  v: Validator,
  store: StoreReader,
  id: string | null | undefined,
  kind: ListKind,
  propertyName = 'id',
): ListRecord | undefined {
  const list = findList(store, id);
  if (!list) {
    v.fail(propertyName, `No list exists with id "${id ?? ''}".`);
    return undefined;
  }
  if (list.listClass !== kind) {
    v.fail(propertyName, `List "${list.name}" is not a ${className(kind)}.`);
    return undefined;
  }
  if (list.archived) {
    v.fail(propertyName, `List "${list.name}" is archived and cannot be changed.`);
    return undefined;
  }
  return list;
}
