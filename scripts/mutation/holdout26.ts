/**
 * A twenty-sixth held-out set of regressions, mostly on what a QA engineer sees by reading a tenant's
 * data and by the plain HTTP behaviour of the endpoint, the way a nightly read-only certification meets
 * a release: contacts and their sub-records, notes, searches, lists and their field values, activities,
 * opportunities, relationship types, settings, the event views, both revisions, both tenants, the eu and
 * au regions, and the transport and authentication; about a third only a write shows. Chosen from the
 * spec and from what vendors ship, without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout26` runs them.
 */
import { createHash } from 'node:crypto';
import { Kind, print, type FieldNode, type IntValueNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { dataOf, rootSelections } from './holdout2.js';
import { onInput, onMutationInput } from './holdout6.js';
import { decorated, perServer, withSelections } from './holdout22.js';
import {
  asks,
  entries,
  fieldIn,
  hiddenUnder,
  isObject,
  type Json,
  read,
  unrecordedWrite,
} from './held-out-kit.js';
import { isEventView, onAnswer, tokenOf, type Mutant } from './mutants.js';
import type { Answer, Handler, Incoming } from './proxy.js';
import { as, isMutation, mapArgument, onData, rewriteFields, withArgument } from './rewrite.js';

/** This set's own hidden keys (`decorated` of holdout22 hides its own under `h22_`). */
const HIDE = 'h26_';
/** The largest page the service gives (its limits refuse a larger one). */
const MAX_PAGE = 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const int = (n: number): IntValueNode => ({ kind: Kind.INT, value: String(n) });

const { withData } = hiddenUnder(HIDE);

/** The models of a page `read` answered (none when it is not a page). */
function modelsOf(page: unknown): Json[] {
  return isObject(page) && Array.isArray(page.models) ? page.models.filter(isObject) : [];
}

/** A root mutation's result under `data`, when it is an object. */
function resultOf(answer: Answer, key: string): Json | undefined {
  const result = dataOf(answer)?.[key];
  return isObject(result) ? result : undefined;
}

/** The skip and limit of a root selection (the defaults when left out), or undefined when unusable. */
function pagingOf(args: Json): { skip: number; limit: number } | undefined {
  const skip = args.skip ?? 0;
  const limit = args.limit ?? 100;
  if (typeof skip !== 'number' || typeof limit !== 'number') return undefined;
  if (!Number.isInteger(skip) || !Number.isInteger(limit)) return undefined;
  if (skip < 0 || limit < 0 || limit > MAX_PAGE) return undefined;
  return { skip, limit };
}

/** A field node with `text` added to the selections of its unaliased `models`. */
function withModelSelections(node: FieldNode, text: string): FieldNode {
  const selections = (node.selectionSet?.selections ?? []).map((s) =>
    s.kind === Kind.FIELD && s.name.value === 'models' && !s.alias ? withSelections(s, text) : s,
  );
  return { ...node, selectionSet: { kind: Kind.SELECTION_SET, selections } };
}

// ---- contact search ---------------------------------------------------------------------------------

/**
 * searchFirmContacts without a sort reads the people's index and then the companies' (each by display
 * name) and pages the two one after the other: every matching person comes before the first company.
 * The page is found from the ids of every match, then read through an ids filter.
 */
const searchPeopleBeforeCompanies: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'searchFirmContacts');
  const root = roots[0];
  if (roots.length !== 1 || !root || isMutation(request) || (root.args.sort ?? null) !== null)
    return forward(request);
  const paging = pagingOf(root.args);
  if (!paging) return forward(request);
  const all = await read(
    request,
    forward,
    `query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: ${String(MAX_PAGE)}) { totalModels models { id contactEntity } } }`,
    { f: root.args.filter ?? null },
  );
  const found = modelsOf(all);
  if (!isObject(all) || all.totalModels !== found.length) return forward(request);
  const order = [
    ...found.filter((c) => c.contactEntity === 'Person'),
    ...found.filter((c) => c.contactEntity !== 'Person'),
  ].map((c) => String(c.id));
  const { skip, limit } = paging;
  const wanted = order.slice(skip, skip + limit);
  const asIs = found.slice(skip, skip + limit).map((c) => String(c.id));
  if (wanted.length === 0 || wanted.join() === asIs.join()) return forward(request);
  const rewritten = rewriteFields(request, (node, field, vars) => {
    if (node.name.value !== 'searchFirmContacts') return undefined;
    const filtered =
      mapArgument(node, field, vars, 'filter', (filter) => [
        ...entries(filter),
        { field: 'ids', values: wanted },
      ]) ?? node;
    const paged = withArgument(withArgument(filtered, 'skip', int(0)), 'limit', int(wanted.length));
    return withModelSelections(paged, `${HIDE}id: id`);
  });
  const answer = await forward(rewritten);
  const page = dataOf(answer)?.[root.key];
  if (!isObject(page)) return withData(answer, dataOf(answer));
  const byId = new Map(modelsOf(page).map((m) => [String(m[`${HIDE}id`]), m]));
  const data = {
    ...dataOf(answer),
    [root.key]: {
      ...page,
      ...(Array.isArray(page.models) ? { models: wanted.flatMap((id) => byId.get(id) ?? []) } : {}),
      ...('totalModels' in page ? { totalModels: all.totalModels } : {}),
      ...('skip' in page ? { skip } : {}),
      ...('limit' in page ? { limit } : {}),
    },
  };
  return withData(answer, data);
};

