/**
 * A twenty-fifth held-out set of regressions, spread over the whole API as a vendor release ships them:
 * notes, contact types, reference data, list fields and their values, opportunities and their people,
 * relationship insights and connections, the event views, contacts by id and their addresses, the 1.2.0
 * revision, the au region, caches, the HTTP edge, searches and activities; about a third only a write
 * shows (matters, list field definitions, relationships, opportunity status, locations, people, lists,
 * initiatives). Chosen from the spec and ASSUMPTIONS, without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout25` runs them.
 */
import { getNamedType, type FieldNode } from 'graphql';
import { dataOf, rootSelections, type RootSelection } from './holdout2.js';
import { decorated, perServer, withSelections } from './holdout22.js';
import { sibling } from './holdout5.js';
import { onMutationInput } from './holdout6.js';
import { asks, hiddenUnder, isObject, read, readModels, type Json } from './held-out-kit.js';
import { isEventView, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import { isMutation, mapArgument, onData, onFields, rewriteFields, withArgument } from './rewrite.js';

/** Hidden keys of this set's own rewrites; `decorated` (holdout22) hides its own under `h22_`. */
const HIDE = 'h25_';
const DAY_MS = 86_400_000;
/** The largest page the service gives (A-59). */
const MAX_PAGE = 1000;
const EVENT_VIEW_TYPES = [
  'FirmContactEventView',
  'ListEventView',
  'RelationshipEventView',
  'InitiativeEventView',
  'ObjectiveEventView',
  'OpportunityEventView',
];

const { stripHidden, withData } = hiddenUnder(HIDE);

/**
 * Every field node of one of `types` gets the hidden selections `extra` answers for it (aliased `h25_…`);
 * `fix` then gets the whole data of the answer to reshape in place (lists included), before the hidden
 * keys are stripped.
 */
function reshaped(
  types: readonly string[],
  extra: (node: FieldNode) => string | undefined,
  fix: (data: Json, request: Incoming, forward: Forward) => Promise<void> | void,
  when: (request: Incoming) => boolean = () => true,
): Handler {
  return async (request, forward) => {
    if (!when(request)) return forward(request);
    let touched = false;
    const rewritten = rewriteFields(request, (node, field) => {
      if (!types.includes(getNamedType(field.type).name) || !node.selectionSet) return undefined;
      const text = extra(node);
      if (text === undefined) return undefined;
      touched = true;
      return withSelections(node, text);
    });
    if (!touched) return forward(request);
    const answer = await forward(rewritten);
    const data = dataOf(answer);
    if (!data) return { ...answer, json: stripHidden(answer.json) };
    await fix(data, request, forward);
    return withData(answer, data);
  };
}

/** Every array of a JSON tree whose items carry the hidden key `marker`, depth first. */
function arraysMarked(value: unknown, marker: string, out: Json[][] = []): Json[][] {
  if (Array.isArray(value)) {
    if (value.some((v) => isObject(v) && marker in v)) out.push(value as Json[]);
    value.forEach((v) => arraysMarked(v, marker, out));
  } else if (isObject(value)) Object.values(value).forEach((v) => arraysMarked(v, marker, out));
  return out;
}

/** The root selections of a request named `name`, when the request is a query. */
function roots(request: Incoming, name: string): RootSelection[] {
  return isMutation(request) ? [] : rootSelections(request).filter((r) => r.name === name);
}

/** The single root mutation `name` of a request, when that is all it asks. */
function onlyRootMutation(request: Incoming, name: string): RootSelection | undefined {
  const all = rootSelections(request);
  return isMutation(request) && all.length === 1 && all[0]!.name === name ? all[0] : undefined;
}

/** The `input` argument of a root selection, as an object. */
function inputOf(root: RootSelection | undefined): Json {
  const input = root?.args.input;
  return isObject(input) ? input : {};
}

/** The validation errors of a result, when it has any. */
function errorsOf(result: unknown): Json[] {
  const errors = isObject(result) ? result.validationErrors : undefined;
  return Array.isArray(errors) ? errors.filter(isObject) : [];
}

/** The request with the `input` argument of its root mutation `name` rewritten by `fn`. */
function withInput(request: Incoming, name: string, fn: (input: Json) => Json): Incoming {
  return rewriteFields(request, (node, field, vars) =>
    node.name.value === name
      ? mapArgument(node, field, vars, 'input', (v) => (isObject(v) ? fn(v) : v))
      : undefined,
  );
}

// ---- notes, contact types and reference data ------------------------------------------------------------

/** A note's changeDate is read from a date column: midnight UTC of its day, the time of day lost. */
const noteChangeDateMidnight: Handler = onData((key, value) =>
  key === 'changeDate' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)
    ? `${value.slice(0, 10)}T00:00:00.000Z`
    : value,
);

