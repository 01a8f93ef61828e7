import type { TypedHolder } from './typed-holders.js';

/**
 * What one answer says of who the API user is, without any read naming the user: an opportunity answered
 * `isCurrentUserInvolved` true says the user is its lead, a principal or its creator, false that
 * the user is none of them; a list read through a contact answered `userIsSponsor` true says the user is
 * one of that membership's sponsors, false that the user is none of them.
 */
export interface UserFact {
  /** Each flag is held apart: the two may name the user by ids of different spaces. */
  family: 'involved' | 'sponsor';
  /** `in`: the user is one of `ids`; `out`: the user is none of them. */
  role: 'in' | 'out';
  ids: readonly string[];
  path: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The ids of a list of objects' `field`, or undefined when one of them did not answer it. */
function idsOf(list: unknown, field: string): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const ids = list.map((item) => text((item as Record<string, unknown> | null)?.[field]));
  return ids.every((id): id is string => id !== undefined) ? ids : undefined;
}

function involvement(holder: TypedHolder): UserFact | undefined {
  if (!holder.types.has('Opportunity')) return undefined;
  const flag = holder.fields.get('isCurrentUserInvolved');
  if (typeof flag !== 'boolean') return undefined;
  const people: (string[] | undefined)[] = [];
  if (holder.fields.has('creatorId')) {
    const creator = text(holder.fields.get('creatorId'));
    people.push(
      creator === undefined ? (holder.fields.get('creatorId') === null ? [] : undefined) : [creator],
    );
  } else people.push(undefined);
  if (holder.fields.has('lead')) {
    const lead = holder.fields.get('lead');
    people.push(lead === null ? [] : idsOf([lead], 'id'));
  } else people.push(undefined);
  if (holder.fields.has('associatedPrincipals')) {
    const principals = holder.fields.get('associatedPrincipals');
    people.push(principals === null ? [] : idsOf(principals, 'leadId'));
  } else people.push(undefined);
  const path = `${holder.path}.isCurrentUserInvolved`;
  // The user is among these people only when all three were asked and answered: a part of them would
  // leave the user out. Every one answered is someone the user is not, when the flag is false.
  if (flag) {
    if (people.some((p) => p === undefined)) return undefined;
    // A hidden opportunity nulls its people: the user is not involved, so it cannot be true there.
    return { family: 'involved', role: 'in', ids: people.flatMap((p) => p ?? []), path };
  }
  return { family: 'involved', role: 'out', ids: people.flatMap((p) => p ?? []), path };
}

function sponsorship(holder: TypedHolder): UserFact | undefined {
  if (!holder.types.has('List')) return undefined;
  // A list read through a contact sits in the page of the contact's `lists` (`….lists.models[i]`).
  const page = holder.parent?.field === 'models' ? holder.parent.holder.parent : undefined;
  const through = page?.field === 'lists' ? page.holder.types : undefined;
  if (!through || !['Contact', 'Person', 'Company'].some((t) => through.has(t))) return undefined;
  const flag = holder.fields.get('userIsSponsor');
  const ids = idsOf(holder.fields.get('sponsors'), 'id');
  if (typeof flag !== 'boolean' || ids === undefined) return undefined;
  return { family: 'sponsor', role: flag ? 'in' : 'out', ids, path: `${holder.path}.userIsSponsor` };
}

/** What the answer's objects say of who the API user is. */
export function apiUserFacts(holders: readonly TypedHolder[]): UserFact[] {
  return holders.flatMap((h) => [involvement(h), sponsorship(h)].filter((f): f is UserFact => !!f));
}

/** A fact as the tally keeps it: where it was seen is the caller's (`T`). */
interface Sighting<T> {
  at: T;
  fact: UserFact;
}

/** Facts kept per asker and flag: the first `in` ones are named; every `out` id is kept up to a bound. */
const MAX_IN = 200;
const MAX_OUT = 50_000;

/**
 * Holds what a run's answers say of the API user, per asker (the user is one per token and endpoint) and
 * per flag: some one id must be named by every `in` fact and by no `out` fact. The user does not change
 * with writes, so facts of every state of the run are held together.
 */
export class ApiUserTally<T> {
  private readonly tallies = new Map<string, { ins: Sighting<T>[]; outs: Map<string, Sighting<T>> }>();

  add(asker: string, at: T, fact: UserFact): void {
    const key = `${asker} ${fact.family}`;
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = { ins: [], outs: new Map() };
      this.tallies.set(key, tally);
    }
    if (fact.role === 'in') {
      if (tally.ins.length < MAX_IN) tally.ins.push({ at, fact });
      return;
    }
    for (const id of fact.ids)
      if (tally.outs.size < MAX_OUT && !tally.outs.has(id)) tally.outs.set(id, { at, fact });
  }

  /**
   * The `in` facts no one user can meet together with the others: for each asker and flag, the first
   * fact (in the order seen) after which no id is left, with the facts that ruled out the ids it named.
   */
  contradictions(): { at: T; fact: UserFact; ruledOutBy: Sighting<T>[]; earlier: Sighting<T>[] }[] {
    const found: { at: T; fact: UserFact; ruledOutBy: Sighting<T>[]; earlier: Sighting<T>[] }[] = [];
    for (const { ins, outs } of this.tallies.values()) {
      let left: Set<string> | undefined;
      for (const [i, sighting] of ins.entries()) {
        const named = new Set(sighting.fact.ids);
        left = left === undefined ? named : new Set([...left].filter((id) => named.has(id)));
        for (const id of left) if (outs.has(id)) left.delete(id);
        if (left.size > 0) continue;
        const ruledOutBy = sighting.fact.ids.flatMap((id) => (outs.has(id) ? [outs.get(id)!] : []));
        found.push({ at: sighting.at, fact: sighting.fact, ruledOutBy, earlier: ins.slice(0, i) });
        break;
      }
    }
    return found;
  }
}
