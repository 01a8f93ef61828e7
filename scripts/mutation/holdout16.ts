/**
 * A sixteenth held-out set of regressions, on the activity side of the API (activities and activity types,
 * opportunities and their stages, planning, change-detection events, firm settings, regions and tenants,
 * authentication, rate limits, and the rules and persisted effects of writes), chosen from the spec and
 * from what vendors ship, without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout16` runs them.
 */
import { Kind, type FieldNode, type SelectionNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { selectedUnder, sibling } from './holdout5.js';
import { onInput, onMutationInput, refusedAsUnauthenticated } from './holdout6.js';
import { isEventView, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  onData,
  onFields,
  rewriteFields,
  selecting,
  withArgument,
} from './rewrite.js';

/** A JSON answer typed as the request's Accept header asks (application/json unless it asks for the other). */
function answerFor(request: Incoming, status: number, json: unknown, headers: Record<string, string> = {}) {
  const type = /application\/graphql-response\+json/.test(request.headers.accept ?? '')
    ? 'application/graphql-response+json; charset=utf-8'
    : 'application/json; charset=utf-8';
  return jsonAnswer(status, json, { 'content-type': type, ...headers });
}

/** The single root field of a request named `name`, when the request selects only that one. */
function onlyRoot(request: Incoming, name: string) {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/** The `input` argument of a root selection, as an object. */
function inputOf(root: { args: Record<string, unknown> } | undefined): Record<string, unknown> | undefined {
  const input = root?.args.input;
  return input && typeof input === 'object' && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : undefined;
}

/** Reads `query` as the request's tenant, region and revision; the `v` of its data. */
async function read(request: Incoming, forward: Forward, query: string, variables: Record<string, unknown>) {
  return dataOf(await forward(sibling(request, query, variables)))?.v;
}

// ---- whole lists reshaped ----------------------------------------------------------------------------

const HIDE = 'h16_';

const field = (name: string, alias?: string, selections?: readonly SelectionNode[]): FieldNode => ({
  kind: Kind.FIELD,
  name: { kind: Kind.NAME, value: name },
  ...(alias ? { alias: { kind: Kind.NAME, value: alias } } : {}),
  ...(selections ? { selectionSet: { kind: Kind.SELECTION_SET, selections } } : {}),
});

/** A paged field asking every item from the first (limit 1000), with `fields` hidden in its models. */
function wholeListWith(node: FieldNode, fields: readonly string[]): FieldNode {
  const hidden = fields.map((f) => field(f, HIDE + f));
  const selections = node.selectionSet?.selections ?? [];
  const paged = withArgument(withArgument(node, 'skip', undefined), 'limit', {
    kind: Kind.INT,
    value: '1000',
  });
  return {
    ...paged,
    selectionSet: {
      kind: Kind.SELECTION_SET,
      selections: [...selections, field('models', `${HIDE}models`, hidden)],
    },
  };
}

/** An item without the hidden fields. */
function strip(item: unknown): unknown {
  if (!item || typeof item !== 'object') return item;
  return Object.fromEntries(Object.entries(item).filter(([k]) => !k.startsWith(HIDE)));
}

/**
 * A root list whose whole set of items is reshaped by `order` (the indexes of the items kept, in their new
 * order) before the page (skip, limit) is cut from it: the regression lives in the query, not the page.
 * `order` sees each item's `fields` (as `h16_<field>`).
 */
function reshapedList(
  root: string,
  isRoot: (args: readonly { name: string }[]) => boolean,
  fields: readonly string[],
  when: (args: Record<string, unknown>) => boolean,
  order: (models: Record<string, unknown>[], args: Record<string, unknown>) => number[],
): Handler {
  return async (request, forward) => {
    if (isMutation(request)) return forward(request);
    const roots = rootSelections(request).filter((r) => r.name === root);
    if (!roots.some((r) => when(r.args))) return forward(request);
    for (const r of roots) {
      const { skip, limit } = r.args as { skip?: unknown; limit?: unknown };
      if (
        (typeof skip === 'number' && skip < 0) ||
        (typeof limit === 'number' && (limit < 0 || limit > 1000))
      )
        return forward(request);
    }
    const answer = await forward(
      rewriteFields(request, (node, f) =>
        node.name.value === root && isRoot(f.args) ? wholeListWith(node, fields) : undefined,
      ),
    );
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const r of roots) {
      const page = data[r.key] as Record<string, unknown> | null | undefined;
      const all = page?.[`${HIDE}models`];
      if (!page || !Array.isArray(all)) continue;
      const models = all as Record<string, unknown>[];
      const kept = when(r.args) ? order(models, r.args) : models.map((_m, i) => i);
      const skip = typeof r.args.skip === 'number' ? r.args.skip : 0;
      const limit = typeof r.args.limit === 'number' ? r.args.limit : 100;
      const window = kept.slice(skip, skip + limit);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(page)) {
        if (k === `${HIDE}models`) continue;
        if (Array.isArray(v)) out[k] = window.map((i) => strip(v[i]));
        else if (k === 'totalModels') out[k] = kept.length;
        else out[k] = v;
      }
      next[r.key] = out;
    }
    return { ...answer, json: { ...(answer.json as object), data: next } };
  };
}

