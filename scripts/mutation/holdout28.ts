/**
 * A twenty-eighth held-out set of regressions, on the parts of the API a partner's integration uses every
 * day: contact searches and their paging, contacts and their details, notes, activities, lists and their
 * members' field values, and the event views a poller reads, in both revisions and in the us, eu and au
 * regions; about a third only a write shows. Chosen from the spec and from what vendors ship, without
 * looking at the scenarios or checks. `npm run mutation-score -- --set holdout28` runs them.
 */
import { Kind, parse, type FieldNode, type IntValueNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { validationFailure } from './holdout.js';
import { dataOf, rootSelections, type RootSelection } from './holdout2.js';
import { onInput, onMutationInput } from './holdout6.js';
import { argumentIgnored } from './holdout8.js';
import { decorated, perServer, withSelections } from './holdout22.js';
import { asks, entries, hiddenUnder, isObject, type Json, read, unrecordedWrite } from './held-out-kit.js';
import { isEventView, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  mapJson,
  onData,
  onFields,
  rewriteFields,
  withArgument,
} from './rewrite.js';

/** This set's own hidden keys (`decorated` of holdout22 hides its own under `h22_`). */
const HIDE = 'h28_';
/** The largest page the service gives (its limits refuse a larger one). */
const MAX_PAGE = 1000;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const ACTIVITY_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const { withData } = hiddenUnder(HIDE);

const int = (n: number): IntValueNode => ({ kind: Kind.INT, value: String(n) });

/** The models of a page `read` answered (none when it is not a page). */
function modelsOf(page: unknown): Json[] {
  return isObject(page) && Array.isArray(page.models) ? page.models.filter(isObject) : [];
}

/** The single root field of a query named `name`, when the request is a query selecting only it. */
function onlyQueryRoot(request: Incoming, name: string): RootSelection | undefined {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name && !isMutation(request) ? roots[0] : undefined;
}

/** The single root field of a mutation named in `names`, when the request is one selecting only it. */
function onlyMutationRoot(request: Incoming, names: ReadonlySet<string>): RootSelection | undefined {
  const roots = rootSelections(request);
  return roots.length === 1 && names.has(roots[0]!.name) && isMutation(request) ? roots[0] : undefined;
}

/** The `input` argument of a root selection, as an object. */
function inputOf(root: RootSelection | undefined): Json | undefined {
  const input = root?.args.input;
  return isObject(input) ? input : undefined;
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

/** Whether `needle` is in `haystack`, ignoring letter case (how the service compares text filters). */
const contains = (haystack: unknown, needle: string): boolean =>
  typeof haystack === 'string' && haystack.toLowerCase().includes(needle.toLowerCase());

// ---- contact search ---------------------------------------------------------------------------------

/** Every match of a searchFirmContacts root as the correct service finds it (`fields` beside each id). */
async function allMatches(
  request: Incoming,
  forward: Forward,
  root: RootSelection,
  fields: string,
  filter: unknown = root.args.filter ?? null,
): Promise<Json[] | undefined> {
  const all = await read(
    request,
    forward,
    `query($f: [ContactFilterInput], $s: SortInput) { v: searchFirmContacts(filter: $f, sort: $s, limit: ${String(MAX_PAGE)}) { totalModels models { id ${fields} } } }`,
    { f: filter, s: root.args.sort ?? null },
  );
  const found = modelsOf(all);
  return isObject(all) && all.totalModels === found.length ? found : undefined;
}

/**
 * searchFirmContacts answering the page `wanted` (ids, in order) out of `total` matches: the page is read
 * through an ids filter beside the request's own filters, its items put in the order of `wanted`.
 */
async function searchPage(
  request: Incoming,
  forward: Forward,
  root: RootSelection,
  wanted: readonly string[],
  total: number,
  paging: { skip: number; limit: number },
): Promise<Answer> {
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
      ...('totalModels' in page ? { totalModels: total } : {}),
      ...('skip' in page ? { skip: paging.skip } : {}),
      ...('limit' in page ? { limit: paging.limit } : {}),
    },
  };
  return withData(answer, data);
}

/**
 * searchFirmContacts that answers only those of the correct matches `keep` admits (read with `fields`),
 * in the order asked, when `applies` to the root's arguments.
 */
function searchNarrowed(
  applies: (args: Json) => boolean,
  fields: string,
  keep: (contact: Json, args: Json) => boolean,
): Handler {
  return async (request, forward) => {
    const root = onlyQueryRoot(request, 'searchFirmContacts');
    const paging = root && applies(root.args) ? pagingOf(root.args) : undefined;
    if (!root || !paging) return forward(request);
    const found = await allMatches(request, forward, root, fields);
    if (!found) return forward(request);
    const kept = found.filter((c) => keep(c, root.args));
    if (kept.length === found.length) return forward(request);
    const wanted = kept.slice(paging.skip, paging.skip + paging.limit).map((c) => String(c.id));
    return searchPage(request, forward, root, wanted, kept.length, paging);
  };
}

/** The values of the search filter entries of option `field`. */
function filterValues(args: Json, field: string): Json[] {
  return entries(args.filter).filter((f) => f.field === field);
}

