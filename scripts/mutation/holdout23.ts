/**
 * A twenty-third held-out set of regressions, spread over the whole API and both revisions the way a
 * vendor release goes wrong: paging and sorting of lists and countries, joins that lose a column,
 * the 1.2.0 revision, enum mappings, dates, write rules, stored values, the change-detection events,
 * tenants and regions, and the HTTP and error envelope; about a third only a write shows.
 * Chosen from the spec and from what vendors ship, without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout23` runs them.
 */
import { createRequire } from 'node:module';
import countries, { type LocaleData } from 'i18n-iso-countries';
import { Kind, parse, type FieldNode, type SelectionNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { decorated, perServer } from './holdout22.js';
import { BY_ID } from './holdout3.js';
import { sibling } from './holdout5.js';
import { onMutationInput } from './holdout6.js';
import { onAnswer, tokenOf, type Mutant } from './mutants.js';
import type { Answer, Handler, Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, rewriteFields } from './rewrite.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EVENT_VIEWS = [
  'firmContactEventViews',
  'listEventViews',
  'relationshipEventViews',
  'initiativeEventViews',
  'objectiveEventViews',
  'opportunityEventViews',
];
/** The largest page the service gives (its limits refuse a larger one). */
const MAX_PAGE = 1000;

/** The answer with its data replaced by `data`. */
function withData(answer: Answer, data: unknown): Answer {
  return { ...answer, json: { ...(answer.json as object), data } };
}

/** Only the requests of one revision go through `handler`; the others pass unchanged. */
function onVersion(version: string, handler: Handler): Handler {
  return (request, forward) => (request.version === version ? handler(request, forward) : forward(request));
}

/** Only the requests of one region go through `handler`; the others pass unchanged. */
function onRegion(region: string, handler: Handler): Handler {
  return (request, forward) => (request.region === region ? handler(request, forward) : forward(request));
}

/** The start offsets of the root fields of a request's queries (none for a mutation or a bad document). */
function rootQueryStarts(request: Incoming): Set<number> {
  const starts = new Set<number>();
  try {
    for (const definition of parse(request.body?.query ?? '').definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== 'query') continue;
      for (const selection of definition.selectionSet.selections)
        if (selection.kind === Kind.FIELD && selection.loc) starts.add(selection.loc.start);
    }
  } catch {
    return starts;
  }
  return starts;
}

/** A field node with the selections of `{ text }` added to its own. */
function withSelections(node: FieldNode, text: string): FieldNode {
  const definition = parse(`{ ${text} }`).definitions[0];
  const extra: readonly SelectionNode[] =
    definition?.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections : [];
  return {
    ...node,
    selectionSet: {
      kind: Kind.SELECTION_SET,
      selections: [...(node.selectionSet?.selections ?? []), ...extra],
    },
  };
}

// ---- paging ----------------------------------------------------------------------------------------------

/**
 * The listTypeIds filter of `lists` reads `value` like every other option, so the `values` the spec asks
 * for are never seen: the entry filters nothing and every list type is answered.
 */
const listTypeIdsValuesIgnored: Handler = onFields((node, field, vars) =>
  node.name.value === 'lists'
    ? mapArgument(node, field, vars, 'filter', (filter) => {
        const list = Array.isArray(filter) ? filter : isObject(filter) ? [filter] : undefined;
        if (!list || !list.some((f) => isObject(f) && f.field === 'listTypeIds')) return filter;
        return list.map((f) =>
          isObject(f) && f.field === 'listTypeIds' ? { field: f.field, value: f.value ?? null } : f,
        );
      })
    : undefined,
);

/**
 * A paged root query fetches one row more than its limit to tell whether a next page exists, and the
 * extra row is left in the page: a full page holds limit + 1 items (the echoed limit is the one asked).
 */
const lookAheadRowKept: Handler = async (request, forward) => {
  const starts = rootQueryStarts(request);
  if (starts.size === 0) return forward(request);
  const asked = new Map<string, unknown>();
  const rewritten = rewriteFields(request, (node, field, vars) => {
    if (!starts.has(node.loc?.start ?? -1)) return undefined;
    const definition = field.args.find((a) => a.name === 'limit');
    if (!definition) return undefined;
    return mapArgument(node, field, vars, 'limit', (value) => {
      const limit = value ?? definition.defaultValue;
      asked.set(node.alias?.value ?? node.name.value, limit);
      return typeof limit === 'number' && limit > 0 && limit < MAX_PAGE ? limit + 1 : value;
    });
  });
  if (asked.size === 0) return forward(request);
  const answer = await forward(rewritten);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const [key, limit] of asked) {
    const page = data[key];
    if (isObject(page) && typeof page.limit === 'number') next[key] = { ...page, limit };
  }
  return withData(answer, next);
};