const hasFilter = (args: readonly { name: string }[]) => args.some((a) => a.name === 'filter');

/** activities filtered by subject match only subjects that start with the text (LIKE 'x%'). */
const subjectPrefixOnly = reshapedList(
  'activities',
  hasFilter,
  ['subject'],
  (args) => typeof (args.filter as { subject?: unknown } | null | undefined)?.subject === 'string',
  (models, args) => {
    const term = String((args.filter as { subject: string }).subject).toLowerCase();
    return models.flatMap((m, i) =>
      String(m[`${HIDE}subject`] ?? '')
        .toLowerCase()
        .startsWith(term)
        ? [i]
        : [],
    );
  },
);

/** activityTypes come ordered by group name first, then by name (the ORDER BY of the grouped picker). */
const activityTypesByGroup = reshapedList(
  'activityTypes',
  () => true,
  ['groupName'],
  () => true,
  (models) =>
    models
      .map((m, i) => ({ g: String(m[`${HIDE}groupName`] ?? ''), i }))
      .sort((a, b) => a.g.localeCompare(b.g) || a.i - b.i)
      .map((x) => x.i),
);

// ---- paging -------------------------------------------------------------------------------------------

/** activityTypes read a missing onlyUserCreatable as false (the default dropped from the resolver). */
const userCreatableDefaultOff: Handler = onFields((node, f, vars) =>
  node.name.value === 'activityTypes'
    ? mapArgument(node, f, vars, 'onlyUserCreatable', (v) => (v === undefined || v === null ? false : v))
    : undefined,
);

/** totalModels of activityTypes counts every type of the firm, whatever the flags (the count query lacks them). */
const activityTypesTotalUnfiltered: Handler = async (request, forward) => {
  const answer = await forward(request);
  const data = dataOf(answer);
  const roots = rootSelections(request).filter((r) => r.name === 'activityTypes');
  if (!data || roots.length === 0) return answer;
  const all = (await read(
    request,
    forward,
    '{ v: activityTypes(onlyUserCreatable: false) { totalModels } }',
    {},
  )) as { totalModels?: unknown } | undefined;
  if (typeof all?.totalModels !== 'number') return answer;
  const next = { ...data };
  for (const r of roots) {
    const page = data[r.key] as Record<string, unknown> | null | undefined;
    if (page && typeof page.totalModels === 'number') next[r.key] = { ...page, totalModels: all.totalModels };
  }
  return { ...answer, json: { ...(answer.json as object), data: next } };
};

