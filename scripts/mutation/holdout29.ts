/**
 * A twenty-ninth held-out set of regressions, spread over the whole API as QA meets a vendor release:
 * activity types and the activities list, lists, their members and field definitions, opportunities and
 * their activities, links, details and events, relationship insights and connections, relationship events,
 * notes in 1.2.0, both tenants, the us, eu and au regions, and the transport, authentication, caching and
 * limits of the endpoint; about a third only a write shows. Chosen from the spec and from what vendors
 * ship, without looking at the scenarios or checks. `npm run mutation-score -- --set holdout29` runs them.
 */
import {
  getNamedType,
  Kind,
  parse,
  print,
  valueFromASTUntyped,
  type FieldNode,
  type IntValueNode,
} from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { errorCodes, validationFailure } from './holdout.js';
import { dataOf, droppingEvents, onRootPages, rootSelections, type RootSelection } from './holdout2.js';
import { sibling } from './holdout5.js';
import { onMutationInput } from './holdout6.js';
import { fallbackOnRefusal } from './holdout8.js';
import { decorated, perServer } from './holdout22.js';
import {
  asks,
  fieldIn,
  hiddenUnder,
  isObject,
  type Json,
  read,
  readModels,
  unrecordedWrite,
} from './held-out-kit.js';
import { onAnswer, paged, tokenOf, type Mutant } from './mutants.js';
import type { Answer, Forward, Handler, Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  onData,
  onFields,
  rewriteFields,
  rootFields,
  selectsField,
  withArgument,
} from './rewrite.js';

/** This set's own hidden keys (`decorated` of holdout22 hides its own under `h22_`). */
const HIDE = 'h29_';
/** The largest page the service gives (its limits refuse a larger one). */
const MAX_PAGE = 1000;
/** The offset of the server's own zone (Central European Summer Time) from UTC, in milliseconds. */
const SERVER_ZONE_MS = 2 * 3_600_000;

const { stripHidden, withData } = hiddenUnder(HIDE);

const int = (n: number): IntValueNode => ({ kind: Kind.INT, value: String(n) });
const nameNode = (value: string) => ({ kind: Kind.NAME, value }) as const;

/** An input object without the key `key`. */
function without(input: Json, key: string): Json {
  const { [key]: _dropped, ...rest } = input;
  return rest;
}

