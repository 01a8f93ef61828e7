/**
 * A fifteenth held-out set of regressions, on the contact side of the API (persons, companies, contact
 * search and its filters, relationship scores, contact types, lists and their members, introspection and
 * revision differences, HTTP behaviour of reads), chosen from the spec and from what vendors ship, without
 * looking at the scenarios or checks. `npm run mutation-score -- --set holdout15` runs them.
 */
import { getNamedType, Kind, type FieldNode } from 'graphql';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, rootSelections, type RootSelection } from './holdout2.js';
import { selectedUnder, sibling } from './holdout5.js';
import { onMutationInput } from './holdout6.js';
import { onAnswer, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import {
  mapArgument,
  onData,
  onFields,
  rewriteFields,
  rootFields,
  selecting,
  selectsField,
} from './rewrite.js';

/** A JSON answer typed as the request's Accept header asks (application/json unless it asks for the other). */
function answerFor(request: Incoming, status: number, json: unknown, headers: Record<string, string> = {}) {
  const type = /application\/graphql-response\+json/.test(request.headers.accept ?? '')
    ? 'application/graphql-response+json; charset=utf-8'
    : 'application/json; charset=utf-8';
  return jsonAnswer(status, json, { 'content-type': type, ...headers });
}

/** The answer with its `data` replaced. */
function withData(answer: Answer, data: Record<string, unknown>): Answer {
  return { ...answer, json: { ...(answer.json as object), data } };
}

/** The only root selection of a request when it is the operation named, else undefined. */
function single(request: Incoming, name: string): RootSelection | undefined {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/** The result of the only root field of a request as the mutant builds it: a refusal of the write. */
function refusal(request: Incoming, root: RootSelection, propertyName: string, message: string): Answer {
  const result: Record<string, unknown> = {};
  for (const name of selectedUnder(request, root.key))
    result[name] =
      name === 'validationErrors' ? [{ propertyName, message }] : name === 'status' ? 'NoChange' : null;
  return answerFor(request, 200, { data: { [root.key]: result } });
}

// ---- contact search -----------------------------------------------------------------------------------

type Filter = { field?: unknown; value?: unknown; values?: unknown };

/** The filter entries of a search argument (one input or a list) that give something to match. */
function givenFilters(filter: unknown): Filter[] {
  const entries = Array.isArray(filter) ? filter : filter ? [filter] : [];
  return (entries as (Filter | null)[]).filter(
    (f): f is Filter =>
      !!f && ((f.value !== undefined && f.value !== null) || (f.values !== undefined && f.values !== null)),
  );
}

/** Every contact a search filter finds, in the search's order (pages of 1000), with `fields`. */
async function allMatches(
  request: Incoming,
  forward: Forward,
  filter: unknown,
  sort: unknown,
  fields: string,
): Promise<Record<string, unknown>[] | undefined> {
  const out: Record<string, unknown>[] = [];
  for (;;) {
    const answer = await forward(
      sibling(
        request,
        `query($f: [ContactFilterInput], $s: SortInput, $k: Int) { s: searchFirmContacts(filter: $f, sort: $s, skip: $k, limit: 1000) { totalModels models { ${fields} } } }`,
        { f: filter ?? null, s: sort ?? null, k: out.length },
      ),
    );
    const page = dataOf(answer)?.s as
      { totalModels?: unknown; models?: Record<string, unknown>[] } | null | undefined;
    if (!page || !Array.isArray(page.models)) return undefined;
    out.push(...page.models);
    if (page.models.length === 0 || out.length >= Number(page.totalModels)) return out;
  }
}

/**
 * A search answered as if its filters had found exactly the contacts `ids` (in the search's own order and
 * paging), with the searchTerms and resultsFrom of the filters the client gave.
 */
async function searchFound(
  request: Incoming,
  forward: Forward,
  root: RootSelection,
  ids: unknown[],
): Promise<Answer> {
  const original = await forward(request);
  const before = dataOf(original)?.[root.key] as Record<string, unknown> | null | undefined;
  if (!before) return original;
  const answer = await forward(
    rewriteFields(request, (node, field, vars) =>
      node.name.value === 'searchFirmContacts'
        ? mapArgument(node, field, vars, 'filter', () => [{ field: 'ids', values: ids }])
        : undefined,
    ),
  );
  const page = dataOf(answer)?.[root.key] as Record<string, unknown> | null | undefined;
  if (!page) return original;
  const echoed = { ...page };
  for (const key of ['searchTerms', 'resultsFrom']) if (key in before) echoed[key] = before[key];
  return withData(answer, { ...dataOf(answer), [root.key]: echoed });
}

/** Several search filters are joined with OR: a contact matching any one of them is found. */
const filtersJoinedWithOr: Handler = async (request, forward) => {
  const root = single(request, 'searchFirmContacts');
  const filters = givenFilters(root?.args.filter);
  if (!root || filters.length < 2) return forward(request);
  const ids = new Set<unknown>();
  for (const f of filters) {
    const found = await allMatches(request, forward, [f], null, 'id');
    if (!found) return forward(request);
    for (const c of found) ids.add(c.id);
  }
  return searchFound(request, forward, root, [...ids]);
};

/** The tag filter compares case-sensitively (a binary collation): "event attendee" no longer finds "Event Attendee". */
const tagFilterCaseSensitive: Handler = async (request, forward) => {
  const root = single(request, 'searchFirmContacts');
  const tags = givenFilters(root?.args.filter)
    .filter((f) => f.field === 'tag' && typeof f.value === 'string')
    .map((f) => (f.value as string).trim());
  if (!root || tags.length === 0) return forward(request);
  const found = await allMatches(request, forward, root.args.filter, null, 'id tags');
  if (!found) return forward(request);
  const kept = found.filter((c) =>
    tags.every((tag) => Array.isArray(c.tags) && (c.tags as unknown[]).includes(tag)),
  );
  return kept.length === found.length
    ? forward(request)
    : searchFound(
        request,
        forward,
        root,
        kept.map((c) => c.id),
      );
};

/** The models of a search page asked with another window. */
async function windowOf(request: Incoming, forward: Forward, key: string, skip: number, limit: number) {
  if (limit <= 0) return [];
  const answer = await forward(
    rewriteFields(request, (node, field, vars) => {
      if (node.name.value !== 'searchFirmContacts') return undefined;
      const skipped = mapArgument(node, field, vars, 'skip', () => skip) ?? node;
      return mapArgument(skipped, field, vars, 'limit', () => limit) ?? skipped;
    }),
  );
  const models = (dataOf(answer)?.[key] as { models?: unknown } | null | undefined)?.models;
  return Array.isArray(models) ? (models as unknown[]) : undefined;
}

/**
 * A search sorted Ascending by firstName or lastName puts the contacts without that name (companies)
 * first instead of last (NULLS FIRST of the database's default collation).
 */
const absentNamesFirst: Handler = async (request, forward) => {
  const root = single(request, 'searchFirmContacts');
  const sort = root?.args.sort as { field?: unknown; direction?: unknown } | null | undefined;
  if (
    !root ||
    !sort ||
    (sort.field !== 'firstName' && sort.field !== 'lastName') ||
    (sort.direction !== undefined && sort.direction !== null && sort.direction !== 'Ascending')
  )
    return forward(request);
  const answer = await forward(request);
  const page = dataOf(answer)?.[root.key] as Record<string, unknown> | null | undefined;
  if (!page || !Array.isArray(page.models)) return answer;
  const all = await allMatches(
    request,
    forward,
    root.args.filter,
    sort,
    `id ... on Person { k: ${sort.field} }`,
  );
  if (!all) return answer;
  const total = all.length;
  const named = all.filter((c) => c.k !== null && c.k !== undefined).length;
  const absent = total - named;
  if (absent === 0 || named === 0) return answer;
  const skip = typeof root.args.skip === 'number' ? root.args.skip : 0;
  const limit = typeof root.args.limit === 'number' ? root.args.limit : 100;
  const end = Math.min(skip + limit, total);
  // Mutant positions below `absent` hold the unnamed contacts (correct positions from `named` on).
  const firstEnd = Math.min(end, absent);
  const first =
    skip < absent ? await windowOf(request, forward, root.key, named + skip, firstEnd - skip) : [];
  const from = Math.max(skip, absent);
  const second = end > from ? await windowOf(request, forward, root.key, from - absent, end - from) : [];
  if (!first || !second) return answer;
  return withData(answer, { ...dataOf(answer), [root.key]: { ...page, models: [...first, ...second] } });
};

// ---- nullability --------------------------------------------------------------------------------------

const CONTACT_TYPES = new Set(['Contact', 'Person', 'Company']);
const KIND = 'h15Kind';

/** The request with `h15Kind: __typename` selected on every contact object. */
function withKinds(request: Incoming): Incoming {
  return rewriteFields(request, (node, field) => {
    if (!node.selectionSet || !CONTACT_TYPES.has(getNamedType(field.type).name)) return undefined;
    const kind: FieldNode = {
      kind: Kind.FIELD,
      alias: { kind: Kind.NAME, value: KIND },
      name: { kind: Kind.NAME, value: '__typename' },
    };
    return {
      ...node,
      selectionSet: { ...node.selectionSet, selections: [...node.selectionSet.selections, kind] },
    };
  });
}

/** A JSON tree without the kinds `withKinds` asked for, each object passed to `fn` with its kind first. */
function stripKinds(value: unknown, fn: (holder: Record<string, unknown>, kind: unknown) => void): unknown {
  if (Array.isArray(value)) return value.map((v) => stripKinds(v, fn));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (key !== KIND) out[key] = stripKinds(v, fn);
  fn(out, (value as Record<string, unknown>)[KIND]);
  return out;
}

/** A company's relationshipScore is null (the score is joined for persons only). */
const companyScoreNull: Handler = async (request, forward) => {
  if (
    !selectsField(request, 'Company', 'relationshipScore') &&
    !selectsField(request, 'Contact', 'relationshipScore')
  )
    return forward(request);
  const answer = await forward(withKinds(request));
  const data = dataOf(answer);
  if (!data) return answer;
  const next = stripKinds(data, (holder, kind) => {
    if (kind === 'Company' && 'relationshipScore' in holder) holder.relationshipScore = null;
  });
  return withData(answer, next as Record<string, unknown>);
};

// ---- versions -----------------------------------------------------------------------------------------

/** 1.2.0 Score.strength answers the 1.4.0 score value rounded (a legacy resolver mapped to the new column). */
const legacyStrengthFromValue: Handler = async (request, forward) => {
  if (request.version !== '1.2.0' || !selectsField(request, 'Score', 'strength')) return forward(request);
  const legacy = await forward(request);
  if (!dataOf(legacy) || (legacy.json as { errors?: unknown }).errors !== undefined) return legacy;
  const keys = new Set<string>();
  const current = await forward(
    rewriteFields({ ...request, version: '1.4.0' }, (node) => {
      // Only Score has a field named strength (relationship types name theirs strengthScale).
      if (node.name.value !== 'strength') return undefined;
      const alias = node.alias ?? { kind: Kind.NAME, value: 'strength' };
      keys.add(alias.value);
      return { ...node, alias, name: { kind: Kind.NAME, value: 'value' } };
    }),
  );
  if (!dataOf(current) || (current.json as { errors?: unknown }).errors !== undefined) return legacy;
  return onDataOf(current, (key, value) =>
    keys.has(key) && typeof value === 'number' ? Math.round(value) : value,
  );
};

/** An answer with its `data` rewritten key by key. */
function onDataOf(
  answer: Answer,
  fn: (key: string, value: unknown, holder: Record<string, unknown>) => unknown,
): Answer {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const holder = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(holder)) out[k] = fn(k, walk(v), holder);
    return out;
  };
  return withData(answer, walk(dataOf(answer)) as Record<string, unknown>);
}

