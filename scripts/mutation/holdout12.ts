/**
 * A twelfth held-out set of regressions, chosen from the spec and from what vendors ship after the eleventh
 * held-out set had been measured, again without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout12` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { lostRootField } from './holdout.js';
import { droppingEvents, rootSelections } from './holdout2.js';
import { onErrors } from './holdout3.js';
import { descendingDropped, selectedUnder } from './holdout5.js';
import { dayAfter, onMutationInput } from './holdout6.js';
import { limitedRefusalRunAsFull } from './holdout7.js';
import { argumentIgnored, changeNotKept, fallbackOnRefusal } from './holdout8.js';
import { tokenOf, unauthenticatedServedWhere, type Mutant } from './mutants.js';
import { jsonAnswer, type Handler } from './proxy.js';
import { as, isMutation, mapArgument, onData, onFields, selecting } from './rewrite.js';

/** Requests of `region` for the root fields named are served from region `to` (a routing table wrong). */
function routedTo(region: string, to: string, ...names: string[]): Handler {
  return (request, forward) =>
    request.region === region && selecting(...names)(request)
      ? forward({ ...request, region: to })
      : forward(request);
}

/** The sort argument of every field called `field` loses its Descending direction. */
function descendingIgnored(field: string): Handler {
  return onFields((node, definition, vars) =>
    node.name.value === field ? mapArgument(node, definition, vars, 'sort', descendingDropped) : undefined,
  );
}

/** A single-root removal `operation` answers success without removing anything (the delete is queued, never run). */
function removalStubbed(operation: string): Handler {
  return (request, forward) => {
    const roots = rootSelections(request);
    if (roots.length !== 1 || roots[0]!.name !== operation) return forward(request);
    const full: Record<string, unknown> = { isSuccessful: true, validationErrors: [] };
    const out: Record<string, unknown> = {};
    for (const name of selectedUnder(request, roots[0]!.key)) if (name in full) out[name] = full[name];
    return Promise.resolve(jsonAnswer(200, { data: { [roots[0]!.key]: out } }));
  };
}

/** A Basic Authorization header whose password is a tenant's token is served as that tenant. */
const basicSchemeAccepted: Handler = (request, forward) => {
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!basic) return forward(request);
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return password === DEV_TOKENS.full || password === DEV_TOKENS.limited
    ? as(password, request, forward)
    : forward(request);
};

/** Of a request failing validation with several errors, only the first error is reported. */
const onlyFirstError: Handler = async (request, forward) => {
  const answer = await forward(request);
  const body = answer.json as { data?: unknown; errors?: unknown[] } | undefined;
  if (!body || !Array.isArray(body.errors) || body.errors.length < 2 || 'data' in body) return answer;
  return { ...answer, json: { ...body, errors: body.errors.slice(0, 1) } };
};

const INITIATIVE_STATUS: Record<string, string> = { open: 'Open', closed: 'Closed' };

