/**
 * A fourteenth held-out set of regressions, chosen from the spec and from what vendors ship after the
 * thirteenth held-out set had been built, again without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout14` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { selectedUnder, sibling } from './holdout5.js';
import { onMutationInput } from './holdout6.js';
import { isEventView, onAnswer, paged, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Handler, type Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, rewriteFields, rootFields } from './rewrite.js';

/** A JSON answer typed as the request's Accept header asks (application/json unless it asks for the other). */
function answerFor(request: Incoming, status: number, json: unknown, headers: Record<string, string> = {}) {
  const type = /application\/graphql-response\+json/.test(request.headers.accept ?? '')
    ? 'application/graphql-response+json; charset=utf-8'
    : 'application/json; charset=utf-8';
  return jsonAnswer(status, json, { 'content-type': type, ...headers });
}

/** The answer with the root results named in `keys` rewritten by `fn`. */
function onRoots(
  answer: Answer,
  keys: readonly string[],
  fn: (page: Record<string, unknown>, key: string) => Record<string, unknown>,
): Answer {
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const key of keys) {
    const page = data[key];
    if (page && typeof page === 'object' && !Array.isArray(page))
      next[key] = fn(page as Record<string, unknown>, key);
  }
  return { ...answer, json: { ...(answer.json as object), data: next } };
}

// ---- paging -------------------------------------------------------------------------------------------

/** The identity of a page item: its id when it has one, else the whole item. */
const identity = (item: unknown): string => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : JSON.stringify(item);
};

/**
 * A root page asked for with a filter is cut from the unfiltered items first and filtered afterwards:
 * the page holds only the matching items of the unfiltered window (short pages, items missing).
 */
const filterAfterPaging: Handler = async (request, forward) => {
  if (isMutation(request)) return forward(request);
  const filtered = rootSelections(request).filter(
    (r) =>
      r.args.filter !== undefined &&
      r.args.filter !== null &&
      !(Array.isArray(r.args.filter) && r.args.filter.length === 0),
  );
  if (filtered.length === 0) return forward(request);
  const names = new Set(filtered.map((r) => r.name));
  const answer = await forward(request);
  const unfiltered = dataOf(
    await forward(
      rewriteFields(request, (node, field, vars) =>
        names.has(node.name.value) && paged(field)
          ? mapArgument(node, field, vars, 'filter', () => undefined)
          : undefined,
      ),
    ),
  );
  return onRoots(
    answer,
    filtered.map((r) => r.key),
    (page, key) => {
      const window = (unfiltered?.[key] as { models?: unknown[] } | null | undefined)?.models;
      if (!Array.isArray(page.models) || !Array.isArray(window)) return page;
      const seen = new Set(window.map(identity));
      return { ...page, models: page.models.filter((m) => seen.has(identity(m))) };
    },
  );
};

const PLANNING = new Set(['objectives', 'initiatives']);

/** objectives and initiatives list removed items too unless the filter says otherwise (the default flipped). */
const removedItemsListed: Handler = onFields((node, field, vars) =>
  PLANNING.has(node.name.value)
    ? mapArgument(node, field, vars, 'filter', (filter) => {
        const f = (filter ?? {}) as Record<string, unknown>;
        return f.includeDeleted === undefined || f.includeDeleted === null
          ? { ...f, includeDeleted: true }
          : filter;
      })
    : undefined,
);

// ---- sort ---------------------------------------------------------------------------------------------

/** A list of several sorts is applied with the last as the primary key (the ORDER BY built backwards). */
const sortPriorityReversed: Handler = onFields((node, field, vars) =>
  field.args.some((a) => a.name === 'sort')
    ? mapArgument(node, field, vars, 'sort', (sort) =>
        Array.isArray(sort) && sort.length > 1 ? [...(sort as unknown[])].reverse() : sort,
      )
    : undefined,
);

const CONTACT_ROOTS = ['person', 'company', 'contact', 'people', 'searchFirmContacts'];

/** A contact's activities come oldest first instead of newest first (the nested ORDER BY lost DESC). */
const contactActivitiesOldestFirst = onData(
  (key, value) => {
    if (key !== 'activities' || !value || typeof value !== 'object' || Array.isArray(value)) return value;
    const page = value as Record<string, unknown>;
    return Array.isArray(page.models)
      ? { ...page, models: [...(page.models as unknown[])].reverse() }
      : value;
  },
  (r) => !isMutation(r) && rootFields(r).some((f) => CONTACT_ROOTS.includes(f)),
);

