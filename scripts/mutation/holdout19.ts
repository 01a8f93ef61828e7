/**
 * A nineteenth held-out set of regressions, chosen from the spec and from what vendors ship after the
 * eighteenth held-out set, again without looking at the scenarios or checks: no single focus, spread over
 * the whole API and both revisions the way a release goes wrong. `npm run mutation-score -- --set holdout19`
 * runs them.
 */
import {
  getNamedType,
  Kind,
  parse,
  print,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  isObjectType,
  type FieldNode,
  type GraphQLField,
  type OperationDefinitionNode,
} from 'graphql';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, rootSelections, type RootSelection } from './holdout2.js';
import { selectedUnder, sibling } from './holdout5.js';
import { onInput, onMutationInput } from './holdout6.js';
import { isEventView, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import { isMutation, mapArgument, onData, onFields, rewriteFields } from './rewrite.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const numberOr = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

/** The request's revision as the contract names it (an unknown one reads as the newest). */
const revision = (request: Incoming): '1.4.0' | '1.2.0' => (request.version === '1.2.0' ? '1.2.0' : '1.4.0');

/** The definition of root query field `name` in the request's revision. */
function queryField(request: Incoming, name: string): GraphQLField<unknown, unknown> | undefined {
  return buildRevisionSchema(revision(request)).getQueryType()?.getFields()[name];
}

/** An answer whose `data` is `data`, the rest as it came. */
const withData = (answer: Answer, data: Json): Answer => ({
  ...answer,
  json: { ...(answer.json as object), data },
});

/**
 * One page of root query `name` read with `args` (skip and limit overridden by `paging` when given),
 * selecting `selection` under `models`: the page, or undefined when the service refuses.
 */
async function readPage(
  request: Incoming,
  forward: Forward,
  name: string,
  args: Json,
  selection: string,
  paging: { skip?: number; limit?: number } = {},
): Promise<{ totalModels: number; models: Json[] } | undefined> {
  const field = queryField(request, name);
  if (!field) return undefined;
  const given: Json = { ...args, ...paging };
  const used = field.args.filter((a) => given[a.name] !== undefined);
  const declared = used.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = used.map((a) => `${a.name}: $${a.name}`).join(', ');
  const variables = Object.fromEntries(used.map((a) => [a.name, given[a.name]]));
  const query = `query${declared ? `(${declared})` : ''} { v: ${name}${passed ? `(${passed})` : ''} { totalModels models { ${selection} } } }`;
  const page = dataOf(await forward(sibling(request, query, variables)))?.v;
  if (!isObject(page) || !Array.isArray(page.models)) return undefined;
  return { totalModels: Number(page.totalModels), models: page.models as Json[] };
}

/** Every item of root query `name` under `args` (read in pages of 500), with `selection`. */
async function readAll(
  request: Incoming,
  forward: Forward,
  name: string,
  args: Json,
  selection: string,
): Promise<Json[] | undefined> {
  const out: Json[] = [];
  for (;;) {
    const page = await readPage(request, forward, name, args, selection, { skip: out.length, limit: 500 });
    if (!page) return undefined;
    out.push(...page.models);
    if (page.models.length === 0 || out.length >= page.totalModels) return out;
  }
}

/** The request with root selection `root`'s skip and limit replaced (the variables they used rewritten). */
function repaged(request: Incoming, name: string, key: string, skip: number, limit: number): Incoming {
  const definition = queryField(request, name);
  return rewriteFields(request, (node, field, vars) => {
    if (field !== definition || (node.alias?.value ?? node.name.value) !== key) return undefined;
    const skipped = mapArgument(node, field, vars, 'skip', () => skip) ?? node;
    return mapArgument(skipped, field, vars, 'limit', () => limit) ?? skipped;
  });
}

/**
 * A root list `name` that the regressed service orders or filters differently: `pick` gives, from every item
 * of the correct list (read with `keys`), the indexes of the items the service answers, in its order (or
 * undefined where the regression does not apply). Each page is cut from that list; its items are read with
 * the client's own selection from the correct list's window that holds them.
 */
function rePaged(
  name: string,
  keys: string,
  pick: (items: Json[], args: Json) => number[] | undefined,
  when: (args: Json) => boolean = () => true,
): Handler {
  return async (request, forward) => {
    const roots = isMutation(request)
      ? []
      : rootSelections(request).filter((r) => r.name === name && when(r.args));
    if (roots.length === 0) return forward(request);
    const answer = await forward(request);
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const root of roots) {
      const page = data[root.key];
      if (!isObject(page)) continue;
      const { skip: _skip, limit: _limit, ...args } = root.args;
      const items = await readAll(request, forward, name, args, keys);
      const order = items && pick(items, root.args);
      if (!order) continue;
      const skip = numberOr(root.args.skip, 0);
      const limit = numberOr(root.args.limit, 100);
      const window = order.slice(skip, skip + limit);
      const out: Json = { ...page };
      if ('totalModels' in page) out.totalModels = order.length;
      if (Array.isArray(page.models)) {
        if (window.length === 0) out.models = [];
        else {
          const from = Math.min(...window);
          const to = Math.max(...window);
          const read = dataOf(await forward(repaged(request, name, root.key, from, to - from + 1)))?.[
            root.key
          ];
          const models = isObject(read) && Array.isArray(read.models) ? read.models : undefined;
          if (!models) continue;
          out.models = window.map((i) => models[i - from] ?? null);
        }
      }
      next[root.key] = out;
    }
    return withData(answer, next);
  };
}

