import {
  ACTIVITIES,
  ACTIVITY_TYPES,
  DEFAULT_ACTIVITY_TYPE,
  DEFAULT_TYPE_KEY,
  type ActivityRecord,
  type ActivityTypeRecord,
} from '../../domain/activities/model.js';
// An import list (boilerplate): it names what other files import too.
import {
  ADDRESSES,
  CONTACTS,
  CONTACT_TYPES,
  EMAIL_ADDRESSES,
  PHONE_NUMBERS,
  type AddressRecord,
  type ContactRecord,
  type EmailRecord,
  type PhoneRecord,
} from '../../domain/contacts/model.js';
import { FOLDER_TYPES, LISTS, type FolderTypeRecord, type ListRecord } from '../../domain/lists/model.js';
import type { Transaction } from '../../store/index.js';

// How one recorded GraphQL object becomes a store record of its area's model.

/** GraphQL types whose recorded objects are loaded, and the store collection each goes to. */
export const LOADED_TYPES: Readonly<Record<string, string>> = {
  Person: CONTACTS,
  Company: CONTACTS,
  Address: ADDRESSES,
  EmailAddress: EMAIL_ADDRESSES,
  PhoneNumber: PHONE_NUMBERS,
  List: LISTS,
  Activity: ACTIVITIES,
};

/** One recorded object with an id: its fields by name, merged over every answer it appeared in. */
export interface RecordedEntity {
  type: string;
  id: string;
  fields: Record<string, unknown>;
  /** The id of the contact it was nested in (addresses, e-mails, phones without `owningContactId`). */
  parentId?: string;
}

/** What a load did: entities written per collection. */
export interface FixtureLoad {
  loaded: Record<string, number>;
}

type Fields = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const bool = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);
const idOf = (v: unknown): string | null => str((v as Fields | null)?.['id']);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
const ids = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(idOf).filter((s): s is string => s !== null) : [];

/** A contact record: the recorded fields over the stored ones (or neutral defaults). */
export function contactRecord(e: RecordedEntity, tx: Transaction, now: string): ContactRecord {
  const f = e.fields;
  const old = tx.get<ContactRecord>(CONTACTS, e.id);
  const score = f['relationshipScore'] as Fields | null | undefined;
  const pick = <K extends keyof ContactRecord>(
    key: K,
    value: unknown,
    fallback: ContactRecord[K],
  ): ContactRecord[K] =>
    value !== undefined ? (value as ContactRecord[K]) : old?.[key] !== undefined ? old[key] : fallback;
  const employer = idOf(f['currentEmployer']);
  const base: ContactRecord = {
    id: e.id,
    kind: e.type === 'Company' ? 'Company' : 'Person',
    displayName: str(f['displayName']) ?? old?.displayName ?? str(f['fullName']) ?? str(f['name']) ?? e.id,
    visibility: pick(
      'visibility',
      ['public', 'private', 'unknown'].includes(String(f['visibility'])) ? f['visibility'] : undefined,
      'unknown',
    ),
    tags: f['tags'] !== undefined ? strings(f['tags']) : (old?.tags ?? []),
    contactTypeIds:
      f['contactTypes'] !== undefined
        ? ids(f['contactTypes']).filter((id) => tx.has(CONTACT_TYPES, id))
        : (old?.contactTypeIds ?? []),
    industryIds: old?.industryIds ?? [],
    score:
      score && typeof score === 'object'
        ? {
            strength: Number(score['strength'] ?? old?.score?.strength ?? 0),
            value: Number(score['value'] ?? old?.score?.value ?? 0),
            maxValue: Number(score['maxValue'] ?? old?.score?.maxValue ?? 100),
            description: str(score['description']) ?? old?.score?.description ?? '',
          }
        : score === null
          ? null
          : (old?.score ?? null),
    isPendingFirmContact: bool(f['isPendingFirmContact'], old?.isPendingFirmContact ?? false),
    createdAt: old?.createdAt ?? now,
    updatedAt: now,
  };
  if (base.kind === 'Company') {
    return {
      ...old,
      ...base,
      name: pick('name', f['name'], base.displayName),
      alias: pick('alias', f['alias'], null),
    };
  }
  return {
    ...old,
    ...base,
    title: pick('title', f['title'], null),
    firstName: pick('firstName', f['firstName'], null),
    middleName: pick('middleName', f['middleName'], null),
    lastName: pick('lastName', f['lastName'], null),
    suffix: pick('suffix', f['suffix'], null),
    goesBy: pick('goesBy', f['goesBy'], null),
    assistantName: pick('assistantName', f['assistantName'], null),
    jobTitle: pick('jobTitle', f['currentJobTitle'], null),
    companyId: employer !== null && tx.has(CONTACTS, employer) ? employer : (old?.companyId ?? null),
    isEmployee: bool(f['isEmployee'], old?.isEmployee ?? false),
  };
}

