/**
 * A held-out set of regressions: mutants chosen from the spec and from what vendors ship, without
 * looking at the scenarios or checks, so their score says what the certification catches in a release
 * it was not tuned on. `npm run mutation-score -- --set holdout` runs them.
 */
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { DEFAULT_TENANTS } from '../../src/simulator/index.js';
import { cached, isEventView, onAnswer, onPages, paged, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Handler, type Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  onData,
  onFields,
  rootArguments,
  rootFields,
  selectsField,
} from './rewrite.js';

const ISO_Z = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)Z$/;
const ACTIVITY_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const ACTIVITY_WRITES = new Set(['addActivity', 'updateActivity']);

export const selects =
  (name: string) =>
  (request: Incoming): boolean =>
    rootFields(request).includes(name);

/** The items of every `models` list of an answer, whatever else is selected, rewritten by `fn`. */
export function onModels(
  fn: (model: Record<string, unknown>, models: unknown[]) => unknown,
  when: (r: Incoming) => boolean,
) {
  return onData(
    (key, value) =>
      key === 'models' && Array.isArray(value)
        ? value.map((m) => (m && typeof m === 'object' ? fn(m as Record<string, unknown>, value) : m))
        : value,
    when,
  );
}

/** A time as `AddActivityInput.activityDate` writes it: `YYYY-MM-DD HH:mm:ss`. */
function activityDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** Rewrites the `activityDate` of every addActivity and updateActivity input with `fn`. */
function onActivityDate(fn: (value: string) => string): Handler {
  return onFields((node, field, vars) =>
    ACTIVITY_WRITES.has(node.name.value)
      ? mapArgument(node, field, vars, 'input', (input) => {
          if (!input || typeof input !== 'object') return input;
          const given = (input as Record<string, unknown>).activityDate;
          return typeof given === 'string' ? { ...input, activityDate: fn(given) } : input;
        })
      : undefined,
  );
}