/**
 * An objective's nested initiatives page is read without the objective's id (the join condition lost):
 * every objective answers the firm's initiatives.
 */
const objectiveInitiativesUnjoined: Handler = async (request, forward) => {
  if (isMutation(request)) return forward(request);
  const nested: { key: string; skip: unknown; limit: unknown; selection: string }[] = [];
  rewriteFields(request, (node, field, vars) => {
    if (node.name.value !== 'initiatives' || field.args.some((a) => a.name === 'filter')) return undefined;
    if (!node.selectionSet || !node.loc) return undefined;
    const args: Json = {};
    for (const argument of node.arguments ?? []) {
      const v = argument.value;
      args[argument.name.value] =
        v.kind === Kind.VARIABLE ? vars[v.name.value] : v.kind === Kind.INT ? Number(v.value) : undefined;
    }
    const text = request.body?.query ?? '';
    const selection = text.slice(node.selectionSet.loc?.start ?? 0, node.selectionSet.loc?.end ?? 0);
    nested.push({ key: node.alias?.value ?? 'initiatives', skip: args.skip, limit: args.limit, selection });
    return undefined;
  });
  if (nested.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const pages = new Map<string, unknown>();
  for (const n of nested) {
    const read = await forward(
      sibling(request, `query($s: Int, $l: Int) { v: initiatives(skip: $s, limit: $l) ${n.selection} }`, {
        s: n.skip ?? 0,
        l: n.limit ?? 100,
      }),
    );
    pages.set(n.key, dataOf(read)?.v);
  }
  const replace = (value: unknown, depth: number): unknown => {
    if (Array.isArray(value)) return value.map((v) => replace(v, depth));
    if (!isObject(value)) return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value))
      out[k] = depth > 0 && pages.has(k) && isObject(v) ? pages.get(k) : replace(v, depth + 1);
    return out;
  };
  return withData(answer, replace(data, 0));
};

// ---- sort ------------------------------------------------------------------------------------------------

/**
 * A root page `rootName` put in another order (`compare` over the hidden `fields` of its items, stable)
 * when `applies` to its arguments: every item is read (skip 0, the largest page), reordered, then the
 * page asked for is cut from them and the echoed skip and limit are the ones asked.
 */
function reorderedRoot(
  rootName: string,
  fields: string,
  applies: (args: Json) => boolean,
  compare: (a: Json, b: Json, args: Json) => number,
): Handler {
  return async (request, forward) => {
    const starts = rootQueryStarts(request);
    if (starts.size === 0) return forward(request);
    const roots = new Map(rootSelections(request).map((r) => [r.key, r]));
    const asked = new Map<string, { skip: number; limit: number; args: Json }>();
    const rewritten = rewriteFields(request, (node, field, vars) => {
      if (!starts.has(node.loc?.start ?? -1) || node.name.value !== rootName) return undefined;
      if (!node.selectionSet?.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'models'))
        return undefined;
      const key = node.alias?.value ?? node.name.value;
      const args = roots.get(key)?.args ?? {};
      if (!applies(args)) return undefined;
      let skip = 0;
      let limit = 100;
      const withSkip = mapArgument(node, field, vars, 'skip', (v) => {
        if (typeof v === 'number') skip = v;
        return 0;
      });
      const withLimit = mapArgument(withSkip ?? node, field, vars, 'limit', (v) => {
        if (typeof v === 'number') limit = v;
        return MAX_PAGE;
      });
      asked.set(key, { skip, limit, args });
      return withSelections(withLimit ?? withSkip ?? node, `h23_keys: models { ${fields} }`);
    });
    if (asked.size === 0) return forward(request);
    const answer = await forward(rewritten);
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const [key, { skip, limit, args }] of asked) {
      const page = data[key];
      if (!isObject(page)) continue;
      const { h23_keys: keys, ...rest } = page;
      const models = page.models;
      if (!Array.isArray(models) || !Array.isArray(keys)) {
        next[key] = rest;
        continue;
      }
      const at = (i: number): Json => (isObject(keys[i]) ? keys[i] : {});
      const order = models.map((_m, i) => i).sort((x, y) => compare(at(x), at(y), args) || x - y);
      const out: Json = { ...rest, models: order.map((i) => models[i]).slice(skip, skip + limit) };
      if ('skip' in rest) out.skip = skip;
      if ('limit' in rest) out.limit = limit;
      next[key] = out;
    }
    return withData(answer, next);
  };
}

