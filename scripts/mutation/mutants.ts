import type { HttpSimulatorSetup } from '../../src/api/index.js';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { DEFAULT_TENANTS } from '../../src/simulator/index.js';
import { jsonAnswer, type Answer, type Handler, type Incoming } from './proxy.js';
import { as, isMutation, mapArgument, mapJson, onData, onFields, rootFields } from './rewrite.js';

/** The kind of regression a mutant ships; the score is reported per class too. */
export type MutantClass =
  | 'paging'
  | 'sort'
  | 'nullability'
  | 'versions'
  | 'enums'
  | 'dates'
  | 'validation'
  | 'persistence'
  | 'events'
  | 'tenancy'
  | 'region'
  | 'auth'
  | 'http'
  | 'caching'
  | 'errors';

/** One realistic regression a vendor could ship, applied by a proxy in front of a correct simulator. */
export interface Mutant {
  id: string;
  class: MutantClass;
  description: string;
  /**
   * What a difference must mention (scenario id, step, path, expectation, message or kind) to be
   * "the right thing": a run that fails for another reason has not caught this regression.
   */
  names: RegExp;
  handle: Handler;
  /** Settings of the simulator behind it, when the regression lives in the tenant configuration. */
  setup?: Partial<HttpSimulatorSetup>;
}

/** The correct server: every request passed through unchanged. */
export const CORRECT: Handler = (request, forward) => forward(request);

const ISO_MS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d+Z$/;
const ISO_Z = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)Z$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_FIELDS = new Set(['date', 'lastEditedDate', 'startDate', 'endDate', 'closedDate']);
const STATUS_FIELDS = new Set(['status']);

export const paged = (f: { args: readonly { name: string }[] }): boolean =>
  f.args.some((a) => a.name === 'limit');
export const isEventView = (name: string): boolean => name.endsWith('EventViews');
const flip = (d: unknown): unknown => (d === 'Descending' ? 'Ascending' : 'Descending');

/** A sort argument (one input or a list of them) with each direction reversed. */
function reversed(sort: unknown): unknown {
  if (Array.isArray(sort)) return sort.map(reversed);
  if (sort && typeof sort === 'object') {
    const input = sort as Record<string, unknown>;
    return { ...input, direction: flip(input.direction ?? 'Ascending') };
  }
  return sort;
}

/** The bearer token of a request ('' without one). */
export function tokenOf(request: Incoming): string {
  return /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
}

/** Replaces what a handler answers with `fn(answer)` (status, headers and body). */
export function onAnswer(
  fn: (answer: Answer, request: Incoming) => Answer,
  inner: Handler = (r, f) => f(r),
): Handler {
  return async (request, forward) => fn(await inner(request, forward), request);
}

/** The paged results (`models` beside `totalModels`) of a JSON tree rewritten by `fn`. */
export function onPages(
  fn: (models: unknown[], holder: Record<string, unknown>) => Record<string, unknown>,
  when?: (request: Incoming) => boolean,
): Handler {
  return onData((_key, value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const holder = value as Record<string, unknown>;
    return Array.isArray(holder.models) && 'totalModels' in holder ? fn(holder.models, holder) : value;
  }, when);
}

export const eventViews = (r: Incoming): boolean => rootFields(r).some(isEventView);

/** The cache key of a correctly keyed cache: token, path and the whole body. */
const byTokenPathBody = (request: Incoming): string =>
  `${tokenOf(request)}\0${request.region}/${request.version}\0${request.raw}`;

/**
 * A cache of answers for `ttlMs`, as a misconfigured CDN or resolver cache would keep; `keyOf` says what
 * tells two requests apart (by default token, path and body).
 */
export function cached(ttlMs: number, keyOf: (request: Incoming) => string = byTokenPathBody): Handler {
  const store = new Map<string, { at: number; answer: Answer }>();
  return async (request, forward) => {
    if (isMutation(request)) return forward(request);
    const key = keyOf(request);
    const hit = store.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = await forward(request);
    store.set(key, { at: Date.now(), answer });
    return answer;
  };
}

