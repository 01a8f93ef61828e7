/**
 * A ninth held-out set of regressions, chosen from the spec and from what vendors ship after the eighth
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout9` runs them.
 */
import { Kind, parse, print, visit } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { lostRootField } from './holdout.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { sibling } from './holdout5.js';
import { onInput, onMutationInput } from './holdout6.js';
import { argumentIgnored, changeNotKept, fallbackOnRefusal, sortColumnWrong } from './holdout8.js';
import { cached, eventViews, tokenOf, unauthenticatedServedWhere, type Mutant } from './mutants.js';
import type { Handler, Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, rootFields } from './rewrite.js';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A `YYYY-MM-DD HH:mm:ss` date-time one hour earlier (a daylight-saving offset applied twice). */
function hourEarlier(value: string): string {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return value;
  const at = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 1, +m[5]!, +m[6]!));
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** An ISO date-time one millisecond earlier: an inclusive upper bound read as an exclusive one. */
function instantBefore(value: string): string {
  const at = Date.parse(value);
  return Number.isNaN(at) ? value : new Date(at - 1).toISOString();
}

/** The first folder type of marketing lists, as the request's tenant reads it. */
async function firstMarketingFolderType(
  request: Incoming,
  forward: Parameters<Handler>[1],
): Promise<unknown> {
  const answer = await forward(
    sibling(request, '{ folderTypes(listClass: [marketingLists]) { models { id } } }', {}),
  );
  return (dataOf(answer)?.folderTypes as { models?: { id?: unknown }[] } | null | undefined)?.models?.[0]?.id;
}

/**
 * removeContactsFromList answers as the correct service does, but the contacts are put back in the list
 * right after (a membership sync job restores them from a stale copy).
 */
const removeContactsFromListNotApplied: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots.length === 1 && roots[0]!.name === 'removeContactsFromList' ? roots[0] : undefined;
  const answer = await forward(request);
  if (!root || typeof root.args.listId !== 'string' || !Array.isArray(root.args.contactIds)) return answer;
  const errors = (answer.json as { errors?: unknown[] } | undefined)?.errors;
  if (errors && errors.length > 0) return answer;
  await forward(
    sibling(
      request,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      { l: [root.args.listId], c: root.args.contactIds },
    ),
  );
  return answer;
};

/**
 * updateOpportunityStatus of the limited tenant naming an opportunity it cannot see is run as the full
 * tenant: the status write looks the opportunity up without the tenant's scope.
 */
const limitedOpportunityStatusRunAsFull: Handler = async (request, forward) => {
  const root = rootSelections(request).find((r) => r.name === 'updateOpportunityStatus');
  const id = (root?.args.input as { opportunityId?: unknown } | null | undefined)?.opportunityId;
  if (tokenOf(request) !== DEV_TOKENS.limited || typeof id !== 'string') return forward(request);
  const seen = dataOf(
    await forward(sibling(request, 'query($id: ID!) { opportunity(id: $id) { id } }', { id })),
  )?.opportunity;
  return seen ? forward(request) : as(DEV_TOKENS.full, request, forward);
};

/** The bearer token of a request matched case-insensitively to a tenant's token (a lowercased compare). */
function caseInsensitiveToken(request: Incoming): string | undefined {
  const token = tokenOf(request);
  const match = Object.values(DEV_TOKENS).find((t) => t.toLowerCase() === token.toLowerCase());
  return match !== undefined && match !== token ? match : undefined;
}

/** The names of the operations a request's document defines (undefined when it does not parse). */
function operationNames(request: Incoming): (string | undefined)[] | undefined {
  try {
    return parse(request.body?.query ?? '')
      .definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
      .map((d) => (d.kind === Kind.OPERATION_DEFINITION ? d.name?.value : undefined));
  } catch {
    return undefined;
  }
}

/**
 * An operationName that names no operation of the document runs the document's first operation instead
 * of being refused (the lookup falls back to the first definition).
 */
const unknownOperationNameRunsFirst: Handler = (request, forward) => {
  const wanted = request.body?.operationName;
  const names = operationNames(request);
  if (!request.body || typeof wanted !== 'string' || !names || names.length === 0 || names.includes(wanted))
    return forward(request);
  const first = names[0];
  // A first operation without a name can only be run alone: the correct service then refuses as well.
  if (first === undefined && names.length > 1) return forward(request);
  const { operationName: _operationName, ...rest } = request.body;
  const body = first === undefined ? rest : { ...rest, operationName: first };
  return forward({ ...request, body, raw: JSON.stringify(body) });
};