/** The lastName filter of searchFirmContacts matches only the last names that start with the text. */
const lastNamePrefixOnly: Handler = searchNarrowed(
  (args) => filterValues(args, 'lastName').some((f) => typeof f.value === 'string' && f.value !== ''),
  '... on Person { lastName }',
  (c, args) =>
    filterValues(args, 'lastName').every(
      (f) =>
        typeof f.value !== 'string' ||
        (typeof c.lastName === 'string' && c.lastName.toLowerCase().startsWith(f.value.toLowerCase())),
    ),
);

/** The contactTypeIds filter of searchFirmContacts matches a contact on its first contact type only. */
const contactTypesFirstOnly: Handler = searchNarrowed(
  (args) => filterValues(args, 'contactTypeIds').some((f) => Array.isArray(f.values)),
  'contactTypes { id }',
  (c, args) => {
    const first = Array.isArray(c.contactTypes) ? c.contactTypes.filter(isObject)[0]?.id : undefined;
    return filterValues(args, 'contactTypeIds').every(
      (f) => !Array.isArray(f.values) || f.values.includes(first),
    );
  },
);

/** searchFirmContacts with an ids filter and no sort answers the contacts in the order of the ids given. */
const searchIdsInGivenOrder: Handler = async (request, forward) => {
  const root = onlyQueryRoot(request, 'searchFirmContacts');
  const ids = root ? filterValues(root.args, 'ids').find((f) => Array.isArray(f.values)) : undefined;
  const paging = root && (root.args.sort ?? null) === null ? pagingOf(root.args) : undefined;
  if (!root || !ids || !paging) return forward(request);
  const found = await allMatches(request, forward, root, '');
  if (!found) return forward(request);
  const matched = new Set(found.map((c) => String(c.id)));
  const order = [...new Set((ids.values as unknown[]).map(String))].filter((id) => matched.has(id));
  const asIs = found.map((c) => String(c.id));
  if (order.join() === asIs.join()) return forward(request);
  const wanted = order.slice(paging.skip, paging.skip + paging.limit);
  return searchPage(request, forward, root, wanted, found.length, paging);
};

/** The eu endpoint's searchFirmContacts counts the us matches too in totalModels (a global count query). */
const euSearchTotalCountsUs: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'searchFirmContacts');
  if (request.region !== 'eu' || roots.length === 0 || isMutation(request)) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of roots) {
    const page = data[root.key];
    if (!isObject(page) || typeof page.totalModels !== 'number') continue;
    const us = await read(
      { ...request, region: 'us' },
      forward,
      'query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: 0) { totalModels } }',
      { f: root.args.filter ?? null },
    );
    if (isObject(us) && typeof us.totalModels === 'number')
      next[root.key] = { ...page, totalModels: page.totalModels + us.totalModels };
  }
  return { ...answer, json: { ...(answer.json as object), data: next } };
};

/** The old names of people renamed through the API, per mutant server: the search index still holds them. */
const staleNames = perServer(() => new Map<string, Json>());
const NAME_FILTERS = new Set(['term', 'firstName', 'lastName']);

/** Whether a person's indexed names (`names`) match a name filter of searchFirmContacts. */
function namesMatch(names: Json, filter: Json): boolean {
  const value = typeof filter.value === 'string' ? filter.value : '';
  if (filter.field === 'firstName') return contains(names.firstName, value);
  if (filter.field === 'lastName') return contains(names.lastName, value);
  return (
    contains(names.displayName, value) || contains(names.firstName, value) || contains(names.lastName, value)
  );
}

/**
 * The name index of searchFirmContacts is not refreshed when updatePublicPerson renames a person: the
 * person is found by the old names and not by the new ones (every other filter still applies).
 */
const searchIndexStaleAfterRename: Handler = async (request, forward) => {
  const stale = staleNames(forward);
  const update = onlyMutationRoot(request, new Set(['updatePublicPerson']));
  const input = inputOf(update);
  if (update && input && typeof input.id === 'string') {
    if (!('firstName' in input) && !('lastName' in input)) return forward(request);
    const query = 'query($id: ID!) { v: person(id: $id) { firstName lastName displayName } }';
    const before = await read(request, forward, query, { id: input.id });
    const answer = await forward(request);
    const after = await read(request, forward, query, { id: input.id });
    if (isObject(before) && isObject(after) && JSON.stringify(before) !== JSON.stringify(after))
      if (!stale.has(input.id)) stale.set(input.id, before);
    return answer;
  }
  const root = onlyQueryRoot(request, 'searchFirmContacts');
  const paging = root ? pagingOf(root.args) : undefined;
  if (!root || !paging || stale.size === 0) return forward(request);
  const filters = entries(root.args.filter).filter(
    (f) => typeof f.field === 'string' && (f.value ?? f.values ?? null) !== null,
  );
  const byName = filters.filter((f) => NAME_FILTERS.has(String(f.field)) && typeof f.value === 'string');
  if (byName.length === 0) return forward(request);
  const found = await allMatches(request, forward, root, '');
  if (!found) return forward(request);
  const ids = new Set(found.map((c) => String(c.id)));
  const others = filters.filter((f) => !byName.includes(f));
  for (const [id, names] of stale) {
    ids.delete(id);
    if (!byName.every((f) => namesMatch(names, f))) continue;
    const rest = await read(
      request,
      forward,
      'query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: 0) { totalModels } }',
      { f: [...others, { field: 'ids', values: [id] }] },
    );
    if (isObject(rest) && rest.totalModels === 1) ids.add(id);
  }
  const same = ids.size === found.length && found.every((c) => ids.has(String(c.id)));
  if (same) return forward(request);
  const ordered = await allMatches(request, forward, root, '', [{ field: 'ids', values: [...ids] }]);
  if (!ordered) return forward(request);
  const wanted = ordered.slice(paging.skip, paging.skip + paging.limit).map((c) => String(c.id));
  // The page is read by its ids alone; the rest of the answer (searchTerms, resultsFrom) as asked.
  const answer = await forward(request);
  const paged = await forward(
    rewriteFields(request, (node, field, vars) => {
      if (node.name.value !== 'searchFirmContacts') return undefined;
      const byIds =
        mapArgument(node, field, vars, 'filter', () => [{ field: 'ids', values: wanted }]) ?? node;
      return withArgument(withArgument(byIds, 'skip', int(0)), 'limit', int(wanted.length));
    }),
  );
  const page = dataOf(paged)?.[root.key];
  const original = dataOf(answer)?.[root.key];
  if (!isObject(page) || !isObject(original)) return answer;
  const data = {
    ...dataOf(answer),
    [root.key]: {
      ...original,
      ...('models' in original ? { models: page.models } : {}),
      ...('totalModels' in original ? { totalModels: ids.size } : {}),
    },
  };
  return { ...answer, json: { ...(answer.json as object), data } };
};

