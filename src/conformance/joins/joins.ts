import type { GraphQLSchema } from 'graphql';
import type { PageFinding } from '../assert/pages.js';
import { apiUserFacts, type UserFact } from './api-user.js';
import { membershipFacts, type MembershipFact } from './memberships.js';
import { converseFindings } from './converses.js';
import { definingFindings } from './defining.js';
import { derivedFindings } from './derived.js';
import { engagementFindings } from './engagement.js';
import { formFindings } from './forms.js';
import { scoreDateFindings } from './score-date.js';
import { stageTimeFindings } from './stage-time.js';
import { rankingFindings } from './rankings.js';
import { typedHolders, type TypedHolder } from './typed-holders.js';
import { withinRecordFindings } from './within-record.js';

/** What the join checks rest on. */
export const JOIN_BASIS: readonly string[] = ['A-580'];

/** The by-id read that tells whether a record named by an id exists now. */
export type ByIdRead = 'contact' | 'list' | 'initiative' | 'objective' | 'opportunity';

/**
 * A nested record named by an id beside it: while the record exists, the nested field is that record.
 * `person` marks joins typed `Person`, which an id of a company legitimately leaves null.
 */
interface IdJoin {
  type: string;
  field: string;
  idField: string;
  byId: ByIdRead;
  person?: true;
}

const ID_JOINS: readonly IdJoin[] = [
  { type: 'FirmContactEventView', field: 'contact', idField: 'contactId', byId: 'contact' },
  { type: 'ListEventView', field: 'list', idField: 'listId', byId: 'list' },
  { type: 'InitiativeEventView', field: 'initiative', idField: 'initiativeId', byId: 'initiative' },
  { type: 'ObjectiveEventView', field: 'objective', idField: 'objectiveId', byId: 'objective' },
  { type: 'OpportunityEventView', field: 'opportunity', idField: 'opportunityId', byId: 'opportunity' },
  { type: 'RelationshipEventView', field: 'baseContact', idField: 'baseContactId', byId: 'contact' },
  { type: 'RelationshipEventView', field: 'relatedContact', idField: 'relatedContactId', byId: 'contact' },
  { type: 'OpportunityContact', field: 'person', idField: 'contactId', byId: 'contact', person: true },
  { type: 'EmployeeRelationshipTo', field: 'person', idField: 'contactId', byId: 'contact', person: true },
];

/**
 * A record listed under its parent refers back to that parent: by a nested record (`objective`) or by
 * an id (`initiativeId`). `via` is the path of field names from the parent down to the record.
 */
interface ParentJoin {
  type: string;
  parent: string;
  via: readonly string[];
  nested?: string;
  idField?: string;
}

const PARENT_JOINS: readonly ParentJoin[] = [
  { type: 'Initiative', parent: 'Objective', via: ['initiatives', 'models'], nested: 'objective' },
  { type: 'InitiativeCompany', parent: 'Initiative', via: ['companies'], idField: 'initiativeId' },
  {
    type: 'OpportunityContact',
    parent: 'Opportunity',
    via: ['associatedContacts'],
    idField: 'opportunityId',
  },
  {
    type: 'AssociatedOutcomeReason',
    parent: 'Opportunity',
    via: ['associatedOutcomeReasons'],
    idField: 'opportunityId',
  },
  {
    type: 'OpportunityStageInstance',
    parent: 'Opportunity',
    via: ['stageInstances'],
    idField: 'opportunityId',
  },
  {
    type: 'OpportunityStageInstance',
    parent: 'Opportunity',
    via: ['currentStage'],
    idField: 'opportunityId',
  },
  // A contact's own addresses, e-mail addresses and phone numbers name it as their owning contact.
  ...(['addresses', 'emailAddresses', 'phoneNumbers'] as const).map((via) => ({
    type: { addresses: 'Address', emailAddresses: 'EmailAddress', phoneNumbers: 'PhoneNumber' }[via],
    parent: 'Contact',
    via: [via],
    idField: 'owningContactId',
  })),
];

/** Whether a holder is of `type`; a person and a company are contacts (`Contact` is their interface). */
const isOf = (holder: TypedHolder, type: string): boolean =>
  holder.types.has(type) ||
  (type === 'Contact' && (holder.types.has('Person') || holder.types.has('Company')));

/** A nested record answered null beside an id: wrong if the record exists, which only a by-id read tells. */
export interface NullJoin {
  path: string;
  field: string;
  id: string;
  byId: ByIdRead;
  /** The record must be a person for the join to hold it (a `Person`-typed field). */
  person: boolean;
}

