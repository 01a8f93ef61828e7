/**
 * A thirtieth held-out set of regressions, on what a release of the service's data layer breaks: joins
 * that read the wrong row or side, derived values and counts computed over the wrong set, orders lost or
 * changed, dates read through a time zone, denormalised copies and materialised views that a write does
 * not refresh, and one region's lookups routed to another; over contacts and searches, lists and their
 * members' field values, activities and their types, planning, opportunities, relationships and their
 * derived views, matters, the event views, both revisions, both tenants and the us, eu and au regions.
 * About a third only a write shows. Chosen from the spec and ASSUMPTIONS, without looking at the
 * scenarios or checks. `npm run mutation-score -- --set holdout30` runs them.
 */
import { createHash } from 'node:crypto';
import { Kind, print, valueFromASTUntyped, type FieldNode } from 'graphql';
import { dataOf, dayBefore, droppingEvents, rootSelections } from './holdout2.js';
import { onMutationInput } from './holdout6.js';
import { decorated, perServer, withSelections } from './holdout22.js';
import {
  asks,
  entries,
  fieldIn,
  hiddenUnder,
  isObject,
  read,
  readModels,
  type Json,
} from './held-out-kit.js';
import { cached, isEventView, tokenOf, type Mutant } from './mutants.js';
import type { Handler, Incoming } from './proxy.js';
import { isMutation, onData, rewriteFields, rootFields } from './rewrite.js';

/** This set's own hidden keys (`decorated` of holdout22 hides its own under `h22_`). */
const HIDE = 'h30_';
/** The largest page the service gives (its limits refuse a larger one). */
const MAX_PAGE = 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The five levels of the firm's default strength scale (a relationship type's own range set may be shorter). */
const FIVE_LEVELS = ['Weak', 'Fair', 'Good', 'Strong', 'Very strong'];

const { withData } = hiddenUnder(HIDE);

/** The models of a page `read` answered (none when it is not a page). */
function modelsOf(page: unknown): Json[] {
  return isObject(page) && Array.isArray(page.models) ? page.models.filter(isObject) : [];
}