/** The single root field of a request, when it is the only one and is named `name`. */
function onlyRoot(request: Incoming, name: string): RootSelection | undefined {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/** The field node of the root field whose result key is `key` (undefined when the document does not parse). */
function rootNode(request: Incoming, key: string): FieldNode | undefined {
  try {
    for (const definition of parse(request.body?.query ?? '').definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const s of definition.selectionSet.selections)
        if (s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === key) return s;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Every object of a JSON tree, depth first. */
function objectsOf(value: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(value)) for (const v of value) objectsOf(v, out);
  else if (isObject(value)) {
    out.push(value);
    for (const v of Object.values(value)) objectsOf(v, out);
  }
  return out;
}

/** The value of an argument of a field node (variables resolved), or `fallback` when it is not a number. */
function numberArgument(
  node: FieldNode,
  name: string,
  vars: Record<string, unknown>,
  fallback: number,
): number {
  const given = node.arguments?.find((a) => a.name.value === name);
  const value = given ? valueFromASTUntyped(given.value, vars) : undefined;
  return typeof value === 'number' ? value : fallback;
}

// ---- activity types and the activities list -------------------------------------------------------------

/** activityTypes ignores onlyUserSearchable: the types users cannot search by are listed too. */
const searchableFlagIgnored: Handler = onFields((node, field, vars) =>
  node.name.value === 'activityTypes'
    ? mapArgument(node, field, vars, 'onlyUserSearchable', () => undefined)
    : undefined,
);

/**
 * The activities list (ActivityView.date) answers each activity's day in the server's own zone (UTC+2):
 * an activity starting between 22:00 and midnight UTC shows the next day.
 */
const activityViewDateServerZone: Handler = decorated(
  ['ActivityView'],
  (node) => (asks(node, 'date') ? 'h22_avid: id' : undefined),
  async (objects, request, forward) => {
    const ids = [
      ...new Set(objects.map((o) => o.h22_avid).filter((id): id is string => typeof id === 'string')),
    ];
    const starts = new Map<string, unknown>();
    for (let at = 0; at < ids.length; at += 100) {
      const chunk = ids.slice(at, at + 100);
      const variables = Object.fromEntries(chunk.map((id, i) => [`i${String(i)}`, id]));
      const declared = chunk.map((_id, i) => `$i${String(i)}: ID!`).join(', ');
      const fields = chunk
        .map((_id, i) => `a${String(i)}: activity(id: $i${String(i)}) { id activityStartDate }`)
        .join(' ');
      const data = dataOf(await forward(sibling(request, `query(${declared}) { ${fields} }`, variables)));
      for (const a of Object.values(data ?? {}))
        if (isObject(a) && typeof a.id === 'string') starts.set(a.id, a.activityStartDate);
    }
    for (const o of objects) {
      const start = starts.get(o.h22_avid as string);
      if (!('date' in o) || typeof start !== 'string' || Number.isNaN(Date.parse(start))) continue;
      o.date = new Date(Date.parse(start) + SERVER_ZONE_MS).toISOString().slice(0, 10);
    }
  },
);

// ---- lists, their members and field definitions -----------------------------------------------------------

/** A list's members sorted by companyName or emailAddress come in displayName order (the sort field falls back). */
const memberSortFieldFallsBack: Handler = onFields((node, field, vars) =>
  node.name.value === 'contacts' && getNamedType(field.type).name === 'ListContactResults'
    ? mapArgument(node, field, vars, 'sort', (sort) =>
        isObject(sort) && (sort.field === 'companyName' || sort.field === 'emailAddress')
          ? { ...sort, field: 'displayName' }
          : sort,
      )
    : undefined,
);

const BOUNDS: Record<string, string> = {
  numericDataTypeMaxValue: 'numericDataTypeMinValue',
  numericDataTypeMinValue: 'numericDataTypeMaxValue',
};

/** Additional field definitions answer numericDataTypeMinValue and numericDataTypeMaxValue swapped. */
const numericBoundsSwapped: Handler = onFields((node) => {
  const other = BOUNDS[node.name.value];
  return other === undefined
    ? undefined
    : { ...node, alias: node.alias ?? nameNode(node.name.value), name: nameNode(other) };
});

/**
 * A list member's emailAddress answers the person's Personal e-mail address when the person has one
 * beside a Business address (the member view joins the e-mail addresses without their type).
 */
const memberEmailPersonal: Handler = decorated(
  ['ListContact'],
  (node) => (asks(node, 'emailAddress') ? 'h22_lcid: id' : undefined),
  async (objects, request, forward) => {
    const ids = [
      ...new Set(objects.map((o) => o.h22_lcid).filter((id): id is string => typeof id === 'string')),
    ];
    const personal = new Map<string, unknown>();
    for (let at = 0; at < ids.length; at += 500) {
      const people = await read(
        request,
        forward,
        'query($ids: [ID!]!) { v: people(ids: $ids) { id emailAddresses { type address } } }',
        { ids: ids.slice(at, at + 500) },
      );
      for (const p of Array.isArray(people) ? people.filter(isObject) : []) {
        const emails = Array.isArray(p.emailAddresses) ? p.emailAddresses.filter(isObject) : [];
        const own = emails.find((e) => e.type === 'Personal');
        if (own && emails.some((e) => e.type === 'Business')) personal.set(String(p.id), own.address);
      }
    }
    for (const o of objects)
      if ('emailAddress' in o && personal.has(String(o.h22_lcid)))
        o.emailAddress = personal.get(String(o.h22_lcid));
  },
);

/** Whether the folder type `id` is of class workingLists, as the request's tenant reads the list types. */
async function workingFolderType(request: Incoming, forward: Forward, id: unknown): Promise<boolean> {
  const types = await readModels(
    request,
    forward,
    '{ v: folderTypes(listClass: [workingLists]) { models { id } } }',
  );
  return types.some((t) => t.id === id);
}

/**
 * addList given a folder type of working lists creates a working list instead of refusing it (the class of
 * the folder type is no longer checked; the list is created by the working-list path).
 */
const addListAnyClass: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'addList');
  const input = root?.args.input;
  if (!root || !isObject(input)) return forward(request);
  const answer = await forward(request);
  const result = dataOf(answer)?.[root.key];
  const refused =
    isObject(result) &&
    Array.isArray(result.validationErrors) &&
    result.validationErrors.some((e) => isObject(e) && e.propertyName === 'folderTypeId');
  if (!refused || !(await workingFolderType(request, forward, input.folderTypeId))) return answer;
  const item = fieldIn(rootNode(request, root.key)?.selectionSet?.selections ?? [], 'item');
  const selection = item?.selectionSet ? print(item.selectionSet) : '{ id }';
  const made = dataOf(
    await forward(
      sibling(
        request,
        `mutation($i: AddListInput!) { v: addWorkingList(input: $i) { success item ${selection} } }`,
        {
          i: input,
        },
      ),
    ),
  )?.v;
  if (!isObject(made) || made.success !== true) return answer;
  const next: Json = { ...result, validationErrors: [] };
  if (item) next[item.alias?.value ?? 'item'] = made.item ?? null;
  return withData(answer, { ...dataOf(answer), [root.key]: next });
};

