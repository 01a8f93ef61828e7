/**
 * A third held-out set of regressions, chosen from the spec and from what vendors ship after the second
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout3` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { selects, validationFailure } from './holdout.js';
import { dataOf, dayBefore, droppingEvents, rootSelections } from './holdout2.js';
import { cached, onAnswer, paged, tokenOf, unauthenticatedServedWhere, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Handler, type Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  mapJson,
  onData,
  onFields,
  rewriteFields,
  rootArguments,
  rootFields,
  selectsField,
} from './rewrite.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const DAY_MS = 86_400_000;
const PLANNING_EVENT_VIEWS = new Set(['initiativeEventViews', 'objectiveEventViews']);
const PLANNING_LISTS = new Set(['initiatives', 'objectives']);
/** The root fields that read one record by id. */
export const BY_ID = /^(person|company|contact|list|activity|opportunity|objective|initiative|country)$/;

/** A request of the limited tenant that selects root field `name`. */
const limitedReading =
  (name: string) =>
  (request: Incoming): boolean =>
    tokenOf(request) === DEV_TOKENS.limited && rootFields(request).includes(name);

/** An enum value of PascalCase written in SCREAMING_SNAKE_CASE (`PersonToPerson` → `PERSON_TO_PERSON`). */
export function screaming(value: unknown): unknown {
  return typeof value === 'string' && /^[A-Z][a-z]/.test(value)
    ? value.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()
    : value;
}

/** The GraphQL errors of an answer rewritten one by one with `fn`. */
export function onErrors(fn: (error: Record<string, unknown>) => Record<string, unknown>): Handler {
  return onAnswer((answer) => {
    const body = answer.json as { errors?: unknown } | undefined;
    if (!body || typeof body !== 'object' || !Array.isArray(body.errors)) return answer;
    return {
      ...answer,
      json: {
        ...body,
        errors: body.errors.map((e) => (e && typeof e === 'object' ? fn(e as Record<string, unknown>) : e)),
      },
    };
  });
}

/** A cache of mutation answers keyed by token, path and body, as a CDN that caches every POST keeps. */
function cachedMutations(ttlMs: number): Handler {
  const store = new Map<string, { at: number; answer: Answer }>();
  return async (request, forward) => {
    if (!isMutation(request)) return forward(request);
    const key = `${tokenOf(request)}\0${request.region}/${request.version}\0${request.raw}`;
    const hit = store.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = await forward(request);
    store.set(key, { at: Date.now(), answer });
    return answer;
  };
}

/**
 * updateOpportunityConfidential writes the value the opportunity already had (the handler reads the
 * stored record over the input) and answers the requested one.
 */
const confidentialNotKept: Handler = async (request, forward) => {
  const input = rootArguments(request, 'updateOpportunityConfidential')?.input as
    { opportunityId?: unknown; isConfidential?: unknown } | undefined;
  if (!input || typeof input.opportunityId !== 'string') return forward(request);
  const stored = (
    dataOf(
      await forward({
        ...request,
        body: {
          query: 'query($id: ID!) { opportunity(id: $id) { isConfidential } }',
          variables: { id: input.opportunityId },
        },
      }),
    )?.opportunity as { isConfidential?: unknown } | null | undefined
  )?.isConfidential;
  if (typeof stored !== 'boolean' || stored === input.isConfidential) return forward(request);
  const answer = await forward(
    rewriteFields(request, (node, field, vars) =>
      node.name.value === 'updateOpportunityConfidential'
        ? mapArgument(node, field, vars, 'input', (value) => ({
            ...(value as object),
            isConfidential: stored,
          }))
        : undefined,
    ),
  );
  const body = answer.json as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || !body.data) return answer;
  return {
    ...answer,
    json: {
      ...body,
      data: mapJson(body.data, (key, value) =>
        key === 'isConfidential' && value === stored ? input.isConfidential : value,
      ),
    },
  };
};

/** The answer with each root result that has a totalModels (by result key) replaced by `fn(result, its arguments)`. */
function onRootTotals(fn: (total: number, args: Record<string, unknown>) => number): Handler {
  return async (request, forward) => {
    const answer = await forward(request);
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const root of rootSelections(request)) {
      const result = data[root.key] as { totalModels?: unknown } | null | undefined;
      if (result && typeof result.totalModels === 'number')
        next[root.key] = { ...result, totalModels: fn(result.totalModels, root.args) };
    }
    return { ...answer, json: { ...(answer.json as object), data: next } };
  };
}

