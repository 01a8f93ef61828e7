/**
 * A twenty-second held-out set of regressions, mostly away from contacts' reads: lists and their members,
 * relationships and their scores, activity writes and types, opportunity stages, the change-detection
 * events, firm settings and list permissions, and the 1.2.0 revision; about a third only a write shows.
 * Chosen from the spec and from what vendors ship, without looking at the scenarios or checks.
 * `npm run mutation-score -- --set holdout22` runs them.
 */
import { getNamedType, Kind, parse, print, type FieldNode, type SelectionNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, rootSelections, type RootSelection } from './holdout2.js';
import { onMutationInput } from './holdout6.js';
import { argumentIgnored } from './holdout8.js';
import {
  asks,
  entries,
  hiddenUnder,
  isObject,
  perServer,
  read,
  readModels,
  type Json,
} from './held-out-kit.js';
import { onAnswer, tokenOf, type Mutant } from './mutants.js';
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

const HIDE = 'h22_';
const DAY_MS = 86_400_000;

const { stripHidden, withData } = hiddenUnder(HIDE);

// Later sets import it from here; it lives with the other shared helpers.
export { perServer };

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

/** The selections of `{ text }`. */
export function selectionsOf(text: string): readonly SelectionNode[] {
  const definition = parse(`{ ${text} }`).definitions[0];
  return definition?.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections : [];
}

/** A field node with `text` added to its selection set. */
export function withSelections(node: FieldNode, text: string): FieldNode {
  return {
    ...node,
    selectionSet: {
      kind: Kind.SELECTION_SET,
      selections: [...(node.selectionSet?.selections ?? []), ...selectionsOf(text)],
    },
  };
}

/**
 * Every object of an answer selected as a field of one of `types` gets the hidden selections `extra`
 * answers for its field node (aliased `h22_…`; none when it answers undefined); `fix` then gets every
 * object of the answer carrying hidden keys to change in place, before the hidden keys are stripped.
 */
export function decorated(
  types: readonly string[],
  extra: (node: FieldNode, type: string) => string | undefined,
  fix: (objects: Json[], request: Incoming, forward: Forward) => Promise<void> | void,
  when: (request: Incoming) => boolean = () => true,
): Handler {
  return async (request, forward) => {
    if (!when(request)) return forward(request);
    let touched = false;
    const rewritten = rewriteFields(request, (node, field) => {
      const type = getNamedType(field.type).name;
      if (!types.includes(type) || !node.selectionSet) return undefined;
      const text = extra(node, type);
      if (text === undefined) return undefined;
      touched = true;
      return withSelections(node, text);
    });
    if (!touched) return forward(request);
    const answer = await forward(rewritten);
    const data = dataOf(answer);
    if (!data) return { ...answer, json: stripHidden(answer.json) };
    const found: Json[] = [];
    const collect = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (isObject(v)) {
        if (Object.keys(v).some((k) => k.startsWith(HIDE))) found.push(v);
        Object.values(v).forEach(collect);
      }
    };
    collect(data);
    if (found.length > 0) await fix(found, request, forward);
    return withData(answer, data);
  };
}

/** A root mutation's result under `data`, when it is an object. */
function resultOf(answer: Answer, key: string): Json | undefined {
  const result = dataOf(answer)?.[key];
  return isObject(result) ? result : undefined;
}

/** Whether a mutation result reports no validation failure. */
function accepted(result: Json | undefined): boolean {
  if (!result) return false;
  const errors = result.validationErrors;
  return (!Array.isArray(errors) || errors.length === 0) && result.success !== false;
}

// ---- lists and their members ----------------------------------------------------------------------------

/** The ownerName filter of `lists` is matched against the creator's name (a column mapped wrong). */
const ownerFilterMatchesCreator: Handler = onFields((node, field, vars) =>
  node.name.value === 'lists'
    ? mapArgument(node, field, vars, 'filter', (filter) => {
        const list = entries(filter);
        if (!list.some((f) => f.field === 'ownerName')) return filter;
        return list.map((f) => (f.field === 'ownerName' ? { ...f, field: 'creatorName' } : f));
      })
    : undefined,
);

/** A member's sponsors answer fullName null (only the display name is joined from the user table). */
const sponsorFullNameNull: Handler = onData((key, value) =>
  key === 'sponsors' && Array.isArray(value)
    ? value.map((s) => (isObject(s) && 'fullName' in s ? { ...s, fullName: null } : s))
    : value,
);