// ---- contacts and their sub-records -----------------------------------------------------------------

/** A contact's contactTypes answer each type's plural name as its name (the label column of the type). */
const contactTypeNamePlural: Handler = decorated(
  ['ContactFolderContactType'],
  (node) => (asks(node, 'name') ? 'h22_ctid: id' : undefined),
  async (objects, request, forward) => {
    const types = modelsOf(
      await read(
        request,
        forward,
        `{ v: contactTypes(limit: ${String(MAX_PAGE)}) { models { id pluralName } } }`,
      ),
    );
    const plural = new Map(types.map((t) => [t.id, t.pluralName]));
    for (const o of objects)
      if ('name' in o && typeof plural.get(o.h22_ctid) === 'string') o.name = plural.get(o.h22_ctid);
  },
);

/** Addresses, e-mail addresses and phone numbers answer owningContactId as their own id (a column mixed up). */
const owningContactIdOwnId: Handler = decorated(
  ['Address', 'EmailAddress', 'PhoneNumber'],
  (node) => (asks(node, 'owningContactId') ? 'h22_oid: id' : undefined),
  (objects) => {
    for (const o of objects)
      if ('owningContactId' in o && typeof o.h22_oid === 'string') o.owningContactId = o.h22_oid;
  },
);

/** The first sentence of a text (the whole text when it has no sentence end). */
function firstSentence(text: string): string {
  return /^[\s\S]*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
}

/** A contact's notes answer their text cut to the first sentence (the note list's preview column). */
const notesTextPreview: Handler = decorated(
  ['Note'],
  (node) => (asks(node, 'text', 'notes') ? 'h22_nz: __typename' : undefined),
  (objects) => {
    for (const o of objects)
      for (const key of ['text', 'notes'])
        if (typeof o[key] === 'string') o[key] = firstSentence(o[key] as string);
  },
);

/** The eu endpoint answers relationshipScore null for every contact (no scoring service deployed there). */
const euScoresNull: Handler = onData(
  (key, value) => (key === 'relationshipScore' ? null : value),
  (request) => request.region === 'eu',
);

/** The au endpoint answers every contact's notes empty (the note store is not replicated to au). */
const auNotesEmpty: Handler = decorated(
  ['NoteResults'],
  () => 'h22_nr: __typename',
  (objects) => {
    for (const o of objects) {
      if (Array.isArray(o.models)) o.models = [];
      if ('totalModels' in o) o.totalModels = 0;
    }
  },
  (request) => request.region === 'au',
);

/** The 1.2.0 endpoint answers the type of addresses, e-mail addresses and phone numbers in lower case. */
const typesLowerCase120: Handler = decorated(
  ['Address', 'EmailAddress', 'PhoneNumber'],
  (node) => (asks(node, 'type') ? 'h22_tz: __typename' : undefined),
  (objects) => {
    for (const o of objects) if (typeof o.type === 'string') o.type = o.type.toLowerCase();
  },
  (request) => request.version === '1.2.0',
);

/** The contactTypes query of the limited tenant answers the full tenant's types (a cache shared by firms). */
const limitedContactTypesFromFull: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'contactTypes');
  if (tokenOf(request) !== DEV_TOKENS.limited || roots.length === 0 || isMutation(request))
    return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  const full = dataOf(await as(DEV_TOKENS.full, request, forward));
  if (!data || !full) return answer;
  const next = { ...data };
  for (const root of roots) if (root.key in full) next[root.key] = full[root.key];
  return withData(answer, next);
};

// ---- lists ---------------------------------------------------------------------------------------------

