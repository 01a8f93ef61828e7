import type { Faker } from '@faker-js/faker';
import type { ContactFlag, ContactEntity } from '../../contract/types.generated.js';
import type { SeedContext } from '../area.js';
import {
  CONTACTS,
  CONTACT_TYPES,
  META_CONTACT_TYPE_FOLDERS,
  META_FIRM_COMPANY_ID,
  type ContactRecord,
  type ContactTypeRecord,
} from '../contacts/model.js';
import { SeedRandom, fakerUuid } from '../shared/seed-random.js';
import { toIsoDate, toIsoDateTime } from '../shared/time.js';
import { MAX_TEXT } from '../shared/validation.js';
import { DATA_TYPE_DISPLAY_NAMES, MULTI_VALUE_SEPARATOR } from './additional-fields.js';
import {
  allListPermissions,
  FIELD_DEFINITIONS,
  FIELD_VALUES,
  FOLDER_TYPES,
  LIST_MEMBERS,
  LISTS,
  memberId,
  type FieldDefinitionRecord,
  type FieldValueRecord,
  type FolderTypeRecord,
  type ListKind,
  type ListMemberRecord,
  type SponsorRecord,
  type ListPermissions,
  type ListRecord,
} from './model.js';
import { defaultFolderFlags } from './rules.js';
import {
  CONTACT_FOLDER_SEEDS,
  DIRECTORY_CLASS,
  FOLDER_TYPE_SEEDS,
  MARKETING_FIELDS,
  MARKETING_LISTS,
  PARTNER_ROLES,
  WORKING_FIELDS,
  WORKING_LISTS,
  type FieldSeed,
  type FolderTypeSeed,
} from './seed-data.js';

/** The contacts the seeder draws on, read once. */
interface Pool {
  people: ContactRecord[];
  companies: ContactRecord[];
  /** Firm employees: list owners and creators, values of user fields. */
  employees: ContactRecord[];
  /** People and companies together, for lists that take any kind. */
  all: ContactRecord[];
}

function readContacts(ctx: SeedContext): Pool {
  const firmId = ctx.tx.meta[META_FIRM_COMPANY_ID];
  const pool: Pool = { people: [], companies: [], employees: [], all: [] };
  for (const c of ctx.tx.all<ContactRecord>(CONTACTS)) {
    if (c.kind === 'Person' && c.isEmployee) pool.employees.push(c);
    else if (c.kind === 'Person') pool.people.push(c);
    else if (c.id !== firmId) pool.companies.push(c);
  }
  pool.all = [...pool.people, ...pool.companies];
  return pool;
}

function putFolderType(ctx: SeedContext, seed: FolderTypeSeed, id = fakerUuid(ctx.faker)): FolderTypeRecord {
  return ctx.tx.put<FolderTypeRecord>(FOLDER_TYPES, {
    id,
    name: seed.name,
    listClass: seed.listClass,
    directoryClassName: DIRECTORY_CLASS[seed.listClass],
    isActive: seed.isActive,
    userHasAccess: seed.userHasAccess,
  });
}

/**
 * Folder types of every class. Contact-type folders are the folders the contacts area names (meta
 * `contactTypeFolders`, and each contact type's `folderId`), so `ContactType.folderId` points at a real
 * folder type; a secured and an inactive one are added.
 */
function seedFolderTypes(ctx: SeedContext): FolderTypeRecord[] {
  const out = FOLDER_TYPE_SEEDS.map((seed) => putFolderType(ctx, seed));
  const folders = new Map<string, string>();
  const meta = ctx.tx.meta[META_CONTACT_TYPE_FOLDERS];
  for (const folder of Array.isArray(meta) ? (meta as unknown[]) : []) {
    const { id, name } = (folder ?? {}) as { id?: unknown; name?: unknown };
    if (typeof id === 'string' && typeof name === 'string' && !folders.has(id)) folders.set(id, name);
  }
  for (const type of ctx.tx.all<ContactTypeRecord>(CONTACT_TYPES)) {
    if (typeof type.folderId === 'string' && !folders.has(type.folderId)) {
      folders.set(type.folderId, type.folderType);
    }
  }
  for (const [id, name] of folders) {
    out.push(
      putFolderType(ctx, { name, listClass: 'contactTypes', isActive: true, userHasAccess: true }, id),
    );
  }
  for (const seed of CONTACT_FOLDER_SEEDS) {
    // The contacts area's folders replace the default open one.
    if (folders.size > 0 && seed.isActive && seed.userHasAccess) continue;
    out.push(putFolderType(ctx, seed));
  }
  return out;
}