/** Regressions the certification was not written against (an eleventh blind set). */
export const HOLDOUT12: readonly Mutant[] = [
  {
    id: 'holdout12.paging.objectives-limit-ignored',
    class: 'paging',
    description: 'objectives ignores limit: every page holds up to the default 100 objectives',
    names: /limit|page|objectives|objective/i,
    handle: argumentIgnored('objectives', 'limit'),
  },
  {
    id: 'holdout12.paging.search-firm-contacts-skip-ignored',
    class: 'paging',
    description: 'searchFirmContacts ignores skip: every page starts at the first contact',
    names: /skip|page|offset|searchFirmContacts|search|contact/i,
    handle: argumentIgnored('searchFirmContacts', 'skip'),
  },
  {
    id: 'holdout12.sort.objectives-descending-ignored',
    class: 'sort',
    description: 'objectives sorted with direction Descending come in ascending order',
    names: /sort|order|direction|descending|objectives|objective/i,
    handle: descendingIgnored('objectives'),
  },
  {
    id: 'holdout12.sort.opportunity-events-descending-ignored',
    class: 'sort',
    description: 'opportunityEventViews sorted Descending come in ascending order',
    names: /sort|order|direction|descending|opportunityEventViews|opportunity event|event/i,
    handle: descendingIgnored('opportunityEventViews'),
  },
  {
    id: 'holdout12.null.opportunity-estimated-close-date',
    class: 'nullability',
    description: "an opportunity's estimatedCloseDate is null (the column lost in a view)",
    names: /estimatedCloseDate|close date|opportunit|null/i,
    handle: onData(
      (key, value) => (key === 'estimatedCloseDate' ? null : value),
      selecting('opportunity', 'opportunities'),
    ),
  },
  {
    id: 'holdout12.versions.update-opportunity-summary-missing',
    class: 'versions',
    description: 'the 1.4.0 endpoint lost the updateOpportunitySummary mutation',
    names:
      /updateOpportunitySummary|opportunity summary|summary|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: lostRootField('1.4.0', 'updateOpportunitySummary', 'Mutation'),
  },
  {
    id: 'holdout12.versions.1.2.0-initiative-event-views-leak',
    class: 'versions',
    description: 'the 1.2.0 endpoint answers initiativeEventViews (served by the 1.4.0 schema)',
    names: /initiativeEventViews|initiative event|1\.2\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && selecting('initiativeEventViews')(request)
        ? forward({ ...request, version: '1.4.0' })
        : forward(request),
  },
  {
    id: 'holdout12.enums.lists-list-class-ignored',
    class: 'enums',
    description: 'lists ignores its listClass argument and answers lists of every class',
    names: /listClass|ListClass|class|lists|list|enum/i,
    handle: argumentIgnored('lists', 'listClass'),
  },
  {
    id: 'holdout12.enums.initiative-status-capitalised',
    class: 'enums',
    description: "an initiative's status is answered capitalised (Open, Closed)",
    names: /status|InitiativeStatus|initiative|enum/i,
    handle: onData(
      (key, value) =>
        key === 'status' && typeof value === 'string' ? (INITIATIVE_STATUS[value] ?? value) : value,
      selecting('initiative', 'initiatives'),
    ),
  },
  {
    id: 'holdout12.dates.opportunity-date-opened-day-late',
    class: 'dates',
    description: "an opportunity's dateOpened reads one day late (a date shifted through a timezone offset)",
    names: /dateOpened|date opened|date|opportunit/i,
    handle: onData(
      (key, value) => (key === 'dateOpened' && typeof value === 'string' ? dayAfter(value) : value),
      selecting('opportunity', 'opportunities'),
    ),
  },
  {
    id: 'holdout12.dates.update-objective-end-date-day-late',
    class: 'dates',
    description: 'updateObjective stores endDate one day late',
    names: /endDate|end date|date|updateObjective|objective/i,
    handle: onMutationInput(new Set(['updateObjective']), (input) =>
      typeof input.endDate === 'string' ? { ...input, endDate: dayAfter(input.endDate) } : input,
    ),
  },
  {
    id: 'holdout12.validation.add-company-blank-name-defaulted',
    class: 'validation',
    description: 'addCompany with a blank companyName is stored under a placeholder instead of being refused',
    names: /companyName|name|blank|required|addCompany|company|validation/i,
    handle: fallbackOnRefusal('addCompany', 'companyName', (input) =>
      Promise.resolve({ ...input, companyName: 'Unnamed company' }),
    ),
  },
  {
    id: 'holdout12.validation.add-opportunity-blank-title-defaulted',
    class: 'validation',
    description: 'addOpportunity with a blank title is stored under a default title instead of being refused',
    names: /title|blank|required|addOpportunity|opportunit|validation/i,
    handle: fallbackOnRefusal('addOpportunity', 'title', (input) =>
      Promise.resolve({ ...input, title: 'New opportunity' }),
    ),
  },
  {
    id: 'holdout12.persistence.update-opportunity-summary-not-kept',
    class: 'persistence',
    description:
      'updateOpportunitySummary answers the change, then a stale copy of the summary is saved over it',
    names: /updateOpportunitySummary|summary|title|opportunit|persist|kept/i,
    handle: changeNotKept(
      'updateOpportunitySummary',
      (input) =>
        typeof input.opportunityId === 'string'
          ? {
              query: 'query($id: ID!) { opportunity(id: $id) { title description } }',
              variables: { id: input.opportunityId },
            }
          : undefined,
      (before, input) => ({
        query:
          'mutation($i: UpdateOpportunitySummaryInput!) { updateOpportunitySummary(input: $i) { opportunityId } }',
        variables: {
          i: { opportunityId: input.opportunityId, title: before.title, description: before.description },
        },
      }),
    ),
  },
  {
    id: 'holdout12.persistence.remove-opportunity-not-applied',
    class: 'persistence',
    description: 'removeOpportunity answers isSuccessful true but the opportunity stays',
    names: /removeOpportunity|opportunit|remove|delete|persist/i,
    handle: removalStubbed('removeOpportunity'),
  },
  {
    id: 'holdout12.persistence.update-activity-summary-dropped',
    class: 'persistence',
    description: 'updateActivity applies the other fields but never stores summary (a partial write)',
    names: /updateActivity|summary|activit|persist|kept/i,
    handle: onMutationInput(new Set(['updateActivity']), (input) => {
      const { summary: _summary, ...rest } = input;
      return rest;
    }),
  },
  {
    id: 'holdout12.events.opportunity-date-opened-dropped',
    class: 'events',
    description: 'opportunityEventViews never reports DateOpenedChanged',
    names: /DateOpenedChanged|dateOpened|opportunityEventViews|opportunity event|event/i,
    handle: droppingEvents(
      'opportunityEventViews',
      'eventType',
      () => (e) => e.eventType === 'DateOpenedChanged',
    ),
  },
  {
    id: 'holdout12.events.relationship-strength-dropped',
    class: 'events',
    description: 'relationshipEventViews never reports StrengthChanged',
    names: /StrengthChanged|strength|relationshipEventViews|relationship event|event/i,
    handle: droppingEvents(
      'relationshipEventViews',
      'eventType',
      () => (e) => e.eventType === 'StrengthChanged',
    ),
  },
  {
    id: 'holdout12.tenancy.limited-updates-full-opportunity-summary',
    class: 'tenancy',
    description:
      'updateOpportunitySummary of the limited tenant changes an opportunity only the full tenant may see',
    names: /tenant|limited|scope|updateOpportunitySummary|opportunit/i,
    handle: limitedRefusalRunAsFull('updateOpportunitySummary'),
  },
  {
    id: 'holdout12.tenancy.limited-initiative-events-full',
    class: 'tenancy',
    description: "initiativeEventViews of the limited tenant answers the full tenant's events",
    names: /tenant|limited|scope|initiativeEventViews|initiative event|event/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && selecting('initiativeEventViews')(request)
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout12.auth.basic-scheme-accepted',
    class: 'auth',
    description:
      "an Authorization header of the Basic scheme carrying a token as password is served as that tenant's",
    names: /auth|token|bearer|basic|401|unauthenticated|UNAUTHENTICATED/i,
    handle: basicSchemeAccepted,
  },
  {
    id: 'holdout12.auth.list-reads-unauthenticated',
    class: 'auth',
    description: 'queries of lists are served without a token (the resolver skips the auth guard)',
    names: /auth|token|401|unauthenticated|UNAUTHENTICATED|lists|list/i,
    handle: unauthenticatedServedWhere((r) => !isMutation(r) && selecting('list', 'lists')(r)),
  },
  {
    id: 'holdout12.http.large-body-413',
    class: 'http',
    description:
      'a request body over 8 KiB is refused with 413 Payload Too Large (a proxy limit set too low)',
    names: /413|large|size|body|http|status/i,
    handle: (request, forward) =>
      request.raw.length > 8192
        ? Promise.resolve(jsonAnswer(413, { errors: [{ message: 'Payload Too Large' }] }))
        : forward(request),
  },
  {
    id: 'holdout12.http.get-variables-ignored',
    class: 'http',
    description: 'GET requests lose their variables parameter (only query is read from the URL)',
    names: /GET|variables|http|query string/i,
    handle: (request, forward) =>
      request.method === 'GET' && request.body
        ? forward({
            ...request,
            body: { query: request.body.query, operationName: request.body.operationName },
          })
        : forward(request),
  },
  {
    id: 'holdout12.caching.public-cache-control',
    class: 'caching',
    description:
      'answers of authenticated queries carry Cache-Control: public, max-age=300 (shared caches keep tenant data)',
    names: /cache|Cache-Control|header|public|private|no-store/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      return !isMutation(request) && answer.status === 200
        ? { ...answer, headers: { ...answer.headers, 'cache-control': 'public, max-age=300' } }
        : answer;
    },
  },
  {
    id: 'holdout12.errors.only-first-error',
    class: 'errors',
    description: 'a request failing validation in several places reports only the first error',
    names: /error|errors|GRAPHQL_VALIDATION_FAILED|validation/i,
    handle: onlyFirstError,
  },
  {
    id: 'holdout12.errors.locations-zero-based',
    class: 'errors',
    description: 'error locations are zero-based (line and column one too small)',
    names: /location|line|column|error/i,
    handle: onErrors((error) =>
      Array.isArray(error.locations)
        ? {
            ...error,
            locations: (error.locations as { line: number; column: number }[]).map((l) => ({
              line: l.line - 1,
              column: l.column - 1,
            })),
          }
        : error,
    ),
  },
  {
    id: 'holdout12.region.au-initiatives-from-us',
    class: 'region',
    description: 'au reads of initiatives are served from the us region',
    names: /region|au|initiative/i,
    handle: routedTo('au', 'us', 'initiative', 'initiatives'),
  },
  {
    id: 'holdout12.region.us-lists-from-au',
    class: 'region',
    description: 'us reads of lists are served from the au region',
    names: /region|us|list/i,
    handle: routedTo('us', 'au', 'list', 'lists'),
  },
];
