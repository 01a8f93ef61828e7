/**
 * A twenty-fourth held-out set of regressions, mostly on what a nightly read-only certification of a real
 * tenant reads: contacts and their searches, notes, e-mails and addresses, lists and their members,
 * activities, opportunities, relationships, the event views and their polling, and both revisions; about a
 * third only a write shows. Chosen from the spec and from what vendors ship, without looking at the
 * scenarios or checks.
 * `npm run mutation-score -- --set holdout24` runs them.
 */
import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  Kind,
  parse,
  print,
  valueFromASTUntyped,
  type FieldNode,
  type IntValueNode,
} from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { dataOf, rootSelections } from './holdout2.js';
import { sibling } from './holdout5.js';
import { onMutationInput } from './holdout6.js';
import { decorated, perServer, withSelections } from './holdout22.js';
import { asks, entries, fieldIn, hiddenUnder, isObject, read, type Json } from './held-out-kit.js';
import { isEventView, paged, tokenOf, type Mutant } from './mutants.js';
import type { Answer, Handler, Incoming } from './proxy.js';
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

/** Hidden keys of this set's own rewrites; `decorated` (holdout22) hides its own under `h22_`. */
const HIDE = 'h24_';
const PAGE = /^h24_p_(\d+)_(\d+)$/;
/** The largest page the service gives. */
const MAX_PAGE = 1000;

const int = (n: number): IntValueNode => ({ kind: Kind.INT, value: String(n) });

/** The value of a field node's argument (variables resolved); undefined when not given. */
function argumentOf(node: FieldNode, name: string, variables: Record<string, unknown>): unknown {
  const given = node.arguments?.find((a) => a.name.value === name);
  return given ? valueFromASTUntyped(given.value, variables) : undefined;
}

const { stripHidden } = hiddenUnder(HIDE);

/** What a repaged field does with every item from the first on: the items (and total) it answers instead. */
type Repage = (
  models: Json[],
  page: { skip: number; limit: number },
) => { models: Json[]; totalModels?: number };

/**
 * A paged field whose pages are cut by the service's own code rather than by the store: each field node
 * `match` picks is read from its first item (up to 1000, with the hidden `extra` selections in its models),
 * and `repage` answers the page from those items, with the skip and limit the client asked for.
 */
function repaged(
  match: (node: FieldNode, typeName: string, variables: Record<string, unknown>) => boolean,
  extra: string,
  repage: Repage,
): Handler {
  return async (request, forward) => {
    let touched = false;
    const rewritten = rewriteFields(request, (node, field, variables) => {
      if (!paged(field) || !node.selectionSet) return undefined;
      if (!match(node, getNamedType(field.type).name, variables)) return undefined;
      const skip = argumentOf(node, 'skip', variables) ?? 0;
      const limit = argumentOf(node, 'limit', variables) ?? 100;
      if (!Number.isInteger(skip) || !Number.isInteger(limit)) return undefined;
      if ((skip as number) < 0 || (limit as number) < 0 || (limit as number) > MAX_PAGE) return undefined;
      touched = true;
      const whole = withArgument(withArgument(node, 'skip', int(0)), 'limit', int(MAX_PAGE));
      const selections = (whole.selectionSet?.selections ?? []).map((s) =>
        s.kind === Kind.FIELD && s.name.value === 'models' && !s.alias && extra
          ? withSelections(s, extra)
          : s,
      );
      return withSelections(
        { ...whole, selectionSet: { kind: Kind.SELECTION_SET, selections } },
        `h24_p_${String(skip)}_${String(limit)}: __typename`,
      );
    });
    if (!touched) return forward(request);
    const answer = await forward(rewritten);
    const data = dataOf(answer);
    if (!data) return { ...answer, json: stripHidden(answer.json) };
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (!isObject(value)) return;
      Object.values(value).forEach(walk);
      const marker = Object.keys(value).find((k) => PAGE.test(k));
      if (!marker) return;
      const [, skip, limit] = PAGE.exec(marker)!;
      const page = { skip: Number(skip), limit: Number(limit) };
      if (Array.isArray(value.models)) {
        const out = repage(value.models.filter(isObject), page);
        value.models = out.models;
        if (out.totalModels !== undefined && 'totalModels' in value) value.totalModels = out.totalModels;
      }
      if ('skip' in value) value.skip = page.skip;
      if ('limit' in value) value.limit = page.limit;
    };
    walk(data);
    return { ...answer, json: stripHidden(answer.json) };
  };
}

