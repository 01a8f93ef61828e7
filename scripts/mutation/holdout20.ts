/**
 * A twentieth held-out set of regressions, mostly on what partners read most: contacts (people, companies,
 * their employers, addresses, phone numbers, tags, scores and insights), the contact search, opportunities
 * and activities, on both revisions, with about a third that only a write shows. Chosen from the spec and
 * from what vendors ship, without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout20` runs them.
 */
import {
  getNamedType,
  Kind,
  parse,
  type FieldNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { dataOf, droppingEvents, rootSelections, type RootSelection } from './holdout2.js';
import { sibling } from './holdout5.js';
import { onMutationInput } from './holdout6.js';
import { fallbackOnRefusal } from './holdout8.js';
import { tokenOf, type Mutant } from './mutants.js';
import type { Answer, Forward, Handler, Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  onData,
  onFields,
  rewriteFields,
  selecting,
  withArgument,
} from './rewrite.js';

const HIDE = 'h20_';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reads `query` as the request's tenant, region and revision: the `v` of its data. */
async function read(
  request: Incoming,
  forward: Forward,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<unknown> {
  return dataOf(await forward(sibling(request, query, variables)))?.v;
}

/** The single root field of a request named `name`, when the request selects only that one. */
function onlyRoot(request: Incoming, name: string): RootSelection | undefined {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/** The `input` argument of a root selection, as an object. */
function inputOf(root: RootSelection | undefined): Json | undefined {
  const input = root?.args.input;
  return isObject(input) ? input : undefined;
}

/** The selections of `{ text }`, for hidden additions to a document. */
function selectionsOf(text: string): readonly SelectionNode[] {
  const definition = parse(`{ ${text} }`).definitions[0];
  return definition?.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections : [];
}

/** A field node with `text` (hidden selections, aliased `h20_…`) added to its selection set. */
function withHidden(node: FieldNode, text: string): FieldNode {
  const selections: readonly SelectionNode[] = node.selectionSet?.selections ?? [];
  const set: SelectionSetNode = {
    kind: Kind.SELECTION_SET,
    selections: [...selections, ...selectionsOf(text)],
  };
  return { ...node, selectionSet: set };
}

/** Whether a selection set asks for `name`, directly or in an inline fragment. */
function asks(set: SelectionSetNode | undefined, name: string): boolean {
  return (set?.selections ?? []).some((s) =>
    s.kind === Kind.FIELD
      ? s.name.value === name
      : s.kind === Kind.INLINE_FRAGMENT
        ? asks(s.selectionSet, name)
        : false,
  );
}

/** A JSON tree without the hidden fields. */
function stripHidden(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripHidden);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !k.startsWith(HIDE))
      .map(([k, v]) => [k, stripHidden(v)]),
  );
}

const hidden = (o: Json, field: string): unknown => o[HIDE + field];

/** The answer with its data replaced by `data`, hidden fields stripped. */
function withData(answer: Answer, data: unknown): Answer {
  return { ...answer, json: { ...(answer.json as object), data: stripHidden(data) } };
}

/**
 * Every object of an answer whose selection (a field of a type in `types`) asks `trigger` gets `extra`
 * (hidden selections, `h20_…`) beside it; `fix` gets every such object of the answer (those carrying
 * `marker`, a hidden key) and answers their replacements, in the same order, before the hidden fields are
 * stripped again. Runs on queries and mutations alike unless `when` says otherwise.
 */
function alongside(
  types: readonly string[],
  trigger: string,
  extra: string,
  marker: string,
  fix: (objects: Json[], request: Incoming, forward: Forward) => Promise<Json[]> | Json[],
  when: (request: Incoming) => boolean = () => true,
): Handler {
  return async (request, forward) => {
    if (!when(request)) return forward(request);
    let touched = false;
    const rewritten = rewriteFields(request, (node, field) => {
      if (!types.includes(getNamedType(field.type).name) || !asks(node.selectionSet, trigger))
        return undefined;
      touched = true;
      return withHidden(node, extra);
    });
    if (!touched) return forward(request);
    const answer = await forward(rewritten);
    const data = dataOf(answer);
    if (!data) return { ...answer, json: stripHidden(answer.json) };
    const found: Json[] = [];
    const collect = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (isObject(v)) {
        if (HIDE + marker in v) found.push(v);
        Object.values(v).forEach(collect);
      }
    };
    collect(data);
    const fixed = new Map<Json, Json>();
    const replacements = found.length > 0 ? await fix(found, request, forward) : [];
    found.forEach((o, i) => fixed.set(o, replacements[i] ?? o));
    const rebuild = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rebuild);
      if (!isObject(v)) return v;
      const o = fixed.get(v) ?? v;
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, rebuild(x)]));
    };
    return withData(answer, rebuild(data));
  };
}

/**
 * A root list `root` whose whole match (read from the first item, limit 1000, with the hidden `fields` of
 * each model) is filtered again by `keep` before the page is cut from it: a filter the service applies in
 * its own way after the store answered. `forwardArgs` may change the arguments the store sees (a filter
 * it widens). Only roots for which `applies` holds are touched.
 */