/** The 1.4.0 endpoint refuses introspection (disabled in production, as a hardening guide advises). */
const introspectionRefused: Handler = (request, forward) => {
  const roots = rootFields(request);
  const field = roots.find((f) => f === '__schema' || f === '__type');
  return request.version === '1.4.0' && field !== undefined
    ? Promise.resolve(
        validationFailure(
          request,
          `GraphQL introspection has been disabled, but the requested query contained the field "${field}".`,
        ),
      )
    : forward(request);
};

/** The 1.2.0 endpoint's ContactFilterField lacks contactTypeIds (an older enum was deployed there). */
const legacyContactTypeIdsUnknown: Handler = (request, forward) => {
  const uses = rootSelections(request).some(
    (r) =>
      r.name === 'searchFirmContacts' &&
      givenFilters(r.args.filter).some((f) => f.field === 'contactTypeIds'),
  );
  return request.version === '1.2.0' && uses
    ? Promise.resolve(
        validationFailure(request, 'Value "contactTypeIds" does not exist in "ContactFilterField" enum.'),
      )
    : forward(request);
};

/** Introspection answers no possibleTypes for the Contact interface (Person and Company not registered as its implementations). */
const contactPossibleTypesMissing: Handler = async (request, forward) => {
  const answer = await forward(request);
  const roots = rootSelections(request);
  const data = dataOf(answer);
  if (!data || !roots.some((r) => r.name === '__schema' || r.name === '__type')) return answer;
  const contactRoots = roots
    .filter((r) => r.name === '__type' && r.args.name === 'Contact')
    .map((r) => r.key);
  const walked = dataOf(
    onDataOf(answer, (key, value, holder) =>
      key === 'possibleTypes' && Array.isArray(value) && holder.name === 'Contact' ? [] : value,
    ),
  )!;
  for (const key of contactRoots) {
    const type = walked[key] as Record<string, unknown> | null | undefined;
    if (type && Array.isArray(type.possibleTypes)) walked[key] = { ...type, possibleTypes: [] };
  }
  return withData(answer, walked);
};