/** Additional field definitions answer dataTypeDisplayName as the raw type key (a resource lookup lost). */
const dataTypeDisplayNameRaw: Handler = decorated(
  ['AdditionalFieldDefinition'],
  (node) => (asks(node, 'dataTypeDisplayName') ? 'h22_ft: fieldDataType' : undefined),
  (objects) => {
    for (const o of objects)
      if ('dataTypeDisplayName' in o && typeof o.h22_ft === 'string') o.dataTypeDisplayName = o.h22_ft;
  },
);

/** Date field values of list members answer a date-time at midnight UTC instead of the calendar date. */
const dateFieldValueAsDateTime: Handler = decorated(
  ['AdditionalFieldValue'],
  (node) => (asks(node, 'value', 'valueItems') ? 'h22_dt: dataType' : undefined),
  (objects) => {
    const stamp = (v: unknown): unknown => (typeof v === 'string' && ISO_DATE.test(v) ? `${v}T00:00:00Z` : v);
    for (const o of objects) {
      if (o.h22_dt !== 'date') continue;
      if ('value' in o) o.value = stamp(o.value);
      if (Array.isArray(o.valueItems))
        o.valueItems = o.valueItems.map((item: unknown) =>
          isObject(item) && 'value' in item ? { ...item, value: stamp(item.value) } : item,
        );
    }
  },
);

/** The cached lists of a contact, per mutant server: key → when read and what was answered. */
const listsCaches = perServer(() => new Map<string, { at: number; lists: unknown }>());
const LIST_CACHE = /^h22_lk_[0-9a-f]+$/;

/**
 * A contact's lists are cached for 60 seconds per contact and per selection (a membership cache the
 * list writes do not invalidate).
 */
function contactListsCached(ttlMs = 60_000): Handler {
  return (request, forward) => {
    if (isMutation(request)) return forward(request);
    const cache = listsCaches(forward);
    return decorated(
      ['Person', 'Company', 'Contact'],
      (node) => {
        const lists = fieldIn(node.selectionSet?.selections ?? [], 'lists');
        if (!lists || lists.alias) return undefined;
        const hash = createHash('sha1').update(print(lists)).digest('hex').slice(0, 12);
        return `h22_lk_${hash}: id`;
      },
      (objects) => {
        const now = Date.now();
        for (const o of objects) {
          const key = Object.keys(o).find((k) => LIST_CACHE.test(k));
          if (!key || !('lists' in o)) continue;
          const entry = `${tokenOf(request)} ${request.region} ${request.version} ${key} ${String(o[key])}`;
          const hit = cache.get(entry);
          if (hit && now - hit.at < ttlMs) o.lists = structuredClone(hit.lists);
          else cache.set(entry, { at: now, lists: structuredClone(o.lists) });
        }
      },
    )(request, forward);
  };
}

/** removeContactsFromList counts the given contacts that are not in the list as removed (ids, not rows). */
const contactsEffectedCountsGiven: Handler = decorated(
  ['MutateListContactsResults'],
  (node) => (asks(node, 'contactsEffected') ? 'h22_pe: pendingContactsEffected' : undefined),
  (objects, request) => {
    const root = rootSelections(request).find((r) => r.name === 'removeContactsFromList');
    const given =
      root && Array.isArray(root.args.contactIds) ? new Set(root.args.contactIds).size : undefined;
    if (given === undefined) return;
    for (const o of objects)
      if ('contactsEffected' in o && typeof o.h22_pe === 'number') o.contactsEffected = given - o.h22_pe;
  },
);

// ---- activities and opportunities ----------------------------------------------------------------------

/** The fullName of a person linked to an activity answers the person's displayName (the wrong column). */
const activityPersonFullNameIsDisplayName: Handler = decorated(
  ['ActivityContact', 'ActivityPerson'],
  (node) => (asks(node, 'fullName') ? '... on ActivityPerson { h22_pid: id }' : undefined),
  async (objects, request, forward) => {
    const ids = [
      ...new Set(objects.map((o) => o.h22_pid).filter((id): id is string => typeof id === 'string')),
    ];
    if (ids.length === 0) return;
    const people = await read(
      request,
      forward,
      'query($ids: [ID!]!) { v: people(ids: $ids) { id displayName } }',
      {
        ids,
      },
    );
    const names = new Map(
      (Array.isArray(people) ? people.filter(isObject) : []).map((p) => [p.id, p.displayName]),
    );
    for (const o of objects)
      if ('fullName' in o && typeof names.get(o.h22_pid) === 'string') o.fullName = names.get(o.h22_pid);
  },
);