function refiltered(
  root: string,
  fields: string,
  applies: (args: Json) => boolean,
  keep: (model: Json, args: Json) => boolean,
  forwardArgs: (args: Json) => Json = (a) => a,
): Handler {
  return async (request, forward) => {
    if (isMutation(request)) return forward(request);
    const roots = rootSelections(request).filter((r) => r.name === root && applies(r.args));
    if (roots.length === 0) return forward(request);
    for (const r of roots) {
      const { skip, limit } = r.args;
      if (
        (typeof skip === 'number' && skip < 0) ||
        (typeof limit === 'number' && (limit < 0 || limit > 1000))
      )
        return forward(request);
    }
    const byKey = new Map(roots.map((r) => [r.key, r]));
    const answer = await forward(
      rewriteFields(request, (node, field, vars) => {
        const r = node.name.value === root ? byKey.get(node.alias?.value ?? node.name.value) : undefined;
        if (!r) return undefined;
        let next = withArgument(withArgument(node, 'skip', undefined), 'limit', {
          kind: Kind.INT,
          value: '1000',
        });
        const changed = forwardArgs(r.args);
        if (changed.filter !== r.args.filter)
          next = mapArgument(next, field, vars, 'filter', () => changed.filter) ?? next;
        return withHidden(next, `${HIDE}models: models { ${fields} }`);
      }),
    );
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const r of roots) {
      const page = data[r.key];
      const all = isObject(page) ? page[`${HIDE}models`] : undefined;
      if (!isObject(page) || !Array.isArray(all)) continue;
      const kept = all.flatMap((m, i) => (isObject(m) && keep(m, r.args) ? [i] : []));
      const skip = typeof r.args.skip === 'number' ? r.args.skip : 0;
      const limit = typeof r.args.limit === 'number' ? r.args.limit : 100;
      const window = kept.slice(skip, skip + limit);
      const out: Json = {};
      for (const [k, v] of Object.entries(page)) {
        if (k === `${HIDE}models`) continue;
        if (Array.isArray(v)) out[k] = window.map((i) => v[i]);
        else if (k === 'totalModels') out[k] = kept.length;
        else if (k === 'skip') out[k] = skip;
        else if (k === 'limit') out[k] = limit;
        else out[k] = v;
      }
      next[r.key] = out;
    }
    return withData(answer, next);
  };
}

/** The filter entries of a searchFirmContacts selection. */
function searchFilters(args: Json): Json[] {
  const filter = args.filter;
  const list = Array.isArray(filter) ? filter : filter === undefined || filter === null ? [] : [filter];
  return list.filter(isObject);
}

/** The `value` of the search filter on `field`, when one is given. */
function searchValue(args: Json, field: string): string | undefined {
  const entry = searchFilters(args).find((f) => f.field === field && typeof f.value === 'string');
  return entry?.value as string | undefined;
}

const lower = (s: unknown): string => (typeof s === 'string' ? s.toLocaleLowerCase('en') : '');

// ---- contact search -------------------------------------------------------------------------------------

/** searchFirmContacts counts its matches only up to 100 (a search index's hit count left at its default). */
const searchTotalCapped: Handler = async (request, forward) => {
  const keys = rootSelections(request)
    .filter((r) => r.name === 'searchFirmContacts')
    .map((r) => r.key);
  if (keys.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const key of keys) {
    const page = data[key];
    if (isObject(page) && typeof page.totalModels === 'number' && page.totalModels > 100)
      next[key] = { ...page, totalModels: 100 };
  }
  return withData(answer, next);
};

/** The city filter of searchFirmContacts matches a whole city name only (an equality on the column). */
const cityWholeName = refiltered(
  'searchFirmContacts',
  `${HIDE}addresses: addresses { city }`,
  (args) => searchValue(args, 'city') !== undefined,
  (m, args) => {
    const city = lower(searchValue(args, 'city')).trim();
    const addresses = hidden(m, 'addresses');
    return Array.isArray(addresses) && addresses.some((a) => isObject(a) && lower(a.city) === city);
  },
);

/** The term filter of searchFirmContacts no longer searches e-mail addresses (the e-mail join dropped). */
const termSkipsEmail = refiltered(
  'searchFirmContacts',
  `${HIDE}displayName: displayName ... on Person { ${HIDE}firstName: firstName ${HIDE}lastName: lastName ${HIDE}employer: currentEmployer { name } } ... on Company { ${HIDE}name: name }`,
  (args) => searchValue(args, 'term') !== undefined,
  (m, args) => {
    const term = lower(searchValue(args, 'term'));
    const employer = hidden(m, 'employer');
    return [
      hidden(m, 'displayName'),
      hidden(m, 'firstName'),
      hidden(m, 'lastName'),
      hidden(m, 'name'),
      isObject(employer) ? employer.name : undefined,
    ].some((t) => lower(t).includes(term));
  },
);

/** The company filter of searchFirmContacts matches companies only, not the people they employ. */
const companyFilterCompaniesOnly = refiltered(
  'searchFirmContacts',
  `${HIDE}kind: __typename`,
  (args) => searchValue(args, 'company') !== undefined,
  (m) => hidden(m, 'kind') === 'Company',
);