const NO_LIST = /^listIds\[(\d+)\]$/;

/** The indexes of `listIds` an addContactsToLists refusal names as unknown lists (none when it refused for more). */
function unknownListIndexes(answer: Answer): number[] | undefined {
  const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const out: number[] = [];
  for (const e of errors) {
    const entries = isObject(e) && isObject(e.extensions) ? e.extensions.validationErrors : undefined;
    if (!Array.isArray(entries) || entries.length === 0) return undefined;
    for (const v of entries) {
      const m = isObject(v) ? NO_LIST.exec(String(v.propertyName)) : null;
      if (!m || !/no list exists/i.test(String((v as Json).message))) return undefined;
      out.push(Number(m[1]));
    }
  }
  return out;
}

/**
 * addContactsToLists given a list id that names no list adds the contacts to the other lists and counts the
 * pairs of the unknown list as skipped, instead of refusing the call.
 */
const unknownListsSkipped: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'addContactsToLists');
  const { listIds, contactIds } = root?.args ?? {};
  if (!root || !Array.isArray(listIds) || !Array.isArray(contactIds)) return forward(request);
  const answer = await forward(request);
  const unknown = unknownListIndexes(answer);
  if (!unknown || unknown.length === 0) return answer;
  const missing = new Set(unknown.map((i) => listIds[i]));
  const known = [...new Set(listIds.filter((id) => !missing.has(id)))];
  const contacts = [...new Set(contactIds)];
  let added = 0;
  let inPlace = 0;
  let skipped = new Set<unknown>();
  if (known.length > 0 && contacts.length > 0) {
    const again = dataOf(
      await forward(
        sibling(
          request,
          'mutation($l: [ID!]!, $c: [ID!]!) { v: addContactsToLists(listIds: $l, contactIds: $c) { successCount skippedContactIds resultText } }',
          { l: known, c: contacts },
        ),
      ),
    )?.v;
    if (!isObject(again)) return answer;
    const counts = /^(\d+) contact-list links? added, (\d+) already in place/.exec(String(again.resultText));
    added = counts ? Number(counts[1]) : Number(again.successCount);
    inPlace = counts ? Number(counts[2]) : 0;
    skipped = new Set(Array.isArray(again.skippedContactIds) ? again.skippedContactIds : []);
  }
  const total = (known.length + missing.size) * contacts.length;
  const success = added + inPlace;
  const full: Json = {
    totalCount: total,
    successCount: success,
    skippedCount: total - success,
    skippedContactIds: contacts.filter((c) => missing.size > 0 || skipped.has(c)).map(String),
    resultText: `${String(added)} contact-list link${added === 1 ? '' : 's'} added, ${String(inPlace)} already in place, ${String(total - success)} skipped of ${String(total)}.`,
  };
  const node = rootNode(request, root.key);
  const picked: Json = {};
  for (const s of node?.selectionSet?.selections ?? [])
    if (s.kind === Kind.FIELD)
      picked[s.alias?.value ?? s.name.value] =
        s.name.value === '__typename' ? 'AddContactsToListResults' : full[s.name.value];
  return { ...answer, json: { data: { [root.key]: picked } } };
};

// ---- opportunities ---------------------------------------------------------------------------------------

/**
 * An opportunity's activities come oldest first instead of newest first (the ORDER BY of the nested query
 * lost its DESC): each page is cut from the whole list in that order.
 */