/** The objects of a list value (none when it is not a list). */
function objectsOf(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** A short, stable name of a field node, for hidden keys that must find their node again. */
function hashOf(node: FieldNode): string {
  return createHash('sha1').update(print(node)).digest('hex').slice(0, 12);
}

/** The printed selection set of a field node (`{ … }`), or `{ __typename }` without one. */
function selectionText(node: FieldNode | undefined): string {
  return node?.selectionSet ? print(node.selectionSet) : '{ __typename }';
}

/** The value of a field node's argument (variables resolved), or undefined when it is not given. */
function argumentOf(node: FieldNode, name: string, request: Incoming): unknown {
  const given = node.arguments?.find((a) => a.name.value === name);
  return given ? valueFromASTUntyped(given.value, request.body?.variables ?? {}) : undefined;
}

/** An event's date-time within [from, to] (milliseconds), both as ISO strings. */
function within(eventDate: unknown, from: number, to: number): boolean {
  const at = typeof eventDate === 'string' ? Date.parse(eventDate) : NaN;
  return at >= from && at <= to;
}

// ---- planning ------------------------------------------------------------------------------------------

/** InitiativeCompany.initiativeName answers the name of the initiative's objective (joined to the parent). */
const initiativeNameOfObjective: Handler = decorated(
  ['InitiativeCompany'],
  (node) => (asks(node, 'initiativeName') ? 'h22_q30iid: initiativeId' : undefined),
  async (objects, request, forward) => {
    const names = new Map<unknown, unknown>();
    for (const id of new Set(objects.map((o) => o.h22_q30iid))) {
      if (typeof id !== 'string') continue;
      const initiative = await read(
        request,
        forward,
        'query($id: ID!) { v: initiative(id: $id) { objective { name } } }',
        {
          id,
        },
      );
      const objective = isObject(initiative) ? initiative.objective : undefined;
      if (isObject(objective) && typeof objective.name === 'string') names.set(id, objective.name);
    }
    for (const o of objects)
      if ('initiativeName' in o && names.has(o.h22_q30iid)) o.initiativeName = names.get(o.h22_q30iid);
  },
);

/** activityCounts come most activities first (the GROUP BY's count order) instead of by type name. */
const activityCountsMostFirst: Handler = decorated(
  ['Objective', 'Initiative'],
  (node) => {
    const counts = fieldIn(node.selectionSet?.selections ?? [], 'activityCounts');
    return counts && !counts.alias ? 'h22_q30ac: activityCounts { activityCount }' : undefined;
  },
  (objects) => {
    for (const o of objects) {
      const rows = o.activityCounts;
      const counts = objectsOf(o.h22_q30ac).map((c) =>
        typeof c.activityCount === 'number' ? c.activityCount : 0,
      );
      if (!Array.isArray(rows) || counts.length !== rows.length) continue;
      o.activityCounts = rows
        .map((row: unknown, i) => ({ row, count: counts[i]!, i }))
        .sort((a, b) => b.count - a.count || a.i - b.i)
        .map((r) => r.row);
    }
  },
);

/** The selection texts of the initiativeCompanies fields decorated, by their hash (content-addressed). */
const initiativeCompanySelections = new Map<string, string>();
const OBJECTIVE_KEY = /^h22_q30oc_([0-9a-f]+)$/;

/**
 * An objective's initiativeCompanies also answer the companies of its removed initiatives (the join to
 * the initiatives lost its isDeleted condition).
 */
const initiativeCompaniesOfRemoved: Handler = decorated(
  ['Objective'],
  (node) => {
    const companies = fieldIn(node.selectionSet?.selections ?? [], 'initiativeCompanies');
    if (!companies || companies.alias) return undefined;
    const hash = hashOf(companies);
    initiativeCompanySelections.set(hash, selectionText(companies));
    return `h22_q30oc_${hash}: id`;
  },
  async (objects, request, forward) => {
    for (const o of objects) {
      const key = Object.keys(o).find((k) => OBJECTIVE_KEY.test(k));
      const selection = key ? initiativeCompanySelections.get(OBJECTIVE_KEY.exec(key)![1]!) : undefined;
      if (!key || !selection || !Array.isArray(o.initiativeCompanies)) continue;
      const initiatives = await readModels(
        request,
        forward,
        `query($o: [ID!]) { v: initiatives(filter: { objectiveIds: $o, includeDeleted: true }, limit: ${String(MAX_PAGE)}) { models { id isDeleted } } }`,
        { o: [o[key]] },
      );
      const extra: unknown[] = [];
      for (const removed of initiatives.filter((i) => i.isDeleted === true)) {
        const initiative = await read(
          request,
          forward,
          `query($id: ID!) { v: initiative(id: $id) { companies ${selection} } }`,
          {
            id: removed.id,
          },
        );
        if (isObject(initiative) && Array.isArray(initiative.companies)) extra.push(...initiative.companies);
      }
      if (extra.length > 0) o.initiativeCompanies = [...o.initiativeCompanies, ...extra];
    }
  },
);

// ---- relationships and their derived views -------------------------------------------------------------

/** totalRelationships counts the distinct related people instead of the relationships (a COUNT DISTINCT). */
const totalRelationshipsCountsPeople: Handler = decorated(
  ['EmployeeWithRelationshipsToView'],
  (node) => (asks(node, 'totalRelationships') ? 'h22_q30bn: baseContactsDisplayName' : undefined),
  (objects) => {
    for (const o of objects)
      if (typeof o.totalRelationships === 'number' && typeof o.h22_q30bn === 'string' && o.h22_q30bn !== '')
        o.totalRelationships = new Set(o.h22_q30bn.split('; ')).size;
  },
);

/** engagementRank is a dense rank (ties share a rank, the next score takes the next number: 1, 1, 2). */
const engagementRankDense: Handler = decorated(
  ['PersonRelationshipResults'],
  (node) => {
    const rows = fieldIn(node.selectionSet?.selections ?? [], 'models');
    return rows && !rows.alias && asks(rows, 'engagementRank')
      ? 'h22_q30rk: models { engagementScore }'
      : undefined;
  },
  (objects) => {
    for (const o of objects) {
      const scores = objectsOf(o.h22_q30rk).map((m) => m.engagementScore);
      const rows = objectsOf(o.models);
      if (rows.length !== scores.length) continue;
      let rank = 0;
      rows.forEach((row, i) => {
        if (i === 0 || scores[i] !== scores[i - 1]) rank += 1;
        if ('engagementRank' in row) row.engagementRank = rank;
      });
    }
  },
);

/** strengthLevelDescription reads the level in the firm's five-level range set, whatever the type's scale. */
const strengthDescriptionFiveLevels: Handler = decorated(
  ['EmployeeRelationshipTo'],
  (node) => (asks(node, 'strengthLevelDescription') ? 'h22_q30sl: strengthLevel' : undefined),
  (objects) => {
    for (const o of objects) {
      const level = o.h22_q30sl;
      if (
        'strengthLevelDescription' in o &&
        typeof level === 'number' &&
        FIVE_LEVELS[level - 1] !== undefined
      )
        o.strengthLevelDescription = FIVE_LEVELS[level - 1];
    }
  },
);

/**
 * employeeRelationshipsTo answers relationshipType as the type's own name also where the contact is the
 * related side (the converse lost): read from the relationship's creation event, which names the type.
 */
const relatedSideTypeNotConverse: Handler = decorated(
  ['EmployeeRelationshipTo'],
  (node) => (asks(node, 'relationshipType') ? 'h22_q30rid: id' : undefined),
  async (objects, request, forward) => {
    const ids = [
      ...new Set(objects.map((o) => o.h22_q30rid).filter((id): id is string => typeof id === 'string')),
    ];
    if (ids.length === 0) return;
    const events = await readModels(
      request,
      forward,
      `query($r: [ID!]) { v: relationshipEventViews(filter: { relationshipIds: $r, eventTypes: [RelationshipCreated] }, limit: ${String(MAX_PAGE)}) { models { relationshipId relationshipTypeName } } }`,
      { r: ids },
    );
    const names = new Map(events.map((e) => [e.relationshipId, e.relationshipTypeName]));
    for (const o of objects)
      if ('relationshipType' in o && typeof names.get(o.h22_q30rid) === 'string')
        o.relationshipType = names.get(o.h22_q30rid);
  },
);

/** targetPersonConnections answers relatedPersonJobTitle with the target person's job title (the wrong side joined). */
const connectionJobTitleOfTarget: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'targetPersonConnections');
  if (roots.length === 0 || isMutation(request)) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of roots) {
    const input = isObject(root.args.input) ? root.args.input : undefined;
    const page = data[root.key];
    if (!input || typeof input.targetPersonId !== 'string' || !isObject(page)) continue;
    const target = await read(
      request,
      forward,
      'query($id: ID!) { v: person(id: $id) { currentJobTitle } }',
      {
        id: input.targetPersonId,
      },
    );
    const title = isObject(target) ? (target.currentJobTitle ?? null) : null;
    next[root.key] = {
      ...page,
      ...(Array.isArray(page.models)
        ? {
            models: page.models.map((m: unknown) =>
              isObject(m) && 'relatedPersonJobTitle' in m ? { ...m, relatedPersonJobTitle: title } : m,
            ),
          }
        : {}),
    };
  }
  return withData(answer, next);
};

/** The eu endpoint resolves the types of employee relationships in the us type table: type, scale and description null. */
const euRelationshipTypesFromUs: Handler = onData(
  (key, value) =>
    ['relationshipType', 'strengthLevelMax', 'strengthLevelDescription'].includes(key) ? null : value,
  (request) => request.region === 'eu',
);

// ---- lists, members and field values ---------------------------------------------------------------------

/** Date field values of list members answer the day before (a DATE read as a timestamp at a UTC-minus offset). */
const dateFieldValueDayEarly: Handler = decorated(
  ['AdditionalFieldValue'],
  (node) => (asks(node, 'value', 'valueItems') ? 'h22_q30dt: dataType' : undefined),
  (objects) => {
    const early = (v: unknown): unknown => (typeof v === 'string' && ISO_DATE.test(v) ? dayBefore(v) : v);
    for (const o of objects) {
      if (o.h22_q30dt !== 'date') continue;
      if ('value' in o) o.value = early(o.value);
      if (Array.isArray(o.valueItems))
        o.valueItems = o.valueItems.map((item: unknown) =>
          isObject(item) && 'value' in item ? { ...item, value: early(item.value) } : item,
        );
    }
  },
);

