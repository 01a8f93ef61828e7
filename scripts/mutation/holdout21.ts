/**
 * A twenty-first held-out set of regressions, spread over the whole API and both revisions the way a real
 * release goes wrong: wrong data, missing data, wrong order, wrong type and wrong errors, about a third of
 * them visible only after a write. Chosen from the spec and from what vendors ship, without looking at the
 * scenarios or checks.
 * `npm run mutation-score -- --set holdout21` runs them.
 */
import {
  getNamedType,
  Kind,
  parse,
  type FieldNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { VERSIONS } from '../../src/contract/versions.js';
import { DEFAULT_TENANTS } from '../../src/simulator/index.js';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, rootSelections, type RootSelection } from './holdout2.js';
import { BY_ID } from './holdout3.js';
import { selectedUnder, sibling } from './holdout5.js';
import { onInput, onMutationInput } from './holdout6.js';
import { onAnswer, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import { mapArgument, onData, onFields, rewriteFields } from './rewrite.js';

const HIDE = 'h21_';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reads `query` as the request's tenant, region and revision: the `v` of its data. */
async function read(
  request: Incoming,
  forward: Forward,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<unknown> {
  return dataOf(await forward(sibling(request, query, variables)))?.v;
}

/** The single root field of a request named `name`, when the request selects only that one. */
function onlyRoot(request: Incoming, name: string): RootSelection | undefined {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/** The answer with its data replaced by `data`. */
function withData(answer: Answer, data: unknown): Answer {
  return { ...answer, json: { ...(answer.json as object), data } };
}

/** A key of the proxy's own bookkeeping: the request's tenant and region. */
const scope = (request: Incoming): string => `${tokenOf(request)}|${request.region}`;

// ---------------------------------------------------------------------------------------------------------
// Hidden selections: fields the proxy asks beside the client's, read, and takes out again.
// ---------------------------------------------------------------------------------------------------------

/** The selections of `{ text }`. */
function selectionsOf(text: string): readonly SelectionNode[] {
  const definition = parse(`{ ${text} }`).definitions[0];
  return definition?.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections : [];
}

/** Whether a selection set asks for `name`, directly or in an inline fragment. */
function asks(set: SelectionSetNode | undefined, name: string): boolean {
  return (set?.selections ?? []).some((s) =>
    s.kind === Kind.FIELD
      ? s.name.value === name
      : s.kind === Kind.INLINE_FRAGMENT
        ? asks(s.selectionSet, name)
        : false,
  );
}

/** A JSON tree without the hidden fields. */
function stripHidden(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripHidden);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !k.startsWith(HIDE))
      .map(([k, v]) => [k, stripHidden(v)]),
  );
}

/**
 * Every field of a type in `types` whose selection asks `trigger` (`''`: any field of those types) gets
 * `extra` beside it (hidden selections aliased `h21_…`); `fix` rewrites each object of the answer carrying
 * the hidden `marker`, in place of it, before the hidden fields are stripped again.
 */
function besideHidden(
  types: readonly string[],
  trigger: string,
  extra: string,
  marker: string,
  fix: (object: Json, request: Incoming) => Json,
  when: (request: Incoming) => boolean = () => true,
): Handler {
  return async (request, forward) => {
    if (!when(request)) return forward(request);
    let touched = false;
    const rewritten = rewriteFields(request, (node: FieldNode, field) => {
      if (!types.includes(getNamedType(field.type).name) || !node.selectionSet) return undefined;
      if (trigger !== '' && !asks(node.selectionSet, trigger)) return undefined;
      touched = true;
      const set: SelectionSetNode = {
        kind: Kind.SELECTION_SET,
        selections: [...node.selectionSet.selections, ...selectionsOf(extra)],
      };
      return { ...node, selectionSet: set };
    });
    if (!touched) return forward(request);
    const answer = await forward(rewritten);
    const data = dataOf(answer);
    if (!data) return { ...answer, json: stripHidden(answer.json) };
    const rebuild = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rebuild);
      if (!isObject(v)) return v;
      const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rebuild(x)]));
      return HIDE + marker in o ? fix(o, request) : o;
    };
    return withData(answer, stripHidden(rebuild(data)));
  };
}

// ---------------------------------------------------------------------------------------------------------
// paging
// ---------------------------------------------------------------------------------------------------------

