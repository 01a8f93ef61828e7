import fc from 'fast-check';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  isLeafType,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import { type Expectation, type Step } from '../conformance/index.js';
import { invalidVariant, type InvalidKind, type ValueRules } from './invalid.js';
import { INVARIANT_BASIS } from './invariants.js';
import { shifted, type Counted, type Related } from './session.js';
import { pick, type FuzzModel, type FuzzReal, type Handle } from './model.js';
import { entityArbitraries, getAt } from './entity-commands.js';
import { regionArbitrary } from './region-commands.js';
import type { EntityLinks } from './links.js';
import { generateSelection } from './selection.js';

type Cmd = fc.AsyncCommand<FuzzModel, FuzzReal, boolean>;
// Each class below is one fast-check command (constructor, check, pick, send, read back): they stand
// alike in shape only, each with its own operation and invariants (entity-commands.ts is the generic,
// contract-derived kind; these are the hand-written checks that one cannot express).

const ref = (capture: string): string => `\${captures.${capture}}`;

function absentExpectations(root: string, absent: readonly string[]): Expectation[] {
  return absent.map((p) => ({
    path: `data.${root}${p}`,
    exists: false,
    basis: [INVARIANT_BASIS.directives],
  }));
}

/** A unique, recognisable name: the run prefix, a token, and a random tail that is never trimmed away. */
function uniqueName(real: FuzzReal, tail: string): string {
  return `${real.prefix}#${real.session.options.uuid().slice(0, 8)}# ${tail}.`;
}

const nameTail = fc.string({ unit: 'grapheme', maxLength: 12 });

/** A local date-time in §8's `YYYY-MM-DD HH:mm:ss`. */
const activityDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 19).replace('T', ' '));

// ---------------------------------------------------------------- reads

/** A root query without required arguments, with a random selection and paging as variables or literals. */
class ReadRoot implements Cmd {
  constructor(
    readonly field: string,
    readonly selection: { text: string; absent: string[] },
    readonly args: { name: string; value: number; asVariable: boolean }[],
  ) {}
  check = (): boolean => true;
  async run(_m: FuzzModel, real: FuzzReal): Promise<void> {
    const vars = this.args.filter((a) => a.asVariable);
    const decl = vars.length > 0 ? `(${vars.map((a) => `$${a.name}: Int`).join(', ')})` : '';
    const args = this.args.map((a) => `${a.name}: ${a.asVariable ? `$${a.name}` : a.value}`);
    const document = `query Read${decl} { r: ${this.field}${args.length > 0 ? `(${args.join(', ')})` : ''} ${this.selection.text} }`;
    await real.session.send({
      id: 'read',
      document,
      ...(vars.length > 0 ? { variables: Object.fromEntries(vars.map((a) => [a.name, a.value])) } : {}),
      expect: absentExpectations('r', this.selection.absent),
    });
  }
  toString = (): string => `read ${this.field}`;
}

/** Reads one created entity by id with a random selection: it is there, under its own id. */
class ReadById implements Cmd {
  constructor(
    readonly kind: 'lists' | 'activities',
    readonly index: number,
    readonly selection: { text: string; absent: string[] },
  ) {}
  check = (m: FuzzModel): boolean => m[this.kind].length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(m[this.kind], this.index);
    if (!h) return;
    const field = this.kind === 'lists' ? 'list' : 'activity';
    await real.session.send({
      id: 'readById',
      document: `query ById($id: ID!) { r: ${field}(id: $id) { id ${this.selection.text.slice(1, -1)} } }`,
      variables: { id: ref(h.capture) },
      expect: [
        { path: 'data.r.id', equals: ref(h.capture), basis: [INVARIANT_BASIS.readAfterWrite] },
        // `id` is selected unconditionally here, so a directive on another `id` does not remove it.
        ...absentExpectations(
          'r',
          this.selection.absent.filter((p) => p !== '.id'),
        ),
      ],
    });
  }
  toString = (): string => `readById ${this.kind}[${this.index}]`;
}

/**
 * A page asked for sorted by one of its enum sort fields, in a random direction or none (ascending,
 * A-34), with the sorted field selected: the page rules every answer is held to (A-421) check the
 * order, the arithmetic and repeated ids, so a reversed, ignored or misdirected sort is a finding.
 */