/** A handler that rewrites the result of each root selection named `name` with `fn`. */
function onRoot(name: string, fn: (result: unknown, root: RootSelection) => unknown): Handler {
  return async (request, forward) => {
    const answer = await forward(request);
    const data = dataOf(answer);
    const roots = rootSelections(request).filter((r) => r.name === name);
    if (!data || roots.length === 0) return answer;
    const next = { ...data };
    for (const root of roots) if (root.key in next) next[root.key] = fn(next[root.key], root);
    return withData(answer, next);
  };
}

/** The single root selection of a request when it is the mutation `name`. */
function onlyMutation(request: Incoming, name: string): RootSelection | undefined {
  const roots = rootSelections(request);
  return isMutation(request) && roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/** The request with the `input` of its root field `name` replaced by `input`. */
function withInput(request: Incoming, name: string, input: Json): Incoming {
  return rewriteFields(request, (node, field, vars) =>
    node.name.value === name ? mapArgument(node, field, vars, 'input', () => input) : undefined,
  );
}

/** Whether text `needle` is in `haystack`, ignoring case (how the search matches text). */
const contains = (haystack: unknown, needle: string): boolean =>
  typeof haystack === 'string' && haystack.toLocaleLowerCase('en').includes(needle.toLocaleLowerCase('en'));

/** The entries of a list argument that may have been given as one object. */
const entries = (value: unknown): Json[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter(isObject);

// ---- paging ---------------------------------------------------------------------------------------------

/** activities filtered by contactIds match an activity on its first (primary) linked contact only. */
/** The contactIds of an activities filter, when it names any. */
const contactIdsOf = (args: Json): unknown[] | undefined => {
  const ids = isObject(args.filter) ? args.filter.contactIds : undefined;
  return Array.isArray(ids) && ids.length > 0 ? ids : undefined;
};

/** The texts of the term filters of a searchFirmContacts filter. */
const termsOf = (args: Json): string[] =>
  entries(args.filter)
    .filter((f) => f.field === 'term' && typeof f.value === 'string' && f.value !== '')
    .map((f) => f.value as string);

const contactFilterFirstLinkOnly = rePaged(
  'activities',
  'linkedActivityContacts { id }',
  (items, args) => {
    const wanted = new Set((contactIdsOf(args) ?? []).map(String));
    return items.flatMap((item, i) => {
      const first = (item.linkedActivityContacts as { id?: unknown }[] | null | undefined)?.[0]?.id;
      return first !== undefined && wanted.has(String(first)) ? [i] : [];
    });
  },
  (args) => contactIdsOf(args) !== undefined,
);

/** searchFirmContacts' term no longer searches e-mail addresses: names and employers only. */
const termWithoutEmail = rePaged(
  'searchFirmContacts',
  'displayName ... on Person { firstName lastName currentEmployer { name } } ... on Company { name }',
  (items, args) => {
    const terms = termsOf(args);
    return items.flatMap((c, i) => {
      const employer = (c.currentEmployer as { name?: unknown } | null | undefined)?.name;
      const texts = [c.displayName, c.firstName, c.lastName, c.name, employer];
      return terms.every((t) => texts.some((x) => contains(x, t))) ? [i] : [];
    });
  },
  (args) => termsOf(args).length > 0,
);

// ---- sort -----------------------------------------------------------------------------------------------

/** activities in date order compare the calendar day only: same-day activities come in id order. */
const sameDayById = rePaged('activities', 'id date', (items, args) => {
  const sort = entries(args.sort);
  if (sort.some((s) => s.field !== undefined && s.field !== null && s.field !== 'Date')) return undefined;
  const sign = sort[0]?.direction === 'Descending' ? -1 : 1;
  const key = (i: number) => ({ day: String(items[i]!.date ?? ''), id: String(items[i]!.id ?? '') });
  return items
    .map((_m, i) => i)
    .sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x.day !== y.day) return sign * (x.day < y.day ? -1 : 1);
      return x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
    });
});

/** activityTypes put the firm's default type first, then the others by name. */
const defaultTypeFirst = rePaged('activityTypes', 'isDefault', (items) => {
  const all = items.map((_m, i) => i);
  return [
    ...all.filter((i) => items[i]!.isDefault === true),
    ...all.filter((i) => items[i]!.isDefault !== true),
  ];
});

// ---- nullability ----------------------------------------------------------------------------------------

const NAME_PARTS = new Set(['title', 'middleName', 'suffix', 'goesBy', 'assistantName', 'alias']);

/** The echo of the paging arguments a request left out is null (the echo copies the arguments as given). */
const echoNullWhenDefaulted: Handler = async (request, forward) => {
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of rootSelections(request)) {
    const page = next[root.key];
    const paged = queryField(request, root.name)?.args.some((a) => a.name === 'limit');
    if (!isObject(page) || !paged) continue;
    const out = { ...page };
    for (const name of ['skip', 'limit', 'sort'])
      if (name in out && root.args[name] === undefined) out[name] = null;
    next[root.key] = out;
  }
  return withData(answer, next);
};