// ---- http and errors ----------------------------------------------------------------------------------

/** Accept headers that name no JSON type (a wildcard, or none) are refused 406 instead of answered as JSON. */
const wildcardAcceptRefused: Handler = (request, forward) =>
  /application\/(graphql-response\+)?json/.test(request.headers.accept ?? '')
    ? forward(request)
    : Promise.resolve(
        jsonAnswer(
          406,
          {
            errors: [
              {
                message: 'Not acceptable: accept application/graphql-response+json or application/json.',
                extensions: { code: 'NOT_ACCEPTABLE' },
              },
            ],
          },
          { 'content-type': 'application/json; charset=utf-8' },
        ),
      );

/** The codes of an answer's errors. */
function codes(answer: Answer): string[] {
  const errors = (answer.json as { errors?: { extensions?: { code?: unknown } }[] } | undefined)?.errors;
  return Array.isArray(errors) ? errors.map((e) => String(e?.extensions?.code ?? '')) : [];
}

/** An answer with a BAD_USER_INPUT error comes with HTTP 400 (a REST reflex), also under application/json. */
const badUserInput400 = onAnswer((answer) =>
  answer.status === 200 && codes(answer).includes('BAD_USER_INPUT') ? { ...answer, status: 400 } : answer,
);

/** The answer with each error rewritten by `fn` (when it has a list of them). */
function onEachError(
  fn: (error: Record<string, unknown>, request: Incoming) => Record<string, unknown>,
): Handler {
  return async (request, forward) => {
    const answer = await forward(request);
    const body = answer.json as { errors?: unknown } | undefined;
    if (!body || typeof body !== 'object' || !Array.isArray(body.errors)) return answer;
    return {
      ...answer,
      json: {
        ...body,
        errors: body.errors.map((e) =>
          e && typeof e === 'object' ? fn(e as Record<string, unknown>, request) : e,
        ),
      },
    };
  };
}