/** initiatives ignore the objectiveIds of their filter (every initiative of every objective). */
const objectiveIdsIgnored: Handler = onFields((node, f, vars) =>
  node.name.value === 'initiatives'
    ? mapArgument(
        node,
        f,
        vars,
        'filter',
        onInput((filter) => {
          if (!('objectiveIds' in filter)) return filter;
          const { objectiveIds: _ids, ...rest } = filter;
          return rest;
        }),
      )
    : undefined,
);

// ---- stages -------------------------------------------------------------------------------------------

/** Opportunity stage instances come newest first instead of in the order they were entered. */
const stageInstancesNewestFirst = onData(
  (key, value) =>
    key === 'stageInstances' && Array.isArray(value) ? [...(value as unknown[])].reverse() : value,
  (r) => !isMutation(r),
);

/** The current stage's timeSpent reads 0: days are counted only once a stage is left. */
const currentStageTimeZero = onData((key, value) => {
  if (key === 'currentStage' && value && typeof value === 'object' && 'timeSpent' in value)
    return { ...value, timeSpent: 0 };
  if (key === 'stageInstances' && Array.isArray(value) && value.length > 0) {
    const last = value[value.length - 1] as Record<string, unknown> | null;
    return last && typeof last === 'object' && 'timeSpent' in last
      ? [...(value as unknown[]).slice(0, -1), { ...last, timeSpent: 0 }]
      : value;
  }
  return value;
});

/** The current stage order of an opportunity, read as the request's tenant. */
async function currentStageOrder(request: Incoming, forward: Forward, id: unknown): Promise<unknown> {
  const o = (await read(
    request,
    forward,
    'query($id: ID!) { v: opportunity(id: $id) { currentStage { stageOrder } } }',
    {
      id,
    },
  )) as { currentStage?: { stageOrder?: unknown } | null } | null | undefined;
  return o?.currentStage?.stageOrder;
}

/** updateOpportunityStageInstances moving back to an earlier stage answers success and changes nothing. */
const backwardMoveIgnored: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'updateOpportunityStageInstances');
  const input = inputOf(root);
  if (!root || !input || typeof input.stageOrder !== 'number') return forward(request);
  const current = await currentStageOrder(request, forward, input.opportunityId);
  if (typeof current !== 'number' || input.stageOrder >= current) return forward(request);
  const result: Record<string, unknown> = {};
  for (const name of selectedUnder(request, root.key))
    result[name] = name === 'opportunityId' ? input.opportunityId : null;
  return answerFor(request, 200, { data: { [root.key]: result } });
};

// ---- opportunity status --------------------------------------------------------------------------------

/** updateOpportunityStatus closing without actualCloseDate stores the estimatedCloseDate instead of today. */
const closeDateFromEstimate: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'updateOpportunityStatus');
  const input = inputOf(root);
  if (
    !input ||
    input.status !== 'closed' ||
    (input.actualCloseDate !== undefined && input.actualCloseDate !== null)
  )
    return forward(request);
  const o = (await read(
    request,
    forward,
    'query($id: ID!) { v: opportunity(id: $id) { estimatedCloseDate } }',
    {
      id: input.opportunityId,
    },
  )) as { estimatedCloseDate?: unknown } | null | undefined;
  const estimate = o?.estimatedCloseDate;
  if (typeof estimate !== 'string') return forward(request);
  return onMutationInput(new Set(['updateOpportunityStatus']), (i) => ({ ...i, actualCloseDate: estimate }))(
    request,
    forward,
  );
};

/** updateOpportunityStatus closing without an outcome is accepted and records the outcome Won. */
const closeWithoutOutcomeAsWon: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'updateOpportunityStatus');
  const input = inputOf(root);
  if (!input || input.status !== 'closed' || (input.outcomeId !== undefined && input.outcomeId !== null))
    return forward(request);
  const closed = (await read(
    request,
    forward,
    '{ v: opportunities(filter: { statuses: [closed] }, limit: 1000) { models { actualOutcome { id name } } } }',
    {},
  )) as { models?: { actualOutcome?: { id?: unknown; name?: unknown } | null }[] } | undefined;
  const won = (closed?.models ?? []).find((m) => m.actualOutcome?.name === 'Won')?.actualOutcome?.id;
  if (typeof won !== 'string') return forward(request);
  return onMutationInput(new Set(['updateOpportunityStatus']), (i) => ({ ...i, outcomeId: won }))(
    request,
    forward,
  );
};

