import type { TypedHolder } from './typed-holders.js';

/**
 * What one answer says of which contacts are in which lists, from either side: a list's
 * `contacts` page names members, a contact's `lists` page names the lists it is in, its
 * `notIncludedInTheLists` lists it is not in; a page that holds all its items (as many as `totalModels`,
 * asked without a filter) also says that what it leaves out is not in it. A root `lists` page names lists
 * the user sees in every view (archived ones are hidden from `lists` and `Contact.lists` alike, A-66).
 */
export interface MembershipFact {
  /**
   * `list`: contacts in lists; `activity`: contacts linked to activities, read as an activity's
   * `linkedActivityContacts` (every link, A-05) and a contact's `activities` page (the activities linked
   * to it); `initiative`: initiatives under objectives, read as an objective's `initiatives` page and
   * an initiative's `objective`; `field`: a list's additional field definitions, read as the list's
   * `additionalFieldDefinitions` page and as a value's `listId` and `fieldId`. The sides keep
   * the list's names: an activity, an objective or a list is the "list", a contact, an initiative or a
   * field definition the "contact". A field value also says its contact is in its list (a member's values
   * go with the membership, A-70). `contactType`: the tenant's `contactTypes` look-up (the "list", named
   * `contactTypes`) holds every type its contacts have.
   */
  relation: 'list' | 'activity' | 'initiative' | 'field' | 'contactType';
  kind: 'members' | 'lists' | 'not-in' | 'visible';
  /** The list (`members`), the contact (`lists`, `not-in`); unused for `visible`. */
  of: string;
  ids: readonly string[];
  /** The page holds every item of the field: what it leaves out is not in it. */
  complete: boolean;
  /** The ids are not claimed to be in it (only what is left out counts): a removed initiative names its objective but leaves its page. */
  claims?: false;
  path: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The ids of a page's items and whether the page holds all of them; undefined when not read whole. */
function page(holder: TypedHolder, field: string): { ids: string[]; complete: boolean } | undefined {
  const value = holder.fields.get(field) as { models?: unknown; totalModels?: unknown } | null | undefined;
  if (!value || !Array.isArray(value.models)) return undefined;
  const ids = value.models.map((m) => text((m as { id?: unknown } | null)?.id));
  if (!ids.every((id): id is string => id !== undefined)) return undefined;
  const complete =
    !holder.narrowed.has(field) && typeof value.totalModels === 'number' && value.totalModels === ids.length;
  return { ids, complete };
}

const isContact = (h: TypedHolder): boolean => ['Contact', 'Person', 'Company'].some((t) => h.types.has(t));

/** The ids of a plain list of objects, when every one answered its id. */
function idsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ids = value.map((m) => text((m as { id?: unknown } | null)?.id));
  return ids.every((id): id is string => id !== undefined) ? ids : undefined;
}

/** The name the tenant's contact type look-up goes by as the "list" of the `contactType` relation. */
const LOOK_UP = 'contactTypes';