/** A counter shared by every request, for regressions that strike one request in n. */
function everyNth(n: number, fn: Handler, otherwise: Handler = CORRECT): Handler {
  let count = 0;
  return (request, forward) => ((count += 1) % n === 0 ? fn(request, forward) : otherwise(request, forward));
}

const unauthenticated = (r: Incoming): boolean =>
  tokenOf(r) !== DEV_TOKENS.full && tokenOf(r) !== DEV_TOKENS.limited;

/** Serves a request without a tenant's token as the full tenant's where `where` holds (authentication skipped there). */
export function unauthenticatedServedWhere(where: (r: Incoming) => boolean): Handler {
  return (request, forward) =>
    where(request) && unauthenticated(request) ? as(DEV_TOKENS.full, request, forward) : forward(request);
}

/** The project's own set of regressions; each was chosen as one a vendor release could really carry. */
export const MUTANTS: readonly Mutant[] = [
  {
    id: 'paging.default-limit-50',
    class: 'paging',
    description: 'a paged query without limit returns 50 items, not 100',
    names: /limit|default|page|count/i,
    handle: onFields((node, field) =>
      paged(field) && !node.arguments?.some((a) => a.name.value === 'limit')
        ? mapArgument(node, field, {}, 'limit', () => 50)
        : undefined,
    ),
  },
  {
    id: 'paging.skip-off-by-one',
    class: 'paging',
    description: 'a positive skip starts one item too late',
    names: /skip|page|slice/i,
    handle: onFields((node, field, vars) =>
      mapArgument(node, field, vars, 'skip', (s) => (typeof s === 'number' && s > 0 ? s + 1 : s)),
    ),
  },
  {
    id: 'paging.total-is-page-size',
    class: 'paging',
    description: 'totalModels counts the items of the page, not every item found',
    names: /totalModels|total|count/i,
    handle: onPages((models, holder) => ({ ...holder, totalModels: models.length })),
  },
  {
    id: 'paging.limit-clamped-25',
    class: 'paging',
    description: 'a limit above 25 is silently clamped to 25',
    names: /limit|page|count|max/i,
    handle: onFields((node, field, vars) =>
      paged(field)
        ? mapArgument(node, field, vars, 'limit', (l) => Math.min(typeof l === 'number' ? l : 100, 25))
        : undefined,
    ),
  },
  {
    id: 'paging.event-limit-ignored',
    class: 'paging',
    description: 'the event views ignore limit and always return up to 100 events',
    names: /limit|page|count|event/i,
    handle: onFields((node, field, vars) =>
      isEventView(node.name.value) ? mapArgument(node, field, vars, 'limit', () => undefined) : undefined,
    ),
  },
  {
    id: 'sort.reversed',
    class: 'sort',
    description: 'every sort direction is applied the other way round',
    names: /sort|order|Ascending|Descending/i,
    handle: onFields(
      (node, field, vars) =>
        mapArgument(node, field, vars, 'sort', (s) => (s === undefined ? s : reversed(s))) ??
        mapArgument(node, field, vars, 'sorts', (s) => (s === undefined ? s : reversed(s))),
    ),
  },
  {
    id: 'sort.ignored',
    class: 'sort',
    description: 'the sort argument is accepted and ignored',
    names: /sort|order/i,
    handle: onFields(
      (node, field, vars) =>
        mapArgument(node, field, vars, 'sort', () => undefined) ??
        mapArgument(node, field, vars, 'sorts', () => undefined),
    ),
  },
  {
    id: 'null.activity-subject',
    class: 'nullability',
    description: "an activity's subject is always null",
    names: /subject/i,
    handle: onData((key, value, holder) =>
      key === 'subject' && ('typeId' in holder || 'activityStartDate' in holder || 'date' in holder)
        ? null
        : value,
    ),
  },
  {
    id: 'null.display-name',
    class: 'nullability',
    description: "a contact's displayName is always null",
    names: /displayName/i,
    handle: onData((key, value) => (key === 'displayName' ? null : value)),
  },
  {
    id: 'versions.1.2.0-serves-1.4.0',
    class: 'versions',
    description: 'the 1.2.0 endpoint serves the 1.4.0 schema (1.4.0 operations and fields leak into 1.2.0)',
    names: /1\.4\.0|1\.2\.0|version|drift|validation|score|currencies|checkSecurity/i,
    handle: (request, forward) => forward({ ...request, version: '1.4.0' }),
  },
  {
    id: 'versions.score-value-missing',
    class: 'versions',
    description: "1.4.0 lost Score.value and Score.maxValue ('Cannot query field')",
    names: /score|value|maxValue|version/i,
    handle: (request, forward) =>
      request.version === '1.4.0' &&
      /\b(maxValue|value)\b/.test(request.body?.query ?? '') &&
      /Score|relationshipScore/.test(request.body?.query ?? '')
        ? Promise.resolve(
            jsonAnswer(200, {
              errors: [
                {
                  message: 'Cannot query field "maxValue" on type "Score".',
                  extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
                },
              ],
            }),
          )
        : forward(request),
  },
  {
    id: 'enums.status-case',
    class: 'enums',
    description: 'status values change case: open becomes Open, closed becomes Closed',
    names: /status|enum|open/i,
    handle: onData((key, value) =>
      STATUS_FIELDS.has(key) && (value === 'open' || value === 'closed')
        ? value.charAt(0).toUpperCase() + value.slice(1)
        : value,
    ),
  },
  {
    id: 'enums.contact-entity-outside',
    class: 'enums',
    description: 'contactEntity answers "Individual" for a person, a value outside the enum',
    names: /contactEntity|enum/i,
    handle: onData((key, value) => (key === 'contactEntity' && value === 'Person' ? 'Individual' : value)),
  },
  {
    id: 'dates.milliseconds-dropped',
    class: 'dates',
    description: 'DateTime values lose their milliseconds (the poll cursor skips events of the same second)',
    names: /date|time|millisecond|format|cursor|event/i,
    handle: onData((_key, value) =>
      typeof value === 'string' && ISO_MS.test(value) ? `${ISO_MS.exec(value)?.[1]}Z` : value,
    ),
  },
  {
    id: 'dates.no-z',
    class: 'dates',
    description: 'DateTime values lose their UTC Z suffix',
    names: /date|time|format|Z/i,
    handle: onData((_key, value) =>
      typeof value === 'string' && ISO_Z.test(value) ? ISO_Z.exec(value)?.[1] : value,
    ),
  },
  {
    id: 'dates.date-as-datetime',
    class: 'dates',
    description: 'Date fields answer a date-time (2026-05-01T00:00:00Z) instead of a calendar date',
    names: /date|format/i,
    handle: onData((key, value) =>
      DATE_FIELDS.has(key) && typeof value === 'string' && ISO_DATE.test(value)
        ? `${value}T00:00:00Z`
        : value,
    ),
  },
  {
    id: 'validation.blank-subject-accepted',
    class: 'validation',
    description: 'addActivity and updateActivity accept a blank subject (stored as "(no subject)")',
    names: /subject|validation|propertyName|blank|empty/i,
    handle: (request, forward) => {
      const fields = rootFields(request);
      if (!fields.includes('addActivity') && !fields.includes('updateActivity')) return forward(request);
      const fill = (v: unknown): unknown =>
        mapJson(v, (key, value) =>
          key === 'subject' && typeof value === 'string' && value.trim() === '' ? '(no subject)' : value,
        );
      const body = request.body;
      const query = (body?.query ?? '').replace(/subject:\s*"\s*"/g, 'subject: "(no subject)"');
      return forward({
        ...request,
        body: body && { ...body, query, variables: fill(body.variables) as Record<string, unknown> },
      });
    },
  },
  {
    id: 'validation.property-name-capitalised',
    class: 'validation',
    description: 'validationErrors name the property with a capital first letter (Subject, not subject)',
    names: /propertyName|validation/i,
    handle: onData((key, value) =>
      key === 'propertyName' && typeof value === 'string'
        ? value.charAt(0).toUpperCase() + value.slice(1)
        : value,
    ),
  },
  {
    id: 'validation.errors-dropped',
    class: 'validation',
    description: 'a refused write answers an empty validationErrors list (nothing written, nothing said)',
    names: /validation|propertyName/i,
    handle: onData((key, value) => (key === 'validationErrors' && Array.isArray(value) ? [] : value)),
  },
  {
    id: 'persistence.activity-not-kept',
    class: 'persistence',
    description: 'addActivity answers the new activity but does not keep it',
    names: /activit|persist|kept|read|null|count|total/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      if (!rootFields(request).includes('addActivity')) return answer;
      const id = (answer.json as { data?: { addActivity?: { id?: unknown } } } | undefined)?.data?.addActivity
        ?.id;
      if (typeof id === 'string') {
        await forward({
          ...request,
          body: {
            query: 'mutation Drop($id: ID!) { removeActivity(id: $id) { isSuccessful } }',
            variables: { id },
          },
        });
      }
      return answer;
    },
  },
  {
    id: 'persistence.remove-not-applied',
    class: 'persistence',
    description: 'removeObjective, removeInitiative and removeOpportunity answer success and remove nothing',
    names: /remov|isDeleted|persist|null|count|total/i,
    handle: (request, forward) => {
      const name = rootFields(request).find((f) => /^remove(Objective|Initiative|Opportunity)$/.test(f));
      if (name === undefined || rootFields(request).length !== 1) return forward(request);
      return Promise.resolve(
        jsonAnswer(200, { data: { [name]: { isSuccessful: true, validationErrors: [] } } }),
      );
    },
  },
  {
    id: 'events.contact-updated-dropped',
    class: 'events',
    description: 'firmContactEventViews never reports ContactUpdated',
    names: /ContactUpdated|event/i,
    handle: onPages((models, holder) => {
      const kept = models.filter(
        (m) => (m as { eventType?: unknown } | null)?.eventType !== 'ContactUpdated',
      );
      const dropped = models.length - kept.length;
      return { ...holder, models: kept, totalModels: Number(holder.totalModels) - dropped };
    }, eventViews),
  },
  {
    id: 'events.duplicate-in-page',
    class: 'events',
    description: 'an event page repeats its first event in second place (a join that doubles a row)',
    names: /duplicate|distinct|event|repeat/i,
    handle: onPages(
      (models, holder) =>
        models.length >= 2 ? { ...holder, models: [models[0], models[0], ...models.slice(2)] } : holder,
      eventViews,
    ),
  },
  {
    id: 'events.newest-first',
    class: 'events',
    description: 'event views without a sort answer newest first instead of oldest first',
    names: /order|sort|event|date/i,
    handle: onFields((node, field, vars) =>
      isEventView(node.name.value) && !node.arguments?.some((a) => a.name.value === 'sort')
        ? mapArgument(node, field, vars, 'sort', () => [{ field: 'eventDate', direction: 'Descending' }])
        : undefined,
    ),
  },
  {
    id: 'tenancy.writes-copied',
    class: 'tenancy',
    description: "the full tenant's writes are applied to the limited tenant too",
    names: /tenant|limited|isolation|leak|other/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      if (isMutation(request) && tokenOf(request) === DEV_TOKENS.full)
        await as(DEV_TOKENS.limited, request, forward);
      return answer;
    },
  },
  {
    id: 'tenancy.limited-reads-by-id',
    class: 'tenancy',
    description: "the limited tenant reads the full tenant's entities by id",
    names: /tenant|limited|isolation|leak|other|null/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      if (tokenOf(request) !== DEV_TOKENS.limited || isMutation(request)) return answer;
      const data = (answer.json as { data?: Record<string, unknown> } | undefined)?.data;
      const variables = request.body?.variables ?? {};
      const byId = /\(\s*(id|ids|contactId)\s*:/.test(request.body?.query ?? '') || 'id' in variables;
      if (!byId || !data || !Object.values(data).some((v) => v === null)) return answer;
      return as(DEV_TOKENS.full, request, forward);
    },
  },
  {
    id: 'tenancy.full-cloud-ignored',
    class: 'tenancy',
    description: 'the full-cloud switch is ignored: the limited tenant may add and remove matters',
    names: /full.?cloud|matter|limited|tenant|FORBIDDEN/i,
    handle: CORRECT,
    setup: {
      // The default tenants, with the limited one switched to full cloud.
      tenants: DEFAULT_TENANTS.map((tenant) => ({ ...tenant, fullCloud: true })),
    },
  },
  {
    id: 'region.eu-from-us',
    class: 'region',
    description: 'the eu endpoint answers from the us data',
    names: /region|eu|us|residen|isolation/i,
    handle: (request, forward) => forward(request.region === 'eu' ? { ...request, region: 'us' } : request),
  },
  {
    id: 'auth.401-as-200',
    class: 'auth',
    description: 'a missing or unknown token is answered 200 (with the UNAUTHENTICATED error) instead of 401',
    names: /401|status|auth|token/i,
    handle: onAnswer((answer) => (answer.status === 401 ? { ...answer, status: 200 } : answer)),
  },
  {
    id: 'auth.wrong-token-accepted',
    class: 'auth',
    description: "an unknown bearer token is served as the full tenant's",
    names: /401|auth|token|UNAUTHENTICATED/i,
    handle: (request, forward) =>
      tokenOf(request) !== '' && unauthenticated(request)
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'auth.no-token-accepted',
    class: 'auth',
    description: "a request without a token is served as the full tenant's",
    names: /401|auth|token|UNAUTHENTICATED|anonymous/i,
    handle: (request, forward) =>
      tokenOf(request) === '' ? as(DEV_TOKENS.full, request, forward) : forward(request),
  },
  {
    id: 'http.text-plain',
    class: 'http',
    description: 'every answer has Content-Type text/plain',
    names: /content.?type|text\/plain|transport|media/i,
    handle: onAnswer((answer) => ({
      ...answer,
      headers: { ...answer.headers, 'content-type': 'text/plain; charset=utf-8' },
    })),
  },
  {
    id: 'http.429-without-retry-after',
    class: 'http',
    description: 'one request in 15 is answered 429 without Retry-After',
    names: /429|Retry-After|rate|busy/i,
    handle: everyNth(15, () =>
      Promise.resolve(
        jsonAnswer(429, {
          errors: [{ message: 'Too many requests.', extensions: { code: 'RATE_LIMITED' } }],
        }),
      ),
    ),
  },
  {
    id: 'cache.60-seconds',
    class: 'caching',
    description: 'query answers are cached for 60 seconds per token and document (writes do not invalidate)',
    names: /cache|stale|after|update|read|count|total|event/i,
    handle: cached(60_000),
  },
  {
    id: 'errors.negative-limit-500',
    class: 'errors',
    description: 'a negative skip or limit is an HTTP 500 internal error, not BAD_USER_INPUT',
    names: /BAD_USER_INPUT|500|status|negative|limit|skip/i,
    handle: (request, forward) =>
      /\b(limit|skip)\s*:\s*-\d/.test(request.body?.query ?? '') ||
      Object.entries(request.body?.variables ?? {}).some(
        ([k, v]) => /limit|skip/i.test(k) && typeof v === 'number' && v < 0,
      )
        ? Promise.resolve(
            jsonAnswer(500, {
              errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
            }),
          )
        : forward(request),
  },
];
