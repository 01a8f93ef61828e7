/**
 * A eleventh held-out set of regressions, chosen from the spec and from what vendors ship after the ninth
 * held-out set had been measured, again without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout11` runs them.
 */
import { parse, print, visit } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { BY_ID, screaming } from './holdout3.js';
import { lostRootField } from './holdout.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { descendingDropped, selectedUnder } from './holdout5.js';
import { dayAfter, inputDayEarly, onInput } from './holdout6.js';
import { limitedRefusalRunAsFull } from './holdout7.js';
import { argumentIgnored, changeNotKept, fallbackOnRefusal } from './holdout8.js';
import { cached, tokenOf, unauthenticatedServedWhere, type Mutant } from './mutants.js';
import { jsonAnswer, type Handler, type Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, rootFields, selecting } from './rewrite.js';

/** removeActivity answers success without deleting anything (the delete is queued and never run). */
const removeActivityStubbed: Handler = (request, forward) => {
  const roots = rootSelections(request);
  if (roots.length !== 1 || roots[0]!.name !== 'removeActivity') return forward(request);
  const full: Record<string, unknown> = { isSuccessful: true, validationErrors: [] };
  const out: Record<string, unknown> = {};
  for (const name of selectedUnder(request, roots[0]!.key)) if (name in full) out[name] = full[name];
  return Promise.resolve(jsonAnswer(200, { data: { [roots[0]!.key]: out } }));
};

/** An Authorization header naming the Bearer scheme with no token is served as the full tenant. */
const emptyBearerAsFull: Handler = (request, forward) =>
  /^Bearer\s*$/i.test(request.headers.authorization ?? '')
    ? as(DEV_TOKENS.full, request, forward)
    : forward(request);

/** The key of a response cache whose normalised document leaves out every skip argument. */
function withoutSkip(request: Incoming): string {
  let document = request.raw;
  try {
    document = print(
      visit(parse(request.body?.query ?? ''), {
        Argument: (node) => (node.name.value === 'skip' ? null : undefined),
      }),
    );
  } catch {
    // A document that does not parse is keyed as sent.
  }
  const { skip: _skip, ...variables } = request.body?.variables ?? {};
  return `${tokenOf(request)}\0${request.region}/${request.version}\0${document}\0${JSON.stringify(variables)}`;
}

/** A by-id query naming no record answers an error NOT_FOUND beside its null instead of the null alone. */
const unknownIdNotFoundError: Handler = async (request, forward) => {
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data || isMutation(request)) return answer;
  const missing = rootSelections(request).filter((r) => BY_ID.test(r.name) && data[r.key] === null);
  if (missing.length === 0) return answer;
  const body = answer.json as { errors?: unknown[] };
  const errors = [
    ...(body.errors ?? []),
    ...missing.map((r) => ({
      message: `${r.name} not found`,
      path: [r.key],
      extensions: { code: 'NOT_FOUND' },
    })),
  ];
  return jsonAnswer(answer.status, { ...body, errors });
};

/** Requests of `region` for the root fields named are served from region `to` (a routing table wrong). */
function routedTo(region: string, to: string, ...names: string[]): Handler {
  return (request, forward) =>
    request.region === region && selecting(...names)(request)
      ? forward({ ...request, region: to })
      : forward(request);
}