class SortedRead implements Cmd {
  constructor(
    readonly sorted: SortablePage,
    readonly which: number,
    readonly direction: 'Ascending' | 'Descending' | undefined,
    readonly skip: number,
    readonly limit: number,
  ) {}
  check = (): boolean => true;
  async run(_m: FuzzModel, real: FuzzReal): Promise<void> {
    const { field, argument, list, keys, ident } = this.sorted;
    const key = keys[this.which % keys.length]!;
    const entry = `{ field: ${key.value}${this.direction ? `, direction: ${this.direction}` : ''} }`;
    await real.session.send({
      id: 'sorted',
      document: `query Sorted { r: ${field}(skip: ${this.skip}, limit: ${this.limit}, ${argument}: ${list ? `[${entry}]` : entry}) { totalModels models { ${[...ident, key.item].join(' ')} } } }`,
    });
  }
  toString = (): string =>
    `sorted ${this.sorted.field} by ${this.sorted.keys[this.which % this.sorted.keys.length]?.value ?? '?'} ${this.direction ?? '(no direction)'}`;
}

/** A paged query without skip or limit: the page rules check it holds min(100, totalModels) items (§8). */
class DefaultPage implements Cmd {
  constructor(
    readonly field: string,
    readonly item: string,
  ) {}
  check = (): boolean => true;
  async run(_m: FuzzModel, real: FuzzReal): Promise<void> {
    await real.session.send({
      id: 'defaultPage',
      document: `query Default { r: ${this.field} { totalModels models ${this.item} } }`,
    });
  }
  toString = (): string => `default page of ${this.field}`;
}

/** Pages of a paged query against one bigger page: disjoint, same order, same totalModels. */
class Paging implements Cmd {
  constructor(
    readonly field: string,
    readonly item: string,
    readonly pageSize: number,
    readonly pages: number,
  ) {}
  check = (): boolean => true;
  async run(_m: FuzzModel, real: FuzzReal): Promise<void> {
    const size = this.pageSize * this.pages;
    const sel = `{ totalModels models ${this.item} }`;
    // One bigger page first, then the pages: a written case asserts each page is a slice of that answer
    // (a relation between its steps), never the items one target happened to hold.
    const whole = await real.session.send({
      id: 'pagingAll',
      document: `query All { all: ${this.field}(skip: 0, limit: ${size}) ${sel} }`,
      // Pages equal to slices of one answer are disjoint exactly when that answer repeats no item.
      ...(this.item === '{ id }'
        ? { expect: [{ path: 'data.all.models', distinct: true, basis: [INVARIANT_BASIS.paging] }] }
        : {}),
    });
    const all = getAt(whole.body, ['data', 'all']) as { totalModels: number; models: unknown[] } | null;
    if (!all) return;
    const parts: string[] = [];
    for (let i = 0; i < this.pages; i += 1)
      parts.push(`p${i}: ${this.field}(skip: ${i * this.pageSize}, limit: ${this.pageSize}) ${sel}`);
    const { body } = await real.session.send({
      id: 'paging',
      document: `query Pages { ${parts.join(' ')} }`,
    });
    const at = `steps.${whole.result.stepId}.data.all`;
    for (let i = 0; i < this.pages; i += 1) {
      const [from, to] = [i * this.pageSize, (i + 1) * this.pageSize];
      real.session.expect(
        body,
        INVARIANT_BASIS.paging,
        { path: `data.p${i}.totalModels`, equals: all.totalModels },
        `\${${at}.totalModels}`,
      );
      real.session.expect(
        body,
        INVARIANT_BASIS.paging,
        { path: `data.p${i}.models`, equals: all.models.slice(from, to) },
        `\${${at}.models[${from}:${to}]}`,
      );
    }
  }
  toString = (): string => `paging ${this.field} ${this.pages}x${this.pageSize}`;
}

// ---------------------------------------------------------------- lists

const LIST_FILTER = (name: string): unknown => [{ field: 'name', value: name }];

async function listTotal(real: FuzzReal): Promise<Counted> {
  const sent = await real.session.send({
    id: 'countLists',
    document: 'query Count { lists(limit: 1) { totalModels } }',
  });
  return real.session.countAt(sent, 'data.lists.totalModels');
}

/** Reads a list back by id, by its unique name and in the total; with the simulator also its events. */
async function verifyList(
  real: FuzzReal,
  h: Handle,
  present: boolean,
  total: Related,
  event?: string,
): Promise<void> {
  const events =
    event !== undefined && real.checkEvents
      ? ` ev: listEventViews(filter: { listIds: [$id]${event === 'ListDeleted' ? ', eventTypes: [ListDeleted]' : ''} }) { models { eventType listId } }`
      : '';
  const expect: Expectation[] = [
    present
      ? { path: 'data.byId.id', equals: ref(h.capture), basis: [INVARIANT_BASIS.readAfterWrite] }
      : { path: 'data.byId', equals: null, basis: [INVARIANT_BASIS.readAfterWrite] },
    { path: 'data.named.totalModels', equals: present ? 1 : 0, basis: [INVARIANT_BASIS.readAfterWrite] },
  ];
  if (events)
    expect.push({ path: 'data.ev.models', contains: { eventType: event }, basis: [INVARIANT_BASIS.events] });
  const { body } = await real.session.send({
    id: 'verifyList',
    document: `query Verify($id: ID!, $filter: [ListFilterInput]) { byId: list(id: $id) { id name } named: lists(filter: $filter) { totalModels } all: lists(limit: 1) { totalModels }${events} }`,
    variables: { id: ref(h.capture), filter: LIST_FILTER(h.name) },
    expect,
  });
  real.session.expect(
    body,
    INVARIANT_BASIS.readAfterWrite,
    { path: 'data.all.totalModels', equals: total.value },
    total.relation,
  );
}

