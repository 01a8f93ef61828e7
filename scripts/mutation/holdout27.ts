/**
 * A twenty-seventh held-out set of regressions, spread over the whole API as a QA engineer meets a vendor
 * release: contacts and their contact types, notes, searches, lists, their members' sponsors and field
 * values, activities, opportunities, profiles, relationship insights, settings, the event views, both
 * revisions, both tenants, the eu and au regions, and the transport and authentication; about a third
 * only a write shows. Chosen from the spec and ASSUMPTIONS and from what vendors ship, without looking at
 * the scenarios or checks. `npm run mutation-score -- --set holdout27` runs them.
 */
import countries from 'i18n-iso-countries';
import { parse, print, visit, type OperationDefinitionNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, onRootPages, rootSelections, type RootSelection } from './holdout2.js';
import { onMutationInput } from './holdout6.js';
import { decorated, perServer, withSelections } from './holdout22.js';
import {
  asks,
  entries,
  fieldIn,
  hiddenUnder,
  isObject,
  type Json,
  read,
  readModels,
  unrecordedWrite,
} from './held-out-kit.js';
import { isEventView, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Handler, type Incoming } from './proxy.js';
import {
  as,
  isMutation,
  mapArgument,
  mapJson,
  onData,
  onFields,
  rewriteFields,
  selectsField,
} from './rewrite.js';

/** This set's own hidden keys; `decorated` of holdout22 collects only keys under `h22_`. */
const HIDE = 'h27_';
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const EMAIL = /^([^@\s])[^@\s]*@([^@\s]+\.[^@\s]+)$/;
const CACHE_MS = 60_000;

const { withData } = hiddenUnder(HIDE);

/** The single root field of a request named `name`, when the request selects that one only. */
function onlyRoot(request: Incoming, name: string): RootSelection | undefined {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]?.name === name ? roots[0] : undefined;
}

/** The `input` argument of a root selection, as an object. */
function inputOf(root: RootSelection | undefined): Json | undefined {
  const input = root?.args.input;
  return isObject(input) ? input : undefined;
}

/** A root mutation's result under `data`, when it is an object. */
function resultOf(answer: Answer, key: string): Json | undefined {
  const result = dataOf(answer)?.[key];
  return isObject(result) ? result : undefined;
}

/** The request with `text` added to the selections of the root field `name`. */
function withRootSelections(request: Incoming, name: string, text: string): Incoming {
  return rewriteFields(request, (node) =>
    node.name.value === name ? withSelections(node, text) : undefined,
  );
}

/** The `{ propertyName, message }` pairs of a list of validation errors (none when it is not one). */
function pairsOf(errors: unknown): Json[] {
  return Array.isArray(errors) ? errors.filter(isObject) : [];
}

/** The validationErrors an A-10 refusal carries in its GraphQL errors. */
function refusalPairs(answer: Answer): Json[] {
  const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors)
    ? errors
        .filter(isObject)
        .flatMap((e) => (isObject(e.extensions) ? pairsOf(e.extensions.validationErrors) : []))
    : [];
}

// ---- contacts, notes and searches -------------------------------------------------------------------

/** A contact's contactTypes answer only the first of its types (the join became a TOP 1 subquery). */
const contactTypesFirstOnly: Handler = onData((key, value) =>
  key === 'contactTypes' && Array.isArray(value) && value.length > 1 ? value.slice(0, 1) : value,
);

/** A note's `notes` (the client's name for its text, A-71) answers the note's subject. */
const noteNotesIsSubject: Handler = decorated(
  ['Note'],
  (node) => (asks(node, 'notes') ? 'h22_h27sj: subject' : undefined),
  (objects) => {
    for (const o of objects) if ('notes' in o && 'h22_h27sj' in o) o.notes = o.h22_h27sj;
  },
);

/** The cached searches, per mutant server: key → when answered and the answer. */
const searchCaches = perServer(() => new Map<string, { at: number; answer: Answer }>());

/** The fragments and the root field of a request's document without its arguments, as text. */
function shapeOf(request: Incoming): string {
  try {
    const document = parse(request.body?.query ?? '');
    return print(
      visit(document, {
        OperationDefinition(node: OperationDefinitionNode) {
          return { ...node, variableDefinitions: [] };
        },
        Field(node) {
          return node.name.value === 'searchFirmContacts' ? { ...node, arguments: [] } : undefined;
        },
      }),
    );
  } catch {
    return request.body?.query ?? '';
  }
}