/** The tag filter of searchFirmContacts matches tags containing the text, not only the whole tag. */
const tagFilterSubstring = refiltered(
  'searchFirmContacts',
  `${HIDE}tags: tags`,
  (args) => searchValue(args, 'tag') !== undefined,
  (m, args) => {
    const tag = lower(searchValue(args, 'tag')).trim();
    const tags = hidden(m, 'tags');
    return Array.isArray(tags) && tags.some((t) => lower(t).includes(tag));
  },
  (args) => ({ ...args, filter: searchFilters(args).filter((f) => f.field !== 'tag') }),
);

/** searchFirmContacts answers resultsFrom Filter when the term comes with other filters (a lone term only counts). */
const resultsFromFilterBesideTerm: Handler = async (request, forward) => {
  const keys = rootSelections(request)
    .filter(
      (r) =>
        r.name === 'searchFirmContacts' &&
        searchValue(r.args, 'term') !== undefined &&
        searchFilters(r.args).filter((f) => f.value != null || f.values != null).length > 1,
    )
    .map((r) => r.key);
  if (keys.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const key of keys) {
    const page = data[key];
    if (isObject(page) && page.resultsFrom === 'Term') next[key] = { ...page, resultsFrom: 'Filter' };
  }
  return withData(answer, next);
};

const SEARCH_SORT_FIELDS = new Set(['displayName', 'firstName', 'lastName']);

/** searchFirmContacts given a sort field it does not know answers in its default order instead of refusing. */
const unknownSortFieldIgnored: Handler = onFields((node, field, vars) =>
  node.name.value === 'searchFirmContacts'
    ? mapArgument(node, field, vars, 'sort', (sort) =>
        isObject(sort) && typeof sort.field === 'string' && !SEARCH_SORT_FIELDS.has(sort.field)
          ? undefined
          : sort,
      )
    : undefined,
);

/** The limited tenant's searchFirmContacts by ids also finds the full tenant's contacts (the id path skips the tenant). */
const limitedSearchIdsReachFull: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter(
    (r) => r.name === 'searchFirmContacts' && searchFilters(r.args).some((f) => f.field === 'ids'),
  );
  if (tokenOf(request) !== DEV_TOKENS.limited || roots.length === 0) return forward(request);
  const own = await forward(request);
  const full = await as(DEV_TOKENS.full, request, forward);
  const mine = dataOf(own);
  const theirs = dataOf(full);
  if (!mine || !theirs) return own;
  const next = { ...mine };
  for (const r of roots) {
    const a = mine[r.key];
    const b = theirs[r.key];
    if (!isObject(a) || !isObject(b)) continue;
    const out = { ...a };
    if (Array.isArray(a.models) && Array.isArray(b.models)) out.models = [...a.models, ...b.models];
    if (typeof a.totalModels === 'number' && typeof b.totalModels === 'number')
      out.totalModels = a.totalModels + b.totalModels;
    next[r.key] = out;
  }
  return withData(own, next);
};

// ---- contacts -------------------------------------------------------------------------------------------

/** contactTypes answer allowedContactEntity Person for the types that allow any contact (the mapper lacks Any). */
const contactTypeAnyAsPerson = onData(
  (key, value) => (key === 'allowedContactEntity' && value === 'Any' ? 'Person' : value),
  selecting('contactTypes'),
);

/** A firm employee's currentEmployer is null (the employer join leaves out the firm's own company). */
const employeeEmployerNull = alongside(
  ['Person', 'Contact'],
  'currentEmployer',
  `... on Person { ${HIDE}isEmployee: isEmployee }`,
  'isEmployee',
  (objects) => objects.map((o) => (hidden(o, 'isEmployee') === true ? { ...o, currentEmployer: null } : o)),
);

/** The 1.2.0 endpoint answers Score.strength zero-based (level 1 reads 0: the old API's index of the band). */
const strengthZeroBased: Handler = (request, forward) =>
  request.version === '1.2.0'
    ? onData((key, value) =>
        key === 'strength' && typeof value === 'number' ? Math.max(0, value - 1) : value,
      )(request, forward)
    : forward(request);

/** Phone numbers on the eu endpoint come in E.164 form without spaces or dashes (a formatter of the eu build). */
const euPhonesE164 = onData(
  (key, value) =>
    key === 'number' && typeof value === 'string' && /^\+[\d\s().-]+$/.test(value)
      ? value.replace(/[^\d+]/g, '')
      : value,
  (r) => r.region === 'eu',
);

/** getRelationshipInsights lists the firm's people before the company's own employees. */
const insightsFirmSideFirst: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'getRelationshipInsights');
  if (roots.length === 0) return forward(request);
  const answer = await forward(
    rewriteFields(request, (node) =>
      node.name.value === 'getRelationshipInsights'
        ? withHidden(node, `${HIDE}isTargetCompany: isTargetCompany`)
        : undefined,
    ),
  );
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const r of roots) {
    const list = data[r.key];
    if (!Array.isArray(list)) continue;
    const side = (x: unknown) => (isObject(x) && hidden(x, 'isTargetCompany') === true ? 1 : 0);
    next[r.key] = [...list.filter((x) => side(x) === 0), ...list.filter((x) => side(x) === 1)];
  }
  return withData(answer, next);
};

// ---- activities and opportunities ---------------------------------------------------------------------

