/**
 * An eighteenth held-out set of regressions, mostly on change detection (every event view, event types,
 * polling by date, which writes record which events and with what fields), business planning, relationship
 * resources and lists with their members, chosen from the spec and from what vendors ship, without looking
 * at the scenarios or checks.
 * `npm run mutation-score -- --set holdout18` runs them.
 */
import { getNamedType, Kind, type FieldNode, type SelectionNode } from 'graphql';
import { DEV_TOKENS } from '../../src/contract/endpoint.js';
import { validationFailure } from './holdout.js';
import { dataOf, droppingEvents, rootSelections, type RootSelection } from './holdout2.js';
import { sibling } from './holdout5.js';
import { onInput, onMutationInput } from './holdout6.js';
import { fallbackOnRefusal } from './holdout8.js';
import { isEventView, tokenOf, type Mutant } from './mutants.js';
import { jsonAnswer, type Answer, type Forward, type Handler, type Incoming } from './proxy.js';
import { isMutation, mapArgument, onData, onFields, rewriteFields, withArgument } from './rewrite.js';

const HIDE = 'h18_';

/** Reads `query` as the request's tenant, region and revision; the `v` of its data. */
async function read(
  request: Incoming,
  forward: Forward,
  query: string,
  variables: Record<string, unknown> = {},
) {
  return dataOf(await forward(sibling(request, query, variables)))?.v;
}

/** The single root field of a request named `name`, when the request selects only that one. */
function onlyRoot(request: Incoming, name: string): RootSelection | undefined {
  const roots = rootSelections(request);
  return roots.length === 1 && roots[0]!.name === name ? roots[0] : undefined;
}

/** The `input` argument of a root selection, as an object. */
function inputOf(root: RootSelection | undefined): Record<string, unknown> | undefined {
  const input = root?.args.input;
  return input && typeof input === 'object' && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : undefined;
}

const hiddenField = (name: string): FieldNode => ({
  kind: Kind.FIELD,
  name: { kind: Kind.NAME, value: name },
  alias: { kind: Kind.NAME, value: HIDE + name },
});

/** A field node with `fields` added (hidden, as `h18_<field>`) to its selection set. */
function withHiddenFields(node: FieldNode, fields: readonly string[]): FieldNode {
  const selections: readonly SelectionNode[] = node.selectionSet?.selections ?? [];
  return {
    ...node,
    selectionSet: { kind: Kind.SELECTION_SET, selections: [...selections, ...fields.map(hiddenField)] },
  };
}

/** A JSON tree without the hidden fields. */
function stripHidden(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripHidden);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !k.startsWith(HIDE))
      .map(([k, v]) => [k, stripHidden(v)]),
  );
}

/**
 * Every object under `data` whose selection holds `trigger` (a field of a type accepted by `onType`) gets
 * `extra` hidden beside it; `fix` rewrites each such object (seeing the hidden values) before they are
 * stripped again.
 */
function besideField(
  trigger: string,
  onType: (typeName: string) => boolean,
  extra: readonly string[],
  fix: (
    object: Record<string, unknown>,
    request: Incoming,
    forward: Forward,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>,
  when: (request: Incoming) => boolean = (r) => !isMutation(r),
): Handler {
  return async (request, forward) => {
    if (!when(request)) return forward(request);
    let touched = false;
    const rewritten = rewriteFields(request, (node, field) => {
      const selects = node.selectionSet?.selections.some(
        (s) => s.kind === Kind.FIELD && s.name.value === trigger,
      );
      if (!selects || !onType(getNamedType(field.type).name)) return undefined;
      touched = true;
      return withHiddenFields(node, extra);
    });
    if (!touched) return forward(request);
    const answer = await forward(rewritten);
    const data = dataOf(answer);
    if (!data) return answer;
    const found: Record<string, unknown>[] = [];
    const collect = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (trigger in o && extra.every((e) => HIDE + e in o)) found.push(o);
        Object.values(o).forEach(collect);
      }
    };
    collect(data);
    const fixed = new Map<Record<string, unknown>, Record<string, unknown>>();
    for (const o of found) fixed.set(o, await fix(o, request, forward));
    const rebuild = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(rebuild);
      if (!v || typeof v !== 'object') return v;
      const o = fixed.get(v as Record<string, unknown>) ?? (v as Record<string, unknown>);
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, rebuild(x)]));
    };
    return { ...answer, json: { ...(answer.json as object), data: stripHidden(rebuild(data)) } };
  };
}

const typeIs =
  (...names: string[]) =>
  (name: string): boolean =>
    names.includes(name);

/**
 * A root list `root` whose whole set of items (read from the first, limit 1000, with `fields` hidden) is
 * reshaped by `order` (the indexes kept, in their new order) before the page is cut from it. `forwardArgs`
 * may change the arguments the store sees (a filter it no longer applies itself).
 */