/** updateActivity given linkedEntityIds adds them to the activity's links instead of replacing them. */
const activityLinksMerged: Handler = async (request, forward) => {
  const root = rootSelections(request).find((r) => r.name === 'updateActivity');
  const input = root && isObject(root.args.input) ? root.args.input : undefined;
  if (!input || !Array.isArray(input.linkedEntityIds) || !isMutation(request)) return forward(request);
  const id = input.activityId ?? input.id;
  if (typeof id !== 'string') return forward(request);
  const current = await read(
    request,
    forward,
    'query($id: ID!) { v: activity(id: $id) { linkedActivityContacts { id } } }',
    { id },
  );
  const links =
    isObject(current) && Array.isArray(current.linkedActivityContacts)
      ? current.linkedActivityContacts.filter(isObject).map((c) => c.id)
      : [];
  const merged = [...new Set([...links, ...(input.linkedEntityIds as unknown[])])];
  return forward(
    rewriteFields(request, (node, field, vars) =>
      node.name.value === 'updateActivity'
        ? mapArgument(
            node,
            field,
            vars,
            'input',
            onInput((i) => ({ ...i, linkedEntityIds: merged })),
          )
        : undefined,
    ),
  );
};

/** An opportunity's tags come in alphabetical order (read from a sorted set) instead of as written. */
const opportunityTagsSorted: Handler = decorated(
  ['Opportunity'],
  (node) => (asks(node, 'tags') ? 'h22_oz: __typename' : undefined),
  (objects) => {
    for (const o of objects)
      if (Array.isArray(o.tags))
        o.tags = [...(o.tags as unknown[])].sort((a, b) =>
          String(a).localeCompare(String(b), 'en', { sensitivity: 'base' }),
        );
  },
);

/** Stage instances answer stageOrder zero-based (a list index instead of the template's order). */
const stageOrderZeroBased: Handler = onData((key, value) =>
  key === 'stageOrder' && typeof value === 'number' ? value - 1 : value,
);

const PATCHES = new Set([
  'patchOpportunityType',
  'patchOpportunityOriginationSource',
  'patchOpportunityOutcomeReason',
  'patchObjectiveType',
]);

/** The lookup patches add new items inactive when isActive is left out (the column's default is false). */
const patchedItemsInactive: Handler = onMutationInput(PATCHES, (input) =>
  Array.isArray(input.items)
    ? {
        ...input,
        items: input.items.map((item: unknown) =>
          isObject(item) && (item.id ?? null) === null && (item.isActive ?? null) === null
            ? { ...item, isActive: false }
            : item,
        ),
      }
    : input,
);

// ---- matters -----------------------------------------------------------------------------------------

/** addMatter accepts a number another matter has (the uniqueness check gone): stored as a second matter. */
const matterNumberDuplicateAccepted: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots[0];
  if (roots.length !== 1 || !root || root.name !== 'addMatter' || !isMutation(request))
    return forward(request);
  const checked = (r: Incoming) =>
    rewriteFields(r, (node) =>
      node.name.value === 'addMatter'
        ? withSelections(node, `${HIDE}ve: validationErrors { propertyName message }`)
        : undefined,
    );
  const answer = await forward(checked(request));
  const errors = resultOf(answer, root.key)?.[`${HIDE}ve`];
  const refusals = Array.isArray(errors) ? errors.filter(isObject) : [];
  const duplicate =
    refusals.length > 0 &&
    refusals.every((e) => e.propertyName === 'number' && /already exists/i.test(String(e.message)));
  if (!duplicate) return withData(answer, dataOf(answer));
  // The same number, told apart from the first by an invisible character, as a store without the check keeps it.
  const again = rewriteFields(request, (node, field, vars) =>
    node.name.value === 'addMatter'
      ? mapArgument(
          node,
          field,
          vars,
          'input',
          onInput((i) => ({ ...i, number: `${String(i.number)}\u200b` })),
        )
      : undefined,
  );
  const stored = await forward(checked(again));
  return withData(stored, dataOf(stored));
};

/** addMatterFinancial given a period whose end is before its start swaps the two instead of refusing. */
const financialPeriodSwapped: Handler = onMutationInput(new Set(['addMatterFinancial']), (input) =>
  typeof input.periodStart === 'string' &&
  typeof input.periodEnd === 'string' &&
  input.periodEnd < input.periodStart
    ? { ...input, periodStart: input.periodEnd, periodEnd: input.periodStart }
    : input,
);

// ---- locations and contact events ------------------------------------------------------------------

/** The phones addPublicLocation added, per mutant server: their addressId reads null. */
const unlinkedPhones = perServer(() => new Set<string>());

