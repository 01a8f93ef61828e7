import type {
  InitiativeActivitiesArgs,
  InitiativeCompanyEmployeesArgs,
  ObjectiveInitiativesArgs,
  ObjectiveInvolvedUsersArgs,
} from '../../contract/types.generated.js';
import type { StoreReader } from '../../store/index.js';
import {
  ACTIVITIES_BY_CONTACT,
  ACTIVITY_TYPES,
  type ActivityRecord,
  type ActivityTypeRecord,
} from '../activities/model.js';
import type { AreaResolvers, RequestContext } from '../area.js';
import {
  ADDRESSES_BY_CONTACT,
  CONTACTS,
  CONTACT_TYPES,
  EMAILS_BY_CONTACT,
  PEOPLE_BY_EMPLOYER,
  PHONES_BY_CONTACT,
  type AddressRecord,
  type ContactRecord,
  type ContactTypeRecord,
  type EmailRecord,
  type PhoneRecord,
  findContact,
} from '../contacts/model.js';
import { RELATIONSHIP_TYPES } from '../relationships/model.js';
import { INDUSTRIES, PRACTICE_GROUPS } from '../settings/model.js';
import { page, sortItems, type PagingArgs } from '../shared/paging.js';
import {
  OBJECTIVE_TYPES,
  RELATIONSHIPS_BY_CONTACT,
  type InitiativeRecord,
  type ObjectiveRecord,
  type PlanningItemRecord,
  type RelationshipRow,
  type RelationshipTypeRow,
} from './model.js';
import { queryInitiatives } from './queries.js';
import {
  apiUser,
  canClose,
  findObjective,
  initiativeProgress,
  liveInitiativesOf,
  objectiveProgress,
} from './rules.js';

/** What an `InitiativeCompany` is resolved from: the company and the initiative that targets it. */
interface InitiativeCompanyParent {
  company: ContactRecord;
  initiative: InitiativeRecord;
}

/** Records of `ids` that exist, in the given order. */
function existing<T extends { id: string }>(
  store: StoreReader,
  collection: string,
  ids: readonly string[],
): T[] {
  const out: T[] = [];
  for (const id of ids) {
    const item = store.get(collection, id) as T | undefined;
    if (item) out.push(item);
  }
  return out;
}

/** The companies of a planning item that still exist, in the stored order. */
function companiesOf(store: StoreReader, item: PlanningItemRecord): ContactRecord[] {
  return existing<ContactRecord>(store, CONTACTS, item.companyIds).filter((c) => c.kind === 'Company');
}

/** The involved users of a planning item that still exist, by last name, first name (ties by id). */
function involvedUsersOf(store: StoreReader, item: PlanningItemRecord): ContactRecord[] {
  const users = existing<ContactRecord>(store, CONTACTS, item.involvedUserIds);
  return sortItems(users, [{ value: (u) => u.lastName }, { value: (u) => u.firstName }]);
}

/** Whether the API user may see a relationship: private ones only when the API user owns them (§2.6). */
function visibleToApiUser(rel: RelationshipRow, apiUserId: string | undefined): boolean {
  return rel.isPrivate !== true || (apiUserId !== undefined && rel.ownerId === apiUserId);
}

/** Whether the API user has a (visible) relationship with `personId`. */
function apiUserRelatedTo(store: StoreReader, personId: string): boolean {
  const userId = apiUser(store)?.id;
  if (!userId || userId === personId) return false;
  return store
    .lookup<RelationshipRow>(RELATIONSHIPS_BY_CONTACT, personId)
    .some(
      (r) =>
        ((r.baseContactId === userId && r.relatedContactId === personId) ||
          (r.baseContactId === personId && r.relatedContactId === userId)) &&
        visibleToApiUser(r, userId),
    );
}

/** Activities linked to any of the companies, newest first. */
function activitiesOfCompanies(store: StoreReader, companyIds: readonly string[]): ActivityRecord[] {
  const byId = new Map<string, ActivityRecord>();
  for (const id of new Set(companyIds)) {
    for (const activity of store.lookup<ActivityRecord>(ACTIVITIES_BY_CONTACT, id)) {
      byId.set(activity.id, activity);
    }
  }
  return sortItems([...byId.values()], [{ value: (a) => a.startDate, direction: 'Descending' }]);
}

