import fc from 'fast-check';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { type Expectation, type Step } from '../conformance/index.js';
import { EVENT_RULES, eventViewOf, type EventView } from './entity-events.js';
import { INVARIANT_BASIS } from './invariants.js';
import { shifted, type Counted, type Related } from './session.js';
import { deriveLinks, type EntityLinks, type Reference } from './links.js';
import { pick, type EntityHandle, type FuzzModel, type FuzzReal } from './model.js';
import { generateSelection, type GeneratedSelection } from './selection.js';

type Cmd = fc.AsyncCommand<FuzzModel, FuzzReal, boolean>;

const ref = (capture: string): string => `\${captures.${capture}}`;
const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
const EVENTS_BASIS = INVARIANT_BASIS.events;

/** Entity types whose writes have hand-written commands with their own invariants (src/fuzz/commands.ts). */
const HAND_WRITTEN = new Set(['List', 'Activity']);

/**
 * Ids a creation needs that the contract cannot supply (a lookup such as a type): the step that gets
 * one, sent once per sequence before the first creation that needs it. Domain knowledge, kept here.
 */
const LOOKUPS: Record<string, Step> = {
  opportunityTypeId: {
    id: 'lookupOpportunityType',
    phase: 'setup',
    document:
      'mutation Lookup($input: OpportunityTypeInput!) { patchOpportunityType(input: $input) { addItems { id } } }',
    variables: { input: { items: [{ name: 'rm-fuzz type ${run.id} ${random.uuid}' }] } },
    capture: { opportunityTypeId: 'data.patchOpportunityType.addItems[0].id' },
    expect: [{ path: 'data.patchOpportunityType.addItems', count: 1 }],
  },
};

/** Reference fields with a domain precondition the seeded candidates need not meet (a lead is an employee). */
const RESTRICTED_REFERENCES = new Set(['leadId']);

/** The value at a path of keys and indexes in a response body, or undefined where the path breaks off. */
export function getAt(body: unknown, path: (string | number)[]): unknown {
  let node = body;
  for (const seg of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[seg];
  }
  return node;
}

/** Handles of a type this sequence may link to: what it created and what the target was seeded with. */
function candidates(m: FuzzModel, type: string): string[] {
  return [...m.entities.filter((e) => e.type === type).map((e) => e.capture), ...(m.seeded[type] ?? [])];
}

/** Chosen values of the reference fields: required ones always, optional ones when their pick is odd. */
export function chooseRefs(
  m: FuzzModel,
  refs: readonly Reference[],
  picks: readonly number[],
): { field: string; type: string; capture: string; required: boolean; list: boolean }[] {
  return refs.flatMap((r, i) => {
    if (RESTRICTED_REFERENCES.has(r.field)) return [];
    const pickIndex = picks[i] ?? 0;
    if (!r.required && pickIndex % 2 === 0) return [];
    const capture = pick(candidates(m, r.type), pickIndex);
    return capture ? [{ field: r.field, type: r.type, capture, required: r.required, list: r.list }] : [];
  });
}

/** The read-back of one entity: by id, with what the write set and linked, its total and its events. */
interface ReadBack {
  present: boolean;
  echoed?: Record<string, string>;
  refs?: { field: string; readBack?: string; capture: string; list: boolean }[];
  total?: Related;
  /** Event types the write recorded (undefined: not checked). */
  events?: string[];
}