/** activities drops the originatorIds of its filter (a filter field the new query builder forgot). */
const originatorFilterIgnored: Handler = onFields((node, field, vars) =>
  node.name.value === 'activities'
    ? mapArgument(
        node,
        field,
        vars,
        'filter',
        onInput((filter) => {
          if (!('originatorIds' in filter)) return filter;
          const { originatorIds: _dropped, ...rest } = filter;
          return rest;
        }),
      )
    : undefined,
);

/**
 * activities filtered by `type` compare the type's name case-sensitively: a filter whose text matches the
 * activities' type only in another letter case finds nothing.
 */
const typeFilterCaseSensitive: Handler = async (request, forward) => {
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  let changed = false;
  for (const root of rootSelections(request)) {
    if (root.name !== 'activities' || !isObject(root.args.filter)) continue;
    const type = root.args.filter.type;
    if (typeof type !== 'string' || !isObject(data[root.key])) continue;
    const probe = (await read(
      request,
      forward,
      'query($f: ActivityFilterInput) { v: activities(filter: $f, limit: 1) { models { type } } }',
      { f: root.args.filter },
    )) as { models?: { type?: unknown }[] } | undefined;
    const found = probe?.models?.[0]?.type;
    if (typeof found !== 'string' || found === type) continue;
    const page = data[root.key] as Json;
    next[root.key] = {
      ...page,
      ...('totalModels' in page ? { totalModels: 0 } : {}),
      ...('models' in page ? { models: [] } : {}),
    };
    changed = true;
  }
  return changed ? withData(answer, next) : answer;
};

/** people(ids) reads at most the first 50 ids (an IN list capped by the data layer). */
const peopleIdsFirst50: Handler = onFields((node, field, vars) =>
  node.name.value === 'people'
    ? mapArgument(node, field, vars, 'ids', (ids) =>
        Array.isArray(ids) && ids.length > 50 ? ids.slice(0, 50) : ids,
      )
    : undefined,
);

// ---------------------------------------------------------------------------------------------------------
// sort
// ---------------------------------------------------------------------------------------------------------

/** industries and practiceGroups come in id order (the ORDER BY name lost from the lookup query). */
const lookupsById: Handler = async (request, forward) => {
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  let changed = false;
  for (const root of rootSelections(request)) {
    if (root.name !== 'industries' && root.name !== 'practiceGroups') continue;
    const page = data[root.key];
    if (!isObject(page) || !Array.isArray(page.models)) continue;
    const ids = (await read(request, forward, `{ v: ${root.name} { models { id } } }`)) as
      { models?: { id?: unknown }[] } | undefined;
    const order = (ids?.models ?? []).map((m, i) => ({ id: String(m.id), i }));
    if (order.length !== page.models.length) continue;
    order.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    next[root.key] = { ...page, models: order.map((o) => (page.models as unknown[])[o.i]) };
    changed = true;
  }
  return changed ? withData(answer, next) : answer;
};

/** A list of sorts whose later keys take the first key's direction (one direction for the ORDER BY). */
const laterKeysFollowFirst: Handler = onFields((node, field, vars) =>
  field.args.some((a) => a.name === 'sort')
    ? mapArgument(node, field, vars, 'sort', (sort) => {
        if (!Array.isArray(sort) || sort.length < 2 || !isObject(sort[0])) return sort;
        const direction = (sort[0] as Json).direction ?? 'Ascending';
        return sort.map((s) => (isObject(s) ? { ...s, direction } : s));
      })
    : undefined,
);

// ---------------------------------------------------------------------------------------------------------
// nullability
// ---------------------------------------------------------------------------------------------------------

/** A person's fullName is null when the person has no middle name (a concatenation with a NULL part). */
const fullNameNullWithoutMiddle = besideHidden(
  ['Person', 'Contact'],
  'fullName',
  `... on Person { ${HIDE}middle: middleName }`,
  'middle',
  (o) => (o[`${HIDE}middle`] === null && 'fullName' in o ? { ...o, fullName: null } : o),
);

/** A country without states answers administrativeDivisions null (a join to the division settings). */
const divisionsNullWithoutStates = besideHidden(
  ['Country'],
  'administrativeDivisions',
  `${HIDE}divisions: administrativeDivisions { states { id } }`,
  'divisions',
  (o) => {
    const states = (o[`${HIDE}divisions`] as { states?: unknown[] } | null)?.states;
    return Array.isArray(states) && states.length === 0 ? { ...o, administrativeDivisions: null } : o;
  },
);

// ---------------------------------------------------------------------------------------------------------
// versions
// ---------------------------------------------------------------------------------------------------------