/** A contact type's pluralName answers its (singular) name: the plural column no longer mapped. */
const contactTypePluralSingular: Handler = decorated(
  ['ContactType'],
  (node) => (asks(node, 'pluralName') ? 'h22_n: name' : undefined),
  (objects) => {
    for (const o of objects) if ('pluralName' in o && typeof o.h22_n === 'string') o.pluralName = o.h22_n;
  },
);

/** The currencies query answers its ISO 4217 codes in lower case ("usd"). */
const currenciesLowerCase: Handler = async (request, forward) => {
  const asked = roots(request, 'currencies');
  const answer = await forward(request);
  const data = dataOf(answer);
  if (asked.length === 0 || !data) return answer;
  for (const root of asked) {
    const codes = data[root.key];
    if (Array.isArray(codes))
      data[root.key] = codes.map((c) => (typeof c === 'string' ? c.toLowerCase() : c));
  }
  return withData(answer, data);
};

// ---- lists: field definitions and member values ----------------------------------------------------------

/** A pick list's options come in alphabetical order instead of the order the field defines them in. */
const pickListOptionsAlphabetical: Handler = decorated(
  ['ListDataType'],
  (node) => (asks(node, 'options') ? 'h22_o: options { name }' : undefined),
  (objects) => {
    for (const o of objects) {
      const names = o.h22_o;
      if (!Array.isArray(o.options) || !Array.isArray(names) || names.length !== o.options.length) continue;
      const options = o.options as unknown[];
      const nameAt = (i: number): string => String((names[i] as Json | undefined)?.name ?? '');
      o.options = options
        .map((_, i) => i)
        .sort((a, b) => nameAt(a).localeCompare(nameAt(b), 'en'))
        .map((i) => options[i]);
    }
  },
);

/**
 * Yes/No field values of list members answer "true" or "false" (the stored boolean) instead of the field's
 * own texts (booleanDataTypeTrueValue, booleanDataTypeFalseValue).
 */
const booleanValuesAsTrueFalse: Handler = decorated(
  ['AdditionalFieldValue'],
  (node) =>
    asks(node, 'value') || asks(node, 'valueItems')
      ? 'h22_d: dataType h22_f: fieldId h22_l: listId'
      : undefined,
  async (objects, request, forward) => {
    const booleans = objects.filter((o) => o.h22_d === 'boolean' && typeof o.h22_l === 'string');
    const listIds = [...new Set(booleans.map((o) => o.h22_l as string))];
    if (listIds.length === 0) return;
    const texts = new Map<string, { yes: unknown; no: unknown }>();
    const query = `query(${listIds.map((_, i) => `$l${String(i)}: ID!`).join(', ')}) { ${listIds
      .map(
        (_, i) =>
          `l${String(i)}: list(id: $l${String(i)}) { additionalFieldDefinitions(limit: ${String(MAX_PAGE)}) { models { id booleanDataTypeTrueValue booleanDataTypeFalseValue } } }`,
      )
      .join(' ')} }`;
    const variables = Object.fromEntries(listIds.map((id, i) => [`l${String(i)}`, id]));
    const data = dataOf(await forward(sibling(request, query, variables))) ?? {};
    for (const list of Object.values(data)) {
      const page = isObject(list) ? list.additionalFieldDefinitions : undefined;
      const models = isObject(page) && Array.isArray(page.models) ? page.models.filter(isObject) : [];
      for (const d of models)
        texts.set(String(d.id), { yes: d.booleanDataTypeTrueValue, no: d.booleanDataTypeFalseValue });
    }
    for (const o of booleans) {
      const t = texts.get(String(o.h22_f));
      if (!t) continue;
      const flip = (v: unknown): unknown => (v === t.yes ? 'true' : v === t.no ? 'false' : v);
      if ('value' in o) o.value = flip(o.value);
      if (Array.isArray(o.valueItems))
        o.valueItems = o.valueItems.map((item) =>
          isObject(item) && 'value' in item ? { ...item, value: flip(item.value) } : item,
        );
    }
  },
);

// ---- opportunities -----------------------------------------------------------------------------------

/** A principal's accountName answers the whole first e-mail address, not only its local part. */
const principalAccountNameWholeEmail: Handler = decorated(
  ['OpportunityPrincipal'],
  (node) => (asks(node, 'accountName') ? 'h22_l: leadId' : undefined),
  async (objects, request, forward) => {
    const ids = [...new Set(objects.map((o) => o.h22_l).filter((id) => typeof id === 'string'))];
    if (ids.length === 0) return;
    const people = await read(
      request,
      forward,
      'query($ids: [ID!]!) { v: people(ids: $ids) { id emailAddresses { address } } }',
      { ids },
    );
    const first = new Map<string, string>();
    for (const p of Array.isArray(people) ? people.filter(isObject) : []) {
      const emails = Array.isArray(p.emailAddresses) ? p.emailAddresses.filter(isObject) : [];
      const address = emails[0]?.address;
      if (typeof address === 'string') first.set(String(p.id), address);
    }
    for (const o of objects) {
      const address = first.get(String(o.h22_l));
      if ('accountName' in o && address !== undefined) o.accountName = address;
    }
  },
);