// ---- contacts and their details ---------------------------------------------------------------------

/** Every address answers isMailingAddress false (the flag column dropped from the address view). */
const mailingFlagFalse: Handler = onData((key, value) =>
  key === 'isMailingAddress' && value === true ? false : value,
);

/** Every person answers isEmployee false (the flag no longer derived from the firm's own company). */
const employeeFlagFalse: Handler = onData((key, value) =>
  key === 'isEmployee' && value === true ? false : value,
);

/** A contact's Home addresses answer the type Personal (the e-mail address types used for addresses). */
const homeAddressTypePersonal: Handler = decorated(
  ['Address'],
  (node) => (asks(node, 'type') ? 'h22_hz: __typename' : undefined),
  (objects) => {
    for (const o of objects) if (o.type === 'Home') o.type = 'Personal';
  },
);

/** A contact's additionalFieldValues ignore their listId argument: the values of every list come back. */
const fieldValuesListIdIgnored: Handler = argumentIgnored('additionalFieldValues', 'listId');

// ---- notes ------------------------------------------------------------------------------------------

/** A contact's notes (allNotes) ignore skip and limit: every page holds all of the contact's notes. */
const notePagingIgnored: Handler = onFields((node, field, vars) => {
  if (node.name.value !== 'allNotes') return undefined;
  const unlimited = mapArgument(node, field, vars, 'limit', () => undefined) ?? node;
  return mapArgument(unlimited, field, vars, 'skip', () => undefined) ?? unlimited;
});

/** A note's `notes` (the public client's text field) answers null although `text` holds the note. */
const noteClientTextNull: Handler = decorated(
  ['Note'],
  (node) => (asks(node, 'notes') ? 'h22_nt: __typename' : undefined),
  (objects) => {
    for (const o of objects) if ('notes' in o) o.notes = null;
  },
);

/** The eu endpoint answers every note's creatorName null (the user directory is read from us). */
const euNoteCreatorNull: Handler = decorated(
  ['Note'],
  (node) => (asks(node, 'creatorName') ? 'h22_nc: __typename' : undefined),
  (objects) => {
    for (const o of objects) if ('creatorName' in o) o.creatorName = null;
  },
  (request) => request.region === 'eu',
);

// ---- activities ---------------------------------------------------------------------------------------

/** A person linked to an activity answers company null (the employer is no longer joined). */
const activityPersonCompanyNull: Handler = decorated(
  ['ActivityContact', 'ActivityPerson'],
  (node) => (asks(node, 'company') ? '... on ActivityPerson { h22_apc: id }' : undefined),
  (objects) => {
    for (const o of objects) if ('company' in o && typeof o.h22_apc === 'string') o.company = null;
  },
);

/**
 * An activity's linkedActivityContacts leave out the links of unknown kind (an inner join on the contact
 * table drops the links to contacts removed since).
 */
const unknownLinksDropped: Handler = async (request, forward) => {
  let touched = false;
  const rewritten = rewriteFields(request, (node) => {
    if (node.name.value !== 'linkedActivityContacts' || !node.selectionSet) return undefined;
    touched = true;
    return withSelections(node, `${HIDE}k: __typename`);
  });
  if (!touched) return forward(request);
  const answer = await forward(rewritten);
  const data = dataOf(answer);
  if (!data) return withData(answer, data);
  const filtered = mapJson(data, (key, value) =>
    key === 'linkedActivityContacts' && Array.isArray(value)
      ? value.filter((c) => !isObject(c) || c[`${HIDE}k`] !== 'ActivityUnknown')
      : value,
  );
  return withData(answer, filtered);
};

/** The 1.2.0 endpoint's linkedActivityContacts ignore contactType and answer every linked contact. */
const contactTypeIgnored120: Handler = (request, forward) =>
  request.version === '1.2.0'
    ? argumentIgnored('linkedActivityContacts', 'contactType')(request, forward)
    : forward(request);