/** The page of `models` the client asked for. */
const windowOf = (models: Json[], { skip, limit }: { skip: number; limit: number }): Json[] =>
  models.slice(skip, skip + limit);

/** A root mutation's result under `data`, when it is an object. */
function resultOf(answer: Answer, key: string): Json | undefined {
  const result = dataOf(answer)?.[key];
  return isObject(result) ? result : undefined;
}

// ---- notes -----------------------------------------------------------------------------------------------

/** A contact's notes come oldest first: the ORDER BY of the note tab's query lost its DESC. */
const notesOldestFirst: Handler = repaged(
  (node, type) => node.name.value === 'allNotes' && type === 'NoteResults',
  '',
  (models, page) => ({ models: windowOf([...models].reverse(), page) }),
);

const SYDNEY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Australia/Sydney',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The au service derives a note's edit date from its change time in the data centre's zone (Sydney). */
const auNoteEditDateLocal: Handler = decorated(
  ['Note'],
  (node) => (asks(node, 'lastEditedDate') ? 'h22_cd: changeDate' : undefined),
  (objects) => {
    for (const o of objects) {
      if (typeof o.h22_cd !== 'string' || !('lastEditedDate' in o)) continue;
      const at = new Date(o.h22_cd);
      if (!Number.isNaN(at.getTime())) o.lastEditedDate = SYDNEY.format(at);
    }
  },
  (request) => request.region === 'au',
);

// ---- lists and their members --------------------------------------------------------------------------

/** List.contacts without a sort comes in the order of the members' ids (the default ORDER BY lost). */
const membersInIdOrder: Handler = repaged(
  (node, type, variables) =>
    node.name.value === 'contacts' &&
    type === 'ListContactResults' &&
    (argumentOf(node, 'sort', variables) ?? null) === null,
  'h24_id: id',
  (models, page) => ({
    models: windowOf(
      [...models].sort((a, b) => String(a.h24_id).localeCompare(String(b.h24_id))),
      page,
    ),
  }),
);

const NOT_IN = /^h22_in_(\d+)_(\d+)_(.+)$/;

/**
 * notIncludedInTheLists also answers the lists the contact is already in (the NOT IN condition of its
 * query lost): a first page holds them after the others, and they count in totalModels.
 */
const notIncludedListsWithMemberLists: Handler = decorated(
  ['Person', 'Company', 'Contact'],
  (node, _type) => {
    const field = fieldIn(node.selectionSet?.selections ?? [], 'notIncludedInTheLists');
    const models = field && fieldIn(field.selectionSet?.selections ?? [], 'models');
    if (!field) return undefined;
    const key = field.alias?.value ?? field.name.value;
    const literal = (name: string, fallback: number): number | undefined => {
      const given = field.arguments?.find((a) => a.name.value === name);
      if (!given) return fallback;
      return given.value.kind === Kind.INT ? Number(given.value.value) : undefined;
    };
    const skip = literal('skip', 0);
    const limit = literal('limit', 100);
    if (skip === undefined || limit === undefined) return undefined;
    const selection = models?.selectionSet ? `models ${print(models.selectionSet)}` : '';
    return `h22_in_${String(skip)}_${String(limit)}_${key}: lists(limit: ${String(MAX_PAGE)}) { totalModels ${selection} }`;
  },
  (objects) => {
    for (const o of objects) {
      for (const [k, v] of Object.entries(o)) {
        const m = NOT_IN.exec(k);
        const page = m ? o[m[3]!] : undefined;
        if (!m || !isObject(page) || !isObject(v)) continue;
        if (typeof page.totalModels === 'number' && typeof v.totalModels === 'number')
          page.totalModels += v.totalModels;
        const skip = Number(m[1]);
        const limit = Number(m[2]);
        if (skip === 0 && Array.isArray(page.models) && Array.isArray(v.models))
          page.models = [...page.models, ...v.models].slice(0, limit);
      }
    }
  },
);

/** Contact.lists answers userIsSponsor true whenever the contact has any sponsor on the list. */
const userIsSponsorAnySponsor: Handler = decorated(
  ['List'],
  (node) => (asks(node, 'userIsSponsor') ? 'h22_sp: sponsors { id }' : undefined),
  (objects) => {
    for (const o of objects)
      if ('userIsSponsor' in o && Array.isArray(o.h22_sp) && o.h22_sp.length > 0) o.userIsSponsor = true;
  },
);