class AddList implements Cmd {
  constructor(readonly tail: string) {}
  check = (): boolean => true;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const before = await listTotal(real);
    const capture = real.session.captureName('list');
    const name = uniqueName(real, this.tail);
    const { body } = await real.session.send({
      id: 'addList',
      document:
        'mutation AddList($input: AddListInput!) { addWorkingList(input: $input) { success errorText item { id name } } }',
      variables: { input: { name, folderTypeId: ref('workingFolderType') } },
      capture: { [capture]: 'data.addWorkingList.item.id' },
    });
    const h = { capture, name };
    const created = getAt(body, ['data', 'addWorkingList', 'success']) === true;
    if (created) m.lists.push(h);
    await verifyList(real, h, created, shifted(before, created ? 1 : 0), created ? 'ListCreated' : undefined);
  }
  toString = (): string => `addList ${JSON.stringify(this.tail)}`;
}

class EditList implements Cmd {
  constructor(
    readonly index: number,
    readonly tail: string,
  ) {}
  check = (m: FuzzModel): boolean => m.lists.length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(m.lists, this.index);
    if (!h) return;
    const name = uniqueName(real, this.tail);
    const { body } = await real.session.send({
      id: 'editList',
      document:
        'mutation Edit($input: EditWorkingListDetailsInput!) { editWorkingListDetails(input: $input) { success errorText item { id name } } }',
      variables: { input: { id: ref(h.capture), name } },
    });
    if (getAt(body, ['data', 'editWorkingListDetails', 'success']) !== true) return;
    h.name = name;
    const events = real.checkEvents
      ? ' ev: listEventViews(filter: { listIds: [$id], eventTypes: [ListUpdated] }, limit: 200) { models { eventType } }'
      : '';
    await real.session.send({
      id: 'readEdited',
      document: `query Read($id: ID!) { list(id: $id) { id name }${events} }`,
      variables: { id: ref(h.capture) },
      expect: [
        { path: 'data.list.name', equals: name, basis: [INVARIANT_BASIS.readAfterWrite] },
        ...(events
          ? [
              {
                path: 'data.ev.models',
                contains: { eventType: 'ListUpdated' },
                basis: [INVARIANT_BASIS.events],
              },
            ]
          : []),
      ],
    });
  }
  toString = (): string => `editList ${this.index}`;
}

class RemoveList implements Cmd {
  constructor(readonly index: number) {}
  check = (m: FuzzModel): boolean => m.lists.length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(m.lists, this.index);
    if (!h) return;
    const before = await listTotal(real);
    await real.session.send({
      id: 'removeList',
      document: 'mutation Remove($id: ID!) { removeWorkingList(listId: $id) }',
      variables: { id: ref(h.capture) },
      expect: [{ path: 'data.removeWorkingList', equals: true, basis: [INVARIANT_BASIS.readAfterWrite] }],
    });
    m.lists = m.lists.filter((x) => x !== h);
    m.members = m.members.filter((x) => x.list !== h);
    await verifyList(real, h, false, shifted(before, -1), 'ListDeleted');
  }
  toString = (): string => `removeList ${this.index}`;
}

/** The events a membership change records in the list view and in the contact's view (A-64). */
const MEMBER_EVENTS = {
  added: { list: 'ListMemberAdded', contact: 'ContactAddedToList' },
  removed: { list: 'ListMemberRemoved', contact: 'ContactRemovedFromList' },
} as const;