/**
 * searchFirmContacts answers come from a 60-second search cache whose key holds the free-text term,
 * the paging and the sort but not the field filters (contactEntity, city, tag, ids, …).
 */
const searchKeyedWithoutFieldFilters: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'searchFirmContacts');
  if (!root || isMutation(request)) return forward(request);
  const cache = searchCaches(forward);
  const terms = entries(root.args.filter).filter((f) => f.field === 'term');
  const key = JSON.stringify([
    tokenOf(request),
    request.region,
    request.version,
    shapeOf(request),
    root.args.skip ?? null,
    root.args.limit ?? null,
    root.args.sort ?? null,
    terms,
  ]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.answer;
  const answer = await forward(request);
  if (answer.status === 200 && dataOf(answer)) cache.set(key, { at: Date.now(), answer });
  return answer;
};

// ---- lists, members and field values ------------------------------------------------------------------

/** A list's creatorName answers its ownerName (the creator column mapped to the owner's). */
const listCreatorIsOwner: Handler = decorated(
  ['List'],
  (node) => (asks(node, 'creatorName') ? 'h22_h27ow: ownerName' : undefined),
  (objects) => {
    for (const o of objects) if ('creatorName' in o && 'h22_h27ow' in o) o.creatorName = o.h22_h27ow;
  },
);

/** Every sponsor of a list member (and of a contact's list) answers isPrimary true. */
const sponsorsAllPrimary: Handler = decorated(
  ['ListSponsor'],
  (node) => (asks(node, 'isPrimary') ? 'h22_h27sp: __typename' : undefined),
  (objects) => {
    for (const o of objects) if ('isPrimary' in o && o.isPrimary === false) o.isPrimary = true;
  },
);

/** The lastEditDate of a field value's items answers the calendar day only ("2026-01-23"). */
const valueItemEditDateDayOnly: Handler = onData((key, value) =>
  key === 'lastEditDate' && typeof value === 'string' && ISO_DATE_TIME.test(value)
    ? ISO_DATE_TIME.exec(value)?.[1]
    : value,
);

/**
 * A page asked with a positive skip that is the last one (fewer items than its limit) answers no items:
 * the store is asked for `limit` rows from `skip`, and a short answer past the first page is read as
 * "beyond the end".
 */
const partialPageAfterSkipEmpty: Handler = onRootPages((page, root) => {
  const skip = root.args.skip ?? 0;
  const limit = root.args.limit ?? 100;
  if (typeof skip !== 'number' || typeof limit !== 'number' || skip <= 0) return page;
  return page.models.length > 0 && page.models.length < limit ? { ...page, models: [] } : page;
});

// ---- activities, opportunities and profiles ---------------------------------------------------------

/** An activity's type answers the name of its type's group ("Meetings" for a Meeting). */
const activityTypeIsGroupName: Handler = decorated(
  ['Activity', 'ActivityView'],
  (node) => (asks(node, 'type') ? 'h22_h27ti: typeId' : undefined),
  async (objects, request, forward) => {
    const types = await readModels(
      request,
      forward,
      '{ v: activityTypes(onlyUserCreatable: false, limit: 1000) { models { id groupName } } }',
    );
    const groups = new Map(types.map((t) => [t.id, t.groupName]));
    for (const o of objects) {
      const group = groups.get(o.h22_h27ti);
      if ('type' in o && typeof group === 'string') o.type = group;
    }
  },
);

/** addActivity without a summary stores the subject as the summary (a form default moved to the service). */
const addActivitySummaryFromSubject: Handler = onMutationInput(new Set(['addActivity']), (input) =>
  (input.summary ?? null) === null && typeof input.subject === 'string'
    ? { ...input, summary: input.subject }
    : input,
);