/** Regressions the certification was not written against; see docs/verdicts.md "A third held-out set". */
export const HOLDOUT3: readonly Mutant[] = [
  {
    id: 'holdout3.paging.limit-zero-means-default',
    class: 'paging',
    description: 'limit: 0 answers a default page of up to 100 items instead of none (`limit || 100`)',
    names: /limit|zero|models|length|page|empty/i,
    handle: onFields((node, field, vars) =>
      paged(field) ? mapArgument(node, field, vars, 'limit', (v) => (v === 0 ? undefined : v)) : undefined,
    ),
  },
  {
    id: 'holdout3.paging.total-minus-skip',
    class: 'paging',
    description:
      'totalModels counts only the items from skip on (the count query reuses the paged query with its offset)',
    names: /totalModels|total|skip|count/i,
    handle: onRootTotals((total, args) =>
      typeof args.skip === 'number' && args.skip > 0 ? Math.max(0, total - args.skip) : total,
    ),
  },
  {
    id: 'holdout3.paging.contact-lists-skip-ignored',
    class: 'paging',
    description:
      "a contact's lists (and notIncludedInTheLists) ignore skip and always start at the first list",
    names: /skip|lists|page|models|offset/i,
    handle: onFields((node, field, vars) =>
      String(field.type).replace(/!/g, '') === 'ContactListResults'
        ? mapArgument(node, field, vars, 'skip', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout3.sort.sort-input-direction-dropped',
    class: 'sort',
    description:
      'a single SortInput (lists, searchFirmContacts, relationshipTypes) is applied Ascending whatever its direction',
    names: /sort|order|Descending|direction/i,
    handle: onFields((node, field, vars) =>
      mapArgument(node, field, vars, 'sort', (sort) => {
        if (!sort || typeof sort !== 'object' || Array.isArray(sort)) return sort;
        const { direction: _direction, ...rest } = sort as Record<string, unknown>;
        return 'direction' in sort ? rest : sort;
      }),
    ),
  },
  {
    id: 'holdout3.sort.planning-sort-ignored',
    class: 'sort',
    description: 'initiatives and objectives ignore their sort argument and answer in store order',
    names: /sort|order|Descending|initiative|objective/i,
    handle: onFields((node, field, vars) =>
      PLANNING_LISTS.has(node.name.value)
        ? mapArgument(node, field, vars, 'sort', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout3.null.activity-type-name',
    class: 'nullability',
    description: "an activity's type (the type's name) is null while its typeId is set (a missing join)",
    names: /\btype\b|null|activit/i,
    handle: onData((key, value, holder) => (key === 'type' && 'typeId' in holder ? null : value)),
  },
  {
    id: 'holdout3.versions.score-max-value-missing',
    class: 'versions',
    description: '1.4.0 lost Score.maxValue (\'Cannot query field "maxValue" on type "Score"\')',
    names: /maxValue|Score|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.4.0' && selectsField(request, 'Score', 'maxValue')
        ? Promise.resolve(validationFailure(request, 'Cannot query field "maxValue" on type "Score".'))
        : forward(request),
  },
  {
    id: 'holdout3.versions.relationship-types-missing',
    class: 'versions',
    description: '1.4.0 lost the relationshipTypes query (\'Cannot query field "relationshipTypes"\')',
    names: /relationshipTypes|relationship|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.4.0' && selectsField(request, 'Query', 'relationshipTypes')
        ? Promise.resolve(
            validationFailure(request, 'Cannot query field "relationshipTypes" on type "Query".'),
          )
        : forward(request),
  },
  {
    id: 'holdout3.enums.listing-type-screaming',
    class: 'enums',
    description:
      'relationshipListingTypes answers "PERSON_TO_COMPANY", "PERSON_TO_PERSON" instead of PersonToCompany, PersonToPerson',
    names: /relationshipListingTypes|PersonTo|listing|enum/i,
    handle: onData((key, value) =>
      key === 'relationshipListingTypes' && Array.isArray(value) ? value.map(screaming) : value,
    ),
  },
  {
    id: 'holdout3.enums.visibility-capitalised',
    class: 'enums',
    description:
      'a contact\'s visibility answers "Unknown", "Public" instead of the enum values unknown, public',
    names: /visibility|enum|unknown|public/i,
    handle: onData((key, value) =>
      key === 'visibility' && typeof value === 'string' && /^[a-z]/.test(value)
        ? value.charAt(0).toUpperCase() + value.slice(1)
        : value,
    ),
  },
  {
    id: 'holdout3.dates.end-date-day-early',
    class: 'dates',
    description:
      'the endDate of objectives and initiatives is one day early (an inclusive end stored as the exclusive one)',
    names: /endDate|date|day|objective|initiative/i,
    handle: onData((key, value) => {
      if (key !== 'endDate' || typeof value !== 'string') return value;
      if (ISO_DATE.test(value)) return dayBefore(value);
      return ISO_Z.test(value) ? new Date(Date.parse(value) - DAY_MS).toISOString() : value;
    }),
  },
  {
    id: 'holdout3.dates.planning-event-date-epoch',
    class: 'dates',
    description:
      'initiativeEventViews and objectiveEventViews answer eventDate as epoch milliseconds instead of an ISO date-time',
    names: /eventDate|date|DateTime|ISO|epoch|format/i,
    handle: onData(
      (key, value) =>
        key === 'eventDate' && typeof value === 'string' && ISO_Z.test(value) ? Date.parse(value) : value,
      (r) => rootFields(r).some((f) => PLANNING_EVENT_VIEWS.has(f)),
    ),
  },
  {
    id: 'holdout3.validation.message-blank',
    class: 'validation',
    description: 'each validationErrors entry keeps its propertyName but answers an empty message',
    names: /message|validation|blank|empty/i,
    handle: onData((key, value, holder) =>
      key === 'message' && typeof value === 'string' && 'propertyName' in holder ? '' : value,
    ),
  },
  {
    id: 'holdout3.validation.folder-types-class-required',
    class: 'validation',
    description:
      'folderTypes without a listClass is refused ("Exactly one list class must be given") instead of answering all classes',
    names: /folderTypes|listClass|class|omitted|all/i,
    handle: (request, forward) => {
      const args = rootArguments(request, 'folderTypes');
      const classes = args?.listClass;
      return args &&
        (classes === undefined || classes === null || (Array.isArray(classes) && classes.length === 0))
        ? Promise.resolve(
            jsonAnswer(200, {
              errors: [
                {
                  message: 'Exactly one list class must be given.',
                  path: ['folderTypes'],
                  extensions: { code: 'BAD_USER_INPUT' },
                },
              ],
              data: null,
            }),
          )
        : forward(request);
    },
  },
  {
    id: 'holdout3.persistence.edit-relationship-not-kept',
    class: 'persistence',
    description: 'editRelationship answers success and changes nothing',
    names: /editRelationship|relationship|persist|isFormer|isAnonymous|kept|event/i,
    handle: (request, forward) => {
      const roots = rootSelections(request);
      const only = roots.length === 1 ? roots[0] : undefined;
      const input = only?.args.input as { relationshipId?: unknown } | undefined;
      return only?.name === 'editRelationship' && typeof input?.relationshipId === 'string'
        ? Promise.resolve(
            jsonAnswer(200, {
              data: { [only.key]: { relationshipId: input.relationshipId, success: true } },
            }),
          )
        : forward(request);
    },
  },
  {
    id: 'holdout3.persistence.confidential-not-kept',
    class: 'persistence',
    description:
      'updateOpportunityConfidential answers the new isConfidential, but the opportunity keeps its old value',
    names: /confidential|opportunit|persist|kept/i,
    handle: confidentialNotKept,
  },
  {
    id: 'holdout3.events.initiative-events-lost',
    class: 'events',
    description:
      'initiativeEventViews answers no events at all (the audit trigger of initiatives is missing)',
    names: /initiative|event|count|total|models/i,
    handle: droppingEvents('initiativeEventViews', 'eventType', () => () => true),
  },
  {
    id: 'holdout3.events.relationship-former-inverted',
    class: 'events',
    description: 'relationshipEventViews answers isFormer inverted (current relationships read as former)',
    names: /isFormer|former|relationship|event/i,
    handle: onData(
      (key, value) => (key === 'isFormer' && typeof value === 'boolean' ? !value : value),
      selects('relationshipEventViews'),
    ),
  },
  {
    id: 'holdout3.tenancy.lists-leak',
    class: 'tenancy',
    description: "lists of the limited tenant answers the full tenant's lists",
    names: /tenant|limited|isolation|leak|other|list/i,
    handle: (request, forward) =>
      limitedReading('lists')(request) ? as(DEV_TOKENS.full, request, forward) : forward(request),
  },
  {
    id: 'holdout3.tenancy.activities-leak',
    class: 'tenancy',
    description: "activities of the limited tenant answers the full tenant's activities",
    names: /tenant|limited|isolation|leak|other|activit/i,
    handle: (request, forward) =>
      limitedReading('activities')(request) ? as(DEV_TOKENS.full, request, forward) : forward(request),
  },
  {
    id: 'holdout3.auth.eu-unauthenticated',
    class: 'auth',
    description:
      "the eu endpoint serves a request with a missing or unknown token as the full tenant's (its gateway skips authentication)",
    names: /401|auth|token|UNAUTHENTICATED|anonymous/i,
    handle: unauthenticatedServedWhere((r) => r.region === 'eu'),
  },
  {
    id: 'holdout3.auth.token-prefix-accepted',
    class: 'auth',
    description: 'a token that merely starts with a valid token is accepted as that token (a prefix compare)',
    names: /401|auth|token|UNAUTHENTICATED|wrong|invalid/i,
    handle: (request, forward) => {
      const token = tokenOf(request);
      return token !== DEV_TOKENS.full && token !== DEV_TOKENS.limited && token.startsWith(DEV_TOKENS.full)
        ? as(token.startsWith(DEV_TOKENS.limited) ? DEV_TOKENS.limited : DEV_TOKENS.full, request, forward)
        : forward(request);
    },
  },
  {
    id: 'holdout3.http.variables-null-refused',
    class: 'http',
    description: 'a request whose "variables" is null is refused with 400 instead of run without variables',
    names: /variables|null|400|envelope|request/i,
    handle: (request, forward) =>
      request.body && 'variables' in request.body && request.body.variables === null
        ? Promise.resolve(
            jsonAnswer(400, {
              errors: [{ message: 'Variables must be an object.', extensions: { code: 'BAD_REQUEST' } }],
            }),
          )
        : forward(request),
  },
  {
    id: 'holdout3.cache.mutations-cached',
    class: 'caching',
    description:
      'a mutation sent again with the same body within 60 seconds gets the first answer back and is not run (a CDN caching POST)',
    names: /cache|mutation|duplicate|same|distinct|unique|persist/i,
    handle: cachedMutations(60_000),
  },
  {
    id: 'holdout3.cache.version-not-in-key',
    class: 'caching',
    description: 'query answers are cached for 60 seconds per token, region and body, whatever the revision',
    names: /version|1\.2\.0|1\.4\.0|revision|cache|drift/i,
    handle: cached(60_000, (r) => `${tokenOf(r)}\0${r.region}\0${r.raw}`),
  },
  {
    id: 'holdout3.errors.code-missing',
    class: 'errors',
    description: 'GraphQL errors lose extensions.code (only the message is left)',
    names: /extensions|code/i,
    handle: onErrors((error) => {
      const { extensions: _extensions, ...rest } = error;
      return rest;
    }),
  },
  {
    id: 'holdout3.errors.stack-in-message',
    class: 'errors',
    description: 'GraphQL error messages carry the server stack trace (a debug flag left on)',
    names: /stack|trace|message|leak|internal/i,
    handle: onErrors((error) => ({
      ...error,
      message: `${String(error.message)}\n    at execute (/srv/app/dist/graphql/execute.js:112:15)\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)`,
    })),
  },
  {
    id: 'holdout3.errors.unknown-id-500',
    class: 'errors',
    description: 'a read by id of a record that does not exist answers HTTP 500 instead of null',
    names: /500|status|null|not found|unknown|missing/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      const data = dataOf(answer);
      if (!data || isMutation(request)) return answer;
      const missing = rootSelections(request).some((r) => BY_ID.test(r.name) && data[r.key] === null);
      return missing
        ? jsonAnswer(500, {
            errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL' } }],
          })
        : answer;
    },
  },
  {
    id: 'holdout3.region.au-writes-to-eu',
    class: 'region',
    description: 'mutations sent to the au endpoint are applied to the eu data',
    names: /region|\bau\b|\beu\b|residen|isolation/i,
    handle: (request, forward) =>
      forward(request.region === 'au' && isMutation(request) ? { ...request, region: 'eu' } : request),
  },
];