/** The first sort input of a sort argument (a list or one input). */
function firstSort(sort: unknown): Json | undefined {
  const first: unknown = Array.isArray(sort) ? sort[0] : sort;
  return isObject(first) ? first : undefined;
}

/** A calendar date as the MM/DD/YYYY text a varchar column holds. */
function usText(value: unknown): string | undefined {
  const m = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : undefined;
}

/**
 * opportunities sorted by estimatedCloseDate are ordered by the date as MM/DD/YYYY text (the column is a
 * varchar in the reporting view): months come before years, so December 2025 sorts after January 2026.
 */
const closeDateSortedAsText: Handler = reorderedRoot(
  'opportunities',
  'estimatedCloseDate',
  (args) => firstSort(args.sort)?.field === 'estimatedCloseDate',
  (a, b, args) => {
    const x = usText(a.estimatedCloseDate);
    const y = usText(b.estimatedCloseDate);
    if (x === y) return 0;
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    const c = x < y ? -1 : 1;
    return firstSort(args.sort)?.direction === 'Descending' ? -c : c;
  },
);

const CLASS_ORDER = ['marketingLists', 'workingLists', 'contactTypes'];

/** The rank of a list's class in the order the per-class queries are concatenated. */
function classRank(item: Json): number {
  const c = CLASS_ORDER.indexOf(String(item.listClass));
  return c === -1 ? CLASS_ORDER.length : c;
}

/**
 * `lists` is read as one sorted query per list class, concatenated: every marketing list comes before
 * every working list, whatever the sort says (each class is in order only within itself).
 */
const listsClassesConcatenated: Handler = reorderedRoot(
  'lists',
  'listClass',
  () => true,
  (a, b) => classRank(a) - classRank(b),
);

// ---- nullability -----------------------------------------------------------------------------------------

/** Addresses answer postalCode null (the column renamed in the address view and no longer mapped). */
const addressPostalCodeNull: Handler = onData((key, value) => (key === 'postalCode' ? null : value));

/** An opportunity's lead is null although it has one (the join to the lead person dropped). */
const opportunityLeadNull: Handler = onData((key, value) => (key === 'lead' ? null : value));

/** An opportunity's associated contacts answer person null (only the id column is read). */
const opportunityContactPersonNull: Handler = decorated(
  ['OpportunityContact'],
  () => 'h22_c: contactId',
  (objects) => {
    for (const o of objects) if ('person' in o) o.person = null;
  },
);

// ---- versions --------------------------------------------------------------------------------------------

/**
 * The 1.2.0 endpoint answers ids in upper case (the legacy GUID formatter), ids it does not find again
 * when they are sent back: a read by an id the same endpoint just listed answers null.
 */
const ids120UpperCase: Handler = onVersion(
  '1.2.0',
  onData((key, value) =>
    (key === 'id' || key.endsWith('Id')) && typeof value === 'string' && UUID.test(value)
      ? value.toUpperCase()
      : value,
  ),
);

/** 1.2.0's addActivity drops linkedEntityIds (the legacy input mapper never learnt the links). */
const addActivityLinksDropped120: Handler = onVersion(
  '1.2.0',
  onMutationInput(new Set(['addActivity']), ({ linkedEntityIds: _links, ...rest }) => rest),
);

/** 1.2.0's `lists` without listType answers only the frequently used lists (the default drifted). */
const listsDefaultFrequentlyUsed120: Handler = onVersion(
  '1.2.0',
  onFields((node, field, vars) =>
    node.name.value === 'lists'
      ? mapArgument(node, field, vars, 'listType', (v) => (v === undefined ? 'myFrequentlyUsed' : v))
      : undefined,
  ),
);

// ---- enums -----------------------------------------------------------------------------------------------

/** addAdditionalFieldDefinition maps the input type decimal to integer (a case that falls through). */
const decimalFieldAsInteger: Handler = onMutationInput(new Set(['addAdditionalFieldDefinition']), (input) => {
  if (input.type !== 'decimal') return input;
  const { decimalInput, ...rest } = input;
  const out: Json = { ...rest, type: 'integer' };
  if (isObject(decimalInput)) {
    const whole = (v: unknown) => (typeof v === 'number' ? Math.trunc(v) : v);
    out.integerInput = { minValue: whole(decimalInput.minValue), maxValue: whole(decimalInput.maxValue) };
  }
  return out;
});

/** relationshipListingTypes answers CompanyToCompany for person-to-company types (a value mapping slipped). */
const personToCompanyAsCompanyToCompany: Handler = onData((key, value) =>
  key === 'relationshipListingTypes' && Array.isArray(value)
    ? [...new Set(value.map((v) => (v === 'PersonToCompany' ? 'CompanyToCompany' : v)))]
    : value,
);