/** A list's allowedRemoveFrom answers the allowedLinkInto flag (the permission column copied). */
const removeFlagCopiesLinkFlag: Handler = onFields((node, field) =>
  field.name === 'allowedRemoveFrom'
    ? {
        ...node,
        alias: node.alias ?? { kind: Kind.NAME, value: 'allowedRemoveFrom' },
        name: { kind: Kind.NAME, value: 'allowedLinkInto' },
      }
    : undefined,
);

/** addContactsToLists counts totalCount from the ids as given, repeated ids counted again. */
const totalCountsRepeats: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'addContactsToLists');
  if (roots.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const root of roots) {
    const result = data[root.key];
    const { listIds, contactIds } = root.args;
    if (!isObject(result) || typeof result.totalCount !== 'number') continue;
    if (!Array.isArray(listIds) || !Array.isArray(contactIds)) continue;
    next[root.key] = { ...result, totalCount: listIds.length * contactIds.length };
  }
  return withData(answer, next);
};

const apiAddedMembers = perServer(() => new Set<string>());

/**
 * A contact added to a sponsorship list through the API gets no sponsor (the API user is not recorded
 * as its primary sponsor): the members the API added answer no sponsors on that list.
 */
const apiMemberUnsponsored: Handler = async (request, forward) => {
  const added = apiAddedMembers(forward);
  const root = onlyRoot(request, 'addContactsToLists');
  if (root) {
    const answer = await forward(request);
    const result = resultOf(answer, root.key);
    const { listIds, contactIds } = root.args;
    if (result && Array.isArray(listIds) && Array.isArray(contactIds)) {
      const skipped = new Set(Array.isArray(result.skippedContactIds) ? result.skippedContactIds : []);
      for (const l of listIds)
        for (const c of contactIds) if (!skipped.has(c)) added.add(`${String(l)}:${String(c)}`);
    }
    return answer;
  }
  if (added.size === 0) return forward(request);
  return decorated(
    ['List', 'ListContact'],
    (node, type) =>
      type === 'List' ? `${HIDE}lid: id` : asks(node, 'sponsors') ? `${HIDE}cid: id` : undefined,
    (objects) => {
      for (const list of objects) {
        if (typeof list[`${HIDE}lid`] !== 'string') continue;
        for (const value of Object.values(list)) {
          const models = isObject(value) ? value.models : undefined;
          if (!Array.isArray(models)) continue;
          for (const m of models)
            if (
              isObject(m) &&
              Array.isArray(m.sponsors) &&
              added.has(`${String(list[`${HIDE}lid`])}:${String(m[`${HIDE}cid`])}`)
            )
              m.sponsors = [];
        }
      }
    },
  )(request, forward);
};

/** Folder types are cached process-wide: the limited tenant reads the full tenant's list types. */
const limitedFolderTypesFromFull: Handler = (request, forward) => {
  const roots = rootSelections(request);
  return tokenOf(request) === DEV_TOKENS.limited &&
    !isMutation(request) &&
    roots.length > 0 &&
    roots.every((r) => r.name === 'folderTypes')
    ? as(DEV_TOKENS.full, request, forward)
    : forward(request);
};

// ---- relationships and scores ---------------------------------------------------------------------------

/** The first sort of an employees view, when one is given. */
function firstSort(sorts: unknown): Json | undefined {
  const first = Array.isArray(sorts) ? sorts[0] : sorts;
  return isObject(first) ? first : undefined;
}

/**
 * employeesWithRelationshipsToView sorted by strongEngagementScore compares the scores as text (a sort on
 * the formatted column): 100 comes before 20.
 */
const engagementSortedAsText: Handler = async (request, forward) => {
  if (isMutation(request)) return forward(request);
  const roots = rootSelections(request).filter(
    (r) =>
      r.name === 'employeesWithRelationshipsToView' &&
      firstSort(r.args.sorts)?.field === 'strongEngagementScore',
  );
  if (roots.length === 0) return forward(request);
  for (const r of roots) {
    const { skip, limit } = r.args;
    if ((typeof skip === 'number' && skip < 0) || (typeof limit === 'number' && (limit < 0 || limit > 1000)))
      return forward(request);
  }
  const byKey = new Map(roots.map((r) => [r.key, r]));
  const answer = await forward(
    rewriteFields(request, (node) => {
      const r =
        node.name.value === 'employeesWithRelationshipsToView'
          ? byKey.get(node.alias?.value ?? node.name.value)
          : undefined;
      if (!r) return undefined;
      const all = withArgument(withArgument(node, 'skip', undefined), 'limit', {
        kind: Kind.INT,
        value: '1000',
      });
      return withSelections(all, `${HIDE}models: models { ${HIDE}score: strongEngagementScore }`);
    }),
  );
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const r of roots) {
    const page = data[r.key];
    const scores = isObject(page) ? page[`${HIDE}models`] : undefined;
    if (!isObject(page) || !Array.isArray(scores)) continue;
    const descending = firstSort(r.args.sorts)?.direction === 'Descending';
    const text = (i: number): string => String((scores[i] as Json | null)?.[`${HIDE}score`] ?? '');
    const order = scores
      .map((_s, i) => i)
      .sort((a, b) => {
        const c = text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0;
        return descending ? -c : c;
      });
    const skip = typeof r.args.skip === 'number' ? r.args.skip : 0;
    const limit = typeof r.args.limit === 'number' ? r.args.limit : 100;
    const window = order.slice(skip, skip + limit);
    next[r.key] = Object.fromEntries(
      Object.entries(page).map(([k, v]) => [k, Array.isArray(v) ? window.map((i) => v[i]) : v]),
    );
  }
  return withData(answer, next);
};