/** The contact an address, e-mail or phone belongs to. */
export function ownerOf(e: RecordedEntity): string | null {
  return str(e.fields['owningContactId']) ?? e.parentId ?? null;
}

// One builder per record type (recorded fields over stored ones): alike in shape, each with its own fields.
/** An address record of a contact, recorded fields over the stored ones. */
export function addressRecord(e: RecordedEntity, contactId: string, tx: Transaction): AddressRecord {
  const f = e.fields;
  const old = tx.get<AddressRecord>(ADDRESSES, e.id);
  const text = (k: keyof AddressRecord): string | null =>
    f[k] !== undefined ? str(f[k]) : ((old?.[k] as string | null | undefined) ?? null);
  return {
    id: e.id,
    contactId,
    type: text('type') ?? 'Business',
    usage: text('usage') ?? 'Public',
    label: text('label'),
    street: text('street'),
    city: text('city'),
    administrativeDivision: text('administrativeDivision'),
    additional: text('additional'),
    country: text('country'),
    postalCode: text('postalCode'),
    isGlobal: bool(f['isGlobal'], old?.isGlobal ?? false),
    isMailingAddress: bool(f['isMailingAddress'], old?.isMailingAddress ?? false),
  };
}

/** An e-mail record of a contact; undefined when no address was ever seen. */
export function emailRecord(e: RecordedEntity, contactId: string, tx: Transaction): EmailRecord | undefined {
  const f = e.fields;
  const old = tx.get<EmailRecord>(EMAIL_ADDRESSES, e.id);
  const address = str(f['address']) ?? old?.address;
  if (address === undefined) return undefined;
  return {
    id: e.id,
    contactId,
    type: str(f['type']) ?? old?.type ?? 'Business',
    usage: str(f['usage']) ?? old?.usage ?? 'Public',
    address,
    label: f['label'] !== undefined ? str(f['label']) : (old?.label ?? null),
    isGlobal: bool(f['isGlobal'], old?.isGlobal ?? false),
  };
}

/** A phone record of a contact; its address only when the store has it. */
export function phoneRecord(e: RecordedEntity, contactId: string, tx: Transaction): PhoneRecord | undefined {
  const f = e.fields;
  const old = tx.get<PhoneRecord>(PHONE_NUMBERS, e.id);
  const number = str(f['number']) ?? old?.number;
  if (number === undefined) return undefined;
  const addressId = f['addressId'] !== undefined ? str(f['addressId']) : (old?.addressId ?? null);
  return {
    id: e.id,
    contactId,
    addressId: addressId !== null && tx.has(ADDRESSES, addressId) ? addressId : null,
    number,
    label: f['label'] !== undefined ? str(f['label']) : (old?.label ?? null),
    type: str(f['type']) ?? old?.type ?? 'Business',
    usage: str(f['usage']) ?? old?.usage ?? 'Public',
    isGlobal: bool(f['isGlobal'], old?.isGlobal ?? false),
  };
}

