/**
 * A thirteenth held-out set of regressions, chosen from the spec and from what vendors ship after the twelfth
 * held-out set had been built, again without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout13` runs them.
 */
import { Kind, parse } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { errorCodes } from './holdout.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { onErrors } from './holdout3.js';
import { sibling } from './holdout5.js';
import { onMutationInput } from './holdout6.js';
import { cached, eventViews, onAnswer, paged, tokenOf, type Mutant } from './mutants.js';
import type { Answer, Handler, Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  mapJson,
  onData,
  onFields,
  rewriteFields,
  selecting,
  type FieldRewrite,
} from './rewrite.js';

/** Whether a request carries the token of one of the tenants. */
const authenticated = (request: Incoming): boolean =>
  tokenOf(request) === DEV_TOKENS.full || tokenOf(request) === DEV_TOKENS.limited;

/** The one root selection of a request when it selects exactly `operation`. */
function onlyRoot(request: Incoming, operation: string) {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === operation ? roots[0] : undefined;
}

/** The answer with its `data` rewritten by `fn` (each key and value, depth first). */
function mapData(
  answer: Answer,
  fn: (key: string, value: unknown, holder: Record<string, unknown>) => unknown,
) {
  const body = answer.json as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || !body.data || typeof body.data !== 'object') return answer;
  return { ...answer, json: { ...body, data: mapJson(body.data, fn) } };
}

/** The document's operation name: the envelope's, else the name of its first operation. */
function operationNameOf(request: Incoming): string | undefined {
  if (request.body?.operationName) return request.body.operationName;
  try {
    for (const d of parse(request.body?.query ?? '').definitions)
      if (d.kind === Kind.OPERATION_DEFINITION && d.name) return d.name.value;
  } catch {
    return undefined;
  }
  return undefined;
}

// ---- paging -------------------------------------------------------------------------------------------

/** `limit` read as the index to stop before (`slice(skip, limit)`): a page from a positive skip is short. */
const limitAsEndIndex: FieldRewrite = (node, field, vars) => {
  if (!paged(field)) return undefined;
  const given = node.arguments?.find((a) => a.name.value === 'skip');
  let skip: unknown = 0;
  if (given?.value.kind === Kind.VARIABLE) skip = vars[given.value.name.value];
  else if (given?.value.kind === Kind.INT) skip = Number(given.value.value);
  if (typeof skip !== 'number' || skip <= 0) return undefined;
  const fallback = field.args.find((a) => a.name === 'limit')?.defaultValue;
  return mapArgument(node, field, vars, 'limit', (limit) => {
    const end = typeof limit === 'number' ? limit : typeof fallback === 'number' ? fallback : 100;
    return Math.max(0, end - (skip as number));
  });
};

/** Each root page asked for with a filter answers the totalModels of the same query without its filter. */
const totalWithoutFilter: Handler = async (request, forward) => {
  const filtered = rootSelections(request).filter(
    (r) => r.args.filter !== undefined && r.args.filter !== null,
  );
  if (filtered.length === 0 || isMutation(request)) return forward(request);
  const names = new Set(filtered.map((r) => r.name));
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const unfiltered = dataOf(
    await forward(
      rewriteFields(request, (node, field, vars) =>
        names.has(node.name.value) ? mapArgument(node, field, vars, 'filter', () => undefined) : undefined,
      ),
    ),
  );
  const next = { ...data };
  for (const root of filtered) {
    const page = data[root.key] as Record<string, unknown> | null | undefined;
    const all = unfiltered?.[root.key] as Record<string, unknown> | null | undefined;
    if (page && all && typeof page.totalModels === 'number' && typeof all.totalModels === 'number')
      next[root.key] = { ...page, totalModels: all.totalModels };
  }
  return { ...answer, json: { ...(answer.json as object), data: next } };
};

// ---- sort ---------------------------------------------------------------------------------------------

/** opportunities without a sort come in dateOpened order instead of by title (the default ORDER BY changed). */
const opportunitiesDefaultByDateOpened: Handler = onFields((node, field, vars) =>
  node.name.value === 'opportunities'
    ? mapArgument(node, field, vars, 'sort', (sort) =>
        sort === undefined || sort === null ? [{ field: 'dateOpened', direction: 'Ascending' }] : sort,
      )
    : undefined,
);