/** Activity counts per type, by type name. */
function activityCounts(store: StoreReader, activities: readonly ActivityRecord[]) {
  const counts = new Map<string, number>();
  for (const a of activities) counts.set(a.typeId, (counts.get(a.typeId) ?? 0) + 1);
  const rows = [...counts].map(([typeId, activityCount]) => ({
    id: typeId,
    typeId,
    typeName: store.get<ActivityTypeRecord>(ACTIVITY_TYPES, typeId)?.name ?? null,
    activityCount,
  }));
  return sortItems(rows, [{ value: (r) => r.typeName }]).map(({ typeId, typeName, activityCount }) => ({
    typeId,
    typeName,
    activityCount,
  }));
}

/** The company ids whose activities an objective shows: its own and those of its live initiatives. */
function objectiveCompanyIds(store: StoreReader, objective: ObjectiveRecord): string[] {
  const ids = [...objective.companyIds];
  for (const initiative of liveInitiativesOf(store, objective.id)) ids.push(...initiative.companyIds);
  return ids;
}

/** `types` of an objective or initiative. */
function planningTypes(store: StoreReader, item: PlanningItemRecord) {
  return {
    industries: existing(store, INDUSTRIES, item.industryIds),
    practiceGroups: existing(store, PRACTICE_GROUPS, item.practiceGroupIds),
    otherTypes: existing(store, OBJECTIVE_TYPES, item.objectiveTypeIds),
    keyClient: item.keyClient,
  };
}

function initiativeCompanies(store: StoreReader, initiative: InitiativeRecord): InitiativeCompanyParent[] {
  return companiesOf(store, initiative).map((company) => ({ company, initiative }));
}

/** The business address of a company (its first address when none is marked Business). */
function businessAddress(store: StoreReader, companyId: string): AddressRecord | undefined {
  const addresses = store.lookup<AddressRecord>(ADDRESSES_BY_CONTACT, companyId);
  return addresses.find((a) => a.type === 'Business') ?? addresses[0];
}

/** Employees of an initiative's companies, by display name. */
function companyEmployees(store: StoreReader, initiative: InitiativeRecord): ContactRecord[] {
  const people: ContactRecord[] = [];
  for (const company of companiesOf(store, initiative)) {
    people.push(...store.lookup<ContactRecord>(PEOPLE_BY_EMPLOYER, company.id));
  }
  return sortItems(people, [{ value: (p) => p.lastName }, { value: (p) => p.firstName }]);
}

/** Relationships of the initiative's involved users to employees of its companies. */
function companyEmployeeRelationships(store: StoreReader, initiative: InitiativeRecord) {
  const companyIds = new Set(initiative.companyIds);
  const userId = apiUser(store)?.id;
  const rows = [];
  const seen = new Set<string>();
  for (const user of involvedUsersOf(store, initiative)) {
    for (const rel of store.lookup<RelationshipRow>(RELATIONSHIPS_BY_CONTACT, user.id)) {
      if (seen.has(rel.id) || !visibleToApiUser(rel, userId)) continue;
      const otherId = rel.baseContactId === user.id ? rel.relatedContactId : rel.baseContactId;
      const other = findContact(store, otherId);
      if (!other || other.kind !== 'Person' || !other.companyId || !companyIds.has(other.companyId)) continue;
      seen.add(rel.id);
      const type = rel.relationshipTypeId
        ? store.get<RelationshipTypeRow>(RELATIONSHIP_TYPES, rel.relationshipTypeId)
        : undefined;
      const level = typeof rel.strengthLevel === 'number' ? rel.strengthLevel : null;
      const description =
        type?.correlationRangeItems?.find((r) => r.displayOrder === level)?.strengthDescription ?? null;
      rows.push({
        id: rel.id,
        contactId: other.id,
        displayName: other.displayName,
        positionName: other.jobTitle ?? null,
        emailAddress: store.lookup<EmailRecord>(EMAILS_BY_CONTACT, other.id)[0]?.address ?? null,
        phoneNumber: store.lookup<PhoneRecord>(PHONES_BY_CONTACT, other.id)[0]?.number ?? null,
        relationshipType: type?.name ?? null,
        strengthLevel: level,
        strengthLevelMax: type?.strengthScale ?? null,
        strengthLevelDescription: description,
        isAnonymous: rel.isAnonymous === true,
        person: other,
      });
    }
  }
  return sortItems(rows, [{ value: (r) => r.displayName }]);
}

type Ctx = RequestContext;