/** A path naming a revision the service does not have is served by the newest one instead of 404. */
const unknownRevisionAsCurrent: Handler = (request, forward) =>
  (VERSIONS as readonly string[]).includes(request.version)
    ? forward(request)
    : forward({ ...request, version: VERSIONS[0] });

/** The 1.2.0 UpdateActivityInput of an older build: it knows `id` only, not `activityId`. */
const oldUpdateActivityInput: Handler = (request, forward) => {
  if (request.version !== '1.2.0') return forward(request);
  const update = rootSelections(request).find((r) => r.name === 'updateActivity');
  return isObject(update?.args.input) && 'activityId' in update.args.input
    ? Promise.resolve(
        validationFailure(request, 'Field "activityId" is not defined by type "UpdateActivityInput".'),
      )
    : forward(request);
};

// ---------------------------------------------------------------------------------------------------------
// enums
// ---------------------------------------------------------------------------------------------------------

const CLIENT_CLASSES = new Set([
  'MarketingList',
  'MarketingListWithSponsorship',
  'WorkingList',
  'AllLists',
  'AllMarketingLists',
]);

/**
 * lists and folderTypes map only the original ListClass values: the public client's values match
 * nothing (a list class filter of those alone finds no list and no list type).
 */
const clientListClassesUnmapped: Handler = async (request, forward) => {
  const empty = new Set<string>();
  for (const root of rootSelections(request)) {
    if (root.name !== 'lists' && root.name !== 'folderTypes') continue;
    const classes = Array.isArray(root.args.listClass) ? root.args.listClass : [root.args.listClass];
    if (classes.some((c) => typeof c === 'string' && CLIENT_CLASSES.has(c))) {
      if (classes.every((c) => typeof c === 'string' && CLIENT_CLASSES.has(c))) empty.add(root.key);
    }
  }
  const rewritten = rewriteFields(request, (node, field, vars) =>
    node.name.value === 'lists' || node.name.value === 'folderTypes'
      ? mapArgument(node, field, vars, 'listClass', (value) => {
          if (!Array.isArray(value)) return value;
          const known = value.filter((c) => !(typeof c === 'string' && CLIENT_CLASSES.has(c)));
          return known.length > 0 ? known : value;
        })
      : undefined,
  );
  const answer = await forward(rewritten);
  const data = dataOf(answer);
  if (!data || empty.size === 0) return answer;
  const next = { ...data };
  for (const key of empty) {
    const page = data[key];
    if (!isObject(page)) continue;
    next[key] = {
      ...page,
      ...('totalModels' in page ? { totalModels: 0 } : {}),
      ...('models' in page ? { models: [] } : {}),
    };
  }
  return withData(answer, next);
};

const CLIENT_VALUE: Record<string, string> = { marketingLists: 'MarketingList', workingLists: 'WorkingList' };

/**
 * Lists and list types answer listClass with the public client's values (MarketingList, WorkingList)
 * instead of the stored classes marketingLists and workingLists (the mapper switched to the new names).
 */
const listClassInClientValues = onData((key, value) =>
  key === 'listClass' && typeof value === 'string' ? (CLIENT_VALUE[value] ?? value) : value,
);

// ---------------------------------------------------------------------------------------------------------
// dates
// ---------------------------------------------------------------------------------------------------------

/**
 * updateActivity does not touch lastEditedDate (the trigger that stamped it was dropped): an updated
 * activity keeps answering the date it had before.
 */
function lastEditedNotTouched(): Handler {
  const before = new Map<string, unknown>();
  const fix = besideHidden(['Activity'], 'lastEditedDate', `${HIDE}id: id`, 'id', (o, request) => {
    const key = `${scope(request)}|${String(o[`${HIDE}id`])}`;
    return before.has(key) && 'lastEditedDate' in o ? { ...o, lastEditedDate: before.get(key) } : o;
  });
  return async (request, forward) => {
    for (const root of rootSelections(request)) {
      if (root.name !== 'updateActivity' || !isObject(root.args.input)) continue;
      const id = root.args.input.activityId ?? root.args.input.id;
      const key = `${scope(request)}|${String(id)}`;
      if (typeof id !== 'string' || before.has(key)) continue;
      const activity = (await read(
        request,
        forward,
        'query($id: ID!) { v: activity(id: $id) { lastEditedDate } }',
        {
          id,
        },
      )) as { lastEditedDate?: unknown } | null | undefined;
      if (activity) before.set(key, activity.lastEditedDate ?? null);
    }
    return fix(request, forward);
  };
}