const TIE_BREAKERS: Record<string, string> = {
  opportunities: 'title',
  objectives: 'name',
  initiatives: 'name',
};

/**
 * Pages sorted by status only break ties by whichever index the planner picks: by title (or name) ascending
 * on one request and descending on the next, so the same page twice differs and pages overlap.
 */
function statusTiesUnstable(): Handler {
  let count = 0;
  return (request, forward) => {
    count += 1;
    const direction = count % 2 === 0 ? 'Descending' : 'Ascending';
    return onFields((node, field, vars) => {
      const breaker = TIE_BREAKERS[node.name.value];
      if (!breaker) return undefined;
      return mapArgument(node, field, vars, 'sort', (sort) => {
        const list = Array.isArray(sort) ? sort : sort ? [sort] : [];
        return list.length === 1 && (list[0] as { field?: unknown }).field === 'status'
          ? [...list, { field: breaker, direction }]
          : sort;
      });
    })(request, forward);
  };
}

// ---- enums --------------------------------------------------------------------------------------------

/**
 * The contacts linked to an activity that are companies resolve as ActivityUnknown (the interface's type
 * resolver no longer knows companies): their __typename changes and the company's fields are lost.
 */
const companiesResolvedAsUnknown = onData((key, value) => {
  if (key !== 'linkedActivityContacts' || !Array.isArray(value)) return value;
  return value.map((item: unknown) => {
    const contact = item as Record<string, unknown> | null;
    if (!contact || typeof contact !== 'object') return item;
    const company =
      contact.__typename === 'ActivityCompany' || ('name' in contact && !('fullName' in contact));
    if (!company) return item;
    const out: Record<string, unknown> = {};
    if ('__typename' in contact) out.__typename = 'ActivityUnknown';
    if ('id' in contact) out.id = contact.id;
    return out;
  });
});

// ---- dates --------------------------------------------------------------------------------------------

const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T[\d:.]+Z$/;

/** The eventDate filter of every event view read as dates: from, after and to lose their time of day. */
const eventFilterTimeDropped: Handler = onFields((node, field, vars) =>
  node.name.value.endsWith('EventViews')
    ? mapArgument(node, field, vars, 'filter', (filter) => {
        const f = filter as Record<string, unknown> | null | undefined;
        const range = f?.eventDate as Record<string, unknown> | null | undefined;
        if (!f || !range || typeof range !== 'object') return filter;
        const day = (v: unknown): unknown =>
          typeof v === 'string' && MIDNIGHT.test(v) ? `${MIDNIGHT.exec(v)![1]}T00:00:00.000Z` : v;
        return {
          ...f,
          eventDate: { ...range, from: day(range.from), after: day(range.after), to: day(range.to) },
        };
      })
    : undefined,
);

const REOPENED: Record<string, string> = {
  updateObjectiveStatus: 'objective',
  updateInitiativeStatus: 'initiative',
};

/**
 * Reopening an objective or initiative keeps its closedDate (the status changes, the date is not cleared):
 * the proxy remembers the date each reopen dropped and answers it wherever that record shows closedDate null.
 */
function reopenKeepsClosedDate(): Handler {
  const kept = new Map<string, unknown>();
  const patch = (request: Incoming, answer: Answer): Answer => {
    if (kept.size === 0) return answer;
    let out = mapData(answer, (key, value, holder) =>
      key === 'closedDate' && value === null && typeof holder.id === 'string' && kept.has(holder.id)
        ? kept.get(holder.id)
        : value,
    );
    const data = dataOf(out);
    if (!data) return out;
    const next = { ...data };
    for (const root of rootSelections(request)) {
      const record = data[root.key] as Record<string, unknown> | null | undefined;
      const id = root.args.id;
      if ((root.name === 'objective' || root.name === 'initiative') && typeof id === 'string' && kept.has(id))
        if (record && record.closedDate === null) next[root.key] = { ...record, closedDate: kept.get(id) };
    }
    out = { ...out, json: { ...(out.json as object), data: next } };
    return out;
  };
  return async (request, forward) => {
    const roots = rootSelections(request);
    const root = roots.length === 1 && REOPENED[roots[0]!.name] ? roots[0] : undefined;
    const input = root?.args.input as { id?: unknown; status?: unknown } | undefined;
    if (!root || typeof input?.id !== 'string' || input.status !== 'open')
      return patch(request, await forward(request));
    const type = REOPENED[root.name]!;
    const before = dataOf(
      await forward(
        sibling(request, `query($id: ID!) { r: ${type}(id: $id) { closedDate } }`, { id: input.id }),
      ),
    )?.r as { closedDate?: unknown } | null | undefined;
    const answer = await forward(request);
    const result = dataOf(answer)?.[root.key] as { validationErrors?: unknown[] } | null | undefined;
    if (before?.closedDate && result && (result.validationErrors ?? []).length === 0)
      kept.set(input.id, before.closedDate);
    return patch(request, answer);
  };
}