/**
 * The API user's person id, as the opportunities it takes part in show it: the one id that is the lead,
 * the creator or a principal of every opportunity answering isCurrentUserInvolved true.
 */
async function apiUserId(request: Incoming, forward: Forward): Promise<string | undefined> {
  const all = await readModels(
    request,
    forward,
    `{ v: opportunities(limit: ${String(MAX_PAGE)}) { models { isCurrentUserInvolved creatorId lead { id } associatedPrincipals { leadId } } } }`,
  );
  let common: Set<string> | undefined;
  for (const o of all.filter((m) => m.isCurrentUserInvolved === true)) {
    const lead = isObject(o.lead) ? o.lead.id : undefined;
    const principals = Array.isArray(o.associatedPrincipals) ? o.associatedPrincipals.filter(isObject) : [];
    const ids = new Set([o.creatorId, lead, ...principals.map((p) => p.leadId)].map(String));
    common = common ? new Set([...common].filter((id) => ids.has(id))) : ids;
  }
  return common?.size === 1 ? [...common][0] : undefined;
}

/** isCurrentUserInvolved checks the lead and the creator only: an opportunity the user is a principal of reads false. */
const principalNotInvolved: Handler = decorated(
  ['Opportunity'],
  (node) => (asks(node, 'isCurrentUserInvolved') ? 'h22_c: creatorId h22_ld: lead { id }' : undefined),
  async (objects, request, forward) => {
    if (!objects.some((o) => o.isCurrentUserInvolved === true)) return;
    const me = await apiUserId(request, forward);
    if (me === undefined) return;
    for (const o of objects) {
      const lead = isObject(o.h22_ld) ? o.h22_ld.id : undefined;
      if (o.isCurrentUserInvolved === true && o.h22_c !== me && lead !== me) o.isCurrentUserInvolved = false;
    }
  },
);

// ---- relationships -------------------------------------------------------------------------------------

/** getRelationshipInsights answers its EngagementRank ranking in the order (and with the people) of ConnectionRank. */
const engagementRankedByConnections: Handler = reshaped(
  ['RelationshipInsightView'],
  () => 'h25_t: insightType h25_s: isTargetCompany',
  (data) => {
    for (const rows of arraysMarked(data, 'h25_t')) {
      const bySide = (side: unknown) =>
        rows.filter((r) => isObject(r) && r.h25_t === 'ConnectionRank' && r.h25_s === side);
      const position = new Map<unknown, number>();
      rows.forEach((row, i) => {
        if (!isObject(row) || row.h25_t !== 'EngagementRank') return;
        const j = position.get(row.h25_s) ?? 0;
        position.set(row.h25_s, j + 1);
        const same = bySide(row.h25_s)[j];
        if (!same) return;
        rows[i] = {
          ...same,
          ...('insightType' in row ? { insightType: row.insightType } : {}),
          h25_t: row.h25_t,
        };
      });
    }
  },
);

const SCORE_BANDS = ['Weak', 'Fair', 'Good', 'Strong', 'Very strong'];

/**
 * Engagement descriptions put a score on a band's upper boundary in the band above (20 reads Fair, 60
 * Strong): the bands compared with `<` where they end with `<=`.
 */
const bandBoundaryUp: Handler = decorated(
  ['PersonRelationshipView', 'EmployeeWithRelationshipsToView'],
  (node, type) =>
    type === 'PersonRelationshipView'
      ? asks(node, 'rankDescription')
        ? 'h22_e: engagementScore'
        : undefined
      : asks(node, 'strongEngagementLevelDescription')
        ? 'h22_e: strongEngagementScore'
        : undefined,
  (objects) => {
    for (const o of objects) {
      if (typeof o.h22_e !== 'number') continue;
      const band = SCORE_BANDS[Math.min(SCORE_BANDS.length - 1, Math.max(0, Math.floor(o.h22_e / 20)))];
      if ('rankDescription' in o) o.rankDescription = band;
      if ('strongEngagementLevelDescription' in o) o.strongEngagementLevelDescription = band;
    }
  },
);

// ---- the event views ------------------------------------------------------------------------------------

/**
 * An event view asked without an eventDate filter answers only the events of the last 365 days (a default
 * window added for speed); the older events are still there for a filter that asks for them.
 */
const eventDefaultWindowYear: Handler = onFields((node, field, vars) =>
  isEventView(node.name.value)
    ? mapArgument(node, field, vars, 'filter', (filter) => {
        const given = isObject(filter) ? filter : {};
        if (given.eventDate !== undefined && given.eventDate !== null) return filter;
        const from = new Date(Date.now() - 365 * DAY_MS).toISOString();
        return { ...given, eventDate: { from } };
      })
    : undefined,
);