/** A stage's timeSpent counts the day it was entered as a whole day too (an inclusive day count). */
const timeSpentInclusive = onData((key, value) =>
  key === 'timeSpent' && typeof value === 'number' ? value + 1 : value,
);

/** addActivity and updateActivity store activityDate to the minute: its seconds become 00. */
const activitySecondsDropped = onMutationInput(new Set(['addActivity', 'updateActivity']), (input) => {
  const date = input.activityDate;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(date)
    ? { ...input, activityDate: `${date.slice(0, 17)}00` }
    : input;
});

// ---------------------------------------------------------------------------------------------------------
// validation
// ---------------------------------------------------------------------------------------------------------

/**
 * addAdditionalFieldDefinition given a name the list already has adds a second field under an
 * auto-numbered name ("Name (2)") instead of refusing the duplicate.
 */
const duplicateFieldNameNumbered: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'addAdditionalFieldDefinition');
  const input = root?.args.input;
  if (!isObject(input) || typeof input.name !== 'string' || typeof input.listId !== 'string')
    return forward(request);
  const list = (await read(
    request,
    forward,
    'query($id: ID!) { v: list(id: $id) { additionalFieldDefinitions(limit: 1000) { models { name } } } }',
    { id: input.listId },
  )) as { additionalFieldDefinitions?: { models?: { name?: unknown }[] } } | null | undefined;
  const names = new Set(
    (list?.additionalFieldDefinitions?.models ?? []).map((m) => String(m.name).trim().toLowerCase()),
  );
  if (!names.has(input.name.trim().toLowerCase())) return forward(request);
  const rewritten = rewriteFields(request, (node, field, vars) =>
    node.name.value === 'addAdditionalFieldDefinition'
      ? mapArgument(
          node,
          field,
          vars,
          'input',
          onInput((i) => ({ ...i, name: `${input.name as string} (2)` })),
        )
      : undefined,
  );
  return forward(rewritten);
};

/** addRelationshipForContacts relating a contact to itself answers success (and stores nothing). */
const selfRelationshipAccepted: Handler = (request, forward) => {
  const root = onlyRoot(request, 'addRelationshipForContacts');
  const input = root?.args.input;
  if (!root || !isObject(input) || !input.baseContactId || input.baseContactId !== input.relatedContactId)
    return forward(request);
  const result: Json = {};
  for (const key of selectedUnder(request, root.key)) {
    if (key === 'success') result[key] = true;
    else if (key === 'validationErrors') result[key] = [];
    else if (key === '__typename') result[key] = 'AddRelationshipForContactsResults';
    else result[key] = null;
  }
  const type = /application\/graphql-response\+json/.test(request.headers.accept ?? '')
    ? 'application/graphql-response+json; charset=utf-8'
    : 'application/json; charset=utf-8';
  return Promise.resolve(jsonAnswer(200, { data: { [root.key]: result } }, { 'content-type': type }));
};

const PLANNING_WRITES = new Set(['addObjective', 'updateObjective', 'addInitiative', 'updateInitiative']);

/** A measurement of numberType Integer given a fractional value is rounded and stored, not refused. */
const integerMeasurementRounded = onMutationInput(PLANNING_WRITES, (input) => {
  const m = input.measurementOfSuccess;
  if (!isObject(m) || m.numberType !== 'Integer') return input;
  const round = (v: unknown): unknown => (typeof v === 'number' ? Math.round(v) : v);
  return {
    ...input,
    measurementOfSuccess: { ...m, targetValue: round(m.targetValue), actualValue: round(m.actualValue) },
  };
});

// ---------------------------------------------------------------------------------------------------------
// persistence
// ---------------------------------------------------------------------------------------------------------

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** addActivity and updateActivity store the summary HTML-escaped (an input sanitiser on the write path). */
const summaryHtmlEscaped = onMutationInput(new Set(['addActivity', 'updateActivity']), (input) =>
  typeof input.summary === 'string'
    ? { ...input, summary: input.summary.replace(/[&<>"']/g, (c) => HTML[c] ?? c) }
    : input,
);

/** patchObjectiveType drops the ids of its items: an item meant to update a type adds a new one. */
const patchUpdateAsAdd = onMutationInput(new Set(['patchObjectiveType']), (input) =>
  Array.isArray(input.items)
    ? {
        ...input,
        items: input.items.map((item) => {
          if (!isObject(item) || !('id' in item)) return item;
          const { id: _dropped, ...rest } = item;
          return rest;
        }),
      }
    : input,
);

/** Every string of an input with the characters outside Latin-1 replaced by "?". */
function latin1(value: unknown): unknown {
  if (typeof value === 'string') return [...value].map((c) => (c.charCodeAt(0) > 0xff ? '?' : c)).join('');
  if (Array.isArray(value)) return value.map(latin1);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, latin1(v)]));
  return value;
}

