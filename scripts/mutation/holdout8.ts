/**
 * An eighth held-out set of regressions, chosen from the spec and from what vendors ship after the seventh
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout8` runs them.
 */
import { parse, print, visit } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { lostRootField } from './holdout.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { BY_ID } from './holdout3.js';
import { selectedUnder, sibling } from './holdout5.js';
import { dateBoundExclusive, inputDayEarly, refusedAsUnauthenticated } from './holdout6.js';
import { limitedRefusalRunAsFull } from './holdout7.js';
import { cached, tokenOf, unauthenticatedServedWhere, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, rewriteFields, rootFields } from './rewrite.js';

const OPPORTUNITY_READS = new Set(['opportunity', 'opportunities']);
const ACTIVITY_READS = new Set(['activity', 'activities']);
const COUNTRY_READS = new Set(['country', 'countries']);
const INSIGHT_TYPES: Record<string, string> = {
  ConnectionRank: 'EngagementRank',
  EngagementRank: 'ConnectionRank',
};

/** A handler that drops argument `name` of every field called `field` (the server then uses its default). */
export function argumentIgnored(field: string, name: string): Handler {
  return onFields((node, definition, vars) =>
    node.name.value === field ? mapArgument(node, definition, vars, name, () => undefined) : undefined,
  );
}

/** A sort argument (one input or a list of them) whose inputs sorting by `from` sort by `to`. */
function sortFieldMapped(from: string, to: string) {
  const mapped = (sort: unknown): unknown => {
    if (Array.isArray(sort)) return sort.map(mapped);
    return sort && typeof sort === 'object' && (sort as { field?: unknown }).field === from
      ? { ...sort, field: to }
      : sort;
  };
  return mapped;
}

/** A handler that maps the sort field `from` to `to` on every field called `field`. */
export function sortColumnWrong(field: string, from: string, to: string): Handler {
  return onFields((node, definition, vars) =>
    node.name.value === field
      ? mapArgument(node, definition, vars, 'sort', sortFieldMapped(from, to))
      : undefined,
  );
}

/** Whether an answer refused root result `key` naming `property` (in a GraphQL error or in validationErrors). */
function refusedOn(answer: Answer, key: string, property: string): boolean {
  const names = (errors: unknown): boolean =>
    Array.isArray(errors) &&
    errors.some((e) => (e as { propertyName?: unknown } | null)?.propertyName === property);
  const errors = (answer.json as { errors?: { extensions?: { validationErrors?: unknown } }[] } | undefined)
    ?.errors;
  if ((errors ?? []).some((e) => names(e.extensions?.validationErrors))) return true;
  const result = dataOf(answer)?.[key] as { validationErrors?: unknown } | null | undefined;
  return names(result?.validationErrors);
}

/**
 * A mutation `operation` that the correct service refuses for `property` is run again with the input
 * `fix` makes of it: the service falls back instead of reporting the bad value.
 */
export function fallbackOnRefusal(
  operation: string,
  property: string,
  fix: (
    input: Record<string, unknown>,
    request: Incoming,
    forward: Forward,
  ) => Promise<Record<string, unknown>>,
): Handler {
  return async (request, forward) => {
    const roots = rootSelections(request);
    const root = roots.length === 1 && roots[0]!.name === operation ? roots[0] : undefined;
    const input = root?.args.input;
    if (!root || !input || typeof input !== 'object') return forward(request);
    const answer = await forward(request);
    if (!refusedOn(answer, root.key, property)) return answer;
    const fixed = await fix(input as Record<string, unknown>, request, forward);
    return forward(
      rewriteFields(request, (node, field, vars) =>
        node.name.value === operation ? mapArgument(node, field, vars, 'input', () => fixed) : undefined,
      ),
    );
  };
}

/** The firm's default activity type, as the request's tenant reads it. */
async function defaultActivityType(request: Incoming, forward: Forward): Promise<unknown> {
  const answer = await forward(sibling(request, '{ firm { settings { defaultNewActivityTypeId } } }', {}));
  return (dataOf(answer)?.firm as { settings?: { defaultNewActivityTypeId?: unknown } } | null | undefined)
    ?.settings?.defaultNewActivityTypeId;
}