async function readBack(
  e: EntityLinks,
  h: EntityHandle,
  real: FuzzReal,
  view: EventView | undefined,
  expected: ReadBack,
): Promise<void> {
  if (!e.read) return;
  const basis = [INVARIANT_BASIS.readAfterWrite];
  const fields = [
    'id',
    ...(e.softDelete && !expected.present ? ['isDeleted'] : []),
    ...Object.keys(expected.echoed ?? {}),
    ...(expected.refs ?? []).flatMap((r) => (r.readBack ? [`${r.readBack} { id }`] : [])),
  ];
  const checkEvents = real.checkEvents && view !== undefined && expected.events !== undefined;
  const parts = [`byId: ${e.read}(id: $id) { ${fields.join(' ')} }`];
  if (e.list && expected.total !== undefined) parts.push(`all: ${e.list}(limit: 1) { totalModels }`);
  if (checkEvents)
    parts.push(
      `ev: ${view.view}(filter: { ${view.idsField}: [$id] }, limit: 200) { totalModels models { eventType } }`,
    );
  const expect: Expectation[] = expected.present
    ? [
        { path: 'data.byId.id', equals: ref(h.capture), basis },
        ...Object.entries(expected.echoed ?? {}).map(([k, v]) => ({
          path: `data.byId.${k}`,
          equals: v,
          basis,
        })),
        ...(expected.refs ?? []).flatMap((r) =>
          r.readBack
            ? [
                r.list
                  ? { path: `data.byId.${r.readBack}`, contains: { id: ref(r.capture) }, basis }
                  : { path: `data.byId.${r.readBack}.id`, equals: ref(r.capture), basis },
              ]
            : [],
        ),
      ]
    : e.softDelete
      ? [{ path: 'data.byId.isDeleted', equals: true, basis }]
      : [{ path: 'data.byId', equals: null, basis }];
  if (checkEvents)
    for (const t of expected.events ?? [])
      expect.push({ path: 'data.ev.models', contains: { eventType: t }, basis: [EVENTS_BASIS] });
  const { body, result } = await real.session.send({
    id: `verify${e.type}`,
    document: `query Verify${e.type}($id: ID!) { ${parts.join(' ')} }`,
    variables: { id: ref(h.capture) },
    expect,
  });
  if (e.list && expected.total !== undefined)
    real.session.expect(
      body,
      INVARIANT_BASIS.readAfterWrite,
      { path: 'data.all.totalModels', equals: expected.total.value },
      expected.total.relation,
    );
  if (checkEvents) {
    // Every write the rule names records its events: the view grows by exactly that many. A new
    // entity starts at none; later counts are relations to the previous read-back's.
    const grown = h.events
      ? shifted(h.events, (expected.events ?? []).length)
      : { value: (expected.events ?? []).length };
    real.session.expect(
      body,
      EVENTS_BASIS,
      { path: 'data.ev.totalModels', equals: grown.value },
      'relation' in grown ? grown.relation : undefined,
    );
    h.events = real.session.countAt({ body, result }, 'data.ev.totalModels');
  }
}

async function total(e: EntityLinks, real: FuzzReal): Promise<Counted | undefined> {
  if (!e.list) return undefined;
  const sent = await real.session.send({
    id: `count${e.type}`,
    document: `query Count { ${e.list}(limit: 1) { totalModels } }`,
  });
  return real.session.countAt(sent, `data.${e.list}.totalModels`);
}

/** The chosen references, each with the field its link reads it back through (when it has one). */
function withReadBack<R extends { field: string }>(
  refs: readonly R[],
  references: readonly Reference[],
): (R & { readBack?: string })[] {
  return refs.map((r) => {
    const readBack = references.find((x) => x.field === r.field)?.readBack;
    return { ...r, ...(readBack !== undefined ? { readBack } : {}) };
  });
}

/** The sequence's created entities of one type, the ones a command on that type picks from. */
function handlesOf(m: FuzzModel, type: string): EntityHandle[] {
  return m.entities.filter((e) => e.type === type);
}

function uniqueValue(real: FuzzReal, tail: string): string {
  return `${real.prefix}#${real.session.options.uuid().slice(0, 8)}# ${tail}.`;
}

/** Creates an entity through its contract-derived creation, linking it to what the sequence holds. */
class CreateEntity implements Cmd {
  constructor(
    readonly links: EntityLinks,
    readonly view: EventView | undefined,
    readonly tail: string,
    readonly picks: number[],
  ) {}
  check = (m: FuzzModel): boolean =>
    (this.links.creation?.references ?? []).every((r) => !r.required || candidates(m, r.type).length > 0);
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const c = this.links.creation;
    if (!c) return;
    for (const lookup of c.lookups) {
      const step = LOOKUPS[lookup];
      if (step && real.session.captured(lookup) === undefined) await real.session.send(step);
    }
    const before = await total(this.links, real);
    const echoed: Record<string, string> = {};
    // Required text fields, and the first optional one so every entity carries a recognisable value.
    const optional = c.echoed.find((x) => !x.required);
    for (const x of c.echoed)
      if (x.required || x === optional) echoed[x.field] = uniqueValue(real, this.tail);
    const refs = chooseRefs(m, c.references, this.picks);
    const input: Record<string, unknown> = { ...echoed };
    for (const l of c.lookups) input[l] = ref(l);
    for (const r of refs) input[r.field] = r.list ? [ref(r.capture)] : ref(r.capture);
    const capture = real.session.captureName(lower(this.links.type));
    const select = c.idPath.length === 1 ? '{ id }' : '{ item { id } }';
    const { body } = await real.session.send({
      id: `add${this.links.type}`,
      document: `mutation Add($input: ${c.inputType}!) { r: ${c.mutation}(input: $input) ${select} }`,
      variables: { input },
      capture: { [capture]: ['data', 'r', ...c.idPath].join('.') },
    });
    if (typeof getAt(body, ['data', 'r', ...c.idPath]) !== 'string') return;
    const h: EntityHandle = {
      capture,
      name: Object.values(echoed)[0] ?? '',
      type: this.links.type,
      refs: refs.map((r) => ({ field: r.field, type: r.type, capture: r.capture, required: r.required })),
    };
    m.entities.push(h);
    const rule = EVENT_RULES[this.links.type];
    await readBack(this.links, h, real, this.view, {
      present: true,
      echoed,
      refs: withReadBack(refs, c.references),
      ...(before !== undefined ? { total: shifted(before, 1) } : {}),
      ...(rule ? { events: rule.created } : {}),
    });
  }
  toString = (): string => `create ${this.links.type} ${JSON.stringify(this.tail)}`;
}