/** addActivity keeps only the people among its linkedEntityIds (the companies are dropped). */
const activityCompanyLinksDropped: Handler = async (request, forward) => {
  const root = onlyMutationRoot(request, new Set(['addActivity']));
  const links = inputOf(root)?.linkedEntityIds;
  if (!root || !Array.isArray(links) || links.length === 0) return forward(request);
  const ids = links.filter((id): id is string => typeof id === 'string');
  const contacts = modelsOf(
    await read(
      request,
      forward,
      `query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: ${String(MAX_PAGE)}) { models { id contactEntity } } }`,
      { f: [{ field: 'ids', values: ids }] },
    ),
  );
  const companies = new Set(contacts.filter((c) => c.contactEntity === 'Company').map((c) => c.id));
  if (companies.size === 0) return forward(request);
  return forward(
    rewriteFields(request, (node, field, vars) =>
      node.name.value === 'addActivity'
        ? mapArgument(
            node,
            field,
            vars,
            'input',
            onInput((i) => ({ ...i, linkedEntityIds: links.filter((id) => !companies.has(id)) })),
          )
        : undefined,
    ),
  );
};

/** The UTC offset of Sydney at instant `ms`, in milliseconds. */
function sydneyOffset(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Australia/Sydney',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - ms
  );
}

/** A `YYYY-MM-DD HH:mm:ss` read as Sydney wall-clock time, written back as the UTC time it is. */
function sydneyToUtc(local: string): string {
  const m = ACTIVITY_DATE.exec(local);
  if (!m) return local;
  const naive = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  const utc = naive - sydneyOffset(naive - sydneyOffset(naive));
  return new Date(utc).toISOString().slice(0, 19).replace('T', ' ');
}

/** addActivity and updateActivity on the au endpoint read activityDate as Sydney time instead of UTC. */
const auActivityDateSydney: Handler = (request, forward) =>
  request.region === 'au'
    ? onMutationInput(new Set(['addActivity', 'updateActivity']), (input) =>
        typeof input.activityDate === 'string'
          ? { ...input, activityDate: sydneyToUtc(input.activityDate) }
          : input,
      )(request, forward)
    : forward(request);

// ---- lists and their members' values -------------------------------------------------------------------

/** Additional field value items answer lastEditDate as a calendar date (a date column's read). */
const valueItemEditDateOnly: Handler = onData((key, value) =>
  key === 'lastEditDate' && typeof value === 'string' && ISO_DATE_TIME.test(value)
    ? ISO_DATE_TIME.exec(value)?.[1]
    : value,
);

/** The field values an input of updateListContactAdditionalFields gives (`fields` and `additionalFields`). */
const FIELD_KEYS = ['fields', 'additionalFields'] as const;

/**
 * updateListContactAdditionalFields given a number outside an integer or decimal field's bounds stores the
 * nearest bound instead of refusing that field.
 */
const fieldValueClamped: Handler = async (request, forward) => {
  const root = onlyMutationRoot(request, new Set(['updateListContactAdditionalFields']));
  const input = inputOf(root);
  if (!root || !input || typeof input.listId !== 'string') return forward(request);
  const list = await read(
    request,
    forward,
    `query($l: ID!) { v: list(id: $l) { additionalFieldDefinitions(limit: ${String(MAX_PAGE)}) { models { id fieldDataType numericDataTypeMinValue numericDataTypeMaxValue } } } }`,
    { l: input.listId },
  );
  const definitions = new Map(
    modelsOf(isObject(list) ? list.additionalFieldDefinitions : undefined).map((d) => [d.id, d]),
  );
  const clamp = (value: unknown, d: Json | undefined): unknown => {
    if (!d || (d.fieldDataType !== 'integer' && d.fieldDataType !== 'decimal')) return value;
    if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(Number(value))) return value;
    const n = Number(value);
    if (typeof d.numericDataTypeMaxValue === 'number' && n > d.numericDataTypeMaxValue)
      return String(d.numericDataTypeMaxValue);
    if (typeof d.numericDataTypeMinValue === 'number' && n < d.numericDataTypeMinValue)
      return String(d.numericDataTypeMinValue);
    return value;
  };
  const fixed: Json = { ...input };
  for (const key of FIELD_KEYS)
    if (Array.isArray(input[key]))
      fixed[key] = (input[key] as unknown[]).map((f) =>
        isObject(f) ? { ...f, value: clamp(f.value, definitions.get(f.fieldId)) } : f,
      );
  return forward(
    rewriteFields(request, (node, field, vars) =>
      node.name.value === 'updateListContactAdditionalFields'
        ? mapArgument(node, field, vars, 'input', () => fixed)
        : undefined,
    ),
  );
};

/** The field values of removed members, per mutant server: `listId contactId` → the values it had. */
const keptValues = perServer(() => new Map<string, Json[]>());

/** A contact's values of one list (fieldId, value, secondaryValue), as the request's tenant reads them. */
async function valuesOn(request: Incoming, forward: Forward, listId: string, contactId: string) {
  const contact = await read(
    request,
    forward,
    `query($c: ID!, $l: ID) { v: contact(id: $c) { lists(listIds: [$l]) { totalModels } additionalFieldValues(listId: $l, limit: ${String(MAX_PAGE)}) { models { fieldId value secondaryValue } } } }`,
    { c: contactId, l: listId },
  );
  const member = isObject(contact) && isObject(contact.lists) && contact.lists.totalModels === 1;
  return {
    member,
    values: modelsOf(isObject(contact) ? contact.additionalFieldValues : undefined).filter(
      (v) => typeof v.value === 'string' && v.value !== '',
    ),
  };
}