/** A relationship event's strengthScale answers its type's scale (the maximum) instead of the level. */
const strengthScaleAsTypeMaximum: Handler = decorated(
  ['RelationshipEventView'],
  (node) => (asks(node, 'strengthScale') ? `${HIDE}tid: relationshipTypeId` : undefined),
  async (objects, request, forward) => {
    const types = await read(request, forward, '{ v: relationshipTypes(limit: 1000) { id strengthScale } }');
    const scale = new Map(
      (Array.isArray(types) ? types.filter(isObject) : []).map((t) => [t.id, t.strengthScale]),
    );
    for (const o of objects)
      if ('strengthScale' in o && scale.has(o[`${HIDE}tid`])) o.strengthScale = scale.get(o[`${HIDE}tid`]);
  },
);

/** relationshipTypes ignores the relationshipListingType of its filter (every listing type answered). */
const listingTypeFilterIgnored: Handler = onFields((node, field, vars) =>
  node.name.value === 'relationshipTypes'
    ? mapArgument(node, field, vars, 'filter', (filter) =>
        isObject(filter) && 'relationshipListingType' in filter
          ? Object.fromEntries(Object.entries(filter).filter(([k]) => k !== 'relationshipListingType'))
          : filter,
      )
    : undefined,
);

/** A relationship type's formerName is null (the column no longer read from the type table). */
const formerNameNull: Handler = onData(
  (key, value) => (key === 'formerName' ? null : value),
  selecting('relationshipTypes'),
);

const RELATIONSHIP_ADDS = new Set(['addRelationship', 'addRelationshipForContacts']);

/**
 * A relationship added without strengthLevel gets the scale's middle rounded down (floor(scale / 2), at
 * least 1) instead of rounded up.
 */
const defaultStrengthRoundedDown: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots.length === 1 && RELATIONSHIP_ADDS.has(roots[0]!.name) ? roots[0] : undefined;
  const input = inputOf(root);
  if (!root || !input || (input.strengthLevel !== undefined && input.strengthLevel !== null))
    return forward(request);
  if (typeof input.relationshipTypeId !== 'string') return forward(request);
  const types = await read(
    request,
    forward,
    'query($t: [ID!]) { v: relationshipTypes(filter: { ids: $t }) { strengthScale } }',
    { t: [input.relationshipTypeId] },
  );
  const scale = Array.isArray(types) && isObject(types[0]) ? types[0].strengthScale : undefined;
  if (typeof scale !== 'number') return forward(request);
  const level = Math.max(1, Math.floor(scale / 2));
  return forward(
    rewriteFields(request, (node, field, vars) =>
      node.name.value === root.name
        ? mapArgument(node, field, vars, 'input', () => ({ ...input, strengthLevel: level }))
        : undefined,
    ),
  );
};

/** addRelationshipForContacts drops isAnonymous (a field lost in the input mapping): stored as not anonymous. */
const anonymousDropped: Handler = onMutationInput(new Set(['addRelationshipForContacts']), (input) =>
  Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'isAnonymous')),
);

/** getIQRelationshipScore calls a trend Rising when the relationships changed within a year, not 90 days. */
const trendRisingWithinAYear: Handler = decorated(
  ['IQRelationshipScore'],
  (node) => (asks(node, 'trendPrediction') ? `${HIDE}date: scoreDate` : undefined),
  (objects) => {
    for (const o of objects) {
      const date = o[`${HIDE}date`];
      if (o.trendPrediction !== 'Stable' || typeof date !== 'string') continue;
      if (Date.now() - Date.parse(date) <= 365 * DAY_MS) o.trendPrediction = 'Rising';
    }
  },
);