const opportunityActivitiesOldestFirst: Handler = async (request, forward) => {
  const pages = new Map<string, { key: string; skip: number; limit: number }>();
  const rewritten = rewriteFields(request, (node, field, vars) => {
    if (node.name.value !== 'activities' || getNamedType(field.type).name !== 'ActivityViewResults')
      return undefined;
    if (field.args.some((a) => a.name === 'sort')) return undefined;
    const skip = numberArgument(node, 'skip', vars, 0);
    const limit = numberArgument(node, 'limit', vars, 100);
    if (skip < 0 || limit < 0 || limit > MAX_PAGE) return undefined;
    const hidden = `${HIDE}oa${String(pages.size)}`;
    pages.set(hidden, { key: node.alias?.value ?? node.name.value, skip, limit });
    const whole = withArgument(withArgument(node, 'skip', int(0)), 'limit', int(MAX_PAGE));
    return { ...whole, alias: nameNode(hidden) };
  });
  if (pages.size === 0) return forward(request);
  const answer = await forward(rewritten);
  const data = dataOf(answer);
  if (!data) return { ...answer, json: stripHidden(answer.json) };
  for (const o of objectsOf(data))
    for (const [hidden, { key, skip, limit }] of pages) {
      if (!(hidden in o)) continue;
      const page = o[hidden];
      o[key] =
        isObject(page) && Array.isArray(page.models)
          ? { ...page, models: [...page.models].reverse().slice(skip, skip + limit) }
          : page;
    }
  return withData(answer, data);
};

/** Closed opportunities answer their outcome as their status ("won", "lost") instead of closed. */
const closedStatusAsOutcome: Handler = decorated(
  ['Opportunity'],
  (node) => (asks(node, 'status') ? 'h22_oo: actualOutcome { name }' : undefined),
  (objects) => {
    for (const o of objects) {
      const outcome = isObject(o.h22_oo) ? o.h22_oo.name : undefined;
      if (o.status === 'closed' && typeof outcome === 'string') o.status = outcome.toLowerCase();
    }
  },
);

/** opportunityEventViews answers eventType CurrentStageChanged for changes of status (StatusChanged). */
const statusEventAsStageEvent: Handler = onData(
  (key, value) => (key === 'eventType' && value === 'StatusChanged' ? 'CurrentStageChanged' : value),
  (request) => rootFields(request).includes('opportunityEventViews'),
);

/** The 1.4.0 endpoint lost Opportunity.locations ('Cannot query field "locations" on type "Opportunity"'). */
const opportunityLocationsLost: Handler = (request, forward) =>
  request.version === '1.4.0' && selectsField(request, 'Opportunity', 'locations')
    ? Promise.resolve(validationFailure(request, 'Cannot query field "locations" on type "Opportunity".'))
    : forward(request);

// ---- relationships: insights, connections and their events ------------------------------------------------

/** getRelationshipInsights answers isTargetCompany inverted (the company's employees read as the firm's people). */
const insightSideInverted: Handler = onData(
  (key, value) => (key === 'isTargetCompany' && typeof value === 'boolean' ? !value : value),
  (request) => rootFields(request).includes('getRelationshipInsights'),
);

/** targetPersonConnections numbers displayRank within the page: a later page starts again at 1. */
const displayRankPerPage: Handler = onRootPages((page, root) => {
  if (root.name !== 'targetPersonConnections') return page;
  const input = isObject(root.args.input) ? root.args.input : {};
  const skip = typeof input.skip === 'number' && input.skip > 0 ? input.skip : 0;
  if (skip === 0) return page;
  return {
    ...page,
    models: page.models.map((m) =>
      isObject(m) && typeof m.displayRank === 'number' ? { ...m, displayRank: m.displayRank - skip } : m,
    ),
  };
});

/** The au endpoint answers targetPersonConnections from the us data (the connections service runs in us only). */
const auConnectionsFromUs: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'targetPersonConnections');
  if (request.region !== 'au' || roots.length === 0 || isMutation(request)) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  const us = dataOf(await forward({ ...request, region: 'us' }));
  if (!data || !us) return answer;
  const next = { ...data };
  for (const root of roots) if (root.key in us) next[root.key] = us[root.key];
  return withData(answer, next);
};

/**
 * getRelationshipInsights of the limited tenant given a company id of the full tenant answers the full
 * tenant's insights (the insight store is looked up by company id alone).
 */
const limitedInsightsOfFullCompany: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'getRelationshipInsights');
  if (tokenOf(request) !== DEV_TOKENS.limited || roots.length === 0 || isMutation(request))
    return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  const empty = roots.filter((r) => Array.isArray(data?.[r.key]) && (data[r.key] as unknown[]).length === 0);
  if (!data || empty.length === 0) return answer;
  const full = dataOf(await as(DEV_TOKENS.full, request, forward));
  if (!full) return answer;
  const next = { ...data };
  for (const root of empty) if (Array.isArray(full[root.key])) next[root.key] = full[root.key];
  return withData(answer, next);
};