function reshaped(
  root: string,
  fields: readonly string[],
  when: (args: Record<string, unknown>) => boolean,
  order: (models: Record<string, unknown>[], args: Record<string, unknown>) => number[],
  forwardArgs: (args: Record<string, unknown>) => Record<string, unknown> = (a) => a,
): Handler {
  return async (request, forward) => {
    if (isMutation(request)) return forward(request);
    const roots = rootSelections(request).filter((r) => r.name === root && when(r.args));
    if (roots.length === 0) return forward(request);
    for (const r of roots) {
      const { skip, limit } = r.args as { skip?: unknown; limit?: unknown };
      if (
        (typeof skip === 'number' && skip < 0) ||
        (typeof limit === 'number' && (limit < 0 || limit > 1000))
      )
        return forward(request);
    }
    const keys = new Set(roots.map((r) => r.key));
    const answer = await forward(
      rewriteFields(request, (node, field, vars) => {
        if (node.name.value !== root || !keys.has(node.alias?.value ?? node.name.value)) return undefined;
        let next = withArgument(withArgument(node, 'skip', undefined), 'limit', {
          kind: Kind.INT,
          value: '1000',
        });
        const r = roots.find((x) => x.key === (node.alias?.value ?? node.name.value))!;
        const changed = forwardArgs(r.args);
        if (changed.filter !== r.args.filter)
          next = mapArgument(next, field, vars, 'filter', () => changed.filter) ?? next;
        const selections = next.selectionSet?.selections ?? [];
        const models: FieldNode = {
          kind: Kind.FIELD,
          alias: { kind: Kind.NAME, value: `${HIDE}models` },
          name: { kind: Kind.NAME, value: 'models' },
          selectionSet: { kind: Kind.SELECTION_SET, selections: fields.map(hiddenField) },
        };
        return { ...next, selectionSet: { kind: Kind.SELECTION_SET, selections: [...selections, models] } };
      }),
    );
    const data = dataOf(answer);
    if (!data) return answer;
    const next = { ...data };
    for (const r of roots) {
      const page = data[r.key] as Record<string, unknown> | null | undefined;
      const all = page?.[`${HIDE}models`];
      if (!page || !Array.isArray(all)) continue;
      const kept = order(all as Record<string, unknown>[], r.args);
      const skip = typeof r.args.skip === 'number' ? r.args.skip : 0;
      const limit = typeof r.args.limit === 'number' ? r.args.limit : 100;
      const window = kept.slice(skip, skip + limit);
      const out: Record<string, unknown> = {};
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
    return { ...answer, json: { ...(answer.json as object), data: stripHidden(next) } };
  };
}

const hidden = (m: Record<string, unknown>, f: string): unknown => m[HIDE + f];

/** The filter of a root selection, as an object (empty without one). */
const filterOf = (args: Record<string, unknown>): Record<string, unknown> =>
  args.filter && typeof args.filter === 'object' ? (args.filter as Record<string, unknown>) : {};

// ---- relationship events ------------------------------------------------------------------------------

/** relationshipEventViews answers relationshipTypeName as the type's converse (named from the related side). */
const typeNameAsConverse: Handler = async (request, forward) => {
  if (!rootSelections(request).some((r) => r.name === 'relationshipEventViews')) return forward(request);
  const types = (await read(request, forward, '{ v: relationshipTypes(limit: 1000) { name converse } }')) as
    { name?: unknown; converse?: unknown }[] | undefined;
  const converse = new Map<unknown, unknown>((types ?? []).map((t) => [t.name, t.converse]));
  return onData((key, value) =>
    key === 'relationshipTypeName' && converse.get(value) ? converse.get(value) : value,
  )(request, forward);
};

/** relationshipEventViews filtered by contactIds matches the base contact only, not the related one. */
const contactIdsBaseOnly: Handler = (request, forward) => {
  const root = rootSelections(request).find((r) => r.name === 'relationshipEventViews');
  const ids = filterOf(root?.args ?? {}).contactIds;
  if (!root || !Array.isArray(ids)) return forward(request);
  return droppingEvents(
    'relationshipEventViews',
    'baseContactId',
    () => (e) => !ids.includes(e.baseContactId),
  )(request, forward);
};

/** A RelationshipDeleted event answers status Active (the status of the row the delete was audited from). */
const deletedStatusActive = besideField('status', typeIs('RelationshipEventView'), ['eventType'], (o) =>
  hidden(o, 'eventType') === 'RelationshipDeleted' ? { ...o, status: 'Active' } : o,
);

/** A StrengthChanged event answers the strength before the change (the audit row's old value). */
const strengthBeforeChange = besideField(
  'strengthScale',
  typeIs('RelationshipEventView'),
  ['eventType', 'relationshipId', 'eventDate'],
  async (o, request, forward) => {
    const date = hidden(o, 'eventDate');
    if (hidden(o, 'eventType') !== 'StrengthChanged' || typeof date !== 'string') return o;
    const before = new Date(Date.parse(date) - 1).toISOString();
    const page = (await read(
      request,
      forward,
      'query($f: RelationshipEventViewFilterInput) { v: relationshipEventViews(filter: $f, sort: [{ field: eventDate, direction: Descending }], limit: 1) { models { strengthScale } } }',
      { f: { relationshipIds: [hidden(o, 'relationshipId')], eventDate: { to: before } } },
    )) as { models?: { strengthScale?: unknown }[] } | undefined;
    const old = page?.models?.[0]?.strengthScale;
    return old === undefined ? o : { ...o, strengthScale: old };
  },
);

/** editRelationship changing isAnonymous records no AnonymousChanged event. */
const anonymousChangeDropped = droppingEvents(
  'relationshipEventViews',
  'eventType',
  () => (e) => e.eventType === 'AnonymousChanged',
);

// ---- list events --------------------------------------------------------------------------------------

/** listEventViews never reports the ListFieldDefinition… events (the field-definition audit is not joined). */
const fieldDefinitionEventsDropped = droppingEvents(
  'listEventViews',
  'eventType',
  () => (e) => typeof e.eventType === 'string' && e.eventType.startsWith('ListFieldDefinition'),
);

/** The newest events of `view` under `filter`, read as the request's tenant. */
async function newestEvents(
  request: Incoming,
  forward: Forward,
  view: string,
  fields: string,
  filter: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const type = view.charAt(0).toUpperCase() + view.slice(1, -1);
  const page = (await read(
    request,
    forward,
    `query($f: ${type}FilterInput) { v: ${view}(filter: $f, sort: [{ field: eventDate, direction: Descending }], limit: 50) { models { eventDate ${fields} } } }`,
    { f: filter },
  )) as { models?: Record<string, unknown>[] } | undefined;
  return page?.models ?? [];
}

/**
 * A write that records fewer events than it should: after `operation` runs, the events of `view` it
 * recorded that `pick` names (keys `<entity id> <eventDate>`) are hidden from every later read.
 */
function unrecorded(
  operation: string,
  view: string,
  idField: string,
  eventTypes: readonly string[],
  pick: (
    request: Incoming,
    forward: Forward,
    root: RootSelection,
  ) => Promise<
    { filter: Record<string, unknown>; keep?: (e: Record<string, unknown>) => boolean } | undefined
  >,
): Handler {
  const silent = new Set<string>();
  const drop = droppingEvents(
    view,
    `eventType eventDate ${idField}`,
    () => (e) =>
      eventTypes.includes(String(e.eventType)) && silent.has(`${String(e[idField])} ${String(e.eventDate)}`),
  );
  return async (request, forward) => {
    const root = onlyRoot(request, operation);
    if (!root) return silent.size > 0 ? drop(request, forward) : forward(request);
    const picked = await pick(request, forward, root);
    if (!picked) return forward(request);
    const filter = { ...picked.filter, eventTypes };
    const before = new Set(
      (await newestEvents(request, forward, view, idField, filter)).map(
        (e) => `${String(e[idField])} ${String(e.eventDate)}`,
      ),
    );
    const answer = await forward(request);
    for (const e of await newestEvents(request, forward, view, idField, filter)) {
      const key = `${String(e[idField])} ${String(e.eventDate)}`;
      if (!before.has(key) && (picked.keep?.(e) ?? true)) silent.add(key);
    }
    return answer;
  };
}

/** removeContactFromLists records ListMemberRemoved for the first of its lists only. */
const removalFromListsFirstOnly = unrecorded(
  'removeContactFromLists',
  'listEventViews',
  'listId',
  ['ListMemberRemoved'],
  (_r, _f, root) => {
    const listIds = inputOf(root)?.listIds;
    return Promise.resolve(
      Array.isArray(listIds) && listIds.length > 1 ? { filter: { listIds: listIds.slice(1) } } : undefined,
    );
  },
);

/** updateListContactAdditionalFields records no ListUpdated event (member field values are not audited). */
const memberFieldsUnrecorded = unrecorded(
  'updateListContactAdditionalFields',
  'listEventViews',
  'listId',
  ['ListUpdated'],
  (_r, _f, root) => {
    const listId = inputOf(root)?.listId;
    return Promise.resolve(typeof listId === 'string' ? { filter: { listIds: [listId] } } : { filter: {} });
  },
);

/** The 1.2.0 listEventViews refuses filter.listIds (its filter input predates the id filter). */
const listIdsUnknownIn120: Handler = (request, forward) => {
  const root = rootSelections(request).find((r) => r.name === 'listEventViews');
  return request.version === '1.2.0' && root && filterOf(root.args).listIds !== undefined
    ? Promise.resolve(
        validationFailure(request, 'Field "listIds" is not defined by type "ListEventViewFilterInput".'),
      )
    : forward(request);
};

// ---- every event view ---------------------------------------------------------------------------------

/** Sorted by eventType alone, the events of one type come newest first (the tie-break column descends). */
const eventTypeTiesNewestFirst: Handler = onFields((node, f, vars) =>
  isEventView(node.name.value)
    ? mapArgument(node, f, vars, 'sort', (sort) => {
        const list = Array.isArray(sort) ? sort : sort ? [sort] : [];
        return list.length === 1 && (list[0] as { field?: unknown }).field === 'eventType'
          ? [...list, { field: 'eventDate', direction: 'Descending' }]
          : sort;
      })
    : undefined,
);

/** The declaration order of each view's event types (the enum's ordinal in the vendor's code). */
const DECLARED: Record<string, readonly string[]> = {
  firmContactEventViews: [
    'ContactCreated',
    'ContactUpdated',
    'ContactDeleted',
    'ContactAddedToList',
    'ContactRemovedFromList',
  ],
  listEventViews: [
    'ListCreated',
    'ListUpdated',
    'ListDeleted',
    'ListArchived',
    'ListMemberAdded',
    'ListMemberRemoved',
    'ListFieldDefinitionAdded',
    'ListFieldDefinitionUpdated',
    'ListFieldDefinitionRemoved',
  ],
  initiativeEventViews: [
    'InitiativeCreated',
    'InitiativeUpdated',
    'InitiativeStatusChanged',
    'InitiativeDeleted',
  ],
  objectiveEventViews: ['ObjectiveCreated', 'ObjectiveUpdated', 'ObjectiveStatusChanged', 'ObjectiveDeleted'],
};

/** Sorted by eventType, events come in the enum's declaration order instead of by the type's name. */
function eventTypeOrdinal(view: string): Handler {
  const order = DECLARED[view]!;
  return reshaped(
    view,
    ['eventType', 'eventDate'],
    (args) => {
      const sort = Array.isArray(args.sort) ? args.sort : [];
      return sort.length > 0 && (sort[0] as { field?: unknown }).field === 'eventType';
    },
    (models, args) => {
      const desc = ((args.sort as { direction?: unknown }[])[0]?.direction ?? 'Ascending') === 'Descending';
      return models
        .map((m, i) => ({
          t: order.indexOf(String(hidden(m, 'eventType'))),
          d: String(hidden(m, 'eventDate')),
          i,
        }))
        .sort((a, b) => (desc ? b.t - a.t : a.t - b.t) || a.d.localeCompare(b.d) || a.i - b.i)
        .map((x) => x.i);
    },
  );
}
const eventTypeOrdinalAll: Handler = (request, forward) => {
  const view = rootSelections(request).find((r) => DECLARED[r.name])?.name;
  return view ? eventTypeOrdinal(view)(request, forward) : forward(request);
};

/** eventDate.after is compared at whole seconds: later events of the cursor's second are skipped. */
const afterSecondPrecision: Handler = onFields((node, f, vars) =>
  isEventView(node.name.value)
    ? mapArgument(
        node,
        f,
        vars,
        'filter',
        onInput((filter) => {
          const range = filter.eventDate as { after?: unknown } | null | undefined;
          const after = range?.after;
          if (typeof after !== 'string' || Number.isNaN(Date.parse(after))) return filter;
          const second = Math.floor(Date.parse(after) / 1000) * 1000 + 999;
          return { ...filter, eventDate: { ...range, after: new Date(second).toISOString() } };
        }),
      )
    : undefined,
);

// ---- planning events ----------------------------------------------------------------------------------

/** Removing an objective or initiative is audited as …Updated (the soft delete is an update of isDeleted). */
const removalAsUpdated: Handler = (request, forward) => {
  const views = new Set(['initiativeEventViews', 'objectiveEventViews']);
  if (!rootSelections(request).some((r) => views.has(r.name))) return forward(request);
  const rewritten = rewriteFields(request, (node, f, vars) =>
    views.has(node.name.value)
      ? mapArgument(
          node,
          f,
          vars,
          'filter',
          onInput((filter) => {
            const types = filter.eventTypes;
            if (!Array.isArray(types)) return filter;
            const strings = types.map(String);
            const deleted = strings.filter((t) => t.endsWith('Deleted'));
            const updated = strings.filter((t) => t.endsWith('Updated'));
            const next = strings.filter((t) => !t.endsWith('Deleted'));
            for (const u of updated) next.push(u.replace(/Updated$/, 'Deleted'));
            return deleted.length === 0 && updated.length === 0 ? filter : { ...filter, eventTypes: next };
          }),
        )
      : undefined,
  );
  return onData((key, value) =>
    key === 'eventType' && typeof value === 'string' && /^(Initiative|Objective)Deleted$/.test(value)
      ? value.replace(/Deleted$/, 'Updated')
      : value,
  )(rewritten, forward);
};

/** initiativeEventViews hides every event of a removed initiative unless InitiativeDeleted is asked for. */
const removedInitiativeEventsHidden: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'initiativeEventViews');
  const asked = roots.some((r) => {
    const types = filterOf(r.args).eventTypes;
    return Array.isArray(types) && types.includes('InitiativeDeleted');
  });
  if (roots.length === 0 || asked) return forward(request);
  const all = (await read(
    request,
    forward,
    '{ v: initiatives(filter: { includeDeleted: true }, limit: 1000) { models { id isDeleted } } }',
  )) as { models?: { id?: unknown; isDeleted?: unknown }[] } | undefined;
  const removed = new Set((all?.models ?? []).filter((m) => m.isDeleted === true).map((m) => m.id));
  if (removed.size === 0) return forward(request);
  return droppingEvents(
    'initiativeEventViews',
    'initiativeId',
    () => (e) => removed.has(e.initiativeId),
  )(request, forward);
};

