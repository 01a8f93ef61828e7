import type {
  AdditionalFieldDefinitionInputType,
  ContactEntity,
  ContactFlag,
  ListClass,
} from '../../contract/types.generated.js';
import type { Entity } from '../../store/index.js';

/** Store collections of the lists area. */
export const FOLDER_TYPES = 'folderTypes';
export const LISTS = 'lists';
export const LIST_MEMBERS = 'listMembers';
export const FIELD_DEFINITIONS = 'fieldDefinitions';
export const FIELD_VALUES = 'fieldValues';

/** Index: memberships by `listId`. */
export const MEMBERS_BY_LIST = 'listMembers.byList';
/** Index: memberships by `contactId`. */
export const MEMBERS_BY_CONTACT = 'listMembers.byContact';
/** Index: additional field definitions by `listId`. */
export const DEFINITIONS_BY_LIST = 'fieldDefinitions.byList';
/** Index: additional field values by `contactId`. */
export const VALUES_BY_CONTACT = 'fieldValues.byContact';
/** Index: additional field values by `fieldId`. */
export const VALUES_BY_FIELD = 'fieldValues.byField';
// Name constants of collections and indexes: every area's model.ts lists its own, alike in shape only.

/** A list type (§2.4 `FolderType`); `userHasAccess` false hides it while `checkSecurity` is on (§5.3). */
export interface FolderTypeRecord extends Entity {
  id: string;
  name: string;
  listClass: ListClass;
  directoryClassName: string;
  isActive: boolean;
  userHasAccess: boolean;
}

/** The list classes that hold lists; `contactTypes` folders hold contact types. */
export type ListKind = Extract<ListClass, 'marketingLists' | 'workingLists'>;

/** The API user's rights on a list as stored (§5.3); archived lists expose them all as false. */
export interface ListPermissions {
  allowedLinkInto: boolean;
  allowedRemoveFrom: boolean;
  addAllowed: boolean;
  deleteAllowed: boolean;
  addActivityAllowed: boolean;
  addNoteAllowed: boolean;
}

/** Every right on a list: what the creator of a new list holds, and what seeded lists start from. */
export function allListPermissions(): ListPermissions {
  return {
    allowedLinkInto: true,
    allowedRemoveFrom: true,
    addAllowed: true,
    deleteAllowed: true,
    addActivityAllowed: true,
    addNoteAllowed: true,
  };
}

/** A flag description of a list. */
export interface FolderFlag {
  flag: ContactFlag;
  description: string;
}

/** A marketing or working list. */
export interface ListRecord extends Entity {
  id: string;
  name: string;
  description: string | null;
  listClass: ListKind;
  folderTypeId: string;
  showFlags: boolean;
  newContactFlag: ContactFlag;
  folderFlags: FolderFlag[];
  ownerName: string;
  creatorName: string;
  allowedContactEntity: ContactEntity;
  isAdministrator: boolean;
  permissions: ListPermissions;
  /** Removals need the owner's approval: they stay pending and the membership is kept (§7.3). */
  removalRequiresApproval: boolean;
  /** Archived lists are read-only and hidden from `lists` and a contact's lists (§6: no events). */
  archived: boolean;
  /** The API user's "frequently used" marker (`listType: myFrequentlyUsed`, A-30). */
  frequentlyUsed: boolean;
  /** A marketing list whose members carry sponsors (`MarketingListWithSponsorship`, A-72, A-73). */
  sponsorship?: boolean;
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
}

/** A sponsor of a list member: a firm user (an employee Person). */
export interface SponsorRecord {
  userId: string;
  isPrimary: boolean;
}

/** A contact's membership of a list; id `${listId}:${contactId}` (GUIDs never contain ':'). */
export interface ListMemberRecord extends Entity {
  id: string;
  listId: string;
  contactId: string;
  flag: ContactFlag;
  /** A removal waits for approval; the contact stays a member until then. */
  pendingRemoval: boolean;
  /** Firm users responsible for the contact on this list; at most one is primary. */
  sponsors?: SponsorRecord[];
  addedAt: string;
}

/** An additional field definition of a list, stored with the GraphQL field names (§2.4, A-37). */
export interface FieldDefinitionRecord extends Entity {
  id: string;
  listId: string;
  name: string;
  description: string | null;
  dataTypeDisplayName: string;
  fieldDataType: AdditionalFieldDefinitionInputType;
  listDataType: string[] | null;
  allowsSecondaryField: boolean;
  secondaryFieldName: string | null;
  allowsMultipleValues: boolean;
  booleanDataTypeTrueValue: string | null;
  booleanDataTypeFalseValue: string | null;
  numericDataTypeMaxValue: number | null;
  numericDataTypeMinValue: number | null;
  decimalDataTypePrecision: number | null;
  stringDataTypeMaxLength: number | null;
  stringDataTypeMultiLine: boolean | null;
  userDataTypeUserProfessional: boolean | null;
  userDataTypeUserActive: boolean | null;
}

/** A list member's value of one additional field. */
export interface FieldValueRecord extends Entity {
  id: string;
  listId: string;
  fieldId: string;
  contactId: string;
  value: string;
  secondaryValue: string | null;
  updatedAt: string;
}

/** Id of the membership of `contactId` in `listId`. */
export function memberId(listId: string, contactId: string): string {
  return `${listId}:${contactId}`;
}