// ---- validation ---------------------------------------------------------------------------------------

const LONG_TEXT = new Set(['description', 'summary']);

/** Text inputs of every mutation cut to their column width (255, 4000 for descriptions) instead of refused. */
const longTextTruncated: Handler = onFields((node, field, vars) =>
  field.args.some((a) => a.name === 'input') && isInputMutationField(field.name)
    ? mapArgument(node, field, vars, 'input', (input) => {
        if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
        const out: Record<string, unknown> = {};
        let changed = false;
        for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
          const width = LONG_TEXT.has(key) ? 4000 : 255;
          if (typeof value === 'string' && value.length > width) {
            out[key] = value.slice(0, width);
            changed = true;
          } else out[key] = value;
        }
        return changed ? out : input;
      })
    : undefined,
);

/** Whether a field name is one of the contract's mutations (add…, update…, edit…, patch…, change…, remove…). */
function isInputMutationField(name: string): boolean {
  return /^(add|update|edit|patch|change|remove)[A-Z]/.test(name);
}

/** A refused write reports only its first failure (a validator that stops at the first rule broken). */
const firstFailureOnly: Handler = async (request, forward) => {
  const answer = await forward(request);
  if (!isMutation(request)) return answer;
  const withErrors = mapData(answer, (key, value) =>
    key === 'validationErrors' && Array.isArray(value) && value.length > 1 ? value.slice(0, 1) : value,
  );
  return onErrors((error) => {
    const extensions = error.extensions as { validationErrors?: unknown } | undefined;
    return extensions && Array.isArray(extensions.validationErrors) && extensions.validationErrors.length > 1
      ? { ...error, extensions: { ...extensions, validationErrors: extensions.validationErrors.slice(0, 1) } }
      : error;
  })(request, () => Promise.resolve(withErrors));
};

// ---- persistence --------------------------------------------------------------------------------------

/** Update and edit inputs lose their explicit nulls (a serializer that ignores nulls): nothing is cleared. */
const explicitNullIgnored: Handler = onFields((node, field, vars) =>
  /^(update|edit|change)[A-Z]/.test(node.name.value)
    ? mapArgument(node, field, vars, 'input', (input) => {
        if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
        const entries = Object.entries(input as Record<string, unknown>);
        return entries.some(([, v]) => v === null)
          ? Object.fromEntries(entries.filter(([, v]) => v !== null))
          : input;
      })
    : undefined,
);

/** updateObjective adds the companyIds given to the objective's companies instead of replacing them. */
const companiesMerged: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'updateObjective');
  const input = root?.args.input as { id?: unknown; companyIds?: unknown } | undefined;
  if (!root || typeof input?.id !== 'string' || !Array.isArray(input.companyIds)) return forward(request);
  const current = dataOf(
    await forward(
      sibling(request, 'query($id: ID!) { o: objective(id: $id) { companies { id } } }', { id: input.id }),
    ),
  )?.o as { companies?: { id: unknown }[] | null } | null | undefined;
  const ids = [...(current?.companies ?? []).map((c) => c.id), ...input.companyIds];
  const merged = [...new Set(ids)];
  return onMutationInput(new Set(['updateObjective']), (i) => ({ ...i, companyIds: merged }))(
    request,
    forward,
  );
};

// ---- events -------------------------------------------------------------------------------------------

/**
 * The events one write records no longer share one date: each event of a page that repeats the date of the
 * event before it is stamped a millisecond later than that one (each row takes its own clock reading).
 */