// ---- planning -----------------------------------------------------------------------------------------

/** updateObjectiveStatus closing an objective with open initiatives closes them too instead of refusing. */
const objectiveCloseCascades: Handler = async (request, forward) => {
  const input = inputOf(onlyRoot(request, 'updateObjectiveStatus'));
  if (!input || input.status !== 'closed' || typeof input.id !== 'string') return forward(request);
  const o = (await read(
    request,
    forward,
    'query($id: ID!) { v: objective(id: $id) { isDeleted initiatives(limit: 1000) { models { id status isDeleted } } } }',
    { id: input.id },
  )) as
    | {
        isDeleted?: unknown;
        initiatives?: { models?: { id: unknown; status: unknown; isDeleted: unknown }[] } | null;
      }
    | null
    | undefined;
  if (!o || o.isDeleted === true) return forward(request);
  for (const i of o.initiatives?.models ?? [])
    if (i.status === 'open' && i.isDeleted !== true)
      await forward(
        sibling(
          request,
          'mutation($id: ID!) { updateInitiativeStatus(input: { id: $id, status: closed }) { validationErrors { propertyName } } }',
          { id: i.id },
        ),
      );
  return forward(request);
};

// ---- activities ---------------------------------------------------------------------------------------

const ACTIVITY_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A time as `activityDate` writes it: `YYYY-MM-DD HH:mm:ss` (UTC). */
const activityDateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** updateActivity without an activityDate moves the activity to the time of the update (a wrong default). */
const updateResetsDate: Handler = onMutationInput(new Set(['updateActivity']), (input) =>
  'activityDate' in input ? input : { ...input, activityDate: activityDateOf(Date.now()) },
);

/** addActivity keeps only the first of its linkedEntityIds. */
const firstLinkOnly: Handler = onMutationInput(new Set(['addActivity']), (input) =>
  Array.isArray(input.linkedEntityIds) && input.linkedEntityIds.length > 1
    ? { ...input, linkedEntityIds: input.linkedEntityIds.slice(0, 1) }
    : input,
);

/** addActivity and updateActivity refuse an activityDate in the future (planned meetings cannot be logged). */
const futureDateRefused: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root =
    roots.length === 1 && (roots[0]!.name === 'addActivity' || roots[0]!.name === 'updateActivity')
      ? roots[0]
      : undefined;
  const given = inputOf(root)?.activityDate;
  const m = typeof given === 'string' ? ACTIVITY_DATE.exec(given) : null;
  if (!root || !m) return forward(request);
  const at = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  if (!(at > Date.now())) return forward(request);
  const failure = { propertyName: 'activityDate', message: 'activityDate must not be in the future.' };
  if (root.name === 'addActivity')
    return answerFor(request, 200, {
      errors: [
        {
          message: failure.message,
          path: [root.key],
          extensions: { code: 'BAD_USER_INPUT', validationErrors: [failure] },
        },
      ],
      data: { [root.key]: null },
    });
  const result: Record<string, unknown> = {};
  for (const name of selectedUnder(request, root.key))
    result[name] = name === 'validationErrors' ? [failure] : null;
  return answerFor(request, 200, { data: { [root.key]: result } });
};