/** A list member that is a company answers companyName and companyId null (only a person's employer is joined). */
const companyMemberCompanyNull: Handler = decorated(
  ['ListContact'],
  (node) => (asks(node, 'companyName', 'companyId') ? 'h22_q30ce: contactEntity' : undefined),
  (objects) => {
    for (const o of objects) {
      if (o.h22_q30ce !== 'Company') continue;
      if ('companyName' in o) o.companyName = null;
      if ('companyId' in o) o.companyId = null;
    }
  },
);

/** A multi-value pick-list value answers one value item holding the joined text (the item rows not joined). */
const multiValueItemsJoined: Handler = decorated(
  ['AdditionalFieldValue'],
  (node) => (asks(node, 'valueItems') ? 'h22_q30vid: id h22_q30val: value' : undefined),
  (objects) => {
    for (const o of objects) {
      const items = objectsOf(o.valueItems);
      if (items.length < 2) continue;
      const item: Json = { ...items[0] };
      if ('valueId' in item) item.valueId = o.h22_q30vid;
      if ('value' in item) item.value = o.h22_q30val;
      o.valueItems = [item];
    }
  },
);

/** listDataType answers an empty option list for fields that are no pick lists instead of null (an outer join). */
const listDataTypeEmptyForOthers: Handler = decorated(
  ['AdditionalFieldDefinition'],
  (node) => (asks(node, 'listDataType') ? 'h22_q30fdt: fieldDataType' : undefined),
  (objects) => {
    for (const o of objects)
      if (o.listDataType === null && typeof o.h22_q30fdt === 'string' && o.h22_q30fdt !== 'list')
        o.listDataType = { options: [] };
  },
);

/** The notIncludedInTheLists fields decorated, by their hash (content-addressed). */
const notIncludedNodes = new Map<string, FieldNode>();
const NOT_INCLUDED_KEY = /^h22_q30ni_([0-9a-f]+)$/;

/**
 * A contact's notIncludedInTheLists also answers (and counts) the lists that do not accept its kind (a
 * Company-only list for a person): the allowedContactEntity condition lost.
 */
const notIncludedAnyEntity: Handler = decorated(
  ['Person', 'Company', 'Contact'],
  (node) => {
    const field = fieldIn(node.selectionSet?.selections ?? [], 'notIncludedInTheLists');
    if (!field || field.alias) return undefined;
    const hash = hashOf(field);
    notIncludedNodes.set(hash, field);
    return `h22_q30ni_${hash}: id h22_q30kind: contactEntity`;
  },
  async (objects, request, forward) => {
    for (const o of objects) {
      const key = Object.keys(o).find((k) => NOT_INCLUDED_KEY.test(k));
      const node = key ? notIncludedNodes.get(NOT_INCLUDED_KEY.exec(key)![1]!) : undefined;
      const page = o.notIncludedInTheLists;
      if (!key || !node || !isObject(page)) continue;
      const contact = await read(
        request,
        forward,
        `query($id: ID!) { v: contact(id: $id) { lists(limit: ${String(MAX_PAGE)}) { models { id } } notIncludedInTheLists(limit: ${String(MAX_PAGE)}) { models { id name } } } }`,
        { id: o[key] },
      );
      if (!isObject(contact)) continue;
      const member = new Set(modelsOf(contact.lists).map((l) => l.id));
      const shown = modelsOf(contact.notIncludedInTheLists);
      const all = await readModels(
        request,
        forward,
        `{ v: lists(limit: ${String(MAX_PAGE)}) { models { id name allowedLinkInto allowedContactEntity } } }`,
      );
      const extra = all.filter(
        (l) =>
          l.allowedLinkInto === true &&
          !member.has(l.id) &&
          l.allowedContactEntity !== 'Any' &&
          l.allowedContactEntity !== o.h22_q30kind &&
          !shown.some((s) => s.id === l.id),
      );
      if (extra.length === 0) continue;
      const merged = [...shown, ...extra].sort(
        (a, b) =>
          String(a.name).localeCompare(String(b.name), 'en') || (String(a.id) < String(b.id) ? -1 : 1),
      );
      const skip = Number(argumentOf(node, 'skip', request) ?? 0);
      const limit = Number(argumentOf(node, 'limit', request) ?? 100);
      const models = fieldIn(node.selectionSet?.selections ?? [], 'models');
      const next: Json = { ...page };
      if ('totalModels' in page) next.totalModels = merged.length;
      if (Array.isArray(page.models) && models && !models.alias) {
        const rows: unknown[] = [];
        for (const l of merged.slice(skip, skip + limit))
          rows.push(
            await read(request, forward, `query($id: ID!) { v: list(id: $id) ${selectionText(models)} }`, {
              id: l.id,
            }),
          );
        next.models = rows;
      }
      o.notIncludedInTheLists = next;
    }
  },
);

// ---- contacts and searches -----------------------------------------------------------------------------

/**
 * searchFirmContacts with a term counts each found contact once per e-mail address it has in totalModels
 * (a COUNT over the join to the e-mail table); the page itself is right.
 */
const termSearchTotalPerEmail: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter(
    (r) =>
      r.name === 'searchFirmContacts' &&
      entries(r.args.filter).some(
        (f) => f.field === 'term' && typeof f.value === 'string' && f.value.trim() !== '',
      ),
  );
  if (roots.length === 0 || isMutation(request)) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of roots) {
    const page = data[root.key];
    if (!isObject(page) || typeof page.totalModels !== 'number') continue;
    const all = await read(
      request,
      forward,
      `query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: ${String(MAX_PAGE)}) { totalModels models { emailAddresses { id } } } }`,
      { f: root.args.filter ?? null },
    );
    const found = modelsOf(all);
    if (!isObject(all) || all.totalModels !== found.length) continue;
    const rows = found.reduce((n, c) => n + Math.max(1, objectsOf(c.emailAddresses).length), 0);
    next[root.key] = { ...page, totalModels: rows };
  }
  return withData(answer, next);
};