// ---- contacts ----------------------------------------------------------------------------------------

/** The 1.2.0 endpoint writes people's displayName in the legacy "Last, First" form. */
const displayNameLastFirst120: Handler = decorated(
  ['Person', 'Contact'],
  (node) =>
    asks(node, 'displayName')
      ? '... on Person { h22_f: firstName h22_g: goesBy h22_l: lastName }'
      : undefined,
  (objects) => {
    for (const o of objects) {
      const first = (typeof o.h22_g === 'string' && o.h22_g) || o.h22_f;
      if (typeof o.displayName !== 'string' || typeof o.h22_l !== 'string' || typeof first !== 'string')
        continue;
      if (o.h22_l && first) o.displayName = `${o.h22_l}, ${first}`;
    }
  },
  (request) => request.version === '1.2.0',
);

/** A person's goesBy answers the first name when none is set (a COALESCE in the person view). */
const goesByDefaultsToFirstName: Handler = decorated(
  ['Person', 'Contact'],
  (node) => (asks(node, 'goesBy') ? '... on Person { h22_f: firstName }' : undefined),
  (objects) => {
    for (const o of objects)
      if ('goesBy' in o && o.goesBy === null && typeof o.h22_f === 'string') o.goesBy = o.h22_f;
  },
);

/** Score.maxValue answers the top level of the strength scale (5) while value stays a percentage. */
const scoreMaxValueScale: Handler = onData((key, value) =>
  key === 'maxValue' && typeof value === 'number' ? 5 : value,
);

/** A contact's emailAddresses answer the Business ones only (a type condition left in the view). */
const emailsBusinessOnly: Handler = decorated(
  ['Person', 'Company', 'Contact'],
  (node) =>
    (node.selectionSet?.selections ?? []).some(
      (s) => s.kind === Kind.FIELD && s.name.value === 'emailAddresses' && !s.alias,
    )
      ? 'h22_et: emailAddresses { type }'
      : undefined,
  (objects) => {
    for (const o of objects) {
      const types = o.h22_et;
      if (!Array.isArray(o.emailAddresses) || !Array.isArray(types)) continue;
      o.emailAddresses = o.emailAddresses.filter(
        (_e, i) => (types[i] as Json | undefined)?.type === 'Business',
      );
    }
  },
);

/** Postal codes are read through a numeric column: "02134" answers "2134". */
const postalCodeLeadingZerosLost: Handler = onData((key, value) =>
  key === 'postalCode' && typeof value === 'string' && /^0\d+$/.test(value) ? String(Number(value)) : value,
);

// ---- contact search ---------------------------------------------------------------------------------

/** The contactEntity filter value Company is not recognised and read as Any (the filter dropped). */
const searchCompanyEntityIgnored: Handler = onFields((node, field, vars) =>
  node.name.value === 'searchFirmContacts'
    ? mapArgument(node, field, vars, 'filter', (filter) => {
        if (!Array.isArray(filter)) return filter;
        const kept = filter.filter(
          (f) => !(isObject(f) && f.field === 'contactEntity' && f.value === 'Company'),
        );
        return kept.length === filter.length ? filter : kept;
      })
    : undefined,
);

/**
 * The country filter of searchFirmContacts matches the country of the contact's mailing address only
 * (the join to the other addresses lost): the matches are narrowed to those before paging.
 */
const searchCountryMailingOnly: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'searchFirmContacts');
  const root = roots[0];
  const country = entries(root?.args.filter).find(
    (f) => f.field === 'country' && typeof f.value === 'string',
  );
  if (roots.length !== 1 || !root || !country) return forward(request);
  const all = (await read(
    request,
    forward,
    'query($f: [ContactFilterInput]) { v: searchFirmContacts(filter: $f, limit: 1000) { models { id addresses { country isMailingAddress } } } }',
    { f: root.args.filter },
  )) as { models?: Json[] } | undefined;
  if (!Array.isArray(all?.models)) return forward(request);
  const text = (country.value as string).toLowerCase();
  const kept = all.models
    .filter((c) =>
      (Array.isArray(c.addresses) ? (c.addresses as Json[]) : []).some(
        (a) =>
          a.isMailingAddress === true &&
          typeof a.country === 'string' &&
          a.country.toLowerCase().includes(text),
      ),
    )
    .map((c) => String(c.id));
  if (kept.length === all.models.length) return forward(request);
  return forward(
    rewriteFields(request, (node, field, vars) =>
      node.name.value === 'searchFirmContacts'
        ? mapArgument(node, field, vars, 'filter', (filter) => [
            ...entries(filter),
            { field: 'ids', values: kept.length > 0 ? kept : ['00000000-0000-4000-8000-000000000024'] },
          ])
        : undefined,
    ),
  );
};

