/**
 * A seventh held-out set of regressions, chosen from the spec and from what vendors ship after the sixth
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout7` runs them.
 */
import { valueFromASTUntyped, type FieldNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { lostRootField } from './holdout.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { screaming } from './holdout3.js';
import { selectedUnder, sibling } from './holdout5.js';
import { dateBoundExclusive, inputDayEarly, onMutationInput, refusedAsUnauthenticated } from './holdout6.js';
import { cached, tokenOf, unauthenticatedServedWhere, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Handler, type Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, rootFields } from './rewrite.js';

const OPPORTUNITY_READS = new Set(['opportunity', 'opportunities']);
const INITIATIVE_READS = new Set(['initiative', 'initiatives']);
const INITIATIVE_WRITES = new Set(['addInitiative', 'updateInitiative']);
const WORKING_LIST_WRITES = new Set(['addWorkingList', 'editWorkingListDetails']);
const TENANT_TOKENS = new Set<string>([DEV_TOKENS.full, DEV_TOKENS.limited]);
/** The values of AdditionalFieldDefinitionInputType in the order the spec lists them. */
const FIELD_TYPES = ['text', 'date', 'decimal', 'integer', 'list', 'boolean', 'user'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DEFAULT_LIMIT = 100;

/** The value of a field node's `limit` argument (variables resolved), or the spec's default. */
function limitOf(node: FieldNode, variables: Record<string, unknown>): number {
  const given = node.arguments?.find((a) => a.name.value === 'limit');
  const value = given ? valueFromASTUntyped(given.value, variables) : undefined;
  return typeof value === 'number' ? value : DEFAULT_LIMIT;
}

/** The only root selection of a request when it is `name` (a batch is passed on untouched). */
function onlyRoot(request: Incoming, name: string) {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/**
 * updateObjective answers the objective as changed, then the change is taken back (a second write from
 * a stale copy of the record, read before the update, lands after it).
 */
const objectiveUpdateNotKept: Handler = async (request, forward) => {
  const input = onlyRoot(request, 'updateObjective')?.args.input as { id?: unknown } | undefined;
  if (typeof input?.id !== 'string') return forward(request);
  const read = await forward(
    sibling(request, 'query($id: ID!) { objective(id: $id) { name description } }', { id: input.id }),
  );
  const before = dataOf(read)?.objective as Record<string, unknown> | null | undefined;
  const answer = await forward(request);
  if (before && typeof before === 'object')
    await forward(
      sibling(
        request,
        'mutation($input: UpdateObjectiveInput!) { updateObjective(input: $input) { validationErrors { message } } }',
        { input: { id: input.id, ...before } },
      ),
    );
  return answer;
};

/**
 * removeInitiative of an existing initiative answers isSuccessful true without removing it (the delete
 * is queued to a worker that never runs).
 */
const removeInitiativeNotApplied: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'removeInitiative');
  if (!root) return forward(request);
  const read = await forward(
    sibling(request, 'query($id: ID!) { initiative(id: $id) { id isDeleted } }', { id: root.args.id }),
  );
  const initiative = dataOf(read)?.initiative as { isDeleted?: unknown } | null | undefined;
  if (!initiative || initiative.isDeleted === true) return forward(request);
  const result: Record<string, unknown> = {};
  const full: Record<string, unknown> = { isSuccessful: true, validationErrors: [] };
  for (const name of selectedUnder(request, root.key)) if (name in full) result[name] = full[name];
  return jsonAnswer(200, { data: { [root.key]: result } });
};

/**
 * A mutation of the limited tenant that its own data refuses (no item, isSuccessful false, or
 * validationErrors) is run again as the full tenant: the record lookup behind it is not scoped by tenant.
 */
export function limitedRefusalRunAsFull(operation: string): Handler {
  return async (request, forward) => {
    const root = rootSelections(request).find((r) => r.name === operation);
    if (tokenOf(request) !== DEV_TOKENS.limited || !root) return forward(request);
    const answer = await forward(request);
    const result = dataOf(answer)?.[root.key] as
      { item?: unknown; isSuccessful?: unknown; validationErrors?: unknown } | null | undefined;
    const refused =
      !result ||
      result.item === null ||
      result.isSuccessful === false ||
      (Array.isArray(result.validationErrors) && result.validationErrors.length > 0);
    return refused ? as(DEV_TOKENS.full, request, forward) : answer;
  };
}

/** A cache of GET answers for `ttlMs` keyed by token and path without the query string (a CDN rule). */
function getCachedByPath(ttlMs: number): Handler {
  const store = new Map<string, { at: number; answer: Answer }>();
  return async (request, forward) => {
    if (request.method !== 'GET') return forward(request);
    const key = `${tokenOf(request)}\0${request.region}/${request.version}`;
    const hit = store.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = await forward(request);
    store.set(key, { at: Date.now(), answer });
    return answer;
  };
}

/** The key of a response cache that knows the root fields and their arguments but not what they select. */
const byRootFieldsOnly = (request: Incoming): string =>
  `${tokenOf(request)}\0${request.region}/${request.version}\0${JSON.stringify(
    rootSelections(request).map((r) => [r.key, r.name, r.args]),
  )}`;

/** The same field of both contacts of an event, swapped when both are selected. */
function swappedContacts(key: string, value: unknown, holder: Record<string, unknown>): unknown {
  const pairs: Record<string, string> = {
    baseContactId: 'relatedContactId',
    relatedContactId: 'baseContactId',
    baseContact: 'relatedContact',
    relatedContact: 'baseContact',
  };
  const other = pairs[key];
  return other !== undefined && other in holder ? holder[other] : value;
}

/** Regressions the certification was not written against (a seventh blind set). */
export const HOLDOUT7: readonly Mutant[] = [
  {
    id: 'holdout7.paging.initiatives-limit-ignored',
    class: 'paging',
    description: 'initiatives ignores limit: every page holds up to 100 initiatives whatever limit was asked',
    names: /limit|page|size|initiatives|initiative/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'initiatives'
        ? mapArgument(node, field, vars, 'limit', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout7.paging.lists-skip-as-page-number',
    class: 'paging',
    description:
      'lists reads skip as a page number: skip 1 with limit 2 starts at the third list, not the second',
    names: /skip|page|offset|lists|list/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'lists'
        ? mapArgument(node, field, vars, 'skip', (skip) =>
            typeof skip === 'number' && skip > 0 ? skip * limitOf(node, vars) : skip,
          )
        : undefined,
    ),
  },
  {
    id: 'holdout7.sort.opportunities-close-date-as-date-opened',
    class: 'sort',
    description:
      'opportunities sorted by estimatedCloseDate come in dateOpened order (a sort column mapped wrong)',
    names: /sort|order|estimatedCloseDate|dateOpened|opportunit/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'opportunities'
        ? mapArgument(node, field, vars, 'sort', (sort) =>
            Array.isArray(sort)
              ? sort.map((s) =>
                  s && typeof s === 'object' && (s as { field?: unknown }).field === 'estimatedCloseDate'
                    ? { ...s, field: 'dateOpened' }
                    : s,
                )
              : sort,
          )
        : undefined,
    ),
  },
  {
    id: 'holdout7.sort.contact-search-last-name-as-display-name',
    class: 'sort',
    description:
      'searchFirmContacts sorted by lastName comes in displayName order (the sort field falls back)',
    names: /sort|order|lastName|displayName|searchFirmContacts|contact|search/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'searchFirmContacts'
        ? mapArgument(node, field, vars, 'sort', (sort) =>
            sort && typeof sort === 'object' && (sort as { field?: unknown }).field === 'lastName'
              ? { ...sort, field: 'displayName' }
              : sort,
          )
        : undefined,
    ),
  },
  {
    id: 'holdout7.null.opportunity-current-stage',
    class: 'nullability',
    description: "an opportunity's currentStage is null although it has stage instances (a missing join)",
    names: /currentStage|stage|opportunit|null/i,
    handle: onData(
      (key, value) => (key === 'currentStage' ? null : value),
      (request) => rootFields(request).some((f) => OPPORTUNITY_READS.has(f)),
    ),
  },
  {
    id: 'holdout7.null.list-type',
    class: 'nullability',
    description: "a list's listType is null although every list has a folder type",
    names: /listType|folder type|list|null/i,
    handle: onData(
      (key, value) => (key === 'listType' ? null : value),
      (request) => rootFields(request).some((f) => f === 'lists' || f === 'list'),
    ),
  },
  {
    id: 'holdout7.versions.1.2.0-relationship-event-views-leak',
    class: 'versions',
    description: 'the 1.2.0 endpoint answers the 1.4.0-only relationshipEventViews',
    names: /1\.2\.0|version|relationshipEventViews|relationship|leak|Cannot query field/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && rootFields(request).includes('relationshipEventViews')
        ? forward({ ...request, version: '1.4.0' })
        : forward(request),
  },
  {
    id: 'holdout7.versions.patch-objective-type-missing',
    class: 'versions',
    description:
      'the 1.4.0 endpoint lost the patchObjectiveType mutation (\'Cannot query field "patchObjectiveType"\')',
    names: /patchObjectiveType|objective type|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'patchObjectiveType', 'Mutation'),
  },
  {
    id: 'holdout7.enums.additional-field-type-shifted',
    class: 'enums',
    description:
      'fieldDataType of additional field definitions is answered one enum value off (text reads date, date reads decimal)',
    names: /fieldDataType|additional field|AdditionalFieldDefinition|enum|\btext\b/i,
    handle: onData((key, value) => {
      const at = typeof value === 'string' ? FIELD_TYPES.indexOf(value) : -1;
      return key === 'fieldDataType' && at >= 0 ? FIELD_TYPES[(at + 1) % FIELD_TYPES.length] : value;
    }),
  },
  {
    id: 'holdout7.enums.opportunity-event-type-screaming',
    class: 'enums',
    description:
      'opportunityEventViews answers eventType "CURRENT_STAGE_CHANGED" instead of CurrentStageChanged (and so on)',
    names: /eventType|enum|opportunityEventViews|CurrentStageChanged|StatusChanged|DateOpenedChanged/i,
    handle: onData(
      (key, value) => (key === 'eventType' ? screaming(value) : value),
      (request) => rootFields(request).includes('opportunityEventViews'),
    ),
  },
  {
    id: 'holdout7.dates.initiative-start-date-day-early',
    class: 'dates',
    description:
      'addInitiative and updateInitiative store startDate one day early (the date is read as local midnight and written as UTC)',
    names: /startDate|initiative|date/i,
    handle: inputDayEarly(INITIATIVE_WRITES, 'startDate'),
  },
  {
    id: 'holdout7.dates.activity-date-filter-from-exclusive',
    class: 'dates',
    description:
      'the date filter of activities treats from as exclusive: activities on the from date are left out',
    names: /\bfrom\b|date|filter|activities|activit|inclusive|boundary/i,
    handle: dateBoundExclusive('activities', 'date', 'from'),
  },
  {
    id: 'holdout7.validation.company-invalid-email-dropped',
    class: 'validation',
    description:
      'addCompany given an emailAddress that is not an e-mail address drops it and adds the company (no validationErrors)',
    names: /emailAddress|e-mail|email|addCompany|company|validation/i,
    handle: onMutationInput(new Set(['addCompany']), (input) => {
      if (typeof input.emailAddress !== 'string' || EMAIL.test(input.emailAddress)) return input;
      const { emailAddress: _emailAddress, ...rest } = input;
      return rest;
    }),
  },
  {
    id: 'holdout7.validation.opportunity-blank-tag-dropped',
    class: 'validation',
    description:
      'addOpportunity given a blank tag drops it and adds the opportunity instead of refusing the tag',
    names: /tags?|blank|empty|addOpportunity|opportunit|validation/i,
    handle: onMutationInput(new Set(['addOpportunity']), (input) =>
      Array.isArray(input.tags)
        ? { ...input, tags: input.tags.filter((t) => typeof t !== 'string' || t.trim() !== '') }
        : input,
    ),
  },
  {
    id: 'holdout7.persistence.update-objective-not-kept',
    class: 'persistence',
    description: 'updateObjective answers the changed objective, but the name and description are not kept',
    names: /updateObjective|objective|persist|kept|read.?back|name/i,
    handle: objectiveUpdateNotKept,
  },
  {
    id: 'holdout7.persistence.remove-initiative-not-applied',
    class: 'persistence',
    description: 'removeInitiative answers isSuccessful true and removes nothing',
    names: /removeInitiative|initiative|remov|persist|isDeleted|isSuccessful/i,
    handle: removeInitiativeNotApplied,
  },
  {
    id: 'holdout7.events.current-stage-events-dropped',
    class: 'events',
    description:
      'opportunityEventViews loses the CurrentStageChanged events (the spec says stage changes are reported)',
    names: /opportunityEventViews|CurrentStageChanged|currentStage|stage|event/i,
    handle: droppingEvents(
      'opportunityEventViews',
      'eventType',
      () => (e) => e.eventType === 'CurrentStageChanged',
    ),
  },
  {
    id: 'holdout7.events.relationship-contacts-swapped',
    class: 'events',
    description:
      'relationshipEventViews answers baseContactId and relatedContactId (and the contacts) swapped',
    names: /relationshipEventViews|baseContact|relatedContact|relationship|event/i,
    handle: onData(swappedContacts, (request) => rootFields(request).includes('relationshipEventViews')),
  },
  {
    id: 'holdout7.tenancy.limited-initiatives-full',
    class: 'tenancy',
    description: "initiatives and initiative of the limited tenant answer the full tenant's initiatives",
    names: /tenant|limited|isolation|leak|other|initiative/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).some((f) => INITIATIVE_READS.has(f))
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout7.tenancy.limited-edits-full-list',
    class: 'tenancy',
    description:
      "editListDetails of the limited tenant given a list of the full tenant renames the full tenant's list",
    names: /tenant|limited|isolation|leak|other|editListDetails|list/i,
    handle: limitedRefusalRunAsFull('editListDetails'),
  },
  {
    id: 'holdout7.auth.get-unauthenticated',
    class: 'auth',
    description:
      'a GET request without a valid token is answered as the full tenant (authentication only on POST)',
    names: /GET|401|UNAUTHENTICATED|token|auth/i,
    handle: unauthenticatedServedWhere((r) => r.method === 'GET'),
  },
  {
    id: 'holdout7.auth.1.2.0-valid-token-refused',
    class: 'auth',
    description: 'the 1.2.0 endpoints refuse the valid tokens with 401 (their key set was not migrated)',
    names: /1\.2\.0|401|UNAUTHENTICATED|token|auth/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && TENANT_TOKENS.has(tokenOf(request))
        ? refusedAsUnauthenticated(request, forward)
        : forward(request),
  },
  {
    id: 'holdout7.http.get-mutation-executed',
    class: 'http',
    description: 'a mutation sent with GET is executed instead of being refused with 405 (GraphQL over HTTP)',
    names: /GET|405|METHOD_NOT_ALLOWED|method|mutation/i,
    handle: (request, forward) =>
      request.method === 'GET' && isMutation(request)
        ? forward({ ...request, method: 'POST' })
        : forward(request),
  },
  {
    id: 'holdout7.http.json-charset-refused',
    class: 'http',
    description:
      'a POST typed "application/json; charset=utf-8" is refused with 415 (the media type is compared whole)',
    names: /charset|Content-Type|415|media type|UNSUPPORTED_MEDIA_TYPE|application\/json/i,
    handle: (request, forward) =>
      request.method === 'POST' && /^application\/json\s*;/i.test(request.headers['content-type'] ?? '')
        ? Promise.resolve(
            jsonAnswer(415, {
              errors: [
                {
                  message: 'Unsupported media type "application/json; charset=utf-8".',
                  extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' },
                },
              ],
            }),
          )
        : forward(request),
  },
  {
    id: 'holdout7.cache.get-cached-by-path',
    class: 'caching',
    description:
      'GET answers are cached for 60 seconds by token and path without the query string: another GET query answers the first',
    names: /cache|GET|query string|stale/i,
    handle: getCachedByPath(60_000),
  },
  {
    id: 'holdout7.cache.selection-not-in-key',
    class: 'caching',
    description:
      'a response cache keyed by root fields and arguments, not the selection: the same root with other fields answers the first shape',
    names: /cache|selection|field|stale|shape/i,
    handle: cached(60_000, byRootFieldsOnly),
  },
  {
    id: 'holdout7.errors.working-list-error-text-null',
    class: 'errors',
    description: 'addWorkingList and editWorkingListDetails answer success false with errorText null',
    names: /errorText|success|addWorkingList|editWorkingListDetails|working list/i,
    handle: onData(
      (key, value) => (key === 'errorText' ? null : value),
      (request) => rootFields(request).some((f) => WORKING_LIST_WRITES.has(f)),
    ),
  },
  {
    id: 'holdout7.errors.remove-from-lists-failed-ids-dropped',
    class: 'errors',
    description:
      'removeContactFromLists answers failedIds empty although lists failed (partial failure unreported)',
    names: /failedIds|removeContactFromLists|partial|failed|bulk/i,
    handle: onData(
      (key, value) => (key === 'failedIds' && Array.isArray(value) ? [] : value),
      (request) => rootFields(request).includes('removeContactFromLists'),
    ),
  },
  {
    id: 'holdout7.region.eu-opportunities-from-au',
    class: 'region',
    description: 'opportunities and opportunity on the eu endpoint answer the au data',
    names: /region|\beu\b|\bau\b|residen|isolation|opportunit/i,
    handle: (request, forward) =>
      request.region === 'eu' &&
      !isMutation(request) &&
      rootFields(request).some((f) => OPPORTUNITY_READS.has(f))
        ? forward({ ...request, region: 'au' })
        : forward(request),
  },
];
