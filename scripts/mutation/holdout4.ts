/**
 * A fourth held-out set of regressions, chosen from the spec and from what vendors ship after the third
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout4` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { errorCodes, validationFailure } from './holdout.js';
import { dataOf, dayBefore, rootSelections } from './holdout2.js';
import { BY_ID, onErrors, screaming } from './holdout3.js';
import { isEventView, onAnswer, paged, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  mapJson,
  onData,
  onFields,
  rewriteFields,
  rootArguments,
  rootFields,
  selectsField,
} from './rewrite.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ACTIVITY_WRITES = new Set(['addActivity', 'updateActivity']);
const OPPORTUNITY_DATES = new Set(['estimatedCloseDate', 'dateOpened', 'actualCloseDate']);
const PLANNING_LISTS = new Set(['initiatives', 'objectives']);
const UPDATES_WITH_ITEM = new Set([
  'updateActivity',
  'updateObjective',
  'updateInitiative',
  'updatePublicCompany',
]);
const FIRM_CONTACT_EVENT_TYPES = [
  'ContactCreated',
  'ContactUpdated',
  'ContactDeleted',
  'ContactAddedToList',
  'ContactRemovedFromList',
];
/** The typed options of addAdditionalFieldDefinition and the one field type each applies to (§2.4). */
const TYPED_OPTIONS: Record<string, string> = {
  stringInput: 'text',
  decimalInput: 'decimal',
  integerInput: 'integer',
  listInput: 'list',
  booleanInput: 'boolean',
  userInput: 'user',
};
/** A date range no activity falls in, for a filter whose exclusive end leaves nothing. */
const EMPTY_RANGE = { from: '1900-01-01', to: '1900-01-01' };

/** Whether a sort argument (one input or a list of them) has inputs and all of them run Descending. */
function allDescending(sort: unknown): boolean {
  const inputs = Array.isArray(sort) ? sort : sort === undefined || sort === null ? [] : [sort];
  return (
    inputs.length > 0 &&
    inputs.every((s) => (s as { direction?: unknown } | null)?.direction === 'Descending')
  );
}

/** A sort argument with every Descending input turned Ascending. */
function ascending(sort: unknown): unknown {
  if (Array.isArray(sort)) return sort.map(ascending);
  return sort && typeof sort === 'object' ? { ...sort, direction: 'Ascending' } : sort;
}

/** The sort a result echoes (one object or a list of them) with every Ascending direction Descending again. */
function descending(sort: unknown): unknown {
  if (Array.isArray(sort)) return sort.map(descending);
  const echoed = sort as { direction?: unknown } | null | undefined;
  return echoed && typeof echoed === 'object' && echoed.direction === 'Ascending'
    ? { ...echoed, direction: 'Descending' }
    : sort;
}

/**
 * A descending sort done after paging: the store reads the page in ascending order and the service
 * reverses it, so each page holds the right number of items but the wrong ones.
 */
const descendingWithinPage: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter(
    (r) => allDescending(r.args.sort) || allDescending(r.args.sorts),
  );
  if (roots.length === 0 || isMutation(request)) return forward(request);
  const names = new Set(roots.map((r) => r.name));
  const answer = await forward(
    rewriteFields(request, (node, field, vars) =>
      names.has(node.name.value) && paged(field)
        ? (mapArgument(node, field, vars, 'sort', ascending) ??
          mapArgument(node, field, vars, 'sorts', ascending))
        : undefined,
    ),
  );
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of roots) {
    const result = data[root.key] as { models?: unknown; sort?: unknown } | unknown[] | null | undefined;
    // A plain list (relationshipTypes) is the page itself; a paged result echoes the sort it was asked for.
    if (Array.isArray(result)) next[root.key] = [...result].reverse();
    else if (result && Array.isArray(result.models))
      next[root.key] = {
        ...result,
        models: [...result.models].reverse(),
        ...('sort' in result ? { sort: descending(result.sort) } : {}),
      };
  }
  return { ...answer, json: { ...(answer.json as object), data: next } };
};