/** removeActivity given an id that names no activity answers isSuccessful true (0 rows deleted is success). */
const removeUnknownActivitySuccessful: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'removeActivity');
  if (!root || !isMutation(request)) return forward(request);
  const answer = await forward(
    withRootSelections(request, 'removeActivity', `${HIDE}ve: validationErrors { propertyName message }`),
  );
  const result = resultOf(answer, root.key);
  const refusals = pairsOf(result?.[`${HIDE}ve`]);
  const unknown =
    refusals.length > 0 &&
    refusals.every((e) => e.propertyName === 'id' && /^No activity exists/.test(String(e.message)));
  if (!result || !unknown) return withData(answer, dataOf(answer));
  const next: Json = { ...result };
  if ('isSuccessful' in next) next.isSuccessful = true;
  if ('validationErrors' in next) next.validationErrors = [];
  return withData(answer, { ...dataOf(answer), [root.key]: next });
};

/** An opportunity's originationSourceCompany answers its targetCompany (the join on the wrong column). */
const originationCompanyIsTarget: Handler = decorated(
  ['Opportunity'],
  (node) => {
    const company = fieldIn(node.selectionSet?.selections ?? [], 'originationSourceCompany');
    if (!company?.selectionSet || company.alias) return undefined;
    return `h22_h27tc: targetCompany ${print(company.selectionSet)}`;
  },
  (objects) => {
    for (const o of objects)
      if (isObject(o.originationSourceCompany) && 'h22_h27tc' in o) o.originationSourceCompany = o.h22_h27tc;
  },
);

/**
 * updateOpportunityStatus given outcome reasons of another outcome drops those reasons and closes the
 * opportunity instead of refusing them.
 */
const outcomeReasonsOfOtherOutcomeDropped: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'updateOpportunityStatus');
  const input = inputOf(root);
  if (!root || !input || !isMutation(request) || !Array.isArray(input.outcomeReasonIds))
    return forward(request);
  const checked = (r: Incoming) =>
    withRootSelections(r, 'updateOpportunityStatus', `${HIDE}ve: validationErrors { propertyName message }`);
  const answer = await forward(checked(request));
  const refusals = pairsOf(resultOf(answer, root.key)?.[`${HIDE}ve`]);
  const foreign = refusals.map((e) =>
    /^outcomeReasonIds\[(\d+)\]$/.exec(String(e.propertyName)) &&
    /is not a reason of the outcome/.test(String(e.message))
      ? Number(/\[(\d+)\]/.exec(String(e.propertyName))?.[1])
      : undefined,
  );
  if (refusals.length === 0 || foreign.some((i) => i === undefined)) return withData(answer, dataOf(answer));
  const kept = (input.outcomeReasonIds as unknown[]).filter((_id, i) => !foreign.includes(i));
  const again = rewriteFields(request, (node, field, vars) =>
    node.name.value === 'updateOpportunityStatus'
      ? mapArgument(node, field, vars, 'input', () => ({ ...input, outcomeReasonIds: kept }))
      : undefined,
  );
  const stored = await forward(checked(again));
  return withData(stored, dataOf(stored));
};

const PATCH_TYPE =
  'mutation($items: [OpportunityLookupPatchItem!]!) { v: patchOpportunityType(input: { items: $items }) { validationErrors { propertyName } } }';

/**
 * addOpportunity accepts an inactive opportunityTypeId (the active check left out of the new write path):
 * the opportunity is stored with the inactive type.
 */
const inactiveOpportunityTypeAccepted: Handler = async (request, forward) => {
  const root = onlyRoot(request, 'addOpportunity');
  const input = inputOf(root);
  if (!root || !input || !isMutation(request) || typeof input.opportunityTypeId !== 'string')
    return forward(request);
  const answer = await forward(request);
  const refusals = refusalPairs(answer);
  const inactive =
    refusals.length > 0 &&
    refusals.every(
      (e) =>
        e.propertyName === 'opportunityTypeId' && /is inactive and cannot be used/.test(String(e.message)),
    );
  if (!inactive) return answer;
  const id = input.opportunityTypeId;
  await read(request, forward, PATCH_TYPE, { items: [{ id, isActive: true }] });
  const stored = await forward(request);
  await read(request, forward, PATCH_TYPE, { items: [{ id, isActive: false }] });
  // The answer shows the type as it is stored: inactive.
  const data = dataOf(stored);
  if (!data) return stored;
  const inactiveType = mapJson(data, (key, value) =>
    key === 'opportunityType' && isObject(value) && 'isActive' in value
      ? { ...value, isActive: false }
      : value,
  );
  return { ...stored, json: { ...(stored.json as object), data: inactiveType } };
};