const oneWriteDatesDiffer = onData((key, value) => {
  if (key !== 'models' || !Array.isArray(value)) return value;
  let previous: unknown;
  let repeat = 0;
  return value.map((item: unknown) => {
    const event = item as Record<string, unknown> | null;
    if (!event || typeof event !== 'object' || typeof event.eventDate !== 'string') return item;
    const date = event.eventDate;
    repeat = date === previous ? repeat + 1 : 0;
    previous = date;
    if (repeat === 0) return item;
    const ms = Date.parse(date);
    return Number.isNaN(ms) ? item : { ...event, eventDate: new Date(ms + repeat).toISOString() };
  });
}, eventViews);

/** Removing an objective marks its initiatives deleted but records no InitiativeDeleted event for them. */
function cascadeEventsDropped(): Handler {
  const cascaded = new Set<unknown>();
  const dropping = droppingEvents(
    'initiativeEventViews',
    'eventType initiativeId',
    () => (e) => e.eventType === 'InitiativeDeleted' && cascaded.has(e.initiativeId),
  );
  return async (request, forward) => {
    const root = onlyRoot(request, 'removeObjective');
    if (!root) return cascaded.size > 0 ? dropping(request, forward) : forward(request);
    const read = dataOf(
      await forward(
        sibling(
          request,
          'query($id: ID!) { o: objective(id: $id) { initiatives(limit: 1000) { models { id } } } }',
          { id: root.args.id },
        ),
      ),
    )?.o as { initiatives?: { models?: { id: unknown }[] } | null } | null | undefined;
    const answer = await forward(request);
    const result = dataOf(answer)?.[root.key] as { isSuccessful?: unknown } | null | undefined;
    if (result?.isSuccessful === true) for (const i of read?.initiatives?.models ?? []) cascaded.add(i.id);
    return answer;
  };
}

// ---- tenancy and region -------------------------------------------------------------------------------

/**
 * The root page `view` answered from two sources merged, as a query that lost its tenant or region
 * predicate: both pages are read from the first item on, merged in the sort's order and cut to the page
 * asked for; totalModels is the sum.
 */
function mergedPages(view: string, other: (request: Incoming) => Incoming | undefined, key: string): Handler {
  return async (request, forward) => {
    const twin = other(request);
    const roots = rootSelections(request).filter((r) => r.name === view);
    if (!twin || roots.length === 0 || isMutation(request)) return forward(request);
    const answer = await forward(request);
    const data = dataOf(answer);
    if (!data) return answer;
    const ends = new Map(
      roots.map((r) => {
        const skip = typeof r.args.skip === 'number' ? r.args.skip : 0;
        const limit = typeof r.args.limit === 'number' ? r.args.limit : 100;
        return [r.key, { skip, limit }] as const;
      }),
    );
    const widest = Math.min(1000, Math.max(...[...ends.values()].map((e) => e.skip + e.limit)));
    const wide = (r: Incoming): Incoming =>
      rewriteFields(r, (node, field, vars) => {
        if (node.name.value !== view) return undefined;
        const n = mapArgument(node, field, vars, 'skip', () => 0) ?? node;
        return mapArgument(n, field, vars, 'limit', () => widest) ?? n;
      });
    const [own, theirs] = await Promise.all([forward(wide(request)), forward(wide(twin))]);
    const a = dataOf(own);
    const b = dataOf(theirs);
    const next = { ...data };
    for (const root of roots) {
      const page = data[root.key] as Record<string, unknown> | null | undefined;
      const x = a?.[root.key] as { totalModels?: unknown; models?: unknown[] } | null | undefined;
      const y = b?.[root.key] as { totalModels?: unknown; models?: unknown[] } | null | undefined;
      if (!page || !x || !y) continue;
      const sort = (Array.isArray(root.args.sort) ? root.args.sort[0] : root.args.sort) as
        { field?: unknown; direction?: unknown } | undefined;
      const by = typeof sort?.field === 'string' ? sort.field : key;
      const sign = sort?.direction === 'Descending' ? -1 : 1;
      const models = [...(x.models ?? []), ...(y.models ?? [])];
      const value = (m: unknown): unknown => (m as Record<string, unknown> | null)?.[by];
      if (models.every((m) => typeof value(m) === 'string'))
        models.sort((m, n) => sign * String(value(m)).localeCompare(String(value(n)), 'en'));
      const { skip, limit } = ends.get(root.key)!;
      const total = (Number(x.totalModels) || 0) + (Number(y.totalModels) || 0);
      next[root.key] = {
        ...page,
        ...('totalModels' in page ? { totalModels: total } : {}),
        ...('models' in page ? { models: models.slice(skip, skip + limit) } : {}),
      };
    }
    return { ...answer, json: { ...(answer.json as object), data: next } };
  };
}