async function verifyMembers(
  m: FuzzModel,
  real: FuzzReal,
  h: Handle,
  contact: string,
  change?: keyof typeof MEMBER_EVENTS,
): Promise<void> {
  const count = m.members.filter((x) => x.list === h).length;
  const member = m.members.some((x) => x.list === h && x.contact === contact);
  const ev = change !== undefined && real.checkEvents ? MEMBER_EVENTS[change] : undefined;
  const events = ev
    ? ` listEv: listEventViews(filter: { listIds: [$id], eventTypes: [${ev.list}] }, limit: 200) { models { eventType } } contactEv: firmContactEventViews(filter: { contactIds: [$contact], eventTypes: [${ev.contact}] }, limit: 200) { models { eventType } }`
    : '';
  await real.session.send({
    id: 'members',
    document: `query Members($id: ID!${ev ? ', $contact: ID!' : ''}) { list(id: $id) { contacts(limit: 200) { totalModels models { id } } }${events} }`,
    variables: { id: ref(h.capture), ...(ev ? { contact: ref(contact) } : {}) },
    expect: [
      ...(ev
        ? [
            { path: 'data.listEv.models', contains: { eventType: ev.list }, basis: [INVARIANT_BASIS.events] },
            {
              path: 'data.contactEv.models',
              contains: { eventType: ev.contact },
              basis: [INVARIANT_BASIS.events],
            },
          ]
        : []),
      { path: 'data.list.contacts.totalModels', equals: count, basis: [INVARIANT_BASIS.readAfterWrite] },
      ...(member
        ? [
            {
              path: 'data.list.contacts.models',
              contains: { id: ref(contact) },
              basis: [INVARIANT_BASIS.readAfterWrite],
            },
          ]
        : []),
    ],
  });
}

class AddMember implements Cmd {
  constructor(
    readonly index: number,
    readonly contact: number,
  ) {}
  check = (m: FuzzModel): boolean => m.lists.length > 0 && m.contacts.length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(m.lists, this.index);
    const contact = pick(m.contacts, this.contact);
    if (!h || !contact) return;
    await real.session.send({
      id: 'link',
      document:
        'mutation Link($lists: [ID!]!, $contacts: [ID!]!) { addContactsToLists(listIds: $lists, contactIds: $contacts) { totalCount successCount skippedCount } }',
      variables: { lists: [ref(h.capture)], contacts: [ref(contact)] },
    });
    const isNew = !m.members.some((x) => x.list === h && x.contact === contact);
    if (isNew) m.members.push({ list: h, contact });
    // Linking a member again changes nothing, so it records nothing new (A-64).
    await verifyMembers(m, real, h, contact, isNew ? 'added' : undefined);
  }
  toString = (): string => `link list ${this.index} contact ${this.contact}`;
}

class RemoveMember implements Cmd {
  constructor(readonly index: number) {}
  check = (m: FuzzModel): boolean => m.members.length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const member = pick(m.members, this.index);
    if (!member) return;
    await real.session.send({
      id: 'unlink',
      document:
        'mutation Unlink($id: ID!, $contacts: [ID!]!) { removeContactsFromList(listId: $id, contactIds: $contacts) { contactsEffected pendingContactsEffected } }',
      variables: { id: ref(member.list.capture), contacts: [ref(member.contact)] },
    });
    m.members = m.members.filter((x) => x !== member);
    await verifyMembers(m, real, member.list, member.contact, 'removed');
  }
  toString = (): string => `unlink ${this.index}`;
}

// ---------------------------------------------------------------- activities

async function activityTotal(real: FuzzReal): Promise<Counted> {
  const sent = await real.session.send({
    id: 'countActivities',
    document: 'query Count { activities(limit: 1) { totalModels } }',
  });
  return real.session.countAt(sent, 'data.activities.totalModels');
}

class AddActivity implements Cmd {
  constructor(
    readonly tail: string,
    readonly date: string,
    readonly contact: number,
  ) {}
  check = (m: FuzzModel): boolean => m.contacts.length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const contact = pick(m.contacts, this.contact);
    if (!contact) return;
    const before = await activityTotal(real);
    const capture = real.session.captureName('activity');
    const subject = uniqueName(real, this.tail);
    const { body } = await real.session.send({
      id: 'addActivity',
      document:
        'mutation AddActivity($input: AddActivityInput!) { addActivity(input: $input) { id subject } }',
      variables: {
        input: {
          typeId: ref('activityType'),
          activityDate: this.date,
          subject,
          linkedEntityIds: [ref(contact)],
        },
      },
      capture: { [capture]: 'data.addActivity.id' },
      expect: [
        { path: 'data.addActivity.subject', equals: subject, basis: [INVARIANT_BASIS.readAfterWrite] },
      ],
    });
    if (getAt(body, ['data', 'addActivity', 'id']) === undefined) return;
    const h = { capture, name: subject };
    m.activities.push(h);
    const { body: read } = await real.session.send({
      id: 'verifyActivity',
      document:
        'query Verify($id: ID!, $filter: ActivityFilterInput) { byId: activity(id: $id) { id subject linkedActivityContacts { id } } linked: activities(filter: $filter) { totalModels models { id } } all: activities(limit: 1) { totalModels } }',
      variables: { id: ref(capture), filter: { subject, contactIds: [ref(contact)] } },
      expect: [
        { path: 'data.byId.id', equals: ref(capture), basis: [INVARIANT_BASIS.readAfterWrite] },
        {
          path: 'data.byId.linkedActivityContacts',
          contains: { id: ref(contact) },
          basis: [INVARIANT_BASIS.readAfterWrite],
        },
        {
          path: 'data.linked.models',
          contains: { id: ref(capture) },
          basis: [INVARIANT_BASIS.readAfterWrite],
        },
      ],
    });
    const total = shifted(before, 1);
    real.session.expect(
      read,
      INVARIANT_BASIS.readAfterWrite,
      { path: 'data.all.totalModels', equals: total.value },
      total.relation,
    );
  }
  toString = (): string => `addActivity ${JSON.stringify(this.tail)}`;
}