/** What distinguishes a seeded list: its rights and state (§5.3), by its position in its class. */
interface ListRole {
  permissions: Partial<ListPermissions>;
  removalRequiresApproval?: boolean;
  archived?: boolean;
  allowedContactEntity?: ContactEntity;
  note?: string;
}

/**
 * Most lists are fully allowed; the first few of each class carry one restriction each, so every rule is
 * observable in every profile: no link-into plus removals needing approval, no remove-from (people only),
 * archived; working lists: no delete and no add, archived.
 */
function roleOf(kind: ListKind, i: number): ListRole {
  if (kind === 'marketingLists') {
    if (i === 1) {
      return {
        permissions: { allowedLinkInto: false },
        removalRequiresApproval: true,
        note: 'Removals require approval by the list owner.',
      };
    }
    if (i === 2)
      return {
        permissions: { allowedRemoveFrom: false, addActivityAllowed: false },
        allowedContactEntity: 'Person',
      };
    if (i === 3) return { permissions: {}, archived: true };
    if (i % 5 === 4) return { permissions: {}, allowedContactEntity: 'Company' };
    return { permissions: {} };
  }
  if (i === 1) return { permissions: { deleteAllowed: false, addAllowed: false, addNoteAllowed: false } };
  if (i === 2) return { permissions: {}, archived: true };
  return { permissions: {} };
}

function listName(ctx: SeedContext, pool: Pool, kind: ListKind, i: number): [string, string] {
  const names = kind === 'marketingLists' ? MARKETING_LISTS : WORKING_LISTS;
  const [name, description] = names[i % names.length]!;
  const round = Math.floor(i / names.length);
  const company =
    pool.companies.length > 0
      ? ctx.faker.helpers.arrayElement(pool.companies).displayName
      : ctx.faker.company.name();
  const suffix = round > 0 ? ` ${ctx.referenceDate.getUTCFullYear() - round}` : '';
  return [
    `${name.replace('{company}', company)}${suffix}`.slice(0, MAX_TEXT),
    description.replace('{company}', company),
  ];
}

function seedList(
  ctx: SeedContext,
  pool: Pool,
  folderTypes: readonly FolderTypeRecord[],
  kind: ListKind,
  i: number,
): ListRecord {
  const { faker } = ctx;
  const role = roleOf(kind, i);
  const usable = folderTypes.filter((t) => t.listClass === kind && t.userHasAccess && t.isActive);
  const inactive = folderTypes.find((t) => t.listClass === kind && !t.isActive);
  const folderType = role.archived && inactive ? inactive : usable[i % usable.length]!;
  const [name, description] = listName(ctx, pool, kind, i);
  const person = () =>
    pool.employees.length > 0
      ? faker.helpers.arrayElement(pool.employees).displayName
      : faker.person.fullName();
  const owner = person();
  const created = faker.date.past({ years: 3 });
  const updated = faker.date.between({ from: created, to: ctx.referenceDate });
  const showFlags = kind === 'marketingLists' && i % 2 === 0;
  return ctx.tx.put<ListRecord>(LISTS, {
    id: fakerUuid(faker),
    name,
    description: role.note ? `${description} ${role.note}` : description,
    listClass: kind,
    folderTypeId: folderType.id,
    showFlags,
    newContactFlag: showFlags ? 'yellow' : 'none',
    folderFlags: defaultFolderFlags(),
    ownerName: owner,
    creatorName: faker.datatype.boolean(0.7) ? owner : person(),
    allowedContactEntity: role.allowedContactEntity ?? 'Any',
    isAdministrator: i % 2 === 0,
    permissions: { ...allListPermissions(), ...role.permissions },
    removalRequiresApproval: role.removalRequiresApproval ?? false,
    archived: role.archived ?? false,
    frequentlyUsed: !role.archived && i % 3 === 0,
    sponsorship: kind === 'marketingLists' && i % 2 === 1,
    createdAt: toIsoDateTime(created),
    updatedAt: toIsoDateTime(updated),
  });
}