/** What one answer says of a person's employer: a claim (the person's own field) or evidence (a view of it). */
export interface EmployerFact {
  personId: string;
  companyId: string | null;
  path: string;
  /** `claim`: `Person.currentEmployer`; `evidence`: a list member's `companyId` or an activity person's `company`. */
  role: 'claim' | 'evidence';
}

/**
 * What one answer says of a contact's e-mail addresses: all of them (the contact's own `emailAddresses`),
 * or one that must be among them (a list member's `emailAddress`, an activity person's `primaryEmail`:
 * the first business address, else the first, A-73, A-05).
 */
export interface EmailFact {
  contactId: string;
  /** `all`: every address of the contact; `one`: an address another view names. */
  role: 'all' | 'one';
  addresses: readonly string[];
  path: string;
}

/** One view of a record in an answer: its scalar and enum fields asked without arguments. */
export interface RecordView {
  /** The kind of record (a person and a company are both `Contact`: they share one space of ids). */
  family: string;
  id: string;
  path: string;
  values: Map<string, unknown>;
  /** Where a value sits in the answer when a row carries it under another name (`dataType`). */
  renamed?: Map<string, string>;
}

/** The join checks of one answer: what is wrong in the answer itself, and what needs other answers. */
export interface JoinObservation {
  findings: PageFinding[];
  nullJoins: NullJoin[];
  employers: EmployerFact[];
  emails: EmailFact[];
  records: RecordView[];
  /** What the answer says of who the API user is (api-user.ts). */
  users: UserFact[];
  /** What the answer says of which contacts are in which lists (memberships.ts). */
  memberships: MembershipFact[];
}

/** An observation of nothing: what an answer without joins (or a test's starting point) holds. */
export function emptyObservation(): JoinObservation {
  return { findings: [], nullJoins: [], employers: [], emails: [], records: [], users: [], memberships: [] };
}

/**
 * Records whose every view answers the same values. Rows that join a record to a context
 * (a list member, an initiative's company, an involved user) are left out: their fields depend on it.
 */
const RECORD_FAMILIES: readonly [string, readonly string[]][] = [
  ['Contact', ['Contact', 'Person', 'Company']],
  ['List', ['List']],
  ['Activity', ['Activity']],
  ['Objective', ['Objective']],
  ['Initiative', ['Initiative']],
  ['Opportunity', ['Opportunity']],
  // A contact's details are records of their own (ids of their own): every view of one answers alike.
  ['Address', ['Address']],
  ['EmailAddress', ['EmailAddress']],
  ['PhoneNumber', ['PhoneNumber']],
  ['AdditionalFieldDefinition', ['AdditionalFieldDefinition']],
  ['ActivityType', ['ActivityType']],
  ['ContactType', ['ContactType']],
  ['RelationshipTypeDefinition', ['RelationshipTypeDefinition']],
];

/**
 * Rows that repeat fields of the record they name: an additional field value carries its definition's
 * data type and name; an activity, an activity count and a relationship event the name of their
 * type, a list member its contact's display name and its company's name, an initiative's company row
 * the initiative's name, an involved user and a co-worker the person's current job title (and an
 * involved user its names), a principal the lead's full name, relationship views the display names (and
 * job titles) of the contacts they rank. Each must read as the record itself does.
 */