/** activities filtered by several contactIds answer the activities linked to all of them, not to any. */
const contactIdsAllOf = refiltered(
  'activities',
  `${HIDE}links: linkedActivityContacts { id }`,
  (args) =>
    isObject(args.filter) && Array.isArray(args.filter.contactIds) && args.filter.contactIds.length > 1,
  (m, args) => {
    const links = hidden(m, 'links');
    const ids = new Set(Array.isArray(links) ? links.map((l) => (isObject(l) ? l.id : undefined)) : []);
    return ((args.filter as Json).contactIds as unknown[]).every((id) => ids.has(id));
  },
);

/** opportunities filtered by leadIds also answer those the people are principals of (the join widened). */
const leadIdsMatchPrincipals = refiltered(
  'opportunities',
  `${HIDE}lead: lead { id } ${HIDE}principals: associatedPrincipals { leadId }`,
  (args) => isObject(args.filter) && Array.isArray(args.filter.leadIds),
  (m, args) => {
    const ids = new Set((args.filter as Json).leadIds as unknown[]);
    const lead = hidden(m, 'lead');
    const principals = hidden(m, 'principals');
    return (
      (isObject(lead) && ids.has(lead.id)) ||
      (Array.isArray(principals) && principals.some((p) => isObject(p) && ids.has(p.leadId)))
    );
  },
  (args) => {
    const { leadIds: _l, ...rest } = args.filter as Json;
    return { ...args, filter: rest };
  },
);

/** A date range given only its `to` bound is ignored (activities' date, opportunities' dateOpened). */
const rangeWithoutFromIgnored: Handler = onFields((node, field, vars) => {
  const key =
    node.name.value === 'activities'
      ? 'date'
      : node.name.value === 'opportunities'
        ? 'dateOpened'
        : undefined;
  if (!key) return undefined;
  return mapArgument(node, field, vars, 'filter', (filter) => {
    if (!isObject(filter)) return filter;
    const range = filter[key];
    if (!isObject(range) || range.to == null || range.from != null) return filter;
    const { [key]: _r, ...rest } = filter;
    return rest;
  });
});

/** The 1.2.0 activities without a sort come newest first (the old default of the revision's query). */
const activitiesNewestFirstIn120: Handler = (request, forward) =>
  request.version === '1.2.0'
    ? onFields((node, field, vars) =>
        node.name.value === 'activities'
          ? mapArgument(node, field, vars, 'sort', (sort) =>
              sort === undefined || sort === null || (Array.isArray(sort) && sort.length === 0)
                ? [{ field: 'Date', direction: 'Descending' }]
                : sort,
            )
          : undefined,
      )(request, forward)
    : forward(request);

/** ActivityPerson.primaryEmail is null for people without a Business e-mail (the fallback to any e-mail lost). */
const primaryEmailBusinessOnly = alongside(
  ['ActivityContact', 'ActivityPerson'],
  'primaryEmail',
  `... on ActivityPerson { ${HIDE}id: id }`,
  'id',
  async (objects, request, forward) => {
    const ids = [...new Set(objects.map((o) => hidden(o, 'id')).filter((id) => typeof id === 'string'))];
    const people = (await read(
      request,
      forward,
      'query($ids: [ID!]!) { v: people(ids: $ids) { id emailAddresses { type } } }',
      { ids },
    )) as { id?: unknown; emailAddresses?: { type?: unknown }[] | null }[] | undefined;
    const business = new Set(
      (people ?? [])
        .filter((p) => (p.emailAddresses ?? []).some((e) => e.type === 'Business'))
        .map((p) => p.id),
    );
    const known = new Set((people ?? []).map((p) => p.id));
    return objects.map((o) =>
      known.has(hidden(o, 'id')) && !business.has(hidden(o, 'id')) && 'primaryEmail' in o
        ? { ...o, primaryEmail: null }
        : o,
    );
  },
);

/** opportunity(id) of a confidential opportunity the user is not involved in answers null instead of its hidden shape. */
const hiddenOpportunityByIdNull: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'opportunity');
  if (roots.length === 0 || isMutation(request)) return forward(request);
  const answer = await forward(
    rewriteFields(request, (node) =>
      node.name.value === 'opportunity' && roots.some((r) => r.key === (node.alias?.value ?? node.name.value))
        ? withHidden(node, `${HIDE}hidden: shouldBeHidden`)
        : undefined,
    ),
  );
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const r of roots) {
    const o = data[r.key];
    if (isObject(o) && hidden(o, 'hidden') === true) next[r.key] = null;
  }
  return withData(answer, next);
};

// ---- writes ---------------------------------------------------------------------------------------------

const ADDRESS_PARTS = ['street', 'city', 'administrativeDivision', 'country', 'postalCode'] as const;

/** updatePublicPerson given an address keeps the business address's parts it leaves out (merged, not replaced). */
const personAddressMerged: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'updatePublicPerson');
  const input = inputOf(root);
  if (!input || !isObject(input.address) || typeof input.id !== 'string') return forward(request);
  const person = (await read(
    request,
    forward,
    'query($id: ID!) { v: person(id: $id) { addresses { type street city administrativeDivision country postalCode } } }',
    { id: input.id },
  )) as { addresses?: Json[] | null } | null | undefined;
  const business = (person?.addresses ?? []).find((a) => a.type === 'Business');
  if (!business) return forward(request);
  const address: Json = { ...input.address };
  for (const part of ADDRESS_PARTS)
    if (!(part in address) && business[part] != null) address[part] = business[part];
  return onMutationInput(new Set(['updatePublicPerson']), (i) => ({ ...i, address }))(request, forward);
};