class UpdateActivity implements Cmd {
  constructor(
    readonly index: number,
    readonly tail: string,
  ) {}
  check = (m: FuzzModel): boolean => m.activities.length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(m.activities, this.index);
    if (!h) return;
    const subject = uniqueName(real, this.tail);
    const { body } = await real.session.send({
      id: 'updateActivity',
      document:
        'mutation Update($input: UpdateActivityInput!) { updateActivity(input: $input) { validationErrors { propertyName message } item { id subject } } }',
      variables: { input: { id: ref(h.capture), subject } },
    });
    if (getAt(body, ['data', 'updateActivity', 'item']) == null) return;
    h.name = subject;
    await real.session.send({
      id: 'readUpdated',
      document: 'query Read($id: ID!) { activity(id: $id) { id subject } }',
      variables: { id: ref(h.capture) },
      expect: [{ path: 'data.activity.subject', equals: subject, basis: [INVARIANT_BASIS.readAfterWrite] }],
    });
  }
  toString = (): string => `updateActivity ${this.index}`;
}

class RemoveActivity implements Cmd {
  constructor(readonly index: number) {}
  check = (m: FuzzModel): boolean => m.activities.length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(m.activities, this.index);
    if (!h) return;
    const before = await activityTotal(real);
    await real.session.send({
      id: 'removeActivity',
      document:
        'mutation Remove($id: ID!) { removeActivity(id: $id) { isSuccessful validationErrors { propertyName message } } }',
      variables: { id: ref(h.capture) },
      expect: [
        { path: 'data.removeActivity.isSuccessful', equals: true, basis: [INVARIANT_BASIS.readAfterWrite] },
      ],
    });
    m.activities = m.activities.filter((x) => x !== h);
    const { body } = await real.session.send({
      id: 'verifyRemoved',
      document:
        'query Verify($id: ID!) { byId: activity(id: $id) { id } all: activities(limit: 1) { totalModels } }',
      variables: { id: ref(h.capture) },
      expect: [{ path: 'data.byId', equals: null, basis: [INVARIANT_BASIS.readAfterWrite] }],
    });
    const total = shifted(before, -1);
    real.session.expect(
      body,
      INVARIANT_BASIS.readAfterWrite,
      { path: 'data.all.totalModels', equals: total.value },
      total.relation,
    );
  }
  toString = (): string => `removeActivity ${this.index}`;
}

// ---------------------------------------------------------------- isolation and invalid input

/** The other (limited) tenant must not see what this tenant created. */
class Isolation implements Cmd {
  constructor(
    readonly kind: 'lists' | 'activities',
    readonly index: number,
  ) {}
  check = (m: FuzzModel): boolean => m[this.kind].length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const h = pick(m[this.kind], this.index);
    if (!h || !real.session.options.target.limitedHeaders) return;
    const field = this.kind === 'lists' ? 'list' : 'activity';
    const filter = this.kind === 'lists' ? 'lists(filter: $filter)' : 'activities(filter: $filter)';
    const filterType = this.kind === 'lists' ? '[ListFilterInput]' : 'ActivityFilterInput';
    await real.session.send({
      id: 'otherTenant',
      as: 'limited',
      document: `query Other($id: ID!, $filter: ${filterType}) { byId: ${field}(id: $id) { id } named: ${filter} { totalModels } }`,
      variables: {
        id: ref(h.capture),
        filter: this.kind === 'lists' ? LIST_FILTER(h.name) : { subject: h.name },
      },
      expect: [
        { path: 'data.byId', equals: null, basis: [INVARIANT_BASIS.isolation] },
        { path: 'data.named.totalModels', equals: 0, basis: [INVARIANT_BASIS.isolation] },
      ],
    });
  }
  toString = (): string => `isolation ${this.kind}[${this.index}]`;
}

const VALUE_RULES: ValueRules = { references: ['folderTypeId', 'typeId'], formatted: ['activityDate'] };