/** Field resolvers of the planning types (their parents are the stored records). */
export const planningFieldResolvers: AreaResolvers = {
  Objective: {
    progress: (o: ObjectiveRecord, _a: unknown, ctx: Ctx) => objectiveProgress(ctx.store, o),
    canClose: (o: ObjectiveRecord, _a: unknown, ctx: Ctx) => canClose(ctx.store, o),
    initiatives: (o: ObjectiveRecord, args: ObjectiveInitiativesArgs, ctx: Ctx) =>
      queryInitiatives(ctx.store, { ...args, filter: { objectiveIds: [o.id] } }),
    types: (o: ObjectiveRecord, _a: unknown, ctx: Ctx) => planningTypes(ctx.store, o),
    activityCounts: (o: ObjectiveRecord, _a: unknown, ctx: Ctx) =>
      activityCounts(ctx.store, activitiesOfCompanies(ctx.store, objectiveCompanyIds(ctx.store, o))),
    activities: (o: ObjectiveRecord, args: PagingArgs, ctx: Ctx) => {
      const { totalModels, models } = page(
        activitiesOfCompanies(ctx.store, objectiveCompanyIds(ctx.store, o)),
        args,
      );
      return { totalModels, models };
    },
    involvedUsers: (o: ObjectiveRecord, args: ObjectiveInvolvedUsersArgs, ctx: Ctx) => {
      const { totalModels, models } = page(involvedUsersOf(ctx.store, o), args);
      return { totalModels, models };
    },
    initiativeCompanies: (o: ObjectiveRecord, _a: unknown, ctx: Ctx) =>
      sortItems(liveInitiativesOf(ctx.store, o.id), [{ value: (i) => i.name }]).flatMap((i) =>
        initiativeCompanies(ctx.store, i),
      ),
    companies: (o: ObjectiveRecord, _a: unknown, ctx: Ctx) => companiesOf(ctx.store, o),
  },
  Initiative: {
    progress: (i: InitiativeRecord) => initiativeProgress(i),
    objective: (i: InitiativeRecord, _a: unknown, ctx: Ctx) =>
      findObjective(ctx.store, i.objectiveId) ?? null,
    companies: (i: InitiativeRecord, _a: unknown, ctx: Ctx) => initiativeCompanies(ctx.store, i),
    involvedUsers: (i: InitiativeRecord, _a: unknown, ctx: Ctx) => involvedUsersOf(ctx.store, i),
    companyEmployeeRelationships: (i: InitiativeRecord, args: PagingArgs, ctx: Ctx) => {
      const { totalModels, models } = page(companyEmployeeRelationships(ctx.store, i), args);
      return { totalModels, models };
    },
    companyEmployees: (i: InitiativeRecord, args: InitiativeCompanyEmployeesArgs, ctx: Ctx) => {
      const { totalModels, models } = page(companyEmployees(ctx.store, i), args);
      return { totalModels, models };
    },
    types: (i: InitiativeRecord, _a: unknown, ctx: Ctx) => planningTypes(ctx.store, i),
    activityCounts: (i: InitiativeRecord, _a: unknown, ctx: Ctx) =>
      activityCounts(ctx.store, activitiesOfCompanies(ctx.store, i.companyIds)),
    activities: (i: InitiativeRecord, args: InitiativeActivitiesArgs, ctx: Ctx) => {
      const { totalModels, models } = page(activitiesOfCompanies(ctx.store, i.companyIds), args);
      return { totalModels, models };
    },
  },
  InitiativeCompany: {
    id: (p: InitiativeCompanyParent) => p.company.id,
    name: (p: InitiativeCompanyParent) => p.company.name ?? p.company.displayName,
    company: (p: InitiativeCompanyParent) => p.company,
    initiativeId: (p: InitiativeCompanyParent) => p.initiative.id,
    initiativeName: (p: InitiativeCompanyParent) => p.initiative.name,
    businessCity: (p: InitiativeCompanyParent, _a: unknown, ctx: Ctx) =>
      businessAddress(ctx.store, p.company.id)?.city ?? null,
    businessState: (p: InitiativeCompanyParent, _a: unknown, ctx: Ctx) =>
      businessAddress(ctx.store, p.company.id)?.administrativeDivision ?? null,
    contactTypes: (p: InitiativeCompanyParent, _a: unknown, ctx: Ctx) =>
      existing<ContactTypeRecord>(ctx.store, CONTACT_TYPES, p.company.contactTypeIds).map((t) => ({
        id: t.id,
        name: t.name,
      })),
  },
  InvolvedUser: {
    jobTitle: (u: ContactRecord) => u.jobTitle ?? null,
    companyName: (u: ContactRecord, _a: unknown, ctx: Ctx) => {
      const employer = findContact(ctx.store, u.companyId);
      return employer ? (employer.name ?? employer.displayName) : null;
    },
    hasRelationship: (u: ContactRecord, _a: unknown, ctx: Ctx) => apiUserRelatedTo(ctx.store, u.id),
    person: (u: ContactRecord) => u,
  },
};