/** An objective event's objective is null once the objective was removed (the live-objective lookup). */
const removedObjectiveEventNull = besideField(
  'objective',
  typeIs('ObjectiveEventView'),
  ['objectiveId'],
  async (o, request, forward) => {
    const id = hidden(o, 'objectiveId');
    const x = (await read(request, forward, 'query($id: ID!) { v: objective(id: $id) { isDeleted } }', {
      id,
    })) as { isDeleted?: unknown } | null | undefined;
    return x?.isDeleted === true ? { ...o, objective: null } : o;
  },
);

// ---- planning -----------------------------------------------------------------------------------------

/** canClose no longer checks the objective's own status: a closed objective without open initiatives can close. */
const canCloseIgnoresStatus = besideField(
  'canClose',
  typeIs('Objective'),
  ['status', 'isDeleted', 'id'],
  async (o, request, forward) => {
    if (hidden(o, 'status') !== 'closed' || hidden(o, 'isDeleted') === true || o.canClose !== false) return o;
    const x = (await read(
      request,
      forward,
      'query($id: ID!) { v: objective(id: $id) { initiatives(limit: 1000) { models { status isDeleted } } } }',
      { id: hidden(o, 'id') },
    )) as { initiatives?: { models?: { status?: unknown; isDeleted?: unknown }[] } } | null | undefined;
    const open = (x?.initiatives?.models ?? []).some((i) => i.status === 'open' && i.isDeleted !== true);
    return open ? o : { ...o, canClose: true };
  },
);