/** Contact writes store text in a Latin-1 column: characters outside it become "?". */
const contactTextLatin1 = onMutationInput(
  new Set(['addPerson', 'addCompany', 'updatePublicPerson', 'updatePublicCompany']),
  (input) => latin1(input) as Json,
);

// ---------------------------------------------------------------------------------------------------------
// events
// ---------------------------------------------------------------------------------------------------------

/** listEventViews answers one ListMemberAdded per list and write, not one per contact added. */
const memberAddedOncePerWrite = droppingEvents('listEventViews', 'eventType eventDate listId', () => {
  const seen = new Set<string>();
  return (e) => {
    if (e.eventType !== 'ListMemberAdded') return false;
    const key = `${String(e.listId)}|${String(e.eventDate)}`;
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  };
});

/** firmContactEventViews loses the events of companies (the view joins the person table). */
const companyEventsMissing = droppingEvents(
  'firmContactEventViews',
  'contact { __typename }',
  () => (e) => (e.contact as { __typename?: unknown } | null | undefined)?.__typename === 'Company',
);

const EVENT_VIEWS = new Set([
  'firmContactEventViews',
  'listEventViews',
  'relationshipEventViews',
  'initiativeEventViews',
  'objectiveEventViews',
  'opportunityEventViews',
]);

/** An eventDate filter giving both from and after applies from only (after dropped by the query builder). */
const afterIgnoredBesideFrom: Handler = onFields((node, field, vars) =>
  EVENT_VIEWS.has(node.name.value)
    ? mapArgument(
        node,
        field,
        vars,
        'filter',
        onInput((filter) => {
          const range = filter.eventDate;
          if (!isObject(range) || range.from == null || range.after == null) return filter;
          const { after: _dropped, ...rest } = range;
          return { ...filter, eventDate: rest };
        }),
      )
    : undefined,
);

// ---------------------------------------------------------------------------------------------------------
// region, auth, caching, http, errors
// ---------------------------------------------------------------------------------------------------------

const FLOAT_FIELDS = new Set([
  'value',
  'maxValue',
  'targetValue',
  'actualValue',
  'numericDataTypeMaxValue',
  'numericDataTypeMinValue',
  'strongEngagementScore',
  'relationshipScore',
  'engagementScore',
]);

/** Float values on the eu endpoint come as strings with a decimal comma (a locale-aware serializer). */
const euDecimalComma = onData(
  (key, value) =>
    FLOAT_FIELDS.has(key) && typeof value === 'number' ? String(value).replace('.', ',') : value,
  (request) => request.region === 'eu',
);

/** shouldBeHidden answers false for every opportunity (the involvement check of confidential ones dropped). */
const hiddenFlagAlwaysFalse = onData((key, value) =>
  key === 'shouldBeHidden' && value === true ? false : value,
);

const SEARCH_LAG_MS = 60_000;
const CONTACT_ADDS = new Set(['addPerson', 'addCompany']);