/** people(ids) answers null in the place of each id that names no person (a batch loader's miss). */
const unknownPeopleAsNull: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'people');
  if (roots.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of roots) {
    const people = data[root.key];
    const ids = root.args.ids;
    if (!Array.isArray(people) || !Array.isArray(ids)) continue;
    const found = dataOf(
      await forward(sibling(request, 'query($ids: [ID!]!) { p: people(ids: $ids) { id } }', { ids })),
    )?.p;
    if (!Array.isArray(found) || found.length !== people.length) continue;
    const out: unknown[] = [];
    let j = 0;
    for (const id of ids) {
      if (j < found.length && (found[j] as { id?: unknown } | null)?.id === id) out.push(people[j++]);
      else out.push(null);
    }
    next[root.key] = out;
  }
  return withData(answer, next);
};

// ---- versions -------------------------------------------------------------------------------------------

/** The operations of a request's document (none when it does not parse). */
function operations(request: Incoming): OperationDefinitionNode[] {
  try {
    return parse(request.body?.query ?? '').definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
  } catch {
    return [];
  }
}

/** 1.4.0 renamed the input type ContactFilterInput: documents declaring variables of it fail validation. */
const filterInputRenamed: Handler = (request, forward) => {
  if (revision(request) !== '1.4.0') return forward(request);
  for (const operation of operations(request))
    for (const definition of operation.variableDefinitions ?? []) {
      let type = definition.type;
      while (type.kind !== Kind.NAMED_TYPE) type = type.type;
      if (type.name.value === 'ContactFilterInput')
        return Promise.resolve(
          validationFailure(
            request,
            'Unknown type "ContactFilterInput". Did you mean "SearchFirmContactsFilterInput"?',
          ),
        );
    }
  return forward(request);
};

const FULL_DIRECTIONS = new Set(['Ascending', 'Descending']);
const ABBREVIATED: Record<string, string> = { Ascending: 'ASC', Descending: 'DESC' };

/** The `direction` values (Ascending, Descending) anywhere in a variable's value. */
function directionsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(directionsIn);
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'direction' && typeof v === 'string' && FULL_DIRECTIONS.has(v) ? [v] : directionsIn(v),
  );
}

/**
 * The 1.2.0 endpoint was deployed with an older SortDirection enum (ASC, DESC): a document naming Ascending
 * or Descending where a SortDirection goes is refused.
 */
const oldSortDirectionEnum: Handler = (request, forward) => {
  if (request.version !== '1.2.0') return forward(request);
  const schema = buildRevisionSchema('1.2.0');
  let document;
  try {
    document = parse(request.body?.query ?? '');
  } catch {
    return forward(request);
  }
  const typeInfo = new TypeInfo(schema);
  let literal: string | undefined;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      EnumValue(node) {
        const type = typeInfo.getInputType();
        if (type && getNamedType(type).name === 'SortDirection' && FULL_DIRECTIONS.has(node.value))
          literal ??= node.value;
      },
    }),
  );
  if (literal)
    return Promise.resolve(
      validationFailure(
        request,
        `Value "${literal}" does not exist in "SortDirection" enum. Did you mean the enum value "${ABBREVIATED[literal]}"?`,
      ),
    );
  for (const operation of operations(request))
    for (const definition of operation.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      const [value] = directionsIn(request.body?.variables?.[name]);
      if (value && /Sort/.test(print(definition.type)))
        return Promise.resolve(
          jsonAnswer(200, {
            errors: [
              {
                message: `Variable "$${name}" got invalid value "${value}"; Value "${value}" does not exist in "SortDirection" enum.`,
                extensions: { code: 'BAD_USER_INPUT' },
              },
            ],
          }),
        );
    }
  return forward(request);
};

// ---- enums ----------------------------------------------------------------------------------------------

/** lists(listClass: [AllLists]) is read as AllMarketingLists (the switch falls through). */
const allListsAsMarketing = onFields((node, field, vars) =>
  node.name.value === 'lists' && field.args.some((a) => a.name === 'listClass')
    ? mapArgument(node, field, vars, 'listClass', (value) =>
        Array.isArray(value) && value.includes('AllLists')
          ? value.map((c) => (c === 'AllLists' ? 'AllMarketingLists' : c))
          : value,
      )
    : undefined,
);

const SWAPPED: Record<string, string> = { Business: 'Other', Other: 'Business' };

/** addPerson and addCompany read mailingAddress Business as Other and Other as Business. */
const mailingAddressSwapped = onMutationInput(new Set(['addPerson', 'addCompany']), (input) =>
  typeof input.mailingAddress === 'string' && SWAPPED[input.mailingAddress]
    ? { ...input, mailingAddress: SWAPPED[input.mailingAddress] }
    : input,
);

// ---- dates ----------------------------------------------------------------------------------------------

/** The activities list (ActivityView.date) answers each activity's lastEditedDate instead of its start date. */
const viewDateLastEdited: Handler = async (request, forward) => {
  const roots = isMutation(request) ? [] : rootSelections(request).filter((r) => r.name === 'activities');
  if (roots.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of roots) {
    const page = data[root.key];
    if (!isObject(page) || !Array.isArray(page.models) || page.models.length === 0) continue;
    const ids = await readPage(request, forward, 'activities', root.args, 'id');
    if (!ids || ids.models.length !== page.models.length) continue;
    const query = `query(${ids.models.map((_m, i) => `$i${i}: ID!`).join(', ')}) { ${ids.models
      .map((_m, i) => `a${i}: activity(id: $i${i}) { lastEditedDate }`)
      .join(' ')} }`;
    const variables = Object.fromEntries(ids.models.map((m, i) => [`i${i}`, m.id]));
    const edited = dataOf(await forward(sibling(request, query, variables)));
    if (!edited) continue;
    next[root.key] = {
      ...page,
      models: page.models.map((m: unknown, i) => {
        const last = (edited[`a${i}`] as { lastEditedDate?: unknown } | null | undefined)?.lastEditedDate;
        return isObject(m) && 'date' in m && typeof last === 'string' ? { ...m, date: last } : m;
      }),
    };
  }
  return withData(answer, next);
};