/** Whether every event view of a request is asked in eventDate order (no sort, or eventDate first). */
function inDateOrder(request: Incoming): boolean {
  return rootSelections(request)
    .filter((r) => isEventView(r.name))
    .every((r) => {
      const sort = Array.isArray(r.args.sort) ? r.args.sort : r.args.sort ? [r.args.sort] : [];
      const first: unknown = sort[0];
      return !isObject(first) || first.field === 'eventDate';
    });
}

/** Events sharing one eventDate (the events of one write) come ordered by eventType name, not as recorded. */
const sameDateEventsByType: Handler = reshaped(
  EVENT_VIEW_TYPES,
  () => 'h25_d: eventDate h25_t: eventType',
  (data) => {
    for (const events of arraysMarked(data, 'h25_d')) {
      let start = 0;
      while (start < events.length) {
        let end = start + 1;
        while (end < events.length && events[end]?.h25_d === events[start]?.h25_d) end += 1;
        const group = events
          .slice(start, end)
          .sort((a, b) => String(a.h25_t).localeCompare(String(b.h25_t), 'en'));
        events.splice(start, end - start, ...group);
        start = end;
      }
    }
  },
  inDateOrder,
);

// ---- contacts -------------------------------------------------------------------------------------------

/** contact(id) answers null for a company: the by-id resolver looks people up only. */
const contactByIdCompanyNull: Handler = async (request, forward) => {
  const asked = roots(request, 'contact');
  if (asked.length === 0) return forward(request);
  const rewritten = rewriteFields(request, (node, field) =>
    node.name.value === 'contact' && field.args.some((a) => a.name === 'id') && node.selectionSet
      ? withSelections(node, 'h25_k: __typename')
      : undefined,
  );
  const answer = await forward(rewritten);
  const data = dataOf(answer);
  if (!data) return { ...answer, json: stripHidden(answer.json) };
  for (const root of asked) {
    const value = data[root.key];
    if (isObject(value) && value.h25_k === 'Company') data[root.key] = null;
  }
  return withData(answer, data);
};

/** A contact's addresses answer their country as its ISO code ("US") instead of the country's name. */
const addressCountryIsoCode: Handler = decorated(
  ['Address'],
  (node) => (asks(node, 'country') ? 'h22_a: __typename' : undefined),
  async (objects, request, forward) => {
    if (!objects.some((o) => typeof o.country === 'string')) return;
    const countries = await readModels(request, forward, '{ v: countries { models { name isoCode } } }');
    const codes = new Map(countries.map((c) => [c.name, c.isoCode]));
    for (const o of objects) {
      const code = codes.get(o.country);
      if (typeof code === 'string') o.country = code;
    }
  },
);

/** The 1.2.0 endpoint answers a contact's tags as one comma-separated entry. */
const tagsJoined120: Handler = onData(
  (key, value) =>
    key === 'tags' && Array.isArray(value) && value.length > 1 && value.every((t) => typeof t === 'string')
      ? [value.join(', ')]
      : value,
  (request) => request.version === '1.2.0',
);

/** The au endpoint answers no profiles: the profile service is not deployed in that region. */
const auProfilesEmpty: Handler = async (request, forward) => {
  const asked = request.region === 'au' ? roots(request, 'profile') : [];
  const answer = await forward(request);
  const data = dataOf(answer);
  if (asked.length === 0 || !data) return answer;
  for (const root of asked) {
    const page = data[root.key];
    if (!isObject(page)) continue;
    data[root.key] = {
      ...page,
      ...('totalModels' in page ? { totalModels: 0 } : {}),
      ...('models' in page ? { models: [] } : {}),
    };
  }
  return withData(answer, data);
};

/**
 * people(ids) answers come from a cache (60 seconds) keyed by the set of ids: the same ids in another
 * order answer the order first asked.
 */
const peopleCache = perServer(() => new Map<string, { at: number; answer: Answer }>());
const peopleCachedBySet: Handler = async (request, forward) => {
  const all = rootSelections(request);
  if (isMutation(request) || all.length === 0 || !all.every((r) => r.name === 'people'))
    return forward(request);
  const bare = rewriteFields(request, (node) =>
    node.name.value === 'people' ? withArgument(node, 'ids', undefined) : undefined,
  );
  const ids = all.map((r) => (Array.isArray(r.args.ids) ? [...r.args.ids].map(String).sort() : []));
  const key = [
    tokenOf(request),
    `${request.region}/${request.version}`,
    bare.body?.query ?? '',
    JSON.stringify(bare.body?.variables ?? {}),
    JSON.stringify(ids),
  ].join('\0');
  const cache = peopleCache(forward);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.answer;
  const answer = await forward(request);
  cache.set(key, { at: Date.now(), answer });
  return answer;
};

// ---- the HTTP edge, searches and activities --------------------------------------------------------------

