/**
 * A sixth held-out set of regressions, chosen from the spec and from what vendors ship after the fifth
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout6` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { lostRootField } from './holdout.js';
import { dataOf, dayBefore, droppingEvents, rootSelections } from './holdout2.js';
import { onErrors, screaming } from './holdout3.js';
import { descendingDropped, sibling } from './holdout5.js';
import { onAnswer, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Handler, type Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, rootFields } from './rewrite.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ACTIVITY_DATE = /^(\d{4}-\d{2}-\d{2}) (\d{2})(:\d{2}:\d{2})$/;
const PLANNING_READS = new Set(['objective', 'objectives', 'initiative', 'initiatives']);
const OPPORTUNITY_READS = new Set(['opportunity', 'opportunities']);
const PERSON_MUTATIONS = new Set([
  'addPerson',
  'addPublicLocation',
  'changePublicContactLocation',
  'editPersonEmploymentInformation',
  'updateContactAdditionalFields',
  'updatePublicPerson',
]);
const STRENGTH_INPUTS = new Set(['addRelationship', 'addRelationshipForContacts', 'editRelationship']);
const WORKING_LISTS = '{ lists(listClass: [workingLists], limit: 1000) { models { id } } }';

/** A calendar date one day later (a date read through a UTC-minus offset and written back as local). */
export function dayAfter(date: string): string {
  const m = ISO_DATE.exec(date);
  if (!m) return date;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]! + 1)).toISOString().slice(0, 10);
}

