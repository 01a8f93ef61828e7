/**
 * A fifth held-out set of regressions, chosen from the spec and from what vendors ship after the fourth
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout5` runs them.
 */
import { Kind, parse } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { errorCodes, validationFailure } from './holdout.js';
import { dataOf, onRootPages, rootSelections } from './holdout2.js';
import { onErrors } from './holdout3.js';
import { onAnswer, paged, tokenOf, unauthenticatedServedWhere, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import { as, isMutation, mapArgument, mapJson, onData, onFields, rootFields } from './rewrite.js';

const REGIONS = new Set(['us', 'eu', 'au']);
const LIST_READS = new Set(['lists', 'list']);
const TIME_TO_SECONDS = /(T\d{2}:\d{2}):\d{2}(?:\.\d+)?Z$/;
const ABBREVIATED: Record<string, string> = { Ascending: 'ASC', Descending: 'DESC' };
const REQUEST_ERRORS = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST']);

/** A sort argument (one input or a list of them) with every Descending input turned Ascending. */
export function descendingDropped(sort: unknown): unknown {
  if (Array.isArray(sort)) return sort.map(descendingDropped);
  const input = sort as { direction?: unknown } | null | undefined;
  return input && typeof input === 'object' && input.direction === 'Descending'
    ? { ...input, direction: 'Ascending' }
    : sort;
}

/** The names of the fields a request selects directly under the root field whose result key is `key`. */
export function selectedUnder(request: Incoming, key: string): string[] {
  try {
    for (const definition of parse(request.body?.query ?? '').definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD || (selection.alias?.value ?? selection.name.value) !== key)
          continue;
        return (selection.selectionSet?.selections ?? []).flatMap((s) =>
          s.kind === Kind.FIELD ? [s.alias?.value ?? s.name.value] : [],
        );
      }
    }
  } catch {
    return [];
  }
  return [];
}

/** A request of the same tenant, region and revision as `like`, with another document. */
export function sibling(like: Incoming, query: string, variables: Record<string, unknown>): Incoming {
  const body = { query, variables };
  return { ...like, body, raw: JSON.stringify(body) };
}

/** Whether an answer refused its root field `key`: errors, or a null or false result. */
function refusedAt(answer: Answer, key: string): boolean {
  const data = dataOf(answer);
  return (
    (answer.json as { errors?: unknown } | undefined)?.errors !== undefined ||
    !data ||
    data[key] === null ||
    data[key] === false
  );
}

/**
 * addContactsToLists answers its counts as the correct service does, then the membership is taken back
 * (a write on a connection whose transaction is rolled back after the answer was built).
 */
const contactsToListsNotKept: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'addContactsToLists');
  if (roots.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  for (const root of roots) {
    const listIds = Array.isArray(root.args.listIds) ? root.args.listIds : [];
    const contactIds = Array.isArray(root.args.contactIds) ? root.args.contactIds : [];
    const skipped = (data?.[root.key] as { skippedContactIds?: unknown } | null | undefined)
      ?.skippedContactIds;
    const added = contactIds.filter((id) => !(Array.isArray(skipped) && skipped.includes(id)));
    if (added.length === 0) continue;
    for (const listId of listIds)
      await forward(
        sibling(
          request,
          'mutation($l: ID!, $c: [ID!]!) { removeContactsFromList(listId: $l, contactIds: $c) { contactsEffected } }',
          { l: listId, c: added },
        ),
      );
  }
  return answer;
};

/**
 * removeObjective of an existing objective answers isSuccessful true without removing it (the delete
 * is queued to a worker that never runs).
 */
const removeObjectiveNotApplied: Handler = async (request, forward) => {
  const root = rootSelections(request).find((r) => r.name === 'removeObjective');
  if (!root || rootSelections(request).length !== 1) return forward(request);
  const read = await forward(
    sibling(request, 'query($id: ID!) { objective(id: $id) { id isDeleted } }', { id: root.args.id }),
  );
  const objective = dataOf(read)?.objective as { isDeleted?: unknown } | null | undefined;
  if (!objective || objective.isDeleted === true) return forward(request);
  const result: Record<string, unknown> = {};
  const full: Record<string, unknown> = { isSuccessful: true, validationErrors: [] };
  for (const name of selectedUnder(request, root.key)) if (name in full) result[name] = full[name];
  return jsonAnswer(200, { data: { [root.key]: result } });
};