/** A GET without a variables parameter is refused 400: the GET handler requires the parameter. */
const getWithoutVariablesRefused: Handler = (request, forward) => {
  if (request.method !== 'GET' || !request.body || 'variables' in request.body || isMutation(request))
    return forward(request);
  const json: Record<string, string> = /application\/json/.test(request.headers.accept ?? '')
    ? { 'content-type': 'application/json; charset=utf-8' }
    : {};
  return Promise.resolve(
    jsonAnswer(
      400,
      {
        errors: [{ message: 'The "variables" parameter is required.', extensions: { code: 'BAD_REQUEST' } }],
      },
      json,
    ),
  );
};

/**
 * A SortInput direction other than Ascending or Descending ("desc", "DESC") is applied Ascending instead of
 * being refused with BAD_USER_INPUT.
 */
const unknownDirectionAscending: Handler = onFields((node, field, vars) => {
  const sort = field.args.find((a) => a.name === 'sort');
  if (!sort || getNamedType(sort.type).name !== 'SortInput') return undefined;
  return mapArgument(node, field, vars, 'sort', (value) =>
    isObject(value) &&
    typeof value.direction === 'string' &&
    value.direction !== 'Ascending' &&
    value.direction !== 'Descending'
      ? { ...value, direction: 'Ascending' }
      : value,
  );
});

/**
 * activities filtered by several contactIds count an activity once per contact of the filter it is
 * linked to (the count joins the links); the items are right.
 */
const activitiesTotalPerLink: Handler = async (request, forward) => {
  const asked = roots(request, 'activities').filter((r) => {
    const filter = r.args.filter;
    return isObject(filter) && Array.isArray(filter.contactIds) && new Set(filter.contactIds).size > 1;
  });
  const answer = await forward(request);
  const data = dataOf(answer);
  if (asked.length === 0 || !data) return answer;
  for (const root of asked) {
    const page = data[root.key];
    if (!isObject(page) || typeof page.totalModels !== 'number') continue;
    const filter = root.args.filter as Json;
    const ids = new Set((filter.contactIds as unknown[]).map(String));
    const all = await readModels(
      request,
      forward,
      `query($f: ActivityFilterInput) { v: activities(filter: $f, limit: ${String(MAX_PAGE)}) { models { linkedActivityContacts { id } } } }`,
      { f: filter },
    );
    if (all.length !== page.totalModels) continue;
    page.totalModels = all.reduce((sum, a) => {
      const links = Array.isArray(a.linkedActivityContacts) ? a.linkedActivityContacts.filter(isObject) : [];
      return sum + Math.max(1, new Set(links.map((l) => String(l.id)).filter((id) => ids.has(id))).size);
    }, 0);
  }
  return withData(answer, data);
};

// ---- writes: matters, list fields, relationships, opportunities -------------------------------------------

/** addMatter given a person as its client stores the matter without a client instead of refusing it. */
const matterPersonClientDropped: Handler = async (request, forward) => {
  const root = onlyRootMutation(request, 'addMatter');
  const answer = await forward(request);
  const clientId = inputOf(root).clientId;
  const errors = root ? errorsOf(dataOf(answer)?.[root.key]) : [];
  if (!root || typeof clientId !== 'string' || errors.length === 0) return answer;
  if (!errors.every((e) => e.propertyName === 'clientId')) return answer;
  const person = await read(request, forward, 'query($id: ID!) { v: person(id: $id) { id } }', {
    id: clientId,
  });
  if (!isObject(person)) return answer;
  return forward(
    withInput(request, 'addMatter', (input) => {
      const { clientId: _client, ...rest } = input;
      return rest;
    }),
  );
};

const NOT_FULL_CLOUD = 'tenant';

/**
 * removeMatterFinancials looks the matter up before the full-cloud gate: a tenant that is not full cloud
 * is told the matter does not exist instead of that matters are unavailable to it.
 */
const financialsGateAfterLookup: Handler = async (request, forward) => {
  const asked = isMutation(request)
    ? rootSelections(request).filter((r) => r.name === 'removeMatterFinancials')
    : [];
  const answer = await forward(request);
  const data = dataOf(answer);
  if (asked.length === 0 || !data) return answer;
  for (const root of asked) {
    const result = data[root.key];
    if (!isObject(result) || !errorsOf(result).some((e) => e.propertyName === NOT_FULL_CLOUD)) continue;
    const matterId = inputOf(root).matterId;
    const unknown: Json = {
      propertyName: 'matterId',
      message: `No matter exists with id "${String(matterId)}".`,
    };
    const shape = errorsOf(result)[0] ?? {};
    data[root.key] = {
      ...result,
      ...('validationErrors' in result
        ? {
            validationErrors: [
              Object.fromEntries(Object.keys(shape).map((k) => [k, k in unknown ? unknown[k] : shape[k]])),
            ],
          }
        : {}),
    };
  }
  return withData(answer, data);
};

/** addAdditionalFieldDefinition given allowSecondaryField without a secondaryFieldName adds the field without one. */
const secondaryFieldWithoutName: Handler = onMutationInput(
  new Set(['addAdditionalFieldDefinition']),
  (input) => {
    const name = input.secondaryFieldName;
    if (input.allowSecondaryField !== true || (typeof name === 'string' && name.trim() !== '')) return input;
    const { allowSecondaryField: _allow, secondaryFieldName: _name, ...rest } = input;
    return rest;
  },
);