/** An objective's progress counts its removed initiatives too (the join lost its isDeleted condition). */
const progressCountsRemoved = besideField(
  'progress',
  typeIs('Objective'),
  ['id'],
  async (o, request, forward) => {
    const all = (await read(
      request,
      forward,
      'query($o: [ID!]) { v: initiatives(filter: { objectiveIds: $o, includeDeleted: true }, limit: 1000) { models { status } } }',
      { o: [hidden(o, 'id')] },
    )) as { models?: { status?: unknown }[] } | undefined;
    const models = all?.models ?? [];
    if (models.length === 0) return o;
    const closed = models.filter((m) => m.status === 'closed').length;
    return { ...o, progress: Math.round((closed * 100) / models.length) };
  },
);

/** initiatives without a sort come in startDate order instead of by name (the default column changed). */
const initiativesDefaultStartDate: Handler = onFields((node, f, vars) =>
  node.name.value === 'initiatives' && f.args.some((a) => a.name === 'sort')
    ? mapArgument(node, f, vars, 'sort', (sort) =>
        sort === undefined || sort === null || (Array.isArray(sort) && sort.length === 0)
          ? [{ field: 'startDate', direction: 'Ascending' }]
          : sort,
      )
    : undefined,
);

/** objectives and initiatives filtered by name also match their description (the search spans both columns). */
function nameFilterSpansDescription(root: string): Handler {
  return reshaped(
    root,
    ['name', 'description'],
    (args) => typeof filterOf(args).name === 'string',
    (models, args) => {
      const term = String(filterOf(args).name).toLowerCase();
      return models.flatMap((m, i) =>
        String(hidden(m, 'name') ?? '')
          .toLowerCase()
          .includes(term) ||
        String(hidden(m, 'description') ?? '')
          .toLowerCase()
          .includes(term)
          ? [i]
          : [],
      );
    },
    (args) => {
      const { name: _name, ...rest } = filterOf(args);
      return { ...args, filter: rest };
    },
  );
}
const objectivesByName = nameFilterSpansDescription('objectives');
const initiativesByName = nameFilterSpansDescription('initiatives');
const nameSpansDescription: Handler = (request, forward) =>
  rootSelections(request).some((r) => r.name === 'objectives')
    ? objectivesByName(request, forward)
    : initiativesByName(request, forward);