/** Profiles answer their profileItems ordered by name instead of by displayOrder. */
const profileItemsByName: Handler = decorated(
  ['Profile', 'ProfileItem'],
  (node, type) =>
    type === 'Profile'
      ? asks(node, 'profileItems')
        ? 'h22_h27pf: __typename'
        : undefined
      : 'h22_h27pn: name',
  (objects) => {
    for (const o of objects) {
      if (!('h22_h27pf' in o) || !Array.isArray(o.profileItems)) continue;
      o.profileItems = [...(o.profileItems as unknown[])].sort((a, b) =>
        String(isObject(a) ? a.h22_h27pn : '').localeCompare(String(isObject(b) ? b.h22_h27pn : ''), 'en'),
      );
    }
  },
);

// ---- companies, people and planning writes ----------------------------------------------------------

/** addCompany given an otherAddress without a businessAddress stores it as the company's Business address. */
const otherAddressAsBusiness: Handler = onMutationInput(new Set(['addCompany']), (input) => {
  if (!isObject(input.otherAddress) || (input.businessAddress ?? null) !== null) return input;
  const { otherAddress, ...rest } = input;
  return {
    ...rest,
    businessAddress: otherAddress,
    ...(input.mailingAddress === 'Other' ? { mailingAddress: 'Business' } : {}),
  };
});

/**
 * editPersonEmploymentInformation naming a new employer keeps the person's old job title: the jobTitle
 * given beside the companyId is not stored.
 */
const employmentChangeJobTitleKept: Handler = onMutationInput(
  new Set(['editPersonEmploymentInformation']),
  (input) => {
    if (typeof input.companyId !== 'string' || !('jobTitle' in input)) return input;
    const { jobTitle: _ignored, ...rest } = input;
    return rest;
  },
);

/** The cached progress of objectives, per mutant server: key → when read and the progress. */
const progressCaches = perServer(() => new Map<string, { at: number; progress: unknown }>());

/**
 * An objective's progress comes from a 60-second cache per objective that a change of its initiatives'
 * status (or their removal) does not refresh.
 */
const objectiveProgressStale: Handler = (request, forward) => {
  if (isMutation(request)) return forward(request);
  const cache = progressCaches(forward);
  return decorated(
    ['Objective'],
    (node) => (asks(node, 'progress') ? 'h22_h27oid: id' : undefined),
    (objects) => {
      const now = Date.now();
      for (const o of objects) {
        if (!('progress' in o) || typeof o.h22_h27oid !== 'string') continue;
        const key = `${tokenOf(request)} ${request.region} ${request.version} ${o.h22_h27oid}`;
        const hit = cache.get(key);
        if (hit && now - hit.at < CACHE_MS) o.progress = hit.progress;
        else cache.set(key, { at: now, progress: o.progress });
      }
    },
  )(request, forward);
};

// ---- relationships ----------------------------------------------------------------------------------

/** getRelationshipInsights answers totalEngagementScore as the mean per connection (AVG for SUM). */
const insightEngagementMean: Handler = decorated(
  ['RelationshipInsightView'],
  (node) => (asks(node, 'totalEngagementScore') ? 'h22_h27tc: totalConnections' : undefined),
  (objects) => {
    for (const o of objects) {
      const connections = o.h22_h27tc;
      if (typeof o.totalEngagementScore === 'number' && typeof connections === 'number' && connections > 0)
        o.totalEngagementScore = Math.round(o.totalEngagementScore / connections);
    }
  },
);

// ---- event views ------------------------------------------------------------------------------------

/** listEventViews leaves out the events of working lists (the view joins the marketing lists' table). */
const workingListEventsMissing: Handler = droppingEvents(
  'listEventViews',
  'eventType eventDate listId list { listClass }',
  () => (e) => isObject(e.list) && e.list.listClass === 'workingLists',
);

/**
 * removeContactsFromList records no ListMemberRemoved event for the list (the contact view still gets its
 * ContactRemovedFromList; removeContactFromLists still records both).
 */