/** `n` distinct elements of `items`, in a seeded random order, without copying large pools needlessly. */
function sample<T>(faker: Faker, items: readonly T[], n: number): T[] {
  if (n >= items.length) return faker.helpers.shuffle([...items]);
  if (n * 2 >= items.length) return faker.helpers.shuffle([...items]).slice(0, n);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(faker.number.int({ min: 0, max: items.length - 1 }));
  return [...picked].map((k) => items[k]!);
}

function seedMembers(ctx: SeedContext, pool: Pool, list: ListRecord, i: number): ListMemberRecord[] {
  const { faker, profile } = ctx;
  const eligible =
    list.allowedContactEntity === 'Person'
      ? pool.people
      : list.allowedContactEntity === 'Company'
        ? pool.companies
        : pool.all;
  const full = profile.listMembersPerList;
  // The first list of each class is full, so the default profile has a list with more than 100 members.
  const n = i === 0 ? full : faker.number.int({ min: Math.ceil(full * 0.4), max: full });
  const flags: ContactFlag[] = ['none', 'none', 'red', 'yellow', 'green', 'blue'];
  return sample(faker, eligible, n).map((contact, k) =>
    ctx.tx.put<ListMemberRecord>(LIST_MEMBERS, {
      id: memberId(list.id, contact.id),
      listId: list.id,
      contactId: contact.id,
      flag: list.showFlags ? faker.helpers.arrayElement(flags) : 'none',
      // One removal of the approval list waits for the owner.
      pendingRemoval: list.removalRequiresApproval && k === 0,
      addedAt: toIsoDateTime(faker.date.between({ from: list.createdAt, to: ctx.referenceDate })),
      ...(list.sponsorship ? { sponsors: seededSponsors(pool, i, k) } : {}),
    }),
  );
}

/**
 * Sponsors of the `k`th member of a sponsorship list: firm employees in turn, a second
 * (non-primary) one for every third member. Chosen without random draws so the other seeded values
 * stay as they were before sponsors existed.
 */
function seededSponsors(pool: Pool, i: number, k: number): SponsorRecord[] {
  const n = pool.employees.length;
  if (n === 0) return [];
  const first = pool.employees[(i * 7 + k) % n]!;
  const sponsors: SponsorRecord[] = [{ userId: first.id, isPrimary: true }];
  const second = pool.employees[(i * 7 + k + 1) % n]!;
  if (k % 3 === 0 && second.id !== first.id) sponsors.push({ userId: second.id, isPrimary: false });
  return sponsors;
}

function definitionOf(ctx: SeedContext, list: ListRecord, seed: FieldSeed): FieldDefinitionRecord {
  const t = seed.type;
  return {
    id: fakerUuid(ctx.faker),
    listId: list.id,
    name: seed.name,
    description: seed.description,
    dataTypeDisplayName: DATA_TYPE_DISPLAY_NAMES[t],
    fieldDataType: t,
    listDataType: t === 'list' ? (seed.options ?? []) : null,
    allowsSecondaryField: seed.secondaryFieldName !== undefined,
    secondaryFieldName: seed.secondaryFieldName ?? null,
    allowsMultipleValues: seed.multiple ?? false,
    booleanDataTypeTrueValue: t === 'boolean' ? 'Yes' : null,
    booleanDataTypeFalseValue: t === 'boolean' ? 'No' : null,
    numericDataTypeMaxValue: t === 'integer' || t === 'decimal' ? (seed.max ?? null) : null,
    numericDataTypeMinValue: t === 'integer' || t === 'decimal' ? (seed.min ?? null) : null,
    decimalDataTypePrecision: t === 'decimal' ? 2 : null,
    stringDataTypeMaxLength: t === 'text' ? (seed.maxLength ?? MAX_TEXT) : null,
    stringDataTypeMultiLine: t === 'text' ? (seed.multiLine ?? false) : null,
    userDataTypeUserProfessional: t === 'user' ? true : null,
    userDataTypeUserActive: t === 'user' ? true : null,
  };
}