/**
 * The 1.2.0 endpoint reads a contact's activities from the legacy activity view, which holds standard
 * activities only: appointments synchronised from a calendar are left out (and not counted).
 */
const v120ContactActivitiesWithoutAppointments: Handler = async (request, forward) => {
  if (request.version !== '1.2.0' || isMutation(request)) return forward(request);
  let touched = false;
  const rewritten = rewriteFields(request, (node, field) => {
    const type = field.type.toString().replace(/[[\]!]/g, '');
    if (type !== 'ActivityResults' || !node.selectionSet) return undefined;
    const models = fieldIn(node.selectionSet.selections, 'models');
    if (!models || models.alias) return undefined;
    touched = true;
    return {
      ...node,
      selectionSet: {
        ...node.selectionSet,
        selections: node.selectionSet.selections.map((s) =>
          s === models ? withSelections(models, `${HIDE}class: activityClass`) : s,
        ),
      },
    };
  });
  if (!touched) return forward(request);
  const answer = await forward(rewritten);
  const data = dataOf(answer);
  if (!data) return withData(answer, data);
  const prune = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(prune);
    if (!isObject(value)) return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) out[k] = prune(v);
    const rows = objectsOf(out.models);
    if (rows.length > 0 && rows.every((m) => `${HIDE}class` in m)) {
      const kept = rows.filter((m) => m[`${HIDE}class`] !== 'Appointment');
      if (typeof out.totalModels === 'number') out.totalModels -= rows.length - kept.length;
      out.models = kept;
    }
    return out;
  };
  return withData(answer, prune(data));
};

// ---- activity types ------------------------------------------------------------------------------------

/** activityTypes answer isDefault true for every type of the default type's group (joined on the group). */
const defaultFlagWholeGroup: Handler = decorated(
  ['ActivityType'],
  (node) => (asks(node, 'isDefault') ? 'h22_q30gid: groupId' : undefined),
  async (objects, request, forward) => {
    const firm = await read(request, forward, '{ v: firm { settings { defaultNewActivityTypeId } } }');
    const settings = isObject(firm) && isObject(firm.settings) ? firm.settings : undefined;
    const types = await readModels(
      request,
      forward,
      `{ v: activityTypes(onlyUserCreatable: false, limit: ${String(MAX_PAGE)}) { models { id groupId } } }`,
    );
    const group = types.find((t) => t.id === settings?.defaultNewActivityTypeId)?.groupId;
    if (typeof group !== 'string') return;
    for (const o of objects) if ('isDefault' in o && o.h22_q30gid === group) o.isDefault = true;
  },
);

// ---- opportunities ----------------------------------------------------------------------------------------

/** Every principal of an opportunity answers the lead's fullName (the principals joined on the opportunity's lead). */
const principalFullNameOfLead: Handler = decorated(
  ['Opportunity'],
  (node) => {
    const principals = fieldIn(node.selectionSet?.selections ?? [], 'associatedPrincipals');
    return principals && !principals.alias && asks(principals, 'fullName')
      ? 'h22_q30lead: lead { fullName }'
      : undefined;
  },
  (objects) => {
    for (const o of objects) {
      const lead = isObject(o.h22_q30lead) ? o.h22_q30lead.fullName : undefined;
      if (typeof lead !== 'string' || !Array.isArray(o.associatedPrincipals)) continue;
      o.associatedPrincipals = o.associatedPrincipals.map((p: unknown) =>
        isObject(p) && 'fullName' in p ? { ...p, fullName: lead } : p,
      );
    }
  },
);

const OPPORTUNITY_DATES = new Set(['dateOpened', 'estimatedCloseDate', 'actualCloseDate']);

/** The au endpoint answers opportunities' dates a day early (DATE columns read as Sydney midnight, written as UTC). */
const auOpportunityDatesDayEarly: Handler = onData(
  (key, value) =>
    OPPORTUNITY_DATES.has(key) && typeof value === 'string' && ISO_DATE.test(value)
      ? dayBefore(value)
      : value,
  (request) => request.region === 'au',
);

// ---- countries -----------------------------------------------------------------------------------------

/** A country's administrativeDivisions.states come ordered by code instead of by name. */
const statesByCode: Handler = decorated(
  ['AdministrativeDivisions'],
  (node) => {
    const states = fieldIn(node.selectionSet?.selections ?? [], 'states');
    return states && !states.alias ? 'h22_q30sc: states { code }' : undefined;
  },
  (objects) => {
    for (const o of objects) {
      const codes = objectsOf(o.h22_q30sc).map((s) => String(s.code ?? ''));
      if (!Array.isArray(o.states) || codes.length !== o.states.length) continue;
      o.states = o.states
        .map((state: unknown, i) => ({ state, code: codes[i]! }))
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
        .map((s) => s.state);
    }
  },
);

// ---- writes: denormalised copies and counters ------------------------------------------------------------

/** The names companies had before updatePublicCompany renamed them, per mutant server (token, region, id). */
const companyNamesBefore = perServer(() => new Map<string, unknown>());

/**
 * List member rows keep a copy of the company name (a person's employer, or the company itself) that
 * updatePublicCompany does not refresh: after a rename, List.contacts answers the old companyName.
 */
const memberCompanyNameStale: Handler = async (request, forward) => {
  const before = companyNamesBefore(forward);
  const scope = `${tokenOf(request)} ${request.region}`;
  const root = rootSelections(request).find((r) => r.name === 'updatePublicCompany');
  const input = root && isObject(root.args.input) ? root.args.input : undefined;
  if (isMutation(request) && input && typeof input.id === 'string' && typeof input.companyName === 'string') {
    const company = await read(request, forward, 'query($id: ID!) { v: company(id: $id) { name } }', {
      id: input.id,
    });
    const answer = await forward(request);
    const key = `${scope} ${input.id}`;
    if (isObject(company) && typeof company.name === 'string' && !before.has(key))
      before.set(key, company.name);
    return answer;
  }
  if (before.size === 0) return forward(request);
  return decorated(
    ['ListContact'],
    (node) => (asks(node, 'companyName') ? 'h22_q30cid: companyId' : undefined),
    (objects) => {
      for (const o of objects) {
        const key = `${scope} ${String(o.h22_q30cid)}`;
        if ('companyName' in o && before.has(key)) o.companyName = before.get(key);
      }
    },
  )(request, forward);
};