const PROJECTIONS: readonly {
  type: string;
  family: string;
  idField: string;
  fields: Record<string, string>;
}[] = [
  {
    type: 'AdditionalFieldValue',
    family: 'AdditionalFieldDefinition',
    idField: 'fieldId',
    fields: { dataType: 'fieldDataType', fieldName: 'name' },
  },
  // An activity names its type twice: by id and by the type's name (§2.4), and the type's group.
  {
    type: 'Activity',
    family: 'ActivityType',
    idField: 'typeId',
    fields: { type: 'name', typeGroup: 'groupName' },
  },
  { type: 'ActivityView', family: 'ActivityType', idField: 'typeId', fields: { type: 'name' } },
  { type: 'ActivityCount', family: 'ActivityType', idField: 'typeId', fields: { typeName: 'name' } },
  // A list member is the contact its id names, and companyName the name of the company companyId names.
  { type: 'ListContact', family: 'Contact', idField: 'id', fields: { displayName: 'displayName' } },
  { type: 'ListContact', family: 'Contact', idField: 'companyId', fields: { companyName: 'name' } },
  {
    type: 'InitiativeCompany',
    family: 'Initiative',
    idField: 'initiativeId',
    fields: { initiativeName: 'name' },
  },
  // A contact's contact types carry the names the tenant's contactTypes look-up gives them.
  { type: 'ContactFolderContactType', family: 'ContactType', idField: 'id', fields: { name: 'name' } },
  // A person linked to an activity carries the person's own full name.
  { type: 'ActivityPerson', family: 'Contact', idField: 'id', fields: { fullName: 'fullName' } },
  // A person shown as an involved user or a co-worker carries the person's current job title and names.
  {
    type: 'InvolvedUser',
    family: 'Contact',
    idField: 'id',
    fields: { jobTitle: 'currentJobTitle', firstName: 'firstName', lastName: 'lastName' },
  },
  // An opportunity's principal carries the lead's own full name.
  { type: 'OpportunityPrincipal', family: 'Contact', idField: 'leadId', fields: { fullName: 'fullName' } },
  // The firm's employees related to a company are named as the contacts they are.
  {
    type: 'EmployeeWithRelationshipsTo',
    family: 'Contact',
    idField: 'id',
    fields: { displayName: 'displayName', positionName: 'currentJobTitle' },
  },
  {
    type: 'EmployeeWithRelationshipsToView',
    family: 'Contact',
    idField: 'id',
    fields: { displayName: 'displayName', positionName: 'currentJobTitle' },
  },
  {
    type: 'EmployeeRelationshipTo',
    family: 'Contact',
    idField: 'contactId',
    fields: { positionName: 'currentJobTitle' },
  },
  // Relationship views name the contacts they rank by id and by the contact's own display name.
  {
    type: 'EmployeeRelationshipTo',
    family: 'Contact',
    idField: 'contactId',
    fields: { displayName: 'displayName' },
  },
  {
    type: 'PersonRelationshipView',
    family: 'Contact',
    idField: 'personId',
    fields: { personDisplayName: 'displayName' },
  },
  {
    type: 'PersonRelationshipView',
    family: 'Contact',
    idField: 'relatedPersonId',
    fields: { relatedPersonDisplayName: 'displayName', relatedPersonJobTitle: 'currentJobTitle' },
  },
  {
    type: 'RelationshipInsightView',
    family: 'Contact',
    idField: 'insightContactId',
    fields: { displayName: 'displayName' },
  },
  {
    type: 'RelationshipEventView',
    family: 'RelationshipTypeDefinition',
    idField: 'relationshipTypeId',
    fields: { relationshipTypeName: 'name' },
  },
];

/**
 * A record's current member among its history: where the list has items, the current one is one of
 * them (A-48: an opportunity's currentStage is its latest stage instance).
 */
const CURRENT_OF: readonly { type: string; list: string; current: string }[] = [
  { type: 'Opportunity', list: 'stageInstances', current: 'currentStage' },
];

