import { describe, expect, it } from '@jest/globals';
import { page, sortedPage, sortItems, type SortKey } from '../../../src/domain/shared/paging.js';
import { Rng } from '../../reliability/random.js';

interface Item {
  id: string;
  name: string | null;
  rank: number | undefined;
}

describe('sortedPage', () => {
  it('answers exactly the page of the full sort, for every skip, limit and direction', () => {
    const rng = new Rng(11);
    const names = ['Ada', 'ada', 'Émile', 'emile', 'Zoë', 'bob', null];
    for (const n of [0, 1, 7, 60]) {
      const items: Item[] = Array.from({ length: n }, (_, i) => ({
        id: `id-${(i * 37) % 101}`,
        name: names[Math.floor(rng.next() * names.length)]!,
        rank: rng.next() < 0.2 ? undefined : Math.floor(rng.next() * 4),
      }));
      for (const direction of ['Ascending', 'Descending'] as const) {
        const keys: SortKey<Item>[] = [
          { value: (i) => i.name, direction },
          { value: (i) => i.rank, direction: 'Descending' },
        ];
        for (const skip of [0, 1, 5, n, n + 3]) {
          for (const limit of [0, 1, 3, 20, 100]) {
            const args = { skip, limit };
            expect(sortedPage(items, keys, args)).toEqual(page(sortItems(items, keys), args));
          }
        }
      }
    }
  });

  it('applies the default limit and refuses a negative skip as the plain page does', () => {
    const items = Array.from({ length: 150 }, (_, i) => ({ id: String(i).padStart(3, '0') }));
    const keys: SortKey<{ id: string }>[] = [{ value: (i) => i.id, direction: 'Descending' }];
    const got = sortedPage(items, keys, {});
    expect(got.limit).toBe(100);
    expect(got.totalModels).toBe(150);
    expect(got.models.map((m) => m.id).slice(0, 2)).toEqual(['149', '148']);
    expect(() => sortedPage(items, keys, { skip: -1 })).toThrow(/skip must not be negative/);
  });
});