/** addPublicLocation stores its phoneNumber without linking it to the new address (addressId null). */
const locationPhoneUnlinked: Handler = async (request, forward) => {
  const unlinked = unlinkedPhones(forward);
  const phones = decorated(
    ['PhoneNumber'],
    (node) => (asks(node, 'addressId') ? 'h22_phid: id' : undefined),
    (objects) => {
      for (const o of objects) if ('addressId' in o && unlinked.has(String(o.h22_phid))) o.addressId = null;
    },
  );
  const root = rootSelections(request).find((r) => r.name === 'addPublicLocation');
  const input = root && isObject(root.args.input) ? root.args.input : undefined;
  if (
    !isMutation(request) ||
    !input ||
    typeof input.contactId !== 'string' ||
    typeof input.phoneNumber !== 'string' ||
    input.phoneNumber.trim() === ''
  )
    return phones(request, forward);
  const phoneIds = async (): Promise<string[]> => {
    const contact = await read(
      request,
      forward,
      'query($id: ID!) { v: contact(id: $id) { phoneNumbers { id } } }',
      {
        id: input.contactId,
      },
    );
    return isObject(contact) && Array.isArray(contact.phoneNumbers)
      ? contact.phoneNumbers.filter(isObject).map((p) => String(p.id))
      : [];
  };
  const before = new Set(await phoneIds());
  return phones(request, async (r) => {
    const answer = await forward(r);
    for (const id of await phoneIds()) if (!before.has(id)) unlinked.add(id);
    return answer;
  });
};

/** updateContactAdditionalFields records no ContactUpdated event (its table has no audit trigger). */
const additionalFieldsUpdateUnrecorded: Handler = unrecordedWrite(
  {
    view: 'firmContactEventViews',
    eventType: 'ContactUpdated',
    idFilter: 'contactIds',
    idField: 'contactId',
  },
  (request) => {
    const root = rootSelections(request).find((r) => r.name === 'updateContactAdditionalFields');
    const personId = root && isObject(root.args.input) ? root.args.input.personId : undefined;
    return isMutation(request) && typeof personId === 'string' ? personId : undefined;
  },
);

// ---- relationships and their types -----------------------------------------------------------------

/** Relationship types answer their correlationRangeItems strongest first instead of in displayOrder. */
const rangeItemsStrongestFirst: Handler = onData((key, value) =>
  key === 'correlationRangeItems' && Array.isArray(value) ? [...value].reverse() : value,
);

/** editRelationship ignores isPrivate: the relationship stays public (and its events are reported). */
const editPrivacyIgnored: Handler = onMutationInput(new Set(['editRelationship']), (input) => {
  if (!('isPrivate' in input)) return input;
  const { isPrivate: _ignored, ...rest } = input;
  return rest;
});

// ---- event views -----------------------------------------------------------------------------------

/** Positions of a window of events in the order the regression gives: each run of one date reversed. */
function tiesReversed(dates: readonly unknown[]): number[] {
  const order: number[] = [];
  let start = 0;
  while (start < dates.length) {
    let end = start;
    while (end + 1 < dates.length && dates[end + 1] === dates[start]) end += 1;
    for (let i = end; i >= start; i -= 1) order.push(i);
    start = end + 1;
  }
  return order;
}

/** How far around a page the events are read, so a run of one date cut by the page is whole. */
const TIE_MARGIN = 100;

/**
 * The event views order the events of one date (one write's events) by their recording sequence
 * descending (`ORDER BY eventDate, id DESC`): each run of one eventDate comes in reverse. The events around
 * the page are read (their dates only) to place the page, then the page is read at the positions found.
 */