/** A date filter whose from is after its to answers no items instead of a BAD_USER_INPUT error. */
const reversedRangeEmpty: Handler = onFields((node, f, vars) =>
  node.name.value === 'activities' || node.name.value === 'opportunities'
    ? mapArgument(
        node,
        f,
        vars,
        'filter',
        onInput((filter) => {
          const key = node.name.value === 'activities' ? 'date' : 'dateOpened';
          const range = filter[key] as { from?: unknown; to?: unknown } | null | undefined;
          return range &&
            typeof range.from === 'string' &&
            typeof range.to === 'string' &&
            range.from > range.to
            ? { ...filter, [key]: { from: '1900-01-01', to: '1900-01-01' } }
            : filter;
        }),
      )
    : undefined,
);

// ---- events -------------------------------------------------------------------------------------------

/** The newest event of a view for one entity (`filter`), read as the request's tenant: its eventDate. */
async function newestEventDate(
  request: Incoming,
  forward: Forward,
  view: string,
  filter: Record<string, unknown>,
): Promise<unknown> {
  const type = view.charAt(0).toUpperCase() + view.slice(1, -1);
  const page = (await read(
    request,
    forward,
    `query($f: ${type}FilterInput) { v: ${view}(filter: $f, sort: [{ field: eventDate, direction: Descending }], limit: 1) { models { eventDate } } }`,
    { f: filter },
  )) as { models?: { eventDate?: unknown }[] } | undefined;
  return page?.models?.[0]?.eventDate;
}

/** addOpportunity records only StatusChanged: its DateOpenedChanged and CurrentStageChanged events are lost. */
function creationEventsStatusOnly(): Handler {
  const created = new Map<string, unknown>();
  const drop = droppingEvents(
    'opportunityEventViews',
    'eventType opportunityId eventDate',
    () => (e) =>
      e.eventType !== 'StatusChanged' &&
      typeof e.opportunityId === 'string' &&
      created.has(e.opportunityId) &&
      created.get(e.opportunityId) === e.eventDate,
  );
  return async (request, forward) => {
    const root = onlyRoot(request, 'addOpportunity');
    if (!root) return created.size > 0 ? drop(request, forward) : forward(request);
    const answer = await forward(request);
    if (!dataOf(answer)?.[root.key]) return answer;
    const newest = (await read(
      request,
      forward,
      '{ v: opportunityEventViews(sort: [{ field: eventDate, direction: Descending }], limit: 1) { models { opportunityId eventDate } } }',
      {},
    )) as { models?: { opportunityId?: unknown; eventDate?: unknown }[] } | undefined;
    const event = newest?.models?.[0];
    if (typeof event?.opportunityId === 'string') created.set(event.opportunityId, event.eventDate);
    return answer;
  };
}

/** updateInitiative changing only the description records no InitiativeUpdated event (the audit skips it). */
function descriptionUpdateUnrecorded(): Handler {
  const silent = new Set<string>();
  const drop = droppingEvents(
    'initiativeEventViews',
    'eventType initiativeId eventDate',
    () => (e) =>
      e.eventType === 'InitiativeUpdated' && silent.has(`${String(e.initiativeId)} ${String(e.eventDate)}`),
  );
  return async (request, forward) => {
    const input = inputOf(onlyRoot(request, 'updateInitiative'));
    if (
      !input ||
      typeof input.id !== 'string' ||
      !('description' in input) ||
      Object.keys(input).some((k) => k !== 'id' && k !== 'description')
    )
      return silent.size > 0 ? drop(request, forward) : forward(request);
    const filter = { initiativeIds: [input.id], eventTypes: ['InitiativeUpdated'] };
    const before = await newestEventDate(request, forward, 'initiativeEventViews', filter);
    const answer = await forward(request);
    const after = await newestEventDate(request, forward, 'initiativeEventViews', filter);
    if (typeof after === 'string' && after !== before) silent.add(`${input.id} ${after}`);
    return answer;
  };
}

/** An event view given an empty eventTypes list answers every type (an empty list read as no filter). */
const emptyEventTypesAsAll: Handler = onFields((node, f, vars) =>
  isEventView(node.name.value)
    ? mapArgument(
        node,
        f,
        vars,
        'filter',
        onInput((filter) => {
          if (!Array.isArray(filter.eventTypes) || filter.eventTypes.length > 0) return filter;
          const { eventTypes: _types, ...rest } = filter;
          return rest;
        }),
      )
    : undefined,
);