/** addPerson keeps a jobTitle only when an employer is given (the title is stored on the employment). */
const jobTitleNeedsEmployer = onMutationInput(new Set(['addPerson']), (input) => {
  if (input.companyId || input.companyName || !('jobTitle' in input)) return input;
  const { jobTitle: _j, ...rest } = input;
  return rest;
});

/**
 * A new mailing address (addPublicLocation, changePublicContactLocation) no longer takes the flag from the
 * contact's other addresses: the addresses flagged before still read isMailingAddress true.
 */
function mailingFlagNotCleared(): Handler {
  /** Address ids (per token and region) that still read as mailing addresses. */
  const stale = new Set<string>();
  const keyOf = (request: Incoming, id: unknown) => `${tokenOf(request)} ${request.region} ${String(id)}`;
  const patch = alongside(['Address'], 'isMailingAddress', `${HIDE}id: id`, 'id', (objects, request) =>
    objects.map((o) => (stale.has(keyOf(request, hidden(o, 'id'))) ? { ...o, isMailingAddress: true } : o)),
  );
  return async (request, forward) => {
    const root = onlyRoot(request, 'addPublicLocation') ?? onlyRoot(request, 'changePublicContactLocation');
    const input = inputOf(root);
    const changed = root?.name === 'changePublicContactLocation' ? input?.addressId : undefined;
    if (changed !== undefined && typeof input?.isMailingAddress === 'boolean')
      stale.delete(keyOf(request, changed));
    if (!root || !input || input.isMailingAddress !== true || typeof input.contactId !== 'string')
      return patch(request, forward);
    const before = (await read(
      request,
      forward,
      'query($id: ID!) { v: contact(id: $id) { addresses { id isMailingAddress } } }',
      { id: input.contactId },
    )) as { addresses?: { id?: unknown; isMailingAddress?: unknown }[] | null } | null | undefined;
    // Remembered before the write, so that its own answer reads them so too; forgotten if it is refused.
    const added = (before?.addresses ?? [])
      .filter((a) => a.isMailingAddress === true && a.id !== changed)
      .map((a) => keyOf(request, a.id))
      .filter((k) => !stale.has(k));
    added.forEach((k) => stale.add(k));
    const answer = await patch(request, forward);
    const result = dataOf(answer)?.[root.key];
    const refused =
      !isObject(result) || (Array.isArray(result.validationErrors) && result.validationErrors.length > 0);
    if (refused) added.forEach((k) => stale.delete(k));
    return answer;
  };
}

/** updateActivity changing the type keeps the old type's name in `type` (a denormalised column not refreshed). */
function activityTypeNameStale(): Handler {
  /** Per token, region and activity id: the type id it was changed to and the old name it still shows. */
  const stale = new Map<string, { typeId: unknown; name: unknown }>();
  const keyOf = (request: Incoming, id: unknown) => `${tokenOf(request)} ${request.region} ${String(id)}`;
  const patch = alongside(
    ['Activity', 'ActivityView'],
    'type',
    `${HIDE}id: id ${HIDE}typeId: typeId`,
    'id',
    (objects, request) =>
      objects.map((o) => {
        const s = stale.get(keyOf(request, hidden(o, 'id')));
        return s && s.typeId === hidden(o, 'typeId') ? { ...o, type: s.name } : o;
      }),
  );
  return async (request, forward) => {
    const root = onlyRoot(request, 'updateActivity');
    const input = inputOf(root);
    const id = input?.activityId ?? input?.id;
    if (!root || !input || typeof id !== 'string') return patch(request, forward);
    const before = (await read(request, forward, 'query($id: ID!) { v: activity(id: $id) { typeId type } }', {
      id,
    })) as { typeId?: unknown; type?: unknown } | null | undefined;
    const key = keyOf(request, id);
    const previous = stale.get(key);
    const changing = !!before && typeof input.typeId === 'string' && input.typeId !== before.typeId;
    // Remembered before the write, so that its own answer shows the old name; taken back if it is refused.
    if (changing) {
      const shown = previous && previous.typeId === before.typeId ? previous.name : before.type;
      stale.set(key, { typeId: input.typeId, name: shown });
    }
    const answer = await patch(request, forward);
    const result = dataOf(answer)?.[root.key];
    const ok =
      isObject(result) && Array.isArray(result.validationErrors) && result.validationErrors.length === 0;
    if (changing && !ok) {
      if (previous) stale.set(key, previous);
      else stale.delete(key);
    }
    return answer;
  };
}

/** changePublicContactLocation given another contact's address changes it (the owner of the address is not checked). */
const otherContactsAddressChanged = fallbackOnRefusal(
  'changePublicContactLocation',
  'addressId',
  async (input, request, forward) => {
    const contacts = (await read(
      request,
      forward,
      '{ v: searchFirmContacts(limit: 1000) { models { id addresses { id } } } }',
    )) as { models?: { id?: unknown; addresses?: { id?: unknown }[] | null }[] } | undefined;
    const owner = (contacts?.models ?? []).find((c) =>
      (c.addresses ?? []).some((a) => a.id === input.addressId),
    );
    return owner ? { ...input, contactId: owner.id } : input;
  },
);