/**
 * A single-root mutation `operation` answers as the correct service does, then a second write of the
 * state read before it (`read` gives the record, `restore` the mutation putting it back) lands after it:
 * a stale copy of the record, loaded before the change, is saved over it.
 */
export function changeNotKept(
  operation: string,
  read: (input: Record<string, unknown>) => { query: string; variables: Record<string, unknown> } | undefined,
  restore: (
    before: Record<string, unknown>,
    input: Record<string, unknown>,
  ) => { query: string; variables: Record<string, unknown> },
): Handler {
  return async (request, forward) => {
    const roots = rootSelections(request);
    const input = roots.length === 1 && roots[0]!.name === operation ? roots[0]!.args.input : undefined;
    if (!input || typeof input !== 'object') return forward(request);
    const reading = read(input as Record<string, unknown>);
    if (!reading) return forward(request);
    const data = dataOf(await forward(sibling(request, reading.query, reading.variables)));
    const before = data ? Object.values(data)[0] : undefined;
    const answer = await forward(request);
    if (before && typeof before === 'object') {
      const back = restore(before as Record<string, unknown>, input as Record<string, unknown>);
      await forward(sibling(request, back.query, back.variables));
    }
    return answer;
  };
}

/** The key of a response cache that leaves operationName out (token, path, document and variables). */
const withoutOperationName = (request: Incoming): string =>
  `${tokenOf(request)}\0${request.region}/${request.version}\0${request.body?.query ?? request.raw}\0${JSON.stringify(
    request.body?.variables ?? {},
  )}`;

/** The key of a response cache that normalises the document by dropping every argument. */
function withoutArguments(request: Incoming): string {
  let document = request.raw;
  try {
    document = print(visit(parse(request.body?.query ?? ''), { Argument: () => null }));
  } catch {
    // A document that does not parse is keyed as sent.
  }
  return `${tokenOf(request)}\0${request.region}/${request.version}\0${document}`;
}

/** Whether a client accepts only application/graphql-response+json (no application/json, no wildcard). */
function acceptsOnlyGraphqlResponse(request: Incoming): boolean {
  const accept = request.headers.accept ?? '';
  return (
    /application\/graphql-response\+json/i.test(accept) &&
    !/application\/json|\*\/\*|application\/\*/i.test(accept)
  );
}

/**
 * addAdditionalFieldDefinition that the service refuses answers success true with no definition and no
 * error: a catch-all around the insert reports every outcome as a success.
 */
const additionalFieldRefusalAsSuccess: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const answer = await forward(request);
  const root = roots.length === 1 && roots[0]!.name === 'addAdditionalFieldDefinition' ? roots[0] : undefined;
  if (!root) return answer;
  const errors = (answer.json as { errors?: unknown[] } | undefined)?.errors;
  const result = dataOf(answer)?.[root.key] as { success?: unknown } | null | undefined;
  if ((!errors || errors.length === 0) && result?.success !== false) return answer;
  const full: Record<string, unknown> = { success: true, additionalFieldDefinition: null };
  const out: Record<string, unknown> = {};
  for (const name of selectedUnder(request, root.key)) if (name in full) out[name] = full[name];
  return jsonAnswer(200, { data: { [root.key]: out } });
};