/**
 * A negative cache for 60 seconds of request errors, keyed by token, path and body but not by Accept
 * (the edge cache does not vary on it).
 */
function requestErrorsCached(ttlMs: number): Handler {
  const store = new Map<string, { at: number; answer: Answer }>();
  return async (request, forward) => {
    const key = `${tokenOf(request)}\0${request.region}/${request.version}\0${request.raw}`;
    const hit = store.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = await forward(request);
    if (errorCodes(answer).some((c) => REQUEST_ERRORS.has(c))) store.set(key, { at: Date.now(), answer });
    return answer;
  };
}

/** The answer of a request sent as the full tenant when the limited tenant's own answer refused it. */
function limitedFallsBackToFull(operation: string): Handler {
  return async (request: Incoming, forward: Forward) => {
    const root = rootSelections(request).find((r) => r.name === operation);
    if (tokenOf(request) !== DEV_TOKENS.limited || !root) return forward(request);
    const answer = await forward(request);
    return refusedAt(answer, root.key) ? as(DEV_TOKENS.full, request, forward) : answer;
  };
}

/** Regressions the certification was not written against; see docs/verdicts.md "A fifth held-out set". */
export const HOLDOUT5: readonly Mutant[] = [
  {
    id: 'holdout5.paging.activity-types-skip-ignored',
    class: 'paging',
    description: 'activityTypes ignores skip: every page of activity types starts at the first type',
    names: /skip|page|offset|activityTypes|activity type/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'activityTypes'
        ? mapArgument(node, field, vars, 'skip', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout5.paging.contact-types-limit-ignored',
    class: 'paging',
    description: 'contactTypes ignores limit: every page holds up to the default 100 types',
    names: /limit|page|contactTypes|contact type|count|length/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'contactTypes'
        ? mapArgument(node, field, vars, 'limit', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout5.paging.skip-echo-zero',
    class: 'paging',
    description: 'paged results echo skip 0 whatever skip was asked for (the items are the right ones)',
    names: /skip|echo|page|offset/i,
    handle: onData((key, value) => (key === 'skip' && typeof value === 'number' ? 0 : value)),
  },
  {
    id: 'holdout5.sort.activity-date-descending-ignored',
    class: 'sort',
    description: 'activities sorted by Date Descending come in ascending date order',
    names: /sort|order|Descending|activit|date/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'activities' && paged(field)
        ? mapArgument(node, field, vars, 'sort', descendingDropped)
        : undefined,
    ),
  },
  {
    id: 'holdout5.sort.relationship-types-sort-ignored',
    class: 'sort',
    description: 'relationshipTypes ignores its sort argument: types come in stored order',
    names: /sort|order|relationshipTypes|relationship type|Descending|name|category/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'relationshipTypes'
        ? mapArgument(node, field, vars, 'sort', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout5.null.activity-originator',
    class: 'nullability',
    description: "an activity's originator is null although the activity has one (a missing join)",
    names: /originator|activit|null/i,
    handle: onData((key, value) => (key === 'originator' ? null : value)),
  },
  {
    id: 'holdout5.null.list-owner-name',
    class: 'nullability',
    description: "a list's ownerName is null (the owner's name is no longer joined)",
    names: /ownerName|owner|list|null/i,
    handle: onData((key, value) => (key === 'ownerName' ? null : value)),
  },
  {
    id: 'holdout5.versions.remove-working-list-list-id-missing',
    class: 'versions',
    description:
      '1.4.0 removeWorkingList lost its listId argument (\'Unknown argument "listId"\'), as in an older schema',
    names: /removeWorkingList|listId|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.4.0' &&
      rootSelections(request).some((r) => r.name === 'removeWorkingList' && 'listId' in r.args)
        ? Promise.resolve(
            validationFailure(request, 'Unknown argument "listId" on field "Mutation.removeWorkingList".'),
          )
        : forward(request),
  },
  {
    id: 'holdout5.versions.industries-missing',
    class: 'versions',
    description: 'the 1.4.0 endpoint lost the industries query (\'Cannot query field "industries"\')',
    names: /industries|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.4.0' && rootFields(request).includes('industries')
        ? Promise.resolve(validationFailure(request, 'Cannot query field "industries" on type "Query".'))
        : forward(request),
  },
  {
    id: 'holdout5.enums.contact-entity-lowercase',
    class: 'enums',
    description: 'contactEntity is answered "person", "company" instead of the enum values Person, Company',
    names: /contactEntity|enum|Person|Company/i,
    handle: onData((key, value) =>
      key === 'contactEntity' && typeof value === 'string' ? value.toLowerCase() : value,
    ),
  },
  {
    id: 'holdout5.enums.sort-echo-direction-abbreviated',
    class: 'enums',
    description:
      'the sort a paged result echoes has direction "ASC" or "DESC" instead of Ascending, Descending',
    names: /direction|sort|enum|Ascending|Descending/i,
    handle: onData((key, value) => {
      if (key !== 'sort') return value;
      const abbreviate = (echo: unknown): unknown => {
        const sort = echo as { direction?: unknown } | null | undefined;
        return sort && typeof sort === 'object' && typeof sort.direction === 'string'
          ? { ...sort, direction: ABBREVIATED[sort.direction] ?? sort.direction }
          : echo;
      };
      return Array.isArray(value) ? value.map(abbreviate) : abbreviate(value);
    }),
  },
  {
    id: 'holdout5.dates.activity-start-seconds-dropped',
    class: 'dates',
    description: "an activity's activityStartDate comes without seconds (2026-05-01T10:00Z)",
    names: /activityStartDate|date|format|ISO|DateTime/i,
    handle: onData((key, value) =>
      key === 'activityStartDate' && typeof value === 'string'
        ? value.replace(TIME_TO_SECONDS, '$1Z')
        : value,
    ),
  },
  {
    id: 'holdout5.dates.stage-time-entered-epoch',
    class: 'dates',
    description: "an opportunity stage's timeEntered comes as epoch milliseconds instead of an ISO date-time",
    names: /timeEntered|stage|date|format|ISO|DateTime/i,
    handle: onData((key, value) =>
      key === 'timeEntered' && typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? Date.parse(value)
        : value,
    ),
  },
  {
    id: 'holdout5.validation.property-name-input-prefix',
    class: 'validation',
    description:
      'validationErrors name the property with its input path ("input.subject") instead of the field name',
    names: /propertyName|validation|input\./i,
    handle: onAnswer((answer, request) =>
      isMutation(request) && answer.json && typeof answer.json === 'object'
        ? {
            ...answer,
            json: mapJson(answer.json, (key, value) =>
              key === 'propertyName' && typeof value === 'string' && value !== '' ? `input.${value}` : value,
            ),
          }
        : answer,
    ),
  },
  {
    id: 'holdout5.persistence.add-contacts-to-lists-not-kept',
    class: 'persistence',
    description:
      'addContactsToLists answers the contacts as added, but the lists do not keep them (a rolled-back write)',
    names: /addContactsToLists|member|list|contact|persist|kept/i,
    handle: contactsToListsNotKept,
  },
  {
    id: 'holdout5.persistence.remove-objective-not-applied',
    class: 'persistence',
    description: 'removeObjective answers isSuccessful true, but the objective stays (not marked deleted)',
    names: /removeObjective|objective|isDeleted|remov|persist|kept/i,
    handle: removeObjectiveNotApplied,
  },
  {
    id: 'holdout5.events.objective-events-empty',
    class: 'events',
    description: 'objectiveEventViews answers no events at all (the objective audit feed is not wired)',
    names: /objectiveEventViews|objective|event|count|total|empty/i,
    handle: onRootPages((page, root) =>
      root.name === 'objectiveEventViews'
        ? { ...page, models: [], ...('totalModels' in page ? { totalModels: 0 } : {}) }
        : page,
    ),
  },
  {
    id: 'holdout5.events.list-event-list-null',
    class: 'events',
    description: "a list event's list is null although the list exists (the nested resource is not joined)",
    names: /listEventViews|list|event|null/i,
    handle: onData(
      (key, value) => (key === 'list' ? null : value),
      (request) => rootFields(request).includes('listEventViews'),
    ),
  },
  {
    id: 'holdout5.tenancy.limited-removes-full-working-list',
    class: 'tenancy',
    description:
      "removeWorkingList of the limited tenant given a list id of the full tenant removes the full tenant's list",
    names: /tenant|limited|isolation|leak|other|removeWorkingList|list/i,
    handle: limitedFallsBackToFull('removeWorkingList'),
  },
  {
    id: 'holdout5.tenancy.limited-contact-events-full',
    class: 'tenancy',
    description: "firmContactEventViews of the limited tenant answers the full tenant's contact events",
    names: /tenant|limited|isolation|leak|other|firmContactEventViews|event/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).includes('firmContactEventViews')
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout5.auth.challenge-basic',
    class: 'auth',
    description: 'a 401 answer challenges with WWW-Authenticate: Basic instead of Bearer',
    names: /WWW-Authenticate|challenge|Bearer|Basic|header|401/i,
    handle: onAnswer((answer) =>
      answer.status === 401
        ? { ...answer, headers: { ...answer.headers, 'www-authenticate': 'Basic realm="public-api"' } }
        : answer,
    ),
  },
  {
    id: 'holdout5.auth.au-reads-unauthenticated',
    class: 'auth',
    description: 'the au endpoint answers queries without a token (as the full tenant) instead of 401',
    names: /401|auth|token|unauthenticated|\bau\b/i,
    handle: unauthenticatedServedWhere((r) => r.region === 'au' && !isMutation(r)),
  },
  {
    id: 'holdout5.http.missing-query-500',
    class: 'http',
    description: 'a JSON body without a query string is answered HTTP 500 instead of 400',
    names: /\b500\b|\b400\b|status|BAD_REQUEST|INTERNAL|query|malformed/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      return request.body !== undefined && typeof request.body.query !== 'string' && answer.status === 400
        ? jsonAnswer(500, {
            errors: [
              {
                message: "Cannot read properties of undefined (reading 'length')",
                extensions: { code: 'INTERNAL_SERVER_ERROR' },
              },
            ],
          })
        : answer;
    },
  },
  {
    id: 'holdout5.http.request-error-with-data',
    class: 'http',
    description:
      'a request error (a document that fails to parse or validate) carries "data": null, which GraphQL over HTTP reserves for execution',
    names: /\bdata\b|request error|GRAPHQL_(VALIDATION|PARSE)_FAILED/i,
    handle: onAnswer((answer) => {
      const body = answer.json as Record<string, unknown> | undefined;
      return body &&
        typeof body === 'object' &&
        !('data' in body) &&
        errorCodes(answer).some((c) => REQUEST_ERRORS.has(c))
        ? { ...answer, json: { data: null, ...body } }
        : answer;
    }),
  },
  {
    id: 'holdout5.cache.request-errors-ignore-accept',
    class: 'caching',
    description:
      'request errors are cached for 60 seconds without varying on Accept: a graphql-response+json client gets the cached 200',
    names: /cache|Accept|graphql-response\+json|status|\b200\b|\b400\b/i,
    handle: requestErrorsCached(60_000),
  },
  {
    id: 'holdout5.errors.code-lowercase',
    class: 'errors',
    description: 'error codes come in lower case ("graphql_validation_failed", "unauthenticated")',
    names: /code|extensions|GRAPHQL_VALIDATION_FAILED|UNAUTHENTICATED|BAD_REQUEST|error/i,
    handle: onErrors((error) => {
      const extensions = error.extensions as { code?: unknown } | undefined;
      return extensions && typeof extensions.code === 'string'
        ? { ...error, extensions: { ...extensions, code: extensions.code.toLowerCase() } }
        : error;
    }),
  },
  {
    id: 'holdout5.errors.locations-missing',
    class: 'errors',
    description: 'errors lose their locations (the client cannot point at the faulty part of its document)',
    names: /locations|line|column|error/i,
    handle: onErrors((error) => {
      const { locations: _locations, ...rest } = error;
      return rest;
    }),
  },
  {
    id: 'holdout5.region.au-lists-from-us',
    class: 'region',
    description: 'lists and list on the au endpoint answer the us lists (one list store for every region)',
    names: /region|\bau\b|\bus\b|residen|isolation|list/i,
    handle: (request, forward) =>
      request.region === 'au' && rootFields(request).some((f) => LIST_READS.has(f)) && !isMutation(request)
        ? forward({ ...request, region: 'us' })
        : forward(request),
  },
  {
    id: 'holdout5.region.unknown-region-served-as-us',
    class: 'region',
    description:
      'a path with an unknown region (/xx/1.4.0/public-api/graphql) is served from us instead of 404',
    names: /region|\b404\b|not found|unknown|path|\bus\b/i,
    handle: (request, forward) =>
      REGIONS.has(request.region) ? forward(request) : forward({ ...request, region: 'us' }),
  },
];
