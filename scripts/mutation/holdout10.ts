/**
 * A tenth held-out set of regressions, chosen from the spec and from what vendors ship after the ninth
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout10` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { lostRootField } from './holdout.js';
import { dataOf, droppingEvents } from './holdout2.js';
import { onErrors } from './holdout3.js';
import { descendingDropped } from './holdout5.js';
import { inputDayEarly, onInput, onMutationInput } from './holdout6.js';
import { limitedRefusalRunAsFull } from './holdout7.js';
import { argumentIgnored, changeNotKept, fallbackOnRefusal, sortColumnWrong } from './holdout8.js';
import { cached, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Handler, type Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, rootFields, selectsField } from './rewrite.js';

const OBJECTIVE_READS = new Set(['objective', 'objectives']);
const INITIATIVE_READS = new Set(['initiative', 'initiatives']);

/** An ISO date-time one millisecond later: an inclusive lower bound read as an exclusive one. */
function instantAfter(value: string): string {
  const at = Date.parse(value);
  return Number.isNaN(at) ? value : new Date(at + 1).toISOString();
}

/** A camelCase property name in snake_case (`activityDate` → `activity_date`). */
function snakeCase(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() : value;
}

/** A validationErrors list with each propertyName in snake_case. */
function snakeProperties(errors: unknown): unknown {
  return Array.isArray(errors)
    ? errors.map((e) =>
        e && typeof e === 'object'
          ? {
              ...(e as Record<string, unknown>),
              propertyName: snakeCase((e as { propertyName?: unknown }).propertyName),
            }
          : e,
      )
    : errors;
}

/**
 * Every validationErrors entry names its property in snake_case, in the mutation results and in the
 * extensions of a GraphQL error (a serializer naming policy changed in a framework upgrade).
 */
const propertyNamesSnakeCase: Handler = async (request, forward) => {
  const answer = await onData((key, value) => (key === 'validationErrors' ? snakeProperties(value) : value))(
    request,
    forward,
  );
  return onErrors((error) => {
    const extensions = error.extensions as Record<string, unknown> | undefined;
    return extensions && Array.isArray(extensions.validationErrors)
      ? {
          ...error,
          extensions: { ...extensions, validationErrors: snakeProperties(extensions.validationErrors) },
        }
      : error;
  })(request, () => Promise.resolve(answer));
};

/** Whether every root field a document selects is an introspection field (`__schema`, `__type`, `__typename`). */
function onlyIntrospection(request: Incoming): boolean {
  const roots = rootFields(request);
  return roots.length > 0 && roots.every((r) => r.startsWith('__'));
}

const unauthenticated = (r: Incoming): boolean =>
  tokenOf(r) !== DEV_TOKENS.full && tokenOf(r) !== DEV_TOKENS.limited;

/** Whether an answer's data holds paged results only, each with no item found. */
function onlyEmptyPages(answer: Answer): boolean {
  const data = dataOf(answer);
  if (!data || (answer.json as { errors?: unknown } | undefined)?.errors !== undefined) return false;
  const pages = Object.values(data);
  return (
    pages.length > 0 &&
    pages.every(
      (p) => p !== null && typeof p === 'object' && (p as { totalModels?: unknown }).totalModels === 0,
    )
  );
}

/**
 * A negative cache: a query that found nothing is answered from a cache for 60 seconds, keyed by token,
 * path and body, and writes do not invalidate it (a record added meanwhile stays unfound).
 */
function emptyResultsCached(ttlMs: number): Handler {
  const store = new Map<string, { at: number; answer: Answer }>();
  return async (request, forward) => {
    if (isMutation(request)) return forward(request);
    const key = `${tokenOf(request)}\0${request.region}/${request.version}\0${request.raw}`;
    const hit = store.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = await forward(request);
    if (onlyEmptyPages(answer)) store.set(key, { at: Date.now(), answer });
    return answer;
  };
}