/** searchTerms echoes only the free-text term: the field options read null. */
const searchTermsOnlyTerm: Handler = onData((key, value) => {
  if (key !== 'searchTerms' || !isObject(value)) return value;
  const out = { ...value };
  for (const k of ['firstName', 'lastName', 'company', 'emailAddress']) if (k in out) out[k] = null;
  return out;
});

// ---- activities and opportunities -------------------------------------------------------------------

/** Activity.regarding answers "Contacts only" for every activity (the write path's constant read back). */
const regardingDefaulted: Handler = onData((key, value) =>
  key === 'regarding' && typeof value === 'string' ? 'Contacts only' : value,
);

/** isCurrentUserInvolved answers true for every opportunity the user may see (involvement read as access). */
const involvedMeansVisible: Handler = decorated(
  ['Opportunity'],
  (node) => (asks(node, 'isCurrentUserInvolved') ? 'h22_h: shouldBeHidden' : undefined),
  (objects) => {
    for (const o of objects)
      if ('isCurrentUserInvolved' in o && o.h22_h === false) o.isCurrentUserInvolved = true;
  },
);

/**
 * activityTypes of the limited tenant mark the default type from a process-wide copy of the full firm's
 * settings: no type of the limited firm is the default.
 */
const limitedDefaultTypeFromFull: Handler = decorated(
  ['ActivityType'],
  (node) => (asks(node, 'isDefault') ? 'h22_id: id' : undefined),
  async (objects, request, forward) => {
    const settings = dataOf(
      await as(
        DEV_TOKENS.full,
        sibling(request, '{ v: firm { settings { defaultNewActivityTypeId } } }', {}),
        forward,
      ),
    )?.v as { settings?: { defaultNewActivityTypeId?: unknown } } | undefined;
    const fullDefault = settings?.settings?.defaultNewActivityTypeId;
    for (const o of objects) if ('isDefault' in o) o.isDefault = o.h22_id === fullDefault;
  },
  (request) => tokenOf(request) === DEV_TOKENS.limited,
);

// ---- relationships and events ------------------------------------------------------------------------

/** relationshipEventViews answers relatedContact null when the related contact is a company. */
const relatedCompanyNull: Handler = decorated(
  ['RelationshipEventView'],
  (node) => (asks(node, 'relatedContact') ? 'h22_rt: relatedContact { __typename }' : undefined),
  (objects) => {
    for (const o of objects)
      if ('relatedContact' in o && isObject(o.h22_rt) && o.h22_rt.__typename === 'Company')
        o.relatedContact = null;
  },
);

/**
 * Each firmContactEventViews event answers the eventDate of its contact's latest event (the contact's
 * modification stamp joined instead of the audit entry's).
 */
const contactEventDateLastChange: Handler = decorated(
  ['FirmContactEventView'],
  (node) => (asks(node, 'eventDate') ? 'h22_c: contactId' : undefined),
  async (objects, request, forward) => {
    const ids = [...new Set(objects.map((o) => o.h22_c).filter((c): c is string => typeof c === 'string'))];
    if (ids.length === 0) return;
    const latest = await read(
      request,
      forward,
      'query($ids: [ID!]) { v: firmContactEventViews(limit: 1000, filter: { contactIds: $ids }, sort: [{ field: eventDate, direction: Descending }]) { models { contactId eventDate } } }',
      { ids },
    );
    const last = new Map<unknown, unknown>();
    const models = isObject(latest) && Array.isArray(latest.models) ? (latest.models as Json[]) : [];
    for (const m of models) if (!last.has(m.contactId)) last.set(m.contactId, m.eventDate);
    for (const o of objects) if ('eventDate' in o && last.has(o.h22_c)) o.eventDate = last.get(o.h22_c);
  },
);

/**
 * An event view's skip is turned into a keyset cursor: a page from skip n starts after the eventDate of
 * the n-th event, so the rest of the events sharing that date (one write's events) are skipped.
 */