const ACTIVITY_DATE = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/;

/** updateActivity given a new activityDate changes the day only and keeps the old time of day. */
const keepsTimeOfDay: Handler = async (request, forward) => {
  const root = onlyMutation(request, 'updateActivity');
  const input = root?.args.input;
  if (!isObject(input) || typeof input.activityDate !== 'string') return forward(request);
  const day = ACTIVITY_DATE.exec(input.activityDate)?.[1];
  const id = input.id ?? input.activityId;
  if (!day || !id) return forward(request);
  const read = dataOf(
    await forward(sibling(request, 'query($id: ID!) { a: activity(id: $id) { activityStartDate } }', { id })),
  )?.a as { activityStartDate?: unknown } | null | undefined;
  const time = /T(\d{2}:\d{2}:\d{2})/.exec(String(read?.activityStartDate ?? ''))?.[1];
  if (!time) return forward(request);
  return forward(withInput(request, 'updateActivity', { ...input, activityDate: `${day} ${time}` }));
};

// ---- validation -----------------------------------------------------------------------------------------

/**
 * addContactsToLists given a contact already in one of the lists refuses the whole batch: nothing is added
 * and every pair is reported skipped.
 */
const memberRefusesBatch: Handler = async (request, forward) => {
  const root = onlyMutation(request, 'addContactsToLists');
  const listIds = root?.args.listIds;
  const contactIds = root?.args.contactIds;
  if (!root || !Array.isArray(listIds) || !Array.isArray(contactIds) || contactIds.length === 0)
    return forward(request);
  const query = `query(${contactIds.map((_c, i) => `$c${i}: ID!`).join(', ')}) { ${contactIds
    .map((_c, i) => `c${i}: contact(id: $c${i}) { lists(limit: 1000) { models { id } } }`)
    .join(' ')} }`;
  const read = dataOf(
    await forward(sibling(request, query, Object.fromEntries(contactIds.map((c, i) => [`c${i}`, c])))),
  );
  const member = contactIds.some((_c, i) => {
    const lists = (read?.[`c${i}`] as { lists?: { models?: { id?: unknown }[] } } | null | undefined)?.lists;
    return (lists?.models ?? []).some((l) => listIds.includes(l.id));
  });
  if (!member) return forward(request);
  const total = listIds.length * contactIds.length;
  const full: Json = {
    totalCount: total,
    successCount: 0,
    resultText: `0 contact-list links added, 0 already in place, ${total} skipped of ${total}.`,
    skippedCount: total,
    skippedContactIds: [...new Set(contactIds.map(String))],
  };
  const out: Json = {};
  for (const name of selectedUnder(request, root.key)) if (name in full) out[name] = full[name];
  if (selectedUnder(request, root.key).includes('__typename')) out.__typename = 'AddContactsToListResults';
  return jsonAnswer(200, { data: { [root.key]: out } });
};

const STRENGTH_WRITES = ['addRelationship', 'addRelationshipForContacts', 'editRelationship'];

/** Relationship writes refuse a strengthLevel at the top of the type's scale (an off-by-one `<` check). */
const topStrengthRefused: Handler = async (request, forward) => {
  const root = STRENGTH_WRITES.map((name) => onlyMutation(request, name)).find(Boolean);
  const input = root?.args.input;
  if (!root || !isObject(input) || typeof input.strengthLevel !== 'number' || !input.relationshipTypeId)
    return forward(request);
  const types = dataOf(
    await forward(
      sibling(request, 'query($t: [ID!]) { t: relationshipTypes(filter: { ids: $t }) { strengthScale } }', {
        t: [input.relationshipTypeId],
      }),
    ),
  )?.t as { strengthScale?: unknown }[] | undefined;
  const scale = types?.[0]?.strengthScale;
  if (typeof scale !== 'number' || input.strengthLevel !== scale) return forward(request);
  // The service's own refusal of a level above the scale, which is what its check now says of the top one.
  return forward(withInput(request, root.name, { ...input, strengthLevel: scale + 1 }));
};

// ---- persistence ----------------------------------------------------------------------------------------

const LOCATION_FIELDS = [
  'contactId',
  'type',
  'label',
  'street',
  'city',
  'administrativeDivision',
  'country',
  'postalCode',
  'isMailingAddress',
];

/** changePublicContactLocation adds the changed address as a new one (the upsert misses its id); the old stays. */
const changeAddsAddress: Handler = async (request, forward) => {
  const root = onlyMutation(request, 'changePublicContactLocation');
  const input = root?.args.input;
  if (!root || !isObject(input)) return forward(request);
  let selection = '';
  for (const operation of operations(request))
    for (const s of operation.selectionSet.selections)
      if (s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === root.key && s.selectionSet)
        selection = print(s.selectionSet);
  const added = Object.fromEntries(
    LOCATION_FIELDS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]),
  );
  const answer = await forward(
    sibling(
      request,
      `mutation($i: AddLocationInput!) { ${root.key}: addPublicLocation(input: $i) ${selection} }`,
      {
        i: added,
      },
    ),
  );
  return answer;
};