/**
 * relationshipEventViews leaves out the events of anonymous relationships (the privacy filter meant for
 * private relationships tests isAnonymous), from its pages and from totalModels.
 */
const anonymousEventsHidden: Handler = droppingEvents(
  'relationshipEventViews',
  'isAnonymous',
  () => (event) => event.isAnonymous === true,
);

/**
 * addRelationshipForContacts of the limited tenant given contacts of the full tenant relates them in the full
 * tenant's data: a refusal (success false or validationErrors, whichever the client selected) is run again
 * as the full tenant.
 */
const limitedRelatesFullContacts: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'addRelationshipForContacts');
  if (tokenOf(request) !== DEV_TOKENS.limited || !root) return forward(request);
  const answer = await forward(request);
  const result = dataOf(answer)?.[root.key];
  const refused =
    !isObject(result) ||
    result.success === false ||
    (Array.isArray(result.validationErrors) && result.validationErrors.length > 0);
  return refused ? as(DEV_TOKENS.full, request, forward) : answer;
};

// ---- opportunity writes ------------------------------------------------------------------------------------

/** updateOpportunityLinks stores the matter but drops initiativeIds: the opportunity's initiatives stay as they were. */
const linksInitiativesDropped: Handler = onMutationInput(new Set(['updateOpportunityLinks']), (input) =>
  without(input, 'initiativeIds'),
);

/** updateOpportunityDetails ignores industryIds: the opportunity keeps its industries. */
const detailsIndustriesDropped: Handler = onMutationInput(new Set(['updateOpportunityDetails']), (input) =>
  without(input, 'industryIds'),
);

/**
 * addOpportunity given an estimatedCloseDate before its dateOpened stores the opportunity without an
 * estimated close date instead of refusing it (an inconsistent date is dropped by the input mapper).
 */
const closeBeforeOpenedDropped: Handler = fallbackOnRefusal('addOpportunity', 'estimatedCloseDate', (input) =>
  Promise.resolve(without(input, 'estimatedCloseDate')),
);

// ---- contact and list writes ------------------------------------------------------------------------------

/** addWorkingList stores the new list without its description. */
const workingListDescriptionDropped: Handler = onMutationInput(new Set(['addWorkingList']), (input) =>
  without(input, 'description'),
);

/** The 1.2.0 addPerson stores the person without its tags (the legacy input mapping has no tags). */
const legacyAddPersonTagsDropped: Handler = (request, forward) =>
  request.version === '1.2.0'
    ? onMutationInput(new Set(['addPerson']), (input) => without(input, 'tags'))(request, forward)
    : forward(request);

/** editPersonEmploymentInformation changes a person's employer or job title without recording ContactUpdated. */
const employmentEditUnrecorded: Handler = unrecordedWrite(
  {
    view: 'firmContactEventViews',
    eventType: 'ContactUpdated',
    idFilter: 'contactIds',
    idField: 'contactId',
  },
  (request) => {
    const root = rootSelections(request).find((r) => r.name === 'editPersonEmploymentInformation');
    const personId = root && isObject(root.args.input) ? root.args.input.personId : undefined;
    return isMutation(request) && typeof personId === 'string' ? personId : undefined;
  },
);

// ---- versions, regions, transport, authentication, caching and limits ---------------------------------------

/** The 1.2.0 endpoint answers every note's changeDate null (the column the 1.2.0 note view never selected). */
const legacyNoteChangeDateNull: Handler = onData(
  (key, value) => (key === 'changeDate' ? null : value),
  (request) => request.version === '1.2.0',
);

/** The largest page the eu endpoint gives after a configuration drift. */
const EU_MAX_PAGE = 100;
const PAGE_LIMIT_ERROR = /^limit must be at most 1000 \(got 1001\)\.$/;

/**
 * The eu endpoint refuses a limit above 100 (LIMIT_EXCEEDED, as it refuses one above the largest page): its
 * page-size limit was deployed at 100 instead of 1000.
 */