/** The add requests with the new contact's id asked beside the client's selection (hidden). */
function askingNewIds(request: Incoming): Incoming {
  return rewriteFields(request, (node) => {
    if (!CONTACT_ADDS.has(node.name.value) || !node.selectionSet) return undefined;
    const selections = node.selectionSet.selections;
    const item = selections.find(
      (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'item' && !s.alias,
    );
    const extra = item
      ? selections.map((s) =>
          s === item && item.selectionSet
            ? {
                ...item,
                selectionSet: {
                  ...item.selectionSet,
                  selections: [...item.selectionSet.selections, ...selectionsOf(`${HIDE}id: id`)],
                },
              }
            : s,
        )
      : [...selections, ...selectionsOf(`${HIDE}item: item { id }`)];
    return { ...node, selectionSet: { ...node.selectionSet, selections: extra } };
  });
}

/** The ids of the contacts a page of searchFirmContacts holds, read again with the same arguments. */
async function pageIds(request: Incoming, forward: Forward, root: RootSelection): Promise<unknown[]> {
  const page = (await read(
    request,
    forward,
    'query($s: Int, $l: Int, $o: SortInput, $f: [ContactFilterInput]) { v: searchFirmContacts(skip: $s, limit: $l, sort: $o, filter: $f) { models { id } } }',
    {
      s: root.args.skip ?? 0,
      l: root.args.limit ?? 100,
      o: root.args.sort ?? null,
      f: root.args.filter ?? null,
    },
  )) as { models?: { id?: unknown }[] } | undefined;
  return (page?.models ?? []).map((m) => m.id);
}

/**
 * searchFirmContacts answers from an index refreshed every 60 seconds: contacts added in the last minute
 * are not found yet (from the page and from totalModels).
 */
function searchIndexLag(): Handler {
  const added = new Map<string, Map<string, number>>();
  return async (request, forward) => {
    const roots = rootSelections(request);
    if (roots.some((r) => CONTACT_ADDS.has(r.name))) {
      const answer = await forward(askingNewIds(request));
      const data = dataOf(answer);
      const ids = added.get(scope(request)) ?? new Map<string, number>();
      for (const root of roots) {
        const result = data?.[root.key] as Json | null | undefined;
        const item = (result?.item ?? result?.[`${HIDE}item`]) as Json | null | undefined;
        const id = item?.[`${HIDE}id`] ?? item?.id;
        if (CONTACT_ADDS.has(root.name) && typeof id === 'string') ids.set(id, Date.now());
      }
      added.set(scope(request), ids);
      return data ? withData(answer, stripHidden(data)) : answer;
    }
    const searches = roots.filter((r) => r.name === 'searchFirmContacts');
    const now = Date.now();
    const lagging = [...(added.get(scope(request)) ?? [])]
      .filter(([, at]) => now - at < SEARCH_LAG_MS)
      .map(([id]) => id);
    if (searches.length === 0 || lagging.length === 0) return forward(request);
    const answer = await forward(request);
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const root of searches) {
      const page = data[root.key];
      if (!isObject(page)) continue;
      const given = root.args.filter;
      const filters = Array.isArray(given) ? given : given ? [given] : [];
      const hit = (await read(
        request,
        forward,
        'query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: 1000) { models { id } } }',
        { f: [...filters, { field: 'ids', values: lagging }] },
      )) as { models?: { id?: unknown }[] } | undefined;
      const hidden = new Set((hit?.models ?? []).map((m) => String(m.id)));
      if (hidden.size === 0) continue;
      const out: Json = { ...page };
      if (typeof page.totalModels === 'number') out.totalModels = page.totalModels - hidden.size;
      if (Array.isArray(page.models)) {
        const ids = await pageIds(request, forward, root);
        out.models = page.models.filter((_m, i) => !hidden.has(String(ids[i])));
      }
      next[root.key] = out;
    }
    return withData(answer, next);
  };
}

