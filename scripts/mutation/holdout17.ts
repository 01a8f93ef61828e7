/**
 * A seventeenth held-out set of regressions, spread over the whole API with a lean towards the operations
 * earlier sets touched least (relationship analytics between companies, scores and insights, reference
 * and regional data, people by id, the opportunity sub-updates and lookup patches, relationship events),
 * chosen from the spec and from what vendors ship, without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout17` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, rootSelections } from './holdout2.js';
import { sibling } from './holdout5.js';
import { onInput, onMutationInput } from './holdout6.js';
import { tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Forward, type Handler, type Incoming } from './proxy.js';
import { as, mapArgument, onData, onFields, selecting, selectsField } from './rewrite.js';

/** The single root field of a request named `name`, when the request selects only that one. */
function onlyRoot(request: Incoming, name: string) {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/** The answer with root result `key` replaced by `fn(result)`. */
function withRoot(answer: Awaited<ReturnType<Forward>>, key: string, fn: (value: unknown) => unknown) {
  const data = dataOf(answer);
  if (!data || !(key in data)) return answer;
  return { ...answer, json: { ...(answer.json as object), data: { ...data, [key]: fn(data[key]) } } };
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** A time as `AddActivityInput.activityDate` writes it: `YYYY-MM-DD HH:mm:ss` (UTC). */
const activityDateNow = (): string => new Date().toISOString().slice(0, 19).replace('T', ' ');

// ---- relationship analytics ---------------------------------------------------------------------------

/** employeeRelationshipsTo reads minimumStrengthLevel as "stronger than" (> instead of >=). */
const minimumStrengthExclusive: Handler = onFields((node, f, vars) =>
  node.name.value === 'employeeRelationshipsTo'
    ? mapArgument(node, f, vars, 'filters', (filters) =>
        Array.isArray(filters)
          ? filters.map(
              onInput((filter) => {
                const n = Number(filter.value);
                return filter.field === 'minimumStrengthLevel' &&
                  typeof filter.value === 'string' &&
                  filter.value.trim() !== '' &&
                  Number.isInteger(n)
                  ? { ...filter, value: String(n + 1) }
                  : filter;
              }),
            )
          : filters,
      )
    : undefined,
);

/** employeesWithRelationshipsToView skips twice as many rows as asked (skip added to an offset already moved). */
const viewSkipDoubled: Handler = onFields((node, f, vars) =>
  node.name.value === 'employeesWithRelationshipsToView'
    ? mapArgument(node, f, vars, 'skip', (v) => (typeof v === 'number' && v > 0 ? v * 2 : v))
    : undefined,
);

/** getRelationshipInsights lists each ranking weakest first (the ORDER BY lost its DESC). */
const insightsWeakestFirst = onData((key, value) => {
  if (key !== 'getRelationshipInsights' || !Array.isArray(value)) return value;
  const groups = new Map<string, unknown[]>();
  for (const item of value as Record<string, unknown>[]) {
    const k = `${String(item?.insightType)} ${String(item?.isTargetCompany)}`;
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return [...groups.values()].flatMap((g) => [...g].reverse());
});

/** employeesWithRelationshipsTo(View) and employeeRelationshipsTo answer NOT_FOUND for a company that does not exist. */
const ANALYTICS = new Set([
  'employeesWithRelationshipsTo',
  'employeesWithRelationshipsToView',
  'employeeRelationshipsTo',
]);
const unknownCompanyNotFound: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => ANALYTICS.has(r.name));
  if (roots.length === 0) return forward(request);
  for (const root of roots) {
    for (const name of ['fromCompanyId', 'toCompanyId']) {
      const id = root.args[name];
      if (typeof id !== 'string') continue;
      const found = dataOf(
        await forward(sibling(request, 'query($id: ID!) { v: company(id: $id) { id } }', { id })),
      );
      if (found && found.v === null)
        return jsonAnswer(200, {
          errors: [
            {
              message: `No company exists with id "${id}".`,
              path: [root.key],
              extensions: { code: 'NOT_FOUND' },
            },
          ],
          data: null,
        });
    }
  }
  return forward(request);
};

// ---- reference and regional data -----------------------------------------------------------------------

/** countries come ordered by ISO code instead of by name. */
const countriesByIsoCode: Handler = async (request, forward) => {
  const answer = await forward(request);
  let out = answer;
  for (const root of rootSelections(request).filter((r) => r.name === 'countries')) {
    const codes = (
      dataOf(
        await forward(
          sibling(request, 'query($f: CountryFilter) { v: countries(filter: $f) { models { isoCode } } }', {
            f: root.args.filter ?? null,
          }),
        ),
      )?.v as { models?: { isoCode?: unknown }[] } | null | undefined
    )?.models;
    if (!Array.isArray(codes)) continue;
    out = withRoot(out, root.key, (page) => {
      const models = (page as { models?: unknown } | null)?.models;
      if (!Array.isArray(models) || models.length !== codes.length) return page;
      const code = (i: number) => String(codes[i]?.isoCode ?? '');
      return {
        ...(page as object),
        models: models
          .map((item, i) => ({ item, i }))
          .sort((x, y) => code(x.i).localeCompare(code(y.i)) || x.i - y.i)
          .map((x) => x.item),
      };
    });
  }
  return out;
};

/** people(ids) answers in display-name order instead of the order of the ids asked. */
const peopleInNameOrder: Handler = async (request, forward) => {
  const answer = await forward(request);
  const roots = rootSelections(request).filter((r) => r.name === 'people' && Array.isArray(r.args.ids));
  let out = answer;
  for (const root of roots) {
    const names = dataOf(
      await forward(
        sibling(request, 'query($ids: [ID!]!) { v: people(ids: $ids) { displayName } }', {
          ids: root.args.ids,
        }),
      ),
    )?.v;
    if (!Array.isArray(names)) continue;
    out = withRoot(out, root.key, (list) => {
      if (!Array.isArray(list) || list.length !== names.length) return list;
      const name = (i: number) => String((names[i] as { displayName?: unknown } | null)?.displayName ?? '');
      return list
        .map((item, i) => ({ item, i }))
        .sort((a, b) => name(a.i).localeCompare(name(b.i), 'en') || a.i - b.i)
        .map((x) => x.item);
    });
  }
  return out;
};

const REFERENCE = new Set(['countries', 'country', 'industries', 'practiceGroups', 'currencies']);

/** Reference data (countries, industries, practice groups, currencies) is served without a valid token. */
const referenceUnauthenticated: Handler = (request, forward) => {
  const roots = rootSelections(request);
  const token = tokenOf(request);
  return roots.length > 0 &&
    roots.every((r) => REFERENCE.has(r.name)) &&
    token !== DEV_TOKENS.full &&
    token !== DEV_TOKENS.limited
    ? as(DEV_TOKENS.full, request, forward)
    : forward(request);
};

// ---- activities and opportunities ----------------------------------------------------------------------

const CONTACT_TYPE_SHIFT: Record<string, string> = {
  Person: 'Company',
  Company: 'Unknown',
  Unknown: 'Person',
};

/** linkedActivityContacts(contactType) maps the enum one place off (Person read as Company …). */
const contactTypeShifted: Handler = onFields((node, f, vars) =>
  node.name.value === 'linkedActivityContacts'
    ? mapArgument(node, f, vars, 'contactType', (v) =>
        typeof v === 'string' && v in CONTACT_TYPE_SHIFT ? CONTACT_TYPE_SHIFT[v] : v,
      )
    : undefined,
);

/** addOpportunityActivity ignores the activityDate of its activity and dates it at the time of the call. */
const opportunityActivityDatedNow: Handler = onMutationInput(new Set(['addOpportunityActivity']), (input) => {
  const activity = input.activity as Record<string, unknown> | null | undefined;
  return activity && typeof activity === 'object'
    ? { ...input, activity: { ...activity, activityDate: activityDateNow() } }
    : input;
});

/** addOpportunityActivity skips the opportunity ids it does not know instead of refusing the call. */
const unknownOpportunitiesSkipped: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'addOpportunityActivity');
  const input = root?.args.input as { opportunityIds?: unknown } | undefined;
  if (!root || !input || !Array.isArray(input.opportunityIds)) return forward(request);
  const known: unknown[] = [];
  for (const id of input.opportunityIds) {
    const o = dataOf(
      await forward(sibling(request, 'query($id: ID!) { v: opportunity(id: $id) { id } }', { id })),
    );
    if (o?.v) known.push(id);
  }
  if (known.length === 0 || known.length === input.opportunityIds.length) return forward(request);
  return onMutationInput(new Set(['addOpportunityActivity']), (i) => ({ ...i, opportunityIds: known }))(
    request,
    forward,
  );
};