// ---- nullability --------------------------------------------------------------------------------------

/** Empty lists (tags, companies, …) are answered null (an ORM that maps "no rows" to null). */
const emptyListsNull = onData(
  (key, value) => (Array.isArray(value) && value.length === 0 && key !== 'models' ? null : value),
  (r) => !isMutation(r),
);

/** Boolean fields that are false are answered null (a nullable bit column read with `value || null`). */
const falseBooleansNull = onData(
  (_key, value) => (value === false ? null : value),
  (r) => !isMutation(r),
);

// ---- versions -----------------------------------------------------------------------------------------

/** The 1.2.0 endpoint answers paged queries without a limit with 25 items (its old default). */
const legacyDefaultLimit: Handler = (request, forward) =>
  request.version === '1.2.0'
    ? onFields((node, field, vars) =>
        paged(field)
          ? mapArgument(node, field, vars, 'limit', (limit) =>
              limit === undefined || limit === null ? 25 : limit,
            )
          : undefined,
      )(request, forward)
    : forward(request);

/** The 1.2.0 endpoint was deployed without its Mutation type: every write fails validation. */
const legacyReadOnly: Handler = (request, forward) =>
  request.version === '1.2.0' && isMutation(request)
    ? Promise.resolve(validationFailure(request, 'Schema is not configured to execute mutation operation.'))
    : forward(request);

// ---- dates --------------------------------------------------------------------------------------------

const ACTIVITY_DATE = /^(\d{4})-(\d{2})-(\d{2})( .*)?$/;

/** addActivity and updateActivity read activityDate as year-day-month when the day could be a month. */
const activityDayMonthSwapped = onMutationInput(new Set(['addActivity', 'updateActivity']), (input) => {
  const m = typeof input.activityDate === 'string' ? ACTIVITY_DATE.exec(input.activityDate) : null;
  if (!m || Number(m[3]) > 12 || m[2] === m[3]) return input;
  return { ...input, activityDate: `${m[1]}-${m[3]}-${m[2]}${m[4] ?? ''}` };
});

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T[\d:.]+Z$/;

// ---- validation ---------------------------------------------------------------------------------------

const VALIDATED = new Set([
  'addCompany',
  'addPerson',
  'updatePublicCompany',
  'updatePublicPerson',
  'editPersonEmploymentInformation',
  'addObjective',
  'updateObjective',
  'addInitiative',
  'updateInitiative',
  'addList',
  'editListDetails',
  'updateActivity',
]);

/** The first text of an input holding an apostrophe: its property name. */
function apostropheIn(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes("'") ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = apostropheIn(v, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      const found = apostropheIn(v, path ? `${path}.${k}` : k);
      if (found) return found;
    }
  return undefined;
}

/** Writes with an apostrophe in a text (O'Brien) are refused as invalid characters (an injection filter). */
const apostropheRefused: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots.length === 1 && VALIDATED.has(roots[0]!.name) ? roots[0] : undefined;
  const property = root ? apostropheIn(root.args.input, '') : undefined;
  if (!root || !property) return forward(request);
  const failure = { propertyName: property, message: `${property} contains invalid characters.` };
  const result: Record<string, unknown> = {};
  for (const name of selectedUnder(request, root.key))
    result[name] = name === 'validationErrors' ? [failure] : null;
  return answerFor(request, 200, { data: { [root.key]: result } });
};

/** A negative skip is read as 0 instead of being refused. */
const negativeSkipAsZero: Handler = onFields((node, field, vars) =>
  paged(field)
    ? mapArgument(node, field, vars, 'skip', (skip) => (typeof skip === 'number' && skip < 0 ? 0 : skip))
    : undefined,
);

// ---- persistence --------------------------------------------------------------------------------------

const ADDS = new Set(['addActivity', 'addCompany', 'addPerson']);

/** addActivity, addCompany and addPerson are applied twice (a retry of a write that had succeeded). */
const addAppliedTwice: Handler = async (request, forward) => {
  const roots = rootFields(request);
  if (roots.length !== 1 || !ADDS.has(roots[0]!)) return forward(request);
  const answer = await forward(request);
  await forward(request);
  return answer;
};

