// Tenant and region isolation (issue 8, item 6): a token of one tenant can never read or change another
// tenant's or another region's data through any operation that takes an id. Every operation of 1.4.0 is
// enumerated from the schema; each one that takes an id is called with the ids of another (tenant,
// region). Every probe has a control that proves it meaningful: the same call by the owner of the ids
// returns data (reads) or changes the owner's store (writes); the store is restored afterwards. A second
// simulator whose stores are shared (the protection removed) shows that the probes catch the breach.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import {
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { createApp } from '../../src/server/app.js';
import {
  DEFAULT_TENANTS,
  Simulator,
  type Region,
  type RequestContext,
  type TenantConfig,
} from '../../src/simulator/index.js';
import type { Version } from '../../src/contract/versions.js';
import type { Entity, Store, StoreSnapshot } from '../../src/store/index.js';
import { startTestServer, type GqlResponse, type TestServer } from '../helpers/server.js';

// ---------------------------------------------------------------------------------------------------
// The operations, enumerated from the 1.4.0 schema, and the paths of their id arguments.

interface Operation {
  kind: 'query' | 'mutation';
  name: string;
  field: GraphQLField<unknown, unknown>;
  /** Paths of every ID argument or ID input field, e.g. `input.items.id`. */
  idPaths: string[];
}

function idPathsOf(type: GraphQLInputType, path: string, seen: ReadonlySet<string>): string[] {
  const named = getNamedType(type);
  if (named.name === 'ID') return [path];
  if (!isInputObjectType(named) || seen.has(named.name)) return [];
  const next = new Set(seen).add(named.name);
  return Object.values(named.getFields()).flatMap((f) => idPathsOf(f.type, `${path}.${f.name}`, next));
}

function operationsOf(schema: GraphQLSchema): Operation[] {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const;
  return roots.flatMap(([kind, root]) =>
    Object.values(root?.getFields() ?? {}).map((field) => ({
      kind,
      name: field.name,
      field,
      idPaths: field.args.flatMap((a) => idPathsOf(a.type, a.name, new Set())),
    })),
  );
}