/** A calendar date written the US way (`MM/DD/YYYY`). */
function usDate(value: unknown): unknown {
  const m = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** An activities filter whose `date.to` excludes its own day (`date < to` where `date <= to` was meant). */
function exclusiveTo(filter: unknown): unknown {
  const date = (filter as { date?: { from?: unknown; to?: unknown } } | null | undefined)?.date;
  if (!date || typeof date.to !== 'string' || !ISO_DATE.test(date.to)) return filter;
  const to = dayBefore(date.to);
  const empty = typeof date.from === 'string' && date.from > to;
  return { ...(filter as object), date: empty ? EMPTY_RANGE : { ...date, to } };
}

/** The answer with each root result named in `names` replaced by `fn(result)` (by result key). */
function onRoots(
  names: Set<string>,
  fn: (result: Record<string, unknown>) => Record<string, unknown>,
): Handler {
  return async (request, forward) => {
    const answer = await forward(request);
    const data = dataOf(answer);
    const roots = rootSelections(request).filter((r) => names.has(r.name));
    if (!data || roots.length === 0) return answer;
    const next = { ...data };
    for (const root of roots) {
      const result = data[root.key];
      if (result && typeof result === 'object') next[root.key] = fn(result as Record<string, unknown>);
    }
    return { ...answer, json: { ...(answer.json as object), data: next } };
  };
}

/** Sends one GraphQL document on the request's path and token, and answers its `data`. */
async function send(
  request: Incoming,
  forward: Forward,
  query: string,
  variables: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  return dataOf(await forward({ ...request, body: { query, variables } }));
}

/**
 * A write the service answers as applied and then loses: the mutation `name` runs, and when it succeeds
 * the fields it changed are written back as `read` found them before (a second transaction that
 * overwrites the first with a stale copy).
 */
function notKept(
  name: string,
  read: (input: Record<string, unknown>) => { query: string; variables: Record<string, unknown> } | undefined,
  restore: (
    input: Record<string, unknown>,
    before: Record<string, unknown>,
  ) => { query: string; variables: Record<string, unknown> },
): Handler {
  return async (request, forward) => {
    const input = rootArguments(request, name)?.input as Record<string, unknown> | undefined;
    const reading = input && typeof input === 'object' ? read(input) : undefined;
    if (!input || !reading || rootFields(request).length !== 1) return forward(request);
    const before = (await send(request, forward, reading.query, reading.variables))?.record;
    const answer = await forward(request);
    const result = dataOf(answer)?.[rootSelections(request)[0]?.key ?? name] as
      { item?: unknown; validationErrors?: unknown[] } | null | undefined;
    const applied = result && result.item !== null && !(result.validationErrors?.length ?? 0);
    if (applied && before && typeof before === 'object') {
      const undo = restore(input, before as Record<string, unknown>);
      await send(request, forward, undo.query, undo.variables);
    }
    return answer;
  };
}

/** editListDetails: the name and description it was given are written back to what they were. */
const listDetailsNotKept = notKept(
  'editListDetails',
  (input) =>
    typeof input.id === 'string'
      ? {
          query: 'query($id: ID!) { record: list(id: $id) { name description } }',
          variables: { id: input.id },
        }
      : undefined,
  (input, before) => ({
    query:
      'mutation($input: EditListDetailsInput!) { editListDetails(input: $input) { validationErrors { message } } }',
    variables: {
      input: {
        id: input.id,
        ...('name' in input ? { name: before.name } : {}),
        ...('description' in input ? { description: before.description } : {}),
      },
    },
  }),
);

/** updateObjectiveStatus: the status is written back to what it was. */
const objectiveStatusNotKept = notKept(
  'updateObjectiveStatus',
  (input) =>
    typeof input.id === 'string'
      ? { query: 'query($id: ID!) { record: objective(id: $id) { status } }', variables: { id: input.id } }
      : undefined,
  (input, before) => ({
    query:
      'mutation($input: UpdateObjectiveStatusInput!) { updateObjectiveStatus(input: $input) { validationErrors { message } } }',
    variables: { input: { id: input.id, status: before.status } },
  }),
);

/**
 * Whether an updateActivity answer refused the call (its item null, or a validation error on the id),
 * whichever of the two the client selected.
 */
function refused(answer: Answer): boolean {
  const result = dataOf(answer)?.updateActivity as
    { item?: unknown; validationErrors?: { propertyName?: unknown }[] } | null | undefined;
  if (!result) return false;
  return result.item === null || (result.validationErrors ?? []).some((e) => e.propertyName === 'id');
}

/**
 * A count cache: each paged root result's totalModels is kept for `ttlMs` per token, path, field and
 * arguments, and answered over the fresh count; writes do not invalidate it.
 */
function staleTotals(ttlMs: number): Handler {
  const store = new Map<string, { at: number; total: number }>();
  return async (request, forward) => {
    const answer = await forward(request);
    const data = dataOf(answer);
    if (isMutation(request) || !data) return answer;
    const next = { ...data };
    for (const root of rootSelections(request)) {
      const result = data[root.key] as { totalModels?: unknown } | null | undefined;
      if (!result || typeof result.totalModels !== 'number') continue;
      const key = `${tokenOf(request)}\0${request.region}/${request.version}\0${root.name}\0${JSON.stringify(root.args)}`;
      const hit = store.get(key);
      if (hit && Date.now() - hit.at < ttlMs) next[root.key] = { ...result, totalModels: hit.total };
      else store.set(key, { at: Date.now(), total: result.totalModels });
    }
    return { ...answer, json: { ...(answer.json as object), data: next } };
  };
}

/** Whether an answer carries GraphQL errors beside its data. */
function errorsBesideData(answer: Answer): boolean {
  const body = answer.json as { errors?: unknown; data?: unknown } | undefined;
  return (
    Array.isArray(body?.errors) && body.errors.length > 0 && !!body.data && typeof body.data === 'object'
  );
}

/** Regressions the certification was not written against; see docs/verdicts.md "A fourth held-out set". */
export const HOLDOUT4: readonly Mutant[] = [
  {
    id: 'holdout4.paging.relationship-types-default-100',
    class: 'paging',
    description: 'relationshipTypes without a limit answers 100 types, not the 500 its default promises',
    names: /relationshipTypes|relationship|limit|default|500|count|length/i,
    handle: onFields((node, field) =>
      node.name.value === 'relationshipTypes' && !node.arguments?.some((a) => a.name.value === 'limit')
        ? mapArgument(node, field, {}, 'limit', () => 100)
        : undefined,
    ),
  },
  {
    id: 'holdout4.paging.event-views-skip-ignored',
    class: 'paging',
    description: 'the event views ignore skip: every page of events starts at the first event',
    names: /skip|page|offset|event/i,
    handle: onFields((node, field, vars) =>
      isEventView(node.name.value) ? mapArgument(node, field, vars, 'skip', () => undefined) : undefined,
    ),
  },
  {
    id: 'holdout4.sort.descending-within-page',
    class: 'sort',
    description:
      'a Descending sort is applied after paging: the page is read in ascending order and reversed, so page 1 holds the smallest items',
    names: /sort|order|Descending|page|skip/i,
    handle: descendingWithinPage,
  },
  {
    id: 'holdout4.sort.end-date-as-start-date',
    class: 'sort',
    description:
      'objectives and initiatives sorted by endDate come in startDate order (a column-mapping slip)',
    names: /sort|order|endDate|objective|initiative/i,
    handle: onFields((node, field, vars) =>
      PLANNING_LISTS.has(node.name.value)
        ? mapArgument(node, field, vars, 'sort', (sort) =>
            Array.isArray(sort)
              ? sort.map((s) =>
                  (s as { field?: unknown } | null)?.field === 'endDate' ? { ...s, field: 'startDate' } : s,
                )
              : sort,
          )
        : undefined,
    ),
  },
  {
    id: 'holdout4.null.opportunity-target-company',
    class: 'nullability',
    description: "an opportunity's targetCompany is null although the company is set (a missing join)",
    names: /targetCompany|opportunit|null/i,
    handle: onData((key, value) => (key === 'targetCompany' ? null : value)),
  },
  {
    id: 'holdout4.null.item-on-update',
    class: 'nullability',
    description:
      'updateActivity, updateObjective, updateInitiative and updatePublicCompany answer item null on success (the change is written)',
    names: /item|null|update/i,
    handle: onRoots(UPDATES_WITH_ITEM, (result) =>
      'item' in result && !(result.validationErrors as unknown[] | null | undefined)?.length
        ? { ...result, item: null }
        : result,
    ),
  },
  {
    id: 'holdout4.versions.1.2.0-score-value-leaks',
    class: 'versions',
    description:
      'the 1.2.0 endpoint answers Score.value and Score.maxValue (1.4.0 only) instead of refusing them',
    names: /score|value|maxValue|1\.2\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.2.0' &&
      (selectsField(request, 'Score', 'value') || selectsField(request, 'Score', 'maxValue'))
        ? forward({ ...request, version: '1.4.0' })
        : forward(request),
  },
  {
    id: 'holdout4.versions.check-security-missing',
    class: 'versions',
    description: '1.4.0 folderTypes lost its checkSecurity argument (\'Unknown argument "checkSecurity"\')',
    names: /checkSecurity|folderTypes|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.4.0' &&
      rootSelections(request).some((r) => r.name === 'folderTypes' && 'checkSecurity' in r.args)
        ? Promise.resolve(
            validationFailure(request, 'Unknown argument "checkSecurity" on field "Query.folderTypes".'),
          )
        : forward(request),
  },
  {
    id: 'holdout4.enums.results-from-screaming',
    class: 'enums',
    description:
      'searchFirmContacts answers resultsFrom "TERM", "FILTER" instead of the enum values Term, Filter',
    names: /resultsFrom|Term|Filter|enum|search/i,
    handle: onData((key, value) =>
      key === 'resultsFrom' && typeof value === 'string' ? value.toUpperCase() : value,
    ),
  },
  {
    id: 'holdout4.enums.insight-type-screaming',
    class: 'enums',
    description:
      'getRelationshipInsights answers insightType "CONNECTION_RANK", "ENGAGEMENT_RANK" instead of ConnectionRank, EngagementRank',
    names: /insightType|ConnectionRank|insight|enum/i,
    handle: onData((key, value) => (key === 'insightType' ? screaming(value) : value)),
  },
  {
    id: 'holdout4.dates.opportunity-dates-us-format',
    class: 'dates',
    description:
      "an opportunity's estimatedCloseDate, dateOpened and actualCloseDate come as MM/DD/YYYY instead of ISO dates",
    names: /date|format|ISO|estimatedCloseDate|dateOpened|opportunit/i,
    handle: onData((key, value) => (OPPORTUNITY_DATES.has(key) ? usDate(value) : value)),
  },
  {
    id: 'holdout4.dates.activity-date-filter-to-exclusive',
    class: 'dates',
    description:
      "activities filtered by date leave out the activities of the range's last day (the `to` bound compared as midnight)",
    names: /date|filter|range|activit|count|total/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'activities' && paged(field)
        ? mapArgument(node, field, vars, 'filter', exclusiveTo)
        : undefined,
    ),
  },
  {
    id: 'holdout4.validation.typed-option-of-other-type-accepted',
    class: 'validation',
    description:
      'addAdditionalFieldDefinition accepts a typed option of another type (stringInput on an integer field) and drops it, instead of refusing',
    names:
      /stringInput|decimalInput|integerInput|listInput|booleanInput|userInput|additional|validation|propertyName/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'addAdditionalFieldDefinition'
        ? mapArgument(node, field, vars, 'input', (input) => {
            if (!input || typeof input !== 'object') return input;
            const given = input as Record<string, unknown>;
            const kept = Object.entries(given).filter(
              ([k]) => TYPED_OPTIONS[k] === undefined || TYPED_OPTIONS[k] === given.type,
            );
            return kept.length === Object.keys(given).length ? input : Object.fromEntries(kept);
          })
        : undefined,
    ),
  },
  {
    id: 'holdout4.validation.activity-date-property-name',
    class: 'validation',
    description:
      'a refused activityDate of addActivity and updateActivity is reported with propertyName "activityStartDate" (the stored field) instead of "activityDate"',
    names: /propertyName|activityDate|activityStartDate|validation/i,
    handle: onAnswer((answer, request) =>
      rootFields(request).some((f) => ACTIVITY_WRITES.has(f)) &&
      answer.json &&
      typeof answer.json === 'object'
        ? {
            ...answer,
            json: mapJson(answer.json, (key, value) =>
              key === 'propertyName' && value === 'activityDate' ? 'activityStartDate' : value,
            ),
          }
        : answer,
    ),
  },
  {
    id: 'holdout4.persistence.list-details-not-kept',
    class: 'persistence',
    description:
      'editListDetails answers the new name and description, but the list keeps its old ones (a stale copy written back)',
    names: /editListDetails|list|name|description|persist|kept/i,
    handle: listDetailsNotKept,
  },
  {
    id: 'holdout4.persistence.objective-status-not-kept',
    class: 'persistence',
    description: 'updateObjectiveStatus answers the new status, but the objective keeps its old one',
    names: /updateObjectiveStatus|objective|status|persist|kept|closed|open/i,
    handle: objectiveStatusNotKept,
  },
  {
    id: 'holdout4.events.after-inclusive',
    class: 'events',
    description:
      "the event filter's exclusive bound eventDate.after is applied inclusively: a poller passing its last eventDate gets that event again",
    names: /after|eventDate|event|duplicate|again|poll|cursor|exclusive/i,
    handle: onFields((node, field, vars) =>
      isEventView(node.name.value)
        ? mapArgument(node, field, vars, 'filter', (filter) => {
            const range = (filter as { eventDate?: Record<string, unknown> } | null | undefined)?.eventDate;
            if (!range || range.after === undefined || range.after === null || range.from !== undefined)
              return filter;
            const { after, ...rest } = range;
            return { ...(filter as object), eventDate: { ...rest, from: after } };
          })
        : undefined,
    ),
  },
  {
    id: 'holdout4.events.deleted-contact-events-shown',
    class: 'events',
    description:
      'firmContactEventViews without an event-type filter answers the events of deleted contacts too, instead of only when ContactDeleted is asked for',
    names: /ContactDeleted|deleted|event|contact|count|total/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'firmContactEventViews'
        ? mapArgument(node, field, vars, 'filter', (filter) =>
            (filter as { eventTypes?: unknown } | null | undefined)?.eventTypes
              ? filter
              : { ...(filter as object | null | undefined), eventTypes: FIRM_CONTACT_EVENT_TYPES },
          )
        : undefined,
    ),
  },
  {
    id: 'holdout4.tenancy.limited-updates-full-activity',
    class: 'tenancy',
    description:
      "updateActivity of the limited tenant given an activity id of the full tenant updates the full tenant's activity (no owner check on write)",
    names: /tenant|limited|isolation|leak|other|activit/i,
    handle: async (request, forward) => {
      if (tokenOf(request) !== DEV_TOKENS.limited || !rootFields(request).includes('updateActivity'))
        return forward(request);
      const answer = await forward(request);
      return refused(answer) ? as(DEV_TOKENS.full, request, forward) : answer;
    },
  },
  {
    id: 'holdout4.tenancy.firm-settings-shared',
    class: 'tenancy',
    description:
      "firm settings of the limited tenant answer the full tenant's (a process-wide settings cache)",
    names: /tenant|limited|isolation|leak|other|firm|settings/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).includes('firm')
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout4.auth.401-without-www-authenticate',
    class: 'auth',
    description: 'a 401 answer lacks the WWW-Authenticate header (the challenge HTTP requires)',
    names: /WWW-Authenticate|challenge|header|401/i,
    handle: onAnswer((answer) => {
      if (answer.status !== 401) return answer;
      const { 'www-authenticate': _challenge, ...headers } = answer.headers;
      return { ...answer, headers };
    }),
  },
  {
    id: 'holdout4.auth.unknown-token-403',
    class: 'auth',
    description: 'an unknown bearer token is answered 403 FORBIDDEN instead of 401 UNAUTHENTICATED',
    names: /401|403|FORBIDDEN|UNAUTHENTICATED|auth|token|status/i,
    handle: onAnswer((answer, request) =>
      answer.status === 401 && tokenOf(request) !== ''
        ? jsonAnswer(403, {
            errors: [{ message: 'Forbidden: invalid access token.', extensions: { code: 'FORBIDDEN' } }],
          })
        : answer,
    ),
  },
  {
    id: 'holdout4.http.graphql-response-json-errors-200',
    class: 'http',
    description:
      'under Accept: application/graphql-response+json a document that fails to parse or validate is answered 200 instead of 400',
    names: /\b200\b|\b400\b|status|graphql-response\+json|GRAPHQL_(VALIDATION|PARSE)_FAILED/i,
    handle: onAnswer((answer, request) =>
      answer.status === 400 &&
      /application\/graphql-response\+json/.test(request.headers.accept ?? '') &&
      errorCodes(answer).some((c) => c === 'GRAPHQL_VALIDATION_FAILED' || c === 'GRAPHQL_PARSE_FAILED')
        ? { ...answer, status: 200 }
        : answer,
    ),
  },
  {
    id: 'holdout4.http.body-not-json-500',
    class: 'http',
    description:
      'a request body that is not a JSON object is answered HTTP 500 (the parser throws) instead of 400',
    names: /\b500\b|\b400\b|status|BAD_REQUEST|INTERNAL|not JSON|unparsable|malformed/i,
    handle: onAnswer((answer, request) =>
      answer.status === 400 && request.body === undefined && errorCodes(answer).includes('BAD_REQUEST')
        ? jsonAnswer(500, {
            errors: [
              {
                message: 'Unexpected token in JSON at position 1',
                extensions: { code: 'INTERNAL_SERVER_ERROR' },
              },
            ],
          })
        : answer,
    ),
  },
  {
    id: 'holdout4.cache.total-count-stale',
    class: 'caching',
    description:
      'totalModels of a paged query is cached for 60 seconds per token, query and arguments (writes do not invalidate the count; the items are fresh)',
    names: /totalModels|total|count|cache|stale/i,
    handle: staleTotals(60_000),
  },
  {
    id: 'holdout4.errors.partial-data-dropped',
    class: 'errors',
    description: 'an answer with a field error has data null: the results of the other root fields are lost',
    names: /\bdata\b|null|partial|field error/i,
    handle: onAnswer((answer) =>
      errorsBesideData(answer) ? { ...answer, json: { ...(answer.json as object), data: null } } : answer,
    ),
  },
  {
    id: 'holdout4.errors.path-missing',
    class: 'errors',
    description: 'field errors lose their path (the client cannot tell which field failed)',
    names: /\bpath\b|field error/i,
    handle: onErrors((error) => {
      const { path: _path, ...rest } = error;
      return rest;
    }),
  },
  {
    id: 'holdout4.region.eu-search-from-us',
    class: 'region',
    description:
      'searchFirmContacts on the eu endpoint answers the us contacts (one search cluster for every region)',
    names: /region|\beu\b|\bus\b|residen|isolation|search/i,
    handle: (request, forward) =>
      request.region === 'eu' && rootFields(request).includes('searchFirmContacts')
        ? forward({ ...request, region: 'us' })
        : forward(request),
  },
  {
    id: 'holdout4.region.us-by-id-falls-back-to-eu',
    class: 'region',
    description:
      'a read by id on the us endpoint that finds nothing is answered from the eu data (a global id lookup)',
    names: /region|\beu\b|\bus\b|residen|isolation|null/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      const data = dataOf(answer);
      if (request.region !== 'us' || !data || isMutation(request)) return answer;
      const missing = rootSelections(request).some((r) => BY_ID.test(r.name) && data[r.key] === null);
      return missing ? forward({ ...request, region: 'eu' }) : answer;
    },
  },
];