const eventSkipAsDateCursor: Handler = repaged(
  (node, _type, variables) => {
    if (!isEventView(node.name.value)) return false;
    const skip = argumentOf(node, 'skip', variables);
    return typeof skip === 'number' && skip > 0 && (argumentOf(node, 'sort', variables) ?? null) === null;
  },
  'h24_d: eventDate',
  (models, { skip, limit }) => {
    const cursor = models[skip - 1]?.h24_d;
    let rest = models.slice(skip);
    while (rest.length > 0 && rest[0]!.h24_d === cursor) rest = rest.slice(1);
    return { models: rest.slice(0, limit) };
  },
);

// ---- errors ------------------------------------------------------------------------------------------

/** A limit above the maximum page is clamped to 1000 instead of refused. */
const overMaxLimitClamped: Handler = onFields((node, field, vars) =>
  paged(field)
    ? mapArgument(node, field, vars, 'limit', (limit) =>
        typeof limit === 'number' && limit > MAX_PAGE ? MAX_PAGE : limit,
      )
    : undefined,
);

// ---- writes ------------------------------------------------------------------------------------------

const PHONE_KEYS = [
  'businessPhone',
  'mobilePhone',
  'primaryPhone',
  'secondaryPhone',
  'faxNumber',
  'pagerNumber',
];