function validationNames(body: unknown, root: string): string[] {
  const list = getAt(body, ['data', root, 'validationErrors']);
  return Array.isArray(list)
    ? list.flatMap((v) =>
        typeof (v as { propertyName?: unknown })?.propertyName === 'string'
          ? [(v as { propertyName: string }).propertyName]
          : [],
      )
    : [];
}

/** What a conforming answer to an invalid input looks like, given how the target answered. */
export function decideInvalid(
  kind: InvalidKind,
  root: string,
  accepted: (body: unknown) => boolean,
): (body: unknown) => Expectation[] {
  return (body: unknown): Expectation[] => {
    const basis = [INVARIANT_BASIS.invalidInput];
    const errors = (body as { errors?: unknown[] } | null)?.errors;
    if (kind === 'graphql' || (Array.isArray(errors) && errors.length > 0)) return [{ error: {}, basis }];
    const names = validationNames(body, root);
    if (names.length > 0) return [{ validationErrors: names, basis }];
    if (kind === 'either' && accepted(body)) return [];
    if (getAt(body, ['data', root, 'success']) === false)
      return [{ path: `data.${root}.success`, equals: false, basis }];
    // Accepted although the spec refuses it: the expectation a conforming target meets fails here.
    return [{ path: `data.${root}`, equals: null, basis }];
  };
}

/**
 * An invalid variant of an add mutation's valid arguments; the answer must refuse it as its kind
 * demands, and nothing may be written (the name is not found, the total is unchanged) unless an
 * `either` value was accepted, in which case the entity is there and is cleaned up like any other.
 */
class Invalid implements Cmd {
  constructor(
    readonly op: 'addWorkingList' | 'addActivity',
    readonly variant: { kind: InvalidKind; description: string; args: Record<string, unknown> },
    readonly name: string,
  ) {}
  check = (m: FuzzModel): boolean => m.contacts.length > 0;
  async run(m: FuzzModel, real: FuzzReal): Promise<void> {
    const isList = this.op === 'addWorkingList';
    const before = isList ? await listTotal(real) : await activityTotal(real);
    const capture = real.session.captureName(isList ? 'list' : 'activity');
    const name = `${real.prefix}#${real.session.options.uuid().slice(0, 8)}# ${this.name}.`;
    const args = JSON.parse(JSON.stringify(this.variant.args).replaceAll('__NAME__', name)) as Record<
      string,
      unknown
    >;
    const document = isList
      ? 'mutation AddList($input: AddListInput!) { addWorkingList(input: $input) { success errorText item { id name } } }'
      : 'mutation AddActivity($input: AddActivityInput!) { addActivity(input: $input) { id subject } }';
    const accepted = (body: unknown): boolean =>
      isList
        ? getAt(body, ['data', this.op, 'success']) === true
        : typeof getAt(body, ['data', this.op, 'id']) === 'string';
    const body = await real.session.sendDeciding(
      {
        id: 'invalid',
        title: `invalid input: ${this.variant.description}`,
        document,
        variables: args,
        capture: { [capture]: isList ? `data.${this.op}.item.id` : `data.${this.op}.id` },
      },
      decideInvalid(this.variant.kind, this.op, accepted),
    );
    const written = accepted(body);
    const h = { capture, name };
    if (written) (isList ? m.lists : m.activities).push(h);
    const { body: read } = await real.session.send({
      id: 'readBack',
      document: isList
        ? 'query ReadBack($filter: [ListFilterInput]) { named: lists(filter: $filter) { totalModels } all: lists(limit: 1) { totalModels } }'
        : 'query ReadBack($filter: ActivityFilterInput) { named: activities(filter: $filter) { totalModels } all: activities(limit: 1) { totalModels } }',
      variables: { filter: isList ? LIST_FILTER(name) : { subject: name } },
      expect: JSON.stringify(args).includes(name)
        ? [{ path: 'data.named.totalModels', equals: written ? 1 : 0, basis: [INVARIANT_BASIS.invalidInput] }]
        : [],
    });
    const total = shifted(before, written ? 1 : 0);
    real.session.expect(
      read,
      INVARIANT_BASIS.invalidInput,
      { path: 'data.all.totalModels', equals: total.value },
      total.relation,
    );
  }
  toString = (): string => `invalid ${this.op}: ${this.variant.description}`;
}

// ---------------------------------------------------------------- arbitraries from the contract

/** Root queries whose arguments are all optional: readable without knowing any id. */
function openRootFields(schema: GraphQLSchema): GraphQLField<unknown, unknown>[] {
  return Object.values(schema.getQueryType()?.getFields() ?? {}).filter((f) =>
    f.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined),
  );
}