/** addContactsToLists given several lists adds the contacts to the first list only (and counts them all). */
const firstListOnly: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots.length === 1 && roots[0]!.name === 'addContactsToLists' ? roots[0] : undefined;
  const lists = root?.args.listIds;
  if (!root || !Array.isArray(lists) || lists.length < 2) return forward(request);
  const answer = await forward(
    rewriteFields(request, (node, field, vars) =>
      node.name.value === 'addContactsToLists'
        ? mapArgument(node, field, vars, 'listIds', () => lists.slice(0, 1))
        : undefined,
    ),
  );
  return onRoots(answer, [root.key], (result) => {
    const out = { ...result };
    for (const k of ['totalCount', 'successCount', 'skippedCount'])
      if (typeof result[k] === 'number') out[k] = (result[k] as number) * lists.length;
    return out;
  });
};

// ---- events -------------------------------------------------------------------------------------------

/** An event view filtered by several event types applies only the first type. */
const firstEventTypeOnly: Handler = onFields((node, field, vars) =>
  isEventView(node.name.value)
    ? mapArgument(node, field, vars, 'filter', (filter) => {
        const f = filter as { eventTypes?: unknown } | null | undefined;
        return f && Array.isArray(f.eventTypes) && f.eventTypes.length > 1
          ? { ...f, eventTypes: f.eventTypes.slice(0, 1) }
          : filter;
      })
    : undefined,
);

/** Lists created by addWorkingList record no ListCreated event (only addList writes the audit row). */
function workingListCreatedDropped(): Handler {
  const created = new Set<string>();
  const drop = droppingEvents(
    'listEventViews',
    'eventType listId',
    () => (e) => e.eventType === 'ListCreated' && typeof e.listId === 'string' && created.has(e.listId),
  );
  return async (request, forward) => {
    const roots = rootSelections(request);
    if (!roots.some((r) => r.name === 'addWorkingList'))
      return created.size > 0 ? drop(request, forward) : forward(request);
    const answer = await forward(request);
    for (const root of roots) {
      const id = (dataOf(answer)?.[root.key] as { item?: { id?: unknown } | null } | null | undefined)?.item
        ?.id;
      if (root.name === 'addWorkingList' && typeof id === 'string') created.add(id);
    }
    return answer;
  };
}

// ---- tenancy ------------------------------------------------------------------------------------------

/** totalModels of the limited tenant's root pages also counts the full tenant's items (the count query lost its tenant). */
const limitedTotalsIncludeFull: Handler = async (request, forward) => {
  if (tokenOf(request) !== DEV_TOKENS.limited || isMutation(request)) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const keys = rootSelections(request)
    .map((r) => r.key)
    .filter(
      (k) => typeof (data[k] as { totalModels?: unknown } | null | undefined)?.totalModels === 'number',
    );
  if (keys.length === 0) return answer;
  const full = dataOf(await as(DEV_TOKENS.full, request, forward));
  return onRoots(answer, keys, (page, key) => {
    const other = (full?.[key] as { totalModels?: unknown } | null | undefined)?.totalModels;
    return typeof other === 'number' ? { ...page, totalModels: (page.totalModels as number) + other } : page;
  });
};

/** Whether a contact id can be read by the tenant of `token`. */
async function readable(
  request: Incoming,
  forward: (r: Incoming) => Promise<Answer>,
  token: string,
  id: string,
) {
  const read = await as(
    token,
    sibling(request, 'query($id: ID!) { c: contact(id: $id) { id } }', { id }),
    forward,
  );
  return !!dataOf(read)?.c;
}

/**
 * An activity write of the limited tenant linking a contact of the full tenant succeeds with that link
 * silently left out, instead of being refused as an unknown id.
 */
const foreignLinksDropped: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root =
    roots.length === 1 && (roots[0]!.name === 'addActivity' || roots[0]!.name === 'updateActivity')
      ? roots[0]
      : undefined;
  const ids = (root?.args.input as { linkedEntityIds?: unknown } | undefined)?.linkedEntityIds;
  if (!root || tokenOf(request) !== DEV_TOKENS.limited || !Array.isArray(ids)) return forward(request);
  const keep: unknown[] = [];
  for (const id of ids) {
    const foreign =
      typeof id === 'string' &&
      !(await readable(request, forward, DEV_TOKENS.limited, id)) &&
      (await readable(request, forward, DEV_TOKENS.full, id));
    if (!foreign) keep.push(id);
  }
  if (keep.length === ids.length) return forward(request);
  return onMutationInput(new Set([root.name]), (input) => ({ ...input, linkedEntityIds: keep }))(
    request,
    forward,
  );
};

