/**
 * A second held-out set of regressions, chosen from the spec and from what vendors ship after the first
 * held-out set had been measured and the checks extended to it, again without looking at the scenarios
 * or checks. `npm run mutation-score -- --set holdout2` runs them.
 */
import { Kind, parse, valueFromASTUntyped, type SelectionSetNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { selects, validationFailure } from './holdout.js';
import {
  cached,
  isEventView,
  onAnswer,
  paged,
  tokenOf,
  unauthenticatedServedWhere,
  type Mutant,
} from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
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
  withArgument,
} from './rewrite.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const CONTACT_STATUSES: Record<string, string> = {
  Created: 'CREATED',
  Updated: 'UPDATED',
  NoChange: 'NO_CHANGE',
  PendingApproval: 'PENDING_APPROVAL',
};
const ADDS_WITH_ITEM = /^add(Person|Company|List|Objective|Initiative|PublicLocation)$/;

/** One root field of a request: the key its result has under `data`, its name and its argument values. */
export interface RootSelection {
  key: string;
  name: string;
  args: Record<string, unknown>;
}

/** The root fields of a request's document (none when it does not parse). */
export function rootSelections(request: Incoming): RootSelection[] {
  try {
    const out: RootSelection[] = [];
    for (const definition of parse(request.body?.query ?? '').definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD) continue;
        const args: Record<string, unknown> = {};
        for (const argument of selection.arguments ?? [])
          args[argument.name.value] = valueFromASTUntyped(argument.value, request.body?.variables ?? {});
        out.push({ key: selection.alias?.value ?? selection.name.value, name: selection.name.value, args });
      }
    }
    return out;
  } catch {
    return [];
  }
}

/** The `data` of an answer, when it has one. */
export function dataOf(answer: Answer): Record<string, unknown> | undefined {
  const data = (answer.json as { data?: unknown } | undefined)?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
}

/** A page (`models` beside `totalModels`) or undefined. */
function pageOf(value: unknown): { models: unknown[]; totalModels: unknown } | undefined {
  const page = value as { models?: unknown; totalModels?: unknown } | null | undefined;
  return page && Array.isArray(page.models)
    ? (page as { models: unknown[]; totalModels: unknown })
    : undefined;
}

const TOTAL_ONLY: SelectionSetNode = {
  kind: Kind.SELECTION_SET,
  selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: 'totalModels' } }],
};

/** The request with the paged fields named in `names` asking only totalModels, from the first item on. */
function countsOnly(request: Incoming, names: Set<string>): Incoming {
  return rewriteFields(request, (node, field) =>
    names.has(node.name.value) && paged(field)
      ? {
          ...withArgument(withArgument(node, 'skip', undefined), 'limit', undefined),
          selectionSet: TOTAL_ONLY,
        }
      : undefined,
  );
}

/** The answer with each root page (by result key) replaced by `fn(page, its selection)`. */
export function onRootPages(
  fn: (page: Record<string, unknown> & { models: unknown[] }, root: RootSelection) => Record<string, unknown>,
): Handler {
  return async (request, forward) => {
    const answer = await forward(request);
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const root of rootSelections(request)) {
      const page = pageOf(data[root.key]);
      if (page) next[root.key] = fn(page as Record<string, unknown> & { models: unknown[] }, root);
    }
    return { ...answer, json: { ...(answer.json as object), data: next } };
  };
}

/**
 * Every event of `view` under a root selection's filter and sort, in the order its pages use, with `fields`
 * (read in pages of 1000, the largest page the service gives); undefined when the service refuses.
 */