/** An error's path names the root field, not the alias it was asked under. */
const pathAliasLost = onEachError((error, request) => {
  const path = error.path;
  if (!Array.isArray(path) || typeof path[0] !== 'string') return error;
  const root = rootSelections(request).find((r) => r.key === path[0]);
  return root && root.key !== root.name ? { ...error, path: [root.name, ...path.slice(1)] } : error;
});

/** A contact search filter given value where values is expected (or the reverse) is an internal error. */
const filterMisuseInternal = onEachError((error, request) => {
  const extensions = error.extensions as { code?: unknown } | undefined;
  return extensions?.code === 'BAD_USER_INPUT' &&
    typeof error.message === 'string' &&
    /^filter\[\d+\]/.test(error.message) &&
    rootFields(request).includes('searchFirmContacts')
    ? {
        ...error,
        message: 'Internal server error',
        extensions: { ...extensions, code: 'INTERNAL_SERVER_ERROR' },
      }
    : error;
});

// ---- persistence --------------------------------------------------------------------------------------

const BY_ID = new Set(['person', 'contact']);
const NAME_KEYS = ['title', 'firstName', 'middleName', 'lastName', 'suffix', 'goesBy'];

/**
 * displayName and fullName are stored columns that updatePublicPerson does not recompute: a renamed
 * person keeps the names it had before.
 */
function displayNameStale(): Handler {
  const stale = new Map<string, { displayName: unknown; fullName: unknown }>();
  const names = (object: unknown, kept: { displayName: unknown; fullName: unknown } | undefined): unknown => {
    if (!kept || !object || typeof object !== 'object' || Array.isArray(object)) return object;
    const out = { ...(object as Record<string, unknown>) };
    if ('displayName' in out) out.displayName = kept.displayName;
    if ('fullName' in out) out.fullName = kept.fullName;
    return out;
  };
  const staleOut = (request: Incoming, answer: Answer): Answer => {
    if (stale.size === 0 || !dataOf(answer)) return answer;
    const walked = onDataOf(answer, (key, value, holder) => {
      const kept = typeof holder.id === 'string' ? stale.get(holder.id) : undefined;
      return kept && (key === 'displayName' || key === 'fullName') ? kept[key] : value;
    });
    // A person read by id, or the item of its update, is that person even when its id is not selected.
    const data = { ...dataOf(walked) };
    for (const root of rootSelections(request)) {
      const id = BY_ID.has(root.name) ? root.args.id : (root.args.input as { id?: unknown } | undefined)?.id;
      const kept = typeof id === 'string' ? stale.get(id) : undefined;
      if (!kept) continue;
      if (BY_ID.has(root.name)) data[root.key] = names(data[root.key], kept);
      else if (root.name === 'updatePublicPerson') {
        const result = data[root.key] as { item?: unknown } | null | undefined;
        if (result && typeof result === 'object')
          data[root.key] = { ...result, item: names(result.item, kept) };
      }
    }
    return withData(walked, data);
  };
  return async (request, forward) => {
    const root = single(request, 'updatePublicPerson');
    const input = root?.args.input as Record<string, unknown> | undefined;
    const id = input?.id;
    if (!root || typeof id !== 'string' || stale.has(id) || !NAME_KEYS.some((k) => k in input!))
      return staleOut(request, await forward(request));
    const read = dataOf(
      await forward(
        sibling(request, 'query($id: ID!) { p: person(id: $id) { displayName fullName } }', { id }),
      ),
    )?.p as { displayName?: unknown; fullName?: unknown } | null | undefined;
    const answer = await forward(request);
    const result = dataOf(answer)?.[root.key] as { status?: unknown } | null | undefined;
    const check = dataOf(
      await forward(sibling(request, 'query($id: ID!) { p: person(id: $id) { displayName } }', { id })),
    )?.p as { displayName?: unknown } | null | undefined;
    if (read && result && check && check.displayName !== read.displayName)
      stale.set(id, { displayName: read.displayName, fullName: read.fullName });
    return staleOut(request, answer);
  };
}