/** The names additional fields had before editAdditionalFieldDefinition renamed them, per mutant server. */
const fieldNamesBefore = perServer(() => new Map<string, unknown>());

/**
 * Members' field values keep a copy of the field's name that editAdditionalFieldDefinition does not
 * refresh: after a rename, their fieldName and fieldDisplayName answer the old name.
 */
const fieldRenameValuesKeepName: Handler = async (request, forward) => {
  const before = fieldNamesBefore(forward);
  const scope = `${tokenOf(request)} ${request.region}`;
  const root = rootSelections(request).find((r) => r.name === 'editAdditionalFieldDefinition');
  const input = root && isObject(root.args.input) ? root.args.input : undefined;
  if (isMutation(request) && input && typeof input.id === 'string' && typeof input.name === 'string') {
    const lists = await readModels(
      request,
      forward,
      '{ v: lists(limit: 200) { models { additionalFieldDefinitions(limit: 200) { models { id name } } } } }',
    );
    const definition = lists
      .flatMap((l) => modelsOf(l.additionalFieldDefinitions))
      .find((d) => d.id === input.id);
    const answer = await forward(request);
    const key = `${scope} ${input.id}`;
    if (definition && typeof definition.name === 'string' && !before.has(key))
      before.set(key, definition.name);
    return answer;
  }
  if (before.size === 0) return forward(request);
  return decorated(
    ['AdditionalFieldValue'],
    (node) => (asks(node, 'fieldName', 'fieldDisplayName') ? 'h22_q30fid: fieldId' : undefined),
    (objects) => {
      for (const o of objects) {
        const key = `${scope} ${String(o.h22_q30fid)}`;
        if (!before.has(key)) continue;
        if ('fieldName' in o) o.fieldName = before.get(key);
        if ('fieldDisplayName' in o) o.fieldDisplayName = before.get(key);
      }
    },
  )(request, forward);
};

/** How many members each list lost through the API, per mutant server (token, region, list id). */
const membersRemoved = perServer(() => new Map<string, number>());

/**
 * A list's member count (List.contacts totalModels) is a counter column that the removals
 * (removeContactsFromList, removeContactFromLists) do not decrement; the member rows themselves are right.
 */
const memberCountNotDecremented: Handler = async (request, forward) => {
  const removed = membersRemoved(forward);
  const scope = `${tokenOf(request)} ${request.region}`;
  const roots = rootSelections(request);
  const root = roots.length === 1 ? roots[0] : undefined;
  const bump = (listId: unknown, n: number): void => {
    if (typeof listId !== 'string' || n <= 0) return;
    removed.set(`${scope} ${listId}`, (removed.get(`${scope} ${listId}`) ?? 0) + n);
  };
  if (isMutation(request) && root?.name === 'removeContactsFromList') {
    const answer = await forward(
      rewriteFields(request, (node) =>
        node.name.value === 'removeContactsFromList'
          ? withSelections(node, `${HIDE}ce: contactsEffected`)
          : undefined,
      ),
    );
    const result = dataOf(answer)?.[root.key];
    const effected = isObject(result) ? result[`${HIDE}ce`] : undefined;
    if (typeof effected === 'number') bump(root.args.listId, effected);
    return withData(answer, dataOf(answer));
  }
  if (isMutation(request) && root?.name === 'removeContactFromLists') {
    const answer = await forward(
      rewriteFields(request, (node) =>
        node.name.value === 'removeContactFromLists'
          ? withSelections(node, `${HIDE}item: item { successIds }`)
          : undefined,
      ),
    );
    const result = dataOf(answer)?.[root.key];
    const item = isObject(result) ? result[`${HIDE}item`] : undefined;
    if (isObject(item) && Array.isArray(item.successIds)) for (const id of item.successIds) bump(id, 1);
    return withData(answer, dataOf(answer));
  }
  if (removed.size === 0 || isMutation(request)) return forward(request);
  return decorated(
    ['List'],
    (node) => {
      const contacts = fieldIn(node.selectionSet?.selections ?? [], 'contacts');
      return contacts && !contacts.alias && asks(contacts, 'totalModels') ? 'h22_q30lid: id' : undefined;
    },
    (objects) => {
      for (const o of objects) {
        const n = removed.get(`${scope} ${String(o.h22_q30lid)}`);
        if (n && isObject(o.contacts) && typeof o.contacts.totalModels === 'number')
          o.contacts = { ...o.contacts, totalModels: o.contacts.totalModels + n };
      }
    },
  )(request, forward);
};

/** The lists of each contact in the order the API added them, per mutant server (token, region, contact id). */
const membershipOrder = perServer(() => new Map<string, string[]>());
const CONTACT_LISTS_KEY = /^h22_q30cl_[0-9a-f]+$/;

/**
 * A contact's lists come in the order the contact was added to them (the membership rows' order, the
 * ORDER BY name lost) instead of by name; a sort given still applies.
 */