// ---- dates -----------------------------------------------------------------------------------------------

/** A closed objective answers its closedDate as its endDate (the view maps both from one column). */
const closedObjectiveEndDate: Handler = decorated(
  ['Objective'],
  () => 'h22_status: status h22_closed: closedDate',
  (objects) => {
    for (const o of objects)
      if ('endDate' in o && o.h22_status === 'closed' && typeof o.h22_closed === 'string')
        o.endDate = o.h22_closed;
  },
);

/** A calendar date that does not exist (2026-02-30) rolled over into the next month, as Date.UTC does. */
function rolledOver(value: string): string {
  const m = ISO_DATE.exec(value);
  if (!m) return value;
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  const text = date.toISOString().slice(0, 10);
  return +m[2]! >= 1 && +m[2]! <= 12 && +m[3]! >= 1 && +m[3]! <= 31 ? text : value;
}

/** Every string of an input tree that is an impossible calendar date, rolled over. */
function rollDates(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rollDates);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rollDates(v)]));
  return typeof value === 'string' ? rolledOver(value) : value;
}

/** Writes accept an impossible date (2026-02-30) and store the day it rolls over to (2026-03-02). */
const impossibleDateRolledOver: Handler = (request, forward) =>
  isMutation(request)
    ? forward(
        rewriteFields(request, (node, field, vars) =>
          mapArgument(node, field, vars, 'input', (input) => rollDates(input)),
        ),
      )
    : forward(request);

/** An open opportunity answers actualCloseDate with its estimatedCloseDate (the view's COALESCE). */
const openCloseDateFromEstimate: Handler = decorated(
  ['Opportunity'],
  () => 'h22_status: status h22_estimate: estimatedCloseDate',
  (objects) => {
    for (const o of objects)
      if ('actualCloseDate' in o && o.h22_status === 'open' && o.actualCloseDate === null)
        o.actualCloseDate = o.h22_estimate ?? null;
  },
);

/** An initiative answers its objective's startDate and endDate (a join whose columns are not aliased). */
const initiativeDatesFromObjective: Handler = decorated(
  ['Initiative'],
  () => 'h22_objective: objective { startDate endDate }',
  (objects) => {
    for (const o of objects) {
      const objective = o.h22_objective;
      if (!isObject(objective)) continue;
      if ('startDate' in o) o.startDate = objective.startDate ?? null;
      if ('endDate' in o) o.endDate = objective.endDate ?? null;
    }
  },
);

// ---- validation ------------------------------------------------------------------------------------------

/** Every entry after the first primary one made not primary. */
function firstPrimaryOnly(entries: unknown): unknown {
  if (!Array.isArray(entries)) return entries;
  let seen = false;
  return entries.map((e) => {
    if (!isObject(e) || e.isPrimary !== true) return e;
    if (!seen) {
      seen = true;
      return e;
    }
    return { ...e, isPrimary: false };
  });
}

/** updateOpportunityPeople given two primary entries keeps the first as primary instead of refusing. */
const twoPrimariesFirstKept: Handler = onMutationInput(new Set(['updateOpportunityPeople']), (input) => ({
  ...input,
  ...('principals' in input ? { principals: firstPrimaryOnly(input.principals) } : {}),
  ...('contacts' in input ? { contacts: firstPrimaryOnly(input.contacts) } : {}),
}));

/** The single updateListContactAdditionalFields of a request: its result key and input. */
function fieldValueUpdate(request: Incoming): { key: string; input: Json } | undefined {
  const roots = rootSelections(request);
  if (roots.length !== 1 || roots[0]!.name !== 'updateListContactAdditionalFields') return undefined;
  const input = roots[0]!.args.input;
  return isObject(input) ? { key: roots[0]!.key, input } : undefined;
}

/**
 * updateListContactAdditionalFields for a contact that is not a member of the list adds the contact to
 * the list first (an upsert) instead of refusing the update.
 */
const nonMemberAdded: Handler = async (request, forward) => {
  const update = fieldValueUpdate(request);
  const listId = update?.input.listId;
  const contactId = update?.input.contactId;
  if (typeof listId === 'string' && typeof contactId === 'string')
    await forward(
      sibling(
        request,
        'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
        { l: [listId], c: [contactId] },
      ),
    );
  return forward(request);
};

// ---- persistence -----------------------------------------------------------------------------------------

/**
 * updateListContactAdditionalFields writes the values to every member of the list (the UPDATE lost its
 * contact condition); the answer is the one for the contact asked.
 */
