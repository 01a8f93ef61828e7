import { parse } from 'graphql';
import { buildRevisionSchema } from '../../contract/generate.js';
import type { PathSegment } from '../../conformance/assert/json-path.js';
import {
  ACTIVITIES,
  ACTIVITY_TYPES,
  DEFAULT_ACTIVITY_TYPE,
  DEFAULT_TYPE_KEY,
  type ActivityRecord,
  type ActivityTypeRecord,
} from '../../domain/activities/model.js';
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
import type { Store, Transaction } from '../../store/index.js';
import { walkResponse } from '../typed-walk.js';
import type { Recording } from './format.js';

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

/**
 * Every object with an id of the {@link LOADED_TYPES} in the recorded answers, typed by walking each
 * answer along its request's document (so aliases and fragments are resolved), merged by id in traffic
 * order (a later answer's fields win).
 */
export function entitiesFromRecordings(recordings: readonly Recording[]): RecordedEntity[] {
  const byKey = new Map<string, RecordedEntity>();
  for (const r of [...recordings].sort((a, b) => a.seq - b.seq)) {
    const body = r.request.body;
    const data = (r.response?.body as { data?: unknown } | undefined)?.data;
    if (!body || data === undefined || data === null) continue;
    let document;
    try {
      document = parse(body.query);
    } catch {
      continue;
    }
    const seen = new Map<string, { type: string; id: string }>();
    const parentOf = (path: readonly PathSegment[]): string | undefined => {
      for (let i = path.length - 1; i > 0; i--) {
        const hit = seen.get(JSON.stringify(path.slice(0, i)));
        if (hit && (hit.type === 'Person' || hit.type === 'Company')) return hit.id;
      }
      return undefined;
    };
    walkResponse(buildRevisionSchema(r.revision), document, body.operationName, data, {
      object: (type, fields, path) => {
        const id = str(fields['id']);
        if (id === null || !(type.name in LOADED_TYPES)) return;
        seen.set(JSON.stringify(path), { type: type.name, id });
        const key = `${LOADED_TYPES[type.name] ?? ''}/${id}`;
        const before = byKey.get(key);
        const parentId = parentOf(path) ?? before?.parentId;
        byKey.set(key, {
          type: type.name,
          id,
          fields: { ...before?.fields, ...fields },
          ...(parentId !== undefined ? { parentId } : {}),
        });
      },
    });
  }
  return [...byKey.values()];
}

function contactRecord(e: RecordedEntity, tx: Transaction, now: string): ContactRecord {
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

function ownerOf(e: RecordedEntity): string | null {
  return str(e.fields['owningContactId']) ?? e.parentId ?? null;
}

function addressRecord(e: RecordedEntity, contactId: string, tx: Transaction): AddressRecord {
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

function emailRecord(e: RecordedEntity, contactId: string, tx: Transaction): EmailRecord | undefined {
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

function phoneRecord(e: RecordedEntity, contactId: string, tx: Transaction): PhoneRecord | undefined {
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

function listRecord(e: RecordedEntity, tx: Transaction, now: string): ListRecord | undefined {
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

function activityRecord(e: RecordedEntity, tx: Transaction, now: string): ActivityRecord | undefined {
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

/**
 * Writes recorded entities into a (seeded) tenant store in one transaction: contacts first, then their
 * addresses, e-mails and phones, lists and activities, so references resolve. Fields the recording did
 * not select keep the stored value, or a neutral default for a new entity; references the store cannot
 * resolve (unknown contact types, folder types, activity types) are dropped or replaced by the store's
 * default, so every written entity satisfies the store's model.
 */
export async function loadFixtures(
  store: Store,
  entities: readonly RecordedEntity[],
  now = new Date(),
): Promise<FixtureLoad> {
  const at = now.toISOString();
  const loaded: Record<string, number> = {};
  const count = (collection: string): void => {
    loaded[collection] = (loaded[collection] ?? 0) + 1;
  };
  const of = (...types: string[]): RecordedEntity[] => entities.filter((e) => types.includes(e.type));
  await store.transact((tx) => {
    // Companies before people: a person's employer must be stored first.
    for (const e of [...of('Company'), ...of('Person')]) {
      tx.put(CONTACTS, contactRecord(e, tx, at));
      count(CONTACTS);
    }
    // Addresses before phones: a phone may sit at one of the contact's addresses.
    for (const e of [...of('Address'), ...of('EmailAddress'), ...of('PhoneNumber')]) {
      const owner = ownerOf(e);
      if (owner === null || !tx.has(CONTACTS, owner)) continue;
      const record =
        e.type === 'Address'
          ? addressRecord(e, owner, tx)
          : e.type === 'EmailAddress'
            ? emailRecord(e, owner, tx)
            : phoneRecord(e, owner, tx);
      if (!record) continue;
      const collection = LOADED_TYPES[e.type] ?? '';
      tx.put(collection, record);
      count(collection);
    }
    for (const e of of('List')) {
      const record = listRecord(e, tx, at);
      if (!record) continue;
      tx.put(LISTS, record);
      count(LISTS);
    }
    for (const e of of('Activity')) {
      const record = activityRecord(e, tx, at);
      if (!record) continue;
      tx.put(ACTIVITIES, record);
      count(ACTIVITIES);
    }
  });
  return { loaded };
}