/** Changes a created entity through one of its contract-derived updates and reads the change back. */
class UpdateEntity implements Cmd {
  constructor(
    readonly links: EntityLinks,
    readonly view: EventView | undefined,
    readonly update: number,
    readonly index: number,
    readonly tail: string,
    readonly picks: number[],
  ) {}
  check = (m: FuzzModel): boolean => handlesOf(m, this.links.type).length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const u = this.links.updates[this.update];
    const h = pick(handlesOf(m, this.links.type), this.index);
    if (!u || !h) return;
    const echoed: Record<string, string> = {};
    const first = u.echoed[0];
    if (first) echoed[first.field] = uniqueValue(real, this.tail);
    const refs = chooseRefs(m, u.references, this.picks);
    const input: Record<string, unknown> = { [u.idField]: ref(h.capture), ...echoed };
    for (const r of refs) input[r.field] = r.list ? [ref(r.capture)] : ref(r.capture);
    const { body } = await real.session.send({
      id: u.mutation,
      document: `mutation Update($input: ${u.inputType}!) { r: ${u.mutation}(input: $input) { __typename } }`,
      variables: { input },
    });
    if (getAt(body, ['data', 'r']) == null) return;
    const rule = EVENT_RULES[this.links.type];
    const events = rule?.updated[u.mutation];
    // An update that sets nothing the view reports records nothing; one that sets nothing at all is not checked.
    const changes = Object.keys(echoed).length + refs.length > 0;
    await readBack(this.links, h, real, this.view, {
      present: true,
      echoed,
      refs: withReadBack(refs, u.references),
      ...(events !== undefined && (changes || events.length === 0) ? { events } : {}),
    });
  }
  toString = (): string =>
    `${this.links.updates[this.update]?.mutation ?? 'update'} ${this.links.type}[${this.index}]`;
}

/** Removes a created entity nothing else of the sequence depends on; it is gone by id and from the total. */
class RemoveEntity implements Cmd {
  constructor(
    readonly links: EntityLinks,
    readonly view: EventView | undefined,
    readonly index: number,
  ) {}
  private removable = (m: FuzzModel): EntityHandle[] =>
    m.entities.filter(
      (e) =>
        e.type === this.links.type &&
        !m.entities.some((o) => o.refs.some((r) => r.required && r.capture === e.capture)),
    );
  check = (m: FuzzModel): boolean => this.removable(m).length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const r = this.links.remove;
    const h = pick(this.removable(m), this.index);
    if (!r || !h) return;
    const before = await total(this.links, real);
    await real.session.send(removeStep(this.links, h, 'test'));
    m.entities = m.entities.filter((x) => x !== h);
    const rule = EVENT_RULES[this.links.type];
    await readBack(this.links, h, real, this.view, {
      present: false,
      ...(before !== undefined ? { total: shifted(before, -1) } : {}),
      ...(rule ? { events: rule.removed } : {}),
    });
  }
  toString = (): string => `remove ${this.links.type}[${this.index}]`;
}

/** The step that removes a created entity: a test step asserts the removal's result, a teardown does not. */
export function removeStep(e: EntityLinks, h: EntityHandle, phase: 'test' | 'teardown'): Step {
  const r = e.remove;
  if (!r) throw new Error(`${e.type} has no removal`);
  const selection = r.result === 'boolean' || r.result === 'other' ? '' : ` { ${r.result} }`;
  const basis = [INVARIANT_BASIS.readAfterWrite];
  const expect: Expectation[] =
    phase === 'teardown' || r.result === 'other'
      ? []
      : [{ path: r.result === 'boolean' ? 'data.r' : `data.r.${r.result}`, equals: true, basis }];
  return {
    id: phase === 'teardown' ? `clean${e.type}` : `remove${e.type}`,
    ...(phase === 'teardown' ? { phase } : {}),
    document: `mutation Remove($id: ID!) { r: ${r.mutation}(${r.arg}: $id)${selection} }`,
    variables: { id: ref(h.capture) },
    expect,
  };
}