/** The (list, contact) pairs a membership mutation names. */
function pairsOf(root: RootSelection): [string, string][] {
  const input = inputOf(root);
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  if (root.name === 'removeContactFromLists' && input && typeof input.contactId === 'string') {
    const contact = input.contactId;
    return strings(input.listIds).map((l): [string, string] => [l, contact]);
  }
  if (root.name === 'removeContactsFromList' && typeof root.args.listId === 'string') {
    const list = root.args.listId;
    return strings(root.args.contactIds).map((c): [string, string] => [list, c]);
  }
  if (root.name === 'addContactsToLists')
    return strings(root.args.listIds).flatMap((l) =>
      strings(root.args.contactIds).map((c): [string, string] => [l, c]),
    );
  return [];
}

/**
 * Removing a member from a list keeps its field values there (they are not deleted with the membership):
 * the contact added to the list again has its old values.
 */
const removedMemberValuesKept: Handler = async (request, forward) => {
  const kept = keptValues(forward);
  const root = onlyMutationRoot(
    request,
    new Set(['removeContactFromLists', 'removeContactsFromList', 'addContactsToLists']),
  );
  if (!root) return forward(request);
  const pairs = pairsOf(root).slice(0, 50);
  if (root.name === 'addContactsToLists') {
    const answer = await forward(request);
    for (const [list, contact] of pairs) {
      const values = kept.get(`${list} ${contact}`);
      if (!values || !(await valuesOn(request, forward, list, contact)).member) continue;
      kept.delete(`${list} ${contact}`);
      await read(
        request,
        forward,
        'mutation($i: UpdateListContactAdditionalFieldInput!) { v: updateListContactAdditionalFields(input: $i) { models { isSuccessful } } }',
        {
          i: {
            listId: list,
            contactId: contact,
            fields: values.map((v) => ({
              fieldId: v.fieldId,
              value: v.value,
              secondaryValue: v.secondaryValue ?? null,
            })),
          },
        },
      );
    }
    return answer;
  }
  const before = new Map<string, Json[]>();
  for (const [list, contact] of pairs) {
    const { member, values } = await valuesOn(request, forward, list, contact);
    if (member && values.length > 0) before.set(`${list} ${contact}`, values);
  }
  const answer = await forward(request);
  for (const [key, values] of before) {
    const [list, contact] = key.split(' ') as [string, string];
    if (!(await valuesOn(request, forward, list, contact)).member) kept.set(key, values);
  }
  return answer;
};

/** The working lists created through the API, per mutant server. */
const apiWorkingLists = perServer(() => new Set<string>());

/**
 * A working list created with addWorkingList does not give the API user the delete right: the list
 * answers deleteAllowed false and removeWorkingList refuses it (answers false, removes nothing).
 */
const apiWorkingListNotDeletable: Handler = async (request, forward) => {
  const created = apiWorkingLists(forward);
  const root = onlyMutationRoot(request, new Set(['addWorkingList', 'removeWorkingList']));
  if (root?.name === 'addWorkingList') {
    const rewritten = rewriteFields(request, (node) =>
      node.name.value === 'addWorkingList' ? withSelections(node, `${HIDE}wl: item { id }`) : undefined,
    );
    const answer = await forward(rewritten);
    const result = dataOf(answer)?.[root.key];
    const item = isObject(result) ? result[`${HIDE}wl`] : undefined;
    if (!isObject(result) || !isObject(item) || typeof item.id !== 'string')
      return withData(answer, dataOf(answer));
    created.add(item.id);
    const shown = isObject(result.item) && 'deleteAllowed' in result.item;
    const data = {
      ...dataOf(answer),
      [root.key]: shown ? { ...result, item: { ...(result.item as Json), deleteAllowed: false } } : result,
    };
    return withData(answer, data);
  }
  if (root?.name === 'removeWorkingList' && created.has(String(root.args.listId)))
    return jsonAnswer(200, { data: { [root.key]: false } });
  if (created.size === 0) return forward(request);
  return decorated(
    ['List'],
    (node) => (asks(node, 'deleteAllowed') ? 'h22_wid: id' : undefined),
    (objects) => {
      for (const o of objects)
        if ('deleteAllowed' in o && created.has(String(o.h22_wid))) o.deleteAllowed = false;
    },
  )(request, forward);
};

// ---- contact writes -------------------------------------------------------------------------------------

/** updatePublicPerson and updatePublicCompany given an empty tags list keep the tags instead of clearing them. */
const emptyTagsIgnored: Handler = onMutationInput(
  new Set(['updatePublicPerson', 'updatePublicCompany']),
  (input) => {
    if (!Array.isArray(input.tags) || input.tags.length > 0) return input;
    const { tags: _ignored, ...rest } = input;
    return rest;
  },
);

/** addPerson and addCompany store the business address without its label and additionalField. */
const businessAddressLabelDropped: Handler = onMutationInput(
  new Set(['addPerson', 'addCompany']),
  (input) => {
    if (!isObject(input.businessAddress)) return input;
    const { label: _label, additionalField: _additional, ...rest } = input.businessAddress;
    return { ...input, businessAddress: rest };
  },
);

/**
 * updatePublicPerson and updatePublicCompany that change only the tags record no ContactUpdated event
 * (the tags live in a table without the audit trigger).
 */