/** Paged root queries (`skip`, `limit`, `totalModels`, `models`) and how to identify one of their items. */
function pagedFields(schema: GraphQLSchema): { field: string; item: string }[] {
  return openRootFields(schema).flatMap((f) => {
    const names = f.args.map((a) => a.name);
    const type = getNullableType(f.type);
    if (!names.includes('skip') || !names.includes('limit') || !isObjectType(type)) return [];
    const models = type.getFields().models;
    if (!type.getFields().totalModels || !models) return [];
    const item = getNamedType(models.type);
    if (!isObjectType(item) && !isInterfaceType(item)) return [];
    const fields = item.getFields();
    const leaves = Object.values(fields).filter(
      (x) => isLeafType(getNamedType(x.type)) && x.args.length === 0,
    );
    const ident = fields.id ? ['id'] : leaves.map((x) => x.name);
    return ident.length > 0 ? [{ field: f.name, item: `{ ${ident.join(' ')} }` }] : [];
  });
}

/** A paged root query with a sort argument whose field is an enum, and the item fields its values sort by. */
interface SortablePage {
  field: string;
  argument: 'sort' | 'sorts';
  /** Whether the argument takes a list of sort entries. */
  list: boolean;
  /** Each enum value of the sort's field with the item field of the same name (case-insensitive). */
  keys: { value: string; item: string }[];
  /** The item's `id`, selected beside the sorted field where the item has one. */
  ident: string[];
}

function sortablePages(schema: GraphQLSchema): SortablePage[] {
  const paged = new Set(pagedFields(schema).map((p) => p.field));
  return openRootFields(schema).flatMap((f): SortablePage[] => {
    if (!paged.has(f.name)) return [];
    const arg = f.args.find((a) => a.name === 'sort' || a.name === 'sorts');
    const input = arg && getNamedType(arg.type);
    const sortField = input && isInputObjectType(input) ? input.getFields().field : undefined;
    const values = sortField && getNamedType(sortField.type);
    const type = getNullableType(f.type);
    const models = isObjectType(type) ? type.getFields().models : undefined;
    const item = models && getNamedType(models.type);
    if (!arg || !values || !isEnumType(values) || !item || !(isObjectType(item) || isInterfaceType(item)))
      return [];
    const itemFields = Object.values(item.getFields()).filter((x) => isLeafType(getNamedType(x.type)));
    const keys = values.getValues().flatMap((v) => {
      const match = itemFields.find((x) => x.name.toLowerCase() === v.name.toLowerCase());
      return match ? [{ value: v.name, item: match.name }] : [];
    });
    if (keys.length === 0) return [];
    return [
      {
        field: f.name,
        argument: arg.name as 'sort' | 'sorts',
        list: isListType(getNullableType(arg.type)),
        keys,
        ident: item.getFields().id ? ['id'] : [],
      },
    ];
  });
}

/**
 * Arbitraries of every command, for one revision's contract; writes only when `mutations`, the
 * contract-derived `entities` among them, and reads in other regions when the target reaches them.
 */