// ---- activities -----------------------------------------------------------------------------------------

/** updateActivity given an id and an activityId that disagree updates the activityId's activity. */
const activityIdDisagreementAccepted: Handler = onMutationInput(new Set(['updateActivity']), (input) =>
  typeof input.id === 'string' && typeof input.activityId === 'string' && input.id !== input.activityId
    ? Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'id'))
    : input,
);

/** The originatorIds filter of activities is matched against the linked contacts (a join mapped wrong). */
const originatorFilterOnLinks: Handler = onFields((node, field, vars) =>
  node.name.value === 'activities'
    ? mapArgument(node, field, vars, 'filter', (filter) => {
        if (!isObject(filter) || filter.originatorIds === undefined || filter.originatorIds === null)
          return filter;
        const rest = Object.fromEntries(Object.entries(filter).filter(([k]) => k !== 'originatorIds'));
        return { ...rest, contactIds: filter.originatorIds };
      })
    : undefined,
);

// ---- opportunities and their stages ---------------------------------------------------------------------

const renamedStages = perServer(() => new Map<string, unknown>());

/**
 * updateOpportunityStageTemplates renames the template's stages, but the stage instances already entered
 * keep the names they had (the rename is not carried to the instances).
 */
const templateRenameNotPropagated: Handler = async (request, forward) => {
  const kept = renamedStages(forward);
  const root = onlyRoot(request, 'updateOpportunityStageTemplates');
  const input = inputOf(root);
  if (root && typeof input?.id === 'string') {
    const before = await readModels(
      request,
      forward,
      'query($t: [ID!]) { v: opportunities(filter: { opportunityTypeIds: $t }, limit: 1000) { models { stageInstances { id stageName } } } }',
      { t: [input.id] },
    );
    const answer = await forward(request);
    if (accepted(resultOf(answer, root.key)))
      for (const o of before)
        for (const s of Array.isArray(o.stageInstances) ? o.stageInstances.filter(isObject) : [])
          if (typeof s.id === 'string' && !kept.has(s.id)) kept.set(s.id, s.stageName);
    return answer;
  }
  if (kept.size === 0) return forward(request);
  return decorated(
    ['OpportunityStageInstance'],
    (node) => (asks(node, 'stageName') ? `${HIDE}sid: id` : undefined),
    (objects) => {
      for (const o of objects) {
        const id = o[`${HIDE}sid`];
        if ('stageName' in o && typeof id === 'string' && kept.has(id)) o.stageName = kept.get(id);
      }
    },
  )(request, forward);
};