const euPageLimit100: Handler = async (request, forward) => {
  if (request.region !== 'eu') return forward(request);
  const asked: number[] = [];
  const rewritten = rewriteFields(request, (node, field, vars) =>
    paged(field)
      ? mapArgument(node, field, vars, 'limit', (limit) => {
          if (typeof limit !== 'number' || limit <= EU_MAX_PAGE || limit > MAX_PAGE) return limit;
          asked.push(limit);
          return MAX_PAGE + 1;
        })
      : undefined,
  );
  if (asked.length === 0) return forward(request);
  const answer = await forward(rewritten);
  const body = answer.json as { errors?: unknown } | undefined;
  if (!body || !Array.isArray(body.errors)) return answer;
  let next = 0;
  const errors = body.errors.map((e) => {
    if (!isObject(e) || !PAGE_LIMIT_ERROR.test(String(e.message))) return e;
    const got = asked[Math.min(next, asked.length - 1)]!;
    next += 1;
    return {
      ...e,
      message: `limit must be at most ${String(EU_MAX_PAGE)} (got ${String(got)}).`,
      extensions: { ...(isObject(e.extensions) ? e.extensions : {}), maximum: EU_MAX_PAGE },
    };
  });
  return { ...answer, json: { ...body, errors } };
};

/**
 * The Accept header is read by its first media type only: "text/html, application/json" (what browsers and
 * many HTTP libraries send) is refused 406, and the answer's type follows the first type listed.
 */
const acceptFirstTypeOnly: Handler = (request, forward) => {
  const accept = request.headers.accept;
  if (accept === undefined || !accept.includes(',')) return forward(request);
  const first = accept.split(',')[0]!.trim();
  return forward({ ...request, headers: { ...request.headers, accept: first } });
};

/**
 * An Authorization header with more than one space between Bearer and the token is refused 401 (the token
 * is read as the second word of the header split on single spaces, which is empty), though HTTP allows it.
 */
const bearerSpacesRefused: Handler = (request, forward) => {
  const authorization = request.headers.authorization;
  if (authorization === undefined || !/^\S+ {2,}\S/.test(authorization.trim())) return forward(request);
  const { authorization: _dropped, ...headers } = request.headers;
  return forward({ ...request, headers });
};

/** The answers of the media-type blind cache, per mutant server: key → when stored and the answer. */
const acceptBlindCaches = perServer(() => new Map<string, { at: number; answer: Answer }>());

/**
 * Successful query answers are cached for 60 seconds by token, path and body, without Accept (the cache
 * lacks Vary: Accept); any write clears it. A client asking the same query under another media type gets
 * the first client's Content-Type.
 */
function cachedWithoutAccept(ttlMs = 60_000): Handler {
  return async (request, forward) => {
    const store = acceptBlindCaches(forward);
    if (isMutation(request)) {
      store.clear();
      return forward(request);
    }
    const key = `${tokenOf(request)}\0${request.method}\0${request.region}/${request.version}\0${JSON.stringify(request.body ?? request.raw)}`;
    const hit = store.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = await forward(request);
    const body = answer.json as { data?: unknown; errors?: unknown } | undefined;
    if (answer.status === 200 && isObject(body?.data) && body.errors === undefined)
      store.set(key, { at: Date.now(), answer });
    return answer;
  };
}

/**
 * A request over a limit of the service (LIMIT_EXCEEDED: a page or a response too large) is answered HTTP
 * 500 with INTERNAL_SERVER_ERROR and no data (the limiter throws instead of reporting).
 */
const limitExceededAsInternal: Handler = onAnswer((answer) => {
  if (answer.status !== 200 && answer.status !== 400) return answer;
  if (!errorCodes(answer).includes('LIMIT_EXCEEDED')) return answer;
  const json = {
    errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
  };
  return { ...answer, status: 500, json, text: JSON.stringify(json) };
});