/** For each mutation a tenant may aim at another tenant's record: how to read that record by id. */
const TARGETS: Record<string, { type: string; id: (args: Record<string, unknown>) => unknown }> = {
  removeActivity: { type: 'activity', id: (a) => a.id },
  updateActivity: {
    type: 'activity',
    id: (a) =>
      (a.input as { id?: unknown; activityId?: unknown } | undefined)?.id ??
      (a.input as { activityId?: unknown } | undefined)?.activityId,
  },
  removeObjective: { type: 'objective', id: (a) => a.id },
  updateObjective: { type: 'objective', id: (a) => (a.input as { id?: unknown } | undefined)?.id },
  updateObjectiveStatus: { type: 'objective', id: (a) => (a.input as { id?: unknown } | undefined)?.id },
  removeInitiative: { type: 'initiative', id: (a) => a.id },
  updateInitiative: { type: 'initiative', id: (a) => (a.input as { id?: unknown } | undefined)?.id },
  updateInitiativeStatus: { type: 'initiative', id: (a) => (a.input as { id?: unknown } | undefined)?.id },
  removeOpportunity: { type: 'opportunity', id: (a) => a.id },
  updateOpportunitySummary: {
    type: 'opportunity',
    id: (a) => (a.input as { opportunityId?: unknown } | undefined)?.opportunityId,
  },
  updateOpportunityStatus: {
    type: 'opportunity',
    id: (a) => (a.input as { opportunityId?: unknown } | undefined)?.opportunityId,
  },
  editListDetails: { type: 'list', id: (a) => (a.input as { id?: unknown } | undefined)?.id },
  editWorkingListDetails: { type: 'list', id: (a) => (a.input as { id?: unknown } | undefined)?.id },
  removeWorkingList: { type: 'list', id: (a) => a.listId },
  updatePublicPerson: { type: 'person', id: (a) => (a.input as { id?: unknown } | undefined)?.id },
  updatePublicCompany: { type: 'company', id: (a) => (a.input as { id?: unknown } | undefined)?.id },
};

/** Whether an answer refused its root result `key` (errors, null, false or validation errors). */
function refused(answer: Answer, key: string): boolean {
  if (errorCodes(answer).length > 0) return true;
  const result = dataOf(answer)?.[key] as
    { validationErrors?: unknown; isSuccessful?: unknown; success?: unknown } | null | false | undefined;
  if (result === null || result === false || result === undefined) return true;
  return (
    result.isSuccessful === false ||
    result.success === false ||
    (Array.isArray(result.validationErrors) && result.validationErrors.length > 0)
  );
}

/**
 * A write of the limited tenant aimed at a record of the full tenant is refused as forbidden (a permission
 * check that finds the record first) instead of as an unknown id: the refusal tells the record exists.
 */
const foreignIdForbidden: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots.length === 1 ? roots[0] : undefined;
  const target = root ? TARGETS[root.name] : undefined;
  if (!root || !target || tokenOf(request) !== DEV_TOKENS.limited) return forward(request);
  const answer = await forward(request);
  const id = target.id(root.args);
  if (typeof id !== 'string' || !refused(answer, root.key)) return answer;
  const read = await as(
    DEV_TOKENS.full,
    sibling(request, `query($id: ID!) { r: ${target.type}(id: $id) { id } }`, { id }),
    forward,
  );
  if (!dataOf(read)?.r) return answer;
  return {
    ...answer,
    json: {
      errors: [
        {
          message: 'You do not have permission to change this record.',
          path: [root.key],
          extensions: { code: 'FORBIDDEN' },
        },
      ],
      data: { [root.key]: null },
    },
  };
};

// ---- auth ---------------------------------------------------------------------------------------------

const REQUEST_ERRORS = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED']);