/** Regressions the certification was not written against (an eighth blind set). */
export const HOLDOUT8: readonly Mutant[] = [
  {
    id: 'holdout8.paging.opportunities-skip-ignored',
    class: 'paging',
    description: 'opportunities ignores skip: every page starts at the first opportunity',
    names: /skip|page|offset|opportunit/i,
    handle: argumentIgnored('opportunities', 'skip'),
  },
  {
    id: 'holdout8.paging.relationship-types-skip-ignored',
    class: 'paging',
    description: 'relationshipTypes ignores skip: every page starts at the first relationship type',
    names: /skip|page|offset|relationshipTypes|relationship type/i,
    handle: argumentIgnored('relationshipTypes', 'skip'),
  },
  {
    id: 'holdout8.sort.relationship-types-category-as-name',
    class: 'sort',
    description: 'relationshipTypes sorted by category come in name order (a sort column mapped wrong)',
    names: /sort|order|category|relationshipTypes|relationship type/i,
    handle: sortColumnWrong('relationshipTypes', 'category', 'name'),
  },
  {
    id: 'holdout8.sort.opportunities-status-as-title',
    class: 'sort',
    description: 'opportunities sorted by status come in title order (a sort column mapped wrong)',
    names: /sort|order|status|title|opportunit/i,
    handle: sortColumnWrong('opportunities', 'status', 'title'),
  },
  {
    id: 'holdout8.null.opportunity-type',
    class: 'nullability',
    description: "an opportunity's opportunityType is null although every opportunity has a type",
    names: /opportunityType|opportunity type|opportunit|null/i,
    handle: onData(
      (key, value) => (key === 'opportunityType' ? null : value),
      (request) => rootFields(request).some((f) => OPPORTUNITY_READS.has(f)),
    ),
  },
  {
    id: 'holdout8.null.country-iso-code',
    class: 'nullability',
    description: "a country's isoCode is null (a column dropped from the country view)",
    names: /isoCode|iso code|countr|null/i,
    handle: onData(
      (key, value) => (key === 'isoCode' ? null : value),
      (request) => rootFields(request).some((f) => COUNTRY_READS.has(f)),
    ),
  },
  {
    id: 'holdout8.versions.1.2.0-practice-groups-leak',
    class: 'versions',
    description: 'the 1.2.0 endpoint answers the 1.4.0-only practiceGroups',
    names: /1\.2\.0|version|practiceGroups|practice group|leak|Cannot query field/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && rootFields(request).includes('practiceGroups')
        ? forward({ ...request, version: '1.4.0' })
        : forward(request),
  },
  {
    id: 'holdout8.versions.relationship-insights-missing',
    class: 'versions',
    description:
      'the 1.4.0 endpoint lost the getRelationshipInsights query (\'Cannot query field "getRelationshipInsights"\')',
    names: /getRelationshipInsights|insight|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'getRelationshipInsights', 'Query'),
  },
  {
    id: 'holdout8.enums.insight-type-crosswise',
    class: 'enums',
    description:
      'getRelationshipInsights answers insightType EngagementRank for connection ranks and ConnectionRank for engagement ranks',
    names: /insightType|ConnectionRank|EngagementRank|insight|enum/i,
    handle: onData(
      (key, value) =>
        key === 'insightType' && typeof value === 'string' ? (INSIGHT_TYPES[value] ?? value) : value,
      (request) => rootFields(request).includes('getRelationshipInsights'),
    ),
  },
  {
    id: 'holdout8.enums.list-type-frequently-used-ignored',
    class: 'enums',
    description:
      'lists given listType myFrequentlyUsed answers every list (the enum value falls back to all)',
    names: /listType|myFrequentlyUsed|MyFrequentlyUsed|frequently|lists|enum/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'lists'
        ? mapArgument(node, field, vars, 'listType', (value) =>
            value === 'myFrequentlyUsed' ? undefined : value,
          )
        : undefined,
    ),
  },
  {
    id: 'holdout8.dates.opportunity-date-opened-to-exclusive',
    class: 'dates',
    description:
      'the dateOpened filter of opportunities treats to as exclusive: opportunities opened on the to date are left out',
    names: /dateOpened|\bto\b|date|filter|opportunit|inclusive|boundary/i,
    handle: dateBoundExclusive('opportunities', 'dateOpened', 'to'),
  },
  {
    id: 'holdout8.dates.opportunity-summary-close-date-day-early',
    class: 'dates',
    description:
      'updateOpportunitySummary stores estimatedCloseDate one day early (the date is read as local midnight and written as UTC)',
    names: /estimatedCloseDate|close date|updateOpportunitySummary|opportunit|date/i,
    handle: inputDayEarly(new Set(['updateOpportunitySummary']), 'estimatedCloseDate'),
  },
  {
    id: 'holdout8.validation.activity-unknown-type-defaulted',
    class: 'validation',
    description:
      "addActivity given a typeId that is no activity type adds the activity with the firm's default type instead of refusing it",
    names: /typeId|activity type|addActivity|activit|validation/i,
    handle: fallbackOnRefusal('addActivity', 'typeId', async (input, request, forward) => ({
      ...input,
      typeId: await defaultActivityType(request, forward),
    })),
  },
  {
    id: 'holdout8.validation.opportunity-unknown-target-company-dropped',
    class: 'validation',
    description:
      'addOpportunity given a targetCompanyId that is no company drops it and adds the opportunity without a target company',
    names: /targetCompany|target company|addOpportunity|opportunit|validation/i,
    handle: fallbackOnRefusal('addOpportunity', 'targetCompanyId', (input) => {
      const { targetCompanyId: _targetCompanyId, ...rest } = input;
      return Promise.resolve(rest);
    }),
  },
  {
    id: 'holdout8.persistence.initiative-status-not-kept',
    class: 'persistence',
    description:
      'updateInitiativeStatus answers the initiative with its new status, but the status is not kept',
    names: /status|updateInitiativeStatus|initiative|persist|kept/i,
    handle: changeNotKept(
      'updateInitiativeStatus',
      (input) =>
        typeof input.id === 'string'
          ? { query: 'query($id: ID!) { initiative(id: $id) { status } }', variables: { id: input.id } }
          : undefined,
      (before, input) => ({
        query:
          'mutation($input: UpdateInitiativeStatusInput!) { updateInitiativeStatus(input: $input) { validationErrors { message } } }',
        variables: { input: { id: input.id, status: before.status } },
      }),
    ),
  },
  {
    id: 'holdout8.persistence.public-company-not-kept',
    class: 'persistence',
    description: 'updatePublicCompany answers the changed company, but its name and alias are not kept',
    names: /updatePublicCompany|company|name|alias|persist|kept/i,
    handle: changeNotKept(
      'updatePublicCompany',
      (input) =>
        typeof input.id === 'string'
          ? { query: 'query($id: ID!) { company(id: $id) { name alias } }', variables: { id: input.id } }
          : undefined,
      (before, input) => ({
        query:
          'mutation($input: UpdatePublicCompanyInput!) { updatePublicCompany(input: $input) { validationErrors { message } } }',
        variables: {
          input: {
            id: input.id,
            ...(typeof before.name === 'string' ? { companyName: before.name } : {}),
            ...(typeof before.alias === 'string' ? { alias: before.alias } : {}),
          },
        },
      }),
    ),
  },
  {
    id: 'holdout8.events.contact-added-to-list-dropped',
    class: 'events',
    description: 'firmContactEventViews loses the ContactAddedToList events',
    names: /firmContactEventViews|ContactAddedToList|list|event/i,
    handle: droppingEvents(
      'firmContactEventViews',
      'eventType',
      () => (e) => e.eventType === 'ContactAddedToList',
    ),
  },
  {
    id: 'holdout8.events.objective-event-date-read-time',
    class: 'events',
    description:
      'objectiveEventViews answers eventDate as the time of the read instead of the time of the change',
    names: /eventDate|objectiveEventViews|objective|event|date/i,
    handle: onData(
      (key, value) => (key === 'eventDate' && typeof value === 'string' ? new Date().toISOString() : value),
      (request) => rootFields(request).includes('objectiveEventViews'),
    ),
  },
  {
    id: 'holdout8.tenancy.limited-relationship-events-full',
    class: 'tenancy',
    description: "relationshipEventViews of the limited tenant answers the full tenant's relationship events",
    names: /tenant|limited|isolation|leak|other|relationshipEventViews|relationship/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).includes('relationshipEventViews')
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout8.tenancy.limited-removes-full-objective',
    class: 'tenancy',
    description: 'removeObjective of the limited tenant given an objective of the full tenant removes it',
    names: /tenant|limited|isolation|leak|other|removeObjective|objective/i,
    handle: limitedRefusalRunAsFull('removeObjective'),
  },
  {
    id: 'holdout8.auth.limited-token-refused',
    class: 'auth',
    description: "the limited tenant's valid token is refused with 401 (its key was lost in a key rotation)",
    names: /401|UNAUTHENTICATED|token|auth|limited/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited ? refusedAsUnauthenticated(request, forward) : forward(request),
  },
  {
    id: 'holdout8.auth.unauthenticated-read-by-id',
    class: 'auth',
    description:
      'queries of one record by id without a valid token are answered as the full tenant (a by-id path skips authentication)',
    names: /401|UNAUTHENTICATED|token|auth/i,
    handle: unauthenticatedServedWhere(
      (r) => !isMutation(r) && rootFields(r).length > 0 && rootFields(r).every((f) => BY_ID.test(f)),
    ),
  },
  {
    id: 'holdout8.http.graphql-response-json-only-406',
    class: 'http',
    description:
      'a client accepting only application/graphql-response+json is answered 406 (only application/json is offered)',
    names: /graphql-response\+json|Accept|406|NOT_ACCEPTABLE|media type/i,
    handle: (request, forward) =>
      acceptsOnlyGraphqlResponse(request)
        ? Promise.resolve({
            ...jsonAnswer(406, {
              errors: [{ message: 'Not acceptable.', extensions: { code: 'NOT_ACCEPTABLE' } }],
            }),
            headers: { 'content-type': 'application/json; charset=utf-8' },
          })
        : forward(request),
  },
  {
    id: 'holdout8.http.put-executed',
    class: 'http',
    description: 'a request sent with PUT is executed as a POST instead of being refused with 405',
    names: /PUT|405|METHOD_NOT_ALLOWED|method/i,
    handle: (request, forward) =>
      request.method === 'PUT' ? forward({ ...request, method: 'POST' }) : forward(request),
  },
  {
    id: 'holdout8.cache.operation-name-not-in-key',
    class: 'caching',
    description:
      'a response cache keyed by token, path, document and variables but not operationName: another operation of the same document answers the first',
    names: /cache|operationName|operation|stale/i,
    handle: cached(60_000, withoutOperationName),
  },
  {
    id: 'holdout8.cache.arguments-not-in-key',
    class: 'caching',
    description:
      'a response cache keyed by the document without its arguments: the same query with other literal arguments answers the first',
    names: /cache|argument|stale|skip|limit|filter/i,
    handle: cached(60_000, withoutArguments),
  },
  {
    id: 'holdout8.errors.additional-field-refusal-as-success',
    class: 'errors',
    description:
      'addAdditionalFieldDefinition that is refused answers success true with no definition and no error',
    names: /addAdditionalFieldDefinition|additional field|success|error|validation/i,
    handle: additionalFieldRefusalAsSuccess,
  },
  {
    id: 'holdout8.errors.remove-opportunity-refusal-successful',
    class: 'errors',
    description:
      'removeOpportunity that is refused answers isSuccessful true (its validationErrors still name the refusal)',
    names: /isSuccessful|removeOpportunity|opportunit|validationErrors|error/i,
    handle: onData(
      (key, value) => (key === 'isSuccessful' && value === false ? true : value),
      (request) => rootFields(request).includes('removeOpportunity'),
    ),
  },
  {
    id: 'holdout8.region.au-activities-from-us',
    class: 'region',
    description: 'activities and activity on the au endpoint answer the us data',
    names: /region|\bau\b|\bus\b|residen|isolation|activit/i,
    handle: (request, forward) =>
      request.region === 'au' &&
      !isMutation(request) &&
      rootFields(request).some((f) => ACTIVITY_READS.has(f))
        ? forward({ ...request, region: 'us' })
        : forward(request),
  },
];