/** A phone text with its letters removed (a sanitiser instead of a check). */
const lettersRemoved = (text: string): string =>
  text
    .replace(/[A-Za-z]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Contact writes strip the letters of a phone number and store the rest instead of refusing it. */
const phoneLettersStripped: Handler = onMutationInput(
  new Set(['addPerson', 'addCompany', 'updatePublicPerson']),
  (input) => {
    const out = { ...input };
    for (const key of PHONE_KEYS) {
      const value = out[key];
      if (typeof value === 'string' && /[A-Za-z]/.test(value)) out[key] = lettersRemoved(value);
      if (isObject(value) && typeof value.number === 'string' && /[A-Za-z]/.test(value.number))
        out[key] = { ...value, number: lettersRemoved(value.number) };
    }
    return out;
  },
);

/** updatePublicCompany given a blank companyName keeps the old name and succeeds instead of refusing. */
const blankCompanyRenameIgnored: Handler = onMutationInput(new Set(['updatePublicCompany']), (input) => {
  if (typeof input.companyName !== 'string' || input.companyName.trim() !== '') return input;
  const { companyName: _blank, ...rest } = input;
  return rest;
});

const ADDRESS_TYPES = ['business', 'home', 'other'];

/** Location writes read an address type they do not know as the default (Business) instead of refusing it. */
const unknownLocationTypeDefaulted: Handler = onMutationInput(
  new Set(['addPublicLocation', 'changePublicContactLocation']),
  (input) => {
    if (typeof input.type !== 'string' || ADDRESS_TYPES.includes(input.type.trim().toLowerCase()))
      return input;
    const { type: _unknown, ...rest } = input;
    return rest;
  },
);

/** addPerson stores the middle name as goesBy and goesBy as the middle name (two columns crossed). */
const middleNameGoesBySwapped: Handler = onMutationInput(new Set(['addPerson']), (input) => {
  if (!('middleName' in input) && !('goesBy' in input)) return input;
  const { middleName, goesBy, ...rest } = input;
  return {
    ...rest,
    ...(goesBy !== undefined ? { middleName: goesBy } : {}),
    ...(middleName !== undefined ? { goesBy: middleName } : {}),
  };
});

/** Contact writes store their tags lower-cased (a normalisation meant for the search index). */
const tagsLowerCased: Handler = onMutationInput(
  new Set(['addPerson', 'updatePublicPerson', 'updatePublicCompany']),
  (input) =>
    Array.isArray(input.tags)
      ? { ...input, tags: input.tags.map((t) => (typeof t === 'string' ? t.toLowerCase() : t)) }
      : input,
);

/** addPerson stores the business phone as a mobile phone when no mobile is given (a mapping slip). */
const businessPhoneAsMobile: Handler = onMutationInput(new Set(['addPerson']), (input) => {
  const given = input.businessPhone ?? input.primaryPhone;
  if (typeof given !== 'string' || given === '' || (input.mobilePhone ?? null) !== null) return input;
  if (input.businessPhone !== undefined && input.primaryPhone !== undefined) return input;
  const { businessPhone: _b, primaryPhone: _p, ...rest } = input;
  return { ...rest, mobilePhone: given };
});

/**
 * addContactsToLists writes each pair as a delete and an insert: a contact already in a list is taken out
 * first (its removal recorded, its field values on that list lost) and put back in.
 */
const memberReAddedAsRemoveAndAdd: Handler = async (request, forward) => {
  const root = rootSelections(request).find((r) => r.name === 'addContactsToLists');
  if (!root || !isMutation(request)) return forward(request);
  const listIds = Array.isArray(root.args.listIds) ? root.args.listIds : [];
  const contactIds = Array.isArray(root.args.contactIds) ? root.args.contactIds : [];
  const members = new Map<string, string[]>();
  for (const contactId of new Set(contactIds)) {
    const lists = await read(
      request,
      forward,
      'query($id: ID!, $l: [ID]) { v: contact(id: $id) { lists(listIds: $l, limit: 1000) { models { id } } } }',
      { id: contactId, l: listIds },
    );
    const page = isObject(lists) && isObject(lists.lists) ? lists.lists : undefined;
    for (const list of Array.isArray(page?.models) ? (page.models as Json[]) : []) {
      const id = String(list.id);
      members.set(id, [...(members.get(id) ?? []), String(contactId)]);
    }
  }
  for (const [listId, ids] of members) {
    await forward(
      sibling(
        request,
        'mutation($l: ID!, $c: [ID!]!) { removeContactsFromList(listId: $l, contactIds: $c) { contactsEffected } }',
        { l: listId, c: ids },
      ),
    );
  }
  return forward(request);
};

/** The companies addCompany created, per mutant server. */
const createdCompanies = perServer(() => new Set<unknown>());

/** The ContactCreated event of a company added through the API is reported as ContactUpdated. */
const addedCompanyCreatedAsUpdated: Handler = (request, forward) =>
  isMutation(request)
    ? decorated(
        ['Company'],
        () => 'h22_id: id',
        (objects) => {
          for (const o of objects) createdCompanies(forward).add(o.h22_id);
        },
        selecting('addCompany'),
      )(request, forward)
    : decorated(
        ['FirmContactEventView'],
        (node) => (asks(node, 'eventType') ? 'h22_c: contactId' : undefined),
        (objects) => {
          const created = createdCompanies(forward);
          for (const o of objects)
            if (o.eventType === 'ContactCreated' && created.has(o.h22_c)) o.eventType = 'ContactUpdated';
        },
      )(request, forward);

/** The fields a request selects under `item` of its root field `name`. */
function itemFields(request: Incoming, name: string): string[] {
  try {
    for (const definition of parse(request.body?.query ?? '').definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const root = fieldIn(definition.selectionSet.selections, name);
      const item = root && fieldIn(root.selectionSet?.selections ?? [], 'item');
      if (!item) continue;
      return (item.selectionSet?.selections ?? []).flatMap((s) =>
        s.kind === Kind.FIELD && !s.alias ? [s.name.value] : [],
      );
    }
  } catch {
    return [];
  }
  return [];
}

const PERSON_TEXTS = ['title', 'firstName', 'middleName', 'lastName', 'suffix', 'goesBy', 'assistantName'];

/** A refused addPerson answers the person it built before the checks as its item (nothing is stored). */
const refusedPersonItemEchoed: Handler = async (request, forward) => {
  const answer = await forward(request);
  const root = rootSelections(request).find((r) => r.name === 'addPerson');
  const result = root ? resultOf(answer, root.key) : undefined;
  if (!root || !result || !Array.isArray(result.validationErrors) || result.validationErrors.length === 0)
    return answer;
  if (result.item !== null) return answer;
  const input = isObject(root.args.input) ? root.args.input : {};
  const item: Json = {};
  for (const f of itemFields(request, 'addPerson')) {
    if (f === 'id') item.id = randomUUID();
    else if (f === '__typename') item.__typename = 'Person';
    else if (f === 'displayName')
      item.displayName = [input.goesBy || input.firstName, input.lastName].filter(Boolean).join(' ');
    else if (PERSON_TEXTS.includes(f)) item[f] = input[f] ?? null;
    else item[f] = null;
  }
  const data = { ...dataOf(answer), [root.key]: { ...result, item } };
  return { ...answer, json: { ...(answer.json as object), data } };
};

export const HOLDOUT24: readonly Mutant[] = [
  {
    id: 'holdout24.sort.notes-oldest-first',
    class: 'sort',
    description: "a contact's notes (allNotes) come oldest first instead of most recently edited first",
    names: /allNotes|notes|lastEditedDate|order|sort/i,
    handle: notesOldestFirst,
  },
  {
    id: 'holdout24.region.au-note-edit-date-sydney',
    class: 'region',
    description:
      "on the au endpoint a note's lastEditedDate is the date of its changeDate in Sydney time (a day late for afternoon changes)",
    names: /lastEditedDate|changeDate|notes?\b|allNotes|au\b|date/i,
    handle: auNoteEditDateLocal,
  },
  {
    id: 'holdout24.sort.list-members-in-id-order',
    class: 'sort',
    description: "a list's contacts without a sort come in the order of their ids instead of by displayName",
    names: /contacts|displayName|members?|order|sort/i,
    handle: membersInIdOrder,
  },
  {
    id: 'holdout24.paging.not-included-lists-with-member-lists',
    class: 'paging',
    description:
      "a contact's notIncludedInTheLists also answers (and counts) the lists the contact is already in",
    names: /notIncludedInTheLists|lists|totalModels|member/i,
    handle: notIncludedListsWithMemberLists,
  },
  {
    id: 'holdout24.auth.user-is-sponsor-any-sponsor',
    class: 'auth',
    description:
      "a contact's lists answer userIsSponsor true whenever the contact has a sponsor on the list, not only when the API user sponsors it",
    names: /userIsSponsor|sponsor|lists/i,
    handle: userIsSponsorAnySponsor,
  },
  {
    id: 'holdout24.versions.1.2.0-display-name-last-first',
    class: 'versions',
    description: 'the 1.2.0 endpoint answers a person\'s displayName in the form "Last, First"',
    names: /displayName|1\.2\.0|name/i,
    handle: displayNameLastFirst120,
  },
  {
    id: 'holdout24.nullability.goes-by-first-name-fallback',
    class: 'nullability',
    description: "a person's goesBy answers the first name when the person has none (instead of null)",
    names: /goesBy|firstName|null|person/i,
    handle: goesByDefaultsToFirstName,
  },
  {
    id: 'holdout24.nullability.score-max-value-is-level-count',
    class: 'nullability',
    description:
      'relationshipScore.maxValue answers 5 (the levels of the scale) while value stays a percentage up to 100',
    names: /maxValue|relationshipScore|Score|value/i,
    handle: scoreMaxValueScale,
  },
  {
    id: 'holdout24.paging.contact-emails-business-only',
    class: 'paging',
    description:
      "a contact's emailAddresses answer the Business e-mail addresses only (personal ones left out)",
    names: /emailAddresses|emailAddress|e-?mail|Personal/i,
    handle: emailsBusinessOnly,
  },
  {
    id: 'holdout24.nullability.postal-code-leading-zeros-lost',
    class: 'nullability',
    description: 'postal codes starting with 0 lose their leading zeros ("02134" reads "2134")',
    names: /postalCode|address|postal/i,
    handle: postalCodeLeadingZerosLost,
  },
  {
    id: 'holdout24.enums.search-company-entity-read-as-any',
    class: 'enums',
    description:
      'searchFirmContacts filtered by contactEntity Company answers people too (the value is read as Any)',
    names: /contactEntity|searchFirmContacts|filter|Company|totalModels/i,
    handle: searchCompanyEntityIgnored,
  },
  {
    id: 'holdout24.paging.search-country-mailing-address-only',
    class: 'paging',
    description:
      "the country filter of searchFirmContacts matches only the country of the contact's mailing address, not its other addresses",
    names: /country|searchFirmContacts|filter|totalModels|address/i,
    handle: searchCountryMailingOnly,
  },
  {
    id: 'holdout24.nullability.search-terms-echo-term-only',
    class: 'nullability',
    description:
      'searchTerms echoes only the free-text term: the firstName, lastName, company and emailAddress given read null',
    names: /searchTerms|firstName|lastName|company|emailAddress|echo/i,
    handle: searchTermsOnlyTerm,
  },
  {
    id: 'holdout24.enums.activity-regarding-contacts-only',
    class: 'enums',
    description: 'every activity answers regarding "Contacts only", also those regarding lists',
    names: /regarding|activit/i,
    handle: regardingDefaulted,
  },
  {
    id: 'holdout24.auth.involved-means-visible',
    class: 'auth',
    description:
      'isCurrentUserInvolved answers true for every opportunity that is not hidden, whether or not the user takes part in it',
    names: /isCurrentUserInvolved|involved|opportunit/i,
    handle: involvedMeansVisible,
  },
  {
    id: 'holdout24.tenancy.limited-default-activity-type-from-full',
    class: 'tenancy',
    description:
      "activityTypes of the limited tenant mark the default type from the full firm's settings (no limited type is the default)",
    names: /isDefault|activityTypes|default|tenant|limited/i,
    handle: limitedDefaultTypeFromFull,
  },
  {
    id: 'holdout24.events.related-company-null',
    class: 'events',
    description: 'relationshipEventViews answers relatedContact null when the related contact is a company',
    names: /relatedContact|relationshipEventViews|Company|null/i,
    handle: relatedCompanyNull,
  },
  {
    id: 'holdout24.dates.contact-event-date-latest-change',
    class: 'dates',
    description:
      "every firmContactEventViews event answers the eventDate of its contact's latest event instead of its own",
    names: /eventDate|firmContactEventViews|event|date/i,
    handle: contactEventDateLastChange,
  },
  {
    id: 'holdout24.paging.event-skip-as-date-cursor',
    class: 'paging',
    description:
      'the event views read skip as a cursor after the eventDate of the skipped events: the rest of the events sharing that date are lost',
    names: /skip|eventDate|event|page/i,
    handle: eventSkipAsDateCursor,
  },
  {
    id: 'holdout24.errors.over-max-limit-clamped',
    class: 'errors',
    description: 'a limit above the largest page (1000) is clamped to 1000 instead of refused with an error',
    names: /limit|LIMIT_EXCEEDED|maximum|BAD_USER_INPUT/i,
    handle: overMaxLimitClamped,
  },
  {
    id: 'holdout24.validation.phone-letters-stripped',
    class: 'validation',
    description:
      'addPerson, addCompany and updatePublicPerson strip the letters of a phone number and store the rest instead of refusing it',
    names: /phone|validation|Phone|number/i,
    handle: phoneLettersStripped,
  },
  {
    id: 'holdout24.validation.blank-company-rename-ignored',
    class: 'validation',
    description:
      'updatePublicCompany given a blank companyName keeps the old name and succeeds instead of refusing',
    names: /companyName|updatePublicCompany|validation|name/i,
    handle: blankCompanyRenameIgnored,
  },
  {
    id: 'holdout24.validation.unknown-location-type-defaulted',
    class: 'validation',
    description:
      'addPublicLocation and changePublicContactLocation given an unknown address type use Business (or keep the type) instead of refusing',
    names: /type|addPublicLocation|changePublicContactLocation|location|validation/i,
    handle: unknownLocationTypeDefaulted,
  },
  {
    id: 'holdout24.persistence.add-person-middle-name-goes-by-crossed',
    class: 'persistence',
    description: 'addPerson stores the middleName as goesBy and the goesBy as middleName',
    names: /middleName|goesBy|addPerson|displayName/i,
    handle: middleNameGoesBySwapped,
  },
  {
    id: 'holdout24.persistence.contact-tags-lower-cased',
    class: 'persistence',
    description: 'addPerson, updatePublicPerson and updatePublicCompany store the tags lower-cased',
    names: /tags?\b|addPerson|updatePublic/i,
    handle: tagsLowerCased,
  },
  {
    id: 'holdout24.persistence.add-person-business-phone-as-mobile',
    class: 'persistence',
    description: 'addPerson stores its business phone as a Mobile number when no mobile phone is given',
    names: /phone|type|Mobile|Business|addPerson/i,
    handle: businessPhoneAsMobile,
  },
  {
    id: 'holdout24.events.member-re-added-as-remove-and-add',
    class: 'events',
    description:
      'addContactsToLists given a contact already in a list removes it and adds it again (removal and addition recorded, its field values lost)',
    names:
      /ContactRemovedFromList|ListMemberRemoved|ContactAddedToList|ListMemberAdded|addContactsToLists|event/i,
    handle: memberReAddedAsRemoveAndAdd,
  },
  {
    id: 'holdout24.events.added-company-created-as-updated',
    class: 'events',
    description:
      'a company added with addCompany is reported by firmContactEventViews as ContactUpdated, not ContactCreated',
    names: /ContactCreated|ContactUpdated|eventType|addCompany|event/i,
    handle: addedCompanyCreatedAsUpdated,
  },
  {
    id: 'holdout24.errors.refused-person-item-echoed',
    class: 'errors',
    description:
      'a refused addPerson answers an item (with a new id) beside its validationErrors although nothing was stored',
    names: /item|addPerson|validationErrors|null/i,
    handle: refusedPersonItemEchoed,
  },
];