/** What the answer's objects say of list memberships and of the contacts linked to activities. */
export function membershipFacts(holders: readonly TypedHolder[]): MembershipFact[] {
  const out: MembershipFact[] = [];
  for (const holder of holders) {
    if (holder.types.has('AdditionalFieldValue')) {
      const listId = text(holder.fields.get('listId'));
      const fieldId = text(holder.fields.get('fieldId'));
      const contactId = text(holder.fields.get('contactId'));
      const at = `${holder.path}.listId`;
      if (listId !== undefined && fieldId !== undefined)
        out.push({ relation: 'field', kind: 'lists', of: fieldId, ids: [listId], complete: true, path: at });
      if (listId !== undefined && contactId !== undefined)
        out.push({
          relation: 'list',
          kind: 'members',
          of: listId,
          ids: [contactId],
          complete: false,
          path: at,
        });
    }
    if (holder.parent === undefined && holder.types.has('Query')) {
      const types = page(holder, 'contactTypes');
      if (types)
        out.push({
          relation: 'contactType',
          kind: 'members',
          of: LOOK_UP,
          ...types,
          path: 'data.contactTypes',
        });
    }
    if (isContact(holder)) {
      const types = idsOf(holder.fields.get('contactTypes'));
      for (const typeId of types ?? [])
        out.push({
          relation: 'contactType',
          kind: 'lists',
          of: typeId,
          ids: [LOOK_UP],
          complete: false,
          path: `${holder.path}.contactTypes`,
        });
    }
    const id = text(holder.fields.get('id'));
    if (id === undefined) continue;
    const say = (
      relation: MembershipFact['relation'],
      kind: MembershipFact['kind'],
      seen: { ids: string[]; complete: boolean } | undefined,
      field?: string,
    ): void => {
      if (!seen) return;
      const of = kind === 'visible' ? '' : id;
      out.push({ relation, kind, of, ...seen, path: field ? `${holder.path}.${field}` : holder.path });
    };
    if (holder.types.has('List')) {
      const pageOf = holder.parent?.field === 'models' ? holder.parent.holder.parent : undefined;
      if (pageOf?.field === 'lists' && pageOf.holder.parent === undefined)
        say('list', 'visible', { ids: [id], complete: false });
      say('list', 'members', page(holder, 'contacts'), 'contacts');
      say('field', 'visible', { ids: [id], complete: false });
      say('field', 'members', page(holder, 'additionalFieldDefinitions'), 'additionalFieldDefinitions');
    }
    if (holder.types.has('Activity')) {
      // Every activity read is one the user sees; its links, asked without a kind, are all of them.
      say('activity', 'visible', { ids: [id], complete: false });
      const linked = holder.narrowed.has('linkedActivityContacts')
        ? undefined
        : idsOf(holder.fields.get('linkedActivityContacts'));
      say('activity', 'members', linked && { ids: linked, complete: true }, 'linkedActivityContacts');
    }
    if (holder.types.has('Objective')) {
      say('initiative', 'visible', { ids: [id], complete: false });
      say('initiative', 'members', page(holder, 'initiatives'), 'initiatives');
    }
    if (holder.types.has('Initiative') && holder.fields.has('objective')) {
      const objective = holder.fields.get('objective');
      const objectiveId = objective === null ? null : text((objective as { id?: unknown }).id);
      if (objectiveId !== undefined) {
        const ids = objectiveId === null ? [] : [objectiveId];
        const live = holder.fields.get('isDeleted') === false;
        out.push({
          relation: 'initiative',
          kind: 'lists',
          of: id,
          ids,
          complete: true,
          ...(live ? {} : { claims: false as const }),
          path: `${holder.path}.objective`,
        });
      }
    }
    if (isContact(holder)) {
      say('list', 'lists', page(holder, 'lists'), 'lists');
      const notIn = page(holder, 'notIncludedInTheLists');
      say('list', 'not-in', notIn && { ids: notIn.ids, complete: false }, 'notIncludedInTheLists');
      say('activity', 'lists', page(holder, 'activities'), 'activities');
    }
  }
  return out;
}

/** A membership one view answers, and where. */
export interface Claim<T> {
  at: T;
  path: string;
}

/** Two views of one state that disagree on whether `contactId` is in `listId`. */
export interface MembershipContradiction<T> {
  relation: MembershipFact['relation'];
  listId: string;
  contactId: string;
  /** The view that says the contact is in the list. */
  inIt: Claim<T>;
  /** The view that says it is not, and the difference goes to. */
  notInIt: Claim<T> & { how: 'not-included' | 'left-out-of-members' | 'left-out-of-lists' };
}

const MAX_PAIRS = 50_000;

/**
 * Holds the membership facts of one state of a run (answers with no write between) and finds the pairs
 * on which two views disagree: a member by one view that another leaves out of a page holding all its
 * items, or lists among those the contact is not in.
 */
export class MembershipTally<T> {
  private readonly claims = new Map<string, Claim<T>>();
  private readonly notIncluded = new Map<string, Claim<T>>();
  private readonly completeMembers = new Map<string, Claim<T> & { ids: Set<string> }>();
  private readonly completeLists = new Map<string, Claim<T> & { ids: Set<string> }>();
  private readonly visible = new Set<string>();
  private size = 0;

  constructor(private readonly relation: MembershipFact['relation']) {}