/** An input object with `fn` applied to it, when it is one. */
export function onInput(fn: (input: Record<string, unknown>) => Record<string, unknown>) {
  return (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? fn(value as Record<string, unknown>)
      : value;
}

/** Mutations whose `input` argument a mutant rewrites with `fn` before the correct server sees it. */
export function onMutationInput(
  mutations: ReadonlySet<string>,
  fn: (input: Record<string, unknown>) => Record<string, unknown>,
): Handler {
  return onFields((node, field, vars) =>
    mutations.has(node.name.value) ? mapArgument(node, field, vars, 'input', onInput(fn)) : undefined,
  );
}

/**
 * Writes that store a date input one day early (read as local midnight, written as UTC): `key` of the
 * `input` of each mutation named.
 */
export function inputDayEarly(mutations: ReadonlySet<string>, key: string): Handler {
  return onMutationInput(mutations, (input) => {
    const value = input[key];
    return typeof value === 'string' ? { ...input, [key]: dayBefore(value) } : input;
  });
}

/**
 * A query whose date range filter reads one bound as exclusive: `from` taken a day late, or `to` a day
 * early, so the records of that day are left out.
 */
export function dateBoundExclusive(query: string, filterKey: string, bound: 'from' | 'to'): Handler {
  return onFields((node, field, vars) =>
    node.name.value === query
      ? mapArgument(
          node,
          field,
          vars,
          'filter',
          onInput((filter) => {
            const range = filter[filterKey] as Record<string, unknown> | null | undefined;
            const value = range?.[bound];
            if (!range || typeof value !== 'string') return filter;
            return {
              ...filter,
              [filterKey]: { ...range, [bound]: bound === 'from' ? dayAfter(value) : dayBefore(value) },
            };
          }),
        )
      : undefined,
  );
}

/** The ids of the working lists a request's tenant and region hold (read on 1.4.0). */
async function workingListIds(
  request: Incoming,
  forward: (r: Incoming) => Promise<Answer>,
): Promise<string[]> {
  const answer = await forward({ ...sibling(request, WORKING_LISTS, {}), version: '1.4.0' });
  const lists = dataOf(answer)?.lists as { models?: { id: string }[] } | null | undefined;
  return (lists?.models ?? []).map((l) => l.id);
}

/**
 * addWorkingList answers the new list as the correct service does, then the list is gone (the insert
 * ran in a transaction that was rolled back after the answer was built).
 */
const workingListNotKept: Handler = async (request, forward) => {
  if (!rootFields(request).includes('addWorkingList')) return forward(request);
  const before = new Set(await workingListIds(request, forward));
  const answer = await forward(request);
  for (const id of await workingListIds(request, forward))
    if (!before.has(id))
      await forward({
        ...sibling(request, 'mutation($id: ID!) { removeWorkingList(listId: $id) }', { id }),
        version: '1.4.0',
      });
  return answer;
};

/** removeRelationship answers success for the contact without removing anything (the delete is never run). */
const removeRelationshipStubbed: Handler = (request, forward) => {
  const roots = rootSelections(request);
  if (roots.length !== 1 || roots[0]!.name !== 'removeRelationship') return forward(request);
  const input = roots[0]!.args.input as { contactId?: unknown } | undefined;
  return Promise.resolve(
    jsonAnswer(200, { data: { [roots[0]!.key]: { contactId: input?.contactId ?? null, success: true } } }),
  );
};

/** A 401 of the correct service for the request, as a request without a token would get. */
export function refusedAsUnauthenticated(
  request: Incoming,
  forward: (r: Incoming) => Promise<Answer>,
): Promise<Answer> {
  const { authorization: _authorization, ...headers } = request.headers;
  return forward({ ...request, headers });
}

/**
 * The service's own 401 answer with the data of the request run anyway: the authentication check runs
 * after the resolvers (a middleware ordered wrongly), so the refusal leaks what the query would read.
 */
const unauthenticatedWithData: Handler = async (request, forward) => {
  const answer = await forward(request);
  if (answer.status !== 401 || isMutation(request) || !answer.json || typeof answer.json !== 'object')
    return answer;
  const data = dataOf(await as(DEV_TOKENS.full, request, forward));
  return data ? { ...answer, json: { ...answer.json, data } } : answer;
};

/**
 * A negative cache of 401 answers for 60 seconds keyed by path and body only: after a request without
 * a valid token, the same document with a valid token is refused too.
 */
function unauthenticatedCachedByBody(ttlMs: number): Handler {
  const store = new Map<string, { at: number; answer: Answer }>();
  return async (request, forward) => {
    const key = `${request.region}/${request.version}\0${request.raw}`;
    const hit = store.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = await forward(request);
    if (answer.status === 401) store.set(key, { at: Date.now(), answer });
    return answer;
  };
}

/** The status of person mutations' results written in SCREAMING_SNAKE_CASE (a serializer's enum naming). */
const personStatusScreaming: Handler = async (request, forward) => {
  const answer = await forward(request);
  const data = dataOf(answer);
  const roots = rootSelections(request).filter((r) => PERSON_MUTATIONS.has(r.name));
  if (!data || roots.length === 0) return answer;
  const next = { ...data };
  for (const root of roots) {
    const result = data[root.key] as Record<string, unknown> | null | undefined;
    if (result && typeof result === 'object' && 'status' in result)
      next[root.key] = { ...result, status: screaming(result.status) };
  }
  return { ...answer, json: { ...(answer.json as object), data: next } };
};

/**
 * addList of the limited tenant that its own data refuses (a list type it does not have) is run again as
 * the full tenant: the list type lookup is not scoped by tenant, and the insert follows the list type.
 */
const limitedAddListFallsBackToFull: Handler = async (request, forward) => {
  const root = rootSelections(request).find((r) => r.name === 'addList');
  if (tokenOf(request) !== DEV_TOKENS.limited || !root) return forward(request);
  const answer = await forward(request);
  const result = dataOf(answer)?.[root.key] as
    { item?: unknown; validationErrors?: unknown } | null | undefined;
  const refused =
    !result ||
    result.item === null ||
    (Array.isArray(result.validationErrors) && result.validationErrors.length > 0);
  return refused ? as(DEV_TOKENS.full, request, forward) : answer;
};

/** Regressions the certification was not written against; see docs/verdicts.md "A sixth held-out set". */
export const HOLDOUT6: readonly Mutant[] = [
  {
    id: 'holdout6.paging.objectives-skip-ignored',
    class: 'paging',
    description: 'objectives ignores skip: every page of objectives starts at the first objective',
    names: /skip|page|offset|objectives|objective/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'objectives' ? mapArgument(node, field, vars, 'skip', () => undefined) : undefined,
    ),
  },
  {
    id: 'holdout6.paging.limit-echo-default',
    class: 'paging',
    description: 'paged results echo limit 100 whatever limit was asked for (the items are the right ones)',
    names: /limit|echo|page/i,
    handle: onData((key, value) => (key === 'limit' && typeof value === 'number' ? 100 : value)),
  },
  {
    id: 'holdout6.sort.opportunities-sort-ignored',
    class: 'sort',
    description: 'opportunities ignores its sort argument: opportunities come in store order',
    names: /sort|order|opportunit|Descending|title|date/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'opportunities'
        ? mapArgument(node, field, vars, 'sort', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout6.sort.contact-search-descending-ignored',
    class: 'sort',
    description: 'searchFirmContacts sorted Descending answers in ascending order',
    names: /sort|order|Descending|searchFirmContacts|contact|search/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'searchFirmContacts'
        ? mapArgument(node, field, vars, 'sort', descendingDropped)
        : undefined,
    ),
  },
  {
    id: 'holdout6.null.person-current-employer',
    class: 'nullability',
    description: "a person's currentEmployer is null although the person has an employer (a missing join)",
    names: /currentEmployer|employer|person|null/i,
    handle: onData((key, value) => (key === 'currentEmployer' ? null : value)),
  },
  {
    id: 'holdout6.null.initiative-objective',
    class: 'nullability',
    description: "an initiative's objective is null although every initiative belongs to one",
    names: /initiative|objective|null/i,
    handle: onData(
      (key, value) => (key === 'objective' ? null : value),
      (request) => rootFields(request).some((f) => f === 'initiative' || f === 'initiatives'),
    ),
  },
  {
    id: 'holdout6.versions.add-relationship-for-contacts-missing',
    class: 'versions',
    description:
      'the 1.4.0 endpoint lost the addRelationshipForContacts mutation (\'Cannot query field "addRelationshipForContacts"\')',
    names: /addRelationshipForContacts|relationship|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'addRelationshipForContacts', 'Mutation'),
  },
  {
    id: 'holdout6.versions.1.2.0-planning-leaks',
    class: 'versions',
    description:
      'the 1.2.0 endpoint answers the 1.4.0-only objectives, objective, initiatives and initiative',
    names: /1\.2\.0|version|objective|initiative|leak|Cannot query field/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && rootFields(request).some((f) => PLANNING_READS.has(f))
        ? forward({ ...request, version: '1.4.0' })
        : forward(request),
  },
  {
    id: 'holdout6.enums.relationship-listing-type-camel',
    class: 'enums',
    description:
      'relationshipListingTypes answers "personToPerson" instead of the enum value PersonToPerson (and so on)',
    names: /relationshipListingTypes|listing type|enum|PersonToPerson|relationshipTypes/i,
    handle: onData((key, value) =>
      key === 'relationshipListingTypes' && Array.isArray(value)
        ? value.map((v) => (typeof v === 'string' ? v.charAt(0).toLowerCase() + v.slice(1) : v))
        : value,
    ),
  },
  {
    id: 'holdout6.enums.person-mutation-status-screaming',
    class: 'enums',
    description:
      'the status of person mutations is answered "CREATED", "NO_CHANGE" instead of Created, NoChange',
    names: /status|enum|Created|NoChange|addPerson|person/i,
    handle: personStatusScreaming,
  },
  {
    id: 'holdout6.dates.objective-start-date-day-late',
    class: 'dates',
    description: "an objective's startDate reads one day late (the date is shifted by a time-zone offset)",
    names: /startDate|objective|date/i,
    handle: onData(
      (key, value) => (key === 'startDate' && typeof value === 'string' ? dayAfter(value) : value),
      (request) => rootFields(request).some((f) => f === 'objective' || f === 'objectives'),
    ),
  },
  {
    id: 'holdout6.dates.activity-date-12-hour-clock',
    class: 'dates',
    description:
      'addActivity and updateActivity read activityDate with a 12-hour clock: "2026-05-01 15:30:00" is stored as 03:30',
    names: /activityDate|activityStartDate|date|time|hour|activit/i,
    handle: onMutationInput(new Set(['addActivity', 'updateActivity']), (input) => {
      const m = typeof input.activityDate === 'string' ? ACTIVITY_DATE.exec(input.activityDate) : null;
      if (!m || Number(m[2]) < 13) return input;
      const hour = String(Number(m[2]) % 12).padStart(2, '0');
      return { ...input, activityDate: `${m[1]} ${hour}${m[3]}` };
    }),
  },
  {
    id: 'holdout6.validation.end-before-start-accepted',
    class: 'validation',
    description:
      'addObjective and addInitiative accept an endDate before the startDate (the end date is dropped, no validationErrors)',
    names: /endDate|startDate|validation|addObjective|addInitiative|before/i,
    handle: onMutationInput(new Set(['addObjective', 'addInitiative']), (input) => {
      if (typeof input.startDate !== 'string' || typeof input.endDate !== 'string') return input;
      if (input.endDate >= input.startDate) return input;
      const { endDate: _endDate, ...rest } = input;
      return rest;
    }),
  },
  {
    id: 'holdout6.validation.strength-level-below-one-clamped',
    class: 'validation',
    description:
      'relationship writes given a strengthLevel below 1 store strength 1 instead of refusing it (a clamp instead of a check)',
    names: /strengthLevel|strength|validation|range|between|relationship/i,
    handle: onMutationInput(STRENGTH_INPUTS, (input) =>
      typeof input.strengthLevel === 'number' && input.strengthLevel < 1
        ? { ...input, strengthLevel: 1 }
        : input,
    ),
  },
  {
    id: 'holdout6.persistence.add-working-list-not-kept',
    class: 'persistence',
    description:
      'addWorkingList answers the new list with success, but the list is not kept (a rolled-back insert)',
    names: /addWorkingList|working list|list|persist|kept/i,
    handle: workingListNotKept,
  },
  {
    id: 'holdout6.persistence.remove-relationship-not-applied',
    class: 'persistence',
    description: 'removeRelationship answers success true and removes nothing',
    names: /removeRelationship|relationship|remov|persist|kept|success/i,
    handle: removeRelationshipStubbed,
  },
  {
    id: 'holdout6.events.contact-deleted-dropped',
    class: 'events',
    description: 'firmContactEventViews never reports ContactDeleted, even when the filter asks for it',
    names: /ContactDeleted|firmContactEventViews|delet|event/i,
    handle: droppingEvents(
      'firmContactEventViews',
      'eventType',
      () => (e) => e.eventType === 'ContactDeleted',
    ),
  },
  {
    id: 'holdout6.events.initiative-event-initiative-null',
    class: 'events',
    description:
      "an initiative event's initiative is null although the initiative exists (the nested resource is not joined)",
    names: /initiativeEventViews|initiative|event|null/i,
    handle: onData(
      (key, value) => (key === 'initiative' ? null : value),
      (request) => rootFields(request).includes('initiativeEventViews'),
    ),
  },
  {
    id: 'holdout6.tenancy.limited-opportunities-full',
    class: 'tenancy',
    description: "opportunities and opportunity of the limited tenant answer the full tenant's opportunities",
    names: /tenant|limited|isolation|leak|other|opportunit/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).some((f) => OPPORTUNITY_READS.has(f))
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout6.tenancy.limited-add-list-to-full',
    class: 'tenancy',
    description:
      "addList of the limited tenant given a list type of the full tenant creates the list in the full tenant's data",
    names: /tenant|limited|isolation|leak|other|addList|list/i,
    handle: limitedAddListFallsBackToFull,
  },
  {
    id: 'holdout6.auth.bearer-scheme-case-sensitive',
    class: 'auth',
    description:
      'an Authorization header with the scheme in lower case ("bearer <token>") is refused 401 (HTTP schemes are case-insensitive)',
    names: /bearer|scheme|authori[sz]ation|401|UNAUTHENTICATED|case/i,
    handle: (request, forward) =>
      /^bearer\s/i.test(request.headers.authorization ?? '') &&
      !/^Bearer\s/.test(request.headers.authorization ?? '')
        ? refusedAsUnauthenticated(request, forward)
        : forward(request),
  },
  {
    id: 'holdout6.auth.unauthenticated-with-data',
    class: 'auth',
    description:
      'a 401 answer to a query without a valid token carries the data the query would read (a leak)',
    names: /401|UNAUTHENTICATED|\bdata\b|leak|auth|token/i,
    handle: unauthenticatedWithData,
  },
  {
    id: 'holdout6.http.accept-json-ignored',
    class: 'http',
    description:
      'every answer is typed application/graphql-response+json, also to a client that accepts only application/json',
    names: /Content-Type|Accept|application\/json|graphql-response\+json|media type|header/i,
    handle: onAnswer((answer) =>
      /application\/json/.test(answer.headers['content-type'] ?? '')
        ? {
            ...answer,
            headers: {
              ...answer.headers,
              'content-type': 'application/graphql-response+json; charset=utf-8',
            },
          }
        : answer,
    ),
  },
  {
    id: 'holdout6.http.extensions-key-refused',
    class: 'http',
    description: 'a request body with an "extensions" key (GraphQL over HTTP allows it) is refused with 400',
    names: /extensions|\b400\b|BAD_REQUEST|body|request|status/i,
    handle: (request, forward) =>
      request.body && 'extensions' in request.body
        ? Promise.resolve(
            jsonAnswer(400, {
              errors: [
                {
                  message: 'Unknown key "extensions" in the request body.',
                  extensions: { code: 'BAD_REQUEST' },
                },
              ],
            }),
          )
        : forward(request),
  },
  {
    id: 'holdout6.cache.unauthenticated-cached-by-body',
    class: 'caching',
    description:
      'a 401 answer is cached for 60 seconds by path and body, not by token: the same query with a valid token is refused',
    names: /cache|401|UNAUTHENTICATED|token|auth/i,
    handle: unauthenticatedCachedByBody(60_000),
  },
  {
    id: 'holdout6.errors.message-generic',
    class: 'errors',
    description: 'every GraphQL error message is replaced by "An error occurred." (an over-eager sanitiser)',
    names: /message|An error occurred/i,
    handle: onErrors((error) => ({ ...error, message: 'An error occurred.' })),
  },
  {
    id: 'holdout6.errors.variable-error-internal',
    class: 'errors',
    description:
      'a variable of the wrong type is reported with code INTERNAL_SERVER_ERROR instead of a request error code',
    names: /code|extensions|INTERNAL|variable|BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED|error/i,
    handle: onErrors((error) =>
      typeof error.message === 'string' && error.message.startsWith('Variable "$')
        ? {
            ...error,
            extensions: {
              ...(error.extensions as Record<string, unknown> | undefined),
              code: 'INTERNAL_SERVER_ERROR',
            },
          }
        : error,
    ),
  },
  {
    id: 'holdout6.region.au-planning-from-us',
    class: 'region',
    description: 'objectives, objective, initiatives and initiative on the au endpoint answer the us data',
    names: /region|\bau\b|\bus\b|residen|isolation|objective|initiative/i,
    handle: (request, forward) =>
      request.region === 'au' &&
      !isMutation(request) &&
      rootFields(request).some((f) => PLANNING_READS.has(f))
        ? forward({ ...request, region: 'us' })
        : forward(request),
  },
  {
    id: 'holdout6.region.eu-regional-settings-from-us',
    class: 'region',
    description: 'regionalSettings on the eu endpoint answers the us settings (language, country, locale)',
    names: /region|\beu\b|\bus\b|regionalSettings|locale|country|language/i,
    handle: (request, forward) =>
      request.region === 'eu' && rootFields(request).includes('regionalSettings')
        ? forward({ ...request, region: 'us' })
        : forward(request),
  },
];