export function commandArbitraries(
  schema: GraphQLSchema,
  mutations: boolean,
  entities: readonly EntityLinks[] = [],
  regions = false,
): fc.Arbitrary<Cmd>[] {
  const roots = openRootFields(schema);
  const readRoot = fc.gen().chain((g) => {
    const field = roots[g(fc.nat, { max: roots.length - 1 })];
    if (!field) return fc.constant(new ReadRoot('__typename', { text: '', absent: [] }, []));
    const selection = generateSelection(g, schema, field.type);
    const args = field.args
      .filter((a) => (a.name === 'limit' || a.name === 'skip') && g(fc.boolean))
      .map((a) => ({
        name: a.name,
        value: g(fc.integer, { min: 0, max: a.name === 'limit' ? 5 : 3 }),
        asVariable: g(fc.boolean),
      }));
    // Root lists without a limit argument (countries, currencies) are small; paged ones get a limit.
    if (field.args.some((a) => a.name === 'limit') && !args.some((a) => a.name === 'limit'))
      args.push({ name: 'limit', value: 3, asVariable: false });
    return fc.constant(new ReadRoot(field.name, selection, args));
  });
  const paged = pagedFields(schema);
  const sortable = sortablePages(schema);
  const arbs: fc.Arbitrary<Cmd>[] = [
    readRoot,
    fc
      .record({
        which: fc.nat({ max: Math.max(0, paged.length - 1) }),
        size: fc.integer({ min: 1, max: 4 }),
        pages: fc.integer({ min: 2, max: 4 }),
      })
      .map(({ which, size, pages }) => {
        const p = paged[which] ?? { field: 'lists', item: '{ id }' };
        return new Paging(p.field, p.item, size, pages);
      }),
    ...(paged.length > 0
      ? [fc.nat({ max: paged.length - 1 }).map((i) => new DefaultPage(paged[i]!.field, paged[i]!.item))]
      : []),
    ...(sortable.length > 0
      ? [
          fc
            .record({
              page: fc.constantFrom(...sortable),
              which: fc.nat({ max: 9 }),
              direction: fc.constantFrom('Ascending' as const, 'Descending' as const, undefined),
              skip: fc.integer({ min: 0, max: 3 }),
              limit: fc.integer({ min: 2, max: 8 }),
            })
            .map((r) => new SortedRead(r.page, r.which, r.direction, r.skip, r.limit)),
        ]
      : []),
  ];
  if (!mutations) return arbs;
  const byId = (kind: 'lists' | 'activities', type: string) =>
    fc.gen().map((g) => {
      const t = schema.getType(type);
      const selection =
        t && isObjectType(t) ? generateSelection(g, schema, t) : { text: '{ id }', absent: [] };
      return new ReadById(kind, g(fc.nat, { max: 20 }), selection);
    });
  const index = fc.nat({ max: 20 });
  const invalid = fc.gen().map((g) => {
    const isList = g(fc.boolean);
    const op = isList ? 'addWorkingList' : 'addActivity';
    const field = schema.getMutationType()?.getFields()[op];
    const valid = isList
      ? { input: { name: '__NAME__', folderTypeId: ref('workingFolderType') } }
      : { input: { typeId: ref('activityType'), activityDate: '2026-03-04 05:06:07', subject: '__NAME__' } };
    const variant = (field && invalidVariant(g, field, valid, VALUE_RULES)) ?? {
      kind: 'graphql' as const,
      description: 'input: null',
      args: { input: null },
    };
    return new Invalid(
      op,
      variant,
      g(() => nameTail),
    );
  });
  arbs.push(
    fc.tuple(nameTail).map(([t]) => new AddList(t)),
    fc.tuple(index, nameTail).map(([i, t]) => new EditList(i, t)),
    index.map((i) => new RemoveList(i)),
    fc.tuple(index, index).map(([i, c]) => new AddMember(i, c)),
    index.map((i) => new RemoveMember(i)),
    fc.tuple(nameTail, activityDate, index).map(([t, d, c]) => new AddActivity(t, d, c)),
    fc.tuple(index, nameTail).map(([i, t]) => new UpdateActivity(i, t)),
    index.map((i) => new RemoveActivity(i)),
    byId('lists', 'List'),
    byId('activities', 'Activity'),
    fc
      .tuple(fc.constantFrom('lists' as const, 'activities' as const), index)
      .map(([k, i]) => new Isolation(k, i)),
    invalid,
    ...entityArbitraries(schema, entities),
    ...(regions ? [regionArbitrary(entities)] : []),
  );
  return arbs;
}

/** The setup step of every sequence: the ids of things the writes need, read from the target. */
export const FIXTURES_STEP: Step = {
  id: 'fixtures',
  phase: 'setup',
  document:
    'query Fixtures { folderTypes(listClass: [workingLists]) { models { id } } activityTypes { models { id } } searchFirmContacts(limit: 3) { models { id } } companies: searchFirmContacts(limit: 2, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } people: searchFirmContacts(limit: 2, filter: [{ field: contactEntity, value: "Person" }]) { models { id } } }',
  capture: {
    workingFolderType: 'data.folderTypes.models[0].id',
    activityType: 'data.activityTypes.models[0].id',
    contact1: 'data.searchFirmContacts.models[0].id',
    contact2: 'data.searchFirmContacts.models[1].id',
    contact3: 'data.searchFirmContacts.models[2].id',
    company1: 'data.companies.models[0].id',
    company2: 'data.companies.models[1].id',
    person1: 'data.people.models[0].id',
    person2: 'data.people.models[1].id',
  },
};

/** Removes what the sequence created and left, as teardown steps; failures here are not findings. */
export async function cleanUp(m: FuzzModel, real: FuzzReal): Promise<void> {
  for (const h of m.activities) {
    await real.session
      .send({
        id: 'cleanActivity',
        phase: 'teardown',
        document: 'mutation Remove($id: ID!) { removeActivity(id: $id) { isSuccessful } }',
        variables: { id: ref(h.capture) },
      })
      .catch(() => undefined);
  }
  for (const h of m.lists) {
    await real.session
      .send({
        id: 'cleanList',
        phase: 'teardown',
        document: 'mutation Remove($id: ID!) { removeWorkingList(listId: $id) }',
        variables: { id: ref(h.capture) },
      })
      .catch(() => undefined);
  }
}
