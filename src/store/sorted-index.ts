import { StoreError } from './errors.js';
import { keysOf, type IndexLike, type Slot } from './indexes.js';
import type { Entity, EntityOrder, IndexKeyFn, SortKeyFn, SortedEntities } from './types.js';

/** A slot with its sort value, read once when it is added. */
interface Entry {
  readonly slot: Slot;
  readonly value: string;
}

/**
 * Order of entries: by `compare` of the entities when given, else by sort value as text (code units);
 * then by insertion ordinal, so the order is total.
 */
function comparing(compare: EntityOrder | undefined): (a: Entry, b: Entry) => number {
  if (compare) return (a, b) => compare(a.slot.e, b.slot.e) || a.slot.ord - b.slot.ord;
  return (a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : a.slot.ord - b.slot.ord);
}

/**
 * The first position in `entries` whose sort value is at least `value` (`after`: greater than `value`).
 * A binary search: the entries are kept sorted.
 */
function boundOf(entries: readonly Entry[], value: string, after: boolean): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = entries[mid]!.value;
    if (v < value || (after && v === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A read-only view of one bucket; positions are valid until the next write to the collection. */
class BucketView implements SortedEntities {
  constructor(private readonly entries: readonly Entry[]) {}

  get length(): number {
    return this.entries.length;
  }

  at(i: number): Entity {
    const entry = this.entries[i];
    if (!entry) throw new StoreError(`sorted index position ${i} is out of range (0..${this.length - 1})`);
    return entry.slot.e;
  }

  valueAt(i: number): string {
    return this.entries[i]!.value;
  }

  bound(value: string, after = false): number {
    return boundOf(this.entries, value, after);
  }
}

const EMPTY_VIEW = new BucketView([]);

/** `entities` (in insertion order) as a sorted view, for a reader without a kept index. */
export function sortedView(
  entities: readonly Entity[],
  sortFn: SortKeyFn,
  compare?: EntityOrder,
): SortedEntities {
  const entries = entities.map((e, ord) => ({ slot: { e, ord }, value: sortFn(e) }));
  entries.sort(comparing(compare));
  return new BucketView(entries);
}

/**
 * A secondary index whose buckets are kept sorted by a text value of the entity (then by insertion), so
 * a range of values is found by binary search instead of a scan and a sort: a poll of the events since
 * a date costs O(log n + answer). Entities are mostly added in order (events are recorded with
 * increasing dates), which appends; one added out of order, or removed, costs a move of the bucket's
 * tail. Built on first use and maintained on every write afterwards, like `Index`.
 */
export class SortedIndex implements IndexLike {
  private buckets = new Map<string, Entry[]>();
  built = false;
  private readonly order: (a: Entry, b: Entry) => number;

  /** With `compare`, entities are kept in its order (then insertion); `bound` then still reads `sortFn`'s values. */
  constructor(
    readonly name: string,
    readonly collection: string,
    private readonly keyFn: IndexKeyFn,
    private readonly sortFn: SortKeyFn,
    compare?: EntityOrder,
  ) {
    this.order = comparing(compare);
  }

  keysOf(entity: Entity): readonly string[] {
    return keysOf(this.name, this.keyFn, entity);
  }

  private valueOf(entity: Entity): string {
    const value: unknown = this.sortFn(entity);
    if (typeof value !== 'string') {
      throw new StoreError(`index "${this.name}": sort function returned ${typeof value}; expected a string`);
    }
    return value;
  }

  add(slot: Slot, keys: readonly string[]): void {
    if (keys.length === 0) return;
    const entry: Entry = { slot, value: this.valueOf(slot.e) };
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (bucket === undefined) {
        this.buckets.set(key, [entry]);
        continue;
      }
      const last = bucket[bucket.length - 1]!;
      if (last.slot === slot) continue;
      if (this.order(last, entry) < 0) {
        bucket.push(entry);
        continue;
      }
      const at = this.position(bucket, entry);
      if (bucket[at]?.slot !== slot) bucket.splice(at, 0, entry);
    }
  }

  remove(slot: Slot, keys: readonly string[]): void {
    if (keys.length === 0) return;
    const entry: Entry = { slot, value: this.valueOf(slot.e) };
    for (const key of keys) {
      const bucket = this.buckets.get(key);
      if (bucket === undefined) continue;
      const at = this.position(bucket, entry);
      if (bucket[at]?.slot !== slot) continue;
      // The oldest entries are the ones retired first: shift() is the cheap way to drop the head.
      if (at === 0) bucket.shift();
      else bucket.splice(at, 1);
      if (bucket.length === 0) this.buckets.delete(key);
    }
  }

  /** Where `entry` is or would go. */
  private position(bucket: readonly Entry[], entry: Entry): number {
    let lo = 0;
    let hi = bucket.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.order(bucket[mid]!, entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Slots under `key` in sort order (not insertion order: `StoreState.lookup` sorts them back). */
  slots(key: string): Iterable<Slot> {
    return (this.buckets.get(key) ?? []).map((entry) => entry.slot);
  }

  /** The bucket of `key` as a sorted, read-only view. */
  view(key: string): SortedEntities {
    const bucket = this.buckets.get(key);
    return bucket ? new BucketView(bucket) : EMPTY_VIEW;
  }

  keys(): IterableIterator<string> {
    return this.buckets.keys();
  }

  /** Computes sorted buckets for `slots` without touching the live ones. */
  build(slots: Iterable<Slot>): Map<string, Entry[]> {
    const buckets = new Map<string, Entry[]>();
    let sorted = true;
    for (const slot of slots) {
      const keys = this.keysOf(slot.e);
      if (keys.length === 0) continue;
      const entry: Entry = { slot, value: this.valueOf(slot.e) };
      for (const key of keys) {
        const bucket = buckets.get(key);
        if (bucket === undefined) buckets.set(key, [entry]);
        else {
          if (sorted && this.order(bucket[bucket.length - 1]!, entry) > 0) sorted = false;
          bucket.push(entry);
        }
      }
    }
    if (!sorted) for (const bucket of buckets.values()) bucket.sort(this.order);
    return buckets;
  }

  load(slots: Iterable<Slot>): void {
    this.install(this.build(slots));
  }

  install(buckets: Map<string, Entry[]>): void {
    this.buckets = buckets;
    this.built = true;
  }

  drop(): void {
    this.buckets = new Map();
    this.built = false;
  }
}