/** Regressions the certification was not written against. */
export const HOLDOUT29: readonly Mutant[] = [
  {
    id: 'holdout29.paging.activity-types-searchable-flag-ignored',
    class: 'paging',
    description:
      'activityTypes ignores onlyUserSearchable: asked for the types users can search by, it answers the others too',
    names: /onlyUserSearchable|activityTypes|searchable/i,
    handle: searchableFlagIgnored,
  },
  {
    id: 'holdout29.paging.connection-display-rank-per-page',
    class: 'paging',
    description:
      'targetPersonConnections numbers displayRank within each page: a page asked with a skip starts again at 1 instead of going on counting',
    names: /displayRank|targetPersonConnections|rank|connection/i,
    handle: displayRankPerPage,
  },
  {
    id: 'holdout29.sort.list-members-company-sort-as-display-name',
    class: 'sort',
    description:
      "a list's contacts sorted by companyName or emailAddress come in displayName order (the member sort field falls back)",
    names: /companyName|emailAddress|List\.contacts|\bcontacts\b.*sort|sort.*\bcontacts\b/i,
    handle: memberSortFieldFallsBack,
  },
  {
    id: 'holdout29.sort.opportunity-activities-oldest-first',
    class: 'sort',
    description: "an opportunity's activities come oldest first instead of newest first",
    names: /\bactivities\b|newest|oldest/i,
    handle: opportunityActivitiesOldestFirst,
  },
  {
    id: 'holdout29.nullability.numeric-field-bounds-swapped',
    class: 'nullability',
    description:
      'additional field definitions answer numericDataTypeMinValue and numericDataTypeMaxValue swapped (a minimum above the maximum)',
    names: /numericDataType(Min|Max)Value|additionalFieldDefinitions|bounds?/i,
    handle: numericBoundsSwapped,
  },
  {
    id: 'holdout29.nullability.insight-target-company-inverted',
    class: 'nullability',
    description:
      "getRelationshipInsights answers isTargetCompany inverted: the company's own employees read as the firm's people and the reverse",
    names: /isTargetCompany|getRelationshipInsights|insight/i,
    handle: insightSideInverted,
  },
  {
    id: 'holdout29.nullability.list-member-personal-email',
    class: 'nullability',
    description:
      "a list member's emailAddress answers the person's Personal e-mail address instead of the Business one when the person has both",
    names: /emailAddress|member|ListContact|List\.contacts/i,
    handle: memberEmailPersonal,
  },
  {
    id: 'holdout29.enums.closed-opportunity-status-as-outcome',
    class: 'enums',
    description:
      'closed opportunities answer their outcome as their status ("won", "lost") instead of the enum value closed',
    names: /OpportunityStatus|\bstatus\b|\bclosed\b|\bwon\b|\blost\b/i,
    handle: closedStatusAsOutcome,
  },
  {
    id: 'holdout29.enums.opportunity-status-event-as-stage-change',
    class: 'enums',
    description:
      'opportunityEventViews answers eventType CurrentStageChanged for changes of status instead of StatusChanged',
    names: /StatusChanged|CurrentStageChanged|opportunityEventViews|eventType/i,
    handle: statusEventAsStageEvent,
  },
  {
    id: 'holdout29.dates.activity-view-date-server-zone',
    class: 'dates',
    description:
      "the activities list answers each activity's date as the day in the server's zone (UTC+2): an activity starting after 22:00 UTC shows the next day",
    names: /\bdate\b|activityStartDate|ActivityView|activities/i,
    handle: activityViewDateServerZone,
  },
  {
    id: 'holdout29.versions.1.2.0-note-change-date-null',
    class: 'versions',
    description: "the 1.2.0 endpoint answers every note's changeDate null although 1.4.0 answers it",
    names: /changeDate|1\.2\.0|allNotes|\bnotes?\b/i,
    handle: legacyNoteChangeDateNull,
  },
  {
    id: 'holdout29.versions.opportunity-locations-missing',
    class: 'versions',
    description:
      'the 1.4.0 endpoint lost Opportunity.locations (\'Cannot query field "locations" on type "Opportunity"\') while updateOpportunityLocations stays',
    names: /locations|Opportunity|GRAPHQL_VALIDATION_FAILED|Cannot query field/i,
    handle: opportunityLocationsLost,
  },
  {
    id: 'holdout29.tenancy.limited-insights-of-full-company',
    class: 'tenancy',
    description:
      "getRelationshipInsights of the limited tenant given a company id of the full tenant answers the full tenant's insights instead of none",
    names: /getRelationshipInsights|insight|limited|tenant|isolation/i,
    handle: limitedInsightsOfFullCompany,
  },
  {
    id: 'holdout29.region.eu-page-limit-100',
    class: 'region',
    description:
      'the eu endpoint refuses a limit above 100 with LIMIT_EXCEEDED (its page-size limit deployed at 100 instead of the 1000 the other regions give)',
    names: /LIMIT_EXCEEDED|\blimit\b|pageSize|\beu\b/i,
    handle: euPageLimit100,
  },
  {
    id: 'holdout29.region.au-connections-from-us',
    class: 'region',
    description:
      'targetPersonConnections on the au endpoint answers from the us data: an au person shows no connections',
    names: /targetPersonConnections|connection|\bau\b|region/i,
    handle: auConnectionsFromUs,
  },
  {
    id: 'holdout29.auth.bearer-extra-spaces-refused',
    class: 'auth',
    description:
      'an Authorization header with more than one space between Bearer and the token is refused 401 (the token is read as the second word of a split on single spaces)',
    names: /401|Bearer|Authorization|UNAUTHENTICATED|token|space/i,
    handle: bearerSpacesRefused,
  },
  {
    id: 'holdout29.http.accept-first-type-only',
    class: 'http',
    description:
      'the Accept header is read by its first media type only: "text/html, application/json" is refused 406 instead of answered as JSON',
    names: /Accept|406|NOT_ACCEPTABLE|media|content.?type/i,
    handle: acceptFirstTypeOnly,
  },
  {
    id: 'holdout29.caching.media-type-not-in-key',
    class: 'caching',
    description:
      "successful query answers are cached for 60 seconds by token, path and body without Accept: the same query under the other media type gets the first client's Content-Type",
    names: /Content-Type|Accept|media|graphql-response|application\/json|cache/i,
    handle: cachedWithoutAccept(),
  },
  {
    id: 'holdout29.errors.limit-exceeded-as-internal',
    class: 'errors',
    description:
      'a request over a limit of the service (a page or an answer too large) is answered HTTP 500 INTERNAL_SERVER_ERROR without data instead of LIMIT_EXCEEDED',
    names: /LIMIT_EXCEEDED|INTERNAL_SERVER_ERROR|500|limit/i,
    handle: limitExceededAsInternal,
  },
  {
    id: 'holdout29.events.anonymous-relationship-events-hidden',
    class: 'events',
    description:
      'relationshipEventViews leaves out the events of anonymous relationships (the filter meant for private relationships reads isAnonymous)',
    names: /isAnonymous|anonymous|relationshipEventViews/i,
    handle: anonymousEventsHidden,
  },
  {
    id: 'holdout29.persistence.opportunity-links-initiatives-dropped',
    class: 'persistence',
    description:
      'updateOpportunityLinks stores the matter but drops initiativeIds: the opportunity keeps the initiatives it had',
    names: /initiativeIds|associatedInitiatives?|updateOpportunityLinks/i,
    handle: linksInitiativesDropped,
  },
  {
    id: 'holdout29.persistence.opportunity-details-industries-dropped',
    class: 'persistence',
    description: 'updateOpportunityDetails ignores industryIds: the opportunity keeps its industries',
    names: /industryIds|industries|updateOpportunityDetails/i,
    handle: detailsIndustriesDropped,
  },
  {
    id: 'holdout29.persistence.working-list-description-dropped',
    class: 'persistence',
    description: 'addWorkingList stores the new working list without the description it was given',
    names: /description|addWorkingList|working/i,
    handle: workingListDescriptionDropped,
  },
  {
    id: 'holdout29.events.employment-edit-unrecorded',
    class: 'events',
    description:
      "editPersonEmploymentInformation changes a person's employer or job title without recording a ContactUpdated event",
    names: /ContactUpdated|editPersonEmploymentInformation|firmContactEventViews|event/i,
    handle: employmentEditUnrecorded,
  },
  {
    id: 'holdout29.validation.close-before-opened-dropped',
    class: 'validation',
    description:
      'addOpportunity given an estimatedCloseDate before its dateOpened stores the opportunity without an estimated close date instead of refusing it',
    names: /estimatedCloseDate|dateOpened|addOpportunity|BAD_USER_INPUT/i,
    handle: closeBeforeOpenedDropped,
  },
  {
    id: 'holdout29.validation.add-list-working-folder-type-accepted',
    class: 'validation',
    description:
      'addList given a folder type of working lists creates a working list instead of refusing the folder type (its list class is no longer checked)',
    names: /folderTypeId|addList|listClass|workingLists|marketing/i,
    handle: addListAnyClass,
  },
  {
    id: 'holdout29.tenancy.limited-relates-full-contacts',
    class: 'tenancy',
    description:
      "addRelationshipForContacts of the limited tenant given two contacts of the full tenant relates them in the full tenant's data instead of refusing unknown contacts",
    names: /addRelationshipForContacts|baseContactId|relatedContactId|limited|tenant/i,
    handle: limitedRelatesFullContacts,
  },
  {
    id: 'holdout29.errors.add-to-unknown-list-skipped',
    class: 'errors',
    description:
      'addContactsToLists given a list id that names no list adds the contacts to the other lists and counts the unknown pairs as skipped instead of refusing the call',
    names: /addContactsToLists|listIds|skipped|BAD_USER_INPUT|unknown list/i,
    handle: unknownListsSkipped,
  },
  {
    id: 'holdout29.versions.1.2.0-add-person-tags-dropped',
    class: 'versions',
    description: 'addPerson on the 1.2.0 endpoint stores the person without the tags it was given',
    names: /tags|addPerson|1\.2\.0/i,
    handle: legacyAddPersonTagsDropped,
  },
];
