import { describe, expect, it } from '@jest/globals';
import { firstSorted } from '../../../src/domain/shared/select.js';
import { Rng } from '../../reliability/random.js';

/** mulberry32, as the faults use (test/reliability/random.ts): a seeded uniform source, so a failure can be replayed. */
function generator(seed: number): () => number {
  const rng = new Rng(seed);
  return () => rng.next();
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