/** updateOpportunityStageTemplates given one stage order twice keeps the last instead of refusing. */
const duplicateStageOrderKeptLast: Handler = onMutationInput(
  new Set(['updateOpportunityStageTemplates']),
  (input) => {
    const stages = input.stageTemplates;
    if (!Array.isArray(stages)) return input;
    const byOrder = new Map<unknown, unknown>();
    for (const s of stages as { stageOrder?: unknown }[]) {
      byOrder.delete(s?.stageOrder);
      byOrder.set(s?.stageOrder, s);
    }
    return byOrder.size === stages.length ? input : { ...input, stageTemplates: [...byOrder.values()] };
  },
);

/** updateOpportunityLocations stores each location's country only (the division column not mapped). */
const locationDivisionDropped: Handler = onMutationInput(new Set(['updateOpportunityLocations']), (input) =>
  Array.isArray(input.locations)
    ? {
        ...input,
        locations: (input.locations as Record<string, unknown>[]).map((l) =>
          l && typeof l === 'object' ? { country: l.country } : l,
        ),
      }
    : input,
);

const LOOKUP_PATCHES = new Set([
  'patchOpportunityType',
  'patchOpportunityOriginationSource',
  'patchOpportunityOutcomeReason',
]);

/** Lookup patches updating an existing value ignore isActive: a value cannot be deactivated or reactivated. */
const lookupActiveIgnored: Handler = onMutationInput(LOOKUP_PATCHES, (input) =>
  Array.isArray(input.items)
    ? {
        ...input,
        items: (input.items as Record<string, unknown>[]).map((item) => {
          if (!item || typeof item !== 'object' || !item.id || !('isActive' in item)) return item;
          const { isActive: _active, ...rest } = item;
          return rest;
        }),
      }
    : input,
);