async function allEvents(
  request: Incoming,
  forward: Forward,
  view: string,
  args: Record<string, unknown>,
  fields: string,
): Promise<Record<string, unknown>[] | undefined> {
  const type = view.charAt(0).toUpperCase() + view.slice(1, -1);
  const query = `query($f: ${type}FilterInput, $s: [${type}SortInput!], $k: Int) { v: ${view}(filter: $f, sort: $s, skip: $k, limit: 1000) { totalModels models { ${fields} } } }`;
  const out: Record<string, unknown>[] = [];
  for (;;) {
    const answer = await forward({
      ...request,
      body: { query, variables: { f: args.filter ?? null, s: args.sort ?? null, k: out.length } },
    });
    const page = dataOf(answer)?.v as
      { totalModels?: unknown; models?: Record<string, unknown>[] } | undefined;
    if (!page || !Array.isArray(page.models)) return undefined;
    out.push(...page.models);
    if (page.models.length === 0 || out.length >= Number(page.totalModels)) return out;
  }
}

/**
 * An event view that loses the events `dropper()` picks after the store answered (a post-filter), from its
 * pages and from totalModels, whichever fields the client selected.
 */
export function droppingEvents(
  view: string,
  fields: string,
  dropper: () => (event: Record<string, unknown>) => boolean,
): Handler {
  return async (request, forward) => {
    const answer = await forward(request);
    const data = dataOf(answer);
    const roots = rootSelections(request).filter((r) => r.name === view);
    if (!data || roots.length === 0) return answer;
    const next = { ...data };
    for (const root of roots) {
      const page = data[root.key] as Record<string, unknown> | null | undefined;
      if (!page || typeof page !== 'object') continue;
      const all = await allEvents(request, forward, view, root.args, fields);
      if (!all) continue;
      const dropped = all.map(dropper());
      const skip = typeof root.args.skip === 'number' ? root.args.skip : 0;
      const out = { ...page };
      if (Array.isArray(page.models)) out.models = page.models.filter((_m, i) => !dropped[skip + i]);
      if (typeof page.totalModels === 'number')
        out.totalModels = page.totalModels - dropped.filter(Boolean).length;
      next[root.key] = out;
    }
    return { ...answer, json: { ...(answer.json as object), data: next } };
  };
}

/** A calendar date one day earlier. */
export function dayBefore(date: string): string {
  const m = ISO_DATE.exec(date);
  if (!m) return date;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]! - 1)).toISOString().slice(0, 10);
}

const MATTER_KEYS = new Set(['id', 'name', 'number', '__typename']);

/**
 * A service that stores addMatter's name and number as given: the proxy remembers each untrimmed text
 * the correct service trimmed, and answers it wherever a matter (an object of id, name and number) shows
 * the trimmed one.
 */
function untrimmedMatters(): Handler {
  const untrimmed = new Map<string, string>();
  return async (request, forward) => {
    const answer = await forward(request);
    const data = dataOf(answer);
    if (!data) return answer;
    for (const root of rootSelections(request)) {
      const input = root.args.input as { name?: unknown; number?: unknown } | undefined;
      if (
        root.name !== 'addMatter' ||
        typeof (data[root.key] as { item?: unknown } | null)?.item !== 'string'
      )
        continue;
      for (const text of [input?.name, input?.number])
        if (typeof text === 'string' && text.trim() !== text) untrimmed.set(text.trim(), text);
    }
    if (untrimmed.size === 0) return answer;
    return onDataOf(answer, (key, value, holder) =>
      (key === 'name' || key === 'number') &&
      typeof value === 'string' &&
      Object.keys(holder).every((k) => MATTER_KEYS.has(k))
        ? (untrimmed.get(value) ?? value)
        : value,
    );
  };
}

/** An answer whose `data` is rewritten by `fn`, as onData rewrites a forwarded one. */
function onDataOf(
  answer: Answer,
  fn: (key: string, value: unknown, holder: Record<string, unknown>) => unknown,
): Answer {
  const body = answer.json as Record<string, unknown>;
  return { ...answer, json: { ...body, data: mapJson(body.data, fn) } };
}

/** The lists a contact is a member of, as the full tenant reads them. */
async function listsOf(request: Incoming, forward: Forward, contactId: string): Promise<Set<string>> {
  const answer = await forward({
    ...request,
    body: {
      query: 'query($id: ID!) { contact(id: $id) { lists(limit: 1000) { models { id } } } }',
      variables: { id: contactId },
    },
  });
  const models = (dataOf(answer)?.contact as { lists?: { models?: { id?: unknown }[] } } | null)?.lists
    ?.models;
  return new Set((models ?? []).map((m) => String(m.id)));
}