/** A selection of every field without required arguments, two object levels deep. */
function selectionOf(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (depth === 0 || (!isObjectType(named) && !isInterfaceType(named))) return '{ __typename }';
  const parts = ['__typename'];
  for (const f of Object.values(named.getFields())) {
    if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    parts.push(isLeafType(getNamedType(f.type)) ? f.name : `${f.name} ${selectionOf(f.type, depth - 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

function documentOf(op: Operation, variables: Record<string, unknown>): string {
  const args = op.field.args.filter((a) => variables[a.name] !== undefined);
  const defs = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = selectionOf(op.field.type, 2);
  return `${op.kind} Probe${defs ? `(${defs})` : ''} { ${op.name}${call ? `(${call})` : ''} ${selection} }`;
}

// ---------------------------------------------------------------------------------------------------
// Ids: which kind of entity each id argument names, picked from one store's snapshot.

type Pred = (e: Entity) => boolean;
const active: Pred = (e) => e['isActive'] !== false;
const inCollection =
  (collection: string, pred: Pred = () => true) =>
  (snap: StoreSnapshot): Entity[] =>
    (snap.collections[collection] ?? []).filter(pred);

const KINDS = {
  person: inCollection('contacts', (e) => e['kind'] === 'Person' && e['isEmployee'] !== true),
  employee: inCollection('contacts', (e) => e['kind'] === 'Person' && e['isEmployee'] === true),
  company: (snap: StoreSnapshot) =>
    inCollection('contacts', (e) => e['kind'] === 'Company' && e.id !== snap.meta['firmCompanyId'])(snap),
  activity: inCollection('activities'),
  activityType: inCollection('activityTypes', (e) => active(e) && e['isUserCreatable'] === true),
  address: inCollection('addresses'),
  contactType: inCollection('contactTypes'),
  contactTypeFolder: (snap: StoreSnapshot) => snap.meta['contactTypeFolders'] as Entity[],
  country: inCollection('countries'),
  event: inCollection('events'),
  fieldDefinition: inCollection('fieldDefinitions'),
  fieldValue: inCollection('fieldValues'),
  marketingFolderType: inCollection('folderTypes', (e) => active(e) && e['listClass'] === 'marketingLists'),
  workingFolderType: inCollection('folderTypes', (e) => active(e) && e['listClass'] === 'workingLists'),
  marketingList: inCollection('lists', (e) => e['listClass'] === 'marketingLists' && e['archived'] !== true),
  workingList: inCollection('lists', (e) => e['listClass'] === 'workingLists' && e['archived'] !== true),
  listMember: inCollection('listMembers', (e) => e['pendingRemoval'] !== true),
  industry: inCollection('industries'),
  practiceGroup: inCollection('practiceGroups'),
  language: inCollection('languages'),
  initiative: inCollection('initiatives', (e) => e['isDeleted'] !== true),
  objective: inCollection('objectives', (e) => e['isDeleted'] !== true),
  objectiveType: inCollection('objectiveTypes', active),
  opportunity: inCollection('opportunities'),
  opportunityType: inCollection('opportunityTypes', active),
  originationSource: inCollection('opportunityOriginationSources', active),
  outcome: inCollection('opportunityOutcomes'),
  outcomeReason: inCollection('opportunityOutcomeReasons', active),
  matter: inCollection('matters'),
  matterFinancial: inCollection('matterFinancials'),
  relationship: inCollection('relationships'),
  relationshipType: inCollection('relationshipTypes', (e) => e['status'] !== 'Inactive'),
  workType: (snap: StoreSnapshot) =>
    [...new Set(inCollection('opportunities')(snap).map((o) => o['workTypeId'] as string))]
      .filter(Boolean)
      .map((id) => ({ id })),
} satisfies Record<string, (snap: StoreSnapshot) => Entity[]>;
type Kind = keyof typeof KINDS;

/** The store has nothing a call could use (e.g. no relationship events while the audit feature is off). */
class NoCandidate extends Error {}

/**
 * Picks the entities of one call from one store's snapshot, rotating through the candidates with
 * `attempt` (until a control succeeds), and records the kind of entity each id path names.
 */
class Picker {
  readonly kinds = new Map<string, Kind>();
  constructor(
    readonly snap: StoreSnapshot,
    readonly attempt: number,
  ) {}

  entity(kind: Kind, path: string | null, filter: Pred = () => true, offset = 0): Entity {
    if (path) this.kinds.set(path, kind);
    const from = KINDS[kind](this.snap).filter(filter);
    if (from.length === 0) throw new NoCandidate(`the store holds no fitting ${kind}`);
    return from[(this.attempt + offset) % from.length]!;
  }

  id(kind: Kind, path: string, filter?: Pred, offset = 0): string {
    return this.entity(kind, path, filter, offset).id;
  }

  /** An id taken from another entity (a foreign key), recorded under its kind. */
  derived<T>(kind: Kind, path: string, value: T): T {
    this.kinds.set(path, kind);
    return value;
  }

  get(collection: string, id: unknown): Entity | undefined {
    return this.snap.collections[collection]?.find((e) => e.id === id);
  }
}

type Builder = (p: Picker) => Record<string, unknown>;

const PROBE = 'Isolation probe';
const withKey =
  (key: string, value: unknown): Pred =>
  (e) =>
    e[key] === value;
const nonEmpty =
  (key: string): Pred =>
  (e) =>
    Array.isArray(e[key]) && (e[key] as unknown[]).length > 0;
const first = (e: Entity, key: string): string => (e[key] as string[])[0]!;

/** The employer of a contact, for the relationship views between companies. */
const employerOf = (p: Picker, contactId: unknown): string | undefined =>
  p.get('contacts', contactId)?.['companyId'] as string | undefined;

const planning = (p: Picker, prefix: string) => ({
  companyIds: [p.id('company', `${prefix}.companyIds`)],
  involvedUserIds: [p.id('employee', `${prefix}.involvedUserIds`)],
  industryIds: [p.id('industry', `${prefix}.industryIds`)],
  practiceGroupIds: [p.id('practiceGroup', `${prefix}.practiceGroupIds`)],
  objectiveTypeIds: [p.id('objectiveType', `${prefix}.objectiveTypeIds`)],
});

const eventsOf = (view: string): Pred => withKey('view', view);

/** The pair of companies of a relationship between employees of two companies. */
function companiesOfRelationship(p: Picker): { rel: Entity; from: string; to: string } {
  const rel = p.entity('relationship', null, (r) => {
    const a = employerOf(p, r['baseContactId']);
    const b = employerOf(p, r['relatedContactId']);
    return !!a && !!b && a !== b;
  });
  return {
    rel,
    from: employerOf(p, rel['baseContactId']) ?? p.entity('company', null).id,
    to: employerOf(p, rel['relatedContactId']) ?? p.entity('company', null).id,
  };
}

/** One call per operation that takes an id; every id comes from the picker. */
const BUILDERS: Record<string, Builder> = {
  // ---------------------------------------------------------------- queries
  activities: (p) => {
    const a = p.entity(
      'activity',
      null,
      (e) => nonEmpty('links')(e) && typeof e['originatorId'] === 'string',
    );
    return {
      filter: {
        typeId: [p.derived('activityType', 'filter.typeId', a['typeId'])],
        contactIds: [p.derived('person', 'filter.contactIds', (a['links'] as Entity[])[0]!.id)],
        originatorIds: [p.derived('employee', 'filter.originatorIds', a['originatorId'])],
      },
    };
  },
  activity: (p) => ({ id: p.id('activity', 'id') }),
  company: (p) => ({ id: p.id('company', 'id') }),
  contact: (p) => ({ id: p.id('person', 'id') }),
  contactTypes: (p) => ({ input: { folderId: p.id('contactTypeFolder', 'input.folderId') } }),
  countries: (p) => ({ filter: { ids: [p.id('country', 'filter.ids')] } }),
  country: (p) => ({ id: p.id('country', 'id') }),
  employeeRelationshipsTo: (p) => {
    const { rel, to } = companiesOfRelationship(p);
    return {
      toCompanyId: p.derived('company', 'toCompanyId', to),
      contactId: p.derived('person', 'contactId', rel['baseContactId']),
    };
  },
  employeesWithRelationshipsTo: (p) => {
    const { from, to } = companiesOfRelationship(p);
    return {
      fromCompanyId: p.derived('company', 'fromCompanyId', from),
      toCompanyId: p.derived('company', 'toCompanyId', to),
    };
  },
  employeesWithRelationshipsToView: (p) => BUILDERS['employeesWithRelationshipsTo']!(p),
  firmContactEventViews: (p) => ({
    filter: {
      contactIds: [
        p.derived('person', 'filter.contactIds', p.entity('event', null, eventsOf('contact'))['entityId']),
      ],
    },
  }),
  getIQRelationshipScore: (p) => ({
    targetContactId: p.derived(
      'person',
      'targetContactId',
      p.entity('relationship', null)['relatedContactId'],
    ),
  }),
  getRelationshipInsights: (p) => ({ companyId: p.id('company', 'companyId') }),
  initiative: (p) => ({ id: p.id('initiative', 'id') }),
  initiativeEventViews: (p) => ({
    filter: {
      initiativeIds: [
        p.derived(
          'initiative',
          'filter.initiativeIds',
          p.entity('event', null, eventsOf('initiative'))['entityId'],
        ),
      ],
    },
  }),
  initiatives: (p) => {
    const i = p.entity('initiative', 'filter.ids', nonEmpty('companyIds'));
    return {
      filter: {
        ids: [i.id],
        objectiveIds: [p.derived('objective', 'filter.objectiveIds', i['objectiveId'])],
        companyIds: [p.derived('company', 'filter.companyIds', first(i, 'companyIds'))],
      },
    };
  },
  list: (p) => ({ id: p.id('marketingList', 'id') }),
  listEventViews: (p) => ({
    filter: {
      listIds: [
        p.derived('marketingList', 'filter.listIds', p.entity('event', null, eventsOf('list'))['entityId']),
      ],
    },
  }),
  objective: (p) => ({ id: p.id('objective', 'id') }),
  objectiveEventViews: (p) => ({
    filter: {
      objectiveIds: [
        p.derived(
          'objective',
          'filter.objectiveIds',
          p.entity('event', null, eventsOf('objective'))['entityId'],
        ),
      ],
    },
  }),
  objectives: (p) => {
    const o = p.entity('objective', 'filter.ids', nonEmpty('companyIds'));
    return {
      filter: {
        ids: [o.id],
        companyIds: [p.derived('company', 'filter.companyIds', first(o, 'companyIds'))],
      },
    };
  },
  opportunities: (p) => {
    const o = p.entity('opportunity', 'filter.ids', (e) => !!e['targetCompanyId'] && !!e['leadId']);
    return {
      filter: {
        ids: [o.id],
        opportunityTypeIds: [
          p.derived('opportunityType', 'filter.opportunityTypeIds', o['opportunityTypeId']),
        ],
        targetCompanyIds: [p.derived('company', 'filter.targetCompanyIds', o['targetCompanyId'])],
        leadIds: [p.derived('employee', 'filter.leadIds', o['leadId'])],
      },
    };
  },
  opportunity: (p) => ({ id: p.id('opportunity', 'id') }),
  opportunityEventViews: (p) => ({
    filter: {
      opportunityIds: [
        p.derived(
          'opportunity',
          'filter.opportunityIds',
          p.entity('event', null, eventsOf('opportunity'))['entityId'],
        ),
      ],
    },
  }),
  people: (p) => ({ ids: [p.id('person', 'ids')] }),
  person: (p) => ({ id: p.id('person', 'id') }),
  profile: (p) => ({
    contactId: p.derived('person', 'contactId', p.snap.collections['profiles']![p.attempt % 2]!['contactId']),
  }),
  relationshipEventViews: (p) => {
    const e = p.entity('event', null, eventsOf('relationship'));
    return {
      filter: {
        relationshipIds: [p.derived('relationship', 'filter.relationshipIds', e['entityId'])],
        contactIds: [
          p.derived('person', 'filter.contactIds', (e['data'] as Record<string, unknown>)['baseContactId']),
        ],
      },
    };
  },
  relationshipTypes: (p) => ({ filter: { ids: [p.id('relationshipType', 'filter.ids')] } }),
  targetPersonConnections: (p) => ({
    input: {
      targetPersonId: p.derived(
        'person',
        'input.targetPersonId',
        p.entity('relationship', null)['relatedContactId'],
      ),
      fetchControl: 'All',
    },
  }),

  // ---------------------------------------------------------------- mutations
  addActivity: (p) => ({
    input: {
      typeId: p.id('activityType', 'input.typeId'),
      activityDate: '2026-06-15 10:00:00',
      subject: PROBE,
      linkedEntityIds: [p.id('person', 'input.linkedEntityIds')],
    },
  }),
  addAdditionalFieldDefinition: (p) => ({
    input: { listId: p.id('marketingList', 'input.listId'), name: PROBE, type: 'text' },
  }),
  addCompany: (p) => ({
    input: {
      companyName: 'Isolation Probe Ltd',
      folderContactTypes: [
        p.id('contactType', 'input.folderContactTypes', (t) => t['allowedContactEntity'] !== 'Person'),
      ],
    },
  }),
  addContactsToLists: (p) => ({
    listIds: [p.id('marketingList', 'listIds', (l) => l['allowedContactEntity'] !== 'Company')],
    contactIds: [p.id('person', 'contactIds', () => true, 7)],
  }),
  addInitiative: (p) => ({
    input: { objectiveId: p.id('objective', 'input.objectiveId'), name: PROBE, ...planning(p, 'input') },
  }),
  addList: (p) => ({
    input: { name: PROBE, folderTypeId: p.id('marketingFolderType', 'input.folderTypeId') },
  }),
  addMatter: (p) => ({
    input: { name: PROBE, number: `ISO-${p.attempt}`, clientId: p.id('company', 'input.clientId') },
  }),
  addMatterFinancial: (p) => ({
    input: {
      matterId: p.id('matter', 'input.matterId'),
      periodStart: '2030-01-01',
      periodEnd: '2030-01-31',
      currency: 'USD',
      hoursWorked: 1,
    },
  }),
  addObjective: (p) => ({ input: { name: PROBE, ...planning(p, 'input') } }),
  addOpportunity: (p) => ({
    input: {
      title: PROBE,
      opportunityTypeId: p.id('opportunityType', 'input.opportunityTypeId'),
      targetCompanyId: p.id('company', 'input.targetCompanyId'),
      leadId: p.id('employee', 'input.leadId'),
      originationSourceId: p.id('originationSource', 'input.originationSourceId'),
      originationSourceContactId: p.id('person', 'input.originationSourceContactId'),
      originationSourceCompanyId: p.id('company', 'input.originationSourceCompanyId', () => true, 1),
      practiceGroupIds: [p.id('practiceGroup', 'input.practiceGroupIds')],
      industryIds: [p.id('industry', 'input.industryIds')],
      workTypeId: p.id('workType', 'input.workTypeId'),
    },
  }),
  addOpportunityActivity: (p) => ({
    input: {
      opportunityIds: [p.id('opportunity', 'input.opportunityIds')],
      activity: {
        typeId: p.id('activityType', 'input.activity.typeId'),
        activityDate: '2026-06-15 10:00:00',
        subject: PROBE,
        linkedEntityIds: [p.id('person', 'input.activity.linkedEntityIds')],
      },
    },
  }),
  addPerson: (p) => ({
    input: {
      firstName: 'Isolation',
      lastName: `Probe${p.attempt}`,
      emailAddress: `isolation.probe${p.attempt}@example.com`,
      companyId: p.id('company', 'input.companyId'),
      folderContactTypes: [
        p.id('contactType', 'input.folderContactTypes', (t) => t['allowedContactEntity'] !== 'Company'),
      ],
    },
  }),
  addPublicLocation: (p) => ({
    input: {
      contactId: p.id('person', 'input.contactId'),
      type: 'Business',
      street: '1 Probe Street',
      city: 'Boston',
      country: 'United States',
    },
  }),
  addRelationship: (p) => ({
    input: {
      contactId: p.id('person', 'input.contactId', () => true, 3),
      relationshipTypeId: p.id('relationshipType', 'input.relationshipTypeId', (t) =>
        (t['relationshipListingTypes'] as string[]).includes('PersonToPerson'),
      ),
      strengthLevel: 1,
    },
  }),
  addRelationshipForContacts: (p) => ({
    input: {
      baseContactId: p.id('person', 'input.baseContactId', () => true, 5),
      relatedContactId: p.id('person', 'input.relatedContactId', () => true, 11),
      relationshipTypeId: p.id('relationshipType', 'input.relationshipTypeId', (t) =>
        (t['relationshipListingTypes'] as string[]).includes('PersonToPerson'),
      ),
      strengthLevel: 1,
    },
  }),
  addWorkingList: (p) => ({
    input: { name: PROBE, folderTypeId: p.id('workingFolderType', 'input.folderTypeId') },
  }),
  changePublicContactLocation: (p) => {
    const a = p.entity('address', 'input.addressId', withKey('usage', 'Public'));
    return {
      input: {
        contactId: p.derived('person', 'input.contactId', a['contactId']),
        addressId: a.id,
        city: 'Probeville',
      },
    };
  },
  editAdditionalFieldDefinition: (p) => ({
    input: { id: p.id('fieldDefinition', 'input.id'), name: `${PROBE} renamed` },
  }),
  editListDetails: (p) => ({ input: { id: p.id('marketingList', 'input.id'), name: `${PROBE} renamed` } }),
  editPersonEmploymentInformation: (p) => ({
    input: {
      personId: p.id('person', 'input.personId'),
      companyId: p.id('company', 'input.companyId', () => true, 2),
      jobTitle: PROBE,
    },
  }),
  editRelationship: (p) => {
    const r = p.entity('relationship', 'input.relationshipId', withKey('ownerId', p.snap.meta['apiUserId']));
    return {
      input: {
        relationshipId: r.id,
        relationshipTypeId: p.derived(
          'relationshipType',
          'input.relationshipTypeId',
          r['relationshipTypeId'],
        ),
        isPrivate: r['isPrivate'] !== true,
      },
    };
  },
  editWorkingListDetails: (p) => ({
    input: { id: p.id('workingList', 'input.id'), name: `${PROBE} renamed` },
  }),
  patchObjectiveType: (p) => ({
    input: { items: [{ id: p.id('objectiveType', 'input.items.id'), name: PROBE }] },
  }),
  patchOpportunityOriginationSource: (p) => ({
    input: { items: [{ id: p.id('originationSource', 'input.items.id'), name: PROBE }] },
  }),
  patchOpportunityOutcomeReason: (p) => {
    const r = p.entity('outcomeReason', 'input.items.id');
    return {
      input: {
        items: [
          { id: r.id, name: PROBE, outcomeId: p.derived('outcome', 'input.items.outcomeId', r['outcomeId']) },
        ],
      },
    };
  },
  patchOpportunityType: (p) => ({
    input: { items: [{ id: p.id('opportunityType', 'input.items.id'), name: PROBE }] },
  }),
  removeActivity: (p) => ({ id: p.id('activity', 'id') }),
  removeAdditionalFieldDefinition: (p) => ({ id: p.id('fieldDefinition', 'id') }),
  removeContactFromLists: (p) => {
    const m = p.entity('listMember', null, (e) => p.get('lists', e['listId'])?.['archived'] !== true);
    return {
      input: {
        contactId: p.derived('person', 'input.contactId', m['contactId']),
        listIds: [p.derived('marketingList', 'input.listIds', m['listId'])],
      },
    };
  },
  removeContactsFromList: (p) => {
    const m = p.entity('listMember', null, (e) => p.get('lists', e['listId'])?.['archived'] !== true);
    return {
      listId: p.derived('marketingList', 'listId', m['listId']),
      contactIds: [p.derived('person', 'contactIds', m['contactId'])],
    };
  },
  removeInitiative: (p) => ({ id: p.id('initiative', 'id') }),
  removeMatter: (p) => ({ id: p.id('matter', 'id') }),
  removeMatterFinancials: (p) => ({
    input: { matterId: p.derived('matter', 'input.matterId', p.entity('matterFinancial', null)['matterId']) },
  }),
  removeObjective: (p) => ({ id: p.id('objective', 'id') }),
  removeOpportunity: (p) => ({ id: p.id('opportunity', 'id') }),
  removeRelationship: (p) => {
    const r = p.entity('relationship', 'input.relationshipId', withKey('ownerId', p.snap.meta['apiUserId']));
    const other = r['baseContactId'] === r['ownerId'] ? r['relatedContactId'] : r['baseContactId'];
    return { input: { contactId: p.derived('person', 'input.contactId', other), relationshipId: r.id } };
  },
  removeWorkingList: (p) => ({ listId: p.id('workingList', 'listId') }),
  updateActivity: (p) => {
    // `id` and the public client's `activityId` (A-68) name the same activity.
    const id = p.id('activity', 'input.id');
    return {
      input: {
        id,
        activityId: p.derived('activity', 'input.activityId', id),
        typeId: p.id('activityType', 'input.typeId'),
        subject: PROBE,
        linkedEntityIds: [p.id('person', 'input.linkedEntityIds')],
      },
    };
  },
  updateContactAdditionalFields: (p) => ({
    input: {
      personId: p.id('person', 'input.personId'),
      languageId: p.id('language', 'input.languageId', () => true, 3),
      gender: 'Prefer not to say',
    },
  }),
  updateInitiative: (p) => ({
    input: { id: p.id('initiative', 'input.id'), name: PROBE, ...planning(p, 'input') },
  }),
  updateInitiativeStatus: (p) => {
    const i = p.entity('initiative', 'input.id');
    return { input: { id: i.id, status: i['status'] === 'open' ? 'closed' : 'open' } };
  },
  updateListContactAdditionalFields: (p) => {
    const v = p.entity('fieldValue', null, (e) => {
      const def = p.get('fieldDefinitions', e['fieldId']);
      return def?.['fieldDataType'] === 'text' && p.get('lists', e['listId'])?.['archived'] !== true;
    });
    return {
      input: {
        listId: p.derived('marketingList', 'input.listId', v['listId']),
        contactId: p.derived('person', 'input.contactId', v['contactId']),
        fields: [
          {
            fieldId: p.derived('fieldDefinition', 'input.fields.fieldId', v['fieldId']),
            valueId: p.derived('fieldValue', 'input.fields.valueId', v.id),
            value: PROBE,
          },
        ],
      },
    };
  },
  updateObjective: (p) => ({
    input: { id: p.id('objective', 'input.id'), name: PROBE, ...planning(p, 'input') },
  }),
  updateObjectiveStatus: (p) => {
    const o = p.entity('objective', 'input.id');
    return { input: { id: o.id, status: o['status'] === 'open' ? 'closed' : 'open' } };
  },
  updateOpportunityConfidential: (p) => {
    const o = p.entity('opportunity', 'input.opportunityId');
    return { input: { opportunityId: o.id, isConfidential: o['isConfidential'] !== true } };
  },
  updateOpportunityDetails: (p) => ({
    input: {
      opportunityId: p.id('opportunity', 'input.opportunityId'),
      opportunityTypeId: p.id('opportunityType', 'input.opportunityTypeId', () => true, 1),
      originationSourceId: p.id('originationSource', 'input.originationSourceId', () => true, 1),
      originationSourceContactId: p.id('person', 'input.originationSourceContactId'),
      originationSourceCompanyId: p.id('company', 'input.originationSourceCompanyId'),
      practiceGroupIds: [p.id('practiceGroup', 'input.practiceGroupIds')],
      industryIds: [p.id('industry', 'input.industryIds')],
      workTypeId: p.id('workType', 'input.workTypeId'),
    },
  }),
  updateOpportunityLinks: (p) => ({
    input: {
      opportunityId: p.id('opportunity', 'input.opportunityId'),
      matterId: p.id('matter', 'input.matterId'),
      initiativeIds: [p.id('initiative', 'input.initiativeIds')],
    },
  }),
  updateOpportunityLocations: (p) => ({
    input: {
      opportunityId: p.id('opportunity', 'input.opportunityId'),
      locations: [{ country: 'United States' }],
    },
  }),
  updateOpportunityPeople: (p) => ({
    input: {
      opportunityId: p.id('opportunity', 'input.opportunityId'),
      leadId: p.id('employee', 'input.leadId'),
      principals: [{ leadId: p.id('employee', 'input.principals.leadId', () => true, 1), isPrimary: true }],
      contacts: [{ contactId: p.id('person', 'input.contacts.contactId'), isPrimary: true }],
    },
  }),
  updateOpportunityStageInstances: (p) => ({
    input: {
      opportunityId: p.id('opportunity', 'input.opportunityId', withKey('status', 'open')),
      stageOrder: 1 + (p.attempt % 3),
    },
  }),
  updateOpportunityStageTemplates: (p) => ({
    input: {
      id: p.id('opportunityType', 'input.id'),
      stageTemplates: [
        { stageOrder: 1, stageName: `${PROBE} A` },
        { stageOrder: 2, stageName: `${PROBE} B` },
      ],
    },
  }),
  updateOpportunityStatus: (p) => {
    const reason = p.entity('outcomeReason', 'input.outcomeReasonIds');
    return {
      input: {
        opportunityId: p.id('opportunity', 'input.opportunityId', withKey('status', 'open')),
        status: 'closed',
        outcomeId: p.derived('outcome', 'input.outcomeId', reason['outcomeId']),
        outcomeReasonIds: [reason.id],
      },
    };
  },
  updateOpportunitySummary: (p) => ({
    input: { opportunityId: p.id('opportunity', 'input.opportunityId'), title: PROBE },
  }),
  updatePublicCompany: (p) => ({ input: { id: p.id('company', 'input.id'), companyName: PROBE } }),
  updatePublicPerson: (p) => ({ input: { id: p.id('person', 'input.id'), firstName: 'Isolation' } }),
};

/**
 * Id paths whose value is not a reference into the store, so another tenant's value is no breach:
 * `workTypeId` is stored as given (ASSUMPTIONS A-47); there is no work-type entity to leak or change.
 */
const OPAQUE_PATHS = new Set([
  'addOpportunity:input.workTypeId',
  'updateOpportunityDetails:input.workTypeId',
]);

// ---------------------------------------------------------------------------------------------------
// Probing.

interface Party {
  token: string;
  tenantId: string;
  region: Region;
}

/** The target of the probes: a running simulator and its stores. */
interface Target {
  url: string;
  store(tenantId: string, region: Region): Promise<Store>;
}

async function call(
  target: Target,
  party: Party,
  query: string,
  variables: Record<string, unknown>,
): Promise<GqlResponse> {
  const res = await fetch(`${target.url}/${party.region}/1.4.0/public-api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${party.token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, ...((await res.json()) as Omit<GqlResponse, 'status'>) };
}

/** The data part of a snapshot: what a change must not touch (the sequence number is bookkeeping). */
const contentOf = (s: StoreSnapshot) => ({ meta: s.meta, collections: s.collections });

function strings(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, into);
  return into;
}

/** Fields of a paged result that echo the request. */
const ECHOES = new Set(['__typename', 'skip', 'limit', 'sort']);

/** Null, empty lists, zero totals and sort echoes only: no data. */
function isEmptyResult(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.every(isEmptyResult);
  if (typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => ECHOES.has(k) || isEmptyResult(v));
  }
  return value === 0 || value === false;
}