/** removeMatterFinancials ignores its period and removes every financial of the matter. */
const periodIgnored = onMutationInput(new Set(['removeMatterFinancials']), (input) => {
  const { periodStart: _start, periodEnd: _end, ...rest } = input;
  return rest;
});

/** removeContactFromLists removes the contact from every list it is in, not only from the lists given. */
const removesFromAll: Handler = async (request, forward) => {
  const root = onlyMutation(request, 'removeContactFromLists');
  const input = root?.args.input;
  if (!root || !isObject(input) || !input.contactId || !Array.isArray(input.listIds)) return forward(request);
  const lists = (
    dataOf(
      await forward(
        sibling(request, 'query($id: ID!) { c: contact(id: $id) { lists(limit: 1000) { models { id } } } }', {
          id: input.contactId,
        }),
      ),
    )?.c as { lists?: { models?: { id?: unknown }[] } } | null | undefined
  )?.lists?.models;
  const listIds: unknown[] = input.listIds;
  const all = [...listIds, ...(lists ?? []).map((l) => l.id).filter((id) => !listIds.includes(id))];
  return forward(withInput(request, 'removeContactFromLists', { ...input, listIds: all }));
};

// ---- events ---------------------------------------------------------------------------------------------

const AUDITED: Record<string, string> = { firmContactEventViews: 'contactId', listEventViews: 'listId' };

/**
 * Writes through the 1.2.0 endpoint go by a legacy path without the audit trigger: the contact and list
 * events they record are never answered.
 */
function legacyWritesUnaudited(): Handler {
  const lost = new Set<string>();
  const keyOf = (request: Incoming, view: string, e: Json): string =>
    `${tokenOf(request)}|${request.region}|${view}|${String(e.eventType)}|${String(e.eventDate)}|${String(e[AUDITED[view]!])}`;
  const totals = async (request: Incoming, forward: Forward) => {
    const read = dataOf(
      await forward(
        sibling(
          request,
          '{ c: firmContactEventViews(limit: 1) { totalModels } l: listEventViews(limit: 1) { totalModels } }',
          {},
        ),
      ),
    );
    return {
      firmContactEventViews: Number((read?.c as Json | undefined)?.totalModels ?? NaN),
      listEventViews: Number((read?.l as Json | undefined)?.totalModels ?? NaN),
    };
  };
  return async (request, forward) => {
    if (request.version === '1.2.0' && isMutation(request)) {
      const before = await totals(request, forward);
      const answer = await forward(request);
      const after = await totals(request, forward);
      for (const view of Object.keys(AUDITED) as (keyof typeof before)[]) {
        const added = after[view] - before[view];
        if (!(added > 0)) continue;
        const page = await readPage(
          request,
          forward,
          view,
          { sort: [{ field: 'eventDate', direction: 'Descending' }] },
          `eventType eventDate ${AUDITED[view]}`,
          { limit: added },
        );
        for (const e of page?.models ?? []) lost.add(keyOf(request, view, e));
      }
      return answer;
    }
    if (lost.size === 0 || isMutation(request)) return forward(request);
    const [contacts, lists] = Object.keys(AUDITED).map((view) =>
      droppingEvents(
        view,
        `eventType eventDate ${AUDITED[view]}`,
        () => (e) => lost.has(keyOf(request, view, e)),
      ),
    );
    return contacts!(request, (r) => lists!(r, forward));
  };
}

/** The event views ignore the `to` of their eventDate filter: a window answers every event since its start. */
const windowEndIgnored = onFields((node, field, vars) =>
  isEventView(node.name.value)
    ? mapArgument(
        node,
        field,
        vars,
        'filter',
        onInput((filter) => {
          const range = filter.eventDate;
          if (!isObject(range) || range.to === undefined || range.to === null) return filter;
          const { to: _to, ...rest } = range;
          return { ...filter, eventDate: rest };
        }),
      )
    : undefined,
);

const DELETION: Record<string, { deleted: string; types: string[] }> = {
  firmContactEventViews: {
    deleted: 'ContactDeleted',
    types: ['ContactCreated', 'ContactUpdated', 'ContactAddedToList', 'ContactRemovedFromList'],
  },
  listEventViews: {
    deleted: 'ListDeleted',
    types: [
      'ListCreated',
      'ListUpdated',
      'ListArchived',
      'ListMemberAdded',
      'ListMemberRemoved',
      'ListFieldDefinitionAdded',
      'ListFieldDefinitionUpdated',
      'ListFieldDefinitionRemoved',
    ],
  },
};

/**
 * firmContactEventViews and listEventViews count the hidden events of deleted contacts and lists in
 * totalModels (the count query lacks the deletion rule the page applies).
 */