/** updateInitiative without companyIds clears the initiative's companies (omitted read as empty). */
const omittedCompaniesCleared: Handler = onMutationInput(new Set(['updateInitiative']), (input) =>
  'companyIds' in input ? input : { ...input, companyIds: [] },
);

/** updateObjective and updateInitiative ignore an explicit null (it no longer clears the field). */
const explicitNullIgnored: Handler = onMutationInput(
  new Set(['updateObjective', 'updateInitiative']),
  (input) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null)),
);

const PLANNING_WRITES = new Set(['addObjective', 'addInitiative', 'updateObjective', 'updateInitiative']);

/** Planning writes drop involved users that are no firm employees instead of refusing them. */
const nonEmployeesDropped: Handler = async (request, forward) => {
  const roots = rootSelections(request);
  const root = roots.length === 1 && PLANNING_WRITES.has(roots[0]!.name) ? roots[0] : undefined;
  const input = inputOf(root);
  if (!root || !input || !Array.isArray(input.involvedUserIds)) return forward(request);
  const answer = await forward(request);
  const errors = (dataOf(answer)?.[root.key] as { validationErrors?: { propertyName?: unknown }[] } | null)
    ?.validationErrors;
  if (!Array.isArray(errors) || errors.length === 0) return answer;
  const bad = new Set<number>();
  for (const e of errors) {
    const m = /^involvedUserIds\[(\d+)\]$/.exec(String(e.propertyName));
    if (!m) return answer;
    bad.add(Number(m[1]));
  }
  const kept = (input.involvedUserIds as unknown[]).filter((_u, i) => !bad.has(i));
  return onMutationInput(PLANNING_WRITES, (i) => ({ ...i, involvedUserIds: kept }))(request, forward);
};