/** A value its definition accepts (the rules of `checkValue`), or undefined when none can be made. */
function valueFor(
  ctx: SeedContext,
  pool: Pool,
  list: ListRecord,
  def: FieldDefinitionRecord,
  seed: FieldSeed,
) {
  const { faker } = ctx;
  switch (def.fieldDataType) {
    case 'text':
      return faker.helpers.arrayElement(seed.samples ?? ['See notes']);
    case 'date':
      return toIsoDate(faker.date.between({ from: list.createdAt, to: ctx.referenceDate }));
    case 'integer':
      return String(faker.number.int({ min: seed.min ?? 0, max: seed.max ?? 10 }));
    case 'decimal':
      return faker.number.float({ min: seed.min ?? 0, max: seed.max ?? 1000, fractionDigits: 2 }).toFixed(2);
    case 'boolean':
      return faker.datatype.boolean(0.2) ? 'Yes' : 'No';
    case 'list': {
      const options = def.listDataType ?? [];
      if (!def.allowsMultipleValues) return faker.helpers.arrayElement(options);
      return faker.helpers.arrayElements(options, { min: 1, max: 2 }).join(`${MULTI_VALUE_SEPARATOR} `);
    }
    case 'user':
      return pool.employees.length > 0 ? faker.helpers.arrayElement(pool.employees).id : undefined;
  }
}

function seedFields(
  ctx: SeedContext,
  pool: Pool,
  list: ListRecord,
  members: readonly ListMemberRecord[],
  offset: number,
  ids: SeedRandom,
): void {
  const { faker, profile, tx } = ctx;
  const kinds = list.listClass === 'marketingLists' ? MARKETING_FIELDS : WORKING_FIELDS;
  const seeds = Array.from(
    { length: Math.min(profile.fieldDefinitionsPerList, kinds.length) },
    (_, k) => kinds[(offset + k) % kinds.length]!,
  );
  const defs = seeds.map((seed) => tx.put(FIELD_DEFINITIONS, definitionOf(ctx, list, seed)));
  for (const member of members) {
    if (!faker.datatype.boolean(0.5)) continue;
    defs.forEach((def, k) => {
      if (!faker.datatype.boolean(0.7)) return;
      const value = valueFor(ctx, pool, list, def, seeds[k]!);
      if (value === undefined) return;
      tx.put<FieldValueRecord>(FIELD_VALUES, {
        id: ids.uuid(),
        listId: list.id,
        fieldId: def.id,
        contactId: member.contactId,
        value,
        secondaryValue: def.allowsSecondaryField ? faker.helpers.arrayElement(PARTNER_ROLES) : null,
        updatedAt: member.addedAt,
      });
    });
  }
}

/**
 * Seeds folder types, marketing and working lists with varied rights, members (real contacts), field
 * definitions of every data type and values for some members. Runs after the contacts area; without
 * contacts the lists have no members.
 */
export function seedLists(ctx: SeedContext): void {
  const pool = readContacts(ctx);
  const folderTypes = seedFolderTypes(ctx);
  // Field values are the bulk of the lists' ids (110k in the large profile); faker's uuid costs ~4 µs each.
  const ids = new SeedRandom(ctx.faker);
  const counts: Array<[ListKind, number]> = [
    ['marketingLists', ctx.profile.marketingLists],
    ['workingLists', ctx.profile.workingLists],
  ];
  for (const [kind, count] of counts) {
    for (let i = 0; i < count; i++) {
      const list = seedList(ctx, pool, folderTypes, kind, i);
      const members = seedMembers(ctx, pool, list, i);
      // Lists take the field templates in turn so every data type appears.
      seedFields(ctx, pool, list, members, i * ctx.profile.fieldDefinitionsPerList, ids);
    }
  }
}