const eventTiesReversed: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots[0];
  if (roots.length !== 1 || !root || !isEventView(root.name) || isMutation(request)) return forward(request);
  const sorts = entries(root.args.sort);
  if (
    (root.args.sort ?? null) !== null &&
    (sorts.length === 0 || sorts.some((s) => s.field !== 'eventDate' || s.direction === 'Descending'))
  )
    return forward(request);
  const paging = pagingOf(root.args);
  if (!paging) return forward(request);
  const { skip, limit } = paging;
  const from = Math.max(0, skip - TIE_MARGIN);
  const size = Math.min(MAX_PAGE, skip + limit + TIE_MARGIN - from);
  if (skip + limit > from + size) return forward(request);
  const type = root.name.charAt(0).toUpperCase() + root.name.slice(1, -1);
  const window = await read(
    request,
    forward,
    `query($f: ${type}FilterInput, $s: Int, $l: Int) { v: ${root.name}(filter: $f, skip: $s, limit: $l) { models { eventDate } } }`,
    { f: root.args.filter ?? null, s: from, l: size },
  );
  const dates = modelsOf(window).map((e) => e.eventDate);
  const order = tiesReversed(dates);
  const positions: number[] = [];
  for (let i = skip; i < Math.min(skip + limit, from + dates.length); i += 1)
    positions.push(from + order[i - from]!);
  if (positions.every((p, i) => p === skip + i)) return forward(request);
  const first = Math.min(...positions);
  const last = Math.max(...positions);
  const rewritten = rewriteFields(request, (node, field, vars) => {
    if (node.name.value !== root.name) return undefined;
    const skipped = mapArgument(node, field, vars, 'skip', () => first) ?? node;
    return mapArgument(skipped, field, vars, 'limit', () => last - first + 1) ?? skipped;
  });
  const answer = await forward(rewritten);
  const page = dataOf(answer)?.[root.key];
  if (!isObject(page) || !Array.isArray(page.models)) return answer;
  const got = page.models as unknown[];
  const data = {
    ...dataOf(answer),
    [root.key]: { ...page, models: positions.map((p) => got[p - first] ?? null) },
  };
  return withData(answer, data);
};

// ---- settings --------------------------------------------------------------------------------------

/** regionalSettings answers the locale code in the underscore form of Java ("en_US") instead of BCP 47. */
const localeCodeUnderscore: Handler = decorated(
  ['RegionalSettings'],
  (node) => (asks(node, 'locale') ? 'h22_rz: __typename' : undefined),
  (objects) => {
    for (const o of objects) {
      const locale = o.locale;
      if (isObject(locale) && typeof locale.code === 'string') locale.code = locale.code.replace('-', '_');
    }
  },
);

// ---- HTTP and authentication -------------------------------------------------------------------------

/**
 * Request bodies are decoded as ISO-8859-1 (a servlet container's default without a charset parameter):
 * every non-ASCII character the client sends reaches the service as the Latin-1 reading of its UTF-8 bytes.
 */
const requestReadAsLatin1: Handler = (request, forward) => {
  const bytes = Buffer.from(request.raw, 'utf8');
  if (request.method !== 'POST' || bytes.length === request.raw.length) return forward(request);
  const mangled = bytes.toString('latin1');
  let body: unknown;
  try {
    body = JSON.parse(mangled);
  } catch {
    return forward(request);
  }
  return isObject(body)
    ? forward({ ...request, body: body as Incoming['body'], raw: mangled })
    : forward(request);
};

/** A request error under application/graphql-response+json is answered 422 instead of 400. */
const requestError422: Handler = onAnswer((answer) =>
  answer.status === 400 && /graphql-response\+json/i.test(answer.headers['content-type'] ?? '')
    ? { ...answer, status: 422 }
    : answer,
);

/** The transport's refusals (405, 406, 415) come with an empty body, as the GraphQL-over-HTTP library leaves them. */
const refusalsWithoutBody: Handler = onAnswer((answer) => {
  if (![405, 406, 415].includes(answer.status)) return answer;
  const { 'content-type': _type, ...headers } = answer.headers;
  return { status: answer.status, headers, json: undefined, text: '' };
});

/** An Authorization header holding a tenant's token without a scheme is accepted as that tenant's. */
const bareTokenAccepted: Handler = (request, forward) => {
  const header = (request.headers.authorization ?? '').trim();
  return header === DEV_TOKENS.full || header === DEV_TOKENS.limited
    ? as(header, request, forward)
    : forward(request);
};

