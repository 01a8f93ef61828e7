import type { Entity, StoreReader } from '../../store/index.js';
import { badUserInput } from './errors.js';

/** The non-null ids of a filter list; an empty list constrains nothing, like an omitted one. */
export function idSet(
  ids: ReadonlyArray<string | null | undefined> | null | undefined,
): Set<string> | undefined {
  const set = new Set((ids ?? []).filter((id): id is string => typeof id === 'string'));
  return set.size > 0 ? set : undefined;
}

/**
 * The bounds of a filter's date range (null: unbounded); `path` names the range in the error a
 * reversed range is (`filter.date`).
 */
export function dateRange(
  range: { from?: string | null; to?: string | null } | null | undefined,
  path: string,
): { from: string | null; to: string | null } {
  const from = range?.from ?? null;
  const to = range?.to ?? null;
  if (from !== null && to !== null && from > to) {
    throw badUserInput(`${path}.from (${from}) must not be after ${path}.to (${to}).`);
  }
  return { from, to };
}

/** The entities a filter names by id, each once, in the order named: look-ups, not a scan. */
export function byIds<T extends Entity>(store: StoreReader, collection: string, ids: Iterable<string>): T[] {
  const found: T[] = [];
  for (const id of new Set(ids)) {
    const entity = store.get<T>(collection, id);
    if (entity) found.push(entity);
  }
  return found;
}