const valueWrittenToAllMembers: Handler = async (request, forward) => {
  const update = fieldValueUpdate(request);
  const answer = await forward(request);
  if (!update || !dataOf(answer)?.[update.key]) return answer;
  let listId = update.input.listId;
  if (typeof listId !== 'string') {
    const fields = update.input.fields ?? update.input.additionalFields;
    const fieldId = Array.isArray(fields) && isObject(fields[0]) ? fields[0].fieldId : undefined;
    if (typeof fieldId !== 'string') return answer;
    const lists = dataOf(
      await forward(
        sibling(
          request,
          '{ v: lists(limit: 1000) { models { id additionalFieldDefinitions(limit: 1000) { models { id } } } } }',
          {},
        ),
      ),
    )?.v as { models?: { id: string; additionalFieldDefinitions?: { models?: { id: string }[] } }[] };
    listId = lists?.models?.find((l) =>
      l.additionalFieldDefinitions?.models?.some((d) => d.id === fieldId),
    )?.id;
    if (typeof listId !== 'string') return answer;
  }
  const members = dataOf(
    await forward(
      sibling(request, 'query($id: ID!) { v: list(id: $id) { contacts(limit: 1000) { models { id } } } }', {
        id: listId,
      }),
    ),
  )?.v as { contacts?: { models?: { id: string }[] } } | null;
  for (const member of members?.contacts?.models ?? []) {
    if (member.id === update.input.contactId) continue;
    await forward(
      sibling(
        request,
        'mutation($i: UpdateListContactAdditionalFieldInput!) { updateListContactAdditionalFields(input: $i) { models { isSuccessful } } }',
        { i: { ...update.input, listId, contactId: member.id } },
      ),
    );
  }
  return answer;
};

const PLANNING_WRITES = new Set(['addObjective', 'updateObjective', 'addInitiative', 'updateInitiative']);

/** Planning writes store the measurement's targetValue as its actualValue too (a copy-paste in the mapper). */
const actualStoredAsTarget: Handler = onMutationInput(PLANNING_WRITES, (input) => {
  const measurement = input.measurementOfSuccess;
  if (!isObject(measurement) || typeof measurement.targetValue !== 'number') return input;
  return { ...input, measurementOfSuccess: { ...measurement, actualValue: measurement.targetValue } };
});

// ---- events ----------------------------------------------------------------------------------------------

const LAG_MS = 30_000;

/** The event views read a replica that lags 30 seconds: the events of the last 30 seconds are missing. */
const recentEventsLagging: Handler = (() => {
  const views = new Map(
    EVENT_VIEWS.map((view) => [
      view,
      droppingEvents(view, 'eventDate', () => (event) => {
        const at = Date.parse(String(event.eventDate));
        return Number.isFinite(at) && at > Date.now() - LAG_MS;
      }),
    ]),
  );
  return (request, forward) => {
    const view = rootSelections(request).find((r) => views.has(r.name));
    return view ? views.get(view.name)!(request, forward) : forward(request);
  };
})();

const createdObjectives = perServer(() => new Set<string>());

/**
 * addObjective records ObjectiveCreated twice (the application and a database trigger both write it):
 * each objective added answers two creation events in objectiveEventViews.
 */
const objectiveCreatedTwice: Handler = async (request, forward) => {
  const added = createdObjectives(forward);
  const roots = rootSelections(request);
  if (isMutation(request)) {
    const withId = rewriteFields(request, (node) => {
      if (node.name.value !== 'addObjective' || !node.selectionSet) return undefined;
      return withSelections(node, 'h23_item: item { id }');
    });
    const answer = await forward(withId);
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const root of roots.filter((r) => r.name === 'addObjective')) {
      const result = data[root.key];
      if (!isObject(result)) continue;
      const { h23_item: item, ...rest } = result;
      if (isObject(item) && typeof item.id === 'string') added.add(item.id);
      next[root.key] = rest;
    }
    return withData(answer, next);
  }
  if (!roots.some((r) => r.name === 'objectiveEventViews') || added.size === 0) return forward(request);
  // Each creation event of an objective added through the API is marked (a visible key, taken off below).
  const marked = await decorated(
    ['ObjectiveEventView'],
    () => 'h22_type: eventType h22_objective: objectiveId',
    (objects) => {
      for (const o of objects)
        if (o.h22_type === 'ObjectiveCreated' && added.has(String(o.h22_objective))) o.__twice = true;
    },
  )(request, forward);
  const data = dataOf(marked);
  if (!data) return marked;
  const next = { ...data };
  for (const root of roots.filter((r) => r.name === 'objectiveEventViews')) {
    const page = data[root.key];
    if (!isObject(page) || !Array.isArray(page.models)) continue;
    const models: unknown[] = [];
    let extra = 0;
    for (const m of page.models) {
      if (isObject(m) && m.__twice === true) {
        const { __twice: _flag, ...event } = m;
        models.push(event, { ...event });
        extra += 1;
      } else models.push(m);
    }
    next[root.key] = {
      ...page,
      models,
      ...(typeof page.totalModels === 'number' ? { totalModels: page.totalModels + extra } : {}),
    };
  }
  return withData(marked, next);
};