const idOf = (value: unknown): string | undefined => {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The ancestor reached from the holder by walking `via` upwards, if the holder sits there. */
function parentAlong(holder: TypedHolder, via: readonly string[]): TypedHolder | undefined {
  let at: TypedHolder | undefined = holder;
  for (let i = via.length - 1; i >= 0; i -= 1) {
    if (!at?.parent || at.parent.field !== via[i]) return undefined;
    at = at.parent.holder;
  }
  return at;
}

function idJoins(holder: TypedHolder, out: JoinObservation): void {
  for (const join of ID_JOINS) {
    if (!holder.types.has(join.type) || !holder.fields.has(join.field)) continue;
    const id = text(holder.fields.get(join.idField));
    if (id === undefined) continue;
    const nested = holder.fields.get(join.field);
    const path = `${holder.path}.${join.field}`;
    if (nested === null) {
      out.nullJoins.push({
        path,
        field: `${join.type}.${join.field}`,
        id,
        byId: join.byId,
        person: !!join.person,
      });
      continue;
    }
    const nestedId = idOf(nested);
    if (nestedId !== undefined && nestedId !== id) {
      out.findings.push({
        basis: JOIN_BASIS,
        finding: {
          expectationId: 'join',
          path: `${path}.id`,
          kind: 'value-mismatch',
          expected: id,
          actual: nestedId,
          message: `${path} (${join.type}.${join.field}) is record ${JSON.stringify(nestedId)}, but its ${join.idField} beside it names ${JSON.stringify(id)}: the nested record is not the one the id names`,
        },
      });
    }
  }
}

function parentJoins(holder: TypedHolder, out: JoinObservation): void {
  for (const join of PARENT_JOINS) {
    if (!holder.types.has(join.type)) continue;
    const parent = parentAlong(holder, join.via);
    const parentId = parent && isOf(parent, join.parent) ? text(parent.fields.get('id')) : undefined;
    if (parentId === undefined) continue;
    const field = join.nested ?? join.idField!;
    if (!holder.fields.has(field)) continue;
    const value = holder.fields.get(field);
    const got = join.nested ? (value === null ? null : idOf(value)) : text(value);
    if (got === undefined || got === parentId) continue;
    out.findings.push({
      basis: JOIN_BASIS,
      finding: {
        expectationId: 'join',
        path: `${holder.path}.${field}`,
        kind: 'value-mismatch',
        expected: join.nested ? { id: parentId } : parentId,
        actual: join.nested ? value : got,
        message: `${holder.path}.${field} (${join.type}.${field}) is ${got === null ? 'null' : JSON.stringify(got)}, but the ${join.type} is listed under ${join.parent} ${JSON.stringify(parentId)} (${parent!.path}.${join.via.join('.')}): a record listed under its parent refers back to it`,
      },
    });
  }
}

function currentOf(holder: TypedHolder, out: JoinObservation): void {
  for (const rule of CURRENT_OF) {
    if (!holder.types.has(rule.type) || !holder.fields.has(rule.current)) continue;
    const list = holder.fields.get(rule.list);
    if (!Array.isArray(list) || list.length === 0) continue;
    const ids = list.map(idOf);
    if (ids.some((id) => id === undefined)) continue;
    const current = holder.fields.get(rule.current);
    const currentId = current === null ? null : idOf(current);
    if (currentId === undefined || (currentId !== null && ids.includes(currentId))) continue;
    out.findings.push({
      basis: JOIN_BASIS,
      finding: {
        expectationId: 'join',
        path: `${holder.path}.${rule.current}`,
        kind: 'value-mismatch',
        expected: `one of ${JSON.stringify(ids)}`,
        actual: current,
        message: `${holder.path}.${rule.current} (${rule.type}.${rule.current}) is ${currentId === null ? 'null' : JSON.stringify(currentId)}, but the ${rule.type} has ${ids.length} ${rule.list} (${JSON.stringify(ids)}): the current one is one of them`,
      },
    });
  }
}

function projections(holder: TypedHolder, out: JoinObservation): void {
  for (const p of PROJECTIONS) {
    if (!holder.types.has(p.type)) continue;
    const id = text(holder.leaves.get(p.idField));
    if (id === undefined) continue;
    const values = new Map<string, unknown>();
    const renamed = new Map<string, string>();
    for (const [from, to] of Object.entries(p.fields)) {
      if (!holder.leaves.has(from)) continue;
      values.set(to, holder.leaves.get(from));
      renamed.set(to, from);
    }
    if (values.size > 0) out.records.push({ family: p.family, id, path: holder.path, values, renamed });
  }
}

/**
 * Fields that refer to the record a view was reached through, not to the record alone: a list read
 * through a contact (`Contact.lists`) answers whether the API user sponsors that contact on it.
 */
const CONTEXTUAL: Readonly<Record<string, readonly string[]>> = { List: ['userIsSponsor'] };

/**
 * Objects without an id of their own that are part of the record holding them: their fields are the
 * record's (`relationshipScore.strength` of a contact), held alike in every view of it, in either revision.
 */
const PARTS: readonly { type: string; field: string; family: string; owners: readonly string[] }[] = [
  { type: 'Score', field: 'relationshipScore', family: 'Contact', owners: ['Contact', 'Person', 'Company'] },
];

function parts(holder: TypedHolder, out: JoinObservation): void {
  for (const part of PARTS) {
    if (!holder.types.has(part.type) || holder.parent?.field !== part.field) continue;
    const owner = holder.parent.holder;
    const id = text(owner.leaves.get('id'));
    if (id === undefined || !part.owners.some((t) => owner.types.has(t))) continue;
    const values = new Map<string, unknown>();
    const renamed = new Map<string, string>();
    for (const [name, value] of holder.leaves) {
      values.set(`${part.field}.${name}`, value);
      renamed.set(`${part.field}.${name}`, name);
    }
    if (values.size > 0) out.records.push({ family: part.family, id, path: holder.path, values, renamed });
  }
}

function records(holder: TypedHolder, out: JoinObservation): void {
  const id = text(holder.leaves.get('id'));
  if (id === undefined) return;
  const family = RECORD_FAMILIES.find(([, types]) => types.some((t) => holder.types.has(t)))?.[0];
  if (family === undefined) return;
  const contextual = CONTEXTUAL[family] ?? [];
  const values = new Map([...holder.leaves].filter(([name]) => name !== 'id' && !contextual.includes(name)));
  if (values.size > 0) out.records.push({ family, id, path: holder.path, values });
}

function employers(holder: TypedHolder, out: JoinObservation): void {
  const id = text(holder.fields.get('id'));
  if (id === undefined) return;
  if (holder.types.has('Person') && holder.fields.has('currentEmployer')) {
    const employer = holder.fields.get('currentEmployer');
    const companyId = employer === null ? null : idOf(employer);
    if (companyId !== undefined)
      out.employers.push({ personId: id, companyId, path: `${holder.path}.currentEmployer`, role: 'claim' });
  }
  // A list member's companyId is its employer, or the member itself when it is a company.
  if (holder.types.has('ListContact')) {
    const companyId = text(holder.fields.get('companyId'));
    if (companyId !== undefined && companyId !== id)
      out.employers.push({ personId: id, companyId, path: `${holder.path}.companyId`, role: 'evidence' });
  }
  if (holder.types.has('ActivityPerson') && holder.fields.has('company')) {
    const companyId = idOf(holder.fields.get('company'));
    if (companyId !== undefined)
      out.employers.push({ personId: id, companyId, path: `${holder.path}.company`, role: 'evidence' });
  }
}

/**
 * A person's employer is one fact however it is read: `Person.currentEmployer` and an
 * activity person's `company` are views of it, a null one included, held alike with no write between.
 */
function employerViews(holder: TypedHolder, out: JoinObservation): void {
  const id = text(holder.fields.get('id'));
  if (id === undefined) return;
  const field = holder.types.has('Person')
    ? 'currentEmployer'
    : holder.types.has('ActivityPerson')
      ? 'company'
      : undefined;
  if (field === undefined || !holder.fields.has(field)) return;
  const employer = holder.fields.get(field);
  const companyId = employer === null ? null : idOf(employer);
  if (companyId === undefined) return;
  out.records.push({
    family: 'Contact',
    id,
    path: holder.path,
    values: new Map([['employer', companyId]]),
    renamed: new Map([['employer', `${field}.id`]]),
  });
}

function emails(holder: TypedHolder, out: JoinObservation): void {
  const id = text(holder.fields.get('id'));
  if (id === undefined) return;
  const list = holder.fields.get('emailAddresses');
  if ((holder.types.has('Person') || holder.types.has('Company')) && Array.isArray(list)) {
    const addresses = list.map((e) => text((e as { address?: unknown } | null)?.address));
    // Every address selected and answered: a partial list says nothing about what is missing from it.
    if (addresses.every((a): a is string => a !== undefined))
      out.emails.push({ contactId: id, role: 'all', addresses, path: `${holder.path}.emailAddresses` });
  }
  for (const [type, field] of [
    ['ListContact', 'emailAddress'],
    ['ActivityPerson', 'primaryEmail'],
  ] as const) {
    const address = holder.types.has(type) ? text(holder.fields.get(field)) : undefined;
    if (address !== undefined && address !== '')
      out.emails.push({ contactId: id, role: 'one', addresses: [address], path: `${holder.path}.${field}` });
  }
}

/**
 * The join checks of one answer's `data`, typed by the request's document (A-580): a nested record
 * that is not the one the id beside it names, a record listed under a parent that does not refer back
 * to it, nested records answered null beside an id (to read by id later), what the answer says of
 * persons' employers and contacts' e-mail addresses and every record's scalar fields (to hold against
 * other answers with no write between); relationship insights out of their rankings' order, relationship types whose converse
 * is not the name of the type their converseId names, records answering null for a field they
 * cannot exist without, and a record's own fields that contradict each other (within-record.ts).
 * `now` is when the answer came, for what counts to the server's now (stage-time.ts, score-date.ts).
 */
export function observeJoins(
  schema: GraphQLSchema,
  request: { document: string; operationName?: string },
  data: unknown,
  now?: number,
): JoinObservation {
  const out = emptyObservation();
  const holders = [...typedHolders(schema, request, data)];
  out.findings.push(
    ...rankingFindings(holders),
    ...converseFindings(holders),
    ...definingFindings(holders),
    ...stageTimeFindings(holders, now),
    ...scoreDateFindings(holders, now),
    ...withinRecordFindings(holders),
    ...formFindings(holders),
    ...engagementFindings(holders),
    ...derivedFindings(holders),
  );
  out.users.push(...apiUserFacts(holders));
  out.memberships.push(...membershipFacts(holders));
  for (const holder of holders) {
    idJoins(holder, out);
    parentJoins(holder, out);
    employers(holder, out);
    employerViews(holder, out);
    emails(holder, out);
    currentOf(holder, out);
    projections(holder, out);
    parts(holder, out);
    records(holder, out);
  }
  return out;
}