/**
 * A request without a valid token whose document fails to parse or validate gets that request error
 * instead of 401: the document is checked before the token.
 */
const parsedBeforeAuthenticated: Handler = async (request, forward) => {
  if (authenticated(request)) return forward(request);
  const checked = await as(DEV_TOKENS.full, request, forward);
  return errorCodes(checked).some((c) => REQUEST_ERRORS.has(c)) && !dataOf(checked)
    ? checked
    : forward(request);
};

/**
 * A mutation without a valid token is refused 401 as it should be, but only after it ran as the full
 * tenant's (the authentication check sits after the resolvers on the write path).
 */
const unauthenticatedWriteApplied: Handler = async (request, forward) => {
  if (authenticated(request) || !isMutation(request)) return forward(request);
  await as(DEV_TOKENS.full, request, forward);
  return forward(request);
};

// ---- http, caching, errors ----------------------------------------------------------------------------

const CUT_AT = 32 * 1024;

/** Answers longer than 32 KiB are cut off there (a gateway that cannot spool larger bodies to disk). */
const answerCutAt32k: Handler = onAnswer((answer) => {
  const text = answer.json === undefined ? answer.text : JSON.stringify(answer.json);
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= CUT_AT) return answer;
  return { ...answer, json: undefined, text: bytes.subarray(0, CUT_AT).toString('utf8') };
});

/** The key of a response cache that keys a named operation by its name instead of its document. */
const byOperationName = (request: Incoming): string => {
  const name = operationNameOf(request);
  return `${tokenOf(request)}\0${request.region}/${request.version}\0${
    name === undefined ? request.raw : `op:${name}\0${JSON.stringify(request.body?.variables ?? {})}`
  }`;
};