const DUPLICATE_RELATIONSHIP = 'A relationship of this type already exists between these contacts.';

/**
 * addRelationshipForContacts given two contacts already related by that type answers success (the
 * existing relationship kept, nothing added) instead of refusing the duplicate.
 */
const duplicateRelationshipSucceeds: Handler = async (request, forward) => {
  const asked = isMutation(request)
    ? rootSelections(request).filter((r) => r.name === 'addRelationshipForContacts')
    : [];
  if (asked.length === 0) return forward(request);
  const rewritten = rewriteFields(request, (node) =>
    node.name.value === 'addRelationshipForContacts' && node.selectionSet
      ? withSelections(node, 'h25_e: validationErrors { message }')
      : undefined,
  );
  const answer = await forward(rewritten);
  const data = dataOf(answer);
  if (!data) return { ...answer, json: stripHidden(answer.json) };
  for (const root of asked) {
    const result = data[root.key];
    const messages = isObject(result) && Array.isArray(result.h25_e) ? result.h25_e.filter(isObject) : [];
    if (!isObject(result) || messages.length === 0) continue;
    if (!messages.every((e) => e.message === DUPLICATE_RELATIONSHIP)) continue;
    data[root.key] = {
      ...result,
      ...('success' in result ? { success: true } : {}),
      ...('validationErrors' in result ? { validationErrors: [] } : {}),
    };
  }
  return withData(answer, data);
};

/**
 * updateOpportunityStatus closing an opportunity that is already closed reopens and closes it again: two
 * StatusChanged events are recorded although the status stayed closed.
 */
const recloseRecordsStatusEvents: Handler = async (request, forward) => {
  const root = onlyRootMutation(request, 'updateOpportunityStatus');
  const input = inputOf(root);
  if (!root || input.status !== 'closed' || typeof input.opportunityId !== 'string') return forward(request);
  const before = await read(request, forward, 'query($id: ID!) { v: opportunity(id: $id) { status } }', {
    id: input.opportunityId,
  });
  const answer = await forward(request);
  const result = dataOf(answer)?.[root.key];
  if (!isObject(before) || before.status !== 'closed' || !isObject(result) || errorsOf(result).length > 0)
    return answer;
  await forward(
    sibling(
      request,
      'mutation($i: UpdateOpportunityStatusInput!) { updateOpportunityStatus(input: $i) { id } }',
      { i: { opportunityId: input.opportunityId, status: 'open' } },
    ),
  );
  await forward(request);
  return answer;
};

const LOCATION_TEXTS = ['label', 'street', 'city', 'administrativeDivision', 'country', 'postalCode'];

/** changePublicContactLocation clears the address fields its input leaves out instead of keeping them. */
const locationChangeClearsOmitted: Handler = onMutationInput(
  new Set(['changePublicContactLocation']),
  (input) => {
    const out = { ...input };
    for (const f of LOCATION_TEXTS) if (!(f in out)) out[f] = null;
    return out;
  },
);

/** addPerson stores the person without the contact types (folderContactTypes) it was given. */
const addPersonContactTypesDropped: Handler = onMutationInput(new Set(['addPerson']), (input) => {
  if (!('folderContactTypes' in input)) return input;
  const { folderContactTypes: _types, ...rest } = input;
  return rest;
});

/** list(id) answers from a per-list cache for 60 seconds: an edit of the list does not refresh it. */
const listCache = perServer(() => new Map<string, { at: number; answer: Answer }>());
const listByIdCached: Handler = async (request, forward) => {
  const all = rootSelections(request);
  if (isMutation(request) || all.length === 0 || !all.every((r) => r.name === 'list'))
    return forward(request);
  const key = [
    tokenOf(request),
    `${request.region}/${request.version}`,
    request.method,
    JSON.stringify(request.body ?? request.raw),
  ].join('\0');
  const cache = listCache(forward);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < 60_000) return hit.answer;
  const answer = await forward(request);
  cache.set(key, { at: Date.now(), answer });
  return answer;
};

/** removeAdditionalFieldDefinition given an id that names no definition answers true (a delete of nothing). */
const removeUnknownFieldTrue: Handler = async (request, forward) => {
  const root = onlyRootMutation(request, 'removeAdditionalFieldDefinition');
  const answer = await forward(request);
  const body = answer.json as { errors?: unknown } | undefined;
  if (!root || !Array.isArray(body?.errors) || body.errors.length !== 1) return answer;
  const error = body.errors[0] as { extensions?: { validationErrors?: unknown } } | undefined;
  const pairs = Array.isArray(error?.extensions?.validationErrors)
    ? error.extensions.validationErrors.filter(isObject)
    : [];
  if (
    pairs.length !== 1 ||
    pairs[0]!.propertyName !== 'id' ||
    !/^No additional field definition exists/.test(String(pairs[0]!.message))
  )
    return answer;
  return { ...answer, json: { data: { [root.key]: true } } };
};