/** The answer of a document that fails validation, with the status GraphQL over HTTP gives it. */
export function validationFailure(request: Incoming, message: string): Answer {
  const status = /application\/graphql-response\+json/.test(request.headers.accept ?? '') ? 400 : 200;
  return jsonAnswer(status, { errors: [{ message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
}

/**
 * A revision that lost a root field: a document of that revision selecting it fails validation with
 * the message GraphQL gives an unknown field; every other request goes through.
 */
export function lostRootField(version: string, field: string, parent: 'Query' | 'Mutation'): Handler {
  return (request, forward) =>
    request.version === version && rootFields(request).includes(field)
      ? Promise.resolve(validationFailure(request, `Cannot query field "${field}" on type "${parent}".`))
      : forward(request);
}

/** The root fields of an answer's `data` whose result carries a non-empty `validationErrors`. */
function refusedFields(answer: Answer): { name: string; message: string }[] {
  const data = (answer.json as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  return Object.entries(data).flatMap(([name, result]) => {
    const errors = (result as { validationErrors?: { message?: unknown }[] } | null)?.validationErrors;
    return Array.isArray(errors) && errors.length > 0
      ? [{ name, message: String(errors[0]?.message ?? 'Invalid input.') }]
      : [];
  });
}

/** The code of each GraphQL error of an answer. */
export function errorCodes(answer: Answer): string[] {
  const errors = (answer.json as { errors?: { extensions?: { code?: unknown } }[] } | undefined)?.errors;
  return (errors ?? []).map((e) => String(e.extensions?.code ?? ''));
}

/** A sort argument (one input or a list of them) where an input without a direction runs Descending. */
function descendingByDefault(sort: unknown): unknown {
  if (Array.isArray(sort)) return sort.map(descendingByDefault);
  if (sort && typeof sort === 'object' && (sort as { direction?: unknown }).direction === undefined)
    return { ...sort, direction: 'Descending' };
  return sort;
}

const HTML_401 =
  '<html><head><title>401 Authorization Required</title></head><body><h1>401 Authorization Required</h1></body></html>';

/** Regressions the certification was not written against; see docs/verdicts.md "A held-out set". */
export const HOLDOUT: readonly Mutant[] = [
  {
    id: 'holdout.paging.limit-off-by-one',
    class: 'paging',
    description: 'a paged query given a limit returns one item fewer (limit 5 answers 4 items)',
    names: /limit|page|count|models|length/i,
    handle: onFields((node, field, vars) =>
      paged(field)
        ? mapArgument(node, field, vars, 'limit', (l) => (typeof l === 'number' && l > 0 ? l - 1 : l))
        : undefined,
    ),
  },
  {
    id: 'holdout.paging.skip-ignored-when-sorted',
    class: 'paging',
    description: 'a paged query given a sort ignores skip (the query builder drops the offset with ORDER BY)',
    names: /skip|page|offset|slice/i,
    handle: onFields((node, field, vars) =>
      paged(field) && node.arguments?.some((a) => a.name.value === 'sort' || a.name.value === 'sorts')
        ? mapArgument(node, field, vars, 'skip', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout.paging.search-filter-ignored',
    class: 'paging',
    description: 'searchFirmContacts accepts its filter and ignores it (every contact is found)',
    names: /filter|searchFirmContacts/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'searchFirmContacts'
        ? mapArgument(node, field, vars, 'filter', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout.sort.direction-default-descending',
    class: 'sort',
    description: 'a sort input without a direction is applied Descending (the default is Ascending)',
    names: /sort|order|direction|Ascending|Descending/i,
    handle: onFields(
      (node, field, vars) =>
        mapArgument(node, field, vars, 'sort', descendingByDefault) ??
        mapArgument(node, field, vars, 'sorts', descendingByDefault),
    ),
  },
  {
    id: 'holdout.null.total-models-on-empty-page',
    class: 'nullability',
    description: 'totalModels (Int!) is null when a page has no items (a COUNT over no rows)',
    names: /totalModels|null|non-?null|Int!/i,
    handle: onPages((models, holder) => (models.length === 0 ? { ...holder, totalModels: null } : holder)),
  },
  {
    id: 'holdout.null.event-contact',
    class: 'nullability',
    description: 'firmContactEventViews answers contact null for contacts that still exist',
    names: /\.contact\b|contact.*null|null.*contact|event/i,
    handle: onModels(
      (model) => ('contact' in model ? { ...model, contact: null } : model),
      selects('firmContactEventViews'),
    ),
  },
  {
    id: 'holdout.versions.currencies-missing',
    class: 'versions',
    description: '1.4.0 lost the currencies query (\'Cannot query field "currencies"\')',
    names: /currencies|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.4.0' && selectsField(request, 'Query', 'currencies')
        ? Promise.resolve(validationFailure(request, 'Cannot query field "currencies" on type "Query".'))
        : forward(request),
  },
  {
    id: 'holdout.versions.1.2.0-score-description-missing',
    class: 'versions',
    description: '1.2.0 lost Score.description (\'Cannot query field "description" on type "Score"\')',
    names: /score|description|1\.2\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.2.0' && selectsField(request, 'Score', 'description')
        ? Promise.resolve(validationFailure(request, 'Cannot query field "description" on type "Score".'))
        : forward(request),
  },
  {
    id: 'holdout.enums.event-type-renamed',
    class: 'enums',
    description: 'firmContactEventViews answers eventType "ContactAdded" instead of "ContactCreated"',
    names: /eventType|ContactCreated|ContactAdded|enum/i,
    handle: onData((key, value) =>
      key === 'eventType' && value === 'ContactCreated' ? 'ContactAdded' : value,
    ),
  },
  {
    id: 'holdout.enums.activity-class-lowercase',
    class: 'enums',
    description: 'activityClass answers "activity" instead of the enum value "Activity"',
    names: /activityClass|enum/i,
    handle: onData((key, value) => (key === 'activityClass' && value === 'Activity' ? 'activity' : value)),
  },
  {
    id: 'holdout.dates.offset-instead-of-z',
    class: 'dates',
    description: 'DateTime values end in "+00:00" instead of the UTC "Z" suffix',
    names: /date|time|format|offset|\+00:00|\bZ\b/i,
    handle: onData((_key, value) => {
      const match = typeof value === 'string' ? ISO_Z.exec(value) : null;
      return match ? `${match[1]}+00:00` : value;
    }),
  },
  {
    id: 'holdout.dates.activity-date-as-local-time',
    class: 'dates',
    description:
      'activityDate is read in the server zone (+02:00), so the activity starts two hours earlier than written',
    names: /activityStartDate|activityDate|date|time/i,
    handle: onActivityDate((value) => {
      const m = ACTIVITY_DATE.exec(value);
      if (!m) return value;
      const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
      // An impossible date (2026-02-30) stays as written: the server still refuses it.
      return activityDate(utc) === value ? activityDate(utc - 2 * 3600_000) : value;
    }),
  },
  {
    id: 'holdout.validation.activity-date-format-lenient',
    class: 'validation',
    description:
      'addActivity and updateActivity accept an activityDate in any parseable format (ISO, date only), not only YYYY-MM-DD HH:mm:ss',
    names: /activityDate|format|validation|propertyName/i,
    handle: onActivityDate((value) => {
      if (ACTIVITY_DATE.test(value)) return value;
      const parsed = Date.parse(value);
      return Number.isFinite(parsed) ? activityDate(parsed) : value;
    }),
  },
  {
    id: 'holdout.validation.folder-types-two-classes',
    class: 'validation',
    description: 'folderTypes given two list classes answers every class instead of refusing the call',
    names: /folderTypes|listClass|class|BAD_USER_INPUT|error/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'folderTypes'
        ? mapArgument(node, field, vars, 'listClass', (c) =>
            Array.isArray(c) && c.length > 1 ? undefined : c,
          )
        : undefined,
    ),
  },
  {
    id: 'holdout.persistence.update-clears-unspecified',
    class: 'persistence',
    description: 'updateActivity clears summary, location and links that the input does not mention',
    names: /summary|location|linked|update|persist|kept|null/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'updateActivity'
        ? mapArgument(node, field, vars, 'input', (input) =>
            input && typeof input === 'object'
              ? { summary: null, location: null, linkedEntityIds: null, ...input }
              : input,
          )
        : undefined,
    ),
  },
  {
    id: 'holdout.persistence.remove-answers-failure',
    class: 'persistence',
    description: 'removeActivity removes the activity but answers isSuccessful false with a validation error',
    names: /isSuccessful|remov|validation|propertyName/i,
    handle: onData((key, value, holder) => {
      if (!('isSuccessful' in holder) || holder.isSuccessful !== true) return value;
      if (key === 'isSuccessful') return false;
      if (key === 'validationErrors')
        return [{ propertyName: 'id', message: 'The activity could not be removed.' }];
      return value;
    }, selects('removeActivity')),
  },
  {
    id: 'holdout.persistence.list-membership-not-kept',
    class: 'persistence',
    description: 'addContactsToLists answers success but the contacts do not stay in the lists',
    names: /list|member|contact|persist|kept|count|total/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      const args = rootArguments(request, 'addContactsToLists');
      if (!args || !Array.isArray(args.listIds) || !Array.isArray(args.contactIds)) return answer;
      for (const listId of args.listIds) {
        await forward({
          ...request,
          body: {
            query:
              'mutation Undo($listId: ID!, $contactIds: [ID!]!) { removeContactsFromList(listId: $listId, contactIds: $contactIds) { contactsEffected } }',
            variables: { listId, contactIds: args.contactIds },
          },
        });
      }
      return answer;
    },
  },
  {
    id: 'holdout.events.contact-id-of-first-event',
    class: 'events',
    description: 'every event of a firmContactEventViews page carries the contactId of the first event',
    names: /contactId|event|contact/i,
    handle: onModels(
      (model, models) =>
        'contactId' in model
          ? { ...model, contactId: (models[0] as { contactId?: unknown } | null)?.contactId }
          : model,
      selects('firmContactEventViews'),
    ),
  },
  {
    id: 'holdout.events.filter-ignored',
    class: 'events',
    description: 'the event views accept their filter and ignore it (every event type, every entity)',
    names: /filter|eventType|event|count|total/i,
    handle: onFields((node, field, vars) =>
      isEventView(node.name.value) ? mapArgument(node, field, vars, 'filter', () => undefined) : undefined,
    ),
  },
  {
    id: 'holdout.tenancy.search-leaks-full-tenant',
    class: 'tenancy',
    description: "searchFirmContacts of the limited tenant answers the full tenant's contacts",
    names: /tenant|limited|isolation|leak|other|search/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).includes('searchFirmContacts')
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout.tenancy.language-switch-ignored',
    class: 'tenancy',
    description:
      'updateContactAdditionalFields is accepted for a firm without language-specific information enabled',
    names: /language|updateContactAdditionalFields|limited|tenant|validation|settings/i,
    handle: (request, forward) => forward(request),
    setup: {
      // The default tenants, with the limited one's language-specific information switched on.
      tenants: DEFAULT_TENANTS.map((tenant) => ({ ...tenant, languageSpecificInformation: true })),
    },
  },
  {
    id: 'holdout.auth.mutation-without-token',
    class: 'auth',
    description: "a mutation without a token runs as the full tenant's (only queries are authenticated)",
    names: /401|auth|token|UNAUTHENTICATED|anonymous/i,
    handle: (request, forward) =>
      tokenOf(request) === '' && isMutation(request)
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout.auth.401-as-html',
    class: 'auth',
    description: "a missing or unknown token gets the gateway's HTML 401 page, not the JSON error envelope",
    names: /content.?type|html|json|envelope|UNAUTHENTICATED|errors/i,
    handle: onAnswer((answer) =>
      answer.status === 401
        ? {
            status: 401,
            headers: { ...answer.headers, 'content-type': 'text/html; charset=utf-8' },
            json: undefined,
            text: HTML_401,
          }
        : answer,
    ),
  },
  {
    id: 'holdout.http.invalid-document-500',
    class: 'http',
    description: 'a document that fails to parse or validate is answered HTTP 500 (same errors)',
    names: /\b500\b|HTTP status|status code|GRAPHQL_(VALIDATION|PARSE)_FAILED/i,
    handle: onAnswer((answer) =>
      errorCodes(answer).some((c) => c === 'GRAPHQL_VALIDATION_FAILED' || c === 'GRAPHQL_PARSE_FAILED')
        ? { ...answer, status: 500 }
        : answer,
    ),
  },
  {
    id: 'holdout.cache.shared-between-tokens',
    class: 'caching',
    description:
      'query answers are cached for 30 seconds per path and body, whatever the token (the cache does not vary on Authorization)',
    names: /tenant|limited|isolation|leak|401|auth|token|cache|other/i,
    handle: cached(30_000, (r) => `${r.region}/${r.version}\0${r.raw}`),
  },
  {
    id: 'holdout.cache.ignores-variables',
    class: 'caching',
    description:
      'query answers are cached for 60 seconds per token and document text, whatever the variables',
    names: /cache|stale|variable|\.id\b|read|null/i,
    handle: cached(
      60_000,
      (r) =>
        `${tokenOf(r)}\0${r.region}/${r.version}\0${r.body?.query ?? r.raw}\0${r.body?.operationName ?? ''}`,
    ),
  },
  {
    id: 'holdout.errors.business-rule-as-graphql-error',
    class: 'errors',
    description:
      'a refused write answers a top-level BAD_USER_INPUT error and data null instead of validationErrors in its result',
    names: /validationErrors|propertyName|BAD_USER_INPUT|errors|null/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      if (!isMutation(request)) return answer;
      const refused = refusedFields(answer);
      if (refused.length === 0) return answer;
      return jsonAnswer(200, {
        errors: refused.map(({ name, message }) => ({
          message,
          path: [name],
          extensions: { code: 'BAD_USER_INPUT' },
        })),
        data: Object.fromEntries(refused.map(({ name }) => [name, null])),
      });
    },
  },
  {
    id: 'holdout.region.eu-writes-to-us',
    class: 'region',
    description: 'a mutation sent to the eu endpoint is applied to the us data (reads stay in eu)',
    names: /region|\beu\b|\bus\b|residen|isolation/i,
    handle: (request, forward) =>
      forward(request.region === 'eu' && isMutation(request) ? { ...request, region: 'us' } : request),
  },
  {
    id: 'holdout.region.au-from-eu',
    class: 'region',
    description: 'the au endpoint answers from the eu data',
    names: /region|\bau\b|\beu\b|residen|isolation/i,
    handle: (request, forward) => forward(request.region === 'au' ? { ...request, region: 'eu' } : request),
  },
];
