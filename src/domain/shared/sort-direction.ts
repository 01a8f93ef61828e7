import { badUserInput } from './errors.js';
import type { Direction } from './paging.js';

const DIRECTIONS: ReadonlySet<string> = new Set<Direction>(['Ascending', 'Descending']);

/**
 * The direction of a generic `SortInput`, which is a String: the public client sends it as a string
 * literal. Anything but `Ascending` or `Descending` is malformed input (a GraphQL error, as for an unknown
 * sort field).
 */
export function sortDirection(value: string | null | undefined): Direction {
  if (value === null || value === undefined) return 'Ascending';
  if (!DIRECTIONS.has(value)) {
    throw badUserInput(`Unknown sort direction "${value}" (expected Ascending or Descending).`);
  }
  return value as Direction;
}