/** addInitiative stores the initiative without its keyClient flag (false). */
const addInitiativeKeyClientDropped: Handler = onMutationInput(new Set(['addInitiative']), (input) => {
  if (!('keyClient' in input)) return input;
  const { keyClient: _key, ...rest } = input;
  return rest;
});

export const HOLDOUT25: readonly Mutant[] = [
  {
    id: 'holdout25.dates.note-change-date-midnight',
    class: 'dates',
    description:
      "a note's changeDate loses its time of day (midnight UTC of its day, as if read from a date column)",
    names: /changeDate|allNotes|notes?\b|time/i,
    handle: noteChangeDateMidnight,
  },
  {
    id: 'holdout25.nullability.contact-type-plural-name-singular',
    class: 'nullability',
    description: "contactTypes answer each type's pluralName as its singular name (Client, not Clients)",
    names: /pluralName|contactTypes|plural/i,
    handle: contactTypePluralSingular,
  },
  {
    id: 'holdout25.enums.currency-codes-lower-case',
    class: 'enums',
    description: 'the currencies query answers its ISO 4217 codes in lower case ("usd", not "USD")',
    names: /currenc|ISO|4217|code/i,
    handle: currenciesLowerCase,
  },
  {
    id: 'holdout25.sort.pick-list-options-alphabetical',
    class: 'sort',
    description:
      "a pick-list field's listDataType options come in alphabetical order instead of the order the field defines (High, Low, Medium)",
    names: /options|listDataType|additionalFieldDefinitions|pick/i,
    handle: pickListOptionsAlphabetical,
  },
  {
    id: 'holdout25.enums.yes-no-values-as-true-false',
    class: 'enums',
    description:
      'list members\' Yes/No field values answer "true" or "false" instead of the field\'s own texts (Yes, No)',
    names: /additionalFieldValues|valueItems|boolean|Yes\/No|true|false/i,
    handle: booleanValuesAsTrueFalse,
  },
  {
    id: 'holdout25.nullability.principal-account-name-whole-email',
    class: 'nullability',
    description:
      "an opportunity principal's accountName answers the whole e-mail address instead of its local part",
    names: /accountName|associatedPrincipals|principal/i,
    handle: principalAccountNameWholeEmail,
  },
  {
    id: 'holdout25.auth.principal-not-involved',
    class: 'auth',
    description:
      'isCurrentUserInvolved answers false for opportunities the API user is only a principal of (lead and creator still count)',
    names: /isCurrentUserInvolved|involved|principal|opportunit/i,
    handle: principalNotInvolved,
  },
  {
    id: 'holdout25.sort.engagement-rank-in-connection-order',
    class: 'sort',
    description:
      'getRelationshipInsights answers its EngagementRank ranking with the people and order of ConnectionRank instead of by engagement',
    names: /EngagementRank|getRelationshipInsights|insight|totalEngagementScore|order|sort/i,
    handle: engagementRankedByConnections,
  },
  {
    id: 'holdout25.enums.engagement-band-boundary-up',
    class: 'enums',
    description:
      'engagement descriptions (rankDescription, strongEngagementLevelDescription) put a score on a band boundary in the band above (60 reads Strong, not Good)',
    names: /rankDescription|strongEngagementLevelDescription|engagement|description|band/i,
    handle: bandBoundaryUp,
  },
  {
    id: 'holdout25.events.default-window-one-year',
    class: 'events',
    description:
      'the event views asked without an eventDate filter answer only the events of the last 365 days (older ones appear only when a filter asks)',
    names: /event|eventDate|totalModels|window/i,
    handle: eventDefaultWindowYear,
  },
  {
    id: 'holdout25.sort.same-date-events-by-type',
    class: 'sort',
    description:
      'events sharing one eventDate (those of one write) come ordered by eventType name instead of in the order they were recorded',
    names: /eventType|eventDate|event|order|sort/i,
    handle: sameDateEventsByType,
  },
  {
    id: 'holdout25.nullability.contact-by-id-company-null',
    class: 'nullability',
    description: 'contact(id) answers null for a company (only people are looked up by that query)',
    names: /contact\b|contact\(|Company|null|by.?id/i,
    handle: contactByIdCompanyNull,
  },
  {
    id: 'holdout25.enums.address-country-iso-code',
    class: 'enums',
    description:
      'contact addresses answer their country as its ISO code ("US") instead of the country\'s name',
    names: /country|address|isoCode/i,
    handle: addressCountryIsoCode,
  },
  {
    id: 'holdout25.versions.1.2.0-tags-joined',
    class: 'versions',
    description: 'the 1.2.0 endpoint answers a contact\'s tags as one comma-separated entry ("VIP, Speaker")',
    names: /tags?\b|1\.2\.0/i,
    handle: tagsJoined120,
  },
  {
    id: 'holdout25.region.au-profiles-empty',
    class: 'region',
    description:
      'profile(contactId) on the au endpoint answers no profiles (the profile service is not deployed there)',
    names: /profile|au\b|region/i,
    handle: auProfilesEmpty,
  },
  {
    id: 'holdout25.caching.people-keyed-by-id-set',
    class: 'caching',
    description:
      'people(ids) answers come from a 60-second cache keyed by the set of ids: the same ids in another order answer the order first asked',
    names: /people|order|ids|cache/i,
    handle: peopleCachedBySet,
  },
  {
    id: 'holdout25.http.get-without-variables-400',
    class: 'http',
    description: 'a query sent with GET and no variables parameter is refused with 400 instead of being run',
    names: /GET|variables|400|transport|method/i,
    handle: getWithoutVariablesRefused,
  },
  {
    id: 'holdout25.errors.unknown-sort-direction-ascending',
    class: 'errors',
    description:
      'a SortInput direction other than Ascending or Descending ("desc") is applied Ascending instead of refused with BAD_USER_INPUT',
    names: /direction|sort|BAD_USER_INPUT/i,
    handle: unknownDirectionAscending,
  },
  {
    id: 'holdout25.paging.activities-contact-filter-total-per-link',
    class: 'paging',
    description:
      'activities filtered by several contactIds count an activity once per filtered contact linked to it in totalModels (the items are right)',
    names: /totalModels|activities|contactIds|count|total/i,
    handle: activitiesTotalPerLink,
  },
  {
    id: 'holdout25.validation.matter-person-client-dropped',
    class: 'validation',
    description:
      'addMatter given a person as its clientId stores the matter without a client instead of refusing it',
    names: /clientId|addMatter|matter|validation/i,
    handle: matterPersonClientDropped,
  },
  {
    id: 'holdout25.tenancy.financials-gate-after-lookup',
    class: 'tenancy',
    description:
      'removeMatterFinancials for a tenant that is not full cloud reports an unknown matterId instead of the full-cloud refusal',
    names: /full.?cloud|tenant|matter|removeMatterFinancials|propertyName/i,
    handle: financialsGateAfterLookup,
  },
  {
    id: 'holdout25.validation.secondary-field-without-name',
    class: 'validation',
    description:
      'addAdditionalFieldDefinition given allowSecondaryField without a secondaryFieldName adds the field without a secondary field instead of refusing',
    names: /secondaryFieldName|allowSecondaryField|addAdditionalFieldDefinition|secondary/i,
    handle: secondaryFieldWithoutName,
  },
  {
    id: 'holdout25.validation.duplicate-relationship-succeeds',
    class: 'validation',
    description:
      'addRelationshipForContacts relating two contacts already related by that type answers success instead of refusing the duplicate',
    names: /addRelationshipForContacts|relationship|duplicate|success|validation/i,
    handle: duplicateRelationshipSucceeds,
  },
  {
    id: 'holdout25.events.reclose-records-status-changes',
    class: 'events',
    description:
      'updateOpportunityStatus closing an already closed opportunity records StatusChanged events (a reopen and a close) although the status stays closed',
    names: /StatusChanged|opportunityEventViews|updateOpportunityStatus|event/i,
    handle: recloseRecordsStatusEvents,
  },
  {
    id: 'holdout25.persistence.location-change-clears-omitted',
    class: 'persistence',
    description:
      'changePublicContactLocation clears the address fields (street, city, postalCode, …) its input leaves out instead of keeping them',
    names: /changePublicContactLocation|address|street|city|postalCode|location/i,
    handle: locationChangeClearsOmitted,
  },
  {
    id: 'holdout25.persistence.add-person-contact-types-dropped',
    class: 'persistence',
    description: 'addPerson stores the person without the contact types its folderContactTypes name',
    names: /contactTypes|folderContactTypes|addPerson/i,
    handle: addPersonContactTypesDropped,
  },
  {
    id: 'holdout25.caching.list-by-id-stale-after-edit',
    class: 'caching',
    description:
      'list(id) answers from a 60-second cache that an edit of the list (editListDetails) does not refresh',
    names: /list\b|list\(|editListDetails|stale|cache/i,
    handle: listByIdCached,
  },
  {
    id: 'holdout25.errors.remove-unknown-field-true',
    class: 'errors',
    description:
      'removeAdditionalFieldDefinition given an id that names no definition answers true instead of a BAD_USER_INPUT error',
    names: /removeAdditionalFieldDefinition|BAD_USER_INPUT|additional.?field|errors?\b/i,
    handle: removeUnknownFieldTrue,
  },
  {
    id: 'holdout25.persistence.add-initiative-key-client-dropped',
    class: 'persistence',
    description:
      'addInitiative stores the initiative without its keyClient flag (types.keyClient reads false)',
    names: /keyClient|addInitiative|types|initiative/i,
    handle: addInitiativeKeyClientDropped,
  },
];