// ---- region -------------------------------------------------------------------------------------------

/** The event views of the au endpoint answer no events (the audit feed was never deployed there). */
const auEventViewsEmpty: Handler = async (request, forward) => {
  const answer = await forward(request);
  if (request.region !== 'au') return answer;
  const keys = rootSelections(request)
    .filter((r) => isEventView(r.name))
    .map((r) => r.key);
  return keys.length === 0
    ? answer
    : onRoots(answer, keys, (page) => ({
        ...page,
        ...('models' in page ? { models: [] } : {}),
        ...('totalModels' in page ? { totalModels: 0 } : {}),
      }));
};

// ---- auth ---------------------------------------------------------------------------------------------

const unauthenticated = (request: Incoming): Answer =>
  answerFor(
    request,
    401,
    { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] },
    { 'www-authenticate': 'Bearer' },
  );

// ---- http ---------------------------------------------------------------------------------------------

const BOOLEAN_MUTATIONS = new Set(['removeWorkingList', 'removeAdditionalFieldDefinition']);

/** A mutation answering a plain Boolean true is answered 204 No Content (a REST reflex in the gateway). */
const booleanMutationNoContent: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const answer = await forward(request);
  if (roots.length !== 1 || !BOOLEAN_MUTATIONS.has(roots[0]!.name)) return answer;
  if (dataOf(answer)?.[roots[0]!.key] !== true) return answer;
  const { 'content-type': _type, ...headers } = answer.headers;
  return { status: 204, headers, json: undefined, text: '' };
};

// ---- caching ------------------------------------------------------------------------------------------

/**
 * A stale-while-revalidate cache: each query answer is kept; after a write, the first read of each kept
 * query answers the copy from before the write (and refreshes it), the next read is fresh.
 */
function staleOnceAfterWrite(): Handler {
  const store = new Map<string, { answer: Answer; stale: boolean }>();
  return async (request, forward) => {
    if (isMutation(request)) {
      const answer = await forward(request);
      for (const entry of store.values()) entry.stale = true;
      return answer;
    }
    const key = `${tokenOf(request)}\0${request.region}/${request.version}\0${request.raw}`;
    const hit = store.get(key);
    const answer = await forward(request);
    store.set(key, { answer, stale: false });
    return hit?.stale ? hit.answer : answer;
  };
}

// ---- errors -------------------------------------------------------------------------------------------

/** The answer with its `errors` rewritten by `fn` (when it has a list of them). */
const onErrorList = (fn: (errors: unknown[]) => unknown): Handler =>
  onAnswer((answer) => {
    const body = answer.json as { errors?: unknown } | undefined;
    if (!body || typeof body !== 'object' || !Array.isArray(body.errors) || body.errors.length === 0)
      return answer;
    return { ...answer, json: { ...body, errors: fn(body.errors) } };
  });