const totalCountsDeleted: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => DELETION[r.name]);
  if (roots.length === 0 || isMutation(request)) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of roots) {
    const page = data[root.key];
    if (!isObject(page) || typeof page.totalModels !== 'number') continue;
    const { deleted, types } = DELETION[root.name]!;
    const filter = isObject(root.args.filter) ? root.args.filter : {};
    const given = Array.isArray(filter.eventTypes) ? (filter.eventTypes as string[]) : types;
    if (given.includes(deleted)) continue;
    const count = async (eventTypes: string[]) =>
      (
        await readPage(request, forward, root.name, { filter: { ...filter, eventTypes } }, 'eventType', {
          limit: 1,
        })
      )?.totalModels;
    const withDeleted = await count([...given, deleted]);
    const deletions = await count([deleted]);
    const visible = await count(given);
    if (withDeleted === undefined || deletions === undefined || visible === undefined) continue;
    next[root.key] = { ...page, totalModels: page.totalModels + (withDeleted - deletions - visible) };
  }
  return withData(answer, next);
};

// ---- auth and region ------------------------------------------------------------------------------------

const PERMISSION_FLAGS = new Set([
  'allowedLinkInto',
  'allowedRemoveFrom',
  'addAllowed',
  'deleteAllowed',
  'addActivityAllowed',
  'addNoteAllowed',
  'isAdministrator',
]);

const REFUSAL = 'h19Refusal';

/**
 * The request with `validationErrors { message }` selected (under a hidden alias) in every root mutation
 * field whose result has them, so the service's refusal shows whatever the client selected.
 */
function withRefusalSelected(request: Incoming): Incoming {
  const fields = buildRevisionSchema(revision(request)).getMutationType()?.getFields() ?? {};
  return rewriteFields(request, (node, field) => {
    const type = getNamedType(field.type);
    if (fields[node.name.value] !== field || !node.selectionSet) return undefined;
    if (!isObjectType(type) || !type.getFields().validationErrors) return undefined;
    const hidden: FieldNode = {
      kind: Kind.FIELD,
      alias: { kind: Kind.NAME, value: REFUSAL },
      name: { kind: Kind.NAME, value: 'validationErrors' },
      selectionSet: {
        kind: Kind.SELECTION_SET,
        selections: [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: 'message' } }],
      },
    };
    return {
      ...node,
      selectionSet: { ...node.selectionSet, selections: [...node.selectionSet.selections, hidden] },
    };
  });
}

/** The messages of an answer's refusals (its GraphQL errors and the hidden validationErrors of its results). */
function refusals(answer: Answer): string[] {
  const errors = (answer.json as { errors?: { message?: unknown }[] } | undefined)?.errors ?? [];
  const out = errors.map((e) => String(e.message ?? ''));
  for (const result of Object.values(dataOf(answer) ?? {})) {
    const listed = isObject(result) ? result[REFUSAL] : undefined;
    if (Array.isArray(listed))
      out.push(...listed.map((e: unknown) => String((e as Json | null)?.message ?? '')));
  }
  return out;
}

/** The answer without the hidden validationErrors. */
function withoutRefusal(answer: Answer): Answer {
  const data = dataOf(answer);
  if (!data) return answer;
  return withData(
    answer,
    Object.fromEntries(
      Object.entries(data).map(([key, result]) => {
        if (!isObject(result) || !(REFUSAL in result)) return [key, result];
        const { [REFUSAL]: _hidden, ...rest } = result;
        return [key, rest];
      }),
    ),
  );
}

const UNKNOWN_ID = /exists with id|not found|no such|unknown .*id|does not exist/i;

/** A write on eu or au that names an id the region does not hold is applied to the us record of that id. */
const writeFallsBackToUs: Handler = async (request, forward) => {
  if (request.region === 'us' || !isMutation(request)) return forward(request);
  const asked = withRefusalSelected(request);
  const answer = await forward(asked);
  if (!refusals(answer).some((m) => UNKNOWN_ID.test(m))) return withoutRefusal(answer);
  const us = await forward({ ...asked, region: 'us' });
  return withoutRefusal(refusals(us).length === 0 ? us : answer);
};

// ---- http, caching, errors ------------------------------------------------------------------------------

/** A query asked again with the same token and body within 30 seconds is answered 304 without a body. */
function notModifiedOnRepeat(): Handler {
  const seen = new Map<string, number>();
  return async (request, forward) => {
    if (isMutation(request)) return forward(request);
    const key = `${tokenOf(request)}\0${request.method}\0${request.region}/${request.version}\0${request.body ? JSON.stringify(request.body) : request.raw}`;
    const at = seen.get(key);
    if (at !== undefined && Date.now() - at < 30_000) return { status: 304, headers: {}, text: '' };
    const answer = await forward(request);
    if (answer.status === 200) seen.set(key, Date.now());
    return answer;
  };
}

/** A mutation whose result reports a refusal is answered HTTP 422. */
const refusedWrite422: Handler = async (request, forward) => {
  if (!isMutation(request)) return forward(request);
  const answer = await forward(withRefusalSelected(request));
  const refused = Object.values(dataOf(answer) ?? {}).some((result) => {
    const r = result as { success?: unknown; isSuccessful?: unknown } | null;
    return r?.success === false || r?.isSuccessful === false;
  });
  const listed =
    refusals(answer).length - ((answer.json as { errors?: unknown[] } | undefined)?.errors?.length ?? 0);
  return refused || listed > 0 ? { ...withoutRefusal(answer), status: 422 } : withoutRefusal(answer);
};

/** An answer holding data loses its errors (the gateway passes errors only when data is null). */
const errorsDroppedBesideData: Handler = async (request, forward) => {
  const answer = await forward(request);
  const body = answer.json as { data?: unknown; errors?: unknown } | undefined;
  if (!body || !isObject(body.data) || body.errors === undefined) return answer;
  const { errors: _errors, ...rest } = body;
  return { ...answer, json: rest };
};