/** Regressions the certification was not written against (a thirteenth blind set). */
export const HOLDOUT13: readonly Mutant[] = [
  {
    id: 'holdout13.paging.limit-read-as-end-index',
    class: 'paging',
    description: 'a page with a positive skip holds limit minus skip items (limit read as the end index)',
    names: /limit|skip|page|count|slice/i,
    handle: onFields(limitAsEndIndex),
  },
  {
    id: 'holdout13.paging.filtered-total-counts-everything',
    class: 'paging',
    description: 'totalModels of a filtered query counts every item, as if no filter were given',
    names: /totalModels|total|count|filter|page/i,
    handle: totalWithoutFilter,
  },
  {
    id: 'holdout13.sort.opportunities-default-by-date-opened',
    class: 'sort',
    description: 'opportunities without a sort come in dateOpened order instead of by title',
    names: /sort|order|default|title|opportunit/i,
    handle: opportunitiesDefaultByDateOpened,
  },
  {
    id: 'holdout13.sort.status-ties-unstable',
    class: 'sort',
    description:
      'pages sorted by status break ties differently from one request to the next (no tie-break by id), so pages overlap',
    names: /sort|order|status|tie|stable|page|repeat|duplicate/i,
    handle: statusTiesUnstable(),
  },
  {
    id: 'holdout13.null.activity-start-date',
    class: 'nullability',
    description: "an activity's activityStartDate is null (the column lost in the activity view)",
    names: /activityStartDate|start date|activit|null|defining/i,
    handle: onData((key, value) => (key === 'activityStartDate' ? null : value)),
  },
  {
    id: 'holdout13.null.list-class',
    class: 'nullability',
    description: "a list's listClass is null (the class column dropped from the list view)",
    names: /listClass|class|lists|list|null|defining/i,
    handle: onData(
      (key, value) => (key === 'listClass' ? null : value),
      (r) => !selecting('folderTypes')(r),
    ),
  },
  {
    id: 'holdout13.versions.folder-types-check-security-default-off',
    class: 'versions',
    description:
      '1.4.0 folderTypes without checkSecurity runs unchecked (the argument default drifted from true to false)',
    names: /checkSecurity|security|folderTypes|folder type|default|version|drift/i,
    handle: (request, forward) =>
      request.version === '1.4.0'
        ? onFields((node, field, vars) =>
            node.name.value === 'folderTypes'
              ? mapArgument(node, field, vars, 'checkSecurity', (v) => (v === undefined ? false : v))
              : undefined,
          )(request, forward)
        : forward(request),
  },
  {
    id: 'holdout13.versions.1.2.0-introspection-answers-1.4.0',
    class: 'versions',
    description: "the 1.2.0 endpoint's introspection describes the 1.4.0 schema (one schema cache for both)",
    names: /introspection|__schema|__type|schema|1\.2\.0|version|drift/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && selecting('__schema', '__type')(request)
        ? forward({ ...request, version: '1.4.0' })
        : forward(request),
  },
  {
    id: 'holdout13.enums.contact-entity-any-on-contacts',
    class: 'enums',
    description: 'a stored contact answers contactEntity Any instead of Person or Company',
    names: /contactEntity|ContactEntity|entity|Person|Company|enum/i,
    handle: onData((key, value) =>
      key === 'contactEntity' && (value === 'Person' || value === 'Company') ? 'Any' : value,
    ),
  },
  {
    id: 'holdout13.enums.activity-company-resolved-as-unknown',
    class: 'enums',
    description:
      'companies linked to an activity resolve as ActivityUnknown (the type resolver lost companies) and lose their name',
    names: /linkedActivityContacts|ActivityCompany|ActivityUnknown|__typename|contact type|activit/i,
    handle: companiesResolvedAsUnknown,
  },
  {
    id: 'holdout13.dates.stage-time-spent-in-hours',
    class: 'dates',
    description: "an opportunity stage's timeSpent counts hours instead of whole days",
    names: /timeSpent|time spent|stage|currentStage|stageInstances|opportunit/i,
    handle: onData((key, value) => (key === 'timeSpent' && typeof value === 'number' ? value * 24 : value)),
  },
  {
    id: 'holdout13.dates.event-filter-time-of-day-dropped',
    class: 'dates',
    description: 'the eventDate filter of the event views drops the time of day of from, after and to',
    names: /eventDate|after|from|filter|poll|event/i,
    handle: eventFilterTimeDropped,
  },
  {
    id: 'holdout13.dates.reopen-keeps-closed-date',
    class: 'dates',
    description: 'reopening an objective or initiative keeps its closedDate instead of clearing it',
    names: /closedDate|closed date|reopen|status|objective|initiative/i,
    handle: reopenKeepsClosedDate(),
  },
  {
    id: 'holdout13.validation.long-text-truncated',
    class: 'validation',
    description:
      'a text input longer than its limit (255, 4000 for descriptions) is cut to fit and stored instead of refused',
    names: /255|4000|length|long|too long|truncat|validation/i,
    handle: longTextTruncated,
  },
  {
    id: 'holdout13.validation.first-failure-only',
    class: 'validation',
    description: 'a write breaking several rules reports only the first failure in its validationErrors',
    names: /validationErrors|validation|propertyName|every failure|several/i,
    handle: firstFailureOnly,
  },
  {
    id: 'holdout13.persistence.explicit-null-ignored',
    class: 'persistence',
    description:
      'update and edit inputs drop their explicit nulls, so a field set to null keeps its old value',
    names: /null|clear|persist|kept|update|edit/i,
    handle: explicitNullIgnored,
  },
  {
    id: 'holdout13.persistence.objective-companies-merged',
    class: 'persistence',
    description:
      "updateObjective adds the companyIds given to the objective's companies instead of replacing them",
    names: /companyIds|companies|replace|updateObjective|objective|persist/i,
    handle: companiesMerged,
  },
  {
    id: 'holdout13.events.one-write-dates-differ',
    class: 'events',
    description:
      'the events one write records no longer share one eventDate (each is a millisecond after the one before)',
    names: /eventDate|same date|one write|event/i,
    handle: oneWriteDatesDiffer,
  },
  {
    id: 'holdout13.events.objective-removal-initiative-deleted-dropped',
    class: 'events',
    description: 'removing an objective records no InitiativeDeleted events for its live initiatives',
    names: /InitiativeDeleted|initiativeEventViews|initiative event|removeObjective|cascade|event/i,
    handle: cascadeEventsDropped(),
  },
  {
    id: 'holdout13.tenancy.full-search-includes-limited',
    class: 'tenancy',
    description: "searchFirmContacts of the full tenant also finds the limited tenant's contacts",
    names: /tenant|limited|isolation|searchFirmContacts|search|contact/i,
    handle: mergedPages(
      'searchFirmContacts',
      (r) =>
        tokenOf(r) === DEV_TOKENS.full
          ? { ...r, headers: { ...r.headers, authorization: `Bearer ${DEV_TOKENS.limited}` } }
          : undefined,
      'displayName',
    ),
  },
  {
    id: 'holdout13.tenancy.foreign-id-write-forbidden',
    class: 'tenancy',
    description:
      "a write of the limited tenant naming a full tenant's record is refused FORBIDDEN instead of as an unknown id",
    names: /tenant|limited|FORBIDDEN|forbidden|unknown id|permission/i,
    handle: foreignIdForbidden,
  },
  {
    id: 'holdout13.region.eu-relationship-events-merged-with-us',
    class: 'region',
    description: 'relationshipEventViews on the eu endpoint answers the eu and the us events together',
    names: /region|eu|relationshipEventViews|relationship event|event/i,
    handle: mergedPages(
      'relationshipEventViews',
      (r) => (r.region === 'eu' ? { ...r, region: 'us' } : undefined),
      'eventDate',
    ),
  },
  {
    id: 'holdout13.region.au-writes-replicated-to-us',
    class: 'region',
    description: 'mutations on the au endpoint are applied to the au data and replicated to the us data too',
    names: /region|au|residency|write|mutation/i,
    handle: async (request, forward) => {
      if (request.region !== 'au' || !isMutation(request)) return forward(request);
      const answer = await forward(request);
      await forward({ ...request, region: 'us' });
      return answer;
    },
  },
  {
    id: 'holdout13.auth.parse-before-authenticate',
    class: 'auth',
    description:
      'a request without a valid token whose document fails to parse or validate gets that error instead of 401',
    names: /auth|token|401|unauthenticated|UNAUTHENTICATED|GRAPHQL_PARSE_FAILED|GRAPHQL_VALIDATION_FAILED/i,
    handle: parsedBeforeAuthenticated,
  },
  {
    id: 'holdout13.auth.unauthenticated-write-applied',
    class: 'auth',
    description: 'a mutation without a valid token is answered 401 but is applied as the full tenant',
    names: /auth|token|401|unauthenticated|UNAUTHENTICATED|mutation|write/i,
    handle: unauthenticatedWriteApplied,
  },
  {
    id: 'holdout13.http.answer-cut-at-32k',
    class: 'http',
    description: 'answers longer than 32 KiB are cut off at 32 KiB (status 200, JSON left unfinished)',
    names: /json|parse|body|truncat|http|large|page/i,
    handle: answerCutAt32k,
  },
  {
    id: 'holdout13.caching.keyed-by-operation-name',
    class: 'caching',
    description:
      'query answers are cached for 60 seconds by token, path, operation name and variables: another document of the same name answers the first',
    names: /cache|operationName|operation name|stale/i,
    handle: cached(60_000, byOperationName),
  },
  {
    id: 'holdout13.errors.parse-failed-as-validation-failed',
    class: 'errors',
    description:
      'a document that does not parse is reported with code GRAPHQL_VALIDATION_FAILED, not GRAPHQL_PARSE_FAILED',
    names: /GRAPHQL_PARSE_FAILED|GRAPHQL_VALIDATION_FAILED|parse|syntax|code|error/i,
    handle: onErrors((error) => {
      const extensions = error.extensions as { code?: unknown } | undefined;
      return extensions?.code === 'GRAPHQL_PARSE_FAILED'
        ? { ...error, extensions: { ...extensions, code: 'GRAPHQL_VALIDATION_FAILED' } }
        : error;
    }),
  },
  {
    id: 'holdout13.errors.refusal-validation-errors-dropped',
    class: 'errors',
    description:
      'a refused addActivity or addOpportunity (a BAD_USER_INPUT error) loses extensions.validationErrors',
    names: /validationErrors|BAD_USER_INPUT|extensions|propertyName|error/i,
    handle: (request, forward) =>
      isMutation(request)
        ? onErrors((error) => {
            const extensions = error.extensions as Record<string, unknown> | undefined;
            if (!extensions || !('validationErrors' in extensions)) return error;
            const { validationErrors: _dropped, ...rest } = extensions;
            return { ...error, extensions: rest };
          })(request, forward)
        : forward(request),
  },
];