/** A list record in a folder type the store has; undefined when there is none or no name. */
export function listRecord(e: RecordedEntity, tx: Transaction, now: string): ListRecord | undefined {
  const f = e.fields;
  const old = tx.get<ListRecord>(LISTS, e.id);
  const listType = f['listType'] as Fields | null | undefined;
  const wantedClass = str(listType?.['listClass']);
  const listClass: ListRecord['listClass'] =
    wantedClass === 'workingLists' || wantedClass === 'marketingLists'
      ? wantedClass
      : (old?.listClass ?? 'marketingLists');
  const typeId = idOf(listType);
  const folder =
    (typeId !== null ? tx.get<FolderTypeRecord>(FOLDER_TYPES, typeId) : undefined) ??
    (old ? tx.get<FolderTypeRecord>(FOLDER_TYPES, old.folderTypeId) : undefined) ??
    [...tx.all<FolderTypeRecord>(FOLDER_TYPES)].find((t) => t.listClass === listClass && t.isActive);
  const name = str(f['name']) ?? old?.name;
  if (!folder || name === undefined) return undefined;
  const flag = (k: keyof ListRecord['permissions']): boolean => bool(f[k], old?.permissions[k] ?? true);
  const entity = str(f['allowedContactEntity']);
  return {
    id: e.id,
    name,
    description: f['description'] !== undefined ? str(f['description']) : (old?.description ?? null),
    listClass: folder.listClass === 'workingLists' ? 'workingLists' : 'marketingLists',
    folderTypeId: folder.id,
    showFlags: old?.showFlags ?? false,
    newContactFlag: old?.newContactFlag ?? 'none',
    folderFlags: old?.folderFlags ?? [],
    ownerName: str(f['ownerName']) ?? old?.ownerName ?? '',
    creatorName: str(f['creatorName']) ?? old?.creatorName ?? '',
    allowedContactEntity:
      entity === 'Any' || entity === 'Person' || entity === 'Company'
        ? entity
        : (old?.allowedContactEntity ?? 'Any'),
    isAdministrator: bool(f['isAdministrator'], old?.isAdministrator ?? false),
    permissions: {
      allowedLinkInto: flag('allowedLinkInto'),
      allowedRemoveFrom: flag('allowedRemoveFrom'),
      addAllowed: flag('addAllowed'),
      deleteAllowed: flag('deleteAllowed'),
      addActivityAllowed: flag('addActivityAllowed'),
      addNoteAllowed: flag('addNoteAllowed'),
    },
    removalRequiresApproval: old?.removalRequiresApproval ?? false,
    archived: old?.archived ?? false,
    frequentlyUsed: old?.frequentlyUsed ?? false,
    createdAt: old?.createdAt ?? now,
    updatedAt: now,
  };
}

/** An activity record of a type the store has (else its default type); undefined without a subject. */
export function activityRecord(e: RecordedEntity, tx: Transaction, now: string): ActivityRecord | undefined {
  const f = e.fields;
  const old = tx.get<ActivityRecord>(ACTIVITIES, e.id);
  const recordedType = str(f['typeId']);
  const typeId =
    recordedType !== null && tx.has(ACTIVITY_TYPES, recordedType)
      ? recordedType
      : (old?.typeId ?? tx.lookup<ActivityTypeRecord>(DEFAULT_ACTIVITY_TYPE, DEFAULT_TYPE_KEY)[0]?.id);
  const subject = str(f['subject']) ?? old?.subject;
  if (typeId === undefined || subject === undefined) return undefined;
  const start = str(f['activityStartDate']) ?? old?.startDate ?? now;
  const links = Array.isArray(f['linkedActivityContacts'])
    ? (f['linkedActivityContacts'] as Fields[]).flatMap((c) => {
        const id = idOf(c);
        const name = str(c['displayName']) ?? str(c['fullName']) ?? str(c['name']);
        return id !== null
          ? [{ id, displayName: name ?? tx.get<ContactRecord>(CONTACTS, id)?.displayName ?? id }]
          : [];
      })
    : (old?.links ?? []);
  const originator = idOf(f['originator']);
  return {
    id: e.id,
    typeId,
    activityClass:
      f['activityClass'] === 'Appointment'
        ? 'Appointment'
        : f['activityClass'] === 'Activity'
          ? 'Activity'
          : (old?.activityClass ?? 'Activity'),
    subject,
    summary: f['summary'] !== undefined ? str(f['summary']) : (old?.summary ?? null),
    location: f['location'] !== undefined ? str(f['location']) : (old?.location ?? null),
    startDate: start,
    lastEditedDate: str(f['lastEditedDate']) ?? old?.lastEditedDate ?? start.slice(0, 10),
    links,
    regarding: str(f['regarding']) ?? old?.regarding ?? 'Contacts only',
    originatorId:
      originator !== null && tx.has(CONTACTS, originator) ? originator : (old?.originatorId ?? null),
    createdAt: old?.createdAt ?? now,
  };
}