/** Errors of code BAD_USER_INPUT are reported with the code GRAPHQL_VALIDATION_FAILED. */
const badInputAsValidationFailed: Handler = async (request, forward) => {
  const answer = await forward(request);
  const body = answer.json as { errors?: unknown } | undefined;
  if (!body || !Array.isArray(body.errors)) return answer;
  const errors = body.errors.map((e: unknown) => {
    if (!isObject(e) || !isObject(e.extensions) || e.extensions.code !== 'BAD_USER_INPUT') return e;
    return { ...e, extensions: { ...e.extensions, code: 'GRAPHQL_VALIDATION_FAILED' } };
  });
  return { ...answer, json: { ...body, errors } };
};

/** Regressions the certification was not written against (a nineteenth blind set). */
export const HOLDOUT19: Mutant[] = [
  {
    id: 'holdout19.paging.activities-contact-filter-first-link-only',
    class: 'paging',
    description:
      'activities filtered by contactIds match an activity only on its first linked contact (the join uses the primary-contact column)',
    names: /contactIds|activities|linkedActivityContacts|filter|totalModels/i,
    handle: contactFilterFirstLinkOnly,
  },
  {
    id: 'holdout19.paging.search-term-skips-email',
    class: 'paging',
    description:
      'the term filter of searchFirmContacts no longer searches e-mail addresses (names and employers only)',
    names: /searchFirmContacts|term|email|filter|totalModels/i,
    handle: termWithoutEmail,
  },
  {
    id: 'holdout19.paging.search-total-capped-100',
    class: 'paging',
    description:
      'searchFirmContacts reports totalModels at most 100 (a capped hit count), though later pages hold more',
    names: /searchFirmContacts|totalModels|total|page/i,
    handle: onRoot('searchFirmContacts', (result) =>
      isObject(result) && typeof result.totalModels === 'number' && result.totalModels > 100
        ? { ...result, totalModels: 100 }
        : result,
    ),
  },
  {
    id: 'holdout19.sort.activities-same-day-by-id',
    class: 'sort',
    description:
      'activities in date order compare the calendar day only: activities of the same day come in id order, not by time',
    names: /activities|sort|order|date|activityStartDate/i,
    handle: sameDayById,
  },
  {
    id: 'holdout19.sort.activity-types-default-first',
    class: 'sort',
    description: "activityTypes list the firm's default type first, then the others by name",
    names: /activityTypes|order|sort|name|isDefault/i,
    handle: defaultTypeFirst,
  },
  {
    id: 'holdout19.nullability.absent-name-parts-empty',
    class: 'nullability',
    description:
      "a contact's absent title, middleName, suffix, goesBy, assistantName or alias is answered as an empty string instead of null",
    names: /title|middleName|suffix|goesBy|assistantName|alias|null|empty/i,
    handle: onData((key, value) => (NAME_PARTS.has(key) && value === null ? '' : value)),
  },
  {
    id: 'holdout19.nullability.defaulted-paging-echo-null',
    class: 'nullability',
    description:
      'paged results echo skip, limit and sort as null when the request left them out (the echo copies the arguments, not the defaults applied)',
    names: /skip|limit|sort|echo|null/i,
    handle: echoNullWhenDefaulted,
  },
  {
    id: 'holdout19.nullability.people-unknown-ids-as-null',
    class: 'nullability',
    description:
      'people(ids) answers null in the place of each id that names no person instead of leaving it out',
    names: /people|ids|null/i,
    handle: unknownPeopleAsNull,
  },
  {
    id: 'holdout19.versions.contact-filter-input-renamed',
    class: 'versions',
    description:
      '1.4.0 renamed the input type ContactFilterInput (\'Unknown type "ContactFilterInput"\'): documents declaring variables of it fail',
    names: /ContactFilterInput|searchFirmContacts|Unknown type|GRAPHQL_VALIDATION_FAILED/i,
    handle: filterInputRenamed,
  },
  {
    id: 'holdout19.versions.1.2.0-sort-direction-abbreviated',
    class: 'versions',
    description:
      'the 1.2.0 endpoint has an older SortDirection enum (ASC, DESC): sorts naming Ascending or Descending are refused',
    names: /SortDirection|1\.2\.0|sort|direction|GRAPHQL_VALIDATION_FAILED|BAD_USER_INPUT/i,
    handle: oldSortDirectionEnum,
  },
  {
    id: 'holdout19.enums.all-lists-as-marketing',
    class: 'enums',
    description:
      'lists(listClass: [AllLists]) answers the marketing lists only (the value read as AllMarketingLists)',
    names: /listClass|AllLists|lists|workingLists|totalModels/i,
    handle: allListsAsMarketing,
  },
  {
    id: 'holdout19.enums.mailing-address-swapped',
    class: 'enums',
    description:
      'addPerson and addCompany read mailingAddress Business as Other and Other as Business (the wrong address becomes the mailing one)',
    names: /mailingAddress|isMailingAddress|address|addPerson|addCompany/i,
    handle: mailingAddressSwapped,
  },
  {
    id: 'holdout19.dates.activity-view-date-last-edited',
    class: 'dates',
    description:
      "the activities list answers each activity's date as its lastEditedDate instead of its start date",
    names: /date|activities|lastEditedDate|activityStartDate/i,
    handle: viewDateLastEdited,
  },
  {
    id: 'holdout19.dates.update-activity-keeps-time-of-day',
    class: 'dates',
    description:
      'updateActivity given a new activityDate changes the day only and keeps the time of day the activity had',
    names: /updateActivity|activityDate|activityStartDate|date/i,
    handle: keepsTimeOfDay,
  },
  {
    id: 'holdout19.validation.member-refuses-batch',
    class: 'validation',
    description:
      'addContactsToLists given a contact already in one of the lists adds nothing and reports every pair skipped (the batch refused whole)',
    names: /addContactsToLists|skipped|successCount|lists|contacts/i,
    handle: memberRefusesBatch,
  },
  {
    id: 'holdout19.validation.top-strength-refused',
    class: 'validation',
    description:
      "relationship writes refuse a strengthLevel equal to the type's strengthScale (an off-by-one check of the scale's top)",
    names: /strength|addRelationship|editRelationship|BAD_USER_INPUT|validation/i,
    handle: topStrengthRefused,
  },
  {
    id: 'holdout19.persistence.location-change-adds-address',
    class: 'persistence',
    description:
      'changePublicContactLocation adds the changed address as a new one and leaves the old address as it was',
    names: /changePublicContactLocation|address|location|street|city/i,
    handle: changeAddsAddress,
  },
  {
    id: 'holdout19.persistence.matter-financials-period-ignored',
    class: 'persistence',
    description: 'removeMatterFinancials ignores its period and removes every financial of the matter',
    names: /removeMatterFinancials|matterFinancialsAffected|period|matter/i,
    handle: periodIgnored,
  },
  {
    id: 'holdout19.persistence.remove-from-lists-removes-all',
    class: 'persistence',
    description:
      'removeContactFromLists removes the contact from every list it is in, not only from the lists given',
    names: /removeContactFromLists|lists|successIds|member/i,
    handle: removesFromAll,
  },
  {
    id: 'holdout19.events.1.2.0-writes-unaudited',
    class: 'events',
    description:
      'writes through the 1.2.0 endpoint record no contact or list events (a legacy write path without the audit trigger)',
    names:
      /EventViews|event|1\.2\.0|Contact(Created|Updated|AddedToList|RemovedFromList)|List(Created|Updated|Member)/i,
    handle: legacyWritesUnaudited(),
  },
  {
    id: 'holdout19.events.event-date-to-ignored',
    class: 'events',
    description:
      'the event views ignore the to of their eventDate filter: a window answers every event since its start',
    names: /eventDate|EventViews|filter|window|\bto\b/i,
    handle: windowEndIgnored,
  },
  {
    id: 'holdout19.events.total-counts-deleted',
    class: 'events',
    description:
      'firmContactEventViews and listEventViews count the hidden events of deleted contacts and lists in totalModels',
    names: /totalModels|EventViews|Deleted|total/i,
    handle: totalCountsDeleted,
  },
  {
    id: 'holdout19.auth.list-permission-flags-all-true',
    class: 'auth',
    description:
      "every list answers its permission flags (allowedLinkInto, addAllowed, deleteAllowed, …, isAdministrator) true, not the user's rights",
    names:
      /allowedLinkInto|allowedRemoveFrom|addAllowed|deleteAllowed|addActivityAllowed|addNoteAllowed|isAdministrator|permission/i,
    handle: onData((key, value) => (PERMISSION_FLAGS.has(key) && typeof value === 'boolean' ? true : value)),
  },
  {
    id: 'holdout19.region.write-by-id-falls-back-to-us',
    class: 'region',
    description:
      'a write on the eu or au endpoint naming an id that region does not hold is applied to the us record of that id',
    names: /region|\beu\b|\bau\b|isolation|falls? back|exists with id/i,
    handle: writeFallsBackToUs,
  },
  {
    id: 'holdout19.caching.repeat-answered-304',
    class: 'caching',
    description:
      'a query asked again with the same token and body within 30 seconds is answered 304 Not Modified without a body',
    names: /304|status|cache|repeat|again|body/i,
    handle: notModifiedOnRepeat(),
  },
  {
    id: 'holdout19.http.integers-as-strings',
    class: 'http',
    description:
      'whole numbers in answers are JSON strings ("totalModels": "12"), as a serializer of 64-bit values writes them',
    names: /totalModels|\bInt\b|string|number|skip|limit|count/i,
    handle: onData((_key, value) =>
      typeof value === 'number' && Number.isInteger(value) ? String(value) : value,
    ),
  },
  {
    id: 'holdout19.http.refused-write-422',
    class: 'http',
    description:
      'a mutation whose result reports a refusal (validationErrors, success or isSuccessful false) is answered HTTP 422 instead of 200',
    names: /422|status|validationErrors|http/i,
    handle: refusedWrite422,
  },
  {
    id: 'holdout19.errors.errors-dropped-beside-data',
    class: 'errors',
    description:
      'an answer that holds data loses its errors (a field that failed reads null with no reason given)',
    names: /errors|BAD_USER_INPUT|null|path/i,
    handle: errorsDroppedBesideData,
  },
  {
    id: 'holdout19.errors.bad-user-input-as-validation-failed',
    class: 'errors',
    description: 'errors of code BAD_USER_INPUT are reported with code GRAPHQL_VALIDATION_FAILED',
    names: /BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED|code/i,
    handle: badInputAsValidationFailed,
  },
];