const contactListsInMembershipOrder: Handler = async (request, forward) => {
  const order = membershipOrder(forward);
  const scope = `${tokenOf(request)} ${request.region}`;
  const roots = rootSelections(request);
  const root = roots.length === 1 ? roots[0] : undefined;
  if (isMutation(request)) {
    const answer = await forward(request);
    const listIds = Array.isArray(root?.args.listIds) ? root.args.listIds.map(String) : [];
    const contactIds = Array.isArray(root?.args.contactIds) ? root.args.contactIds.map(String) : [];
    if (root?.name === 'addContactsToLists')
      for (const c of contactIds) {
        const held = order.get(`${scope} ${c}`) ?? [];
        order.set(`${scope} ${c}`, [...held, ...listIds.filter((l) => !held.includes(l))]);
      }
    return answer;
  }
  if (order.size === 0) return forward(request);
  return decorated(
    ['Person', 'Company', 'Contact'],
    (node) => {
      const lists = fieldIn(node.selectionSet?.selections ?? [], 'lists');
      if (!lists || lists.alias || lists.arguments?.some((a) => a.name.value === 'sort')) return undefined;
      const ids: FieldNode = {
        ...lists,
        alias: { kind: Kind.NAME, value: `h22_q30cl_${hashOf(lists)}` },
        selectionSet: { kind: Kind.SELECTION_SET, selections: [] },
      };
      return `h22_q30cid: id ${print(withSelections(ids, 'models { id }'))}`;
    },
    (objects) => {
      for (const o of objects) {
        const key = Object.keys(o).find((k) => CONTACT_LISTS_KEY.test(k));
        const held = order.get(`${scope} ${String(o.h22_q30cid)}`);
        const page = o.lists;
        if (!key || !held || !isObject(page) || !Array.isArray(page.models)) continue;
        const ids = modelsOf(o[key]).map((l) => String(l.id));
        if (ids.length !== page.models.length || ids.some((id) => !held.includes(id))) continue;
        o.lists = {
          ...page,
          models: page.models
            .map((row: unknown, i) => ({ row, at: held.indexOf(ids[i]!) }))
            .sort((a, b) => a.at - b.at)
            .map((r) => r.row),
        };
      }
    },
  )(request, forward);
};

// ---- writes: events, matters, materialised views, regions ----------------------------------------------------

/**
 * relationshipEventViews answers a RelationshipTypeChanged event with the type the relationship had before
 * the change (the audit row joined to the old value), in relationshipTypeId and relationshipTypeName.
 */
const typeChangeEventPreviousType: Handler = decorated(
  ['RelationshipEventView'],
  (node) =>
    asks(node, 'relationshipTypeId', 'relationshipTypeName')
      ? 'h22_q30et: eventType h22_q30rel: relationshipId h22_q30ed: eventDate'
      : undefined,
  async (objects, request, forward) => {
    const changed = objects.filter((o) => o.h22_q30et === 'RelationshipTypeChanged');
    const ids = [
      ...new Set(changed.map((o) => o.h22_q30rel).filter((id): id is string => typeof id === 'string')),
    ];
    if (ids.length === 0) return;
    const events = await readModels(
      request,
      forward,
      `query($r: [ID!]) { v: relationshipEventViews(filter: { relationshipIds: $r, eventTypes: [RelationshipCreated, RelationshipTypeChanged] }, limit: ${String(MAX_PAGE)}) { models { relationshipId eventDate relationshipTypeId relationshipTypeName } } }`,
      { r: ids },
    );
    for (const o of changed) {
      const earlier = events.filter(
        (e) =>
          e.relationshipId === o.h22_q30rel &&
          Date.parse(String(e.eventDate)) < Date.parse(String(o.h22_q30ed)),
      );
      const previous = earlier[earlier.length - 1];
      if (!previous) continue;
      if ('relationshipTypeId' in o) o.relationshipTypeId = previous.relationshipTypeId;
      if ('relationshipTypeName' in o) o.relationshipTypeName = previous.relationshipTypeName;
    }
  },
);

/** When the API wrote each opportunity's dateOpened, per mutant server: (token, region, id) → window and date. */
const dateOpenedWrites = perServer(() => new Map<string, { from: number; to: number; date: string }[]>());

/**
 * The DateOpenedChanged events of addOpportunity and updateOpportunitySummary are dated at the new
 * dateOpened (its midnight UTC, the business date taken for the audit time) instead of the write's time.
 */
const dateOpenedEventAtDateOpened: Handler = async (request, forward) => {
  const writes = dateOpenedWrites(forward);
  const scope = `${tokenOf(request)} ${request.region}`;
  const roots = rootSelections(request);
  const root = roots.length === 1 ? roots[0] : undefined;
  if (isMutation(request) && (root?.name === 'addOpportunity' || root?.name === 'updateOpportunitySummary')) {
    const from = Date.now();
    const answer = await forward(
      root.name === 'addOpportunity'
        ? rewriteFields(request, (node) =>
            node.name.value === 'addOpportunity' ? withSelections(node, `${HIDE}id: id`) : undefined,
          )
        : request,
    );
    const to = Date.now();
    const input = isObject(root.args.input) ? root.args.input : {};
    const result = dataOf(answer)?.[root.key];
    const id =
      root.name === 'addOpportunity'
        ? isObject(result)
          ? result[`${HIDE}id`]
          : undefined
        : input.opportunityId;
    if (typeof id === 'string') {
      const now = await read(request, forward, 'query($id: ID!) { v: opportunity(id: $id) { dateOpened } }', {
        id,
      });
      const date = isObject(now) ? now.dateOpened : undefined;
      if (typeof date === 'string')
        writes.set(`${scope} ${id}`, [
          ...(writes.get(`${scope} ${id}`) ?? []),
          { from: from - 1, to: to + 1, date },
        ]);
    }
    return withData(answer, dataOf(answer));
  }
  if (writes.size === 0 || isMutation(request)) return forward(request);
  return decorated(
    ['OpportunityEventView'],
    (node) => (asks(node, 'eventDate') ? 'h22_q30oet: eventType h22_q30oid: opportunityId' : undefined),
    (objects) => {
      for (const o of objects) {
        if (o.h22_q30oet !== 'DateOpenedChanged') continue;
        const write = writes
          .get(`${scope} ${String(o.h22_q30oid)}`)
          ?.find((w) => within(o.eventDate, w.from, w.to));
        if (write) o.eventDate = `${write.date}T00:00:00.000Z`;
      }
    },
  )(request, forward);
};

/**
 * removeMatterFinancials given one end of the period takes the other end as the same day (a BETWEEN with
 * COALESCE(end, start)) instead of leaving it open.
 */
const financialsOpenEndAsOneDay: Handler = onMutationInput(new Set(['removeMatterFinancials']), (input) => {
  const start = input.periodStart ?? null;
  const end = input.periodEnd ?? null;
  if (typeof start === 'string' && end === null) return { ...input, periodEnd: start };
  if (typeof end === 'string' && start === null) return { ...input, periodStart: end };
  return input;
});

