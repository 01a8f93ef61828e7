import { describe, expect, it } from '@jest/globals';
import { firstSorted } from '../../../src/domain/shared/select.js';

/** A small seeded generator, so a failure can be replayed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Row {
  key: number;
  id: number;
}

// A total order with many equal keys, ties broken by id, like the contact order.
const order = (x: Row, y: Row) => x.key - y.key || x.id - y.id;

describe('firstSorted', () => {
  it('gives exactly the first k of the full sort, for every k', () => {
    const random = generator(7);
    for (const n of [0, 1, 2, 5, 31, 200]) {
      const rows = Array.from({ length: n }, (_, id) => ({ key: Math.floor(random() * 10), id }));
      const sorted = [...rows].sort(order);
      for (const k of [0, 1, 2, 3, 10, 20, n - 1, n, n + 5]) {
        expect(firstSorted(rows, k, order)).toEqual(sorted.slice(0, Math.max(0, k)));
      }
    }
  });

  it('leaves its input as it was', () => {
    const rows = [3, 1, 2].map((key, id) => ({ key, id }));
    firstSorted(rows, 2, order);
    firstSorted(rows, 5, order);
    expect(rows.map((r) => r.key)).toEqual([3, 1, 2]);
  });
});
