/** Moves `heap[i]` up while it is larger than its parent (a max-heap under `compare`). */
function siftUp<T>(heap: T[], i: number, compare: (a: T, b: T) => number): void {
  const item = heap[i]!;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (compare(heap[parent]!, item) >= 0) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = item;
}

/** Moves `heap[i]` down while a child is larger (a max-heap under `compare`). */
function siftDown<T>(heap: T[], i: number, compare: (a: T, b: T) => number): void {
  const item = heap[i]!;
  const n = heap.length;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && compare(heap[child + 1]!, heap[child]!) > 0) child += 1;
    if (compare(heap[child]!, item) <= 0) break;
    heap[i] = heap[child]!;
    i = child;
  }
  heap[i] = item;
}

/**
 * The first `k` of `items` in `compare` order, sorted: for a total order exactly
 * `[...items].sort(compare).slice(0, k)`, but in O(n log k) comparisons, so a page of 20 out of
 * thousands of matches does not sort them all.
 */
export function firstSorted<T>(items: readonly T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (k >= items.length) return [...items].sort(compare);
  // A max-heap of the k smallest seen so far: its root is the one the next smaller item replaces.
  const heap: T[] = [];
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      siftUp(heap, heap.length - 1, compare);
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      siftDown(heap, 0, compare);
    }
  }
  return heap.sort(compare);
}