export const HOLDOUT26: readonly Mutant[] = [
  {
    id: 'holdout26.sort.search-people-before-companies',
    class: 'sort',
    description:
      'searchFirmContacts without a sort answers every matching person before the first company (two indexes paged one after the other), instead of one displayName order',
    names: /searchFirmContacts|displayName|order|sort|Company|Person/i,
    handle: searchPeopleBeforeCompanies,
  },
  {
    id: 'holdout26.http.request-body-read-as-latin1',
    class: 'http',
    description:
      'request bodies are decoded as ISO-8859-1 instead of UTF-8: non-ASCII text a client sends ("Müller") reaches the service as "MÃ¼ller" (in searches, their searchTerms echo and writes)',
    names: /UTF-?8|encod|charset|latin|searchTerms|term|non-ASCII/i,
    handle: requestReadAsLatin1,
  },
  {
    id: 'holdout26.nullability.contact-type-name-plural',
    class: 'nullability',
    description:
      'a contact\'s contactTypes answer each type\'s plural name as its name ("Clients", not "Client")',
    names: /contactTypes|pluralName|name/i,
    handle: contactTypeNamePlural,
  },
  {
    id: 'holdout26.nullability.owning-contact-id-own-id',
    class: 'nullability',
    description:
      "a contact's addresses, e-mail addresses and phone numbers answer owningContactId as their own id instead of the contact's",
    names: /owningContactId|addresses|emailAddresses|phoneNumbers|owner/i,
    handle: owningContactIdOwnId,
  },
  {
    id: 'holdout26.nullability.note-text-first-sentence',
    class: 'nullability',
    description:
      "a contact's notes answer text (and notes) cut to the first sentence, as the note list's preview column holds it",
    names: /allNotes|\bnotes?\b|text|preview/i,
    handle: notesTextPreview,
  },
  {
    id: 'holdout26.region.eu-relationship-score-null',
    class: 'region',
    description:
      'the eu endpoint answers relationshipScore null for every contact (the scoring service is not deployed in eu)',
    names: /relationshipScore|score|strength|\beu\b|region/i,
    handle: euScoresNull,
  },
  {
    id: 'holdout26.region.au-notes-empty',
    class: 'region',
    description:
      "the au endpoint answers every contact's notes empty (allNotes with totalModels 0): the note store is not replicated to au",
    names: /allNotes|\bnotes?\b|\bau\b|region|totalModels/i,
    handle: auNotesEmpty,
  },
  {
    id: 'holdout26.sort.range-items-strongest-first',
    class: 'sort',
    description:
      'relationship types answer their correlationRangeItems strongest first instead of in displayOrder',
    names: /correlationRangeItems|displayOrder|strengthDescription|relationshipTypes|order/i,
    handle: rangeItemsStrongestFirst,
  },
  {
    id: 'holdout26.enums.data-type-display-name-raw-key',
    class: 'enums',
    description:
      'additional field definitions answer dataTypeDisplayName as the raw type key ("integer", "list") instead of its display name ("Whole Number", "Pick List")',
    names: /dataTypeDisplayName|additionalFieldDefinitions|fieldDataType|display/i,
    handle: dataTypeDisplayNameRaw,
  },
  {
    id: 'holdout26.dates.date-field-value-as-date-time',
    class: 'dates',
    description:
      'list members\' date field values (additionalFieldValues of type date, and their valueItems) answer a date-time ("2025-09-12T00:00:00Z") instead of the YYYY-MM-DD date their format names',
    names: /additionalFieldValues|valueItems|value|date|format/i,
    handle: dateFieldValueAsDateTime,
  },
  {
    id: 'holdout26.nullability.activity-person-full-name-is-display-name',
    class: 'nullability',
    description:
      "the fullName of a person linked to an activity (linkedActivityContacts) answers the person's displayName, without title, middle name or suffix",
    names: /fullName|linkedActivityContacts|ActivityPerson|displayName/i,
    handle: activityPersonFullNameIsDisplayName,
  },
  {
    id: 'holdout26.sort.opportunity-tags-alphabetical',
    class: 'sort',
    description: "an opportunity's tags come in alphabetical order instead of the order they were written in",
    names: /\btags?\b|opportunit|order/i,
    handle: opportunityTagsSorted,
  },
  {
    id: 'holdout26.nullability.stage-order-zero-based',
    class: 'nullability',
    description:
      'opportunity stage instances (stageInstances, currentStage) answer stageOrder zero-based: the first stage reads 0',
    names: /stageOrder|stageInstances|currentStage|stage/i,
    handle: stageOrderZeroBased,
  },
  {
    id: 'holdout26.versions.1.2.0-contact-detail-types-lower-case',
    class: 'versions',
    description:
      'the 1.2.0 endpoint answers the type of addresses, e-mail addresses and phone numbers in lower case ("business", "mobile")',
    names: /\btype\b|1\.2\.0|addresses|emailAddresses|phoneNumbers|Business/i,
    handle: typesLowerCase120,
  },
  {
    id: 'holdout26.enums.locale-code-underscore',
    class: 'enums',
    description:
      'regionalSettings answers the locale code with an underscore ("en_US") instead of the BCP 47 tag ("en-US")',
    names: /locale|regionalSettings|en[-_][A-Z]{2}|BCP/i,
    handle: localeCodeUnderscore,
  },
  {
    id: 'holdout26.tenancy.limited-contact-types-from-full',
    class: 'tenancy',
    description:
      "the limited tenant's contactTypes query answers the full tenant's contact types (a contact type cache shared by the firms)",
    names: /contactTypes|limited|tenant|isolation/i,
    handle: limitedContactTypesFromFull,
  },
  {
    id: 'holdout26.events.one-write-events-reversed',
    class: 'events',
    description:
      'the event views answer the events of one write (one eventDate) in the reverse of the order they were recorded in',
    names: /eventDate|eventType|order|event|recorded/i,
    handle: eventTiesReversed,
  },
  {
    id: 'holdout26.http.request-error-422',
    class: 'http',
    description:
      'a request error (a document that fails to parse or validate) under application/graphql-response+json is answered HTTP 422 instead of 400',
    names: /422|400|status|request error|graphql-response|GRAPHQL_PARSE_FAILED|GRAPHQL_VALIDATION_FAILED/i,
    handle: requestError422,
  },
  {
    id: 'holdout26.http.transport-refusals-without-body',
    class: 'http',
    description:
      'the refusals of the transport (405, 406, 415) come with an empty body instead of the JSON error envelope',
    names: /405|406|415|envelope|body|METHOD_NOT_ALLOWED|NOT_ACCEPTABLE|UNSUPPORTED_MEDIA_TYPE|media/i,
    handle: refusalsWithoutBody,
  },
  {
    id: 'holdout26.auth.token-without-scheme-accepted',
    class: 'auth',
    description:
      "an Authorization header holding a tenant's token without the Bearer scheme is accepted as that tenant's instead of refused 401",
    names: /401|auth|Bearer|scheme|token|UNAUTHENTICATED/i,
    handle: bareTokenAccepted,
  },
  {
    id: 'holdout26.persistence.activity-links-merged',
    class: 'persistence',
    description:
      "updateActivity given linkedEntityIds adds them to the activity's links instead of replacing the links",
    names: /linkedEntityIds|linkedActivityContacts|updateActivity|\blinks?\b/i,
    handle: activityLinksMerged,
  },
  {
    id: 'holdout26.events.edit-relationship-privacy-ignored',
    class: 'events',
    description:
      'editRelationship ignores isPrivate: a relationship made private stays public, and the events of that edit are reported',
    names: /isPrivate|private|editRelationship|relationshipEventViews|PrivacyChanged|StrengthChanged/i,
    handle: editPrivacyIgnored,
  },
  {
    id: 'holdout26.persistence.patched-items-inactive-by-default',
    class: 'persistence',
    description:
      'patchOpportunityType, patchOpportunityOriginationSource, patchOpportunityOutcomeReason and patchObjectiveType add new items inactive when isActive is left out',
    names: /isActive|patch|addItems|active/i,
    handle: patchedItemsInactive,
  },
  {
    id: 'holdout26.validation.matter-number-duplicate-accepted',
    class: 'validation',
    description:
      'addMatter accepts a matter number another matter already has (the uniqueness check is gone)',
    names: /addMatter|number|matter|duplicate|validationErrors/i,
    handle: matterNumberDuplicateAccepted,
  },
  {
    id: 'holdout26.validation.financial-period-swapped',
    class: 'validation',
    description:
      'addMatterFinancial given a periodEnd before its periodStart swaps the two and stores the financial instead of refusing it',
    names: /addMatterFinancial|periodEnd|periodStart|period|validation/i,
    handle: financialPeriodSwapped,
  },
  {
    id: 'holdout26.persistence.location-phone-unlinked',
    class: 'persistence',
    description:
      "addPublicLocation stores its phoneNumber without linking it to the new address (the phone's addressId reads null)",
    names: /addressId|phoneNumbers?|addPublicLocation|location/i,
    handle: locationPhoneUnlinked,
  },
  {
    id: 'holdout26.events.additional-fields-update-unrecorded',
    class: 'events',
    description:
      "updateContactAdditionalFields changes a person's language or gender without recording a ContactUpdated event",
    names: /ContactUpdated|updateContactAdditionalFields|firmContactEventViews|event/i,
    handle: additionalFieldsUpdateUnrecorded,
  },
  {
    id: 'holdout26.errors.contacts-effected-counts-non-members',
    class: 'errors',
    description:
      'removeContactsFromList counts the given contacts that are not in the list as removed in contactsEffected',
    names: /contactsEffected|removeContactsFromList|count/i,
    handle: contactsEffectedCountsGiven,
  },
  {
    id: 'holdout26.caching.contact-lists-cached',
    class: 'caching',
    description:
      "a contact's lists are cached for 60 seconds per contact: a list the contact was just added to or removed from is not shown",
    names: /\blists\b|cache|stale|addContactsToLists|removeContact|member/i,
    handle: contactListsCached(),
  },
];