// ---- tenancy and region ----------------------------------------------------------------------------------

const limitedCreations = perServer(() => new Set<string>());

/** The id of the record a root add mutation answers: its own `id` or its item's. */
function createdId(result: unknown): string | undefined {
  if (!isObject(result)) return undefined;
  if (typeof result.id === 'string') return result.id;
  return isObject(result.item) && typeof result.item.id === 'string' ? result.item.id : undefined;
}

/**
 * Records the limited tenant creates are stored without their tenant: the full tenant's reads by id
 * find them (the by-id lookup filters on the tenant column, which the insert left empty).
 */
const limitedNewRecordsReadableByFull: Handler = async (request, forward) => {
  const created = limitedCreations(forward);
  const answer = await forward(request);
  const token = tokenOf(request);
  if (token === DEV_TOKENS.limited && isMutation(request)) {
    const data = dataOf(answer);
    if (data)
      for (const root of rootSelections(request))
        if (root.name.startsWith('add')) {
          const id = createdId(data[root.key]);
          if (id) created.add(id);
        }
    return answer;
  }
  if (token !== DEV_TOKENS.full || isMutation(request) || created.size === 0) return answer;
  const data = dataOf(answer);
  if (!data) return answer;
  const roots = rootSelections(request).filter(
    (r) => BY_ID.test(r.name) && data[r.key] === null && created.has(String(r.args.id)),
  );
  if (roots.length === 0) return answer;
  const theirs = dataOf(await as(DEV_TOKENS.limited, request, forward));
  if (!theirs) return answer;
  const next = { ...data };
  for (const root of roots) next[root.key] = theirs[root.key] ?? null;
  return withData(answer, next);
};

/** Every calendar date of an answer on the au endpoint written DD/MM/YYYY (the servers' locale). */
const auDatesDayFirst: Handler = onRegion(
  'au',
  onData((_key, value) => {
    const m = typeof value === 'string' ? ISO_DATE.exec(value) : null;
    return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
  }),
);

let germanLoaded = false;

/** The German name of a country by its ISO code (the eu servers' locale). */
function germanName(isoCode: unknown): string | undefined {
  if (!germanLoaded) {
    const require = createRequire(import.meta.url);
    countries.registerLocale(require('i18n-iso-countries/langs/de.json') as LocaleData);
    germanLoaded = true;
  }
  return typeof isoCode === 'string' ? countries.getName(isoCode, 'de') : undefined;
}

/** Countries on the eu endpoint answer their German names (the locale of the eu servers leaks in). */
const euCountryNamesGerman: Handler = onRegion(
  'eu',
  decorated(
    ['Country'],
    () => 'h22_iso: isoCode',
    (objects) => {
      for (const o of objects) {
        const name = germanName(o.h22_iso);
        if ('name' in o && name) o.name = name;
      }
    },
  ),
);

// ---- http and errors -------------------------------------------------------------------------------------

/** JSON answers start with a UTF-8 byte order mark (a serializer configured with a BOM), which JSON forbids. */
const utf8Bom: Handler = onAnswer((answer) =>
  answer.json === undefined ? answer : { ...answer, json: undefined, text: `\uFEFF${answer.text}` },
);

/** validationErrors entries answer propertyName and message swapped (constructor arguments in wrong order). */
const validationErrorFieldsSwapped: Handler = onData((key, value) =>
  key === 'validationErrors' && Array.isArray(value)
    ? value.map((e) =>
        isObject(e) && ('propertyName' in e || 'message' in e)
          ? {
              ...e,
              ...('propertyName' in e ? { propertyName: e.message ?? null } : {}),
              ...('message' in e ? { message: e.propertyName ?? null } : {}),
            }
          : e,
      )
    : value,
);

/** The names of a document's operations, in order ('' for an anonymous one). */
function operationNames(request: Incoming): string[] {
  try {
    return parse(request.body?.query ?? '').definitions.flatMap((d) =>
      d.kind === Kind.OPERATION_DEFINITION ? [d.name?.value ?? ''] : [],
    );
  } catch {
    return [];
  }
}

/**
 * A document of several operations sent without operationName runs its first operation instead of
 * being refused ("Must provide operation name if query contains multiple operations").
 */