/** Reads a created entity by id with a random selection. */
class ReadEntity implements Cmd {
  constructor(
    readonly links: EntityLinks,
    readonly index: number,
    readonly selection: GeneratedSelection,
  ) {}
  check = (m: FuzzModel): boolean => handlesOf(m, this.links.type).length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(handlesOf(m, this.links.type), this.index);
    if (!h || !this.links.read) return;
    await real.session.send({
      id: `read${this.links.type}`,
      document: `query ById($id: ID!) { r: ${this.links.read}(id: $id) { id ${this.selection.text.slice(1, -1)} } }`,
      variables: { id: ref(h.capture) },
      expect: [
        { path: 'data.r.id', equals: ref(h.capture), basis: [INVARIANT_BASIS.readAfterWrite] },
        ...this.selection.absent
          .filter((p) => p !== '.id')
          .map((p) => ({ path: `data.r${p}`, exists: false, basis: [INVARIANT_BASIS.directives] })),
      ],
    });
  }
  toString = (): string => `read ${this.links.type}[${this.index}]`;
}

/** The other (limited) tenant does not see a created entity by its id. */
class IsolateEntity implements Cmd {
  constructor(
    readonly links: EntityLinks,
    readonly index: number,
  ) {}
  check = (m: FuzzModel): boolean => handlesOf(m, this.links.type).length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(handlesOf(m, this.links.type), this.index);
    if (!h || !this.links.read || !real.session.options.target.limitedHeaders) return;
    await real.session.send({
      id: `otherTenant${this.links.type}`,
      as: 'limited',
      document: `query Other($id: ID!) { byId: ${this.links.read}(id: $id) { id } }`,
      variables: { id: ref(h.capture) },
      expect: [{ path: 'data.byId', equals: null, basis: [INVARIANT_BASIS.isolation] }],
    });
  }
  toString = (): string => `isolation ${this.links.type}[${this.index}]`;
}

/** The entities the generic commands write: created from the contract, readable by id, not hand-written. */
export function generatedEntities(schema: GraphQLSchema, permanent: boolean): EntityLinks[] {
  return [...deriveLinks(schema).values()].filter(
    (e) =>
      !HAND_WRITTEN.has(e.type) &&
      e.creation !== undefined &&
      e.creation.unfillable.length === 0 &&
      e.creation.lookups.every((l) => LOOKUPS[l] !== undefined) &&
      e.read !== undefined &&
      // What cannot be removed again is created only where leaving it behind is allowed (the simulator).
      (e.remove !== undefined || permanent),
  );
}

/**
 * Arbitraries of the commands derived from the contract's links (src/fuzz/links.ts): create (linking
 * to what the sequence holds), read by id, every fillable update, remove, and the other tenant's view.
 */
export function entityArbitraries(
  schema: GraphQLSchema,
  entities: readonly EntityLinks[],
): fc.Arbitrary<Cmd>[] {
  const index = fc.nat({ max: 20 });
  const picks = fc.array(fc.nat({ max: 20 }), { minLength: 6, maxLength: 6 });
  const tail = fc.string({ unit: 'grapheme', maxLength: 12 });
  return entities.flatMap((e) => {
    const view = eventViewOf(schema, e.type);
    const type = schema.getType(e.type);
    const updates = e.updates.flatMap((u, i) => (u.unfillable.length === 0 ? [i] : []));
    const arbs: fc.Arbitrary<Cmd>[] = [
      fc.tuple(tail, picks).map(([t, p]) => new CreateEntity(e, view, t, p)),
      fc.gen().map((g) => {
        const selection = isObjectType(type)
          ? generateSelection(g, schema, type)
          : { text: '{ id }', absent: [] };
        return new ReadEntity(e, g(fc.nat, { max: 20 }), selection);
      }),
      index.map((i) => new IsolateEntity(e, i)),
    ];
    if (updates.length > 0)
      arbs.push(
        fc
          .tuple(fc.constantFrom(...updates), index, tail, picks)
          .map(([u, i, t, p]) => new UpdateEntity(e, view, u, i, t, p)),
      );
    if (e.remove) arbs.push(index.map((i) => new RemoveEntity(e, view, i)));
    return arbs;
  });
}

/** Removes what the generic commands created and left, newest first so dependents go before what they need. */
export async function cleanUpEntities(
  entities: readonly EntityLinks[],
  m: FuzzModel,
  real: FuzzReal,
): Promise<void> {
  for (const h of [...m.entities].reverse()) {
    const e = entities.find((x) => x.type === h.type);
    if (!e?.remove) continue;
    await real.session.send(removeStep(e, h, 'teardown')).catch(() => undefined);
  }
}