// ---- relationships ------------------------------------------------------------------------------------

/** getIQRelationshipScore answers scoreDate as the day of the read (the score is recomputed on read). */
const scoreDateToday = onData(
  (key, value) =>
    key === 'scoreDate' && typeof value === 'string' ? new Date().toISOString().slice(0, 10) : value,
  (r) => rootSelections(r).some((x) => x.name === 'getIQRelationshipScore'),
);

/** getRelationshipInsights lists up to 3 per ranking and side instead of 5. */
const insightsTopThree: Handler = async (request, forward) => {
  const roots = rootSelections(request).filter((r) => r.name === 'getRelationshipInsights');
  if (roots.length === 0) return forward(request);
  const answer = await forward(
    rewriteFields(request, (node) =>
      node.name.value === 'getRelationshipInsights'
        ? withHiddenFields(node, ['insightType', 'isTargetCompany'])
        : undefined,
    ),
  );
  const data = dataOf(answer);
  if (!data) return answer;
  const next = { ...data };
  for (const r of roots) {
    const list = data[r.key];
    if (!Array.isArray(list)) continue;
    const seen = new Map<string, number>();
    next[r.key] = list.filter((item: Record<string, unknown> | null) => {
      if (!item) return true;
      const k = `${String(hidden(item, 'insightType'))} ${String(hidden(item, 'isTargetCompany'))}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
      return (seen.get(k) ?? 0) <= 3;
    });
  }
  return { ...answer, json: { ...(answer.json as object), data: stripHidden(next) } };
};

/** Relationship writes given isFormer on a type without a former form drop the flag instead of refusing. */
const formerDropped = (operation: string): Handler =>
  fallbackOnRefusal(operation, 'isFormer', (input) => {
    const { isFormer: _f, ...rest } = input;
    return Promise.resolve(rest);
  });
const formerDroppedBoth: Handler = (request, forward) =>
  onlyRoot(request, 'addRelationship')
    ? formerDropped('addRelationship')(request, forward)
    : formerDropped('addRelationshipForContacts')(request, forward);

/** editRelationship changing the type resets the strength to the new type's default instead of keeping it. */
const typeChangeResetsStrength: Handler = async (request, forward) => {
  const input = inputOf(onlyRoot(request, 'editRelationship'));
  if (!input || typeof input.relationshipTypeId !== 'string' || input.strengthLevel !== undefined)
    return forward(request);
  const types = (await read(
    request,
    forward,
    '{ v: relationshipTypes(limit: 1000) { id strengthScale } }',
  )) as { id?: unknown; strengthScale?: unknown }[] | undefined;
  const scale = (types ?? []).find((t) => t.id === input.relationshipTypeId)?.strengthScale;
  if (typeof scale !== 'number') return forward(request);
  return onMutationInput(new Set(['editRelationship']), (i) => ({
    ...i,
    strengthLevel: Math.ceil(scale / 2),
  }))(request, forward);
};

// ---- lists --------------------------------------------------------------------------------------------

/** editListDetails and editWorkingListDetails without a description clear it (omitted read as empty). */
const omittedDescriptionCleared: Handler = onMutationInput(
  new Set(['editListDetails', 'editWorkingListDetails']),
  (input) => ('description' in input ? input : { ...input, description: '' }),
);

// ---- anywhere -----------------------------------------------------------------------------------------

/** validationErrors name their property in PascalCase ("EndDate"), as the vendor's model class spells it. */
const propertyNamesPascal = onData(
  (key, value) =>
    key === 'propertyName' && typeof value === 'string' && value.length > 0
      ? value.charAt(0).toUpperCase() + value.slice(1)
      : value,
  isMutation,
);

/** Event views refuse the limited tenant with FORBIDDEN (its key lacks the audit scope). */
const limitedEventViewsForbidden: Handler = (request, forward): Promise<Answer> =>
  tokenOf(request) === DEV_TOKENS.limited && rootSelections(request).some((r) => isEventView(r.name))
    ? Promise.resolve(
        jsonAnswer(403, {
          errors: [{ message: 'Insufficient scope for audit events.', extensions: { code: 'FORBIDDEN' } }],
        }),
      )
    : forward(request);

export const HOLDOUT18: Mutant[] = [
  {
    id: 'holdout18.events.relationship-type-name-converse',
    class: 'events',
    description:
      "relationshipEventViews answers relationshipTypeName as the type's converse name (the name seen from the related contact)",
    names: /relationshipTypeName|relationshipEventViews|converse/i,
    handle: typeNameAsConverse,
  },
  {
    id: 'holdout18.paging.relationship-events-contact-ids-base-only',
    class: 'paging',
    description:
      'relationshipEventViews filtered by contactIds matches only events whose base contact is named, not those whose related contact is',
    names: /contactIds|relationshipEventViews|relatedContact|filter/i,
    handle: contactIdsBaseOnly,
  },
  {
    id: 'holdout18.events.relationship-deleted-status-active',
    class: 'events',
    description: 'a RelationshipDeleted event answers status Active instead of Deleted',
    names: /status|RelationshipDeleted|relationshipEventViews|Deleted/i,
    handle: deletedStatusActive,
  },
  {
    id: 'holdout18.events.strength-changed-old-level',
    class: 'events',
    description:
      "a StrengthChanged event's strengthScale is the strength before the change instead of after it",
    names: /strengthScale|StrengthChanged|strength|relationshipEventViews/i,
    handle: strengthBeforeChange,
  },
  {
    id: 'holdout18.events.anonymous-change-dropped',
    class: 'events',
    description: 'editRelationship changing isAnonymous records no AnonymousChanged event',
    names: /AnonymousChanged|isAnonymous|relationshipEventViews|editRelationship/i,
    handle: anonymousChangeDropped,
  },
  {
    id: 'holdout18.events.list-field-definition-events-dropped',
    class: 'events',
    description:
      'listEventViews never reports ListFieldDefinitionAdded, ListFieldDefinitionUpdated or ListFieldDefinitionRemoved',
    names: /ListFieldDefinition|listEventViews|AdditionalFieldDefinition/i,
    handle: fieldDefinitionEventsDropped,
  },
  {
    id: 'holdout18.events.remove-contact-from-lists-first-list-only',
    class: 'events',
    description:
      'removeContactFromLists given several lists records ListMemberRemoved for the first list only',
    names: /ListMemberRemoved|removeContactFromLists|listEventViews/i,
    handle: removalFromListsFirstOnly,
  },
  {
    id: 'holdout18.events.member-field-values-unrecorded',
    class: 'events',
    description: 'updateListContactAdditionalFields records no ListUpdated event for the list',
    names: /ListUpdated|updateListContactAdditionalFields|listEventViews/i,
    handle: memberFieldsUnrecorded,
  },
  {
    id: 'holdout18.versions.1.2.0-list-event-list-ids-unknown',
    class: 'versions',
    description:
      'the 1.2.0 listEventViews refuses the listIds of its filter (an older filter input deployed)',
    names: /listIds|listEventViews|1\.2\.0|GRAPHQL_VALIDATION_FAILED/i,
    handle: listIdsUnknownIn120,
  },
  {
    id: 'holdout18.sort.event-type-ties-newest-first',
    class: 'sort',
    description:
      'event views sorted by eventType answer the events of one type newest first instead of oldest first',
    names: /sort|eventType|eventDate|order/i,
    handle: eventTypeTiesNewestFirst,
  },
  {
    id: 'holdout18.sort.event-type-declaration-order',
    class: 'sort',
    description:
      "contact, list, objective and initiative events sorted by eventType come in the enum's declaration order, not by the type's name",
    names: /sort|eventType|order/i,
    handle: eventTypeOrdinalAll,
  },
  {
    id: 'holdout18.dates.event-after-second-precision',
    class: 'dates',
    description:
      "the eventDate.after bound of the event views is compared at whole seconds: later events of the cursor's second are skipped",
    names: /eventDate|after|poll|cursor|EventViews/i,
    handle: afterSecondPrecision,
  },
  {
    id: 'holdout18.enums.planning-removal-as-updated',
    class: 'enums',
    description:
      'removing an objective or initiative is reported as ObjectiveUpdated / InitiativeUpdated instead of …Deleted',
    names: /Deleted|Updated|eventType|initiativeEventViews|objectiveEventViews/i,
    handle: removalAsUpdated,
  },
  {
    id: 'holdout18.events.removed-initiative-events-hidden',
    class: 'events',
    description:
      'initiativeEventViews hides every event of a removed initiative unless the filter asks for InitiativeDeleted',
    names: /initiativeEventViews|InitiativeDeleted|initiative|totalModels/i,
    handle: removedInitiativeEventsHidden,
  },
  {
    id: 'holdout18.nullability.removed-objective-event-objective',
    class: 'nullability',
    description:
      "an objective event's objective is null once the objective was removed (it still exists with isDeleted true)",
    names: /objective|objectiveEventViews|null/i,
    handle: removedObjectiveEventNull,
  },
  {
    id: 'holdout18.validation.can-close-ignores-status',
    class: 'validation',
    description:
      "canClose is true for a closed objective without open initiatives (the objective's own status is not checked)",
    names: /canClose|objective/i,
    handle: canCloseIgnoresStatus,
  },
  {
    id: 'holdout18.paging.objective-progress-counts-removed',
    class: 'paging',
    description: "an objective's progress counts its removed initiatives too",
    names: /progress|objective|initiative/i,
    handle: progressCountsRemoved,
  },
  {
    id: 'holdout18.sort.initiatives-default-start-date',
    class: 'sort',
    description: 'initiatives without a sort come in startDate order instead of by name',
    names: /initiatives|sort|order|name/i,
    handle: initiativesDefaultStartDate,
  },
  {
    id: 'holdout18.paging.planning-name-filter-spans-description',
    class: 'paging',
    description:
      'objectives and initiatives filtered by name also answer the items whose description contains the text',
    names: /name|filter|objectives|initiatives|totalModels/i,
    handle: nameSpansDescription,
  },
  {
    id: 'holdout18.persistence.update-initiative-omitted-companies-cleared',
    class: 'persistence',
    description:
      "updateInitiative without companyIds removes the initiative's companies instead of keeping them",
    names: /compan|updateInitiative|initiative/i,
    handle: omittedCompaniesCleared,
  },
  {
    id: 'holdout18.persistence.planning-explicit-null-ignored',
    class: 'persistence',
    description:
      'updateObjective and updateInitiative given an explicit null keep the field instead of clearing it',
    names: /null|updateObjective|updateInitiative|description|endDate|clear/i,
    handle: explicitNullIgnored,
  },
  {
    id: 'holdout18.validation.non-employee-involved-users-dropped',
    class: 'validation',
    description:
      'objective and initiative writes drop involved users who are no firm employees instead of refusing them',
    names: /involvedUser|validationErrors|objective|initiative/i,
    handle: nonEmployeesDropped,
  },
  {
    id: 'holdout18.dates.iq-score-date-of-read',
    class: 'dates',
    description:
      "getIQRelationshipScore answers scoreDate as the day of the read instead of the day of the relationship's last change",
    names: /scoreDate|getIQRelationshipScore|date/i,
    handle: scoreDateToday,
  },
  {
    id: 'holdout18.paging.insights-three-per-ranking',
    class: 'paging',
    description: 'getRelationshipInsights lists up to 3 contacts per ranking and side instead of 5',
    names: /getRelationshipInsights|insight|ConnectionRank|EngagementRank/i,
    handle: insightsTopThree,
  },
  {
    id: 'holdout18.validation.former-without-former-form-accepted',
    class: 'validation',
    description:
      'addRelationship and addRelationshipForContacts given isFormer on a type without a former form store a current relationship instead of refusing',
    names: /isFormer|former|addRelationship|validationErrors|success/i,
    handle: formerDroppedBoth,
  },
  {
    id: 'holdout18.persistence.type-change-resets-strength',
    class: 'persistence',
    description:
      "editRelationship changing the type resets the strength to the new type's default instead of keeping it (capped)",
    names: /strength|editRelationship|relationshipType/i,
    handle: typeChangeResetsStrength,
  },
  {
    id: 'holdout18.persistence.list-edit-omitted-description-cleared',
    class: 'persistence',
    description:
      "editListDetails and editWorkingListDetails without a description clear the list's description",
    names: /description|editListDetails|editWorkingListDetails|list/i,
    handle: omittedDescriptionCleared,
  },
  {
    id: 'holdout18.errors.property-name-pascal-case',
    class: 'errors',
    description:
      'validationErrors name their property in PascalCase (EndDate) instead of as the input field is spelled',
    names: /propertyName|validationErrors/i,
    handle: propertyNamesPascal,
  },
  {
    id: 'holdout18.auth.limited-event-views-forbidden',
    class: 'auth',
    description: "the event views refuse the limited tenant's valid token with 403 FORBIDDEN",
    names: /FORBIDDEN|403|EventViews|limited|tenant/i,
    handle: limitedEventViewsForbidden,
  },
];