/** A refused method is answered 405 without the Allow header (the gateway's error page drops it). */
const allowDropped: Handler = onAnswer((answer) => {
  if (answer.status !== 405) return answer;
  const { allow: _dropped, ...headers } = answer.headers;
  return { ...answer, headers };
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A read by id given an id that is no UUID answers a BAD_USER_INPUT error (the id is parsed first). */
const malformedIdRefused: Handler = async (request, forward) => {
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const bad = rootSelections(request).filter(
    (r) => BY_ID.test(r.name) && typeof r.args.id === 'string' && !UUID.test(r.args.id) && r.key in data,
  );
  if (bad.length === 0) return answer;
  const body = answer.json as { errors?: unknown[] };
  const errors = bad.map((r) => ({
    message: `Argument "id" of ${r.name} is not a valid id: "${String(r.args.id)}".`,
    path: [r.key],
    extensions: { code: 'BAD_USER_INPUT' },
  }));
  return {
    ...answer,
    json: {
      ...body,
      errors: [...(body.errors ?? []), ...errors],
      data: { ...data, ...Object.fromEntries(bad.map((r) => [r.key, null])) },
    },
  };
};

/** Regressions the certification was not written against; see docs/verdicts.md "A held-out set". */
export const HOLDOUT21: Mutant[] = [
  {
    id: 'holdout21.paging.activities-originator-filter-ignored',
    class: 'paging',
    description:
      'activities ignore the originatorIds of their filter and answer the activities of every originator',
    names: /originator|activities|filter|totalModels/i,
    handle: originatorFilterIgnored,
  },
  {
    id: 'holdout21.paging.activity-type-filter-case-sensitive',
    class: 'paging',
    description:
      'activities filtered by type compare the type name case-sensitively ("phone call" finds no Phone Call activity)',
    names: /type|activities|filter|totalModels/i,
    handle: typeFilterCaseSensitive,
  },
  {
    id: 'holdout21.paging.people-ids-first-50',
    class: 'paging',
    description:
      'people(ids) given more than 50 ids answers the people of the first 50 only (an IN list capped)',
    names: /people|ids|person|missing/i,
    handle: peopleIdsFirst50,
  },
  {
    id: 'holdout21.sort.lookups-in-id-order',
    class: 'sort',
    description: 'industries and practiceGroups come in id order instead of by name (the ORDER BY lost)',
    names: /industr|practiceGroup|order|sort/i,
    handle: lookupsById,
  },
  {
    id: 'holdout21.sort.later-keys-take-first-direction',
    class: 'sort',
    description:
      "a list of several sorts applies the first sort's direction to every key (status Ascending, name Descending sorts names ascending)",
    names: /sort|order|direction/i,
    handle: laterKeysFollowFirst,
  },
  {
    id: 'holdout21.nullability.full-name-null-without-middle-name',
    class: 'nullability',
    description:
      "a person's fullName is null when the person has no middle name (a concatenation with a NULL part)",
    names: /fullName|null|person|name/i,
    handle: fullNameNullWithoutMiddle,
  },
  {
    id: 'holdout21.nullability.country-divisions-null-without-states',
    class: 'nullability',
    description:
      'a country without states answers administrativeDivisions null instead of its labels and an empty list',
    names: /administrativeDivisions|countr|null|states/i,
    handle: divisionsNullWithoutStates,
  },
  {
    id: 'holdout21.versions.unknown-revision-served-as-newest',
    class: 'versions',
    description:
      'a path naming a revision that does not exist (/us/1.3.0/…) is served by 1.4.0 instead of 404',
    names: /revision|version|404|NOT_FOUND|path/i,
    handle: unknownRevisionAsCurrent,
  },
  {
    id: 'holdout21.versions.1.2.0-update-activity-id-only',
    class: 'versions',
    description:
      'the 1.2.0 UpdateActivityInput knows only id, not activityId (\'Field "activityId" is not defined\'): updates as the public client sends them fail',
    names: /1\.2\.0|activityId|updateActivity|UpdateActivityInput|version/i,
    handle: oldUpdateActivityInput,
  },
  {
    id: 'holdout21.enums.client-list-classes-unmapped',
    class: 'enums',
    description:
      "lists and folderTypes given only the public client's ListClass values (WorkingList, AllLists, …) answer nothing",
    names: /listClass|ListClass|lists|folderTypes|WorkingList|AllLists|MarketingList/i,
    handle: clientListClassesUnmapped,
  },
  {
    id: 'holdout21.enums.list-class-answered-in-client-values',
    class: 'enums',
    description:
      'lists and list types answer listClass MarketingList or WorkingList instead of the stored classes marketingLists and workingLists',
    names: /listClass|ListClass|lists|folderTypes|marketingLists|workingLists/i,
    handle: listClassInClientValues,
  },
  {
    id: 'holdout21.dates.update-activity-last-edited-kept',
    class: 'dates',
    description:
      'updateActivity leaves lastEditedDate at the date of the previous edit (the stamp is not refreshed)',
    names: /lastEditedDate|updateActivity|date|edited/i,
    handle: lastEditedNotTouched(),
  },
  {
    id: 'holdout21.dates.stage-time-spent-inclusive',
    class: 'dates',
    description:
      "an opportunity stage's timeSpent counts one day more (the day the stage was entered counted too)",
    names: /timeSpent|stage|days|opportunit/i,
    handle: timeSpentInclusive,
  },
  {
    id: 'holdout21.dates.activity-date-stored-to-minute',
    class: 'dates',
    description:
      'addActivity and updateActivity store activityDate to the minute (10:15:42 is kept as 10:15:00)',
    names: /activityDate|activityStartDate|seconds|addActivity|updateActivity|date/i,
    handle: activitySecondsDropped,
  },
  {
    id: 'holdout21.validation.duplicate-field-name-numbered',
    class: 'validation',
    description:
      'addAdditionalFieldDefinition given a name the list already has adds a field named "<name> (2)" instead of refusing',
    names: /addAdditionalFieldDefinition|name|duplicate|already|validation/i,
    handle: duplicateFieldNameNumbered,
  },
  {
    id: 'holdout21.validation.self-relationship-accepted',
    class: 'validation',
    description:
      'addRelationshipForContacts relating a contact to itself answers success true without validationErrors (nothing is stored)',
    names: /addRelationshipForContacts|itself|relatedContactId|validation|relationship/i,
    handle: selfRelationshipAccepted,
  },
  {
    id: 'holdout21.validation.integer-measurement-rounded',
    class: 'validation',
    description:
      'objective and initiative writes round a fractional target or actual value of an Integer measurement instead of refusing it',
    names: /measurement|numberType|Integer|targetValue|actualValue|whole|validation/i,
    handle: integerMeasurementRounded,
  },
  {
    id: 'holdout21.persistence.activity-summary-html-escaped',
    class: 'persistence',
    description:
      'addActivity and updateActivity store the summary HTML-escaped ("Fees & costs" reads back as "Fees &amp; costs")',
    names: /summary|activit|stored|persist|escape/i,
    handle: summaryHtmlEscaped,
  },
  {
    id: 'holdout21.persistence.patch-objective-type-update-as-add',
    class: 'persistence',
    description:
      'patchObjectiveType given an item with the id of an existing type adds a new type instead of updating that one',
    names: /patchObjectiveType|objective type|objectiveTypes|updateItems|addItems|persist/i,
    handle: patchUpdateAsAdd,
  },
  {
    id: 'holdout21.persistence.contact-text-latin1',
    class: 'persistence',
    description:
      'addPerson, addCompany, updatePublicPerson and updatePublicCompany store characters outside Latin-1 as "?" ("Łukasz" reads "?ukasz")',
    names: /name|person|company|stored|persist|unicode|character/i,
    handle: contactTextLatin1,
  },
  {
    id: 'holdout21.events.member-added-once-per-write',
    class: 'events',
    description:
      'adding several contacts to a list in one write shows one ListMemberAdded event for that list, not one per contact',
    names: /ListMemberAdded|listEventViews|event|member/i,
    handle: memberAddedOncePerWrite,
  },
  {
    id: 'holdout21.events.company-contact-events-missing',
    class: 'events',
    description: 'firmContactEventViews leaves out the events of companies (only people are reported)',
    names: /firmContactEventViews|company|compan|event/i,
    handle: companyEventsMissing,
  },
  {
    id: 'holdout21.events.after-ignored-beside-from',
    class: 'events',
    description:
      'an event view whose eventDate filter gives both from and after applies from only (the exclusive after bound is dropped)',
    names: /after|eventDate|event|filter/i,
    handle: afterIgnoredBesideFrom,
  },
  {
    id: 'holdout21.tenancy.audit-feature-switch-ignored',
    class: 'tenancy',
    description:
      'list and relationship events are collected for a firm whose audit feature is off (the limited firm reports them)',
    names: /audit|limited|tenant|listEventViews|relationshipEventViews|event/i,
    handle: (request, forward) => forward(request),
    setup: {
      // The default tenants, with the limited one's audit feature switched on.
      tenants: DEFAULT_TENANTS.map((tenant) => ({ ...tenant, auditFeature: true })),
    },
  },
  {
    id: 'holdout21.region.eu-floats-decimal-comma',
    class: 'region',
    description:
      'Float values on the eu endpoint come as strings with a decimal comma (a score of 73.5 reads "73,5")',
    names: /eu|Float|value|score|type|number/i,
    handle: euDecimalComma,
  },
  {
    id: 'holdout21.auth.hidden-opportunities-flag-false',
    class: 'auth',
    description:
      'shouldBeHidden is false for confidential opportunities the user is not involved in (the involvement check dropped)',
    names: /shouldBeHidden|confidential|hidden|opportunit|involved/i,
    handle: hiddenFlagAlwaysFalse,
  },
  {
    id: 'holdout21.caching.search-index-lag',
    class: 'caching',
    description:
      'searchFirmContacts answers from an index refreshed every 60 seconds: a contact added in the last minute is not found',
    names: /searchFirmContacts|search|found|index|stale|addPerson|addCompany/i,
    handle: searchIndexLag(),
  },
  {
    id: 'holdout21.http.405-without-allow',
    class: 'http',
    description: 'a request with a method the endpoint refuses is answered 405 without the Allow header',
    names: /405|Allow|method|http/i,
    handle: allowDropped,
  },
  {
    id: 'holdout21.errors.malformed-id-bad-user-input',
    class: 'errors',
    description:
      'a read by id given an id that is not a UUID answers a BAD_USER_INPUT error beside the null instead of null alone',
    names: /BAD_USER_INPUT|error|id|null|unknown/i,
    handle: malformedIdRefused,
  },
];