/** updateOpportunityPeople drops the isPrimary of its principals. */
const principalsPrimaryLost: Handler = onMutationInput(new Set(['updateOpportunityPeople']), (input) =>
  Array.isArray(input.principals)
    ? {
        ...input,
        principals: (input.principals as Record<string, unknown>[]).map((p) => {
          if (!p || typeof p !== 'object') return p;
          const { isPrimary: _primary, ...rest } = p;
          return rest;
        }),
      }
    : input,
);

/** Lookup patch refusals name the property without its item index (`name`, not `items[0].name`). */
const propertyIndexDropped = onData(
  (key, value) =>
    key === 'propertyName' && typeof value === 'string' ? value.replace(/^items\[\d+\]\./, '') : value,
  (r) => rootSelections(r).some((x) => LOOKUP_PATCHES.has(x.name)),
);

// ---- http ---------------------------------------------------------------------------------------------

/** Every JSON answer comes as a one-element array (a batching middleware that always answers a batch). */
const answerInArray: Handler = async (request, forward) => {
  const answer = await forward(request);
  return answer.json === undefined || Array.isArray(answer.json)
    ? answer
    : { ...answer, json: [answer.json] };
};

/** Answers asked as application/graphql-response+json are labelled application/json. */
const graphqlResponseLabelledJson: Handler = async (request, forward) => {
  const answer = await forward(request);
  const type = answer.headers['content-type'] ?? '';
  return /application\/graphql-response\+json/.test(type)
    ? { ...answer, headers: { ...answer.headers, 'content-type': 'application/json; charset=utf-8' } }
    : answer;
};