/** editPersonEmploymentInformation ending an employment without a jobTitle keeps the old job title. */
const employmentEndKeepsJobTitle: Handler = async (request, forward) => {
  const root = single(request, 'editPersonEmploymentInformation');
  const input = root?.args.input as Record<string, unknown> | undefined;
  if (
    !root ||
    !input ||
    input.companyId !== null ||
    input.jobTitle !== undefined ||
    typeof input.personId !== 'string'
  )
    return forward(request);
  const person = dataOf(
    await forward(
      sibling(request, 'query($id: ID!) { p: person(id: $id) { currentJobTitle } }', { id: input.personId }),
    ),
  )?.p as { currentJobTitle?: unknown } | null | undefined;
  const title = person?.currentJobTitle;
  if (typeof title !== 'string') return forward(request);
  return onMutationInput(new Set([root.name]), (i) => ({ ...i, jobTitle: title }))(request, forward);
};

/** addPerson and addCompany without mailingAddress flag no address as the mailing address (the default became None). */
const mailingDefaultNone = onMutationInput(new Set(['addPerson', 'addCompany']), (input) =>
  (input.mailingAddress === undefined || input.mailingAddress === null) &&
  (input.businessAddress || input.otherAddress)
    ? { ...input, mailingAddress: 'None' }
    : input,
);

/** addPerson given the employer by companyName (no companyId) stores the person without an employer. */
const employerByNameDropped = onMutationInput(new Set(['addPerson']), (input) => {
  if (typeof input.companyName !== 'string' || input.companyId) return input;
  const { companyName: _dropped, ...rest } = input;
  return rest;
});

// ---- validation ---------------------------------------------------------------------------------------

/** E-mail addresses with a "+" in their local part are refused as invalid (a too strict pattern). */
const plusAddressRefused: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots.length === 1 ? roots[0]! : undefined;
  const input = root?.args.input as Record<string, unknown> | undefined;
  if (!root || !input) return forward(request);
  let property: string | undefined;
  let text: unknown;
  if (root.name === 'addPerson' || root.name === 'addCompany') {
    property = 'emailAddress';
    text = input.emailAddress;
  } else if (root.name === 'updatePublicPerson') {
    property = 'email.electronicAddress';
    text = (input.email as { electronicAddress?: unknown } | null | undefined)?.electronicAddress;
  }
  if (!property || typeof text !== 'string' || !/^[^@]*\+[^@]*@/.test(text)) return forward(request);
  return refusal(request, root, property, `${property} must be a valid e-mail address (got "${text}").`);
};

/** An address country given as an ISO code (US, DE) is refused: only country names are matched. */
const isoCountryRefused: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root =
    roots.length === 1 && (roots[0]!.name === 'addPerson' || roots[0]!.name === 'addCompany')
      ? roots[0]
      : undefined;
  const input = root?.args.input as Record<string, unknown> | undefined;
  if (!root || !input) return forward(request);
  for (const key of ['businessAddress', 'otherAddress']) {
    const country = (input[key] as { country?: unknown } | null | undefined)?.country;
    if (typeof country === 'string' && /^[A-Za-z]{2,3}$/.test(country.trim()))
      return refusal(request, root, `${key}.country`, `No country named "${country}" exists.`);
  }
  return forward(request);
};

/** addContactsToLists skips companies for lists that allow any contact (the entity check treats Any as Person). */
const companiesSkippedFromAnyLists: Handler = async (request, forward) => {
  const root = single(request, 'addContactsToLists');
  const listIds = root?.args.listIds;
  const contactIds = root?.args.contactIds;
  if (!root || !Array.isArray(listIds) || !Array.isArray(contactIds) || listIds.length === 0)
    return forward(request);
  for (const id of listIds) {
    const list = dataOf(
      await forward(
        sibling(request, 'query($id: ID!) { l: list(id: $id) { allowedContactEntity } }', { id }),
      ),
    )?.l as { allowedContactEntity?: unknown } | null | undefined;
    if (list?.allowedContactEntity !== 'Any') return forward(request);
  }
  const companies: unknown[] = [];
  for (const id of contactIds) {
    const contact = dataOf(
      await forward(sibling(request, 'query($id: ID!) { c: company(id: $id) { id } }', { id })),
    )?.c;
    if (contact) companies.push(id);
  }
  if (companies.length === 0) return forward(request);
  const rest = contactIds.filter((id) => !companies.includes(id));
  const extra = companies.length * listIds.length;
  const total = contactIds.length * listIds.length;
  let counts: Record<string, unknown> = {
    totalCount: 0,
    successCount: 0,
    skippedCount: 0,
    skippedContactIds: [],
  };
  let answer: Answer | undefined;
  if (rest.length > 0) {
    answer = await forward(
      rewriteFields(request, (node, field, vars) =>
        node.name.value === 'addContactsToLists'
          ? mapArgument(node, field, vars, 'contactIds', () => rest)
          : undefined,
      ),
    );
    const result = dataOf(answer)?.[root.key] as Record<string, unknown> | null | undefined;
    if (!result) return answer;
    counts = result;
  }
  const skipped = Number(counts.skippedCount ?? 0) + extra;
  const out: Record<string, unknown> = {};
  for (const name of selectedUnder(request, root.key)) {
    if (name === 'totalCount') out[name] = total;
    else if (name === 'successCount') out[name] = answer ? counts.successCount : 0;
    else if (name === 'skippedCount') out[name] = skipped;
    else if (name === 'skippedContactIds')
      out[name] = [...((counts.skippedContactIds as unknown[] | undefined) ?? []), ...companies];
    else if (name === 'resultText')
      out[name] =
        typeof counts.resultText === 'string'
          ? counts.resultText.replace(/\d+ skipped of \d+/, `${skipped} skipped of ${total}`)
          : `0 contact-list links added, 0 already in place, ${skipped} skipped of ${total}.`;
    else out[name] = counts[name] ?? null;
  }
  return answer
    ? withData(answer, { ...dataOf(answer), [root.key]: out })
    : answerFor(request, 200, { data: { [root.key]: out } });
};