/** Whether a mutation's answer says it did not apply. */
function signalsFailure(res: GqlResponse, name: string): boolean {
  if (res.errors?.length) return true;
  const v = (res.data as Record<string, unknown> | null | undefined)?.[name];
  if (v === null || v === undefined || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  if (Array.isArray(r['validationErrors']) && r['validationErrors'].length > 0) return true;
  if (r['success'] === false || r['isSuccessful'] === false) return true;
  if (r['successCount'] === 0 || r['contactsEffected'] === 0) return true;
  const item = r['item'] as Record<string, unknown> | null | undefined;
  if (Array.isArray(item?.['successIds']) && item['successIds'].length === 0) return true;
  const models = r['models'];
  if (Array.isArray(models))
    return models.every((m) => (m as Record<string, unknown>)['isSuccessful'] === false);
  return false;
}

/** Replaces every id at `path` (lists and lists of objects included) with `id`. */
function substitute(value: unknown, path: readonly string[], id: string): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, path, id));
  if (path.length === 0) return value === null || value === undefined ? value : id;
  if (!value || typeof value !== 'object') return value;
  const [head, ...rest] = path as [string, ...string[]];
  return { ...value, [head]: substitute((value as Record<string, unknown>)[head], rest, id) };
}

interface ProbeContext {
  target: Target;
  attacker: Party;
  owner: Party;
  /** Strings of the owner's seeded store that the attacker's own seeded store does not hold. */
  ownerOnly: ReadonlySet<string>;
  /** Also probe each id path alone (the rest being the attacker's own valid ids). */
  perPath: boolean;
}