/**
 * getRelationshipInsights reads a materialised view refreshed every 10 minutes: relationships added,
 * edited or removed since the last refresh do not show in it.
 */
function insightsMaterialised(ttlMs = 600_000): Handler {
  const caches = perServer(() => cached(ttlMs));
  return (request, forward) => {
    const names = rootFields(request);
    return names.length > 0 && names.every((n) => n === 'getRelationshipInsights')
      ? caches(forward)(request, forward)
      : forward(request);
  };
}

/** When each token wrote through the eu endpoint, per mutant server: the time windows of those writes. */
const euWrites = perServer(() => new Map<string, { from: number; to: number }[]>());

/**
 * The events of writes made through the eu endpoint are recorded by an audit writer connected to the us
 * database: the eu event views never show them.
 */
const euWriteEventsMissing: Handler = async (request, forward) => {
  const windows = euWrites(forward);
  const token = tokenOf(request);
  if (request.region !== 'eu') return forward(request);
  if (isMutation(request)) {
    const from = Date.now();
    const answer = await forward(request);
    windows.set(token, [...(windows.get(token) ?? []), { from: from - 1, to: Date.now() + 1 }]);
    return answer;
  }
  const mine = windows.get(token) ?? [];
  const roots = rootSelections(request);
  const view = roots.length === 1 && isEventView(roots[0]!.name) ? roots[0]!.name : undefined;
  if (!view || mine.length === 0) return forward(request);
  return droppingEvents(
    view,
    'eventDate',
    () => (e) => mine.some((w) => within(e.eventDate, w.from, w.to)),
  )(request, forward);
};