const tagsOnlyEditUnrecorded: Handler = unrecordedWrite(
  {
    view: 'firmContactEventViews',
    eventType: 'ContactUpdated',
    idFilter: 'contactIds',
    idField: 'contactId',
  },
  (request) => {
    const root = onlyMutationRoot(request, new Set(['updatePublicPerson', 'updatePublicCompany']));
    const input = inputOf(root);
    const given = input ? Object.keys(input).filter((k) => k !== 'id' && input[k] !== undefined) : [];
    return root && input && typeof input.id === 'string' && given.length === 1 && given[0] === 'tags'
      ? input.id
      : undefined;
  },
);

// ---- event views -----------------------------------------------------------------------------------------

/** The id filter and the entity id of the contact and list event views. */
const EVENT_IDS: Record<string, { ids: string; entity: string; deleted: string }> = {
  firmContactEventViews: { ids: 'contactIds', entity: 'contactId', deleted: 'ContactDeleted' },
  listEventViews: { ids: 'listIds', entity: 'listId', deleted: 'ListDeleted' },
};

/**
 * The contact and list event views given both eventTypes and an id filter answer the events matching
 * either of them (the two conditions joined with OR), not both.
 */
const eventFiltersJoinedWithOr: Handler = async (request, forward) => {
  const root = rootSelections(request)[0];
  const view = root ? EVENT_IDS[root.name] : undefined;
  const only = root && view ? onlyQueryRoot(request, root.name) : undefined;
  const filter = only && isObject(only.args.filter) ? only.args.filter : undefined;
  const types = filter?.eventTypes;
  const ids = view && filter ? filter[view.ids] : undefined;
  const paging = only ? pagingOf(only.args) : undefined;
  if (
    !only ||
    !view ||
    !filter ||
    !paging ||
    !Array.isArray(types) ||
    !Array.isArray(ids) ||
    types.length === 0 ||
    ids.length === 0 ||
    types.includes(view.deleted)
  )
    return forward(request);
  const rewritten = rewriteFields(request, (node, field, vars) => {
    if (node.name.value !== only.name) return undefined;
    const dated =
      mapArgument(node, field, vars, 'filter', () =>
        filter.eventDate === undefined ? null : { eventDate: filter.eventDate },
      ) ?? node;
    const paged = withArgument(withArgument(dated, 'skip', int(0)), 'limit', int(MAX_PAGE));
    return withSelections(paged, `${HIDE}n: totalModels ${HIDE}m: models { eventType ${view.entity} }`);
  });
  const answer = await forward(rewritten);
  const page = dataOf(answer)?.[only.key];
  const all = isObject(page) ? page[`${HIDE}m`] : undefined;
  if (!isObject(page) || !Array.isArray(all) || page[`${HIDE}n`] !== all.length) return forward(request);
  const kept = all.flatMap((e: unknown, i) =>
    isObject(e) && (types.includes(e.eventType) || ids.includes(e[view.entity])) ? [i] : [],
  );
  const shown = kept.slice(paging.skip, paging.skip + paging.limit);
  const data = {
    ...dataOf(answer),
    [only.key]: {
      ...page,
      ...(Array.isArray(page.models) ? { models: shown.map((i) => (page.models as unknown[])[i]) } : {}),
      ...('totalModels' in page ? { totalModels: kept.length } : {}),
    },
  };
  return withData(answer, data);
};

/** The 1.2.0 event views know no eventDate.after (an older DateTimeFilterInput with from and to only). */
const afterBoundUnknown120: Handler = (request, forward) => {
  if (request.version !== '1.2.0') return forward(request);
  const polls = rootSelections(request).filter((r) => isEventView(r.name));
  const after = polls.some((r) => {
    const filter = r.args.filter;
    return isObject(filter) && isObject(filter.eventDate) && 'after' in filter.eventDate;
  });
  return after
    ? Promise.resolve(
        validationFailure(request, 'Field "after" is not defined by type "DateTimeFilterInput".'),
      )
    : forward(request);
};

/**
 * The limited tenant's firmContactEventViews filtered by contactIds that name none of its own contacts
 * answers the full tenant's events of those contacts (the id filter is applied before the tenant).
 */
const limitedEventIdsReachFull: Handler = async (request, forward) => {
  const root = onlyQueryRoot(request, 'firmContactEventViews');
  const filter = root && isObject(root.args.filter) ? root.args.filter : undefined;
  if (
    tokenOf(request) !== DEV_TOKENS.limited ||
    !root ||
    !filter ||
    !Array.isArray(filter.contactIds) ||
    filter.contactIds.length === 0
  )
    return forward(request);
  const own = await read(
    request,
    forward,
    'query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: 0) { totalModels } }',
    { f: [{ field: 'ids', values: filter.contactIds }] },
  );
  if (!isObject(own) || own.totalModels !== 0) return forward(request);
  return as(DEV_TOKENS.full, request, forward);
};

// ---- paging errors --------------------------------------------------------------------------------------

/** The source offsets of a document's root fields (their nodes are not nested pages). */
function rootOffsets(query: string): Set<number> {
  try {
    const offsets = new Set<number>();
    for (const definition of parse(query).definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const s of definition.selectionSet.selections) if (s.loc) offsets.add(s.loc.start);
    }
    return offsets;
  } catch {
    return new Set();
  }
}

