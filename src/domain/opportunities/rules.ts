import type { StoreReader } from '../../store/index.js';
import { apiUserId, checkContact, META_FIRM_COMPANY_ID, type ContactRecord } from '../contacts/model.js';
import { INDUSTRIES, PRACTICE_GROUPS } from '../settings/model.js';
import { MATTERS } from '../matters/model.js';
import { INITIATIVES, type InitiativeRecord } from '../planning/model.js';
import { MAX_TEXT, type Validator } from '../shared/validation.js';
import {
  OPPORTUNITIES,
  STAGE_TEMPLATES,
  type LookupRecord,
  type OpportunityRecord,
  type StageInstanceRecord,
  type StageTemplateRecord,
  type TemplateStage,
} from './model.js';

/** The id of the API user (the contacts area's, re-exported for this area's mutations). */
export { apiUserId };

/** the API user is the lead, a principal or the creator of the opportunity. */
export function isCurrentUserInvolved(store: StoreReader, opp: OpportunityRecord): boolean {
  const me = apiUserId(store);
  if (me === undefined) return false;
  return opp.leadId === me || opp.creatorId === me || opp.principals.some((p) => p.leadId === me);
}

/** a confidential opportunity the API user is not involved in shows only its outline. */
export function isHidden(store: StoreReader, opp: OpportunityRecord): boolean {
  return opp.isConfidential && !isCurrentUserInvolved(store, opp);
}

/**
 * The opportunity a mutation changes: it must exist, and a confidential one must involve the API user
 * (a user who cannot see its details cannot change them either). Records the failure on `propertyName`.
 */
export function checkOpportunity(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  id: string | null | undefined,
): OpportunityRecord | undefined {
  const opp = id ? store.get<OpportunityRecord>(OPPORTUNITIES, id) : undefined;
  if (!opp) {
    v.fail(propertyName, `No opportunity exists with id "${id ?? ''}".`);
    return undefined;
  }
  if (isHidden(store, opp)) {
    v.fail(
      propertyName,
      `Opportunity "${opp.id}" is confidential and the current user is not involved in it.`,
    );
    return undefined;
  }
  return opp;
}

/** Whether the person is an employee of the firm (leads and principals must be, A-47). */
export function isFirmEmployee(store: StoreReader, person: ContactRecord): boolean {
  if (person.kind !== 'Person') return false;
  const firmId = store.meta[META_FIRM_COMPANY_ID];
  return person.isEmployee === true || (typeof firmId === 'string' && person.companyId === firmId);
}

/** A reference to a Person contact; `employee` also requires a firm employee. */
export function checkPerson(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  id: string,
  employee: boolean,
): string | undefined {
  const contact = checkContact(v, store, propertyName, id, 'Person');
  if (!contact) return undefined;
  if (employee && !isFirmEmployee(store, contact)) {
    v.fail(propertyName, `${contact.displayName} is not an employee of the firm.`);
    return undefined;
  }
  return id;
}

/** A reference to a Company contact. */
export function checkCompany(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  id: string,
): string | undefined {
  return checkContact(v, store, propertyName, id, 'Company')?.id;
}

/**
 * A reference to an opportunity lookup value (type, origination source, outcome reason). An inactive
 * value is refused unless the opportunity already uses it (A-46: it stays where it is, but is not
 * offered for new uses).
 */
export function checkLookup(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  collection: string,
  id: string,
  what: string,
  current: readonly (string | null)[] = [],
): LookupRecord | undefined {
  const value = store.get<LookupRecord>(collection, id);
  if (!value) {
    v.fail(propertyName, `No ${what} exists with id "${id}".`);
    return undefined;
  }
  if (!value.isActive && !current.includes(id)) {
    v.fail(propertyName, `The ${what} "${value.name}" is inactive and cannot be used.`);
    return undefined;
  }
  return value;
}

/** An id list of an input: GraphQL list items may be null; undefined is treated alike. */
export type IdList = ReadonlyArray<string | null | undefined> | null | undefined;

function nullable(ids: IdList): Array<string | null> {
  return (ids ?? []).map((id) => id ?? null);
}

/** Practice group ids: each must exist in the settings area's collection; duplicates dropped. */
export function checkPracticeGroups(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  ids: IdList,
): string[] {
  return v.references(propertyName, nullable(ids), (id) => store.has(PRACTICE_GROUPS, id), 'practice group');
}

/** Industry ids: each must exist in the settings area's collection; duplicates dropped. */
export function checkIndustries(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  ids: IdList,
): string[] {
  return v.references(propertyName, nullable(ids), (id) => store.has(INDUSTRIES, id), 'industry');
}

/** Initiative ids: each must name an initiative that was not removed; duplicates dropped. */
export function checkInitiatives(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  ids: IdList,
): string[] {
  return v.references(
    propertyName,
    nullable(ids),
    (id) => {
      const initiative = store.get<InitiativeRecord>(INITIATIVES, id);
      return initiative !== undefined && !initiative.isDeleted;
    },
    'initiative',
  );
}

/** A matter id of the matters area's collection. */
export function checkMatter(
  v: Validator,
  store: StoreReader,
  propertyName: string,
  id: string,
): string | undefined {
  return v.reference(propertyName, id, (x) => store.has(MATTERS, x), 'matter');
}

/** Tags: trimmed, non-empty, at most 255 characters each, duplicates (case-insensitive) dropped. */
export function checkTags(v: Validator, propertyName: string, tags: IdList): string[] {
  const out: string[] = [];
  (tags ?? []).forEach((tag, i) => {
    const text = tag?.trim() ?? '';
    if (text === '') v.fail(`${propertyName}[${i}]`, `${propertyName}[${i}] cannot be empty.`);
    else if (text.length > MAX_TEXT) {
      v.fail(`${propertyName}[${i}]`, `${propertyName}[${i}] must be at most ${MAX_TEXT} characters long.`);
    } else if (!out.some((t) => t.toLowerCase() === text.toLowerCase())) out.push(text);
  });
  return out;
}

/** The stage template of an opportunity type. */
export function templateOf(store: StoreReader, typeId: string): StageTemplateRecord | undefined {
  return store.get<StageTemplateRecord>(STAGE_TEMPLATES, typeId);
}

/** The lowest stage of a template: where a new opportunity starts. */
export function firstStage(template: StageTemplateRecord | undefined): TemplateStage | undefined {
  return template?.stages.reduce<TemplateStage | undefined>(
    (low, s) => (low === undefined || s.stageOrder < low.stageOrder ? s : low),
    undefined,
  );
}

/** The current stage: the latest instance entered. */
export function currentInstance(opp: OpportunityRecord): StageInstanceRecord | undefined {
  return opp.stageInstances[opp.stageInstances.length - 1];
}

/** The name an instance shows: the template's name for its order, else the name it was entered with. */
export function stageNameOf(
  store: StoreReader,
  opp: OpportunityRecord,
  instance: StageInstanceRecord,
): string {
  const stage = templateOf(store, opp.opportunityTypeId)?.stages.find(
    (s) => s.stageOrder === instance.stageOrder,
  );
  return stage?.stageName ?? instance.stageName;
}

/** What the event view compares for `CurrentStageChanged`: the current stage instance and its shown name. */
export function currentStageKey(store: StoreReader, opp: OpportunityRecord): string {
  const instance = currentInstance(opp);
  return instance ? `${instance.id}:${stageNameOf(store, opp, instance)}` : '';
}