interface ProbeResult {
  /** Whether a control succeeded, so the operation was really probed. */
  probed: boolean;
  violations: string[];
  /** Probes that could not run, with the reason. */
  skipped: string[];
}

const ATTEMPTS = 12;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Operations a tenant switch turns off (§1.6, §7.5): the owner cannot run a control while it is off. */
const NEEDS: Record<string, 'fullCloud' | 'languageSpecificInformation'> = {
  addMatter: 'fullCloud',
  addMatterFinancial: 'fullCloud',
  removeMatter: 'fullCloud',
  removeMatterFinancials: 'fullCloud',
  updateContactAdditionalFields: 'languageSpecificInformation',
};

/** Probes one operation for one (attacker, owner) pair; returns the violations found. */
async function probe(op: Operation, ctx: ProbeContext): Promise<ProbeResult> {
  const { target, attacker, owner } = ctx;
  const builder = BUILDERS[op.name]!;
  const ownerStore = await target.store(owner.tenantId, owner.region);
  const attackerStore = await target.store(attacker.tenantId, attacker.region);
  const violations: string[] = [];
  const skipped: string[] = [];
  const where = `${op.name} (${attacker.token}@${attacker.region} → ${owner.tenantId}@${owner.region})`;

  /** Runs a call and restores every store it changed; reports whether the owner's and attacker's changed. */
  const run = async (party: Party, variables: Record<string, unknown>) => {
    const ownerBefore = ownerStore.toSnapshot();
    const attackerBefore = attackerStore.toSnapshot();
    const res = await call(target, party, documentOf(op, variables), variables);
    const ownerChanged = !isDeepStrictEqual(contentOf(ownerStore.toSnapshot()), contentOf(ownerBefore));
    const attackerChanged = !isDeepStrictEqual(
      contentOf(attackerStore.toSnapshot()),
      contentOf(attackerBefore),
    );
    if (ownerChanged) await ownerStore.reset(ownerBefore);
    if (attackerChanged && attackerStore !== ownerStore) await attackerStore.reset(attackerBefore);
    return { res, ownerChanged, attackerChanged };
  };

  /** The attacker's call must not answer with the owner's data or change anything. */
  const check = async (label: string, variables: Record<string, unknown>, inputIds: ReadonlySet<string>) => {
    const { res, ownerChanged, attackerChanged } = await run(attacker, variables);
    const leaked = [...strings(res.data)].filter(
      (s) => ctx.ownerOnly.has(s) && (op.kind === 'query' || !inputIds.has(s)),
    );
    const leakedInErrors = [...strings(res.errors)]
      .flatMap((s) => s.match(UUID) ?? [])
      .filter((id) => ctx.ownerOnly.has(id) && !inputIds.has(id));
    const result = (res.data as Record<string, unknown> | null | undefined)?.[op.name];
    if (res.status >= 500) violations.push(`${where} ${label}: HTTP ${res.status}`);
    if (leaked.length || leakedInErrors.length)
      violations.push(
        `${where} ${label}: answered owner data ${leaked.slice(0, 3).join(', ')} ${leakedInErrors.join(', ')}`,
      );
    if (op.kind === 'query' && !isEmptyResult(result))
      violations.push(`${where} ${label}: read returned ${JSON.stringify(result).slice(0, 200)}`);
    if (op.kind === 'mutation' && !signalsFailure(res, op.name))
      violations.push(`${where} ${label}: write answered success ${JSON.stringify(res.data).slice(0, 200)}`);
    if (ownerChanged) violations.push(`${where} ${label}: the owner's store changed`);
    if (attackerChanged) violations.push(`${where} ${label}: the attacker's own store changed`);
  };

  /** A control: the owner of the ids gets data back (read) or changes its store (write). */
  const succeeds = async (party: Party, variables: Record<string, unknown>) => {
    const { res, ownerChanged, attackerChanged } = await run(party, variables);
    if (res.errors?.length) return false;
    if (op.kind === 'query') return !isEmptyResult((res.data as Record<string, unknown>)[op.name]);
    return party === owner ? ownerChanged : attackerChanged;
  };

  const build = async (party: Party, store: Store) => {
    const snap = store.toSnapshot();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const picker = new Picker(snap, attempt);
      let variables: Record<string, unknown>;
      try {
        variables = builder(picker);
      } catch (error) {
        if (error instanceof NoCandidate) return error;
        throw error;
      }
      if (await succeeds(party, variables)) return { variables, kinds: picker.kinds };
    }
    return undefined;
  };

  const needs = NEEDS[op.name];
  if (needs && !DEFAULT_TENANTS.find((t) => t.id === owner.tenantId)?.[needs]) {
    skipped.push(`${where}: the owner's tenant has ${needs} off`);
    return { probed: false, violations, skipped };
  }

  // 1. Every id is the owner's: the owner's own call works; the attacker's must not.
  const control = await build(owner, ownerStore);
  if (control instanceof NoCandidate) {
    skipped.push(`${where}: ${control.message}`);
    return { probed: false, violations, skipped };
  }
  if (!control) {
    violations.push(`${where}: no control call of the owner succeeded, the probe would prove nothing`);
    return { probed: false, violations, skipped };
  }
  await check('with the owner ids', control.variables, strings(control.variables));

  // 2. One id path at a time is the owner's, the rest the attacker's own (which work on their own).
  if (!ctx.perPath || op.idPaths.length < 2) return { probed: true, violations, skipped };
  const own = await build(attacker, attackerStore);
  if (!own || own instanceof NoCandidate) {
    skipped.push(`${where}: the attacker's own call fails (tenant switches), no per-path probes`);
    return { probed: true, violations, skipped };
  }
  const ownerSnap = ownerStore.toSnapshot();
  for (const [path, kind] of own.kinds) {
    if (OPAQUE_PATHS.has(`${op.name}:${path}`)) continue;
    const foreign = KINDS[kind](ownerSnap)[0]!.id;
    const [arg, ...rest] = path.split('.') as [string, ...string[]];
    const variables = { ...own.variables, [arg]: substitute(own.variables[arg], rest, foreign) };
    await check(`with the owner's ${path}`, variables, new Set([foreign]));
  }
  return { probed: true, violations, skipped };
}