/**
 * A negative skip or limit on a nested page (a contact's notes, activities, lists and field values, a
 * list's members and field definitions) is read as 0 instead of refused with BAD_USER_INPUT: a negative
 * limit answers no items, a negative skip the first page.
 */
const nestedNegativePagingAsZero: Handler = (request, forward) => {
  const roots = rootOffsets(request.body?.query ?? '');
  const atZero = (v: unknown): unknown => (typeof v === 'number' && v < 0 ? 0 : v);
  return onFields((node, field, vars) => {
    if (node.loc && roots.has(node.loc.start)) return undefined;
    const limited = mapArgument(node, field, vars, 'limit', atZero) ?? node;
    const skipped = mapArgument(limited, field, vars, 'skip', atZero) ?? limited;
    return skipped === node ? undefined : skipped;
  })(request, forward);
};

export const HOLDOUT28: readonly Mutant[] = [
  {
    id: 'holdout28.paging.note-page-limit-ignored',
    class: 'paging',
    description:
      "a contact's notes (allNotes) ignore skip and limit: every page holds all of the contact's notes",
    names: /allNotes|\bnotes\b|limit|skip/i,
    handle: notePagingIgnored,
  },
  {
    id: 'holdout28.paging.event-filters-joined-with-or',
    class: 'paging',
    description:
      'firmContactEventViews and listEventViews given both eventTypes and contactIds (listIds) answer the events matching either filter instead of both',
    names: /eventTypes|contactIds|listIds|firmContactEventViews|listEventViews/i,
    handle: eventFiltersJoinedWithOr,
  },
  {
    id: 'holdout28.paging.contact-field-values-list-filter-ignored',
    class: 'paging',
    description:
      "a contact's additionalFieldValues ignore their listId argument and answer the values of every list",
    names: /additionalFieldValues|listId/i,
    handle: fieldValuesListIdIgnored,
  },
  {
    id: 'holdout28.paging.search-last-name-prefix-only',
    class: 'paging',
    description:
      'the lastName filter of searchFirmContacts matches only the last names that start with the text, not those containing it',
    names: /lastName|searchFirmContacts|prefix|substring/i,
    handle: lastNamePrefixOnly,
  },
  {
    id: 'holdout28.paging.search-contact-types-first-only',
    class: 'paging',
    description:
      'the contactTypeIds filter of searchFirmContacts matches a contact on its first contact type only',
    names: /contactTypeIds|contactTypes|searchFirmContacts/i,
    handle: contactTypesFirstOnly,
  },
  {
    id: 'holdout28.sort.search-ids-in-given-order',
    class: 'sort',
    description:
      'searchFirmContacts with an ids filter and no sort answers the contacts in the order of the ids given instead of by displayName',
    names: /searchFirmContacts|\bids\b|displayName|order/i,
    handle: searchIdsInGivenOrder,
  },
  {
    id: 'holdout28.region.eu-note-creator-name-null',
    class: 'region',
    description:
      "the eu endpoint answers every note's creatorName null (the user directory the name comes from is in us)",
    names: /creatorName|\beu\b|\bnotes?\b|allNotes/i,
    handle: euNoteCreatorNull,
  },
  {
    id: 'holdout28.region.eu-search-total-counts-us',
    class: 'region',
    description:
      "searchFirmContacts on the eu endpoint counts the us matches too in totalModels (a count query that is not routed by region); the items are eu's",
    names: /totalModels|searchFirmContacts|\beu\b|region|count/i,
    handle: euSearchTotalCountsUs,
  },
  {
    id: 'holdout28.nullability.note-client-text-null',
    class: 'nullability',
    description:
      "a note's notes field (the public client's text of the note) answers null although text holds the note",
    names: /\bnotes\b|\btext\b|allNotes/i,
    handle: noteClientTextNull,
  },
  {
    id: 'holdout28.nullability.mailing-address-flag-false',
    class: 'nullability',
    description:
      'every address answers isMailingAddress false: no contact shows a mailing address (the flag dropped from the address view)',
    names: /isMailingAddress|mailing/i,
    handle: mailingFlagFalse,
  },
  {
    id: 'holdout28.nullability.employee-flag-false',
    class: 'nullability',
    description:
      "every person answers isEmployee false, also the firm's own employees (the flag no longer derived from the employer)",
    names: /isEmployee|employee/i,
    handle: employeeFlagFalse,
  },
  {
    id: 'holdout28.nullability.activity-person-company-null',
    class: 'nullability',
    description:
      'a person linked to an activity (ActivityPerson) answers company null although the person has an employer',
    names: /ActivityPerson|company|employer|linkedActivityContacts/i,
    handle: activityPersonCompanyNull,
  },
  {
    id: 'holdout28.nullability.unknown-activity-links-dropped',
    class: 'nullability',
    description:
      "an activity's linkedActivityContacts leave out the links of unknown kind (ActivityUnknown): an inner join drops the links to contacts removed since",
    names: /linkedActivityContacts|ActivityUnknown|Unknown|\blinks?\b/i,
    handle: unknownLinksDropped,
  },
  {
    id: 'holdout28.dates.value-item-last-edit-as-calendar-date',
    class: 'dates',
    description:
      "the value items of list members' field values answer lastEditDate as a calendar date (2025-05-12) instead of a date-time",
    names: /lastEditDate|valueItems|DateTime|date/i,
    handle: valueItemEditDateOnly,
  },
  {
    id: 'holdout28.enums.home-address-type-personal',
    class: 'enums',
    description: "a contact's Home addresses answer the type Personal (the e-mail types used for addresses)",
    names: /\btype\b|Home|Personal|addresses/i,
    handle: homeAddressTypePersonal,
  },
  {
    id: 'holdout28.versions.1.2.0-event-after-bound-unknown',
    class: 'versions',
    description:
      'the 1.2.0 event views refuse the after bound of their eventDate filter (an older DateTimeFilterInput with from and to only), so a poller cannot pass its cursor',
    names: /\bafter\b|eventDate|DateTimeFilterInput|1\.2\.0|GRAPHQL_VALIDATION_FAILED/i,
    handle: afterBoundUnknown120,
  },
  {
    id: 'holdout28.versions.1.2.0-search-terms-null',
    class: 'versions',
    description: 'the 1.2.0 searchFirmContacts answers searchTerms null whatever filters were given',
    names: /searchTerms|1\.2\.0|\bterm\b/i,
    handle: onData(
      (key, value) => (key === 'searchTerms' ? null : value),
      (request) => request.version === '1.2.0',
    ),
  },
  {
    id: 'holdout28.versions.1.2.0-linked-contact-type-ignored',
    class: 'versions',
    description:
      'the 1.2.0 linkedActivityContacts ignore their contactType argument and answer every linked contact',
    names: /contactType|linkedActivityContacts|1\.2\.0/i,
    handle: contactTypeIgnored120,
  },
  {
    id: 'holdout28.errors.nested-negative-paging-as-zero',
    class: 'errors',
    description:
      "a negative skip or limit on a nested page (a contact's notes, activities or lists, a list's contacts) is read as 0 instead of refused with BAD_USER_INPUT",
    names: /negative|BAD_USER_INPUT|limit|skip/i,
    handle: nestedNegativePagingAsZero,
  },
  {
    id: 'holdout28.tenancy.limited-event-contact-ids-reach-full',
    class: 'tenancy',
    description:
      "the limited tenant's firmContactEventViews filtered by contactIds of the full tenant's contacts answers those contacts' events",
    names: /contactIds|limited|tenant|isolation|firmContactEventViews/i,
    handle: limitedEventIdsReachFull,
  },
  {
    id: 'holdout28.persistence.add-activity-company-links-dropped',
    class: 'persistence',
    description:
      'addActivity keeps only the people among its linkedEntityIds: the companies it names are not linked',
    names: /linkedEntityIds|linkedActivityContacts|ActivityCompany|addActivity|\blinks?\b/i,
    handle: activityCompanyLinksDropped,
  },
  {
    id: 'holdout28.region.au-activity-date-sydney-time',
    class: 'region',
    description:
      'addActivity and updateActivity on the au endpoint read activityDate as Sydney time instead of UTC (the activity starts 10 or 11 hours early)',
    names: /activityDate|activityStartDate|\bau\b|Sydney|time/i,
    handle: auActivityDateSydney,
  },
  {
    id: 'holdout28.validation.field-value-out-of-bounds-clamped',
    class: 'validation',
    description:
      "updateListContactAdditionalFields given a number outside an integer or decimal field's bounds stores the nearest bound instead of refusing that field",
    names: /updateListContactAdditionalFields|isSuccessful|failureReason|bounds|maximum|value/i,
    handle: fieldValueClamped,
  },
  {
    id: 'holdout28.persistence.empty-tags-list-ignored',
    class: 'persistence',
    description:
      "updatePublicPerson and updatePublicCompany given an empty tags list keep the contact's tags instead of clearing them",
    names: /\btags\b|updatePublicPerson|updatePublicCompany/i,
    handle: emptyTagsIgnored,
  },
  {
    id: 'holdout28.events.tags-only-edit-unrecorded',
    class: 'events',
    description:
      'updatePublicPerson and updatePublicCompany that change only the tags record no ContactUpdated event',
    names: /ContactUpdated|\btags\b|updatePublicPerson|updatePublicCompany|firmContactEventViews/i,
    handle: tagsOnlyEditUnrecorded,
  },
  {
    id: 'holdout28.persistence.business-address-label-dropped',
    class: 'persistence',
    description:
      "addPerson and addCompany store the business address without its label and additionalField (the address's label and additional read null)",
    names: /\blabel\b|additional|businessAddress|addresses/i,
    handle: businessAddressLabelDropped,
  },
  {
    id: 'holdout28.auth.api-working-list-not-deletable',
    class: 'auth',
    description:
      'a working list created with addWorkingList answers deleteAllowed false for the API user, and removeWorkingList refuses it',
    names: /deleteAllowed|removeWorkingList|addWorkingList|permission/i,
    handle: apiWorkingListNotDeletable,
  },
  {
    id: 'holdout28.persistence.removed-member-values-kept',
    class: 'persistence',
    description:
      'removing a contact from a list keeps its field values on that list: added back, the contact has its old additionalFieldValues',
    names: /additionalFieldValues|removeContact|addContactsToLists|field values?/i,
    handle: removedMemberValuesKept,
  },
  {
    id: 'holdout28.caching.search-index-stale-after-rename',
    class: 'caching',
    description:
      "searchFirmContacts' name index is not refreshed by updatePublicPerson: a renamed person is found by the old names and not by the new ones",
    names: /searchFirmContacts|lastName|firstName|rename|stale|index/i,
    handle: searchIndexStaleAfterRename,
  },
];