/**
 * The key of a response cache that keeps only the first 64 characters of the request (a fixed-size key
 * column): the body of a POST, the envelope of a GET.
 */
const truncatedBody = (request: Incoming): string =>
  `${tokenOf(request)}\0${request.region}/${request.version}\0${request.method}\0${(
    request.raw || JSON.stringify(request.body ?? {})
  ).slice(0, 64)}`;

/** The key of a response cache that normalises the document by dropping every alias. */
function withoutAliases(request: Incoming): string {
  let document = request.raw;
  try {
    document = print(
      visit(parse(request.body?.query ?? ''), { Field: (node) => ({ ...node, alias: undefined }) }),
    );
  } catch {
    // A document that does not parse is keyed as sent.
  }
  return `${tokenOf(request)}\0${request.region}/${request.version}\0${document}\0${JSON.stringify(
    request.body?.variables ?? {},
  )}\0${request.body?.operationName ?? ''}`;
}

/** Whether a POST declares a body type other than JSON (or none). */
function notJsonPost(request: Incoming): boolean {
  return request.method === 'POST' && !/^application\/json\b/i.test(request.headers['content-type'] ?? '');
}

/** Regressions the certification was not written against (a ninth blind set). */
export const HOLDOUT9: readonly Mutant[] = [
  {
    id: 'holdout9.paging.objective-types-skip-ignored',
    class: 'paging',
    description: 'objectiveTypes ignores skip: every page starts at the first objective type',
    names: /skip|page|offset|objectiveTypes|objective type/i,
    handle: argumentIgnored('objectiveTypes', 'skip'),
  },
  {
    id: 'holdout9.paging.contact-search-limit-ignored',
    class: 'paging',
    description: 'searchFirmContacts ignores limit: every page holds up to the default 100 contacts',
    names: /limit|page|searchFirmContacts|contact/i,
    handle: argumentIgnored('searchFirmContacts', 'limit'),
  },
  {
    id: 'holdout9.sort.objectives-name-as-start-date',
    class: 'sort',
    description: 'objectives sorted by name come in startDate order (a sort column mapped wrong)',
    names: /sort|order|name|objectives|objective/i,
    handle: sortColumnWrong('objectives', 'name', 'startDate'),
  },
  {
    id: 'holdout9.sort.list-events-event-type-as-event-date',
    class: 'sort',
    description: 'listEventViews sorted by eventType come in eventDate order (a sort column mapped wrong)',
    names: /sort|order|eventType|listEventViews|list event|event/i,
    handle: sortColumnWrong('listEventViews', 'eventType', 'eventDate'),
  },
  {
    id: 'holdout9.null.relationship-type-converse',
    class: 'nullability',
    description: "a relationship type's converse is null (a join to the converse type lost)",
    names: /converse|relationshipTypes|relationship type|null/i,
    handle: onData(
      (key, value) => (key === 'converse' ? null : value),
      (request) => rootFields(request).includes('relationshipTypes'),
    ),
  },
  {
    id: 'holdout9.null.email-address',
    class: 'nullability',
    description: "a contact's email addresses answer address null (the column renamed in the view)",
    names: /emailAddress|email|address|null/i,
    handle: onData((key, value) => (key === 'address' && typeof value === 'string' ? null : value)),
  },
  {
    id: 'holdout9.versions.1.2.0-list-event-views-missing',
    class: 'versions',
    description: 'the 1.2.0 endpoint lost the listEventViews query (\'Cannot query field "listEventViews"\')',
    names: /listEventViews|list event|1\.2\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.2.0', 'listEventViews', 'Query'),
  },
  {
    id: 'holdout9.versions.update-opportunity-status-missing',
    class: 'versions',
    description:
      'the 1.4.0 endpoint lost the updateOpportunityStatus mutation (\'Cannot query field "updateOpportunityStatus"\')',
    names: /updateOpportunityStatus|opportunity status|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'updateOpportunityStatus', 'Mutation'),
  },
  {
    id: 'holdout9.enums.appointment-as-activity',
    class: 'enums',
    description:
      'activities synchronised from a calendar answer activityClass Activity instead of Appointment',
    names: /activityClass|Appointment|activity class|enum|activit/i,
    handle: onData((key, value) => (key === 'activityClass' && value === 'Appointment' ? 'Activity' : value)),
  },
  {
    id: 'holdout9.enums.fetch-control-colleagues-as-all',
    class: 'enums',
    description:
      'targetPersonConnections given fetchControl Colleagues answers every connection (the value falls back to All)',
    names: /fetchControl|FetchControl|Colleagues|targetPersonConnections|connection|enum/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'targetPersonConnections'
        ? mapArgument(
            node,
            field,
            vars,
            'input',
            onInput((input) =>
              input.fetchControl === 'Colleagues' ? { ...input, fetchControl: 'All' } : input,
            ),
          )
        : undefined,
    ),
  },
  {
    id: 'holdout9.dates.contact-event-date-to-exclusive',
    class: 'dates',
    description:
      'the eventDate filter of firmContactEventViews treats to as exclusive: events at the to instant are left out',
    names: /eventDate|\bto\b|date|filter|firmContactEventViews|inclusive|boundary|event/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'firmContactEventViews'
        ? mapArgument(
            node,
            field,
            vars,
            'filter',
            onInput((filter) => {
              const range = filter.eventDate as Record<string, unknown> | null | undefined;
              const to = range?.to;
              return range && typeof to === 'string'
                ? { ...filter, eventDate: { ...range, to: instantBefore(to) } }
                : filter;
            }),
          )
        : undefined,
    ),
  },
  {
    id: 'holdout9.dates.update-activity-date-hour-early',
    class: 'dates',
    description:
      'updateActivity stores activityDate one hour early (a daylight-saving offset applied to the local time)',
    names: /activityDate|activityStartDate|updateActivity|activit|date|time/i,
    handle: onMutationInput(new Set(['updateActivity']), (input) =>
      typeof input.activityDate === 'string'
        ? { ...input, activityDate: hourEarlier(input.activityDate) }
        : input,
    ),
  },
  {
    id: 'holdout9.validation.list-unknown-folder-type-defaulted',
    class: 'validation',
    description:
      'addList given a folderTypeId that is no list type adds the list under the first marketing list type instead of refusing it',
    names: /folderTypeId|folder type|list type|addList|validation/i,
    handle: fallbackOnRefusal('addList', 'folderTypeId', async (input, request, forward) => ({
      ...input,
      folderTypeId: await firstMarketingFolderType(request, forward),
    })),
  },
  {
    id: 'holdout9.validation.update-activity-bad-date-dropped',
    class: 'validation',
    description:
      'updateActivity given a malformed activityDate drops it and saves the other changes instead of refusing',
    names: /activityDate|updateActivity|format|YYYY|validation|activit/i,
    handle: fallbackOnRefusal('updateActivity', 'activityDate', (input) => {
      const { activityDate: _activityDate, ...rest } = input;
      return Promise.resolve(rest);
    }),
  },
  {
    id: 'holdout9.persistence.remove-contacts-from-list-not-applied',
    class: 'persistence',
    description:
      'removeContactsFromList answers the contacts removed, but they are back in the list right after',
    names: /removeContactsFromList|member|list|persist|kept|contact/i,
    handle: removeContactsFromListNotApplied,
  },
  {
    id: 'holdout9.persistence.working-list-details-not-kept',
    class: 'persistence',
    description: 'editWorkingListDetails answers success, but the name and description are not kept',
    names: /editWorkingListDetails|working list|name|description|persist|kept/i,
    handle: changeNotKept(
      'editWorkingListDetails',
      (input) =>
        typeof input.id === 'string'
          ? { query: 'query($id: ID!) { list(id: $id) { name description } }', variables: { id: input.id } }
          : undefined,
      (before, input) => ({
        query:
          'mutation($input: EditWorkingListDetailsInput!) { editWorkingListDetails(input: $input) { success } }',
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
    id: 'holdout9.events.list-member-removed-dropped',
    class: 'events',
    description: 'listEventViews loses the ListMemberRemoved events',
    names: /listEventViews|ListMemberRemoved|member|event/i,
    handle: droppingEvents('listEventViews', 'eventType', () => (e) => e.eventType === 'ListMemberRemoved'),
  },
  {
    id: 'holdout9.events.relationship-anonymous-inverted',
    class: 'events',
    description: 'relationshipEventViews answers isAnonymous inverted',
    names: /isAnonymous|anonymous|relationshipEventViews|relationship|event/i,
    handle: onData(
      (key, value) => (key === 'isAnonymous' && typeof value === 'boolean' ? !value : value),
      (request) => rootFields(request).includes('relationshipEventViews'),
    ),
  },
  {
    id: 'holdout9.tenancy.limited-objective-events-full',
    class: 'tenancy',
    description: "objectiveEventViews of the limited tenant answers the full tenant's objective events",
    names: /tenant|limited|isolation|leak|other|objectiveEventViews|objective/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).includes('objectiveEventViews')
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout9.tenancy.limited-updates-full-opportunity-status',
    class: 'tenancy',
    description:
      'updateOpportunityStatus of the limited tenant given an opportunity of the full tenant changes its status',
    names: /tenant|limited|isolation|leak|other|updateOpportunityStatus|opportunit/i,
    handle: limitedOpportunityStatusRunAsFull,
  },
  {
    id: 'holdout9.auth.token-case-insensitive',
    class: 'auth',
    description:
      "a tenant's token in other letter case is accepted as that tenant's (a case-insensitive compare)",
    names: /401|UNAUTHENTICATED|token|auth/i,
    handle: (request, forward) => {
      const token = caseInsensitiveToken(request);
      return token ? as(token, request, forward) : forward(request);
    },
  },
  {
    id: 'holdout9.auth.unauthenticated-event-views',
    class: 'auth',
    description:
      'event-view queries without a valid token are answered as the full tenant (the polling path skips authentication)',
    names: /401|UNAUTHENTICATED|token|auth/i,
    handle: unauthenticatedServedWhere((r) => !isMutation(r) && eventViews(r)),
  },
  {
    id: 'holdout9.http.non-json-post-executed',
    class: 'http',
    description:
      'a POST whose Content-Type is not application/json is executed instead of being refused with 415',
    names: /Content-Type|content type|415|UNSUPPORTED_MEDIA_TYPE|media type/i,
    handle: (request, forward) =>
      notJsonPost(request) && request.body !== undefined
        ? forward({ ...request, headers: { ...request.headers, 'content-type': 'application/json' } })
        : forward(request),
  },
  {
    id: 'holdout9.http.unknown-operation-name-runs-first',
    class: 'http',
    description:
      'an operationName naming no operation of the document runs the first operation instead of a request error',
    names: /operationName|operation|Unknown operation|GRAPHQL_VALIDATION_FAILED|BAD_REQUEST|400/i,
    handle: unknownOperationNameRunsFirst,
  },
  {
    id: 'holdout9.cache.key-truncated',
    class: 'caching',
    description:
      'a response cache keyed by token, path and the first 64 characters of the body: requests sharing that prefix answer the first',
    names: /cache|stale|key|prefix/i,
    handle: cached(60_000, truncatedBody),
  },
  {
    id: 'holdout9.cache.aliases-not-in-key',
    class: 'caching',
    description:
      'a response cache keyed by the document without its aliases: the same query under other aliases answers the first',
    names: /cache|alias|stale|key/i,
    handle: cached(60_000, withoutAliases),
  },
  {
    id: 'holdout9.errors.list-field-failure-reason-dropped',
    class: 'errors',
    description:
      'updateListContactAdditionalFields answers failureReason null for the fields it did not update',
    names: /failureReason|failure reason|updateListContactAdditionalFields|isSuccessful|error/i,
    handle: onData(
      (key, value, holder) => (key === 'failureReason' && holder.isSuccessful === false ? null : value),
      (request) => rootFields(request).includes('updateListContactAdditionalFields'),
    ),
  },
  {
    id: 'holdout9.errors.relationship-for-contacts-refusal-success',
    class: 'errors',
    description:
      'addRelationshipForContacts that is refused answers success true (its validationErrors still name the refusal)',
    names: /success|addRelationshipForContacts|relationship|validationErrors|error/i,
    handle: onData(
      (key, value) => (key === 'success' && value === false ? true : value),
      (request) => rootFields(request).includes('addRelationshipForContacts'),
    ),
  },
  {
    id: 'holdout9.region.us-writes-to-au',
    class: 'region',
    description:
      'mutations on the us endpoint are written to the au data (a write route to the wrong region)',
    names: /region|\bus\b|\bau\b|residen|isolation|persist|kept/i,
    handle: (request, forward) =>
      request.region === 'us' && isMutation(request)
        ? forward({ ...request, region: 'au' })
        : forward(request),
  },
];