// ---------------------------------------------------------------------------------------------------

const DEV: Omit<Party, 'region'> = { token: 'dev-token', tenantId: 'dev-firm' };
const LIMITED: Omit<Party, 'region'> = { token: 'dev-token-limited', tenantId: 'limited-firm' };
/** Attacker → owner: another tenant in the same region (both ways), and the same tenant in another region. */
const PAIRS: Array<[Party, Party]> = [
  [
    { ...DEV, region: 'us' },
    { ...LIMITED, region: 'us' },
  ],
  [
    { ...LIMITED, region: 'us' },
    { ...DEV, region: 'us' },
  ],
  [
    { ...DEV, region: 'eu' },
    { ...DEV, region: 'us' },
  ],
];

function ownerOnlyStrings(owner: StoreSnapshot, attacker: StoreSnapshot): Set<string> {
  const theirs = strings(attacker);
  return new Set([...strings(owner)].filter((s) => s.length >= 6 && !theirs.has(s)));
}

/** A simulator with the protection removed: every tenant, or every region, shares one store. */
class SharedStoreSimulator extends Simulator {
  constructor(private readonly share: (tenantId: string, region: Region) => [string, Region]) {
    super({ inMemory: true, profile: 'small' });
  }
  override store(tenantId: string, region: Region): Promise<Store> {
    return super.store(...this.share(tenantId, region));
  }
  // A request reaches its store through its context: the shared store under the caller's own identity.
  override async context(tenant: TenantConfig, region: Region, version: Version): Promise<RequestContext> {
    const [tenantId, sharedRegion] = this.share(tenant.id, region);
    const shared = await super.context({ ...tenant, id: tenantId }, sharedRegion, version);
    return { ...shared, tenant, region };
  }
}

