/**
 * What the later held-out sets share to write their regressions: JSON and selection helpers, the hidden
 * keys a set adds to a request and strips from its answer, and a read of another query beside the
 * request. Each set keeps its own hidden prefix, so two sets' rewrites never read each other's keys.
 */
import { Kind, type FieldNode, type SelectionNode } from 'graphql';
import { dataOf, droppingEvents } from './holdout2.js';
import { sibling } from './holdout5.js';
import type { Answer, Forward, Handler, Incoming } from './proxy.js';

export type Json = Record<string, unknown>;

/** Whether a value is a JSON object (not a list, not null). */
export const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The field `name` of a selection set (looking into inline fragments), when it is selected. */
export function fieldIn(selections: readonly SelectionNode[], name: string): FieldNode | undefined {
  for (const s of selections) {
    if (s.kind === Kind.FIELD && s.name.value === name) return s;
    if (s.kind === Kind.INLINE_FRAGMENT) {
      const found = fieldIn(s.selectionSet.selections, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** Whether a field node's selection set asks for any of `names` (directly or in an inline fragment). */
export function asks(node: FieldNode, ...names: string[]): boolean {
  return names.some((name) => fieldIn(node.selectionSet?.selections ?? [], name) !== undefined);
}

/** The entries of a filter argument given as a list or as one input object. */
export function entries(filter: unknown): Json[] {
  const list = Array.isArray(filter) ? filter : filter === undefined || filter === null ? [] : [filter];
  return list.filter(isObject);
}

/** The answer helpers of a set whose hidden keys start with `prefix`. */
export function hiddenUnder(prefix: string): {
  stripHidden: (value: unknown) => unknown;
  withData: (answer: Answer, data: unknown) => Answer;
} {
  const stripHidden = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(stripHidden);
    if (!isObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !k.startsWith(prefix))
        .map(([k, v]) => [k, stripHidden(v)]),
    );
  };
  return {
    stripHidden,
    withData: (answer, data) => ({
      ...answer,
      json: { ...(answer.json as object), data: stripHidden(data) },
    }),
  };
}

/** Reads `query` as the request's tenant, region and revision: the `v` of its data. */
export async function read(
  request: Incoming,
  forward: Forward,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<unknown> {
  return dataOf(await forward(sibling(request, query, variables)))?.v;
}

/** The models of a page `read` answers. */
export async function readModels(
  request: Incoming,
  forward: Forward,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Json[]> {
  const page = await read(request, forward, query, variables);
  const models = isObject(page) ? page.models : undefined;
  return Array.isArray(models) ? models.filter(isObject) : [];
}

/**
 * Memory a regression keeps per mutant server (keyed by the server's forward function), so a second
 * server started with the same mutant begins with none.
 */
export function perServer<T>(init: () => T): (forward: Forward) => T {
  const all = new WeakMap<Forward, T>();
  return (forward) => {
    let value = all.get(forward);
    if (value === undefined) {
      value = init();
      all.set(forward, value);
    }
    return value;
  };
}

/** The event a write records, where {@link unrecordedWrite} looks for it. */
export interface WriteEvent {
  view: 'firmContactEventViews' | 'listEventViews';
  eventType: string;
  /** The view's filter by the record's id, and the event's field that names it. */
  idFilter: 'contactIds' | 'listIds';
  idField: 'contactId' | 'listId';
}

/**
 * A write that records no event of its own (a table without its audit trigger): for a request `idOf`
 * names a record for, the latest such event of the record is read before and after the write, and the
 * one the write recorded is left out of the view from then on (per mutant server). Other events of the
 * same type, recorded by other writes, stay.
 */
export function unrecordedWrite(event: WriteEvent, idOf: (request: Incoming) => string | undefined): Handler {
  const hiddenOf = perServer(() => new Set<string>());
  const { view, eventType, idFilter, idField } = event;
  const query = `query($i: [ID!]) { v: ${view}(filter: { ${idFilter}: $i, eventTypes: [${eventType}] }, sort: [{ field: eventDate, direction: Descending }], limit: 1) { models { eventDate } } }`;
  return async (request, forward) => {
    const hidden = hiddenOf(forward);
    const id = idOf(request);
    if (id !== undefined) {
      const latest = async (): Promise<unknown> =>
        (await readModels(request, forward, query, { i: [id] }))[0]?.eventDate;
      const before = await latest();
      const answer = await forward(request);
      const after = await latest();
      if (typeof after === 'string' && after !== before) hidden.add(`${id} ${after}`);
      return answer;
    }
    if (hidden.size === 0) return forward(request);
    return droppingEvents(
      view,
      `eventType eventDate ${idField}`,
      () => (e) => e.eventType === eventType && hidden.has(`${String(e[idField])} ${String(e.eventDate)}`),
    )(request, forward);
  };
}