/** Regressions the certification was not written against (a fourteenth blind set). */
export const HOLDOUT14: readonly Mutant[] = [
  {
    id: 'holdout14.paging.filter-applied-after-paging',
    class: 'paging',
    description:
      'a filtered page is cut from the unfiltered items and filtered afterwards: it holds only the matches of that window',
    names: /filter|page|limit|skip|models|short/i,
    handle: filterAfterPaging,
  },
  {
    id: 'holdout14.paging.removed-planning-items-listed',
    class: 'paging',
    description:
      'objectives and initiatives list removed items (isDeleted true) unless includeDeleted is given',
    names: /includeDeleted|isDeleted|deleted|removed|objective|initiative/i,
    handle: removedItemsListed,
  },
  {
    id: 'holdout14.sort.several-keys-priority-reversed',
    class: 'sort',
    description: 'a list of several sorts is applied with the last sort as the primary key',
    names: /sort|order|priority|key|several/i,
    handle: sortPriorityReversed,
  },
  {
    id: 'holdout14.sort.contact-activities-oldest-first',
    class: 'sort',
    description: "a contact's nested activities come oldest first instead of newest first",
    names: /activities|newest|order|sort|contact|person|company/i,
    handle: contactActivitiesOldestFirst,
  },
  {
    id: 'holdout14.null.empty-lists-as-null',
    class: 'nullability',
    description: 'empty lists (tags, companies, addresses, …) are answered null instead of []',
    names: /null|empty|\[\]|list|tags/i,
    handle: emptyListsNull,
  },
  {
    id: 'holdout14.null.false-booleans-as-null',
    class: 'nullability',
    description: 'Boolean fields that are false are answered null',
    names: /null|false|boolean|is[A-Z]|flag/i,
    handle: falseBooleansNull,
  },
  {
    id: 'holdout14.versions.1.2.0-default-limit-25',
    class: 'versions',
    description: 'the 1.2.0 endpoint answers a paged query without limit with 25 items, not 100',
    names: /limit|default|100|25|1\.2\.0|version|page/i,
    handle: legacyDefaultLimit,
  },
  {
    id: 'holdout14.versions.1.2.0-without-mutations',
    class: 'versions',
    description:
      'the 1.2.0 endpoint refuses every mutation (its schema was deployed without the Mutation type)',
    names: /mutation|1\.2\.0|version|GRAPHQL_VALIDATION_FAILED|write/i,
    handle: legacyReadOnly,
  },
  {
    id: 'holdout14.enums.contact-type-filter-company-as-person',
    class: 'enums',
    description:
      'linkedActivityContacts(contactType: Company) answers the linked persons instead of the companies',
    names: /contactType|linkedActivityContacts|ActivityContactType|Company|Person|enum/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'linkedActivityContacts'
        ? mapArgument(node, field, vars, 'contactType', (t) => (t === 'Company' ? 'Person' : t))
        : undefined,
    ),
  },
  {
    id: 'holdout14.enums.measurement-percentage-as-number',
    class: 'enums',
    description: "an objective's measurementOfSuccess answers measurementType Number where it is Percentage",
    names: /measurementType|measurementOfSuccess|Percentage|Number|enum|objective/i,
    handle: onData((key, value) => (key === 'measurementType' && value === 'Percentage' ? 'Number' : value)),
  },
  {
    id: 'holdout14.dates.last-edited-date-is-today',
    class: 'dates',
    description: 'lastEditedDate answers the day of the read instead of the day of the last edit',
    names: /lastEditedDate|last edited|date|edit/i,
    handle: onData((key, value) =>
      key === 'lastEditedDate' && typeof value === 'string' ? new Date().toISOString().slice(0, 10) : value,
    ),
  },
  {
    id: 'holdout14.dates.stage-time-entered-midnight',
    class: 'dates',
    description: "an opportunity stage's timeEntered loses its time of day (midnight UTC of its day)",
    names: /timeEntered|time entered|stage|currentStage|stageInstances|date/i,
    handle: onData((key, value) =>
      key === 'timeEntered' && typeof value === 'string' && ISO_DATE_TIME.test(value)
        ? `${ISO_DATE_TIME.exec(value)![1]}T00:00:00.000Z`
        : value,
    ),
  },
  {
    id: 'holdout14.dates.activity-date-day-month-swapped',
    class: 'dates',
    description:
      'addActivity and updateActivity read activityDate as year-day-month when the day is 12 or less',
    names: /activityDate|activityStartDate|date|activit|month|day/i,
    handle: activityDayMonthSwapped,
  },
  {
    id: 'holdout14.validation.apostrophe-refused',
    class: 'validation',
    description:
      "a contact, planning, list or activity write with an apostrophe in a text (O'Brien) is refused",
    names: /apostrophe|invalid characters|validation|validationErrors|name|refus/i,
    handle: apostropheRefused,
  },
  {
    id: 'holdout14.validation.negative-skip-as-zero',
    class: 'validation',
    description: 'a negative skip is read as 0 instead of being refused with BAD_USER_INPUT',
    names: /skip|negative|BAD_USER_INPUT|validation|argument/i,
    handle: negativeSkipAsZero,
  },
  {
    id: 'holdout14.persistence.add-applied-twice',
    class: 'persistence',
    description: 'addActivity, addCompany and addPerson store the new record twice (a retried write)',
    names: /duplicate|twice|addActivity|addCompany|addPerson|persist|count/i,
    handle: addAppliedTwice,
  },
  {
    id: 'holdout14.persistence.contacts-added-to-first-list-only',
    class: 'persistence',
    description:
      'addContactsToLists given several lists adds the contacts to the first list only and counts every pair as added',
    names: /addContactsToLists|listIds|lists|membership|successCount|persist/i,
    handle: firstListOnly,
  },
  {
    id: 'holdout14.events.event-types-filter-first-only',
    class: 'events',
    description: 'an event view filtered by several event types answers the events of the first type only',
    names: /eventTypes|eventType|filter|event/i,
    handle: firstEventTypeOnly,
  },
  {
    id: 'holdout14.events.working-list-created-dropped',
    class: 'events',
    description: 'a list created by addWorkingList records no ListCreated event',
    names: /ListCreated|listEventViews|addWorkingList|working list|event/i,
    handle: workingListCreatedDropped(),
  },
  {
    id: 'holdout14.tenancy.limited-totals-count-full',
    class: 'tenancy',
    description: "totalModels of the limited tenant's pages also counts the full tenant's items",
    names: /totalModels|total|tenant|limited|count/i,
    handle: limitedTotalsIncludeFull,
  },
  {
    id: 'holdout14.tenancy.limited-foreign-activity-links-dropped',
    class: 'tenancy',
    description:
      "an activity write of the limited tenant linking a full tenant's contact succeeds without that link instead of being refused",
    names: /linkedEntityIds|tenant|limited|unknown id|activit|link/i,
    handle: foreignLinksDropped,
  },
  {
    id: 'holdout14.region.au-event-views-empty',
    class: 'region',
    description: 'the event views on the au endpoint answer no events at all',
    names: /region|au|EventViews|event|empty/i,
    handle: auEventViewsEmpty,
  },
  {
    id: 'holdout14.auth.limited-token-as-full',
    class: 'auth',
    description: "the limited tenant's token is served as the full tenant's (two keys mapped to one tenant)",
    names: /token|tenant|limited|auth|isolation/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited ? as(DEV_TOKENS.full, request, forward) : forward(request),
  },
  {
    id: 'holdout14.auth.limited-writes-401',
    class: 'auth',
    description:
      "the limited tenant's mutations are refused 401 UNAUTHENTICATED (its key has no write scope)",
    names: /401|UNAUTHENTICATED|token|limited|auth|mutation|write/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && isMutation(request)
        ? Promise.resolve(unauthenticated(request))
        : forward(request),
  },
  {
    id: 'holdout14.http.charset-latin1-declared',
    class: 'http',
    description: 'JSON answers declare charset=iso-8859-1 although their body is UTF-8',
    names: /charset|content-type|encoding|utf-8|http|header/i,
    handle: onAnswer((answer) => {
      const type = answer.headers['content-type'];
      return type && /json/.test(type)
        ? {
            ...answer,
            headers: {
              ...answer.headers,
              'content-type': type.replace(/;\s*charset=[^;]*/i, '') + '; charset=iso-8859-1',
            },
          }
        : answer;
    }),
  },
  {
    id: 'holdout14.http.boolean-mutation-204',
    class: 'http',
    description:
      'removeWorkingList and removeAdditionalFieldDefinition answer 204 No Content (no body) when they succeed',
    names: /204|status|body|removeWorkingList|removeAdditionalFieldDefinition|http/i,
    handle: booleanMutationNoContent,
  },
  {
    id: 'holdout14.caching.stale-once-after-write',
    class: 'caching',
    description:
      'after a write, the first read of each query asked before answers the copy from before the write',
    names: /cache|stale|read-after-write|persist|kept/i,
    handle: staleOnceAfterWrite(),
  },
  {
    id: 'holdout14.errors.single-error-as-object',
    class: 'errors',
    description: 'an answer with one error carries errors as that object instead of a list',
    names: /errors|envelope|list|array|error/i,
    handle: onErrorList((errors) => (errors.length === 1 ? errors[0] : errors)),
  },
  {
    id: 'holdout14.errors.each-error-twice',
    class: 'errors',
    description: 'every GraphQL error is reported twice in errors (two layers both collect it)',
    names: /errors|duplicate|twice|error/i,
    handle: onErrorList((errors) => errors.flatMap((e) => [e, e])),
  },
];