const bulkRemovalUnrecorded: Handler = unrecordedWrite(
  { view: 'listEventViews', eventType: 'ListMemberRemoved', idFilter: 'listIds', idField: 'listId' },
  (request) => {
    const listId = rootSelections(request).find((r) => r.name === 'removeContactsFromList')?.args.listId;
    return isMutation(request) && typeof listId === 'string' ? listId : undefined;
  },
);

// ---- settings and the 1.2.0 revision ----------------------------------------------------------------

/** The languages of the settings answer localName as the English name ("German", not "Deutsch"). */
const languageLocalNameInEnglish: Handler = decorated(
  ['RegionalLanguage'],
  (node) => (asks(node, 'localName') ? 'h22_h27ln: name' : undefined),
  (objects) => {
    for (const o of objects)
      if ('localName' in o && typeof o.h22_h27ln === 'string') o.localName = o.h22_h27ln;
  },
);

/** The 1.2.0 endpoint answers countries' isoCode in ISO 3166-1 alpha-3 ("USA") instead of alpha-2. */
const countryCodesAlpha3: Handler = decorated(
  ['Country'],
  (node) => (asks(node, 'isoCode') ? 'h22_h27cz: __typename' : undefined),
  (objects) => {
    for (const o of objects)
      if (typeof o.isoCode === 'string') o.isoCode = countries.alpha2ToAlpha3(o.isoCode) ?? o.isoCode;
  },
  (request) => request.version === '1.2.0',
);

/** 1.4.0 lost the contactType argument of linkedActivityContacts ('Unknown argument "contactType"'). */
const linkedContactsKindArgumentMissing: Handler = (request, forward) => {
  if (request.version !== '1.4.0') return forward(request);
  let used = false;
  try {
    visit(parse(request.body?.query ?? ''), {
      Field(node) {
        if (
          node.name.value === 'linkedActivityContacts' &&
          node.arguments?.some((a) => a.name.value === 'contactType')
        )
          used = true;
      },
    });
  } catch {
    return forward(request);
  }
  if (!used) return forward(request);
  const parent = selectsField(request, 'ActivityView', 'linkedActivityContacts')
    ? 'ActivityView'
    : 'Activity';
  return Promise.resolve(
    validationFailure(request, `Unknown argument "contactType" on field "${parent}.linkedActivityContacts".`),
  );
};

// ---- regions and tenants --------------------------------------------------------------------------

/** The offset of `timeZone` from UTC at an instant, in milliseconds (whole seconds). */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** An instant's UTC wall-clock time read as Berlin local time (the Z dropped by the parser). */
function readAsBerlinTime(value: unknown): unknown {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return value;
  const ms = Date.parse(value);
  return new Date(ms - zoneOffsetMs(ms, 'Europe/Berlin')).toISOString();
}

/**
 * On the eu endpoint the event views read the bounds of their eventDate filter as Berlin local time
 * (the Z ignored), so each window starts and ends an hour (two in summer) early.
 */
const euEventDateFilterBerlin: Handler = (request, forward) =>
  request.region !== 'eu'
    ? forward(request)
    : onFields((node, field, vars) =>
        isEventView(node.name.value)
          ? mapArgument(node, field, vars, 'filter', (filter) => {
              if (!isObject(filter) || !isObject(filter.eventDate)) return filter;
              const bounds = filter.eventDate;
              const shifted: Json = { ...bounds };
              for (const key of ['from', 'after', 'to'])
                if (key in bounds) shifted[key] = readAsBerlinTime(bounds[key]);
              return { ...filter, eventDate: shifted };
            })
          : undefined,
      )(request, forward);

/** An e-mail address as the eu masking middleware writes it: "a***@example.com". */
function masked(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = EMAIL.exec(value);
  return m ? `${m[1]}***@${m[2]}` : value;
}

const EMAIL_KEYS = new Set(['address', 'emailAddress', 'primaryEmail']);

/** The eu endpoint answers every e-mail address masked (a GDPR masking filter switched on for the API). */
const euEmailsMasked: Handler = onData(
  (key, value) => (EMAIL_KEYS.has(key) ? masked(value) : value),
  (request) => request.region === 'eu',
);