/** Regressions the certification was not written against (a tenth blind set). */
export const HOLDOUT11: readonly Mutant[] = [
  {
    id: 'holdout11.paging.initiatives-skip-ignored',
    class: 'paging',
    description: 'initiatives ignores skip: every page starts at the first initiative',
    names: /skip|page|offset|initiatives|initiative/i,
    handle: argumentIgnored('initiatives', 'skip'),
  },
  {
    id: 'holdout11.paging.activity-types-limit-ignored',
    class: 'paging',
    description: 'activityTypes ignores limit: every page holds up to the default 100 types',
    names: /limit|page|activityTypes|activity type/i,
    handle: argumentIgnored('activityTypes', 'limit'),
  },
  {
    id: 'holdout11.sort.initiatives-sort-ignored',
    class: 'sort',
    description: 'initiatives ignores its sort argument and answers in store order',
    names: /sort|order|initiatives|initiative/i,
    handle: argumentIgnored('initiatives', 'sort'),
  },
  {
    id: 'holdout11.sort.lists-descending-ignored',
    class: 'sort',
    description: 'lists sorted with direction Descending come in ascending order',
    names: /sort|order|direction|descending|lists|list/i,
    handle: onFields((node, definition, vars) =>
      node.name.value === 'lists'
        ? mapArgument(node, definition, vars, 'sort', descendingDropped)
        : undefined,
    ),
  },
  {
    id: 'holdout11.null.initiative-progress',
    class: 'nullability',
    description: "an initiative's progress is null (the computed column no longer filled)",
    names: /progress|initiative|null/i,
    handle: onData(
      (key, value) => (key === 'progress' ? null : value),
      selecting('initiative', 'initiatives'),
    ),
  },
  {
    id: 'holdout11.null.objective-created-by',
    class: 'nullability',
    description: "an objective's createdBy is null (the join to the creating user lost)",
    names: /createdBy|creator|objective|null/i,
    handle: onData(
      (key, value) => (key === 'createdBy' ? null : value),
      selecting('objective', 'objectives'),
    ),
  },
  {
    id: 'holdout11.versions.firm-contact-event-views-missing',
    class: 'versions',
    description: 'the 1.4.0 endpoint lost the firmContactEventViews query',
    names: /firmContactEventViews|contact event|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'firmContactEventViews', 'Query'),
  },
  {
    id: 'holdout11.versions.remove-matter-missing',
    class: 'versions',
    description: 'the 1.4.0 endpoint lost the removeMatter mutation',
    names: /removeMatter|matter|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'removeMatter', 'Mutation'),
  },
  {
    id: 'holdout11.enums.objective-statuses-filter-closed-as-open',
    class: 'enums',
    description:
      'objectives filtered by statuses [closed] answer the open objectives (enum values mapped wrong)',
    names: /status|ObjectiveStatus|filter|objectives|objective|enum/i,
    handle: onFields((node, definition, vars) =>
      node.name.value === 'objectives'
        ? mapArgument(
            node,
            definition,
            vars,
            'filter',
            onInput((filter) =>
              Array.isArray(filter.statuses)
                ? { ...filter, statuses: filter.statuses.map((v) => (v === 'closed' ? 'open' : v)) }
                : filter,
            ),
          )
        : undefined,
    ),
  },
  {
    id: 'holdout11.enums.list-event-type-screaming',
    class: 'enums',
    description: 'listEventViews answers eventType in SCREAMING_SNAKE_CASE (LIST_MEMBER_ADDED)',
    names: /eventType|ListEventType|listEventViews|list event|enum/i,
    handle: onData(
      (key, value) => (key === 'eventType' ? screaming(value) : value),
      selecting('listEventViews'),
    ),
  },
  {
    id: 'holdout11.dates.objective-end-date-day-late',
    class: 'dates',
    description: "an objective's endDate reads one day late (a date shifted through a timezone offset)",
    names: /endDate|end date|date|objective/i,
    handle: onData(
      (key, value) => (key === 'endDate' && typeof value === 'string' ? dayAfter(value) : value),
      selecting('objective', 'objectives'),
    ),
  },
  {
    id: 'holdout11.dates.add-objective-start-date-day-early',
    class: 'dates',
    description: 'addObjective stores startDate one day early (read as local midnight, written as UTC)',
    names: /startDate|start date|date|addObjective|objective/i,
    handle: inputDayEarly(new Set(['addObjective']), 'startDate'),
  },
  {
    id: 'holdout11.validation.add-person-nameless-defaulted',
    class: 'validation',
    description:
      'addPerson with neither a first nor a last name is stored under a placeholder instead of being refused',
    names: /firstName|lastName|name|blank|required|addPerson|person|validation/i,
    handle: fallbackOnRefusal('addPerson', 'firstName', (input) =>
      Promise.resolve({ ...input, lastName: '(unknown)' }),
    ),
  },
  {
    id: 'holdout11.validation.add-objective-blank-name-defaulted',
    class: 'validation',
    description: 'addObjective with a blank name is stored under a default name instead of being refused',
    names: /name|blank|required|addObjective|objective|validation/i,
    handle: fallbackOnRefusal('addObjective', 'name', (input) =>
      Promise.resolve({ ...input, name: 'Untitled objective' }),
    ),
  },
  {
    id: 'holdout11.persistence.update-initiative-not-kept',
    class: 'persistence',
    description: 'updateInitiative answers the change, then a stale copy of the initiative is saved over it',
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
        query: 'mutation($i: UpdateInitiativeInput!) { updateInitiative(input: $i) { item { id } } }',
        variables: { i: { id: input.id, name: before.name, description: before.description } },
      }),
    ),
  },
  {
    id: 'holdout11.persistence.remove-activity-not-applied',
    class: 'persistence',
    description: 'removeActivity answers isSuccessful true but the activity stays',
    names: /removeActivity|activit|remove|delete|persist/i,
    handle: removeActivityStubbed,
  },
  {
    id: 'holdout11.events.contact-removed-from-list-dropped',
    class: 'events',
    description: 'firmContactEventViews never reports ContactRemovedFromList',
    names: /ContactRemovedFromList|firmContactEventViews|contact event|event|remov/i,
    handle: droppingEvents(
      'firmContactEventViews',
      'eventType',
      () => (e) => e.eventType === 'ContactRemovedFromList',
    ),
  },
  {
    id: 'holdout11.events.list-updated-dropped',
    class: 'events',
    description: 'listEventViews never reports ListUpdated (edits of list details are lost)',
    names: /ListUpdated|listEventViews|list event|event|updat/i,
    handle: droppingEvents('listEventViews', 'eventType', () => (e) => e.eventType === 'ListUpdated'),
  },
  {
    id: 'holdout11.tenancy.limited-updates-full-initiative',
    class: 'tenancy',
    description: 'updateInitiative of the limited tenant changes an initiative only the full tenant may see',
    names: /tenant|limited|scope|updateInitiative|initiative/i,
    handle: limitedRefusalRunAsFull('updateInitiative'),
  },
  {
    id: 'holdout11.tenancy.limited-removes-full-activity',
    class: 'tenancy',
    description: 'removeActivity of the limited tenant deletes an activity only the full tenant may see',
    names: /tenant|limited|scope|removeActivity|activit/i,
    handle: limitedRefusalRunAsFull('removeActivity'),
  },
  {
    id: 'holdout11.auth.empty-bearer-as-full',
    class: 'auth',
    description: 'an Authorization header of the Bearer scheme with no token is served as the full tenant',
    names: /auth|token|bearer|401|unauthenticated|UNAUTHENTICATED/i,
    handle: emptyBearerAsFull,
  },
  {
    id: 'holdout11.auth.opportunity-reads-unauthenticated',
    class: 'auth',
    description: 'queries of opportunities are served without a token (the resolver skips the auth guard)',
    names: /auth|token|401|unauthenticated|UNAUTHENTICATED|opportunit/i,
    handle: unauthenticatedServedWhere(
      (r) => !isMutation(r) && rootFields(r).some((f) => f.startsWith('opportunit')),
    ),
  },
  {
    id: 'holdout11.http.mutation-status-201',
    class: 'http',
    description: 'a mutation that succeeds is answered with HTTP 201 Created instead of 200',
    names: /status|201|http|mutation/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      return isMutation(request) && answer.status === 200 ? { ...answer, status: 201 } : answer;
    },
  },
  {
    id: 'holdout11.http.get-refused-405',
    class: 'http',
    description: 'GET requests are refused with 405 Method Not Allowed (only POST routed)',
    names: /GET|method|405|http/i,
    handle: (request, forward) =>
      request.method === 'GET'
        ? Promise.resolve(jsonAnswer(405, { errors: [{ message: 'Method Not Allowed' }] }, { allow: 'POST' }))
        : forward(request),
  },
  {
    id: 'holdout11.caching.skip-not-in-key',
    class: 'caching',
    description: 'a response cache keys requests without their skip argument: every page answers the first',
    names: /cache|stale|skip|page/i,
    handle: cached(60_000, withoutSkip),
  },
  {
    id: 'holdout11.errors.unknown-id-not-found-error',
    class: 'errors',
    description: 'a by-id query naming no record answers a NOT_FOUND error beside the null',
    names: /NOT_FOUND|not found|error|null|unknown id/i,
    handle: unknownIdNotFoundError,
  },
  {
    id: 'holdout11.errors.empty-validation-errors-null',
    class: 'errors',
    description: 'a mutation that succeeds answers validationErrors null instead of an empty list',
    names: /validationErrors|validation|null|empty/i,
    handle: onData((key, value) =>
      key === 'validationErrors' && Array.isArray(value) && value.length === 0 ? null : value,
    ),
  },
  {
    id: 'holdout11.region.au-objectives-from-us',
    class: 'region',
    description: 'au reads of objectives are served from the us region',
    names: /region|au|objective/i,
    handle: routedTo('au', 'us', 'objective', 'objectives'),
  },
  {
    id: 'holdout11.region.eu-firm-settings-from-us',
    class: 'region',
    description: 'eu reads of the firm settings are served from the us region',
    names: /region|eu|firm|settings/i,
    handle: routedTo('eu', 'us', 'firm'),
  },
];