/** A sort argument that keeps only its first input (an ORDER BY built from the first key only). */
function firstKeyOnly(sort: unknown): unknown {
  return Array.isArray(sort) && sort.length > 1 ? sort.slice(0, 1) : sort;
}

/** Regressions the certification was not written against; see docs/verdicts.md "A second held-out set". */
export const HOLDOUT2: readonly Mutant[] = [
  {
    id: 'holdout2.paging.skip-beyond-total-last-page',
    class: 'paging',
    description:
      'a skip at or beyond totalModels answers the last page instead of no items (the offset is clamped)',
    names: /skip|page|models|length|empty|beyond|offset/i,
    handle: async (request, forward) => {
      const answer = await forward(request);
      const data = dataOf(answer);
      if (!data || isMutation(request)) return answer;
      const empty = rootSelections(request).filter((r) => {
        const models = (data[r.key] as { models?: unknown } | null)?.models;
        return (
          Array.isArray(models) && models.length === 0 && typeof r.args.skip === 'number' && r.args.skip > 0
        );
      });
      if (empty.length === 0) return answer;
      const totals = dataOf(await forward(countsOnly(request, new Set(empty.map((r) => r.name))))) ?? {};
      const clamp = new Map<string, number>();
      for (const r of empty) {
        const total = Number((totals[r.key] as { totalModels?: unknown } | null)?.totalModels);
        const limit = typeof r.args.limit === 'number' ? r.args.limit : 100;
        if (total > 0 && Number(r.args.skip) >= total) clamp.set(r.name, Math.max(0, total - limit));
      }
      if (clamp.size === 0) return answer;
      return forward(
        rewriteFields(request, (node, field, vars) =>
          clamp.has(node.name.value) && paged(field)
            ? mapArgument(node, field, vars, 'skip', () => clamp.get(node.name.value))
            : undefined,
        ),
      );
    },
  },
  {
    id: 'holdout2.paging.short-page-drops-last',
    class: 'paging',
    description:
      'a page with fewer items than its limit loses its last item (the "one more row" fetched to detect a next page is dropped even when absent)',
    names: /models|length|page|count|total|limit|last/i,
    handle: onRootPages((page, root) => {
      const limit = typeof root.args.limit === 'number' ? root.args.limit : 100;
      return page.models.length > 0 && page.models.length < limit
        ? { ...page, models: page.models.slice(0, -1) }
        : page;
    }),
  },
  {
    id: 'holdout2.paging.list-contacts-limit-ignored',
    class: 'paging',
    description: 'List.contacts ignores its limit and answers up to 100 members',
    names: /limit|contacts|member|page|count|models|length/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'contacts' && paged(field)
        ? mapArgument(node, field, vars, 'limit', () => undefined)
        : undefined,
    ),
  },
  {
    id: 'holdout2.sort.only-first-key',
    class: 'sort',
    description: 'a sort list with several inputs is applied by its first input only (ties keep store order)',
    names: /sort|order|tie|Ascending|Descending/i,
    handle: onFields(
      (node, field, vars) =>
        mapArgument(node, field, vars, 'sort', firstKeyOnly) ??
        mapArgument(node, field, vars, 'sorts', firstKeyOnly),
    ),
  },
  {
    id: 'holdout2.sort.event-sort-ignored',
    class: 'sort',
    description: 'the event views ignore an explicit sort and always answer oldest first',
    names: /sort|order|Descending|eventDate|event/i,
    handle: onFields((node, field, vars) =>
      isEventView(node.name.value) ? mapArgument(node, field, vars, 'sort', () => undefined) : undefined,
    ),
  },
  {
    id: 'holdout2.null.item-on-add',
    class: 'nullability',
    description:
      'addPerson, addCompany, addList, addObjective and addInitiative answer item null on success (the new record is written)',
    names: /\bitem\b|null|add(Person|Company|List|Objective|Initiative)/i,
    handle: onData(
      (key, value, holder) =>
        key === 'item' && !(Array.isArray(holder.validationErrors) && holder.validationErrors.length > 0)
          ? null
          : value,
      (r) => isMutation(r) && rootFields(r).some((f) => ADDS_WITH_ITEM.test(f)),
    ),
  },
  {
    id: 'holdout2.versions.1.2.0-check-security-accepted',
    class: 'versions',
    description: 'the 1.2.0 folderTypes accepts the 1.4.0-only checkSecurity argument (and ignores it)',
    names: /checkSecurity|folderTypes|1\.2\.0|version|GRAPHQL_VALIDATION_FAILED|argument/i,
    handle: (request, forward) =>
      forward(
        request.version === '1.2.0'
          ? rewriteFields(request, (node) =>
              node.name.value === 'folderTypes' &&
              node.arguments?.some((a) => a.name.value === 'checkSecurity')
                ? { ...node, arguments: node.arguments.filter((a) => a.name.value !== 'checkSecurity') }
                : undefined,
            )
          : request,
      ),
  },
  {
    id: 'holdout2.versions.opportunity-event-views-missing',
    class: 'versions',
    description:
      '1.4.0 lost the opportunityEventViews query (\'Cannot query field "opportunityEventViews"\')',
    names: /opportunityEventViews|opportunit|1\.4\.0|version|drift|GRAPHQL_VALIDATION_FAILED/i,
    handle: (request, forward) =>
      request.version === '1.4.0' && selectsField(request, 'Query', 'opportunityEventViews')
        ? Promise.resolve(
            validationFailure(request, 'Cannot query field "opportunityEventViews" on type "Query".'),
          )
        : forward(request),
  },
  {
    id: 'holdout2.enums.list-class-capitalised',
    class: 'enums',
    description:
      'listClass answers "ContactTypes", "MarketingLists", "WorkingLists" instead of the enum values',
    names: /listClass|enum|contactTypes|marketingLists|workingLists/i,
    handle: onData((key, value) =>
      key === 'listClass' && typeof value === 'string' && /^[a-z]/.test(value)
        ? value.charAt(0).toUpperCase() + value.slice(1)
        : value,
    ),
  },
  {
    id: 'holdout2.enums.contact-status-screaming',
    class: 'enums',
    description:
      'contact mutation results answer status "NO_CHANGE", "CREATED", "UPDATED" instead of NoChange, Created, Updated',
    names: /status|enum|NoChange|Created|Updated/i,
    handle: onData((key, value) =>
      key === 'status' && typeof value === 'string' && value in CONTACT_STATUSES
        ? CONTACT_STATUSES[value]
        : value,
    ),
  },
  {
    id: 'holdout2.dates.activity-view-date-day-early',
    class: 'dates',
    description:
      "ActivityView.date is one day early (the start's local midnight converted to UTC and cut to a date)",
    names: /\bdate\b|activit|day/i,
    handle: onData((key, value, holder) =>
      key === 'date' && typeof value === 'string' && !('eventType' in holder) ? dayBefore(value) : value,
    ),
  },
  {
    id: 'holdout2.dates.event-date-local-time',
    class: 'dates',
    description:
      'eventDate is the server-local time (+02:00) written with a Z, so every event looks two hours later than it was',
    names: /eventDate|date|time|event|after|order/i,
    handle: onData((key, value) =>
      key === 'eventDate' && typeof value === 'string' && ISO_Z.test(value)
        ? new Date(Date.parse(value) + 2 * 3600_000).toISOString()
        : value,
    ),
  },
  {
    id: 'holdout2.validation.blank-list-name-accepted',
    class: 'validation',
    description: 'addList and addWorkingList accept a blank name (the list is called "New list")',
    names: /\bname\b|validation|propertyName|blank|empty|addList|addWorkingList/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'addList' || node.name.value === 'addWorkingList'
        ? mapArgument(node, field, vars, 'input', (input) => {
            const name = (input as { name?: unknown } | null)?.name;
            return typeof name === 'string' && name.trim() === '' ? { ...input!, name: 'New list' } : input;
          })
        : undefined,
    ),
  },
  {
    id: 'holdout2.validation.matter-text-untrimmed',
    class: 'validation',
    description: "addMatter keeps the leading and trailing spaces of the matter's name and number",
    names: /matter|trim|space|name|number/i,
    handle: untrimmedMatters(),
  },
  {
    id: 'holdout2.persistence.remove-working-list-not-applied',
    class: 'persistence',
    description: 'removeWorkingList answers true and removes nothing',
    names: /removeWorkingList|remov|list|persist|null|count|total|deleted/i,
    handle: (request, forward) => {
      const roots = rootSelections(request);
      const only = roots.length === 1 ? roots[0] : undefined;
      return request.version === '1.4.0' && only?.name === 'removeWorkingList'
        ? Promise.resolve(jsonAnswer(200, { data: { [only.key]: true } }))
        : forward(request);
    },
  },
  {
    id: 'holdout2.persistence.remove-from-lists-not-kept',
    class: 'persistence',
    description:
      'removeContactFromLists answers the lists as removed, but the contact is back in them right after',
    names: /remov|list|member|contact|persist|kept|count|total/i,
    handle: async (request, forward) => {
      const args = rootArguments(request, 'removeContactFromLists');
      const input = args?.input as { contactId?: unknown; listIds?: unknown } | undefined;
      if (!input || typeof input.contactId !== 'string' || !Array.isArray(input.listIds))
        return forward(request);
      const before = await listsOf(request, forward, input.contactId);
      const answer = await forward(request);
      const back = input.listIds.map(String).filter((id) => before.has(id));
      if (back.length > 0) {
        await forward({
          ...request,
          body: {
            query:
              'mutation Undo($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
            variables: { l: back, c: [input.contactId] },
          },
        });
      }
      return answer;
    },
  },
  {
    id: 'holdout2.events.list-deleted-dropped',
    class: 'events',
    description: 'listEventViews never reports ListDeleted, even when the filter asks for it',
    names: /ListDeleted|deleted|event|list/i,
    handle: droppingEvents('listEventViews', 'eventType', () => (e) => e.eventType === 'ListDeleted'),
  },
  {
    id: 'holdout2.events.opportunity-status-dropped',
    class: 'events',
    description: 'opportunityEventViews never reports StatusChanged (changes of status are lost)',
    names: /StatusChanged|status|opportunit|event/i,
    handle: droppingEvents(
      'opportunityEventViews',
      'eventType',
      () => (e) => e.eventType === 'StatusChanged',
    ),
  },
  {
    id: 'holdout2.events.relationship-one-event-per-edit',
    class: 'events',
    description:
      'relationshipEventViews answers one event per edit instead of one per changed attribute (same relationship and date)',
    names: /relationship|event|attribute|count|total|Changed/i,
    handle: droppingEvents('relationshipEventViews', 'relationshipId eventDate', () => {
      const seen = new Set<string>();
      return (e) => {
        const key = `${String(e.relationshipId)}\0${String(e.eventDate)}`;
        if (seen.has(key)) return true;
        seen.add(key);
        return false;
      };
    }),
  },
  {
    id: 'holdout2.tenancy.list-events-leak',
    class: 'tenancy',
    description: "listEventViews of the limited tenant answers the full tenant's list events",
    names: /tenant|limited|isolation|leak|other|list/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && rootFields(request).includes('listEventViews')
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout2.tenancy.limited-writes-to-full',
    class: 'tenancy',
    description:
      "the limited tenant's mutations are applied to the full tenant's data (the write path resolves the tenant from a shared connection)",
    names: /tenant|limited|isolation|leak|other|null|read|persist/i,
    handle: (request, forward) =>
      tokenOf(request) === DEV_TOKENS.limited && isMutation(request)
        ? as(DEV_TOKENS.full, request, forward)
        : forward(request),
  },
  {
    id: 'holdout2.region.eu-events-from-us',
    class: 'region',
    description: 'the eu event views answer the us events (the audit log is not regional)',
    names: /region|\beu\b|\bus\b|residen|isolation|event/i,
    handle: (request, forward) =>
      forward(
        request.region === 'eu' && rootFields(request).some(isEventView)
          ? { ...request, region: 'us' }
          : request,
      ),
  },
  {
    id: 'holdout2.region.eu-1.2.0-from-us',
    class: 'region',
    description: 'the eu 1.2.0 endpoint answers from the us data (the old revision has no eu route)',
    names: /region|\beu\b|\bus\b|residen|isolation|1\.2\.0/i,
    handle: (request, forward) =>
      forward(
        request.region === 'eu' && request.version === '1.2.0' ? { ...request, region: 'us' } : request,
      ),
  },
  {
    id: 'holdout2.auth.1.2.0-unauthenticated',
    class: 'auth',
    description:
      "the 1.2.0 endpoint serves a request with a missing or unknown token as the full tenant's (only 1.4.0 authenticates)",
    names: /401|auth|token|UNAUTHENTICATED|anonymous/i,
    handle: unauthenticatedServedWhere((r) => r.version === '1.2.0'),
  },
  {
    id: 'holdout2.http.utf8-read-as-latin1',
    class: 'http',
    description: 'answers are UTF-8 encoded twice: "Müller" comes back as "MÃ¼ller" (charset still utf-8)',
    names: /encod|utf|charset|unicode|Ã|mojibake|non-?ASCII|accent/i,
    handle: onAnswer((answer) => {
      const text = answer.json === undefined ? answer.text : JSON.stringify(answer.json);
      // eslint-disable-next-line no-control-regex -- only a text outside ASCII changes
      if (!/[^\u0000-\u007f]/.test(text)) return answer;
      return { ...answer, json: undefined, text: Buffer.from(text, 'utf8').toString('latin1') };
    }),
  },
  {
    id: 'holdout2.http.operation-name-ignored',
    class: 'http',
    description: 'a document with several operations runs its first one, whatever operationName says',
    names: /operationName|operation|data|missing|unexpected/i,
    handle: (request, forward) => {
      const body = request.body;
      if (!body || typeof body.operationName !== 'string') return forward(request);
      let first: string | undefined;
      try {
        const operations = parse(body.query ?? '').definitions.filter(
          (d) => d.kind === Kind.OPERATION_DEFINITION,
        );
        first = operations.length > 1 ? operations[0]?.name?.value : undefined;
      } catch {
        first = undefined;
      }
      return forward(first === undefined ? request : { ...request, body: { ...body, operationName: first } });
    },
  },
  {
    id: 'holdout2.cache.region-not-in-key',
    class: 'caching',
    description:
      'query answers are cached for 60 seconds per token, revision and body, whatever the region (the CDN key lacks the host)',
    names: /region|\beu\b|\bus\b|\bau\b|residen|isolation|cache/i,
    handle: cached(60_000, (r) => `${tokenOf(r)}\0${r.version}\0${r.raw}`),
  },
  {
    id: 'holdout2.errors.empty-errors-on-success',
    class: 'errors',
    description: 'every successful answer carries "errors": [] beside its data',
    names: /errors|envelope|empty|success/i,
    handle: onAnswer((answer) => {
      const body = answer.json as Record<string, unknown> | undefined;
      return body && typeof body === 'object' && 'data' in body && !('errors' in body)
        ? { ...answer, json: { ...body, errors: [] } }
        : answer;
    }),
  },
  {
    id: 'holdout2.errors.bulk-skips-unreported',
    class: 'errors',
    description:
      'addContactsToLists reports skippedCount 0 and no skippedContactIds while it still skips contacts',
    names: /skipped|addContactsToLists|partial|count|total/i,
    handle: onData(
      (key, value) => (key === 'skippedCount' ? 0 : key === 'skippedContactIds' ? [] : value),
      selects('addContactsToLists'),
    ),
  },
];