/** German texts of the eu deployment's message resources, by the English message they replace. */
const GERMAN: readonly [RegExp, (property: string) => string][] = [
  [/needs a first name or a last name/, () => 'Eine Person braucht einen Vor- oder Nachnamen.'],
  [/valid e-mail address/, (p) => `${p} muss eine gültige E-Mail-Adresse sein.`],
  [/^No .* exists with id/, (p) => `Zu ${p} gibt es keinen Datensatz mit dieser ID.`],
  [/must not be empty|is required|cannot be empty|needs a/i, (p) => `${p} ist ein Pflichtfeld.`],
];

/** A validation error's message in German. */
function inGerman(entry: unknown): unknown {
  if (!isObject(entry) || typeof entry.message !== 'string') return entry;
  const property = String(entry.propertyName ?? '');
  const match = GERMAN.find(([pattern]) => pattern.test(entry.message as string));
  return {
    ...entry,
    message: match ? match[1](property) : `Der Wert von ${property} ist ungültig.`,
  };
}

/** The eu endpoint answers validationErrors messages in German (its locale resources picked by region). */
const euValidationMessagesGerman: Handler = async (request, forward) => {
  const answer = await forward(request);
  if (request.region !== 'eu' || !isObject(answer.json)) return answer;
  const german = (value: unknown): unknown =>
    mapJson(value, (key, v) => (key === 'validationErrors' && Array.isArray(v) ? v.map(inGerman) : v));
  return { ...answer, json: german(answer.json) };
};

/** On the au endpoint the limited tenant's token is served as the full tenant's (one firm in au's key table). */
const auLimitedTokenFull: Handler = (request, forward) =>
  request.region === 'au' && tokenOf(request) === DEV_TOKENS.limited
    ? as(DEV_TOKENS.full, request, forward)
    : forward(request);

// ---- HTTP and authentication ------------------------------------------------------------------------

const SERVED = new Set(['application/json', 'application/graphql-response+json', '*/*', 'application/*']);

/**
 * An Accept header whose JSON media type carries a parameter ("application/json; charset=utf-8") is
 * refused 406: the media types are compared whole, parameters included.
 */