/** addPerson and addCompany naming a mailing address that is not given store the contact without one. */
const missingMailingAddressAsNone: Handler = (request, forward) => {
  const operation = onlyRoot(request, 'addCompany') ? 'addCompany' : 'addPerson';
  return fallbackOnRefusal(operation, 'mailingAddress', (input) =>
    Promise.resolve({ ...input, mailingAddress: 'None' }),
  )(request, forward);
};

/** addPerson given a companyName several companies have takes the first of them instead of refusing. */
const ambiguousCompanyNameFirst = fallbackOnRefusal(
  'addPerson',
  'companyName',
  async (input, request, forward) => {
    if (input.companyId || typeof input.companyName !== 'string') return input;
    const name = input.companyName.trim().toLocaleLowerCase('en');
    const found = (await read(
      request,
      forward,
      'query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: 1000) { models { id ... on Company { name } } } }',
      {
        f: [
          { field: 'company', value: input.companyName.trim() },
          { field: 'contactEntity', value: 'Company' },
        ],
      },
    )) as { models?: { id?: unknown; name?: unknown }[] } | undefined;
    const first = (found?.models ?? []).find((c) => lower(c.name) === name);
    if (!first) return input;
    const { companyName: _c, ...rest } = input;
    return { ...rest, companyId: first.id };
  },
);

/** firmContactEventViews events hidden from every read (by contact id and event date). */
function hiding(silent: Set<string>): Handler {
  return droppingEvents(
    'firmContactEventViews',
    'eventType eventDate contactId',
    () => (e) =>
      e.eventType === 'ContactUpdated' && silent.has(`${String(e.contactId)} ${String(e.eventDate)}`),
  );
}

/** The ContactUpdated events of one contact, newest first (keys `<contactId> <eventDate>`). */
async function contactUpdates(request: Incoming, forward: Forward, contactId: string): Promise<string[]> {
  const page = (await read(
    request,
    forward,
    'query($f: FirmContactEventViewFilterInput) { v: firmContactEventViews(filter: $f, sort: [{ field: eventDate, direction: Descending }], limit: 50) { models { eventDate contactId } } }',
    { f: { contactIds: [contactId], eventTypes: ['ContactUpdated'] } },
  )) as { models?: { eventDate?: unknown; contactId?: unknown }[] } | undefined;
  return (page?.models ?? []).map((e) => `${String(e.contactId)} ${String(e.eventDate)}`);
}

/**
 * updatePublicPerson that changes nothing still saves the person (an UPDATE without a change check), so a
 * ContactUpdated event is recorded for it.
 */
function unchangedUpdateRecorded(): Handler {
  const silent = new Set<string>();
  const drop = hiding(silent);
  return async (request, forward) => {
    const root = onlyRoot(request, 'updatePublicPerson');
    const input = inputOf(root);
    if (!root || !input || typeof input.id !== 'string')
      return silent.size > 0 ? drop(request, forward) : forward(request);
    const answer = await forward(request);
    const result = dataOf(answer)?.[root.key];
    const errors = isObject(result) ? result.validationErrors : undefined;
    if (!isObject(result) || result.status !== 'NoChange' || (Array.isArray(errors) && errors.length > 0))
      return answer;
    // The save the service makes anyway: written here as a change and its undo, the first hidden.
    const person = (await read(request, forward, 'query($id: ID!) { v: person(id: $id) { assistantName } }', {
      id: input.id,
    })) as { assistantName?: unknown } | null | undefined;
    if (!person) return answer;
    const original = typeof person.assistantName === 'string' ? person.assistantName : null;
    const write =
      'mutation($id: ID!, $a: String) { v: updatePublicPerson(input: { id: $id, assistantName: $a }) { status } }';
    const before = new Set(await contactUpdates(request, forward, input.id));
    await forward(sibling(request, write, { id: input.id, a: `${original ?? ''} (saving)`.trim() }));
    for (const key of await contactUpdates(request, forward, input.id)) if (!before.has(key)) silent.add(key);
    await forward(sibling(request, write, { id: input.id, a: original }));
    return answer;
  };
}

/** A person's employer is cached for 60 seconds per person (a loader cache shared between requests). */
function employerCached(ttlMs = 60_000): Handler {
  const cache = new Map<string, { at: number; employer: unknown }>();
  const keyOf = (request: Incoming, id: unknown) => `${tokenOf(request)} ${request.region} ${String(id)}`;
  return alongside(
    ['Person', 'Contact'],
    'currentEmployer',
    `... on Person { ${HIDE}id: id }`,
    'id',
    (objects, request) =>
      objects.map((o) => {
        if (!('currentEmployer' in o)) return o;
        const key = keyOf(request, hidden(o, 'id'));
        const hit = cache.get(key);
        const now = Date.now();
        if (hit && now - hit.at < ttlMs) {
          const same =
            hit.employer === null ||
            o.currentEmployer === null ||
            (isObject(hit.employer) &&
              isObject(o.currentEmployer) &&
              Object.keys(hit.employer).join() === Object.keys(o.currentEmployer).join());
          return same ? { ...o, currentEmployer: hit.employer } : o;
        }
        cache.set(key, { at: now, employer: o.currentEmployer });
        return o;
      }),
  );
}

