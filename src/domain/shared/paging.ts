import { badUserInput } from './errors.js';
import { firstSorted } from './select.js';

/** Most ids one look-up by a list of ids (`people(ids:)`) takes; pages are bounded by the server's limits. */
export const MAX_IDS_PER_LOOKUP = 1000;

/** Paging arguments after defaults: the schema fills `skip = 0` and `limit = 100` (§8). */
export interface PagingArgs {
  skip?: number | null;
  limit?: number | null;
}

/** A page as the paged result types carry it (§2.1). */
export interface Page<T> {
  skip: number;
  limit: number;
  totalModels: number;
  models: T[];
}

/**
 * Checks paging arguments: negative values are bad input. The largest page is enforced once for every
 * paged field by the server (src/simulator/limits.ts), so it stays configurable.
 */
export function checkPaging(args: PagingArgs, defaultLimit = 100): { skip: number; limit: number } {
  // An explicit null means "not given": the spec's defaults apply.
  const skip = args.skip ?? 0;
  const limit = args.limit ?? defaultLimit;
  if (skip < 0) throw badUserInput(`skip must not be negative (got ${skip}).`);
  if (limit < 0) throw badUserInput(`limit must not be negative (got ${limit}).`);
  return { skip, limit };
}

/** One page of `items` (already filtered and sorted), with `totalModels` of the whole match. */
export function page<T>(items: readonly T[], args: PagingArgs, defaultLimit = 100): Page<T> {
  const { skip, limit } = checkPaging(args, defaultLimit);
  return { skip, limit, totalModels: items.length, models: items.slice(skip, skip + limit) };
}

/** Direction of a sort key. */
export type Direction = 'Ascending' | 'Descending';

/** One sort key: how to read the value, and the direction. */
export interface SortKey<T> {
  value: (item: T) => string | number | boolean | null | undefined;
  direction?: Direction | null;
}

// One collator for every sort: building one per comparison made sorting 100k contacts take seconds.
const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Lower-cased code of an ASCII letter, or -1 for anything else (the `| 0x20` folds A-Z onto a-z only). */
function asciiLetter(code: number): number {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a ? lower : -1;
}

/**
 * The text order of every sort: case- and accent-insensitive (the collator at base strength), ties
 * broken by code units so the order is total. Texts starting with different ASCII letters are decided
 * by those letters without the collator: a collator compares the primary weights from the first
 * character on, and the first ones, a-z in alphabetical order, already differ. Most comparisons of
 * names end there, and the collator was the most costly part of a large search.
 */
export function compareText(a: string, b: string): number {
  const first = asciiLetter(a.charCodeAt(0));
  const other = asciiLetter(b.charCodeAt(0));
  if (first !== other && first !== -1 && other !== -1) return first - other;
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

function compareValues(a: unknown, b: unknown): number {
  // Absent values sort last in either direction, as most UIs show them.
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  return a < b ? -1 : 1;
}

/** Sorts a copy of `items` by the keys in order, ties broken by `id` so paging is stable. */
export function sortItems<T extends { id: string }>(items: readonly T[], keys: readonly SortKey<T>[]): T[] {
  return keyed(items, keys)
    .sort(byKeys(keys))
    .map((row) => row.item);
}

/**
 * One page of `items` in the order of `keys` (ties by id), with `totalModels` of them all: exactly
 * `page(sortItems(items, keys), args)`, but only the rows up to the page's end are put in order
 * (O(n log k)), so a page of 20 out of thousands does not sort them all.
 */
export function sortedPage<T extends { id: string }>(
  items: readonly T[],
  keys: readonly SortKey<T>[],
  args: PagingArgs,
  defaultLimit = 100,
): Page<T> {
  const { skip, limit } = checkPaging(args, defaultLimit);
  const first = firstSorted(keyed(items, keys), skip + limit, byKeys(keys));
  return { skip, limit, totalModels: items.length, models: first.slice(skip).map((row) => row.item) };
}

interface Keyed<T> {
  item: T;
  values: unknown[];
}

/** Each item with its sort values, read once per item rather than once per comparison. */
function keyed<T>(items: readonly T[], keys: readonly SortKey<T>[]): Keyed<T>[] {
  return items.map((item) => ({ item, values: keys.map((key) => key.value(item)) }));
}

/** The order of {@link keyed} rows: each key in its direction (absent values last either way), then ids. */
function byKeys<T extends { id: string }>(keys: readonly SortKey<T>[]) {
  return (x: Keyed<T>, y: Keyed<T>): number => {
    for (let i = 0; i < keys.length; i += 1) {
      const xv = x.values[i];
      const yv = y.values[i];
      const absent = xv === null || xv === undefined || yv === null || yv === undefined;
      const c = compareValues(xv, yv);
      if (c !== 0) return absent || keys[i]!.direction !== 'Descending' ? c : -c;
    }
    return x.item.id < y.item.id ? -1 : x.item.id > y.item.id ? 1 : 0;
  };
}

/** Case-insensitive substring match; an absent needle matches everything. */
export function containsText(
  haystack: string | null | undefined,
  needle: string | null | undefined,
): boolean {
  if (needle === null || needle === undefined || needle === '') return true;
  return (haystack ?? '').toLocaleLowerCase('en').includes(needle.toLocaleLowerCase('en'));
}