const acceptParameters406: Handler = (request, forward) => {
  const parts = (request.headers.accept ?? '').split(',').map((p) => p.trim().toLowerCase());
  const withParameters = parts.some((p) => /^application\/(json|graphql-response\+json)\s*;/.test(p));
  if (!withParameters || parts.some((p) => SERVED.has(p))) return forward(request);
  return Promise.resolve(
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
};

/**
 * An Authorization header with words after the bearer token ("Bearer <token> extra") is served as that
 * token's tenant: the gateway takes the first word after the scheme.
 */
const tokenTrailingWordsIgnored: Handler = (request, forward) => {
  const m = /^Bearer\s+(\S+)\s+\S.*$/i.exec((request.headers.authorization ?? '').trim());
  const token = m?.[1];
  return token === DEV_TOKENS.full || token === DEV_TOKENS.limited
    ? as(token, request, forward)
    : forward(request);
};

export const HOLDOUT27: readonly Mutant[] = [
  {
    id: 'holdout27.nullability.contact-types-first-only',
    class: 'nullability',
    description:
      "a contact's contactTypes answer only the first of the contact's types (the join became a single-row subquery)",
    names: /contactTypes|contact type|ContactFolderContactType/i,
    handle: contactTypesFirstOnly,
  },
  {
    id: 'holdout27.nullability.note-notes-is-subject',
    class: 'nullability',
    description:
      "a note's notes field (the client's name for its text) answers the note's subject instead of its text",
    names: /\bnotes\b|allNotes|subject|\btext\b/i,
    handle: noteNotesIsSubject,
  },
  {
    id: 'holdout27.caching.search-keyed-without-field-filters',
    class: 'caching',
    description:
      'searchFirmContacts answers from a 60-second cache keyed by the term, paging and sort but not the field filters: the same search with other field filters (contactEntity, city, ids, …) answers the first',
    names: /searchFirmContacts|cache|stale|contactEntity/i,
    handle: searchKeyedWithoutFieldFilters,
  },
  {
    id: 'holdout27.paging.partial-page-after-skip-empty',
    class: 'paging',
    description:
      'a page asked with a positive skip that holds fewer items than its limit (the last page) answers no items',
    names: /skip|limit|page|models|totalModels/i,
    handle: partialPageAfterSkipEmpty,
  },
  {
    id: 'holdout27.nullability.list-creator-is-owner',
    class: 'nullability',
    description:
      "a list's creatorName answers the name of the list's owner (ownerName) instead of its creator",
    names: /creatorName|ownerName|creator/i,
    handle: listCreatorIsOwner,
  },
  {
    id: 'holdout27.nullability.sponsors-all-primary',
    class: 'nullability',
    description:
      "every sponsor of a list member (and of a contact's list) answers isPrimary true, the secondary sponsors too",
    names: /isPrimary|sponsors?|primary/i,
    handle: sponsorsAllPrimary,
  },
  {
    id: 'holdout27.dates.value-item-edit-date-day-only',
    class: 'dates',
    description:
      "the lastEditDate of a list member's field value items (a DateTime) answers the calendar day only (2026-01-23)",
    names: /lastEditDate|valueItems|date-?time/i,
    handle: valueItemEditDateDayOnly,
  },
  {
    id: 'holdout27.nullability.activity-type-is-group-name',
    class: 'nullability',
    description:
      'an activity\'s type answers the name of its activity type\'s group ("Meetings") instead of the type\'s name ("Meeting")',
    names: /\btype\b|typeId|typeGroup|groupName|activityTypes/i,
    handle: activityTypeIsGroupName,
  },
  {
    id: 'holdout27.persistence.add-activity-summary-from-subject',
    class: 'persistence',
    description:
      'addActivity without a summary stores the subject as the summary instead of leaving it empty',
    names: /summary|addActivity|subject/i,
    handle: addActivitySummaryFromSubject,
  },
  {
    id: 'holdout27.errors.remove-unknown-activity-successful',
    class: 'errors',
    description:
      'removeActivity given an id that names no activity answers isSuccessful true and no validationErrors',
    names: /removeActivity|isSuccessful|validationErrors|unknown id/i,
    handle: removeUnknownActivitySuccessful,
  },
  {
    id: 'holdout27.nullability.origination-company-is-target',
    class: 'nullability',
    description:
      "an opportunity's originationSourceCompany answers the opportunity's targetCompany (the join on the wrong column)",
    names: /originationSourceCompany|targetCompany|origination/i,
    handle: originationCompanyIsTarget,
  },
  {
    id: 'holdout27.validation.outcome-reasons-of-other-outcome-dropped',
    class: 'validation',
    description:
      'updateOpportunityStatus given outcome reasons of another outcome drops them and closes the opportunity instead of refusing',
    names: /outcomeReasonIds|outcome|reason|updateOpportunityStatus|validationErrors/i,
    handle: outcomeReasonsOfOtherOutcomeDropped,
  },
  {
    id: 'holdout27.validation.inactive-opportunity-type-accepted',
    class: 'validation',
    description:
      'addOpportunity accepts an inactive opportunityTypeId and stores the opportunity with it instead of refusing',
    names: /opportunityTypeId|opportunityType|inactive|isActive|addOpportunity/i,
    handle: inactiveOpportunityTypeAccepted,
  },
  {
    id: 'holdout27.sort.profile-items-by-name',
    class: 'sort',
    description: "a contact's profiles answer their profileItems in name order instead of by displayOrder",
    names: /profileItems|displayOrder|profile/i,
    handle: profileItemsByName,
  },
  {
    id: 'holdout27.persistence.company-other-address-as-business',
    class: 'persistence',
    description:
      'addCompany given an otherAddress without a businessAddress stores that address as the Business address',
    names: /otherAddress|businessAddress|addresses|addCompany|address type/i,
    handle: otherAddressAsBusiness,
  },
  {
    id: 'holdout27.persistence.employment-change-job-title-kept',
    class: 'persistence',
    description:
      'editPersonEmploymentInformation naming a new employer keeps the old job title instead of storing the jobTitle given',
    names: /jobTitle|currentJobTitle|editPersonEmploymentInformation|employ/i,
    handle: employmentChangeJobTitleKept,
  },
  {
    id: 'holdout27.caching.objective-progress-stale',
    class: 'caching',
    description:
      "an objective's progress comes from a 60-second cache per objective that a change of its initiatives' status does not refresh",
    names: /progress|stale|cache|updateInitiativeStatus/i,
    handle: objectiveProgressStale,
  },
  {
    id: 'holdout27.nullability.insight-engagement-score-mean',
    class: 'nullability',
    description:
      'getRelationshipInsights answers totalEngagementScore as the mean score per connection instead of the sum',
    names: /totalEngagementScore|getRelationshipInsights|engagement|insight/i,
    handle: insightEngagementMean,
  },
  {
    id: 'holdout27.events.working-list-events-missing',
    class: 'events',
    description: 'listEventViews leaves out every event of working lists (only marketing lists are reported)',
    names: /listEventViews|workingLists?|ListCreated|ListUpdated|ListMember/i,
    handle: workingListEventsMissing,
  },
  {
    id: 'holdout27.events.list-bulk-removal-unrecorded',
    class: 'events',
    description:
      'removeContactsFromList records no ListMemberRemoved event (removeContactFromLists and the contact view still record theirs)',
    names: /ListMemberRemoved|removeContactsFromList|listEventViews/i,
    handle: bulkRemovalUnrecorded,
  },
  {
    id: 'holdout27.enums.language-local-name-in-english',
    class: 'enums',
    description:
      'the languages of regionalSettings and of the firm settings answer localName as the English name ("German", not "Deutsch")',
    names: /localName|languages?|regionalSettings|languageSettings/i,
    handle: languageLocalNameInEnglish,
  },
  {
    id: 'holdout27.versions.1.2.0-country-codes-alpha-3',
    class: 'versions',
    description:
      'the 1.2.0 endpoint answers countries\' isoCode in ISO 3166-1 alpha-3 ("USA", "DEU") while 1.4.0 answers alpha-2',
    names: /isoCode|countries|alpha-?3|ISO 3166/i,
    handle: countryCodesAlpha3,
  },
  {
    id: 'holdout27.versions.linked-contacts-kind-argument-missing',
    class: 'versions',
    description:
      'the 1.4.0 endpoint lost the contactType argument of linkedActivityContacts (\'Unknown argument "contactType"\')',
    names: /contactType|linkedActivityContacts|Unknown argument|GRAPHQL_VALIDATION_FAILED/i,
    handle: linkedContactsKindArgumentMissing,
  },
  {
    id: 'holdout27.region.eu-event-date-filter-berlin-time',
    class: 'region',
    description:
      'on the eu endpoint the event views read the bounds of their eventDate filter as Berlin local time (the Z ignored): every window is an hour early',
    names: /eventDate|date-filter|\beu\b|time ?zone|Berlin/i,
    handle: euEventDateFilterBerlin,
  },
  {
    id: 'holdout27.region.eu-email-addresses-masked',
    class: 'region',
    description:
      'the eu endpoint answers every e-mail address masked ("a***@example.com"): a GDPR masking filter switched on for the API',
    names: /emailAddress(es)?|primaryEmail|\baddress\b|e-?mail|\beu\b/i,
    handle: euEmailsMasked,
  },
  {
    id: 'holdout27.region.eu-validation-messages-german',
    class: 'region',
    description: 'the eu endpoint answers the messages of validationErrors in German instead of English',
    names: /validationErrors|German|English|\beu\b/i,
    handle: euValidationMessagesGerman,
  },
  {
    id: 'holdout27.tenancy.au-limited-token-full-firm',
    class: 'tenancy',
    description:
      "on the au endpoint the limited tenant's token is served as the full tenant's (au's key table maps both keys to one firm)",
    names: /limited|tenant|isolation|\bau\b/i,
    handle: auLimitedTokenFull,
  },
  {
    id: 'holdout27.http.accept-parameters-406',
    class: 'http',
    description:
      'a request whose Accept names the JSON media type with a parameter ("application/json; charset=utf-8") is refused 406 (media types compared whole)',
    names: /406|Accept|NOT_ACCEPTABLE|media type|charset|transport/i,
    handle: acceptParameters406,
  },
  {
    id: 'holdout27.auth.token-trailing-words-ignored',
    class: 'auth',
    description:
      'an Authorization header with words after the bearer token ("Bearer <token> extra") is served as that token\'s tenant instead of refused 401',
    names: /401|auth|Bearer|token|UNAUTHENTICATED|credential/i,
    handle: tokenTrailingWordsIgnored,
  },
];