/** Regressions the certification was not written against (a tenth blind set). */
export const HOLDOUT10: readonly Mutant[] = [
  {
    id: 'holdout10.paging.initiatives-skip-ignored',
    class: 'paging',
    description: 'initiatives ignores skip: every page starts at the first initiative',
    names: /skip|page|offset|initiatives|initiative/i,
    handle: argumentIgnored('initiatives', 'skip'),
  },
  {
    id: 'holdout10.paging.lists-limit-ignored',
    class: 'paging',
    description: 'lists ignores limit: every page holds up to the default 100 lists',
    names: /limit|page|lists|\blist/i,
    handle: argumentIgnored('lists', 'limit'),
  },
  {
    id: 'holdout10.sort.initiatives-name-as-end-date',
    class: 'sort',
    description: 'initiatives sorted by name come in endDate order (a sort column mapped wrong)',
    names: /sort|order|name|initiatives|initiative/i,
    handle: sortColumnWrong('initiatives', 'name', 'endDate'),
  },
  {
    id: 'holdout10.sort.lists-descending-ignored',
    class: 'sort',
    description:
      'lists sorted Descending come in ascending order (the direction of its SortInput is dropped)',
    names: /sort|order|direction|Descending|lists|\blist/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'lists' ? mapArgument(node, field, vars, 'sort', descendingDropped) : undefined,
    ),
  },
  {
    id: 'holdout10.null.person-current-job-title',
    class: 'nullability',
    description: "a person's currentJobTitle is null (the column dropped from the person view)",
    names: /currentJobTitle|job title|jobTitle|person|null/i,
    handle: onData((key, value) => (key === 'currentJobTitle' ? null : value)),
  },
  {
    id: 'holdout10.null.phone-number',
    class: 'nullability',
    description: "a contact's phone numbers answer number null (the column renamed in the view)",
    names: /phoneNumber|phone|number|null/i,
    handle: onData(
      (key, value) => (key === 'number' && typeof value === 'string' ? null : value),
      (request) => selectsField(request, 'PhoneNumber', 'number'),
    ),
  },
  {
    id: 'holdout10.versions.target-person-connections-missing',
    class: 'versions',
    description:
      'the 1.4.0 endpoint lost the targetPersonConnections query (\'Cannot query field "targetPersonConnections"\')',
    names: /targetPersonConnections|connection|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'targetPersonConnections', 'Query'),
  },
  {
    id: 'holdout10.versions.1.2.0-currencies-leak',
    class: 'versions',
    description: 'the 1.2.0 endpoint answers the 1.4.0-only currencies query (routed to the 1.4.0 resolver)',
    names: /currencies|1\.2\.0|version|drift|leak|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && rootFields(request).includes('currencies')
        ? forward({ ...request, version: '1.4.0' })
        : forward(request),
  },
  {
    id: 'holdout10.enums.working-list-class-as-marketing',
    class: 'enums',
    description:
      'list types of working lists answer listClass marketingLists (the class mapping falls through)',
    names: /listClass|list class|workingLists|marketingLists|folderTypes|folder type|enum/i,
    handle: onData((key, value) =>
      key === 'listClass' && value === 'workingLists' ? 'marketingLists' : value,
    ),
  },
  {
    id: 'holdout10.enums.initiative-closed-as-open',
    class: 'enums',
    description: 'closed initiatives answer status open (a status mapping that knows only the default)',
    names: /status|closed|open|initiatives|initiative|enum/i,
    handle: onData(
      (key, value) => (key === 'status' && value === 'closed' ? 'open' : value),
      (request) => rootFields(request).some((f) => INITIATIVE_READS.has(f)),
    ),
  },
  {
    id: 'holdout10.dates.add-initiative-start-date-day-early',
    class: 'dates',
    description:
      "addInitiative stores the initiative's startDate one day early (local midnight written as UTC)",
    names: /startDate|start date|addInitiative|initiative|date/i,
    handle: inputDayEarly(new Set(['addInitiative']), 'startDate'),
  },
  {
    id: 'holdout10.dates.objective-event-date-from-exclusive',
    class: 'dates',
    description:
      'the eventDate filter of objectiveEventViews treats from as exclusive: events at the from instant are left out',
    names: /eventDate|\bfrom\b|date|filter|objectiveEventViews|inclusive|boundary|event/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'objectiveEventViews'
        ? mapArgument(
            node,
            field,
            vars,
            'filter',
            onInput((filter) => {
              const range = filter.eventDate as Record<string, unknown> | null | undefined;
              const from = range?.from;
              return range && typeof from === 'string'
                ? { ...filter, eventDate: { ...range, from: instantAfter(from) } }
                : filter;
            }),
          )
        : undefined,
    ),
  },
  {
    id: 'holdout10.validation.property-name-snake-case',
    class: 'validation',
    description: 'validationErrors name the property in snake_case (activity_date, not activityDate)',
    names: /propertyName|property|validationErrors|validation/i,
    handle: propertyNamesSnakeCase,
  },
  {
    id: 'holdout10.validation.nameless-person-accepted',
    class: 'validation',
    description:
      'addPerson given neither a first nor a last name adds a person named "(Unknown)" instead of refusing',
    names: /firstName|lastName|name|addPerson|person|validation/i,
    handle: fallbackOnRefusal('addPerson', 'firstName', (input) =>
      Promise.resolve({ ...input, lastName: '(Unknown)' }),
    ),
  },
  {
    id: 'holdout10.persistence.update-initiative-not-kept',
    class: 'persistence',
    description: 'updateInitiative answers the changed initiative, but the name and description are not kept',
    names: /updateInitiative|initiative|name|description|persist|kept/i,
    handle: changeNotKept(
      'updateInitiative',
      (input) =>
        typeof input.id === 'string'
          ? {
              query: 'query($id: ID!) { initiative(id: $id) { name description } }',
              variables: { id: input.id },
            }
          : undefined,
      (before, input) => ({
        query: 'mutation($input: UpdateInitiativeInput!) { updateInitiative(input: $input) { item { id } } }',
        variables: {
          input: {
            id: input.id,
            ...(typeof before.name === 'string' ? { name: before.name } : {}),
            ...(typeof before.description === 'string' ? { description: before.description } : {}),
          },
        },
      }),
    ),
  },
  {
    id: 'holdout10.persistence.add-company-email-dropped',
    class: 'persistence',
    description:
      'addCompany keeps the company but not the emailAddress it was given (a field lost in the mapping)',
    names: /emailAddress|email|addCompany|company|persist|kept/i,
    handle: onMutationInput(new Set(['addCompany']), (input) => {
      const { emailAddress: _emailAddress, ...rest } = input;
      return rest;
    }),
  },
  {
    id: 'holdout10.events.contact-created-dropped',
    class: 'events',
    description: 'firmContactEventViews loses the ContactCreated events',
    names: /firmContactEventViews|ContactCreated|contact|event/i,
    handle: droppingEvents(
      'firmContactEventViews',
      'eventType',
      () => (e) => e.eventType === 'ContactCreated',
    ),
  },
  {
    id: 'holdout10.events.list-updated-dropped',
    class: 'events',
    description: 'listEventViews loses the ListUpdated events (an edit of a list is not reported)',
    names: /listEventViews|ListUpdated|editListDetails|list|event/i,
    handle: droppingEvents('listEventViews', 'eventType', () => (e) => e.eventType === 'ListUpdated'),
  },
  {
    id: 'holdout10.tenancy.limited-objectives-full',
    class: 'tenancy',
    description: "objectives and objective of the limited tenant answer the full tenant's objectives",
    names: /tenant|limited|isolation|leak|other|objectives|objective/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).some((f) => OBJECTIVE_READS.has(f))
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout10.tenancy.limited-removes-full-initiative',
    class: 'tenancy',
    description: 'removeInitiative of the limited tenant given an initiative of the full tenant removes it',
    names: /tenant|limited|isolation|leak|other|removeInitiative|initiative/i,
    handle: limitedRefusalRunAsFull('removeInitiative'),
  },
  {
    id: 'holdout10.region.au-firm-from-us',
    class: 'region',
    description: 'firm on the au endpoint answers the us firm settings (the settings service has one region)',
    names: /region|\bau\b|\bus\b|firm|settings|residen|isolation/i,
    handle: (request, forward) =>
      request.region === 'au' && rootFields(request).includes('firm')
        ? forward({ ...request, region: 'us' })
        : forward(request),
  },
  {
    id: 'holdout10.region.us-people-from-eu',
    class: 'region',
    description: 'people on the us endpoint answers from the eu data (the batch lookup is routed to eu)',
    names: /region|\bus\b|\beu\b|people|person|residen|isolation/i,
    handle: (request, forward) =>
      request.region === 'us' && rootFields(request).includes('people')
        ? forward({ ...request, region: 'eu' })
        : forward(request),
  },
  {
    id: 'holdout10.auth.introspection-unauthenticated',
    class: 'auth',
    description:
      'an introspection query without a valid token is answered (the gateway lets __schema and __type through) instead of 401',
    names: /401|UNAUTHENTICATED|token|auth|introspection/i,
    handle: (request, forward) =>
      onlyIntrospection(request) && unauthenticated(request)
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout10.auth.unauthenticated-code-forbidden',
    class: 'auth',
    description:
      'a request without a valid token gets error code FORBIDDEN instead of UNAUTHENTICATED (status 401 kept)',
    names: /401|UNAUTHENTICATED|FORBIDDEN|token|auth|code/i,
    handle: onErrors((error) => {
      const extensions = error.extensions as Record<string, unknown> | undefined;
      return extensions?.code === 'UNAUTHENTICATED'
        ? { ...error, extensions: { ...extensions, code: 'FORBIDDEN' } }
        : error;
    }),
  },
  {
    id: 'holdout10.http.get-query-refused',
    class: 'http',
    description:
      'a query sent with GET is refused with 405 (Allow: POST) instead of being executed (GraphQL over HTTP)',
    names: /GET|405|METHOD_NOT_ALLOWED|method|Allow/i,
    handle: (request, forward) =>
      request.method === 'GET'
        ? Promise.resolve(
            jsonAnswer(
              405,
              {
                errors: [
                  { message: 'Method not allowed: use POST.', extensions: { code: 'METHOD_NOT_ALLOWED' } },
                ],
              },
              { allow: 'POST' },
            ),
          )
        : forward(request),
  },
  {
    id: 'holdout10.cache.key-lowercased',
    class: 'caching',
    description:
      'a response cache keyed by the lowercased body: requests differing only in letter case (aliases, values) answer the first',
    names: /cache|stale|key|case/i,
    handle: cached(
      60_000,
      (request) => `${tokenOf(request)}\0${request.region}/${request.version}\0${request.raw.toLowerCase()}`,
    ),
  },
  {
    id: 'holdout10.cache.empty-results-cached',
    class: 'caching',
    description:
      'queries that found nothing are answered from a cache for 60 seconds (writes do not invalidate it): a record just added is not found',
    names: /cache|stale|totalModels|found|persist|kept/i,
    handle: emptyResultsCached(60_000),
  },
  {
    id: 'holdout10.errors.validation-errors-null-on-success',
    class: 'errors',
    description: 'a mutation that succeeds answers validationErrors null instead of an empty list',
    names: /validationErrors|null|error|empty/i,
    handle: onData(
      (key, value) =>
        key === 'validationErrors' && Array.isArray(value) && value.length === 0 ? null : value,
      isMutation,
    ),
  },
  {
    id: 'holdout10.errors.remove-contacts-effected-zero',
    class: 'errors',
    description: 'removeContactsFromList answers contactsEffected 0 although it removed the contacts',
    names: /contactsEffected|removeContactsFromList|effected|count|list|member/i,
    handle: onData(
      (key, value) => (key === 'contactsEffected' && typeof value === 'number' ? 0 : value),
      (request) => rootFields(request).includes('removeContactsFromList'),
    ),
  },
];