// ---- events -------------------------------------------------------------------------------------------

/** The keys (contact and date) of a contact's events of one type, as the request's tenant reads them. */
async function contactEvents(
  request: Incoming,
  forward: Forward,
  contactIds: unknown[],
  eventType: string,
): Promise<Set<string>> {
  const answer = await forward(
    sibling(
      request,
      'query($t: [FirmContactEventType!], $c: [ID!]) { v: firmContactEventViews(filter: { eventTypes: $t, contactIds: $c }, limit: 1000) { models { contactId eventDate } } }',
      { t: [eventType], c: contactIds },
    ),
  );
  const models = (
    dataOf(answer)?.v as { models?: { contactId?: unknown; eventDate?: unknown }[] } | undefined
  )?.models;
  return new Set((models ?? []).map((e) => `${String(e.contactId)}|${String(e.eventDate)}`));
}

/**
 * A firmContactEventViews that loses the `eventType` events the writes `picks` chooses record (their
 * contacts named by `contactsOf`): each such write's new events are noted and left out of later reads.
 */
function writeEventsDropped(
  eventType: string,
  picks: ReadonlySet<string>,
  contactsOf: (root: RootSelection, request: Incoming, forward: Forward) => Promise<unknown[]>,
): Handler {
  const dropped = new Set<string>();
  const drop = droppingEvents(
    'firmContactEventViews',
    'eventType contactId eventDate',
    () => (e) => e.eventType === eventType && dropped.has(`${String(e.contactId)}|${String(e.eventDate)}`),
  );
  return async (request, forward) => {
    const root = rootSelections(request).length === 1 ? rootSelections(request)[0] : undefined;
    if (!root || !picks.has(root.name)) return dropped.size > 0 ? drop(request, forward) : forward(request);
    const contacts = (await contactsOf(root, request, forward)).filter((c) => typeof c === 'string');
    if (contacts.length === 0) return forward(request);
    const before = await contactEvents(request, forward, contacts, eventType);
    const answer = await forward(request);
    for (const key of await contactEvents(request, forward, contacts, eventType))
      if (!before.has(key)) dropped.add(key);
    return answer;
  };
}

/** addPublicLocation and changePublicContactLocation record no ContactUpdated event. */
const locationUpdatesUnreported = writeEventsDropped(
  'ContactUpdated',
  new Set(['addPublicLocation', 'changePublicContactLocation']),
  (root) => Promise.resolve([(root.args.input as { contactId?: unknown } | undefined)?.contactId]),
);

/** removeWorkingList records no ContactRemovedFromList for the members of the removed list. */
const workingListRemovalsUnreported = writeEventsDropped(
  'ContactRemovedFromList',
  new Set(['removeWorkingList']),
  async (root, request, forward) => {
    const list = dataOf(
      await forward(
        sibling(request, 'query($id: ID!) { l: list(id: $id) { contacts(limit: 1000) { models { id } } } }', {
          id: root.args.listId,
        }),
      ),
    )?.l as { contacts?: { models?: { id?: unknown }[] } } | null | undefined;
    return (list?.contacts?.models ?? []).map((m) => m.id);
  },
);