// ---- region, auth, rate limits ------------------------------------------------------------------------

/** activityStartDate on the eu endpoint is the CET wall-clock time written with a Z (one hour late). */
const euStartShifted: Handler = (request, forward) =>
  request.region === 'eu'
    ? onData((key, value) => {
        if (key !== 'activityStartDate' || typeof value !== 'string') return value;
        const ms = Date.parse(value);
        return Number.isNaN(ms) ? value : new Date(ms + 3_600_000).toISOString();
      })(request, forward)
    : forward(request);

/**
 * A per-token limiter of `max` requests in `windowMs`; requests over it get `refuse(request)` (and are not
 * counted).
 */
function rateLimited(max: number, windowMs: number, refuse: (request: Incoming) => Answer): Handler {
  const seen = new Map<string, number[]>();
  return (request, forward) => {
    const key = tokenOf(request);
    const now = Date.now();
    const times = (seen.get(key) ?? []).filter((t) => now - t < windowMs);
    seen.set(key, times);
    if (times.length >= max) return Promise.resolve(refuse(request));
    times.push(now);
    return forward(request);
  };
}

/** Regressions the certification was not written against (a sixteenth blind set). */
export const HOLDOUT16: readonly Mutant[] = [
  {
    id: 'holdout16.paging.activity-types-user-creatable-default-off',
    class: 'paging',
    description:
      'activityTypes without onlyUserCreatable also lists inactive and calendar-synchronised types (the default read as false)',
    names: /activityTypes|onlyUserCreatable|default|isActive|creatable|type/i,
    handle: userCreatableDefaultOff,
  },
  {
    id: 'holdout16.paging.activity-subject-filter-prefix-only',
    class: 'paging',
    description:
      'activities filtered by subject match only subjects that start with the text, not contain it',
    names: /subject|filter|activities|substring|contain/i,
    handle: subjectPrefixOnly,
  },
  {
    id: 'holdout16.paging.initiatives-objective-ids-ignored',
    class: 'paging',
    description:
      'initiatives ignore the objectiveIds of their filter and answer the initiatives of every objective',
    names: /objectiveIds|initiatives|filter|objective/i,
    handle: objectiveIdsIgnored,
  },
  {
    id: 'holdout16.paging.activity-types-total-unfiltered',
    class: 'paging',
    description: "activityTypes' totalModels counts every type of the firm, whatever its flags select",
    names: /totalModels|activityTypes|total|count/i,
    handle: activityTypesTotalUnfiltered,
  },
  {
    id: 'holdout16.sort.activity-types-by-group',
    class: 'sort',
    description: 'activityTypes come ordered by group name first instead of by name',
    names: /activityTypes|order|sort|name|group/i,
    handle: activityTypesByGroup,
  },
  {
    id: 'holdout16.sort.stage-instances-newest-first',
    class: 'sort',
    description:
      "an opportunity's stageInstances come newest first instead of in the order they were entered",
    names: /stageInstances|stage|order|opportunit/i,
    handle: stageInstancesNewestFirst,
  },
  {
    id: 'holdout16.null.activity-type-group',
    class: 'nullability',
    description: "an activity's typeGroup is null (the type's group no longer joined)",
    names: /typeGroup|group|activity|null/i,
    handle: onData((key, value) => (key === 'typeGroup' ? null : value)),
  },
  {
    id: 'holdout16.null.default-new-activity-type',
    class: 'nullability',
    description:
      'the firm settings answer defaultNewActivityTypeId null although the firm has a default type',
    names: /defaultNewActivityTypeId|firm|settings|isDefault|default|null/i,
    handle: onData((key, value) => (key === 'defaultNewActivityTypeId' ? null : value)),
  },
  {
    id: 'holdout16.versions.1.2.0-activity-types-watchable-missing',
    class: 'versions',
    description:
      "the 1.2.0 endpoint's activityTypes lost its watchable argument ('Unknown argument \"watchable\"')",
    names: /watchable|activityTypes|1\.2\.0|version|argument|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.2.0' &&
      rootSelections(request).some((r) => r.name === 'activityTypes' && 'watchable' in r.args)
        ? Promise.resolve(
            validationFailure(request, 'Unknown argument "watchable" on field "Query.activityTypes".'),
          )
        : forward(request),
  },
  {
    id: 'holdout16.enums.initiative-status-changed-as-updated',
    class: 'enums',
    description:
      'initiativeEventViews answers eventType InitiativeUpdated for changes of status (InitiativeStatusChanged)',
    names: /InitiativeStatusChanged|InitiativeUpdated|eventType|initiativeEventViews|enum/i,
    handle: onData((key, value) =>
      key === 'eventType' && value === 'InitiativeStatusChanged' ? 'InitiativeUpdated' : value,
    ),
  },
  {
    id: 'holdout16.dates.current-stage-time-spent-zero',
    class: 'dates',
    description: "the current stage's timeSpent reads 0 (days are counted only once a stage is left)",
    names: /timeSpent|currentStage|stage|days|time/i,
    handle: currentStageTimeZero,
  },
  {
    id: 'holdout16.dates.stage-time-entered-ignored',
    class: 'dates',
    description: 'updateOpportunityStageInstances ignores the timeEntered given and enters the stage now',
    names: /timeEntered|updateOpportunityStageInstances|stage|currentStage|time/i,
    handle: onMutationInput(new Set(['updateOpportunityStageInstances']), (input) => {
      if (!('timeEntered' in input)) return input;
      const { timeEntered: _time, ...rest } = input;
      return rest;
    }),
  },
  {
    id: 'holdout16.dates.close-date-defaults-to-estimate',
    class: 'dates',
    description:
      'updateOpportunityStatus closing without actualCloseDate stores the estimatedCloseDate instead of today',
    names: /actualCloseDate|estimatedCloseDate|updateOpportunityStatus|close|date/i,
    handle: closeDateFromEstimate,
  },
  {
    id: 'holdout16.validation.future-activity-date-refused',
    class: 'validation',
    description: 'addActivity and updateActivity refuse an activityDate in the future',
    names: /activityDate|future|addActivity|updateActivity|validation|BAD_USER_INPUT/i,
    handle: futureDateRefused,
  },
  {
    id: 'holdout16.validation.close-without-outcome-as-won',
    class: 'validation',
    description: 'updateOpportunityStatus closing without an outcome is accepted and records the outcome Won',
    names: /outcome|updateOpportunityStatus|closed|status|validation/i,
    handle: closeWithoutOutcomeAsWon,
  },
  {
    id: 'holdout16.validation.objective-close-cascades',
    class: 'validation',
    description:
      'closing an objective whose initiatives are open closes those initiatives too instead of being refused',
    names: /canClose|updateObjectiveStatus|objective|initiative|closed|status/i,
    handle: objectiveCloseCascades,
  },
  {
    id: 'holdout16.persistence.update-activity-date-reset',
    class: 'persistence',
    description: 'updateActivity without an activityDate moves the activity to the time of the update',
    names: /activityDate|activityStartDate|updateActivity|kept|persist|date/i,
    handle: updateResetsDate,
  },
  {
    id: 'holdout16.persistence.add-activity-first-link-only',
    class: 'persistence',
    description: 'addActivity keeps only the first of its linkedEntityIds',
    names: /linkedEntityIds|linkedActivityContacts|addActivity|link|persist/i,
    handle: firstLinkOnly,
  },
  {
    id: 'holdout16.persistence.backward-stage-move-ignored',
    class: 'persistence',
    description:
      'updateOpportunityStageInstances to a stage before the current one answers success and keeps the current stage',
    names: /updateOpportunityStageInstances|stageOrder|currentStage|stage|persist/i,
    handle: backwardMoveIgnored,
  },
  {
    id: 'holdout16.events.add-opportunity-status-event-only',
    class: 'events',
    description:
      'addOpportunity records its StatusChanged event but not DateOpenedChanged or CurrentStageChanged',
    names: /DateOpenedChanged|CurrentStageChanged|opportunityEventViews|addOpportunity|event/i,
    handle: creationEventsStatusOnly(),
  },
  {
    id: 'holdout16.events.initiative-description-edit-unrecorded',
    class: 'events',
    description: 'updateInitiative changing only the description records no InitiativeUpdated event',
    names: /InitiativeUpdated|initiativeEventViews|updateInitiative|description|event/i,
    handle: descriptionUpdateUnrecorded(),
  },
  {
    id: 'holdout16.events.empty-event-types-as-all',
    class: 'events',
    description: 'an event view given an empty eventTypes list answers events of every type instead of none',
    names: /eventTypes|EventViews|filter|empty|event/i,
    handle: emptyEventTypesAsAll,
  },
  {
    id: 'holdout16.tenancy.limited-opportunity-events-full',
    class: 'tenancy',
    description: "opportunityEventViews of the limited tenant answers the full tenant's opportunity events",
    names: /opportunityEventViews|tenant|limited|isolation|event/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && selecting('opportunityEventViews')(request)
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout16.region.eu-activity-types-from-us',
    class: 'region',
    description: 'activityTypes on the eu endpoint answers the us activity types',
    names: /region|eu|activityTypes|typeId/i,
    handle: (request, forward) =>
      request.region === 'eu' && selecting('activityTypes')(request)
        ? forward({ ...request, region: 'us' })
        : forward(request),
  },
  {
    id: 'holdout16.region.eu-activity-start-local-time',
    class: 'region',
    description:
      'activityStartDate on the eu endpoint is the CET wall-clock time written with a Z (an hour late)',
    names: /activityStartDate|eu|region|time ?zone|date/i,
    handle: euStartShifted,
  },
  {
    id: 'holdout16.auth.limited-token-us-only',
    class: 'auth',
    description:
      "the limited tenant's token is refused 401 on the eu and au endpoints (its key never replicated)",
    names: /401|UNAUTHENTICATED|token|limited|region|auth/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && request.region !== 'us'
        ? refusedAsUnauthenticated(request, forward)
        : forward(request),
  },
  {
    id: 'holdout16.http.retry-after-in-milliseconds',
    class: 'http',
    description:
      'the rate limiter (20 requests per 10 seconds and token) answers 429 with Retry-After in milliseconds (10000)',
    names: /429|Retry-After|rate|busy|unavailable|http/i,
    handle: rateLimited(20, 10_000, (request) =>
      answerFor(
        request,
        429,
        { errors: [{ message: 'Too many requests.', extensions: { code: 'RATE_LIMITED' } }] },
        { 'retry-after': '10000' },
      ),
    ),
  },
  {
    id: 'holdout16.errors.rate-limit-as-200',
    class: 'errors',
    description:
      'the rate limiter (30 requests a minute per token) refuses with HTTP 200 and a RATE_LIMITED error instead of 429',
    names: /RATE_LIMITED|429|rate|errors|status/i,
    handle: rateLimited(30, 60_000, (request) =>
      answerFor(request, 200, {
        errors: [{ message: 'Rate limit exceeded.', extensions: { code: 'RATE_LIMITED' } }],
      }),
    ),
  },
  {
    id: 'holdout16.errors.reversed-date-range-empty',
    class: 'errors',
    description:
      'activities and opportunities given a date range whose from is after its to answer no items instead of BAD_USER_INPUT',
    names: /BAD_USER_INPUT|from|to|date|filter|range/i,
    handle: reversedRangeEmpty,
  },
];