const PERSON_UPDATES = new Set([
  'updatePublicPerson',
  'editPersonEmploymentInformation',
  'updateContactAdditionalFields',
]);

/** A refused person update answers status Updated beside its validationErrors (the status set before the checks). */
const refusedPersonUpdateStatusUpdated: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => PERSON_UPDATES.has(r.name));
  if (roots.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const r of roots) {
    const result = data[r.key];
    if (
      isObject(result) &&
      result.status === 'NoChange' &&
      Array.isArray(result.validationErrors) &&
      result.validationErrors.length > 0
    )
      next[r.key] = { ...result, status: 'Updated' };
  }
  return withData(answer, next);
};

export const HOLDOUT20: Mutant[] = [
  {
    id: 'holdout20.paging.search-total-capped-at-100',
    class: 'paging',
    description: 'searchFirmContacts answers totalModels 100 whenever more than 100 contacts match',
    names: /totalModels|searchFirmContacts|page|paging|total/i,
    handle: searchTotalCapped,
  },
  {
    id: 'holdout20.paging.search-city-whole-name-only',
    class: 'paging',
    description:
      'the city filter of searchFirmContacts matches only a whole city name, not a part of it (an equality instead of contains)',
    names: /city|searchFirmContacts|filter|totalModels/i,
    handle: cityWholeName,
  },
  {
    id: 'holdout20.paging.search-term-skips-email-addresses',
    class: 'paging',
    description:
      "the term filter of searchFirmContacts no longer matches contacts' e-mail addresses (only names and employers)",
    names: /term|emailAddress|searchFirmContacts|filter|totalModels/i,
    handle: termSkipsEmail,
  },
  {
    id: 'holdout20.paging.search-company-filter-companies-only',
    class: 'paging',
    description:
      'the company filter of searchFirmContacts finds the companies of that name but not the people they employ',
    names: /company|employer|searchFirmContacts|filter|totalModels/i,
    handle: companyFilterCompaniesOnly,
  },
  {
    id: 'holdout20.paging.search-tag-filter-substring',
    class: 'paging',
    description:
      'the tag filter of searchFirmContacts matches every tag containing the text ("event" finds "Event Attendee")',
    names: /tag|searchFirmContacts|filter|totalModels/i,
    handle: tagFilterSubstring,
  },
  {
    id: 'holdout20.paging.activities-contact-ids-all-of',
    class: 'paging',
    description:
      'activities filtered by several contactIds answer only the activities linked to all of them, not to any of them',
    names: /contactIds|activities|filter|totalModels/i,
    handle: contactIdsAllOf,
  },
  {
    id: 'holdout20.paging.opportunities-lead-ids-match-principals',
    class: 'paging',
    description:
      'opportunities filtered by leadIds also answer the opportunities those people are only principals of',
    names: /leadIds|lead|opportunities|principal|filter|totalModels/i,
    handle: leadIdsMatchPrincipals,
  },
  {
    id: 'holdout20.sort.insights-firm-side-first',
    class: 'sort',
    description:
      "getRelationshipInsights lists the firm's connected people before the company's own employees",
    names: /getRelationshipInsights|insight|isTargetCompany|order|sort/i,
    handle: insightsFirmSideFirst,
  },
  {
    id: 'holdout20.null.activity-person-primary-email-business-only',
    class: 'nullability',
    description:
      "a linked person's primaryEmail is null when the person has no Business e-mail (the fallback to their first e-mail lost)",
    names: /primaryEmail|linkedActivityContacts|ActivityPerson|email|null/i,
    handle: primaryEmailBusinessOnly,
  },
  {
    id: 'holdout20.null.employee-current-employer',
    class: 'nullability',
    description:
      "a firm employee's currentEmployer is null (the employer join leaves out the firm's own company)",
    names: /currentEmployer|employer|isEmployee|null/i,
    handle: employeeEmployerNull,
  },
  {
    id: 'holdout20.enums.contact-type-any-as-person',
    class: 'enums',
    description: 'contactTypes answer allowedContactEntity Person for the types that allow any contact (Any)',
    names: /allowedContactEntity|contactTypes|Any|Person|enum/i,
    handle: contactTypeAnyAsPerson,
  },
  {
    id: 'holdout20.enums.results-from-filter-beside-term',
    class: 'enums',
    description:
      'searchFirmContacts answers resultsFrom Filter when a term filter comes with other filters (Term only for a lone term)',
    names: /resultsFrom|Term|searchFirmContacts/i,
    handle: resultsFromFilterBesideTerm,
  },
  {
    id: 'holdout20.versions.1.2.0-activities-newest-first',
    class: 'versions',
    description: 'the 1.2.0 activities without a sort come newest first instead of by date ascending',
    names: /activities|1\.2\.0|order|sort|date/i,
    handle: activitiesNewestFirstIn120,
  },
  {
    id: 'holdout20.versions.1.2.0-score-strength-zero-based',
    class: 'versions',
    description:
      "the 1.2.0 endpoint answers a contact's relationshipScore.strength one lower (zero-based: level 1 reads 0)",
    names: /strength|relationshipScore|Score|1\.2\.0/i,
    handle: strengthZeroBased,
  },
  {
    id: 'holdout20.dates.range-without-from-ignored',
    class: 'dates',
    description:
      "a date range given only its to bound is ignored (activities' date, opportunities' dateOpened): every item is answered",
    names: /date|dateOpened|activities|opportunities|filter|to\b|totalModels/i,
    handle: rangeWithoutFromIgnored,
  },
  {
    id: 'holdout20.tenancy.limited-search-ids-reach-full',
    class: 'tenancy',
    description:
      "the limited tenant's searchFirmContacts with an ids filter also answers the full tenant's contacts of those ids",
    names: /tenant|limited|searchFirmContacts|ids|leak|isolation/i,
    handle: limitedSearchIdsReachFull,
  },
  {
    id: 'holdout20.errors.search-unknown-sort-field-ignored',
    class: 'errors',
    description:
      'searchFirmContacts sorted by a field it does not know answers in its default order instead of a BAD_USER_INPUT error',
    names: /BAD_USER_INPUT|sort|searchFirmContacts|field/i,
    handle: unknownSortFieldIgnored,
  },
  {
    id: 'holdout20.region.eu-phone-numbers-e164',
    class: 'region',
    description:
      'phone numbers on the eu endpoint come in E.164 form without spaces or dashes (+12159739109), not as stored',
    names: /phone|number|eu|region/i,
    handle: euPhonesE164,
  },
  {
    id: 'holdout20.auth.hidden-opportunity-by-id-null',
    class: 'auth',
    description:
      'opportunity(id) of a confidential opportunity the user is not involved in answers null instead of the hidden opportunity',
    names: /opportunity|shouldBeHidden|confidential|null|hidden/i,
    handle: hiddenOpportunityByIdNull,
  },
  {
    id: 'holdout20.persistence.person-address-update-merged',
    class: 'persistence',
    description:
      "updatePublicPerson given an address keeps the business address's parts it leaves out instead of replacing the address",
    names: /address|updatePublicPerson|street|city|postalCode|country/i,
    handle: personAddressMerged,
  },
  {
    id: 'holdout20.persistence.add-person-job-title-needs-employer',
    class: 'persistence',
    description:
      'addPerson stores the jobTitle only when an employer is given (a person without one loses it)',
    names: /jobTitle|currentJobTitle|addPerson/i,
    handle: jobTitleNeedsEmployer,
  },
  {
    id: 'holdout20.persistence.location-mailing-flag-not-cleared',
    class: 'persistence',
    description:
      "a new mailing address (addPublicLocation, changePublicContactLocation) leaves the contact's former mailing address flagged too",
    names: /isMailingAddress|mailing|addPublicLocation|changePublicContactLocation|address/i,
    handle: mailingFlagNotCleared(),
  },
  {
    id: 'holdout20.persistence.activity-type-name-stale',
    class: 'persistence',
    description:
      "updateActivity changing the typeId keeps answering the old type's name in type (a copied column not refreshed)",
    names: /type|typeId|updateActivity|activity/i,
    handle: activityTypeNameStale(),
  },
  {
    id: 'holdout20.validation.location-change-other-contacts-address',
    class: 'validation',
    description:
      "changePublicContactLocation given an addressId of another contact changes that contact's address instead of refusing",
    names: /addressId|changePublicContactLocation|validationErrors|address/i,
    handle: otherContactsAddressChanged,
  },
  {
    id: 'holdout20.validation.missing-mailing-address-as-none',
    class: 'validation',
    description:
      'addPerson and addCompany naming a mailingAddress that is not given store the contact without a mailing address instead of refusing',
    names: /mailingAddress|addPerson|addCompany|validationErrors/i,
    handle: missingMailingAddressAsNone,
  },
  {
    id: 'holdout20.validation.ambiguous-company-name-first',
    class: 'validation',
    description:
      'addPerson given a companyName that several companies carry employs the person at the first of them instead of refusing',
    names: /companyName|addPerson|employer|validationErrors|currentEmployer/i,
    handle: ambiguousCompanyNameFirst,
  },
  {
    id: 'holdout20.events.unchanged-person-update-recorded',
    class: 'events',
    description:
      'updatePublicPerson that changes nothing (status NoChange) still records a ContactUpdated event',
    names: /ContactUpdated|firmContactEventViews|updatePublicPerson|NoChange|event/i,
    handle: unchangedUpdateRecorded(),
  },
  {
    id: 'holdout20.caching.person-employer-cached',
    class: 'caching',
    description:
      "a person's currentEmployer is cached for 60 seconds per person: a changed employment shows the old employer",
    names: /currentEmployer|employer|editPersonEmploymentInformation|cache|stale/i,
    handle: employerCached(),
  },
  {
    id: 'holdout20.errors.refused-person-update-status-updated',
    class: 'errors',
    description:
      'a refused updatePublicPerson, editPersonEmploymentInformation or updateContactAdditionalFields answers status Updated instead of NoChange',
    names:
      /status|NoChange|Updated|validationErrors|updatePublicPerson|editPersonEmploymentInformation|updateContactAdditionalFields/i,
    handle: refusedPersonUpdateStatusUpdated,
  },
];