/** Regressions the certification was not written against (a fifteenth blind set). */
export const HOLDOUT15: readonly Mutant[] = [
  {
    id: 'holdout15.paging.search-ids-filter-drops-last',
    class: 'paging',
    description:
      'a searchFirmContacts ids filter of several ids loses its last id (an off-by-one over values)',
    names: /ids|filter|searchFirmContacts|contact|found|missing/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'searchFirmContacts'
        ? mapArgument(node, field, vars, 'filter', (filter) => {
            const entries = Array.isArray(filter) ? (filter as Filter[]) : undefined;
            if (!entries?.some((f) => f?.field === 'ids' && Array.isArray(f.values) && f.values.length > 1))
              return filter;
            return entries.map((f) =>
              f?.field === 'ids' && Array.isArray(f.values) && f.values.length > 1
                ? { ...f, values: f.values.slice(0, -1) }
                : f,
            );
          })
        : undefined,
    ),
  },
  {
    id: 'holdout15.paging.contact-lists-list-ids-ignored',
    class: 'paging',
    description: "a contact's lists ignore their listIds argument and answer every list the contact is in",
    names: /listIds|lists|contact|filter|membership/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'lists' ? mapArgument(node, field, vars, 'listIds', () => undefined) : undefined,
    ),
  },
  {
    id: 'holdout15.paging.search-filters-joined-with-or',
    class: 'paging',
    description: 'searchFirmContacts given several filters finds the contacts matching any of them, not all',
    names: /filter|searchFirmContacts|AND|combine|search|found|totalModels/i,
    handle: filtersJoinedWithOr,
  },
  {
    id: 'holdout15.paging.search-tag-filter-case-sensitive',
    class: 'paging',
    description:
      'the tag filter of searchFirmContacts matches case-sensitively ("event attendee" finds nothing)',
    names: /tag|filter|case|searchFirmContacts|search|found/i,
    handle: tagFilterCaseSensitive,
  },
  {
    id: 'holdout15.paging.search-first-name-filter-on-last-name',
    class: 'paging',
    description:
      'the firstName filter of searchFirmContacts is matched against last names (a column mapped wrong)',
    names: /firstName|lastName|filter|searchFirmContacts|search|searchTerms/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'searchFirmContacts'
        ? mapArgument(node, field, vars, 'filter', (filter) =>
            Array.isArray(filter) && (filter as Filter[]).some((f) => f?.field === 'firstName')
              ? (filter as Filter[]).map((f) => (f?.field === 'firstName' ? { ...f, field: 'lastName' } : f))
              : filter,
          )
        : undefined,
    ),
  },
  {
    id: 'holdout15.paging.member-strict-sponsor-filter-loose',
    class: 'paging',
    description:
      'List.contacts with checkForStrictPrimarySponsor also answers members the named user sponsors only secondarily',
    names: /sponsor|strict|primary|contacts|member|filter|list/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'contacts'
        ? mapArgument(node, field, vars, 'filter', (filter) => {
            const f = filter as { checkForStrictPrimarySponsor?: unknown } | null | undefined;
            return f && f.checkForStrictPrimarySponsor === true
              ? { ...f, checkForStrictPrimarySponsor: false }
              : filter;
          })
        : undefined,
    ),
  },
  {
    id: 'holdout15.sort.search-absent-names-first',
    class: 'sort',
    description:
      'searchFirmContacts sorted Ascending by firstName or lastName puts contacts without that name (companies) first',
    names: /sort|order|firstName|lastName|null|searchFirmContacts|search/i,
    handle: absentNamesFirst,
  },
  {
    id: 'holdout15.null.company-relationship-score',
    class: 'nullability',
    description: "a company's relationshipScore is null (the score is joined for persons only)",
    names: /relationshipScore|score|company|null|strength/i,
    handle: companyScoreNull,
  },
  {
    id: 'holdout15.null.list-member-employer-id',
    class: 'nullability',
    description:
      "a person list member's companyId is null although its companyName is set (employer id not joined)",
    names: /companyId|companyName|member|contacts|list|null|employer/i,
    handle: onData((key, value, holder) =>
      key === 'companyId' && typeof value === 'string' && holder.id !== value ? null : value,
    ),
  },
  {
    id: 'holdout15.enums.results-from-always-term',
    class: 'enums',
    description: 'searchFirmContacts answers resultsFrom Term also when only field filters drove the search',
    names: /resultsFrom|Term|Filter|search|enum/i,
    handle: onData((key, value) => (key === 'resultsFrom' && value === 'Filter' ? 'Term' : value)),
  },
  {
    id: 'holdout15.enums.contact-types-entity-filter-ignored',
    class: 'enums',
    description:
      'contactTypes ignores allowedContactEntity in its input and answers the types of every entity',
    names: /contactTypes|allowedContactEntity|contact type|Person|Company|filter/i,
    handle: onFields((node, field, vars) =>
      node.name.value === 'contactTypes'
        ? mapArgument(node, field, vars, 'input', (input) => {
            const i = input as Record<string, unknown> | null | undefined;
            if (!i || i.allowedContactEntity === undefined || i.allowedContactEntity === null) return input;
            const { allowedContactEntity: _ignored, ...rest } = i;
            return rest;
          })
        : undefined,
    ),
  },
  {
    id: 'holdout15.enums.add-person-status-updated',
    class: 'enums',
    description: 'addPerson answers status Updated instead of Created for a new person',
    names: /status|Created|Updated|addPerson|ContactMutationStatus|enum/i,
    handle: onData(
      (key, value) => (key === 'status' && value === 'Created' ? 'Updated' : value),
      selecting('addPerson'),
    ),
  },
  {
    id: 'holdout15.versions.1.2.0-strength-from-value',
    class: 'versions',
    description:
      'the 1.2.0 endpoint answers Score.strength with the rounded 1.4.0 score value (0-100) instead of the level',
    names: /strength|score|1\.2\.0|version|relationshipScore|value/i,
    handle: legacyStrengthFromValue,
  },
  {
    id: 'holdout15.versions.introspection-refused',
    class: 'versions',
    description: 'the 1.4.0 endpoint refuses introspection queries (__schema, __type) as disabled',
    names: /introspection|__schema|__type|schema|drift|version|GRAPHQL_VALIDATION_FAILED/i,
    handle: introspectionRefused,
  },
  {
    id: 'holdout15.versions.1.2.0-contact-type-ids-filter-unknown',
    class: 'versions',
    description:
      'the 1.2.0 endpoint refuses the contactTypeIds option of ContactFilterField (an older enum deployed)',
    names: /contactTypeIds|ContactFilterField|1\.2\.0|version|filter|GRAPHQL_VALIDATION_FAILED/i,
    handle: legacyContactTypeIdsUnknown,
  },
  {
    id: 'holdout15.versions.contact-possible-types-missing',
    class: 'versions',
    description:
      'introspection answers no possibleTypes for the Contact interface (Person and Company not listed)',
    names: /possibleTypes|introspection|Contact|interface|schema|drift/i,
    handle: contactPossibleTypesMissing,
  },
  {
    id: 'holdout15.http.wildcard-accept-406',
    class: 'http',
    description:
      'a request whose Accept names no JSON type (*/* or none) is refused 406 instead of answered as JSON',
    names: /406|accept|Accept|content negotiation|media|http|status/i,
    handle: wildcardAcceptRefused,
  },
  {
    id: 'holdout15.http.bad-user-input-400',
    class: 'http',
    description:
      'an answer carrying a BAD_USER_INPUT error comes with HTTP 400 instead of 200 under application/json',
    names: /400|status|BAD_USER_INPUT|http/i,
    handle: badUserInput400,
  },
  {
    id: 'holdout15.errors.path-alias-lost',
    class: 'errors',
    description: "an error's path names the root field instead of the alias it was asked under",
    names: /path|alias|error/i,
    handle: pathAliasLost,
  },
  {
    id: 'holdout15.errors.contact-filter-misuse-internal',
    class: 'errors',
    description:
      'a searchFirmContacts filter using value where values is expected (or the reverse) is an INTERNAL_SERVER_ERROR',
    names: /INTERNAL_SERVER_ERROR|BAD_USER_INPUT|values?|filter|searchFirmContacts|code|error/i,
    handle: filterMisuseInternal,
  },
  {
    id: 'holdout15.persistence.renamed-person-display-name-stale',
    class: 'persistence',
    description:
      'updatePublicPerson changing a name leaves displayName and fullName as they were (not recomputed)',
    names: /displayName|fullName|updatePublicPerson|name|persist|kept|stale/i,
    handle: displayNameStale(),
  },
  {
    id: 'holdout15.persistence.employment-end-keeps-job-title',
    class: 'persistence',
    description:
      'editPersonEmploymentInformation ending an employment without a jobTitle keeps the old job title',
    names: /jobTitle|currentJobTitle|editPersonEmploymentInformation|employ|persist/i,
    handle: employmentEndKeepsJobTitle,
  },
  {
    id: 'holdout15.persistence.mailing-address-default-none',
    class: 'persistence',
    description: 'addPerson and addCompany without mailingAddress mark no address as the mailing address',
    names: /mailing|isMailingAddress|address|addPerson|addCompany|persist/i,
    handle: mailingDefaultNone,
  },
  {
    id: 'holdout15.persistence.employer-by-name-dropped',
    class: 'persistence',
    description: 'addPerson given its employer by companyName stores the person without an employer',
    names: /companyName|currentEmployer|employer|addPerson|persist|company/i,
    handle: employerByNameDropped,
  },
  {
    id: 'holdout15.validation.plus-email-refused',
    class: 'validation',
    description: 'addPerson, addCompany and updatePublicPerson refuse an e-mail address with "+" in it',
    names: /email|e-mail|validation|validationErrors|refus|address/i,
    handle: plusAddressRefused,
  },
  {
    id: 'holdout15.validation.iso-country-refused',
    class: 'validation',
    description:
      'addPerson and addCompany refuse an address country given as an ISO code (US) instead of a name',
    names: /country|iso|address|validation|validationErrors|refus/i,
    handle: isoCountryRefused,
  },
  {
    id: 'holdout15.validation.companies-skipped-from-any-lists',
    class: 'validation',
    description:
      'addContactsToLists skips companies for lists whose allowedContactEntity is Any (treated as Person)',
    names: /addContactsToLists|skipped|allowedContactEntity|company|list|member/i,
    handle: companiesSkippedFromAnyLists,
  },
  {
    id: 'holdout15.events.location-contact-updated-dropped',
    class: 'events',
    description: 'addPublicLocation and changePublicContactLocation record no ContactUpdated event',
    names: /ContactUpdated|firmContactEventViews|location|event/i,
    handle: locationUpdatesUnreported,
  },
  {
    id: 'holdout15.events.working-list-removal-members-dropped',
    class: 'events',
    description:
      'removeWorkingList records no ContactRemovedFromList events for the members of the removed list',
    names: /ContactRemovedFromList|removeWorkingList|firmContactEventViews|member|event/i,
    handle: workingListRemovalsUnreported,
  },
];