/** An opportunity's currentStage answers the first stage it entered (the instances read in the wrong order). */
const currentStageFirstEntered: Handler = decorated(
  ['Opportunity'],
  (node) => {
    const current = (node.selectionSet?.selections ?? []).filter(
      (s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'currentStage' && !!s.selectionSet,
    );
    return current.length === 0
      ? undefined
      : current
          .map(
            (c) => `${HIDE}first_${c.alias?.value ?? c.name.value}: stageInstances ${print(c.selectionSet!)}`,
          )
          .join(' ');
  },
  (objects) => {
    for (const o of objects)
      for (const [k, v] of Object.entries(o))
        if (k.startsWith(`${HIDE}first_`) && Array.isArray(v))
          o[k.slice(`${HIDE}first_`.length)] = v[0] ?? null;
  },
);

/** A stage's timeSpent counts the days from its entry to now, also for the stages already left. */
const timeSpentUntilNow: Handler = decorated(
  ['OpportunityStageInstance'],
  (node) => (asks(node, 'timeSpent') ? `${HIDE}te: timeEntered` : undefined),
  (objects) => {
    for (const o of objects) {
      const entered = o[`${HIDE}te`];
      if ('timeSpent' in o && typeof entered === 'string')
        o.timeSpent = Math.floor((Date.now() - Date.parse(entered)) / DAY_MS);
    }
  },
);

/** A confidential opportunity the user is not involved in answers shouldBeHidden false (its details still masked). */
const hiddenFlagFalse: Handler = onData((key, value) => (key === 'shouldBeHidden' ? false : value));

// ---- change-detection events ----------------------------------------------------------------------------

/** The newest event of `view` matching `filter`, read right after a write. */
async function newestEvent(
  request: Incoming,
  forward: Forward,
  view: string,
  type: string,
  filter: Json,
  fields: string,
): Promise<Json | undefined> {
  const [event] = await readModels(
    request,
    forward,
    `query($f: ${type}FilterInput) { v: ${view}(filter: $f, sort: [{ field: eventDate, direction: Descending }], limit: 1) { models { ${fields} } } }`,
    { f: filter },
  );
  return event;
}

const backwardMoves = perServer(() => new Set<string>());

/** Moving an opportunity back to an earlier stage records no CurrentStageChanged event (only forward moves do). */
const backwardMoveUnrecorded: Handler = async (request, forward) => {
  const unrecorded = backwardMoves(forward);
  const root = onlyRoot(request, 'updateOpportunityStageInstances');
  const input = inputOf(root);
  if (root && typeof input?.opportunityId === 'string') {
    const query = 'query($id: ID!) { v: opportunity(id: $id) { currentStage { stageOrder } } }';
    const order = async (): Promise<unknown> => {
      const o = await read(request, forward, query, { id: input.opportunityId });
      return isObject(o) && isObject(o.currentStage) ? o.currentStage.stageOrder : undefined;
    };
    const before = await order();
    const answer = await forward(request);
    const after = await order();
    if (typeof before === 'number' && typeof after === 'number' && after < before) {
      const event = await newestEvent(
        request,
        forward,
        'opportunityEventViews',
        'OpportunityEventView',
        { opportunityIds: [input.opportunityId], eventTypes: ['CurrentStageChanged'] },
        'eventDate',
      );
      if (typeof event?.eventDate === 'string') unrecorded.add(`${input.opportunityId}@${event.eventDate}`);
    }
    return answer;
  }
  if (unrecorded.size === 0 || !selecting('opportunityEventViews')(request)) return forward(request);
  return droppingEvents(
    'opportunityEventViews',
    'eventType eventDate opportunityId',
    () => (e) =>
      e.eventType === 'CurrentStageChanged' &&
      unrecorded.has(`${String(e.opportunityId)}@${String(e.eventDate)}`),
  )(request, forward);
};

const ownCreations = perServer(() => new Set<string>());

/** addRelationship (the API user's own relationships) records no RelationshipCreated event; addRelationshipForContacts still does. */
const ownCreationUnrecorded: Handler = async (request, forward) => {
  const unrecorded = ownCreations(forward);
  const root = onlyRoot(request, 'addRelationship');
  const input = inputOf(root);
  if (root && typeof input?.contactId === 'string') {
    const answer = await forward(request);
    if (resultOf(answer, root.key)?.success === true) {
      const event = await newestEvent(
        request,
        forward,
        'relationshipEventViews',
        'RelationshipEventView',
        { contactIds: [input.contactId], eventTypes: ['RelationshipCreated'] },
        'relationshipId',
      );
      if (typeof event?.relationshipId === 'string') unrecorded.add(event.relationshipId);
    }
    return answer;
  }
  if (unrecorded.size === 0 || !selecting('relationshipEventViews')(request)) return forward(request);
  return droppingEvents(
    'relationshipEventViews',
    'eventType relationshipId',
    () => (e) => e.eventType === 'RelationshipCreated' && unrecorded.has(String(e.relationshipId)),
  )(request, forward);
};

/** The event-type filter of relationshipEventViews as a service that reports FormerChanged as StrengthChanged reads it. */
function formerAsStrengthTypes(types: unknown): unknown {
  if (!Array.isArray(types)) return types;
  const strength = types.includes('StrengthChanged');
  const out = types.filter((t) => t !== 'FormerChanged');
  return strength ? [...out, 'FormerChanged'] : out;
}

/** relationshipEventViews reports a change of isFormer with eventType StrengthChanged (an enum mapping slip). */
const formerAsStrength: Handler = (request, forward) => {
  if (!selecting('relationshipEventViews')(request)) return forward(request);
  const rewritten = rewriteFields(request, (node, field, vars) =>
    node.name.value === 'relationshipEventViews'
      ? mapArgument(node, field, vars, 'filter', (filter) =>
          isObject(filter) && Array.isArray(filter.eventTypes)
            ? { ...filter, eventTypes: formerAsStrengthTypes(filter.eventTypes) }
            : filter,
        )
      : undefined,
  );
  return onData((key, value) =>
    key === 'eventType' && value === 'FormerChanged' ? 'StrengthChanged' : value,
  )(rewritten, forward);
};

/**
 * opportunityEventViews answers a CurrentStageChanged event with the id of the stage instance entered as
 * its opportunityId (the entity id read from the stage row), and so no opportunity.
 */
const stageEventEntityIsInstance: Handler = decorated(
  ['OpportunityEventView'],
  (node) =>
    asks(node, 'opportunityId') || asks(node, 'opportunity')
      ? `${HIDE}t: eventType ${HIDE}d: eventDate ${HIDE}o: opportunityId`
      : undefined,
  async (objects, request, forward) => {
    const stage = objects.filter((o) => o[`${HIDE}t`] === 'CurrentStageChanged');
    const ids = [...new Set(stage.map((o) => o[`${HIDE}o`]).filter((id) => typeof id === 'string'))];
    if (ids.length === 0) return;
    const opportunities = await readModels(
      request,
      forward,
      'query($ids: [ID!]) { v: opportunities(filter: { ids: $ids }, limit: 1000) { models { id stageInstances { id timeEntered } } } }',
      { ids },
    );
    const instances = new Map(
      opportunities.map((o) => [
        o.id,
        Array.isArray(o.stageInstances) ? o.stageInstances.filter(isObject) : [],
      ]),
    );
    for (const o of stage) {
      const list = instances.get(o[`${HIDE}o`]) ?? [];
      const date = String(o[`${HIDE}d`]);
      const entered = list.filter((s) => typeof s.timeEntered === 'string' && s.timeEntered <= date);
      const instance = entered[entered.length - 1] ?? list[0];
      if (!instance) continue;
      if ('opportunityId' in o) o.opportunityId = instance.id;
      if ('opportunity' in o) o.opportunity = null;
    }
  },
);

// ---- firm settings, HTTP ---------------------------------------------------------------------------------

/** The firm settings answer titles null (the column dropped from the settings view). */
const firmTitlesNull: Handler = onData((key, value) => (key === 'titles' ? null : value), selecting('firm'));

/** A 405 answer (a mutation sent with GET) lacks the Allow header HTTP requires with it. */
const methodNotAllowedWithoutAllow: Handler = onAnswer((answer) =>
  answer.status === 405
    ? {
        ...answer,
        headers: Object.fromEntries(
          Object.entries(answer.headers).filter(([k]) => k.toLowerCase() !== 'allow'),
        ),
      }
    : answer,
);

// ---- the 1.2.0 revision ----------------------------------------------------------------------------------

const is120 = (request: Incoming): boolean => request.version === '1.2.0';

/** The 1.2.0 removeWorkingList removes the list but answers null (its legacy resolver returns nothing). */
const removeWorkingList120Null: Handler = async (request, forward) => {
  if (!is120(request)) return forward(request);
  const keys = rootSelections(request)
    .filter((r) => r.name === 'removeWorkingList')
    .map((r) => r.key);
  if (keys.length === 0) return forward(request);
  const answer = await forward(request);
  const data = dataOf(answer);
  if (!data) return answer;
  return withData(answer, { ...data, ...Object.fromEntries(keys.map((k) => [k, null])) });
};

const THREE_BANDS: Record<string, string> = {
  'Very weak': 'Low',
  Weak: 'Low',
  Moderate: 'Medium',
  Strong: 'High',
  'Very strong': 'High',
};

/** The 1.2.0 endpoint describes relationship scores with an older three-band text (Low, Medium, High). */
const scoreThreeBands120: Handler = onData(
  (key, value) =>
    key === 'relationshipScore' && isObject(value) && typeof value.description === 'string'
      ? { ...value, description: THREE_BANDS[value.description] ?? value.description }
      : value,
  is120,
);

const CLIENT_LIST_CLASSES = new Set([
  'MarketingList',
  'MarketingListWithSponsorship',
  'WorkingList',
  'AllLists',
  'AllMarketingLists',
]);

/** The 1.2.0 endpoint has an older ListClass enum: the public client's five class values are refused. */
const clientListClasses120Refused: Handler = (request, forward) => {
  if (!is120(request)) return forward(request);
  for (const root of rootSelections(request)) {
    if (root.name !== 'lists' && root.name !== 'folderTypes') continue;
    const given = root.args.listClass;
    const values = Array.isArray(given) ? given : [given];
    const unknown = values.find((v) => typeof v === 'string' && CLIENT_LIST_CLASSES.has(v));
    if (typeof unknown === 'string')
      return Promise.resolve(
        validationFailure(request, `Value "${unknown}" does not exist in "ListClass" enum.`),
      );
  }
  return forward(request);
};

export const HOLDOUT22: readonly Mutant[] = [
  {
    id: 'holdout22.paging.lists-owner-filter-matches-creator',
    class: 'paging',
    description: "the ownerName filter of lists matches the creator's name instead of the owner's",
    names: /ownerName|creatorName|lists|filter|totalModels/i,
    handle: ownerFilterMatchesCreator,
  },
  {
    id: 'holdout22.nullability.list-sponsor-full-name',
    class: 'nullability',
    description: "the sponsors of list members (and of a contact's lists) answer fullName null",
    names: /sponsor|fullName|contacts|null/i,
    handle: sponsorFullNameNull,
  },
  {
    id: 'holdout22.auth.list-remove-flag-copies-link-flag',
    class: 'auth',
    description:
      "a list's allowedRemoveFrom answers the value of allowedLinkInto (the permission column copied)",
    names: /allowedRemoveFrom|allowedLinkInto|permission|flag|lists?\b/i,
    handle: removeFlagCopiesLinkFlag,
  },
  {
    id: 'holdout22.errors.add-to-lists-total-counts-repeats',
    class: 'errors',
    description:
      'addContactsToLists counts totalCount from the ids as given: a repeated contact or list id counts twice',
    names: /totalCount|addContactsToLists|count/i,
    handle: totalCountsRepeats,
  },
  {
    id: 'holdout22.persistence.api-list-member-unsponsored',
    class: 'persistence',
    description:
      'a contact added to a sponsorship list through the API gets no sponsor (the API user is not recorded as primary sponsor)',
    names: /sponsor|addContactsToLists|isPrimary|contacts/i,
    handle: apiMemberUnsponsored,
  },
  {
    id: 'holdout22.tenancy.limited-folder-types-from-full',
    class: 'tenancy',
    description:
      "folderTypes of the limited tenant answers the full tenant's list types (a process-wide folder type cache)",
    names: /folderTypes|folderType|tenant|limited|leak|isolation/i,
    handle: limitedFolderTypesFromFull,
  },
  {
    id: 'holdout22.sort.engagement-score-sorted-as-text',
    class: 'sort',
    description:
      'employeesWithRelationshipsToView sorted by strongEngagementScore compares the scores as text (100 before 20)',
    names: /strongEngagementScore|employeesWithRelationshipsToView|sort|order/i,
    handle: engagementSortedAsText,
  },
  {
    id: 'holdout22.events.strength-scale-as-type-maximum',
    class: 'events',
    description:
      "relationshipEventViews answers strengthScale as the type's scale (its maximum) instead of the relationship's level",
    names: /strengthScale|strength|relationshipEventViews|event/i,
    handle: strengthScaleAsTypeMaximum,
  },
  {
    id: 'holdout22.paging.relationship-types-listing-filter-ignored',
    class: 'paging',
    description:
      'relationshipTypes ignores the relationshipListingType of its filter and answers types of every listing type',
    names: /relationshipListingType|relationshipTypes|filter|listing/i,
    handle: listingTypeFilterIgnored,
  },
  {
    id: 'holdout22.nullability.relationship-type-former-name',
    class: 'nullability',
    description: "a relationship type's formerName is null, also for types that have a former form",
    names: /formerName|relationshipTypes|former|null/i,
    handle: formerNameNull,
  },
  {
    id: 'holdout22.persistence.relationship-default-strength-rounded-down',
    class: 'persistence',
    description:
      'addRelationship and addRelationshipForContacts without strengthLevel store floor(scale / 2) instead of the middle rounded up',
    names: /strength|addRelationship|default|relationship/i,
    handle: defaultStrengthRoundedDown,
  },
  {
    id: 'holdout22.persistence.relationship-for-contacts-anonymous-dropped',
    class: 'persistence',
    description: 'addRelationshipForContacts drops isAnonymous: the relationship is stored as not anonymous',
    names: /isAnonymous|anonymous|addRelationshipForContacts|relationship/i,
    handle: anonymousDropped,
  },
  {
    id: 'holdout22.dates.iq-trend-rising-within-a-year',
    class: 'dates',
    description:
      'getIQRelationshipScore answers trendPrediction Rising when the relationships changed within a year instead of 90 days',
    names: /trendPrediction|trend|Rising|Stable|getIQRelationshipScore|score/i,
    handle: trendRisingWithinAYear,
  },
  {
    id: 'holdout22.paging.activity-types-appointment-filter-ignored',
    class: 'paging',
    description:
      'activityTypes ignores appointmentTypesOnly: asked for appointment types only, it answers every type',
    names: /appointmentTypesOnly|appointment|activityTypes|totalModels/i,
    handle: argumentIgnored('activityTypes', 'appointmentTypesOnly'),
  },
  {
    id: 'holdout22.validation.update-activity-id-disagreement-accepted',
    class: 'validation',
    description:
      "updateActivity given an id and an activityId that disagree updates the activityId's activity instead of refusing",
    names: /activityId|updateActivity|validationErrors|\bid\b/i,
    handle: activityIdDisagreementAccepted,
  },
  {
    id: 'holdout22.paging.activities-originator-filter-on-links',
    class: 'paging',
    description:
      'the originatorIds filter of activities matches the activities linked to those people instead of those they originated',
    names: /originator|activities|filter|totalModels/i,
    handle: originatorFilterOnLinks,
  },
  {
    id: 'holdout22.persistence.stage-template-rename-not-propagated',
    class: 'persistence',
    description:
      'updateOpportunityStageTemplates renames the stages, but the stage instances already entered keep their old names',
    names: /stageName|updateOpportunityStageTemplates|stage|template/i,
    handle: templateRenameNotPropagated,
  },
  {
    id: 'holdout22.sort.current-stage-first-entered',
    class: 'sort',
    description: "an opportunity's currentStage answers the first stage it entered instead of the last",
    names: /currentStage|stage|opportunit/i,
    handle: currentStageFirstEntered,
  },
  {
    id: 'holdout22.dates.left-stage-time-spent-until-now',
    class: 'dates',
    description: "a stage's timeSpent counts the days from its entry to now, also for stages already left",
    names: /timeSpent|stage|timeEntered|days/i,
    handle: timeSpentUntilNow,
  },
  {
    id: 'holdout22.auth.hidden-opportunity-flag-false',
    class: 'auth',
    description:
      'a confidential opportunity the user is not involved in answers shouldBeHidden false (its details are still masked)',
    names: /shouldBeHidden|hidden|confidential|opportunit/i,
    handle: hiddenFlagFalse,
  },
  {
    id: 'holdout22.events.backward-stage-move-unrecorded',
    class: 'events',
    description:
      'moving an opportunity back to an earlier stage records no CurrentStageChanged event (only forward moves do)',
    names: /CurrentStageChanged|opportunityEventViews|updateOpportunityStageInstances|event/i,
    handle: backwardMoveUnrecorded,
  },
  {
    id: 'holdout22.events.own-relationship-creation-unrecorded',
    class: 'events',
    description:
      'addRelationship records no RelationshipCreated event (addRelationshipForContacts still does)',
    names: /RelationshipCreated|relationshipEventViews|addRelationship|event/i,
    handle: ownCreationUnrecorded,
  },
  {
    id: 'holdout22.enums.former-change-as-strength-change',
    class: 'enums',
    description:
      'relationshipEventViews reports a change of isFormer with eventType StrengthChanged instead of FormerChanged',
    names: /FormerChanged|StrengthChanged|eventType|relationshipEventViews|editRelationship/i,
    handle: formerAsStrength,
  },
  {
    id: 'holdout22.events.stage-event-entity-is-stage-instance',
    class: 'events',
    description:
      "opportunityEventViews answers a CurrentStageChanged event with the stage instance's id as opportunityId (and no opportunity)",
    names: /opportunityId|opportunityEventViews|CurrentStageChanged|opportunity|event/i,
    handle: stageEventEntityIsInstance,
  },
  {
    id: 'holdout22.nullability.firm-titles',
    class: 'nullability',
    description: 'the firm settings answer titles null although the firm has titles',
    names: /titles|firm|settings|null/i,
    handle: firmTitlesNull,
  },
  {
    id: 'holdout22.http.get-mutation-405-without-allow',
    class: 'http',
    description: 'a 405 answer (a mutation sent with GET) lacks the Allow header',
    names: /allow|405|method|GET/i,
    handle: methodNotAllowedWithoutAllow,
  },
  {
    id: 'holdout22.versions.1.2.0-remove-working-list-null',
    class: 'versions',
    description: 'the 1.2.0 removeWorkingList removes the list but answers null instead of true',
    names: /removeWorkingList|1\.2\.0|Boolean|null/i,
    handle: removeWorkingList120Null,
  },
  {
    id: 'holdout22.versions.1.2.0-score-description-three-bands',
    class: 'versions',
    description: 'the 1.2.0 endpoint describes relationship scores in three older bands (Low, Medium, High)',
    names: /description|relationshipScore|Score|1\.2\.0/i,
    handle: scoreThreeBands120,
  },
  {
    id: 'holdout22.versions.1.2.0-client-list-classes-refused',
    class: 'versions',
    description:
      "the 1.2.0 endpoint refuses the public client's ListClass values (AllLists, WorkingList, …) as unknown enum values",
    names: /ListClass|listClass|AllLists|lists|folderTypes|1\.2\.0/i,
    handle: clientListClasses120Refused,
  },
];