/** Regressions the certification was not written against (a seventeenth blind set). */
export const HOLDOUT17: readonly Mutant[] = [
  {
    id: 'holdout17.paging.employee-relationships-minimum-strength-exclusive',
    class: 'paging',
    description:
      'employeeRelationshipsTo filtered by minimumStrengthLevel leaves out relationships of exactly that strength',
    names: /minimumStrengthLevel|employeeRelationshipsTo|strength|filter/i,
    handle: minimumStrengthExclusive,
  },
  {
    id: 'holdout17.paging.employees-view-skip-doubled',
    class: 'paging',
    description: 'employeesWithRelationshipsToView skips twice as many rows as its skip asks',
    names: /employeesWithRelationshipsToView|skip|page|paging/i,
    handle: viewSkipDoubled,
  },
  {
    id: 'holdout17.sort.countries-by-iso-code',
    class: 'sort',
    description: 'countries come ordered by ISO code instead of by name',
    names: /countries|country|order|sort|isoCode|name/i,
    handle: countriesByIsoCode,
  },
  {
    id: 'holdout17.sort.insights-weakest-first',
    class: 'sort',
    description: 'getRelationshipInsights lists each ranking weakest first instead of best first',
    names: /getRelationshipInsights|insight|rank|order|sort/i,
    handle: insightsWeakestFirst,
  },
  {
    id: 'holdout17.sort.people-in-name-order',
    class: 'sort',
    description: 'people(ids) answers the people in display-name order instead of the order of the ids given',
    names: /people|ids|order|sort/i,
    handle: peopleInNameOrder,
  },
  {
    id: 'holdout17.null.employees-view-office',
    class: 'nullability',
    description:
      "employeesWithRelationshipsToView answers office null (the employee's office no longer joined)",
    names: /office|employeesWithRelationshipsToView|null/i,
    handle: onData(
      (key, value) => (key === 'office' ? null : value),
      selecting('employeesWithRelationshipsToView'),
    ),
  },
  {
    id: 'holdout17.null.regional-settings-locale',
    class: 'nullability',
    description: "regionalSettings answers locale null although the user's locale is set",
    names: /regionalSettings|locale|regional|null/i,
    handle: onData((key, value) => (key === 'locale' ? null : value), selecting('regionalSettings')),
  },
  {
    id: 'holdout17.null.employee-relationship-person',
    class: 'nullability',
    description: 'employeeRelationshipsTo answers person null on every row (the person join dropped)',
    names: /employeeRelationshipsTo|person|null/i,
    handle: onData((key, value) => (key === 'person' ? null : value), selecting('employeeRelationshipsTo')),
  },
  {
    id: 'holdout17.null.opportunity-activity-ids-after-first',
    class: 'nullability',
    description:
      'addOpportunityActivity answers activityId null for every opportunity after the first (the activities are added)',
    names: /addOpportunityActivity|activityId|null|opportunit/i,
    handle: onData((key, value) =>
      key === 'addOpportunityActivity' && Array.isArray(value)
        ? value.map((r, i) => (i > 0 && r && typeof r === 'object' ? { ...r, activityId: null } : r))
        : value,
    ),
  },
  {
    id: 'holdout17.versions.employees-view-sorts-renamed',
    class: 'versions',
    description:
      "employeesWithRelationshipsToView's sorts argument was renamed sort ('Unknown argument \"sorts\"')",
    names: /sorts|employeesWithRelationshipsToView|argument|GRAPHQL_VALIDATION_FAILED|version/i,
    handle: (request, forward) =>
      rootSelections(request).some((r) => r.name === 'employeesWithRelationshipsToView' && 'sorts' in r.args)
        ? Promise.resolve(
            validationFailure(
              request,
              'Unknown argument "sorts" on field "Query.employeesWithRelationshipsToView". Did you mean "sort"?',
            ),
          )
        : forward(request),
  },
  {
    id: 'holdout17.versions.1.2.0-regional-languages-missing',
    class: 'versions',
    description: "the 1.2.0 endpoint's RegionalSettings lost its languages field",
    names: /languages|regionalSettings|1\.2\.0|version|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && selectsField(request, 'RegionalSettings', 'languages')
        ? Promise.resolve(
            validationFailure(request, 'Cannot query field "languages" on type "RegionalSettings".'),
          )
        : forward(request),
  },
  {
    id: 'holdout17.enums.linked-contact-type-shifted',
    class: 'enums',
    description:
      'linkedActivityContacts(contactType) maps the enum one place off: Person answers companies, Company unknowns',
    names: /linkedActivityContacts|contactType|Person|Company|enum/i,
    handle: contactTypeShifted,
  },
  {
    id: 'holdout17.enums.visibility-unknown-as-public',
    class: 'enums',
    description: "a contact's visibility unknown is answered as public (the mapper's default branch)",
    names: /visibility|unknown|public|enum|contact/i,
    handle: onData((key, value) => (key === 'visibility' && value === 'unknown' ? 'public' : value)),
  },
  {
    id: 'holdout17.dates.iq-score-date-today',
    class: 'dates',
    description:
      "getIQRelationshipScore's scoreDate is the day of the request instead of the day the relationships last changed",
    names: /scoreDate|getIQRelationshipScore|score|date/i,
    handle: onData((key, value) => (key === 'scoreDate' && typeof value === 'string' ? today() : value)),
  },
  {
    id: 'holdout17.dates.opportunity-activity-dated-now',
    class: 'dates',
    description:
      'addOpportunityActivity ignores the activityDate of its activity and dates it at the time of the call',
    names: /addOpportunityActivity|activityDate|activityStartDate|date/i,
    handle: opportunityActivityDatedNow,
  },
  {
    id: 'holdout17.validation.opportunity-activity-unknown-ids-skipped',
    class: 'validation',
    description:
      'addOpportunityActivity given an opportunity id that does not exist skips it and adds to the others instead of refusing',
    names: /addOpportunityActivity|opportunityIds|unknown|BAD_USER_INPUT|validation/i,
    handle: unknownOpportunitiesSkipped,
  },
  {
    id: 'holdout17.validation.stage-template-duplicate-order-kept-last',
    class: 'validation',
    description:
      'updateOpportunityStageTemplates given one stage order twice keeps the last of them instead of refusing',
    names: /updateOpportunityStageTemplates|stageOrder|stage|duplicate|validation/i,
    handle: duplicateStageOrderKeptLast,
  },
  {
    id: 'holdout17.persistence.opportunity-location-division-dropped',
    class: 'persistence',
    description:
      "updateOpportunityLocations stores each location's country but not its administrative division",
    names: /updateOpportunityLocations|administrativeDivision|locations|persist/i,
    handle: locationDivisionDropped,
  },
  {
    id: 'holdout17.persistence.lookup-active-flag-ignored',
    class: 'persistence',
    description:
      'patchOpportunityType, patchOpportunityOriginationSource and patchOpportunityOutcomeReason ignore isActive on existing values',
    names: /patchOpportunity|isActive|lookup|persist/i,
    handle: lookupActiveIgnored,
  },
  {
    id: 'holdout17.persistence.opportunity-principals-primary-lost',
    class: 'persistence',
    description: 'updateOpportunityPeople drops the isPrimary of its principals',
    names: /updateOpportunityPeople|isPrimary|principal|persist/i,
    handle: principalsPrimaryLost,
  },
  {
    id: 'holdout17.events.relationship-deleted-dropped',
    class: 'events',
    description: 'relationshipEventViews never answers RelationshipDeleted events (removals go unrecorded)',
    names: /RelationshipDeleted|relationshipEventViews|removeRelationship|event/i,
    handle: droppingEvents(
      'relationshipEventViews',
      'eventType',
      () => (e) => e.eventType === 'RelationshipDeleted',
    ),
  },
  {
    id: 'holdout17.events.relationship-type-change-unrecorded',
    class: 'events',
    description: 'editRelationship changing the relationship type records no RelationshipTypeChanged event',
    names: /RelationshipTypeChanged|relationshipEventViews|editRelationship|event/i,
    handle: droppingEvents(
      'relationshipEventViews',
      'eventType',
      () => (e) => e.eventType === 'RelationshipTypeChanged',
    ),
  },
  {
    id: 'holdout17.tenancy.limited-iq-score-of-full-user',
    class: 'tenancy',
    description: "getIQRelationshipScore of the limited tenant scores against the full tenant's API user",
    names: /getIQRelationshipScore|tenant|limited|score|isolation/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && selecting('getIQRelationshipScore')(request)
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout17.region.au-insights-from-us',
    class: 'region',
    description: 'getRelationshipInsights on the au endpoint answers from the us data',
    names: /getRelationshipInsights|au|region|insight/i,
    handle: (request, forward) =>
      request.region === 'au' && selecting('getRelationshipInsights')(request)
        ? forward({ ...request, region: 'us' })
        : forward(request),
  },
  {
    id: 'holdout17.auth.reference-data-unauthenticated',
    class: 'auth',
    description: 'countries, industries, practice groups and currencies are served without a valid token',
    names: /401|UNAUTHENTICATED|token|auth|countries|industries|practiceGroups|currencies/i,
    handle: referenceUnauthenticated,
  },
  {
    id: 'holdout17.http.single-answer-in-array',
    class: 'http',
    description: 'every JSON answer comes wrapped in a one-element array, as if the request had been a batch',
    names: /array|batch|body|envelope|json|http/i,
    handle: answerInArray,
  },
  {
    id: 'holdout17.http.graphql-response-labelled-json',
    class: 'http',
    description:
      'answers to a client accepting application/graphql-response+json are labelled application/json',
    names: /graphql-response|content-type|accept|media type|http/i,
    handle: graphqlResponseLabelledJson,
  },
  {
    id: 'holdout17.errors.lookup-property-index-dropped',
    class: 'errors',
    description:
      'refusals of the opportunity lookup patches name the property without its item index (name, not items[0].name)',
    names: /propertyName|patchOpportunity|validationErrors|items/i,
    handle: propertyIndexDropped,
  },
  {
    id: 'holdout17.errors.analytics-unknown-company-not-found',
    class: 'errors',
    description:
      'employeesWithRelationshipsTo(View) and employeeRelationshipsTo answer a NOT_FOUND error for an unknown company instead of an empty page',
    names: /NOT_FOUND|employeesWithRelationshipsTo|employeeRelationshipsTo|company|errors/i,
    handle: unknownCompanyNotFound,
  },
];