const severalOperationsRunFirst: Handler = (request, forward) => {
  const names = operationNames(request);
  if (!request.body || names.length < 2 || request.body.operationName || !names[0]) return forward(request);
  const body = { ...request.body, operationName: names[0] };
  return forward({ ...request, body, raw: JSON.stringify(body) });
};

/** Regressions the certification was not written against (a held-out set, measured blind). */
export const HOLDOUT23: readonly Mutant[] = [
  {
    id: 'holdout23.paging.lists-list-type-ids-values-ignored',
    class: 'paging',
    description:
      'the listTypeIds filter of lists ignores the values it is given (only value is read), so every list type is answered',
    names: /listTypeIds|lists|filter|totalModels|listType/i,
    handle: listTypeIdsValuesIgnored,
  },
  {
    id: 'holdout23.paging.look-ahead-row-kept',
    class: 'paging',
    description:
      'a full page of a paged query holds limit + 1 items (the row fetched to detect a next page is left in)',
    names: /limit|page|models|skip|paging/i,
    handle: lookAheadRowKept,
  },
  {
    id: 'holdout23.paging.objective-initiatives-unjoined',
    class: 'paging',
    description: "an objective's nested initiatives are the firm's initiatives, not the objective's own",
    names: /initiatives|objective/i,
    handle: objectiveInitiativesUnjoined,
  },
  {
    id: 'holdout23.sort.close-date-sorted-as-text',
    class: 'sort',
    description:
      'opportunities sorted by estimatedCloseDate come in the order of the date as MM/DD/YYYY text (December 2025 after January 2026)',
    names: /estimatedCloseDate|opportunities|order|sort/i,
    handle: closeDateSortedAsText,
  },
  {
    id: 'holdout23.sort.lists-classes-concatenated',
    class: 'sort',
    description:
      'lists answers all marketing lists before all working lists (one sorted query per class, concatenated), whatever the sort',
    names: /lists|order|sort|name/i,
    handle: listsClassesConcatenated,
  },
  {
    id: 'holdout23.nullability.address-postal-code',
    class: 'nullability',
    description: "a contact's addresses answer postalCode null (the column renamed in the address view)",
    names: /postalCode|address|null/i,
    handle: addressPostalCodeNull,
  },
  {
    id: 'holdout23.nullability.opportunity-lead',
    class: 'nullability',
    description: "an opportunity's lead is null although it has a lead (the join to the person dropped)",
    names: /lead|opportunit|null/i,
    handle: opportunityLeadNull,
  },
  {
    id: 'holdout23.nullability.opportunity-contact-person',
    class: 'nullability',
    description: "an opportunity's associatedContacts answer person null (only the contact id is read)",
    names: /associatedContacts|person|opportunit|null/i,
    handle: opportunityContactPersonNull,
  },
  {
    id: 'holdout23.versions.1.2.0-ids-upper-case',
    class: 'versions',
    description:
      'the 1.2.0 endpoint answers ids in upper case (a legacy GUID formatter), so a read by an id it listed answers null',
    names: /1\.2\.0|\bid\b|Id\b|null|by-id/i,
    handle: ids120UpperCase,
  },
  {
    id: 'holdout23.versions.1.2.0-add-activity-links-dropped',
    class: 'versions',
    description:
      'addActivity on the 1.2.0 endpoint ignores linkedEntityIds: the activity is stored without links',
    names: /1\.2\.0|addActivity|linked|activit/i,
    handle: addActivityLinksDropped120,
  },
  {
    id: 'holdout23.versions.1.2.0-lists-default-frequently-used',
    class: 'versions',
    description:
      'the 1.2.0 lists without listType answers only the frequently used lists (its default drifted from all to myFrequentlyUsed)',
    names: /1\.2\.0|lists|listType|totalModels/i,
    handle: listsDefaultFrequentlyUsed120,
  },
  {
    id: 'holdout23.enums.add-field-decimal-as-integer',
    class: 'enums',
    description:
      'addAdditionalFieldDefinition given type decimal creates an integer field (the type mapping falls through)',
    names: /fieldDataType|decimal|integer|additionalField|AdditionalFieldDefinition/i,
    handle: decimalFieldAsInteger,
  },
  {
    id: 'holdout23.enums.person-to-company-as-company-to-company',
    class: 'enums',
    description:
      'relationship types answer relationshipListingTypes CompanyToCompany where they are PersonToCompany',
    names: /relationshipListingType|CompanyToCompany|PersonToCompany|relationshipTypes/i,
    handle: personToCompanyAsCompanyToCompany,
  },
  {
    id: 'holdout23.dates.closed-objective-end-date-as-closed-date',
    class: 'dates',
    description: 'a closed objective answers its closedDate as its endDate (both read from one column)',
    names: /endDate|closedDate|objective/i,
    handle: closedObjectiveEndDate,
  },
  {
    id: 'holdout23.dates.impossible-date-rolled-over',
    class: 'dates',
    description:
      'writes accept an impossible Date (2026-02-30) and store the day it rolls over to (2026-03-02) instead of refusing it',
    names: /Date|date|BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED|invalid/,
    handle: impossibleDateRolledOver,
  },
  {
    id: 'holdout23.dates.open-close-date-from-estimate',
    class: 'dates',
    description:
      'an open opportunity answers actualCloseDate with its estimatedCloseDate instead of null (a COALESCE in the view)',
    names: /actualCloseDate|estimatedCloseDate|opportunit/i,
    handle: openCloseDateFromEstimate,
  },
  {
    id: 'holdout23.dates.initiative-dates-from-objective',
    class: 'dates',
    description: "an initiative answers its objective's startDate and endDate instead of its own",
    names: /startDate|endDate|initiative/i,
    handle: initiativeDatesFromObjective,
  },
  {
    id: 'holdout23.validation.two-primaries-first-kept',
    class: 'validation',
    description:
      'updateOpportunityPeople given two primary principals or contacts keeps the first as primary instead of refusing',
    names: /primary|updateOpportunityPeople|principals|validationErrors/i,
    handle: twoPrimariesFirstKept,
  },
  {
    id: 'holdout23.validation.field-value-non-member-added',
    class: 'validation',
    description:
      'updateListContactAdditionalFields for a contact that is not a member of the list adds it to the list instead of refusing',
    names: /member|updateListContactAdditionalFields|contactId|BAD_USER_INPUT|list/i,
    handle: nonMemberAdded,
  },
  {
    id: 'holdout23.persistence.field-value-written-to-all-members',
    class: 'persistence',
    description:
      "updateListContactAdditionalFields writes the values to every member of the list, not only to the contact's",
    names: /additionalFieldValues|updateListContactAdditionalFields|value|member/i,
    handle: valueWrittenToAllMembers,
  },
  {
    id: 'holdout23.persistence.measurement-actual-as-target',
    class: 'persistence',
    description: "objective and initiative writes store the measurement's targetValue as its actualValue too",
    names: /actualValue|targetValue|measurementOfSuccess/i,
    handle: actualStoredAsTarget,
  },
  {
    id: 'holdout23.events.recent-events-lagging',
    class: 'events',
    description:
      'the event views read a replica 30 seconds behind: the events of the last 30 seconds are missing',
    names: /EventViews|event|eventType|eventDate/i,
    handle: recentEventsLagging,
  },
  {
    id: 'holdout23.events.objective-created-twice',
    class: 'events',
    description: 'addObjective records ObjectiveCreated twice (the application and a trigger both write it)',
    names: /ObjectiveCreated|objectiveEventViews|event/i,
    handle: objectiveCreatedTwice,
  },
  {
    id: 'holdout23.tenancy.limited-new-records-readable-by-full',
    class: 'tenancy',
    description:
      "records the limited tenant adds are found by the full tenant's reads by id (the insert leaves the tenant empty)",
    names: /tenan|limited|by-id|null|isolation/i,
    handle: limitedNewRecordsReadableByFull,
  },
  {
    id: 'holdout23.region.au-dates-day-first',
    class: 'region',
    description: 'Date values on the au endpoint come as DD/MM/YYYY instead of ISO dates',
    names: /au\b|Date|date|region/,
    handle: auDatesDayFirst,
  },
  {
    id: 'holdout23.region.eu-country-names-german',
    class: 'region',
    description:
      'countries on the eu endpoint answer their German names ("Deutschland", "Vereinigte Staaten")',
    names: /eu\b|countr|name|region/i,
    handle: euCountryNamesGerman,
  },
  {
    id: 'holdout23.http.utf8-bom',
    class: 'http',
    description: 'JSON answers start with a UTF-8 byte order mark, which JSON text must not carry',
    names: /json|parse|body|content|http/i,
    handle: utf8Bom,
  },
  {
    id: 'holdout23.errors.validation-error-fields-swapped',
    class: 'errors',
    description: 'validationErrors entries answer the message as propertyName and the property as message',
    names: /validationErrors|propertyName|message/i,
    handle: validationErrorFieldsSwapped,
  },
  {
    id: 'holdout23.errors.several-operations-without-name-run-first',
    class: 'errors',
    description:
      'a document of several operations sent without operationName runs its first operation instead of a request error',
    names: /operationName|operation|GRAPHQL_VALIDATION_FAILED|BAD_REQUEST|request error/i,
    handle: severalOperationsRunFirst,
  },
];