async function serve(simulator: Simulator): Promise<{ url: string; server: Server }> {
  const server = createServer(createApp(simulator, { adminToken: 'admin-token', log: () => {} }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('tenant and region isolation', () => {
  let server: TestServer;
  let operations: Operation[];
  const idOperations = () => operations.filter((o) => o.idPaths.length > 0);
  const seeded = new Map<string, StoreSnapshot>();
  const ownerOnly = (attacker: Party, owner: Party) =>
    ownerOnlyStrings(
      seeded.get(`${owner.tenantId}-${owner.region}`)!,
      seeded.get(`${attacker.tenantId}-${attacker.region}`)!,
    );

  beforeAll(async () => {
    server = await startTestServer();
    operations = operationsOf(server.simulator.schema('1.4.0'));
    for (const [t, r] of [
      ['dev-firm', 'us'],
      ['limited-firm', 'us'],
      ['dev-firm', 'eu'],
    ] as const) {
      seeded.set(`${t}-${r}`, (await server.simulator.store(t, r)).toSnapshot());
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('enumerates the 95 operations of 1.4.0 and has a probe for every one that takes an id', () => {
    expect(operations).toHaveLength(95);
    const withIds = operations
      .filter((o) => o.idPaths.length > 0)
      .map((o) => o.name)
      .sort();
    expect(Object.keys(BUILDERS).sort()).toEqual(withIds);
  });

  /**
   * Input keys that carry the same list under another name (A-76): the per-field results of
   * updateListContactAdditionalFields let one entry fail while another applies, so a single probe cannot
   * carry both keys; the alias runs the same code as the key it aliases and is covered through it.
   */
  const ALIASES: Record<string, Record<string, string>> = {
    updateListContactAdditionalFields: { 'input.additionalFields.': 'input.fields.' },
  };
  const aliased = (operation: string, path: string): string => {
    for (const [from, to] of Object.entries(ALIASES[operation] ?? {}))
      if (path.startsWith(from)) return to + path.slice(from.length);
    return path;
  };

  it('every probe uses only id paths of its operation, and covers every one', () => {
    const snap = seeded.get('dev-firm-us')!;
    const uncovered: string[] = [];
    for (const op of operations.filter((o) => o.idPaths.length > 0)) {
      const picker = new Picker(snap, 0);
      BUILDERS[op.name]!(picker);
      for (const path of picker.kinds.keys())
        expect(`${op.name}:${op.idPaths.includes(path)}`).toBe(`${op.name}:true`);
      for (const path of op.idPaths)
        if (!picker.kinds.has(aliased(op.name, path))) uncovered.push(`${op.name}:${path}`);
    }
    expect(uncovered).toEqual([]);
  });

  it('no token reads or changes another tenant’s or region’s data through any operation that takes an id', async () => {
    const violations: string[] = [];
    const skipped: string[] = [];
    const probed = new Map<string, number>();
    for (const [attacker, owner] of PAIRS) {
      const ctx: ProbeContext = {
        target: { url: server.url, store: (t, r) => server.simulator.store(t, r) },
        attacker,
        owner,
        ownerOnly: ownerOnly(attacker, owner),
        perPath: true,
      };
      for (const op of idOperations()) {
        const r = await probe(op, ctx);
        if (r.probed) probed.set(op.name, (probed.get(op.name) ?? 0) + 1);
        violations.push(...r.violations);
        skipped.push(...r.skipped);
      }
    }
    expect(violations).toEqual([]);
    // Only tenant switches stop a probe: the limited firm has no matters (§1.6), no language-specific
    // information (§7.5) and no audit events of lists and relationships (§6 rule 1).
    const switchedOff = new Set([...Object.keys(NEEDS), 'listEventViews', 'relationshipEventViews']);
    expect(skipped.filter((s) => !switchedOff.has(s.split(' ')[0]!))).toEqual([]);
    expect(
      idOperations()
        .filter((op) => (probed.get(op.name) ?? 0) < 2)
        .map((op) => op.name),
    ).toEqual([]);
    for (const [t, r] of [
      ['dev-firm', 'us'],
      ['limited-firm', 'us'],
      ['dev-firm', 'eu'],
    ] as const) {
      expect(contentOf((await server.simulator.store(t, r)).toSnapshot())).toEqual(
        contentOf(seeded.get(`${t}-${r}`)!),
      );
    }
  }, 60_000);

  it('the probes catch a simulator whose tenants or regions share stores (the protection removed)', async () => {
    const configs: Array<[string, (t: string, r: Region) => [string, Region], [Party, Party]]> = [
      ['tenants share the dev firm’s store', (_t, r) => ['dev-firm', r], PAIRS[1]!],
      ['regions share the US store', (t) => [t, 'us'], PAIRS[2]!],
    ];
    const detected = new Map<string, string[]>();
    for (const [label, share, [attacker, owner]] of configs) {
      const sim = new SharedStoreSimulator(share);
      const { url, server: http } = await serve(sim);
      try {
        const ctx: ProbeContext = {
          target: { url, store: (t, r) => sim.store(t, r) },
          attacker,
          owner,
          ownerOnly: ownerOnly(attacker, owner),
          perPath: false,
        };
        for (const op of idOperations()) {
          const result = await probe(op, ctx);
          if (result.probed && result.violations.length > 0) {
            detected.set(op.name, [...(detected.get(op.name) ?? []), label]);
          }
        }
      } finally {
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
        await sim.close();
      }
    }
    expect(
      idOperations()
        .filter((op) => !detected.has(op.name))
        .map((op) => op.name),
    ).toEqual([]);
  }, 60_000);
});

describe('admin API and secrets', () => {
  const SECRET = 'partner-secret-token-7f3a9c';
  const TOKENS = ['dev-token', 'dev-token-limited', 'admin-token', SECRET];
  const logLines: string[] = [];
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rm-isolation-'));
    // A corrupt store file: opening it fails, so the server has an error to log.
    writeFileSync(join(dir, 'limited-firm-au.json'), '{ not json');
    server = await startTestServer({ inMemory: false, dataDir: dir, log: (line) => logLines.push(line) });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const adminCall = async (method: string, path: string, token: string | null, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    const res = await fetch(`${server.url}/__admin${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };

  it('refuses tenant tokens (403) and missing or unknown tokens (401), and changes nothing then', async () => {
    const store = await server.simulator.store('dev-firm', 'us');
    const before = store.toSnapshot();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/tenants'],
      ['POST', '/tenants', { id: 'intruder', name: 'Intruder', token: 'intruder-token' }],
      ['PATCH', '/tenants/dev-firm', { fullCloud: false }],
      ['POST', '/tenants/dev-firm/reset'],
      ['POST', '/tenants/limited-firm/reset', { regions: ['us'] }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of ['dev-token', 'dev-token-limited']) {
        expect(`${method} ${path} ${token} → ${(await adminCall(method, path, token, body)).status}`).toBe(
          `${method} ${path} ${token} → 403`,
        );
      }
      for (const token of [null, 'not-a-token', 'Admin-Token']) {
        expect(`${method} ${path} ${token} → ${(await adminCall(method, path, token, body)).status}`).toBe(
          `${method} ${path} ${token} → 401`,
        );
      }
    }
    expect(server.simulator.tenant('intruder')).toBeUndefined();
    expect(server.simulator.tenant('dev-firm')?.fullCloud).toBe(true);
    expect(contentOf(store.toSnapshot())).toEqual(contentOf(before));
    expect((await adminCall('GET', '/tenants', 'admin-token')).status).toBe(200);
  });

  it('never shows a token in admin API responses or in the server log', async () => {
    const answers: string[] = [];
    const admin = async (method: string, path: string, body?: unknown) => {
      const res = await adminCall(method, path, 'admin-token', body);
      answers.push(res.text);
      return res;
    };
    expect(
      (await admin('POST', '/tenants', { id: 'partner', name: 'Partner LLP', token: SECRET })).status,
    ).toBe(201);
    expect((await admin('POST', '/tenants', { id: 'partner2', name: 'Partner', token: SECRET })).status).toBe(
      409,
    );
    expect((await admin('PATCH', '/tenants/partner', { auditFeature: false })).status).toBe(200);
    expect((await admin('GET', '/tenants')).status).toBe(200);
    expect((await admin('GET', '/health')).status).toBe(200);
    expect((await admin('POST', '/tenants/partner/reset', { regions: ['eu'] })).status).toBe(200);
    expect((await admin('POST', '/tenants', { id: 'bad', name: 'Bad', token: 7 })).status).toBe(400);
    expect((await admin('GET', '/nowhere')).status).toBe(404);

    // Errors of every kind, with every token: unknown and malformed tokens, bad documents, bad bodies,
    // another tenant's ids, and a store that cannot be opened.
    const gqlAt = (token: string, body: string, path = '/us/1.4.0/public-api/graphql') =>
      fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      }).then(async (res) => ({ status: res.status, text: await res.text() }));
    for (const token of TOKENS) {
      await gqlAt(`${token}x`, '{"query":"{ firm { name } }"}');
      await gqlAt(token, '{"query":"{ firm { name } }"}');
      await gqlAt(token, '{"query":"{ nope }"}');
      await gqlAt(token, '{"query":');
      await gqlAt(token, JSON.stringify({ query: `{ person(id: "${token}") { id } }` }));
      await gqlAt(token, 'x'.repeat(2 * 1024 * 1024));
      await gqlAt(token, '{"query":"{ firm { name } }"}', '/xx/1.4.0/public-api/graphql');
    }
    // A valid document: an invalid one is refused before its store is opened.
    const broken = await gqlAt(
      'dev-token-limited',
      '{"query":"{ __typename }"}',
      '/au/1.4.0/public-api/graphql',
    );
    expect(broken.status).toBeGreaterThanOrEqual(500);
    expect(broken.text).not.toContain('dev-token');

    // The provoked errors were logged (the check below is not vacuous) …
    expect(logLines.length).toBeGreaterThan(0);
    // … and neither the log nor any admin answer holds a token.
    for (const token of TOKENS) {
      expect(logLines.filter((line) => line.includes(token))).toEqual([]);
      expect(answers.filter((text) => text.includes(token))).toEqual([]);
    }
  });
});