  add(at: T, fact: MembershipFact): void {
    if (this.size >= MAX_PAIRS) return;
    this.size += fact.ids.length;
    if (fact.kind === 'visible') {
      for (const id of fact.ids) this.visible.add(id);
      return;
    }
    if (fact.kind === 'not-in') {
      for (const list of fact.ids) {
        const key = `${list} ${fact.of}`;
        if (!this.notIncluded.has(key)) this.notIncluded.set(key, { at, path: fact.path });
      }
      return;
    }
    for (const other of fact.claims === false ? [] : fact.ids) {
      const key = fact.kind === 'members' ? `${fact.of} ${other}` : `${other} ${fact.of}`;
      if (!this.claims.has(key)) this.claims.set(key, { at, path: fact.path });
    }
    if (!fact.complete) return;
    const whole = fact.kind === 'members' ? this.completeMembers : this.completeLists;
    if (!whole.has(fact.of)) whole.set(fact.of, { at, path: fact.path, ids: new Set(fact.ids) });
  }

  contradictions(): MembershipContradiction<T>[] {
    const found: MembershipContradiction<T>[] = [];
    for (const [key, inIt] of this.claims) {
      const [listId, contactId] = key.split(' ') as [string, string];
      const notIncluded = this.notIncluded.get(key);
      const members = this.completeMembers.get(listId);
      const lists = this.completeLists.get(contactId);
      const notInIt = notIncluded
        ? { ...notIncluded, how: 'not-included' as const }
        : members && !members.ids.has(contactId)
          ? { ...members, how: 'left-out-of-members' as const }
          : // Only a list a lists page showed: an archived list keeps its members but leaves Contact.lists.
            lists && !lists.ids.has(listId) && this.visible.has(listId)
            ? { ...lists, how: 'left-out-of-lists' as const }
            : undefined;
      if (notInIt) found.push({ relation: this.relation, listId, contactId, inIt, notInIt });
    }
    return found;
  }
}

/** How each relation names its sides and its rule in a difference. */
const WORDS: Record<
  MembershipFact['relation'],
  { list: string; contact: string; members: string; lists: string; rule: string }
> = {
  list: {
    list: 'list',
    contact: 'contact',
    members: 'every member (as many as its totalModels) of',
    lists: 'every list (as many as its totalModels) of',
    rule: "answers the contact in the list: a list's members and a contact's lists are one membership read from either side",
  },
  activity: {
    list: 'activity',
    contact: 'contact',
    members: 'every contact linked to',
    lists: 'every activity (as many as its totalModels) of',
    rule: "answers the contact linked to the activity: an activity's linked contacts and a contact's activities are one link read from either side",
  },
  field: {
    list: 'list',
    contact: 'field',
    members: 'every additional field definition (as many as its totalModels) of',
    lists: 'the list of',
    rule: "answers the field as one of the list's: a list's field definitions and a field value's listId are one link read from either side",
  },
  contactType: {
    list: 'look-up',
    contact: 'contact type',
    members: 'every contact type (as many as its totalModels) of the',
    lists: 'the look-up of',
    rule: "answers the contact type on a contact: the tenant's contactTypes look-up holds every type its contacts have",
  },
  initiative: {
    list: 'objective',
    contact: 'initiative',
    members: 'every initiative (as many as its totalModels) of',
    lists: 'the objective of',
    rule: "answers the initiative under the objective: an objective's initiatives and an initiative's objective are one link read from either side",
  },
};

/** The expected and actual values and the message of a contradiction; `where` tells where `inIt` was seen. */
export function membershipDifference<T>(
  c: MembershipContradiction<T>,
  where: string,
): { expected: unknown; actual: unknown; message: string } {
  const w = WORDS[c.relation];
  const list = `${w.list} ${JSON.stringify(c.listId)}`;
  const contact = `${w.contact} ${JSON.stringify(c.contactId)}`;
  const saying =
    c.notInIt.how === 'not-included'
      ? `names ${list} among the lists ${contact} is not in`
      : c.notInIt.how === 'left-out-of-members'
        ? `holds ${w.members} ${list} but not ${contact}`
        : `holds ${w.lists} ${contact} but not ${list}`;
  const pair = (linked: boolean) => ({
    [`${w.list}Id`]: c.listId,
    [`${w.contact}Id`]: c.contactId,
    linked,
  });
  return {
    expected: pair(true),
    actual: pair(false),
    message: `${c.notInIt.path} ${saying}, while ${c.inIt.path} (${where}) ${w.rule}`,
  };
}