export const HOLDOUT30: readonly Mutant[] = [
  {
    id: 'holdout30.nullability.initiative-name-of-objective',
    class: 'nullability',
    description:
      "an initiative company's initiativeName (Objective.initiativeCompanies, Initiative.companies) answers the name of the initiative's objective instead of the initiative's",
    names: /initiativeName|initiativeCompanies|InitiativeCompany/i,
    handle: initiativeNameOfObjective,
  },
  {
    id: 'holdout30.sort.activity-counts-most-first',
    class: 'sort',
    description:
      "an objective's or initiative's activityCounts come most activities first instead of ordered by typeName",
    names: /activityCounts|activityCount|typeName/i,
    handle: activityCountsMostFirst,
  },
  {
    id: 'holdout30.paging.initiative-companies-of-removed-initiatives',
    class: 'paging',
    description:
      "an objective's initiativeCompanies also answer the companies of its removed initiatives (the join lost its isDeleted condition)",
    names: /initiativeCompanies|isDeleted|removed|InitiativeCompany/i,
    handle: initiativeCompaniesOfRemoved,
  },
  {
    id: 'holdout30.paging.total-relationships-counts-people',
    class: 'paging',
    description:
      'employeesWithRelationshipsToView answers totalRelationships as the number of distinct related people instead of the number of relationships',
    names: /totalRelationships|employeesWithRelationshipsToView/i,
    handle: totalRelationshipsCountsPeople,
  },
  {
    id: 'holdout30.sort.engagement-rank-dense',
    class: 'sort',
    description:
      'targetPersonConnections ranks engagementRank densely: after a tie the next score takes the next number (1, 1, 2) instead of its position (1, 1, 3)',
    names: /engagementRank|displayRank|targetPersonConnections|rank/i,
    handle: engagementRankDense,
  },
  {
    id: 'holdout30.enums.strength-description-five-level-set',
    class: 'enums',
    description:
      "employeeRelationshipsTo answers strengthLevelDescription from the firm's five-level range set whatever the type's scale (level 3 of a three-level type reads Good, not Strong)",
    names: /strengthLevelDescription|correlationRangeItems|strengthDescription|strengthLevel/i,
    handle: strengthDescriptionFiveLevels,
  },
  {
    id: 'holdout30.nullability.related-side-type-not-converse',
    class: 'nullability',
    description:
      "employeeRelationshipsTo answers relationshipType as the type's name also for relationships the contact is the related side of, instead of the type's converse",
    names: /relationshipType|converse|employeeRelationshipsTo/i,
    handle: relatedSideTypeNotConverse,
  },
  {
    id: 'holdout30.nullability.connection-job-title-of-target',
    class: 'nullability',
    description:
      "targetPersonConnections answers every connection's relatedPersonJobTitle with the target person's own job title",
    names: /relatedPersonJobTitle|targetPersonConnections|jobTitle/i,
    handle: connectionJobTitleOfTarget,
  },
  {
    id: 'holdout30.region.eu-relationship-types-from-us',
    class: 'region',
    description:
      'the eu endpoint resolves the relationship types of employeeRelationshipsTo in the us type table: relationshipType, strengthLevelMax and strengthLevelDescription read null',
    names: /relationshipType|strengthLevelMax|strengthLevelDescription|employeeRelationshipsTo|\beu\b/i,
    handle: euRelationshipTypesFromUs,
  },
  {
    id: 'holdout30.dates.date-field-value-day-early',
    class: 'dates',
    description:
      "list members' date field values (additionalFieldValues of type date, and their valueItems) answer the day before the stored date",
    names: /additionalFieldValues|valueItems|\bvalue\b|date/i,
    handle: dateFieldValueDayEarly,
  },
  {
    id: 'holdout30.nullability.company-member-company-name-null',
    class: 'nullability',
    description:
      "a list member that is a company answers companyName and companyId null instead of the company itself (only a person's employer is joined)",
    names: /companyName|companyId|List\.contacts|\bcontacts\b|member/i,
    handle: companyMemberCompanyNull,
  },
  {
    id: 'holdout30.nullability.multi-value-items-joined',
    class: 'nullability',
    description:
      'a multi-value pick-list field value answers one valueItem holding the joined text ("Real Estate; Tax") instead of one item per chosen option',
    names: /valueItems|valueId|multi|additionalFieldValues|option/i,
    handle: multiValueItemsJoined,
  },
  {
    id: 'holdout30.nullability.list-data-type-empty-for-other-fields',
    class: 'nullability',
    description:
      'additional field definitions that are no pick lists answer listDataType { options: [] } instead of null',
    names: /listDataType|options|additionalFieldDefinitions|fieldDataType/i,
    handle: listDataTypeEmptyForOthers,
  },
  {
    id: 'holdout30.paging.not-included-lists-any-entity',
    class: 'paging',
    description:
      "a contact's notIncludedInTheLists also answers (and counts) the lists that do not accept the contact's kind (allowedContactEntity Company for a person)",
    names: /notIncludedInTheLists|allowedContactEntity|contactEntity/i,
    handle: notIncludedAnyEntity,
  },
  {
    id: 'holdout30.paging.term-search-total-per-email',
    class: 'paging',
    description:
      'searchFirmContacts with a term answers totalModels counting each found contact once per e-mail address it has (a count over the e-mail join) while the page is right',
    names: /searchFirmContacts|totalModels|term|count/i,
    handle: termSearchTotalPerEmail,
  },
  {
    id: 'holdout30.versions.1.2.0-contact-activities-without-appointments',
    class: 'versions',
    description:
      "the 1.2.0 endpoint answers a contact's activities without the appointments synchronised from a calendar (activityClass Appointment), in its models and totalModels",
    names: /activities|activityClass|Appointment|1\.2\.0/i,
    handle: v120ContactActivitiesWithoutAppointments,
  },
  {
    id: 'holdout30.nullability.activity-type-default-whole-group',
    class: 'nullability',
    description:
      "activityTypes answer isDefault true for every type in the default type's group (Conference, Lunch and Meeting) instead of for the firm's default type only",
    names: /isDefault|activityTypes|defaultNewActivityTypeId|default/i,
    handle: defaultFlagWholeGroup,
  },
  {
    id: 'holdout30.nullability.principal-full-name-of-lead',
    class: 'nullability',
    description:
      "every associatedPrincipals entry of an opportunity answers the lead's fullName instead of the principal's own",
    names: /associatedPrincipals|fullName|principal|lead/i,
    handle: principalFullNameOfLead,
  },
  {
    id: 'holdout30.dates.au-opportunity-dates-day-early',
    class: 'dates',
    description:
      "the au endpoint answers opportunities' dateOpened, estimatedCloseDate and actualCloseDate a day early (read as Sydney midnight and converted to UTC)",
    names: /dateOpened|estimatedCloseDate|actualCloseDate|\bau\b|opportunit/i,
    handle: auOpportunityDatesDayEarly,
  },
  {
    id: 'holdout30.sort.country-states-by-code',
    class: 'sort',
    description:
      "a country's administrativeDivisions.states come ordered by code (Germany: BB, BE, BW, BY) instead of by name",
    names: /administrativeDivisions|states|countr|order/i,
    handle: statesByCode,
  },
  {
    id: 'holdout30.caching.member-company-name-stale-after-rename',
    class: 'caching',
    description:
      'list member rows keep a copy of the company name that updatePublicCompany does not refresh: after a rename List.contacts answers the old companyName',
    names: /companyName|updatePublicCompany|List\.contacts|\bcontacts\b|stale|rename/i,
    handle: memberCompanyNameStale,
  },
  {
    id: 'holdout30.persistence.field-rename-values-keep-old-name',
    class: 'persistence',
    description:
      "after editAdditionalFieldDefinition renames a field, members' values of it still answer the old fieldName and fieldDisplayName",
    names: /fieldName|fieldDisplayName|editAdditionalFieldDefinition|additionalFieldValues/i,
    handle: fieldRenameValuesKeepName,
  },
  {
    id: 'holdout30.paging.member-count-not-decremented',
    class: 'paging',
    description:
      "a list's List.contacts totalModels comes from a member counter that removeContactsFromList and removeContactFromLists do not decrement",
    names: /totalModels|removeContactsFromList|removeContactFromLists|\bcontacts\b|count/i,
    handle: memberCountNotDecremented,
  },
  {
    id: 'holdout30.sort.contact-lists-in-membership-order',
    class: 'sort',
    description:
      "a contact's lists (without a sort) come in the order the contact was added to them instead of by name",
    names: /\blists\b|order|name|addContactsToLists/i,
    handle: contactListsInMembershipOrder,
  },
  {
    id: 'holdout30.events.type-change-event-previous-type',
    class: 'events',
    description:
      'relationshipEventViews answers a RelationshipTypeChanged event with the type the relationship had before the change (relationshipTypeId and relationshipTypeName)',
    names: /RelationshipTypeChanged|relationshipTypeName|relationshipTypeId|relationshipEventViews/i,
    handle: typeChangeEventPreviousType,
  },
  {
    id: 'holdout30.dates.date-opened-event-dated-at-date-opened',
    class: 'dates',
    description:
      'the DateOpenedChanged events of addOpportunity and updateOpportunitySummary are dated at the new dateOpened (midnight UTC) instead of the time of the write',
    names: /DateOpenedChanged|eventDate|dateOpened|opportunityEventViews/i,
    handle: dateOpenedEventAtDateOpened,
  },
  {
    id: 'holdout30.persistence.financials-removal-open-end-one-day',
    class: 'persistence',
    description:
      'removeMatterFinancials given only periodStart (or only periodEnd) takes the other end as the same day instead of leaving the period open',
    names: /removeMatterFinancials|matterFinancialsAffected|periodStart|periodEnd|period/i,
    handle: financialsOpenEndAsOneDay,
  },
  {
    id: 'holdout30.caching.relationship-insights-materialised',
    class: 'caching',
    description:
      'getRelationshipInsights answers from a view refreshed every 10 minutes: relationships added, edited or removed since do not change its connections and scores',
    names: /getRelationshipInsights|totalConnections|totalEngagementScore|insight|stale|cache/i,
    handle: insightsMaterialised(),
  },
  {
    id: 'holdout30.region.eu-write-events-not-in-eu',
    class: 'region',
    description:
      "the events of writes made through the eu endpoint are recorded in the us audit store: eu's event views never show them",
    names: /event|ContactCreated|ContactUpdated|\beu\b|region|audit/i,
    handle: euWriteEventsMissing,
  },
];
